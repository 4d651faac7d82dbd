// Hints and the post-game analysis (issue 22). A Relativity match created in the lobby with hints
// allowed: the Hint button answers the seat to move with a move (its places ringed on the board)
// and a chance of winning, the hint reaches no other page, and "Play it" plays it. Then a finished
// match's replay: the analysis (refused with 409 before the end) draws the win-chance curve under
// the board as one slider: a click on a point goes to that move's step, the keys step through it,
// and on a phone a tap on the curve goes to the nearest move with no tap target under 44 px.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assertNoConsoleErrors,
  createShortRelativityInLobby,
  PHONE,
  recordingPage,
  screenshot,
  SHORT_RELATIVITY_DEAL,
  smallTapTargets,
  states,
  until,
  visit,
  WAIT,
  waitForTurnOrEnd,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();

test("the Hint button shows and rings the move hard would play, to this seat alone", async () => {
  const page = await recordingPage(env.browser);
  const join = await createShortRelativityInLobby(page, env.server.url, "human", ["#hints"]);
  const href = await join.getAttribute("href");
  const id = href.match(/\/match\/([0-9a-f]+)/)[1];
  const summary = await env.server.api("GET", `/api/matches/${id}`);
  assert.equal(summary.hints, true);
  await join.click();
  assert.equal(await waitForTurnOrEnd(page), "turn");
  const watcher = await env.open(`/match/${id}`);

  const button = page.locator(".hint button.hint-button");
  await button.waitFor({ timeout: WAIT });
  await button.click();
  const text = page.locator(".hint .hint-text");
  await until(async () => /^Hint: /.test((await text.textContent()) ?? ""), "the hint's answer");
  assert.match(await text.textContent(), /your chance of winning about \d+%/);
  const hint = page.received.map((t) => JSON.parse(t)).find((m) => m.type === "hint");
  assert.ok(hint?.move, "the hint message names a move");
  assert.ok(await page.locator("svg.board [data-place].hinted").count(), "the move's places are ringed");
  await screenshot(page, "relativity-hint");
  // Nobody else received it.
  assert.ok(!watcher.received.some((t) => JSON.parse(t).type === "hint"), "no hint reached the watcher");
  // Play it: the move the hint named is the one accepted.
  const seq = states(page).at(-1).seq;
  await page.locator(".hint button.hint-play").click();
  await until(() => states(page).at(-1).seq > seq, "the hinted move played");
  // The watcher's page gets the move on its own socket, in its own time.
  await until(() => (states(watcher).at(-1)?.seq ?? -1) > seq, "the watcher to see the move");
  assert.equal(await page.locator("svg.board [data-place].hinted").count(), 0, "the ring goes with the move");
  assertNoConsoleErrors(page, "the hint");
  await page.context().close();
  await watcher.context().close();
});

test("a finished match's replay draws the win-chance curve and jumps to a move on click", async () => {
  const humans = await env.server.api("POST", "/api/matches", {
    game: "relativity",
    seats: [{ kind: "human" }, { kind: "human" }],
  });
  const early = await fetch(`${env.server.url}/api/matches/${humans.id}/analysis`);
  assert.equal(early.status, 409, "no analysis before the end");
  assert.match((await early.json()).error, /only once the match is finished/);

  const created = await env.server.api("POST", "/api/matches", {
    game: "relativity",
    params: { coins: SHORT_RELATIVITY_DEAL, coins2: SHORT_RELATIVITY_DEAL },
    seats: [
      { kind: "computer", strength: "easy" },
      { kind: "computer", strength: "medium" },
    ],
  });
  await until(
    async () => (await env.server.api("GET", `/api/matches/${created.id}`)).status === "finished",
    "the computers' match to finish",
  );
  const record = await env.server.api("GET", `/api/matches/${created.id}/record`);
  const replay = await env.open(`/replay/${created.id}`);
  await replay.waitForSelector("svg.analysis-curve", { timeout: WAIT });
  const points = replay.locator("svg.analysis-curve g.point");
  assert.equal(await points.count(), record.moves.length, "one point per move");
  const target = Math.min(3, record.moves.length);
  const point = replay.locator(`svg.analysis-curve g.point[data-ply="${target}"]`);
  await point.click();
  assert.match(
    await replay.locator(".step").textContent(),
    new RegExp(`^Step ${target} of ${record.moves.length}`),
  );
  const x = await replay.locator("svg.analysis-curve line.current-step").getAttribute("x1");
  const px = await point.locator("circle.dot").getAttribute("cx");
  assert.equal(Number(x), Number(px), "the current-step line stands on the clicked move");
  const curve = replay.locator("svg.analysis-curve");
  assert.equal(await curve.getAttribute("aria-valuenow"), String(target));
  assert.match(await curve.getAttribute("aria-valuetext"), new RegExp(`^move ${target}, `));
  const n = record.moves.length;
  for (const [key, step] of [
    ["End", n],
    ["ArrowLeft", n - 1],
    ["Home", 0],
    ["ArrowRight", 1],
  ]) {
    await curve.press(key);
    assert.match(await replay.locator(".step").textContent(), new RegExp(`^Step ${step} of ${n}`), key);
    assert.equal(await curve.getAttribute("aria-valuenow"), String(step), key);
  }
  await screenshot(replay, "relativity-replay-analysis");
  assertNoConsoleErrors(replay, "the replay's analysis");
  await replay.context().close();

  // On a phone the whole curve is the tap target: a tap at the last move's point goes there.
  const phone = await visit(env, `/replay/${created.id}`, PHONE, "svg.analysis-curve");
  await phone.locator(`svg.analysis-curve g.point[data-ply="${n}"]`).tap();
  await phone.waitForFunction(
    (n) => new RegExp(`^Step ${n} of ${n}`).test(document.querySelector("p.step")?.textContent ?? ""),
    n,
    { timeout: WAIT },
  );
  assert.deepEqual(await smallTapTargets(phone), [], "the analysed replay's tap targets at phone size");
  await screenshot(phone, "relativity-replay-analysis-phone");
  assertNoConsoleErrors(phone, "the analysed replay at phone size");
  await phone.context().close();
});
