// Every board at 1280×800 and at phone size (390×844): screenshots, no sideways scrolling, no
// console error on any page (lobby, how to play, match, replay); the favicon is served. Then the end
// of a match as its spectator sees it: the result first, in words and fractions, what stopped the
// game, no move controls; and the replay: the move list follows the current step, shows each step's
// log lines, and its last step names the winner and the reason.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assertNoConsoleErrors,
  assertNoSidewaysScroll,
  DESKTOP,
  PHONE,
  playOneMove,
  screenshot,
  smallestLitPlace,
  smallTapTargets,
  states,
  TAP,
  tapLitPlace,
  until,
  visit as visitPage,
  WAIT,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();
const GAMES = [
  { id: "relativity", players: 2 },
  { id: "siege", players: 4 },
  { id: "culture-wars", players: 2 },
  { id: "conspiracy", players: 3 },
  { id: "conspiracy-tcg", players: 2 },
];

const visit = (path, viewport, waitFor) => visitPage(env, path, viewport, waitFor);

test("the favicon is served as SVG and as ICO", async () => {
  for (const [p, type] of [
    ["/favicon.svg", "image/svg+xml"],
    ["/favicon.ico", "image/x-icon"],
  ]) {
    const r = await fetch(env.server.url + p);
    assert.equal(r.status, 200, p);
    assert.equal(r.headers.get("content-type"), type, p);
  }
});

test("the lobby and how to play, at both sizes, without console errors", async () => {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ]) {
    const lobby = await visit("/", viewport, "form.new-match");
    await lobby.selectOption("#game", "relativity");
    assert.match(await lobby.locator(".params .game-facts").textContent(), /^2 players/, "not 2–2 players");
    assert.equal(
      await lobby.locator("#param-players").getAttribute("readonly"),
      "",
      "2 players, nothing to choose",
    );
    assert.doesNotMatch(await lobby.locator("header.top").textContent(), /Piecepack games/);
    assert.equal(await lobby.locator("a.rules-link").getAttribute("href"), "/rules/relativity");
    await assertNoSidewaysScroll(lobby, `lobby (${size})`);
    if (size === "phone") {
      await lobby.locator("details.rules-box > summary").tap();
      assert.deepEqual(await smallTapTargets(lobby), [], "the lobby's tap targets");
    }
    await screenshot(lobby, `lobby-${size}`);
    assertNoConsoleErrors(lobby, `lobby (${size})`);
    await lobby.context().close();
    for (const g of GAMES) {
      const rules = await visit(`/rules/${g.id}`, viewport, "article.rules");
      // The pictures are the page's positions (the Setup part has one), and no other board.
      const boards = await rules.locator("article.rules svg.board").count();
      assert.ok(boards > 0, g.id);
      assert.equal(await rules.locator("article.rules figure.position svg.board").count(), boards, g.id);
      assert.equal(await rules.locator("article.rules figure.setup").count(), 0, g.id);
      await assertNoSidewaysScroll(rules, `how to play ${g.id} (${size})`);
      if (size === "phone") assert.deepEqual(await smallTapTargets(rules), [], `how to play ${g.id}`);
      if (g.id === "culture-wars" || size === "phone") await screenshot(rules, `rules-${g.id}-${size}`);
      assertNoConsoleErrors(rules, `how to play ${g.id} (${size})`);
      await rules.context().close();
    }
  }
});

test("every board at 1280×800 and 390×844: no sideways scroll, no console error", async () => {
  for (const g of GAMES) {
    const created = await env.server.api("POST", "/api/matches", {
      game: g.id,
      params: { players: g.players },
      seats: [
        { kind: "human" },
        ...Array.from({ length: g.players - 1 }, () => ({ kind: "computer", strength: "easy" })),
      ],
    });
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ]) {
      const page = await visit(created.seats[0].join_url, viewport, "svg.board");
      await page.waitForFunction(
        () => document.querySelector("svg.board [data-place].target, .move-buttons button.move"),
        null,
        { timeout: WAIT },
      );
      await assertNoSidewaysScroll(page, `${g.id} (${size})`);
      // The match page links how to play this game.
      assert.equal(await page.locator("a.rules-link").getAttribute("href"), `/rules/${g.id}`);
      if (size === "phone") {
        // Lit places answer a tap: at the zoom the board opens at, every one is at least 44 px.
        const lit = page.locator("svg.board [data-place].target");
        if (await lit.count()) {
          const smallest = await smallestLitPlace(page);
          assert.ok(smallest >= TAP - 0.5, `${g.id}: the smallest lit place is ${smallest}px`);
          const box = await lit.first().boundingBox();
          // A tap on a lit place answers: it is picked, or its move is sent.
          await tapLitPlace(page);
          assert.ok(box, `${g.id}: a lit place has a box`);
        }
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        assert.ok(height < 5000, `${g.id}: the page is ${height}px tall at phone size`);
        assert.deepEqual(await smallTapTargets(page), [], `${g.id}: the page's tap targets`);
      }
      await screenshot(page, `${g.id}-${size}`);
      assertNoConsoleErrors(page, `${g.id} (${size})`);
      await page.context().close();
    }
  }
});

test("the end as a spectator sees it, then the replay", async () => {
  // Computers only: the match plays itself to the end (Siege, four seats; the engine's ply cap
  // keeps it short, and the reason then says so).
  const created = await env.server.api("POST", "/api/matches", {
    game: "siege",
    params: { players: 4, max_plies: 400 },
    seats: Array.from({ length: 4 }, () => ({ kind: "computer", strength: "easy" })),
  });
  const deadline = Date.now() + 4 * WAIT;
  for (;;) {
    const m = await env.server.api("GET", `/api/matches/${created.id}`);
    if (m.status === "finished") break;
    if (Date.now() > deadline) throw new Error("the computers' match did not finish");
    await new Promise((r) => setTimeout(r, 250));
  }
  const summary = await env.server.api("GET", `/api/matches/${created.id}`);
  const phone = await visit(created.watch_url, PHONE, ".result h2");
  await until(() => states(phone).some((s) => s.result), "the final state");
  // The result is the first thing on the page, under the header.
  const resultTop = await phone.locator(".result").evaluate((e) => e.getBoundingClientRect().top);
  assert.ok(resultTop < 200, `the result starts ${resultTop}px below the top`);
  const text = await phone.locator(".result").textContent();
  assert.doesNotMatch(text, /\d\.\d{4}/, "no long decimals");
  assert.match(text, /seat 0[^:]*: (won|lost|drew|neither won nor lost) \((\+|−)?\d+(\/\d+)?\)/);
  assert.equal(await phone.locator(".result .reason").textContent(), summary.result.reason);
  assert.ok(summary.result.reason.length > 0, "the server says what ended the game");
  assert.equal(await phone.locator(".controls:visible").count(), 0, "no move controls after the end");
  assert.doesNotMatch(await phone.locator("body").textContent(), /Not your turn|Move accepted/);
  // Log lines are numbered by the move that wrote them: the last line by the last move (400 at
  // the cap; fewer in the rare game random seats win first).
  const last = states(phone).at(-1);
  const plies = last.views[0].log_plies;
  const ply = last.views[0].observation.ply;
  assert.ok(ply > 0 && ply <= 400, `the final ply ${ply}`);
  assert.equal(plies.length, last.views[0].log.length);
  assert.equal(plies.at(-1), ply);
  await phone.locator("details.log-section > summary").click();
  assert.equal(await phone.locator("ol.log > li").last().getAttribute("value"), String(ply));
  // At the end the record is public: the state carries what each seat saw.
  assert.equal(last.revealed?.length, 4, "revealed: one view per seat");
  // And what no seat saw: the record names every Army, in the stacks and on the board.
  assert.ok(
    last.record_view.stacks.every((st) => !st.includes("?")),
    `the record's stacks: ${last.record_view.stacks}`,
  );
  assert.doesNotMatch(last.record_view.board, /\?/, "the record's board");
  assert.doesNotMatch(await phone.locator(".private .stacks ul").textContent(), /\?/);
  await assertNoSidewaysScroll(phone, "the end at phone size");
  await screenshot(phone, "siege-end-phone");
  assertNoConsoleErrors(phone, "the end");
  await phone.context().close();

  const replay = await visit(`/replay/${created.id}`, DESKTOP, "svg.board");
  await replay.locator('[data-step="last"]').click();
  const current = replay.locator("ol.replay-log > li.current");
  await current.waitFor({ timeout: WAIT });
  // The current step is scrolled into the list's view.
  const inView = await current.evaluate((li) => {
    const box = li.closest(".log-box").getBoundingClientRect();
    const r = li.getBoundingClientRect();
    return r.top >= box.top - 1 && r.top <= box.bottom;
  });
  assert.ok(inView, "the last step is scrolled into view");
  assert.ok(
    (await replay.locator("ol.replay-log .step-log li").count()) > 0,
    "the steps' log lines are shown",
  );
  assert.equal(await replay.locator(".result .reason").textContent(), summary.result.reason);
  assert.match(await replay.locator(".result .winner").textContent(), /Winner|No winner/);
  await screenshot(replay, "siege-replay-end");
  assertNoConsoleErrors(replay, "the replay");
  await replay.context().close();
  // On a phone the step buttons stay on the screen, under a board of any height, and answer a tap.
  const small = await visit(`/replay/${created.id}`, PHONE, "svg.board");
  const bar = small.locator(".replay-controls");
  const box = await bar.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height + 1, `the step buttons at ${box.y}px`);
  await small.locator('[data-step="forward"]').tap();
  await small.waitForFunction(
    () => /^Step 1 of/.test(document.querySelector("p.step")?.textContent ?? ""),
    null,
    {
      timeout: WAIT,
    },
  );
  assert.deepEqual(await smallTapTargets(small), [], "the replay's tap targets at phone size");
  await assertNoSidewaysScroll(small, "the replay at phone size");
  await screenshot(small, "siege-replay-phone");
  assertNoConsoleErrors(small, "the replay at phone size");
  await small.context().close();
});

test("a finished Conspiracy match shows its spectator every seat's goal", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "conspiracy",
    params: { players: 3, max_rounds: 2 },
    seats: Array.from({ length: 3 }, () => ({ kind: "computer", strength: "easy" })),
  });
  const page = await visit(created.watch_url, DESKTOP, ".result h2");
  const goals = await page.locator(".private li").allTextContents();
  assert.equal(goals.length, 3);
  for (const g of goals) assert.match(g, /goal [SMCA][0-5],/, `revealed: ${g}`);
  assert.doesNotMatch(await page.locator(".status").textContent(), /_/, "phase names in words");
  await screenshot(page, "conspiracy-end-spectator");
  assertNoConsoleErrors(page, "Conspiracy's end");
  await page.context().close();
});

test("an undo says so", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "relativity",
    params: { players: 2 },
    undo: true,
    seats: [{ kind: "human" }, { kind: "computer", strength: "easy" }],
  });
  const page = await visit(created.seats[0].join_url, DESKTOP, "svg.board");
  await page.waitForSelector("svg.board [data-place].target", { timeout: WAIT });
  await playOneMove(page);
  const undo = page.locator("button.undo:not([disabled])");
  await undo.waitFor({ timeout: WAIT });
  await undo.click();
  // The answer comes as one message: "Undone: …", or "Undo refused: <reason>", which fails at once
  // with the reason (a computer's move crossing the undo is re-sent by the page, not refused).
  const message = page.locator(".message");
  await page.waitForFunction(
    () => /^(Undone|Undo refused)/.test(document.querySelector(".message")?.textContent ?? ""),
    null,
    { timeout: WAIT },
  );
  assert.match(await message.textContent(), /^Undone: now at step \d+\.$/);
  await page.context().close();
});
