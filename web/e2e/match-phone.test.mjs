// Each of the five games on a phone (390×844, touch) against computers, played by tapping alone:
// a move that one tap would send is asked about first ("…? Confirm / Cancel", in place, never a
// browser dialog): Cancel sends nothing, Confirm sends it; a Culture Wars setup tile move shows
// where the tile lands before it is asked about; mid-game the move prompt is on the screen
// without scrolling, at the top of the page and at its bottom, and "Notation help" sends nobody
// to a file of the source tree. Each game's page height mid-game and where its prompt sits go to
// build/test-output/figures/phone-pages.json (and the log), with a screenshot of each page.
// Then, turn after turn in each game, the page speaks the rulebook's words (none of the engine's
// words a new player met before, no button that reads only notation) and starts each turn with
// nothing picked.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  assertNoConsoleErrors,
  matchAgainstComputers,
  assertNoSidewaysScroll,
  FIVE_GAMES,
  OUT,
  PHONE,
  screenshot,
  states,
  until,
  visit,
  waitForTurnOrEnd,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();
const GAMES = FIVE_GAMES;
/** Seat 0's moves before the page is measured: mid-game, past the first deal. */
const MOVES = 6;

/** Seat 0's legal moves in the page's last state. */
const legalNow = (page) =>
  states(page)
    .at(-1)
    .views.find((v) => v.seat === 0)?.legal ?? [];

/** A lit place one tap on which chooses a move (no other move starts there), with that move. */
function oneTapPlace(legal) {
  const starts = new Map();
  for (const m of legal) {
    const first = m.steps?.[0] ?? 1;
    for (const p of (m.places ?? []).slice(0, first)) starts.set(p, [...(starts.get(p) ?? []), m]);
  }
  for (const [p, moves] of starts) if (moves.length === 1) return { place: p, move: moves[0] };
  return null;
}

/** The question the page asks before a move goes out, or null. */
const asked = async (page) =>
  (await page.locator(".move-buttons button.confirm").count())
    ? await page.locator(".move-buttons .asking").textContent()
    : null;

/**
 * Seat 0's move by tapping alone; where one tap chooses a move (the first time in a game), Cancel is
 * tapped first and must send nothing. Returns what was checked ("one-tap", "preview" or "").
 */
async function tapOneMove(page, g, checked) {
  const seq = states(page).at(-1).seq;
  const legal = legalNow(page);
  let did = "";
  const one = oneTapPlace(legal);
  if (one && !checked.has("one-tap")) {
    await page.locator(`svg.board [data-place="${one.place}"].target`).tap();
    const question = await asked(page);
    assert.ok(question, `${g.id}: a tap on ${one.place} (${one.move.move}) asks before it is sent`);
    assert.match(question, /\?$/, `${g.id}: "${question}" is a question`);
    assert.equal(await page.locator(".move-buttons button.confirm").getAttribute("data-move"), one.move.move);
    await screenshot(page, `${g.id}-phone-asked`);
    await page.locator(".move-buttons button.cancel").tap();
    assert.equal(await page.locator(".move-buttons button.confirm").count(), 0, `${g.id}: cancelled`);
    assert.equal(states(page).at(-1).seq, seq, `${g.id}: Cancel sent nothing`);
    assert.equal(page.received.filter((t) => JSON.parse(t).type === "ack").length, checked.acks);
    did = "one-tap";
  }
  for (let k = 0; k < 8 && states(page).at(-1).seq === seq; k++) {
    if (await asked(page)) {
      if ((await page.locator("svg.board .board-preview").count()) && !checked.has("preview")) {
        assert.match(await asked(page), /tile/i, `${g.id}: the tile move's question`);
        await screenshot(page, `${g.id}-phone-preview`);
        did = "preview";
      }
      await page.locator(".move-buttons button.confirm").tap();
      break;
    }
    const lit = page.locator("svg.board [data-place].target");
    if ((await lit.count()) === 0) {
      await page.locator(".move-buttons button.move").first().tap();
      break;
    }
    // A tile move (its from and to) is tapped in full where one is legal: its preview is checked.
    const tile = legal.find((m) => m.move.startsWith("tile:"));
    const picked = await page.locator("svg.board [data-place].picked").count();
    if (tile && !checked.has("preview"))
      await page.locator(`svg.board [data-place="${tile.places[picked]}"].target`).tap();
    else await lit.first().tap();
    if (await asked(page)) continue;
    if ((await page.locator("svg.board [data-place].picked").count()) === 0) break;
    const arrows = page.locator("svg.board .board-choice [data-move]");
    if (await arrows.count()) {
      await arrows.first().tap();
      break;
    }
  }
  await until(() => states(page).at(-1).seq > seq, `${g.id}: the state after a tapped move`);
  assert.equal(await page.locator(".message.bad").count(), 0, `${g.id}: a tapped move was refused`);
  return did;
}

/** Where the move prompt sits on the screen, at the page's top and scrolled to its bottom. */
async function promptOnScreen(page) {
  return page.evaluate(() => {
    const prompt = document.querySelector(".move-buttons .picking");
    const on = () => {
      const r = prompt.getBoundingClientRect();
      return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
    };
    window.scrollTo(0, 0);
    const atTop = on();
    window.scrollTo(0, document.documentElement.scrollHeight);
    const atBottom = on();
    window.scrollTo(0, 0);
    return {
      height: document.documentElement.scrollHeight,
      viewport: window.innerHeight,
      atTop,
      atBottom,
    };
  });
}

test("on a phone every game asks before a one-tap move and keeps the move prompt on the screen", async () => {
  const figures = {};
  const checkedIn = {};
  for (const g of GAMES) {
    const created = await matchAgainstComputers(env.server, g);
    const page = await visit(env, created.seats[0].join_url, PHONE, "svg.board");
    const checked = new Set();
    let moves = 0;
    for (; moves < MOVES; moves++) {
      if ((await waitForTurnOrEnd(page)) === "over") break;
      checked.acks = page.received.filter((t) => JSON.parse(t).type === "ack").length;
      const did = await tapOneMove(page, g, checked);
      if (did) checked.add(did);
    }
    assert.ok(moves > 0, `${g.id}: seat 0 moved`);
    const state = await waitForTurnOrEnd(page);
    if (state === "turn") {
      await page.waitForSelector(".move-buttons .picking");
      const at = await promptOnScreen(page);
      figures[g.id] = { seat0Moves: moves, ...at };
      for (const [where, r] of [
        ["at the top of the page", at.atTop],
        ["scrolled to its bottom", at.atBottom],
      ])
        assert.ok(
          r.top >= 0 && r.bottom <= at.viewport,
          `${g.id}: the move prompt is off the screen ${where} (${JSON.stringify(r)})`,
        );
    } else figures[g.id] = { seat0Moves: moves, over: true };
    await assertNoSidewaysScroll(page, `${g.id} on a phone`);
    await screenshot(page, `${g.id}-phone-midgame`);
    // "Notation help" speaks to a browser player: no file of the source tree to go and read.
    if (state === "turn") {
      await page.locator(".help-toggle").tap();
      const help = await page.locator("#notation-help").textContent();
      assert.doesNotMatch(help, /docs\/games|\.md\b/, `${g.id}: the notation help`);
    }
    assertNoConsoleErrors(page, `${g.id} on a phone`);
    checkedIn[g.id] = [...checked];
    await page.context().close();
  }
  // Culture Wars' setup moves tiles (a preview) and places coins and tokens by one tap each; a
  // Conspiracy coin or tile with one legal placement is one tap. (The card game's first deploys
  // have several slots each: its one-tap moves come later, when they come at all.)
  assert.ok(checkedIn["culture-wars"].includes("preview"), JSON.stringify(checkedIn));
  assert.ok(checkedIn["culture-wars"].includes("one-tap"), JSON.stringify(checkedIn));
  assert.ok(checkedIn.conspiracy.includes("one-tap"), JSON.stringify(checkedIn));
  const dir = path.join(OUT, "figures");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "phone-pages.json"),
    JSON.stringify({ viewport: PHONE, figures, checked: checkedIn }, null, 2),
  );
  console.log(`phone pages mid-game: ${JSON.stringify(figures)}`);
});

/**
 * What a new player met before the match page spoke the rulebook's words (each a line of the
 * issue that asked for it), as text that must not show on a phone page, mid-game.
 */
const ENGINE_WORDS = [
  [/\bArmy 0\b/, "a Null army read as army number 0"],
  [/moved this turn: nothing/, "nothing moved, said right after a move"],
  [/Selected [^:]{1,20}: \d+ moves? left/, "the number of candidate moves said as moves left"],
  [/Choose a lit place/, "the old prompt"],
  [/seat \d+ — [A-D] \(/, "a seat with three names"],
  [/coins known [A-Z0-9]/, "the reserve in the engine's words"],
  [/docs\/games|\.md\b|in the terminal|deck check/, "a browser player sent to a file or the terminal"],
];

/** The page's visible words that a new player should not meet, and notation-only buttons. */
async function engineWordsOnPage(page) {
  const text = await page.evaluate(() => document.body.innerText);
  const found = ENGINE_WORDS.filter(([re]) => re.test(text)).map(([re, what]) => `${what} (${re})`);
  const notation = await page
    .locator(".move-buttons button.move, details button.move-listed")
    .evaluateAll((bs) =>
      bs.filter((b) => b.textContent.trim() === b.dataset.move).map((b) => b.dataset.move),
    );
  return [...found, ...notation.map((m) => `a button reads only "${m}"`)];
}

test("on a phone a new player meets the rulebook's words, never a selection carried into the next turn", async () => {
  const found = [];
  let turns = 0;
  for (const g of GAMES) {
    const created = await matchAgainstComputers(env.server, g);
    const page = await visit(env, created.seats[0].join_url, PHONE, "svg.board");
    const checked = new Set(["one-tap", "preview"]);
    for (let moves = 0; moves < MOVES + 4; moves++) {
      if ((await waitForTurnOrEnd(page)) === "over") break;
      await page.waitForSelector(".move-buttons .picking, .move-buttons button.move", { timeout: 30_000 });
      turns++;
      // A new turn starts with nothing picked: the last turn's selection is gone.
      const picked = await page.locator("svg.board [data-place].picked").count();
      if (picked) found.push(`${g.id} turn ${moves + 1}: ${picked} place(s) still picked`);
      for (const w of await engineWordsOnPage(page)) found.push(`${g.id} turn ${moves + 1}: ${w}`);
      checked.acks = page.received.filter((t) => JSON.parse(t).type === "ack").length;
      await tapOneMove(page, g, checked);
      // Right after the move, before any answer: the status and log speak words too.
      for (const w of await engineWordsOnPage(page)) found.push(`${g.id} after move ${moves + 1}: ${w}`);
    }
    assertNoConsoleErrors(page, `${g.id} on a phone`);
    await page.context().close();
  }
  assert.ok(turns >= GAMES.length * 3, `${turns} turns looked at`);
  assert.deepEqual(found, []);
});
