// Culture Wars and the card game on a phone (390×844) and a desktop (1280×800), issue 25: pinch zoom
// is not forbidden, the board opens at a zoom where every lit place is at least 44 px and pans in a
// box of its own (the page never scrolls sideways), "Fit the board" fits it again, the side panels
// (seat list, log, every move) fold, the status line shows two lines until "More", the card game's
// other seats fold to their header strips (Show/Hide), a tap on a lit place answers, the card game's
// page is not thousands of px tall. Then the end board as a spectator sees it: what lay face down
// stays face down, each piece named as the public record shows it; the card game's hands face up;
// the card game's replay folds its seats on a phone.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assertNoConsoleErrors,
  assertNoSidewaysScroll,
  DESKTOP,
  PHONE,
  screenshot,
  smallestLitPlace,
  states,
  TAP,
  tapLitPlace,
  until,
  visit,
  WAIT,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();

const open = (path, viewport, waitFor) => visit(env, path, viewport, waitFor);

/** Runs `check(page, last, size)` on the finished match's spectator page at both sizes, where
 * `last` is the final state message; then the common checks and a screenshot `<name>-<size>`. */
async function atTheEnd(created, name, check) {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ]) {
    const page = await open(created.watch_url, viewport, ".result h2");
    await until(() => states(page).some((s) => s.result), "the final state");
    await check(page, states(page).at(-1), size);
    await assertNoSidewaysScroll(page, `${name} (${size})`);
    await screenshot(page, `${name}-${size}`);
    assertNoConsoleErrors(page, `${name} (${size})`);
    await page.context().close();
  }
}

async function finished(game, params, players) {
  const created = await env.server.api("POST", "/api/matches", {
    game,
    params: { players, ...params },
    seats: Array.from({ length: players }, () => ({ kind: "computer", strength: "easy" })),
  });
  const deadline = Date.now() + 4 * WAIT;
  while ((await env.server.api("GET", `/api/matches/${created.id}`)).status !== "finished") {
    if (Date.now() > deadline) throw new Error(`the computers' ${game} match did not finish`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return created;
}

for (const game of ["culture-wars", "conspiracy-tcg"]) {
  test(`${game} on a phone: zoomed to 44 px targets, panned in its box, panels that fold`, async () => {
    const created = await env.server.api("POST", "/api/matches", {
      game,
      params: { players: 2 },
      seats: [{ kind: "human" }, { kind: "computer", strength: "easy" }],
    });
    const page = await open(created.seats[0].join_url, PHONE, "svg.board");
    await page.waitForSelector("svg.board [data-place].target", { timeout: WAIT });
    // Pinch zoom is the browser's own: the page does not forbid it.
    const viewport = await page.locator('meta[name="viewport"]').getAttribute("content");
    assert.doesNotMatch(viewport, /user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?\b/, viewport);
    // Every lit place is a finger's size at the zoom the board opens at.
    const smallest = await smallestLitPlace(page);
    assert.ok(smallest >= TAP - 0.5, `${game}: the smallest lit place is ${smallest}px`);
    await assertNoSidewaysScroll(page, `${game} (phone)`);
    const box = page.locator(".board-box");
    const fits = () =>
      box.evaluate((b) => b.querySelector("svg.board").getBoundingClientRect().width <= b.clientWidth + 1);
    if (game === "culture-wars") {
      // One name per seat: its number and its suit, in the seat list, the status and the log (the
      // engine's letters, "seat A (0)", are not on the page).
      assert.match(await page.locator("ul.seat-list > li").first().textContent(), /seat 0.* — Suns\b/);
      assert.match(await page.locator("ul.seat-list > li").nth(1).textContent(), /seat 1.* — Moons\b/);
      assert.match(await page.locator("p.status").textContent(), /seat 0 · Suns/);
      const text = await page.locator("main").textContent();
      assert.doesNotMatch(text, /seat [A-D] \(\d\)|[A-D] \((Suns|Moons)\)/, "no seat letters");
      // Wider than the screen: the board pans in its box, and "Fit the board" fits it.
      assert.equal(await fits(), false, "the map is zoomed in");
      const panned = await box.evaluate((b) => {
        b.scrollLeft = 60;
        return b.scrollLeft;
      });
      assert.ok(panned > 0, "the board's box scrolls sideways");
      await assertNoSidewaysScroll(page, "culture-wars panned");
      await screenshot(page, `${game}-phone-zoomed`);
      await page.locator("button.zoom", { hasText: "Fit the board" }).click();
      assert.equal(await fits(), true, "fitted");
      assert.ok((await smallestLitPlace(page)) < TAP, "fitted, the squares are small again");
      await page.locator("button.zoom", { hasText: "Zoom the board" }).click();
      assert.ok((await smallestLitPlace(page)) >= TAP - 0.5, "zoomed again");
    } else {
      // The cards are large enough as they are: the board stays fitted, the page short.
      assert.equal(await fits(), true, "the card board fits the screen");
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(height < 3000, `the card game's page is ${height}px tall at phone size`);
    }
    // The side panels fold: the seat list, the log and the list of every move start folded on a
    // phone; the seat list's line says whose turn it is.
    assert.match(
      await page.locator("details.seats-section > summary").textContent(),
      /Seats \(2\) · your turn/,
    );
    for (const panel of ["details.seats-section", "details.log-section", "details.all-moves"]) {
      const details = page.locator(panel);
      if (!(await details.count())) continue;
      assert.equal(await details.evaluate((d) => d.open), false, `${panel} starts folded`);
      await details.locator("> summary").tap();
      assert.equal(await details.evaluate((d) => d.open), true, `${panel} opens`);
      await details.locator("> summary").tap();
    }
    // The status line shows two lines until "More" (a finger's size) is tapped, then all of it.
    const status = page.locator("p.status");
    // Two lines of text are at most 2.6 em (line-height "normal" is about 1.2 em).
    const em = await status.evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
    const folded = (await status.boundingBox()).height;
    assert.ok(folded <= 2.6 * em, `the status line is ${folded}px tall folded (1 em = ${em}px)`);
    if (game === "culture-wars") {
      const more = page.locator("button.status-more");
      assert.ok((await more.boundingBox()).height >= TAP - 0.5, "More is a finger's size");
      await more.tap();
      assert.ok((await status.boundingBox()).height > folded + em, "More shows the whole status");
      assert.equal(await more.textContent(), "Less");
      await more.tap();
      assert.equal((await status.boundingBox()).height, folded, "Less folds it again");
    } else {
      // The other seat's area is folded to its header strip, with a Show button a finger's size
      // that unfolds it (its hidden hand drawn as backs), unless a legal move names one of its
      // cards (a pro move against it): then it is never folded.
      const view = states(page).at(-1).views[0];
      const theirs = new Set(view.observation.seats[1].field.flat().map((a) => `@${a}`));
      if (view.legal.some((m) => (m.places ?? []).some((p) => theirs.has(p)))) {
        assert.equal(
          await page.locator("svg.board g.fold").count(),
          0,
          "a seat a move names is not foldable",
        );
        assert.equal(await page.locator("svg.board text.hand-known").count(), 1, "seat 1's hand is shown");
      } else {
        const fold = page.locator('svg.board g.fold[data-fold="seat-1"]');
        assert.equal(await fold.getAttribute("aria-expanded"), "false");
        const box = await fold.boundingBox();
        assert.ok(
          Math.min(box.width, box.height) >= TAP - 0.5,
          `the Show button is ${box.width}x${box.height}px`,
        );
        assert.equal(
          await page.locator("svg.board text.hand-known").count(),
          0,
          "seat 1's hand is folded away",
        );
        await fold.tap();
        await page.locator('svg.board g.fold[data-fold="seat-1"][aria-expanded="true"]').waitFor();
        assert.equal(await page.locator("svg.board text.hand-known").count(), 1, "seat 1's hand is shown");
        await page.locator('svg.board g.fold[data-fold="seat-1"]').tap();
        await page.locator('svg.board g.fold[data-fold="seat-1"][aria-expanded="false"]').waitFor();
      }
    }
    // A tap on a lit place answers: it is picked, or its move is sent.
    await tapLitPlace(page);
    await assertNoSidewaysScroll(page, `${game} after a tap`);
    await screenshot(page, `${game}-phone-open`);
    assertNoConsoleErrors(page, `${game} (phone)`);
    await page.context().close();

    if (game === "conspiracy-tcg") {
      // A spectator came to watch every seat: on a phone nothing starts folded, each seat can fold.
      const watcher = await open(created.watch_url, PHONE, "svg.board");
      assert.equal(await watcher.locator('svg.board g.fold[aria-expanded="false"]').count(), 0);
      assert.equal(await watcher.locator('svg.board g.fold[aria-expanded="true"]').count(), 2);
      await watcher.context().close();
    }
    // On a desktop the board is fitted as before and nothing is zoomed by itself.
    const desk = await open(created.seats[0].join_url, DESKTOP, "svg.board");
    await desk.waitForSelector("svg.board [data-place].target", { timeout: WAIT });
    assert.equal(await desk.locator(".board-box.zoomed").count(), 0, "not zoomed on a desktop");
    // Nothing starts folded on a desktop: the seat list, the whole status, every seat's cards.
    assert.equal(await desk.locator("details.seats-section").evaluate((d) => d.open), true);
    assert.equal(await desk.locator("button.status-more").isVisible(), false);
    assert.equal(await desk.locator('svg.board g.fold[aria-expanded="false"]').count(), 0);
    await assertNoSidewaysScroll(desk, `${game} (desktop)`);
    await screenshot(desk, `${game}-desktop-open`);
    assertNoConsoleErrors(desk, `${game} (desktop)`);
    await desk.context().close();
  });
}

/** The face-down tiles a view names ("M2 (C3)"), position -> tile ("C3"). */
const namedFaceDown = (tiles) =>
  new Map(
    (tiles ?? [])
      .map((t) => t.split(" "))
      .filter(([, what]) => what.startsWith("("))
      .map(([pos, what]) => [pos, what.slice(1, 3)]),
  );

test("the end board: face-down Conspiracy tiles stay face down, each named as the record shows it", async () => {
  // The deal is random: some matches end with every tile face up. Up to six are played (under a
  // second each) until one ends with a face-down tile, as its spectator's last state shows.
  let created = null;
  for (let attempt = 0; attempt < 6 && !created; attempt++) {
    const candidate = await finished("conspiracy", { max_rounds: 2 }, 3);
    const page = await open(candidate.watch_url, DESKTOP, ".result h2");
    await until(() => states(page).some((s) => s.result), "the final state");
    const tiles = states(page).at(-1).views[0].observation.tiles ?? [];
    if (tiles.some((t) => t.endsWith(" down"))) created = candidate;
    await page.context().close();
  }
  assert.ok(created, "six Conspiracy matches in a row ended without a face-down tile");
  await atTheEnd(created, "conspiracy-end-board", async (page, last) => {
    const spectator = last.views[0].observation;
    // Face down: "M2 down" (nobody public knows it) or "M2 (C3)" (turned up once and down again,
    // so everyone knows it, the spectator too).
    const down = (spectator.tiles ?? []).filter((t) => t.endsWith(" down")).map((t) => t.split(" ")[0]);
    const knownDown = namedFaceDown(spectator.tiles);
    const faceDown = [...down, ...knownDown.keys()];
    // What some seat saw, and the record, which shows every tile, those no seat ever saw too, and
    // agrees with what the seats saw.
    const known = new Map((last.revealed ?? []).flatMap((seen) => [...namedFaceDown(seen.tiles)]));
    const recorded = namedFaceDown(last.record_view?.tiles);
    assert.deepEqual(
      [...recorded.keys()].sort(),
      [...faceDown].sort(),
      "the record names every face-down tile",
    );
    for (const [pos, tile] of known) assert.equal(recorded.get(pos), tile, `${pos} as the seats saw it`);
    for (const [pos, tile] of knownDown) assert.equal(recorded.get(pos), tile, `${pos} as everyone saw it`);
    const named = await page.locator("svg.board text.public-tile").allTextContents();
    const expected = faceDown.map((p) => `(${recorded.get(p)}, face down)`);
    assert.deepEqual(named.sort(), expected.sort(), "each face-down tile is named");
    assert.equal(await page.locator("svg.board text.known-tile").count(), 0, "nothing is 'known to you'");
    assert.ok(down.length > 0, "the match ended with face-down tiles on the board");
    // The spectator's panel names every goal and hand from the record.
    const panel = await page.locator("details.private").textContent();
    assert.doesNotMatch(panel, /goal (secret|not chosen)/, panel);
    // Face down they stay: one tile back per face-down tile.
    assert.equal(
      await page.locator("svg.board g.tile-back:not(:has(> title))").count(),
      faceDown.length,
      "every face-down tile is drawn face down",
    );
  });
});

test("the end board: the card game's hands face up once the record is public", async () => {
  const created = await finished("conspiracy-tcg", { max_plies: 60 }, 2);
  await atTheEnd(created, "conspiracy-tcg-end-board", async (page, last) => {
    const hands = (last.revealed ?? []).map((seen, s) => seen.seats[s].hand.length);
    const nonEmpty = hands.filter((n) => n > 0).length;
    assert.ok(nonEmpty > 0, "some seat ends with cards in hand");
    assert.equal(await page.locator("svg.board text.hand-revealed").count(), nonEmpty);
    assert.equal(await page.locator("svg.board text.hand-known").count(), 0, "no hand left hidden");
  });
});

test("the end board: Culture Wars names every coin, settlements and reserves, from the record", async () => {
  const created = await finished("culture-wars", { max_rounds: 2 }, 2);
  await atTheEnd(created, "culture-wars-end-board", async (page, last) => {
    const record = last.record_view;
    for (const c of record.coins) assert.notEqual(c.value, null, `the record names the coin on ${c.square}`);
    for (const s of record.seats) assert.equal(s.unseen_coins, 0, "no reserve coin left unseen");
    // Each settlement (a coin suit side up) carries its number as a badge; the panel lists reserves.
    const settled = record.coins.filter((c) => c.face === "suit").length;
    assert.equal(await page.locator("svg.board .coin-suit title", { hasText: "(value " }).count(), settled);
    const reserves = await page.locator("details.private li").allTextContents();
    assert.equal(reserves.length, 2);
    for (const r of reserves) assert.match(r, /reserve \d+ tokens, coins /, r);
  });
});

test("the card game's replay on a phone: every seat folds to its header strip, a tap shows it, steps keep it", async () => {
  const created = await finished("conspiracy-tcg", { max_plies: 80 }, 4);
  const heights = {};
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ]) {
    const page = await open(`/replay/${created.id}`, viewport, "svg.board");
    // The last step: the fields are full and the hands face up.
    await page.locator('button[data-step="last"]').click();
    await page.locator(".result:not([hidden])").waitFor();
    const folds = page.locator("svg.board g.fold");
    const count = await folds.count();
    assert.ok(count > 0, "the seats with cards have fold buttons");
    const folded = await page.locator('svg.board g.fold[aria-expanded="false"]').count();
    assert.equal(folded, size === "phone" ? count : 0, `${size}: folded seats`);
    heights[size] = await page.evaluate(() => document.documentElement.scrollHeight);
    if (size === "phone") {
      const fold = folds.first();
      const key = await fold.getAttribute("data-fold");
      await fold.tap();
      await page.locator(`svg.board g.fold[data-fold="${key}"][aria-expanded="true"]`).waitFor();
      // A step back keeps the seat shown (where the seat still has cards to show).
      await page.locator('button[data-step="back"]').tap();
      const after = page.locator(`svg.board g.fold[data-fold="${key}"]`);
      if (await after.count()) assert.equal(await after.getAttribute("aria-expanded"), "true");
      await page.locator('button[data-step="last"]').tap();
      await page.locator(`svg.board g.fold[data-fold="${key}"][aria-expanded="true"]`).waitFor();
      assert.equal(
        await page.locator('svg.board g.fold[aria-expanded="false"]').count(),
        count - 1,
        "the other seats stay folded",
      );
    }
    await assertNoSidewaysScroll(page, `the card game's replay (${size})`);
    await screenshot(page, `conspiracy-tcg-replay-${size}`);
    assertNoConsoleErrors(page, `the card game's replay (${size})`);
    await page.context().close();
  }
  assert.ok(heights.phone < 3000, `the card game's replay is ${heights.phone}px tall at phone size`);
});
