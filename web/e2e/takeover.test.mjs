// Takeover: a match created with a takeover timeout; one player leaves, the other hands the left
// seat to the computer once the timeout has passed (not before: the server refuses and says why),
// plays the match to its end, and the result and the record name the takeover.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  playOneMove,
  screenshot,
  SHORT_RELATIVITY_DEAL,
  states,
  until,
  WAIT,
  waitForTurnOrEnd,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();
const TIMEOUT_S = 3;

test("a left seat is handed to the computer after the match's timeout, and the result records it", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "relativity",
    params: { coins: SHORT_RELATIVITY_DEAL, coins2: SHORT_RELATIVITY_DEAL },
    seats: [{ kind: "human" }, { kind: "human" }],
    takeover_after_s: TIMEOUT_S,
  });
  const a = await env.open(created.seats[0].join_url);
  const b = await env.open(created.seats[1].join_url);
  assert.equal(await waitForTurnOrEnd(a), "turn");
  await playOneMove(a); // Space (seat 0) swaps; seat 1 is to move
  await until(() => states(b).at(-1).to_move === 1, "seat 1 to move");

  // Seat 1's player leaves; seat 0's page offers to hand the seat to the computer.
  await b.context().close();
  const hand = a.locator("button.takeover");
  await hand.waitFor({ timeout: WAIT });
  assert.match(await hand.textContent(), /Hand seat 1 to the computer/);
  assert.match(await a.locator(".seat-list").textContent(), /seat 1 — Time \(away\)/);
  // Too early: the server refuses with the reason.
  await hand.click();
  await a.waitForSelector(".message.bad", { timeout: WAIT });
  assert.match(
    await a.locator(".message.bad").textContent(),
    new RegExp(`gone for less than ${TIMEOUT_S} s`),
  );
  const early = states(a).at(-1).seq;
  await new Promise((r) => setTimeout(r, TIMEOUT_S * 1000 + 200));
  assert.equal(states(a).at(-1).seq, early, "nothing changed before the timeout");
  await a.locator("button.takeover").click();
  await until(() => states(a).at(-1).match.seats[1].kind === "computer", "seat 1 handed to the computer");
  await screenshot(a, "takeover");

  // The computer plays seat 1 to the end; seat 0 keeps clicking.
  let mine = 1;
  while ((await waitForTurnOrEnd(a)) === "turn") {
    assert.ok(mine < 300, "the match ends");
    await playOneMove(a);
    mine++;
  }
  const last = states(a).at(-1);
  assert.deepEqual(last.result.takeovers, [{ seat: 1, at_move: 1, strength: "medium" }]);
  assert.match(last.result.reason, /^Game over: .*in trophies/);
  assert.match(
    await a.locator(".result").textContent(),
    /Seat 1 was handed to the computer \(medium\) at move 1\./,
  );
  await screenshot(a, "takeover-result");
  const summary = await env.server.api("GET", `/api/matches/${created.id}`);
  assert.deepEqual(summary.result.takeovers, last.result.takeovers);
  const record = await env.server.api("GET", `/api/matches/${created.id}/record`);
  assert.match(JSON.stringify(record.seats[1]), /human, then greedy from move 2/);
  assert.deepEqual(a.errors ?? [], []);
  await a.context().close();
});
