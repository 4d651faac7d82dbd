// What every board shows a person, in Chromium, for each of the five games against computers:
// each seat's last move marked on the board (a frame and the mover's seat shape) and said in words
// under it, until that seat moves again; no two text labels of a board overlapping, at 1280 px and
// at 390 px wide. Screenshots of each board go to build/test-output/screenshots/.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  assertNoConsoleErrors,
  matchAgainstComputers,
  confirmIfAsked,
  DESKTOP,
  FIVE_GAMES,
  overlappingLabels,
  PHONE,
  playOneMove,
  screenshot,
  states,
  until,
  visit,
  waitForTurnOrEnd,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();
const GAMES = FIVE_GAMES;

/** The seats whose last move is marked on the board, and the line under the board. */
async function marks(page) {
  return page.evaluate(() => ({
    seats: [
      ...new Set(
        [...document.querySelectorAll("svg.board .last-mark")].map((m) => m.getAttribute("data-seat")),
      ),
    ],
    words: document.querySelector(".last-moves")?.textContent ?? "",
  }));
}

test("every board marks each seat's last move on the board and says it under the board", async () => {
  for (const g of GAMES) {
    const created = await matchAgainstComputers(env.server, g);
    const page = await visit(env, created.seats[0].join_url, DESKTOP, "svg.board");
    // Move until seat 0 and some computer seat have both moved since the page opened.
    let seen = { seats: [], words: "" };
    for (let i = 0; i < 12; i++) {
      if ((await waitForTurnOrEnd(page)) === "over") break;
      await playOneMove(page);
      const seq = states(page).at(-1).seq;
      // A computer answers (or seat 0 goes on with its turn): the next state arrives.
      await until(
        async () =>
          states(page).at(-1).seq > seq ||
          (await page.locator("svg.board [data-place].target, .move-buttons button.move").count()) > 0,
        `${g.id}: the state after ${seq}`,
      );
      seen = await marks(page);
      if (seen.seats.includes("0") && seen.seats.some((s) => s !== "0")) break;
    }
    assert.ok(seen.seats.includes("0"), `${g.id}: seat 0's move is marked (${JSON.stringify(seen)})`);
    assert.ok(
      seen.seats.some((s) => s !== "0"),
      `${g.id}: a computer's move is marked (${JSON.stringify(seen)})`,
    );
    assert.match(seen.words, /^Last moves — seat 0: (from|to|changed) /, `${g.id}: in words`);
    assert.match(
      seen.words,
      /(seat [1-9]|several seats)[^:]*: (from|to|changed) /,
      `${g.id}: the computer's in words`,
    );
    // Each mark names the seat in its tooltip, so colour is never the only sign.
    const titles = await page.locator("svg.board .last-mark title").allTextContents();
    assert.ok(
      titles.every((t) => /^(seat \d|several seats).*'s last move: (from|to|changed) here$/.test(t)),
      titles.join(" / "),
    );
    await screenshot(page, `${g.id}-last-moves`);
    assertNoConsoleErrors(page, `${g.id} last moves`);
    await page.context().close();
  }
});

test("no two labels on a board overlap, on every board mid-game at 1280 px and at 390 px", async () => {
  const found = [];
  for (const g of GAMES) {
    const created = await matchAgainstComputers(env.server, g);
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ]) {
      const page = await visit(env, created.seats[0].join_url, viewport, "svg.board");
      // Mid-game: on the desktop, three moves of seat 0 (and the computers' answers) first.
      for (let i = 0; i < (size === "desktop" ? 3 : 0); i++) {
        if ((await waitForTurnOrEnd(page)) === "over") break;
        await playOneMove(page);
      }
      await waitForTurnOrEnd(page);
      const overlaps = await overlappingLabels(page);
      if (overlaps.length) found.push(`${g.id} (${size}): ${overlaps.slice(0, 6).join(", ")}`);
      await screenshot(page, `${g.id}-labels-${size}`);
      assertNoConsoleErrors(page, `${g.id} labels (${size})`);
      await page.context().close();
    }
  }
  assert.deepEqual(found, []);
});

/**
 * On a phone: every place of every legal move is drawn on the board and can be reached (inside the
 * board's box once scrolled there), every place lit for a first click is at least TAP px, and the
 * smallest text on the board is at least READABLE px high on the screen.
 */
const READABLE = 8;
async function phoneCheck(page) {
  return page.evaluate(
    ({ tap, readable }) => {
      const problems = [];
      const board = document.querySelector("svg.board");
      const legal = JSON.parse(document.body.dataset.legalForTest ?? "[]");
      for (const m of legal)
        for (const p of m.places ?? []) {
          const g = [...board.querySelectorAll("[data-place]")].find(
            (e) => e.getAttribute("data-place") === p,
          );
          const r = g?.getBoundingClientRect();
          if (!r || r.width <= 0 || r.height <= 0) problems.push(`${m.move}: ${p} is not drawn`);
        }
      for (const g of board.querySelectorAll("[data-place].target")) {
        const r = g.getBoundingClientRect();
        if (Math.min(r.width, r.height) < tap - 0.5)
          problems.push(
            `lit ${g.getAttribute("data-place")} is ${Math.round(Math.min(r.width, r.height))}px`,
          );
      }
      let smallest = Infinity;
      let which = "";
      for (const t of board.querySelectorAll("text")) {
        if (!t.getClientRects().length || getComputedStyle(t).display === "none" || !t.textContent.trim())
          continue;
        const size =
          parseFloat(getComputedStyle(t).fontSize) *
          (board.getBoundingClientRect().width / board.viewBox.baseVal.width);
        if (size < smallest) [smallest, which] = [size, t.textContent.trim()];
      }
      if (smallest < readable) problems.push(`text "${which}" is ${smallest.toFixed(1)}px`);
      return problems;
    },
    { tap: 44, readable: READABLE },
  );
}

test("at 390 px wide every board is readable and every move can be tapped", async () => {
  const found = [];
  for (const g of GAMES) {
    const created = await matchAgainstComputers(env.server, g);
    const page = await visit(env, created.seats[0].join_url, PHONE, "svg.board");
    for (let i = 0; i < 4; i++) {
      if ((await waitForTurnOrEnd(page)) === "over") break;
      const st = states(page).at(-1);
      const legal = st.views.find((v) => v.seat === 0)?.legal ?? [];
      await page.evaluate((l) => (document.body.dataset.legalForTest = JSON.stringify(l)), legal);
      for (const p of await phoneCheck(page)) found.push(`${g.id} move ${i + 1}: ${p}`);
      // Then a move by tapping alone: lit places until one is sent, else a move button.
      const seq = st.seq;
      for (let k = 0; k < 8 && states(page).at(-1).seq === seq; k++) {
        const lit = page.locator("svg.board [data-place].target");
        if ((await lit.count()) === 0) {
          await page.locator(".move-buttons button.move").first().tap();
          break;
        }
        await lit.first().tap();
        if (await confirmIfAsked(page, { tap: true })) break;
        if ((await page.locator("svg.board [data-place].picked").count()) === 0) break;
        const arrows = page.locator("svg.board .board-choice [data-move]");
        if (await arrows.count()) {
          await arrows.first().tap();
          break;
        }
        if ((await page.locator(".move-buttons button.move").count()) && !(await lit.count())) {
          await page.locator(".move-buttons button.move").first().tap();
          break;
        }
      }
      await until(() => states(page).at(-1).seq > seq, `${g.id}: the state after a tapped move`);
      assert.equal(await page.locator(".message.bad").count(), 0, `${g.id}: a tapped move was refused`);
    }
    await screenshot(page, `${g.id}-phone-tapped`);
    assertNoConsoleErrors(page, `${g.id} on a phone`);
    await page.context().close();
  }
  assert.deepEqual(found, []);
});

/**
 * Culture Wars squares no match reaches on demand: two, three and four seats' tokens on one square,
 * with two-digit counts, with and without a coin (a number coin or a settlement). The game's own
 * drawer (src/games/culture-wars.ts, bundled by esbuild) draws them in Chromium with the page's
 * style sheet, at 1280 px and at 390 px.
 */
const CROWDED = {
  game: "culture-wars",
  round: 3,
  phase: "movement",
  order: [0, 1, 2, 3],
  tiles: ["i9", "k9", "i11", "k11"],
  coins: [
    { square: "k10", suit: 2, face: "number", value: 5 },
    { square: "j12", suit: 1, face: "suit", value: null },
    { square: "i9", suit: 3, face: "number", value: 1 },
  ],
  tokens: [
    { i10: 12, j10: 10, k10: 36, j12: 10, i9: 17, l9: 5 },
    { i10: 35, j10: 9, k10: 28, j12: 11, i9: 22, l9: 18, l12: 20 },
    { j10: 24, k10: 19, j12: 30, i9: 14, l12: 7 },
    { j10: 33, k10: 10, j12: 12, i9: 11 },
  ],
  seats: [0, 1, 2, 3].map(() => ({ tokens: 0, coins: [], unseen_coins: 0, settlements: 1 })),
  terminal: false,
  to_move: 0,
};

test("no two labels overlap on Culture Wars squares crowded with two-digit counts of several seats", async () => {
  const { build } = await import("esbuild");
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, "../src/games/culture-wars.ts")],
    bundle: true,
    format: "iife",
    globalName: "cultureWarsDrawer",
    write: false,
  });
  const css = fs.readFileSync(path.join(import.meta.dirname, "../src/style.css"), "utf8");
  const found = [];
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ]) {
    const context = await env.browser.newContext({ viewport, hasTouch: viewport === PHONE });
    const page = await context.newPage();
    await page.setContent(`<!doctype html><style>${css}</style><div class="board-box"></div>`);
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const drawn = await page.evaluate((obs) => {
      const ctx = { viewer: 0, seatNames: ["seat 0", "seat 1", "seat 2", "seat 3"] };
      const board = window.cultureWarsDrawer.cultureWars.board(obs, ctx);
      board.classList.add("board");
      document.querySelector(".board-box").append(board);
      return ["i10", "j10", "k10", "j12", "i9", "l9", "l12"].map(
        (s) => board.querySelector(`[data-place="${s}"]`).querySelectorAll("g.tokens").length,
      );
    }, CROWDED);
    // Every seat's tokens are drawn on its square: two, four, four, four, four, two and two.
    assert.deepEqual(drawn, [2, 4, 4, 4, 4, 2, 2], `${size}: the tokens drawn`);
    const overlaps = await overlappingLabels(page);
    if (overlaps.length) found.push(`${size}: ${overlaps.join(", ")}`);
    await screenshot(page, `culture-wars-crowded-${size}`);
    await context.close();
  }
  assert.deepEqual(found, []);
});
