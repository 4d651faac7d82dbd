// The question the match page asks before a move one tap chose, from a known position of the card
// game: a match rebuilt from a seed whose deal is known (harness.mjs, matchFromSeed). With seed 2
// and two seats (the default decks) seat 0 holds @24, whose only legal move is a Shadow Surge: one
// tap on it chooses that move. Undo off: the page asks in the move's words, Cancel sends nothing,
// Confirm sends it. Undo on, against a person: the page still asks (no move of a game with hidden
// information is `undoable`: docs/server.md), and undo takes the move back.
// Relativity, where undo can take moves back, has no one-tap move: its swaps go at their second
// tap without a question, and Undo takes them back.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assertNoConsoleErrors,
  DESKTOP,
  matchFromSeed,
  PHONE,
  screenshot,
  states,
  until,
  visit,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();

/** The seed whose deal gives seat 0 a one-tap move at the start (see the top of this file). */
const SEED = 2;
const CARD = "@24";
const MOVE = "surge @24 none>AGENCY";

/** A two-seat card-game match (`seats`, `undo`) rebuilt from SEED (harness.mjs, matchFromSeed). */
const fromSeed = (seats, undo) =>
  matchFromSeed(env, { game: "conspiracy-tcg", params: { players: 2 }, seats, undo }, SEED);

/** Seat 0's legal moves in the page's last state. */
const legalNow = (page) =>
  states(page)
    .at(-1)
    .views.find((v) => v.seat === 0)?.legal ?? [];

const acks = (page) => page.received.filter((t) => JSON.parse(t).type === "ack").length;

test("the card game asks before a one-tap move when undo is off: the question in words, Cancel and Confirm", async () => {
  const created = await fromSeed([{ kind: "human" }, { kind: "human" }], false);
  const page = await visit(env, created.seats[0].join_url, DESKTOP, "svg.board");
  await until(() => legalNow(page).length > 0, "seat 0's legal moves");
  // The position is the one SEED deals: CARD starts exactly one legal move, MOVE.
  const legal = legalNow(page);
  assert.deepEqual(
    legal.filter((m) => m.places?.[0] === CARD).map((m) => m.move),
    [MOVE],
  );
  const seq = states(page).at(-1).seq;
  const card = states(page)
    .at(-1)
    .views.find((v) => v.seat === 0).observation.cards[CARD.slice(1)];
  const question = `Shadow Surge with ${card.name} (${CARD}): set a new attack mode AGENCY?`;

  // One click on the card asks; nothing is sent.
  await page.locator(`svg.board [data-place="${CARD}"].target`).click();
  assert.equal(await page.locator(".move-buttons .asking").textContent(), question);
  const confirm = page.locator(".move-buttons button.confirm");
  assert.equal(await confirm.textContent(), "Confirm");
  assert.equal(await confirm.getAttribute("data-move"), MOVE);
  assert.equal(await page.locator(".move-buttons button.cancel").textContent(), "Cancel");
  assert.equal(
    await page.locator(`svg.board [data-place="${CARD}"].picked`).count(),
    1,
    "the card stays marked while asked",
  );
  await screenshot(page, "conspiracy-tcg-one-tap-asked");

  // Cancel: the question goes, nothing was sent, the card is lit again.
  await page.locator(".move-buttons button.cancel").click();
  assert.equal(await page.locator(".move-buttons button.confirm").count(), 0);
  assert.equal(await page.locator(".move-buttons .asking").count(), 0);
  assert.equal(await page.locator(`svg.board [data-place="${CARD}"].target`).count(), 1);
  assert.equal(states(page).at(-1).seq, seq, "Cancel sent nothing");
  assert.equal(acks(page), 0);

  // Asked again and confirmed: the move is sent and stored.
  await page.locator(`svg.board [data-place="${CARD}"].target`).click();
  assert.equal(await page.locator(".move-buttons .asking").textContent(), question);
  await page.locator(".move-buttons button.confirm").click();
  await until(() => acks(page) === 1, "the confirmed move's ack");
  await until(() => states(page).at(-1).seq === seq + 1, "the state after the confirmed move");
  assert.equal(await page.locator(".message.bad").count(), 0);
  assert.equal(await page.locator(".move-buttons button.confirm").count(), 0);
  const log = states(page)
    .at(-1)
    .views.find((v) => v.seat === 0)
    .log.join("\n");
  assert.match(log, /AGENCY/, "the log tells the surge");
  await page.context().close();
});

test("with undo on the card game still asks before a one-tap move (it hides information); Confirm, then undo takes it back", async () => {
  // Against a person with undo on, undo could take the surge back once played, but the server does
  // not say so in a game with hidden information (it would work it out from the truth): asked.
  const humans = await fromSeed([{ kind: "human" }, { kind: "human" }], true);
  const page = await visit(env, humans.seats[0].join_url, DESKTOP, "svg.board");
  await until(() => legalNow(page).length > 0, "seat 0's legal moves");
  assert.ok(
    legalNow(page).every((m) => m.undoable === false),
    "no move of a hidden-information game is undoable",
  );
  const seq = states(page).at(-1).seq;
  await page.locator(`svg.board [data-place="${CARD}"].target`).click();
  assert.match(
    await page.locator(".move-buttons .asking").textContent(),
    /^Shadow Surge with .+ \(@24\): set a new attack mode AGENCY\?$/,
  );
  assert.equal(acks(page), 0, "nothing sent before Confirm");
  await page.locator(".move-buttons button.confirm").click();
  await until(() => acks(page) === 1, "the surge's ack");
  await until(() => states(page).at(-1).seq === seq + 1, "the state after the surge");
  // Undo could take it back, and does.
  await page.waitForSelector("button.undo:not([disabled])", { timeout: 10_000 });
  assert.equal(await page.locator("button.undo").textContent(), "Undo my last move");
  await page.locator("button.undo").click();
  await until(() => legalNow(page).some((m) => m.move === MOVE), "the surge is taken back");
  await page.context().close();
});

/**
 * Relativity, the one game without hidden information, is where undo can take a move back; but no
 * tap alone chooses a Relativity swap: every coin starts seven swaps or more (eight partners for
 * either role, less the forbidden reversal; relativity_test, RelativityPicker), so its page never
 * asks. A swap goes out at its second tap, with no question, and Undo takes it back: against a
 * computer (undo on: our swap and the computer's answer) and against a friend (undo on: the server
 * also says every swap is `undoable` there; against a computer it does not, since the game draws
 * in its second round and a computer answers at once: core Match::undoable).
 */
async function swapByTwoTapsThenUndo(seat1) {
  const created = await env.server.api("POST", "/api/matches", {
    game: "relativity",
    seats: [{ kind: "human" }, seat1],
    undo: true,
  });
  const page = await visit(env, created.seats[0].join_url, PHONE, "svg.board");
  await until(() => legalNow(page).length > 0, "seat 0's legal moves");
  const legal = legalNow(page);
  assert.ok(
    legal.every((m) => m.undoable === (seat1.kind === "human")),
    `undoable as the server says it, against ${seat1.kind}`,
  );
  // No place starts a single swap: no tap alone could choose one.
  const starts = new Map();
  for (const m of legal) for (const p of m.places) starts.set(p, (starts.get(p) ?? 0) + 1);
  assert.equal(starts.size, 24, "every coin starts a swap");
  assert.ok(Math.min(...starts.values()) >= 7, `swaps per coin: ${[...starts.values()]}`);
  // Whatever the page shows from here on, a question (Confirm) or a browser dialog is recorded.
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs++;
    d.dismiss();
  });
  await page.evaluate(() => {
    window.askedForTest = 0;
    new MutationObserver(() => {
      if (document.querySelector(".move-buttons button.confirm, .move-buttons .asking"))
        window.askedForTest++;
    }).observe(document.body, { subtree: true, childList: true });
  });
  const seq = states(page).at(-1).seq;
  const first = await page.locator("svg.board [data-place].target").first().getAttribute("data-place");
  await page.locator(`svg.board [data-place="${first}"].target`).tap();
  assert.equal(await page.locator(`svg.board [data-place="${first}"].picked`).count(), 1);
  const partners = await page
    .locator("svg.board [data-place].target")
    .evaluateAll((gs) => gs.map((g) => g.getAttribute("data-place")));
  assert.equal(partners.length, starts.get(first), `${first}: every swap it starts is lit`);
  const second = partners[0];
  await page.locator(`svg.board [data-place="${second}"].target`).tap();
  await until(() => acks(page) === 1, "the swap's ack");
  await until(() => states(page).at(-1).seq > seq, "the state after the swap");
  const swap = [first, second].sort().join("#");
  // The log's first swap is seat 0's (Space moves first; a computer may have answered since).
  const log = states(page).at(-1).views[0].log.join("\n");
  const told = /\(Space\) swaps ([a-f][1-4])#([a-f][1-4])/.exec(log);
  assert.ok(told, `the log tells the swap: ${log}`);
  assert.equal([told[1], told[2]].sort().join("#"), swap, "the two coins tapped");
  assert.equal(await page.evaluate(() => window.askedForTest), 0, "no question was shown");
  assert.equal(dialogs, 0, "no browser dialog");
  assert.equal(await page.locator(".message.bad").count(), 0);
  // Undo takes it back (against a computer, with its answer): seat 0 to move at the start again.
  if (seat1.kind === "computer")
    await until(() => states(page).at(-1).views[0].observation.ply === 2, "the computer's answer");
  await page.waitForSelector("button.undo:not([disabled])", { timeout: 30_000 });
  await page.locator("button.undo").tap();
  await until(() => states(page).at(-1).views[0].observation.ply === 0, "the undo");
  await until(() => legalNow(page).length === legal.length, "seat 0's swaps again");
  assert.equal(states(page).at(-1).views[0].observation.last_swap, null);
  assertNoConsoleErrors(page, `Relativity against ${seat1.kind}`);
  await page.context().close();
}

test("Relativity never asks: a swap goes at its second tap with no question and Undo takes it back (against a computer, undo on)", async () => {
  await swapByTwoTapsThenUndo({ kind: "computer", strength: "easy" });
});

test("Relativity with a friend, undo on: every swap is undoable, sent at its second tap with no question, and taken back", async () => {
  await swapByTwoTapsThenUndo({ kind: "human" });
});
