// The server is killed with SIGKILL mid-match and started again on the same database: both pages
// reconnect by themselves, get a full state with every acknowledged move in place, and play on.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  withServerAndBrowser,
  playOneMove,
  recordingPage,
  screenshot,
  states,
  until,
  WAIT,
} from "./harness.mjs";

const env = withServerAndBrowser();

async function playOn(pages, n) {
  for (let i = 0; i < n; i++) {
    const last = states(pages[0]).at(-1);
    const page = pages.find((p) =>
      states(p)
        .at(-1)
        .views.some((v) => v.seat === last.to_move && v.legal.length),
    );
    assert.ok(page, "a page holds the seat to move");
    await playOneMove(page);
    const seq = states(page).at(-1).seq;
    for (const p of pages) await until(() => states(p).at(-1).seq >= seq, "both pages at the new step");
  }
}

test("SIGKILL mid-match: the pages reconnect and play on with every acknowledged move in place", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "siege",
    params: { players: 2 },
    seats: [{ kind: "human" }, { kind: "human" }],
  });
  const pages = [];
  for (const s of created.seats) {
    const p = await recordingPage(env.browser);
    await p.goto(env.server.url + s.join_url);
    await p.waitForSelector("svg.board", { timeout: WAIT });
    pages.push(p);
  }
  await playOn(pages, 5);
  const acked = pages.flatMap((p) => p.received.map((t) => JSON.parse(t)).filter((m) => m.type === "ack"));
  assert.equal(acked.length, 5, "five moves acknowledged");
  const before = states(pages[0]).at(-1);
  assert.equal(before.seq, Math.max(...acked.map((m) => m.seq)));

  await env.server.kill();
  for (const p of pages) await p.waitForSelector(".banner.down", { timeout: WAIT });
  await screenshot(pages[0], "siege-reconnecting");
  const counts = pages.map((p) => states(p).length);
  await env.server.start();
  for (const [i, p] of pages.entries()) {
    await until(() => states(p).length > counts[i], "a full state after the reconnect");
    await p.waitForSelector(".banner.up", { timeout: WAIT });
  }
  const resumed = states(pages[0]).at(-1);
  assert.equal(resumed.seq, before.seq, "every acknowledged move is in place, nothing more");
  assert.deepEqual(resumed.views[0].observation, before.views[0].observation);
  assert.deepEqual(resumed.views[0].log, before.views[0].log);
  await playOn(pages, 3);
  assert.equal(states(pages[0]).at(-1).seq, before.seq + 3);
  await screenshot(pages[0], "siege-after-restart");
  for (const p of pages) await p.context().close();
});
