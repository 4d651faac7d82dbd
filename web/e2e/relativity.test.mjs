// A Relativity match against the computer, created in the lobby and played to its real end (ten
// trophies or six for one seat, not a ply cap) by clicking (the first move by keyboard), then its
// replay and record. The deal is fixed through the engine parameters `coins` and `coins2`: every
// rank's coins stand three in a row with the fourth one swap away, so molecules come quickly and
// the match is short.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  withServerAndBrowser,
  createShortRelativityInLobby,
  playOneMove,
  recordingPage,
  assertNoConsoleErrors,
  screenshot,
  states,
  until,
  WAIT,
  waitForTurnOrEnd,
} from "./harness.mjs";

const env = withServerAndBrowser();
/** A generous bound: the match ends long before (random against greedy: 7 to 57 plies). */
const MAX_MOVES = 300;

test("create a Relativity match against the computer in the lobby and play it to the end by clicking", async () => {
  const page = await recordingPage(env.browser);
  const join = await createShortRelativityInLobby(page, env.server.url, "computer:medium", ["#undo"]);
  await join.click();
  await page.waitForSelector("svg.board [data-place]", { timeout: WAIT });

  // The notation box: an illegal swap is refused with the game's reason, and nothing changes.
  const seqBefore = states(page).at(-1).seq;
  await page.fill("#notation", "a1#c3");
  await page.press("#notation", "Enter");
  await page.waitForSelector(".message.bad", { timeout: WAIT });
  assert.match(await page.locator(".message.bad").textContent(), /refused: .+/);
  assert.equal(states(page).at(-1).seq, seqBefore);
  await page.click(".help-toggle");
  assert.match(await page.locator("#notation-help").textContent(), /Legal now: /);

  // The first move by keyboard: focus a lit place, Enter, then the next lit place, Enter (a move
  // button when the server sends no places).
  assert.equal(await waitForTurnOrEnd(page), "turn");
  // The tab says whose turn it is: its title and a badge on its icon (turn-notice.ts).
  assert.match(await page.title(), /^Your turn — Tabletop — Relativity /);
  assert.equal(
    await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href"),
    "/favicon-turn.svg",
  );
  if (await page.locator("svg.board [data-place].target").count()) {
    await page.locator("svg.board [data-place].target").first().focus();
    await page.keyboard.press("Enter");
    assert.equal(await page.locator("svg.board [data-place].picked").count(), 1);
    await page.locator("svg.board [data-place].target").first().focus();
  } else {
    await page.locator(".move-buttons button.move").first().focus();
  }
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelector(".message.ok"), null, { timeout: WAIT });

  // Undo takes back our move and the computer's reply.
  assert.equal(await waitForTurnOrEnd(page), "turn");
  assert.equal(states(page).at(-1).views[0].observation.ply, 2);
  const undo = page.locator("button.undo");
  await page.waitForFunction(() => !document.querySelector("button.undo")?.disabled, null, { timeout: WAIT });
  await undo.click();
  await until(() => states(page).at(-1).views[0].observation.ply === 0, "the undo");
  await page.waitForFunction(() => document.querySelector("button.undo")?.disabled, null, { timeout: WAIT });

  // Neither the record nor the replay is public before the end.
  const id = states(page).at(-1).match.id;
  for (const route of ["record", "replay"]) {
    const r = await fetch(`${env.server.url}/api/matches/${id}/${route}`);
    assert.equal(r.status, 403, `${route} before the end`);
  }

  let mine = 0;
  while ((await waitForTurnOrEnd(page)) === "turn") {
    assert.ok(mine < MAX_MOVES, `the match ends within ${MAX_MOVES} moves of ours`);
    await playOneMove(page);
    mine++;
    if (mine === 2) await screenshot(page, "relativity");
  }
  const result = await page.locator(".result").textContent();
  assert.match(result, /Result/);
  assert.doesNotMatch(await page.title(), /Your turn/);
  await screenshot(page, "relativity-result");
  const last = states(page).at(-1);
  assert.ok(last.result, "the last state carries the result");
  assert.ok(last.result.reason.length > 0, "the result names its reason");
  assert.ok(mine >= 2, `played ${mine} moves by clicking`);
  // The real end: ten trophies, or six for one seat; the result panel says so with its reason.
  assert.match(last.result.reason, /^Game over: .*in trophies/);
  assert.doesNotMatch(last.result.reason, /ply cap/);
  assert.equal(await page.locator(".result .reason").textContent(), last.result.reason);
  const trophies = last.views[0].observation.trophies.map((t) => t.count);
  assert.ok(
    trophies.some((c) => c >= 6) || trophies[0] + trophies[1] === 10,
    `trophies at the end: ${trophies}`,
  );
  assert.match(await page.locator(".result .winner").textContent(), /Winner: seat \d/);
  // Every move of ours was acknowledged: the typed illegal swap was the only reject.
  assert.equal(page.received.filter((t) => JSON.parse(t).type === "reject").length, 1);

  // The record of the finished match, and its replay step by step.
  const record = await env.server.api("GET", `/api/matches/${id}/record`);
  assert.equal(record.game, "relativity");
  const n = record.moves.length;
  assert.ok(n >= 2 * mine - 1, `${n} moves in the record`);
  await page.click("a.replay-link");
  await page.waitForSelector("#replay-step", { timeout: WAIT });
  const step = page.locator(".step");
  await page.waitForFunction(() => document.querySelector(".step")?.textContent?.startsWith("Step 0"), null, {
    timeout: WAIT,
  });
  await page.click('button[data-step="forward"]');
  assert.match(await step.textContent(), new RegExp(`^Step 1 of ${n}: ${record.moves[0]}`));
  await page.click('button[data-step="last"]');
  assert.match(await step.textContent(), new RegExp(`^Step ${n} of ${n}`));
  await page.keyboard.press("ArrowLeft");
  assert.match(await step.textContent(), new RegExp(`^Step ${n - 1} of ${n}`));
  await screenshot(page, "relativity-replay");
  assert.deepEqual(page.errors ?? [], []);
  assertNoConsoleErrors(page, "Relativity's lobby, match and replay");
});
