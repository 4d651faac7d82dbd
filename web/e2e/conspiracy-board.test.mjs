// Conspiracy's attacks and payments are places on the board: the attacking coin of the hand, the
// coin paid, then the seat paid, clicked in that order, as the other boards' moves are; the text
// buttons are only the folded fallback list. Seat 0 plays (by notation while no attack is legal,
// preferring to put coins on the board) until an attack is legal, then clicks one through.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertNoConsoleErrors, screenshot, states, until, WAIT, withServerAndBrowser } from "./harness.mjs";

const env = withServerAndBrowser();

/** A three-player Conspiracy match, seat 0 this page's, two easy computers; `mine` is seat 0's turn (state and view) or null. */
async function openAgainstTwoComputers() {
  const created = await env.server.api("POST", "/api/matches", {
    game: "conspiracy",
    params: { players: 3 },
    seats: [
      { kind: "human" },
      { kind: "computer", strength: "easy" },
      { kind: "computer", strength: "easy" },
    ],
  });
  const page = await env.open(created.seats[0].join_url);
  const mine = () => {
    const s = states(page).at(-1);
    const v = s?.views.find((v) => v.seat === 0);
    return s && !s.result && s.to_move === 0 && v?.legal.length ? { s, v } : null;
  };
  return { page, mine };
}

test("Conspiracy: an attack clicked on the board (attacker, coin paid, seat paid)", async () => {
  const { page, mine } = await openAgainstTwoComputers();
  const rank = (m) =>
    /^attack /.test(m)
      ? 0
      : /^place /.test(m)
        ? 1
        : /^[a-f]\d+ /.test(m)
          ? 2
          : /^tile /.test(m)
            ? 3
            : /^(end|save|pass)/.test(m)
              ? 9
              : 5;
  let attack = null;
  for (let i = 0; i < 300 && !attack; i++) {
    await until(() => mine() || states(page).at(-1)?.result, "seat 0's turn");
    const now = mine();
    if (!now) break;
    const legal = now.v.legal;
    attack = legal.find((m) => m.move.startsWith("attack "));
    if (attack) break;
    const pick = [...legal].sort((a, b) => rank(a.move) - rank(b.move))[0];
    await page.fill("#notation", pick.move);
    await page.press("#notation", "Enter");
    await until(() => states(page).at(-1).seq > now.s.seq, `the state after ${pick.move}`);
  }
  assert.ok(attack, "an attack became legal for seat 0");
  // The attack is not among the buttons shown at first: it is on the board (and in the fallback list).
  await page.waitForSelector("svg.board [data-place].target", { timeout: WAIT });
  assert.equal(await page.locator(`.move-buttons > button.move[data-move="${attack.move}"]`).count(), 0);
  assert.equal(await page.locator(`details.all-moves button[data-move="${attack.move}"]`).count(), 1);
  assert.deepEqual(attack.places.length, 3);
  assert.match(attack.places[0], /^hand-/);
  assert.match(attack.places[1], /^hand-/);
  assert.match(attack.places[2], /^seat-\d$/);
  const seq = states(page).at(-1).seq;
  for (const p of attack.places) {
    const target = page.locator(`svg.board [data-place="${p}"].target`);
    await target.waitFor({ timeout: WAIT });
    await target.click();
  }
  await until(() => states(page).at(-1).seq > seq, "the state after the attack");
  assert.equal(await page.locator(".message.bad").count(), 0, "the server accepted the attack");
  assert.match(
    (await page.locator(".message").textContent()) ?? "",
    /Move accepted/,
    `the attack ${attack.move} was played`,
  );
  await screenshot(page, "conspiracy-attack");
  assertNoConsoleErrors(page, "the Conspiracy match page");
  await page.context().close();
});

test("Conspiracy: a placed coin's direction is chosen by the arrows drawn around it", async () => {
  const { page, mine } = await openAgainstTwoComputers();
  const direction = /^([a-f]\d+) (n|ne|e|se|s|sw|w|nw)$/;
  let square = null;
  for (let i = 0; i < 200 && !square; i++) {
    await until(() => mine() || states(page).at(-1)?.result, "seat 0's turn");
    const now = mine();
    if (!now) break;
    const dirs = now.v.legal.map((m) => direction.exec(m.move)).filter(Boolean);
    const counts = new Map();
    for (const d of dirs) counts.set(d[1], (counts.get(d[1]) ?? 0) + 1);
    square = [...counts].find(([, n]) => n > 1)?.[0] ?? null;
    if (square) break;
    // Otherwise put a coin on the board (a placement asks for a square and a direction next).
    const pick =
      now.v.legal.find((m) => m.move.startsWith("place ")) ??
      now.v.legal.find((m) => m.move.startsWith("tile ")) ??
      now.v.legal.find((m) => /^(end|save|pass)/.test(m.move)) ??
      now.v.legal[0];
    await page.fill("#notation", pick.move);
    await page.press("#notation", "Enter");
    await until(() => states(page).at(-1).seq > now.s.seq, `the state after ${pick.move}`);
  }
  assert.ok(square, "a coin's direction became seat 0's choice");
  const legal = mine().v.legal.filter((m) => m.move.startsWith(`${square} `));
  await page.locator(`svg.board [data-place="${square}"].target`).click();
  const arrows = page.locator("svg.board .board-choice .direction[data-move]");
  await arrows.first().waitFor({ timeout: WAIT });
  assert.deepEqual(
    (await arrows.evaluateAll((as) => as.map((a) => a.getAttribute("data-move")))).sort(),
    legal.map((m) => m.move).sort(),
    "one arrow for each legal direction",
  );
  await screenshot(page, "conspiracy-direction-arrows");
  const chosen = await arrows.last().getAttribute("data-move");
  const seq = states(page).at(-1).seq;
  await arrows.last().click();
  await until(() => states(page).at(-1).seq > seq, `the state after ${chosen}`);
  assert.equal(await page.locator(".message.bad").count(), 0, "the server accepted the direction");
  assert.ok(
    states(page)
      .at(-1)
      .views[0].log.some((l) => l.includes(square)),
    "the log tells of the coin",
  );
  assertNoConsoleErrors(page, "the Conspiracy direction arrows");
  await page.context().close();
});
