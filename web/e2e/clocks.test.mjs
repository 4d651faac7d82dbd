// Match clocks (docs/server.md, Clocks) in Chromium. A real-time match made in the lobby's form on a
// server whose clocks run 60 times as fast (serve --test-clock-scale, tests only): seat 1 lets its
// minute run out and loses on time, as its creator chose. A turn-based match on an ordinary server
// is killed mid-match and started again on its database: both pages come back with the clocks as
// they were and play on. A turn-based match of a day a move on a server whose clock jumps forward
// (serve --test-clock, tests only): 23 hours on the page says an hour is left, a move starts the
// other seat's day, and a day and an hour later that seat loses on time.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  launchBrowser,
  playOneMove,
  recordingPage,
  screenshot,
  Server,
  SHORT_RELATIVITY_DEAL,
  states,
  until,
  WAIT,
} from "./harness.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function open(server, path) {
  const page = await recordingPage(browser);
  await page.goto(server.url + path);
  await page.waitForSelector("svg.board", { timeout: WAIT });
  return page;
}

// A short Relativity deal between `seats` under `clock`, both seats' pages open: seat 0 has moved
// and seat 1's clock runs.
async function afterTheFirstMove(server, seats, clock) {
  const created = await server.api("POST", "/api/matches", {
    game: "relativity",
    params: { coins: SHORT_RELATIVITY_DEAL, coins2: SHORT_RELATIVITY_DEAL },
    seats,
    clock,
  });
  const zero = await open(server, created.seats[0].join_url);
  const one = await open(server, created.seats[1].join_url);
  await playOneMove(zero);
  await until(() => states(one).at(-1)?.clock?.running === 1, "seat 1's clock runs");
  return { zero, one };
}

test("a real-time clock made in the lobby runs out and the seat loses on time", async () => {
  const server = new Server(["--test-clock-scale", "60", "--clock-sweep-ms", "100"]);
  await server.start();
  try {
    const lobby = await recordingPage(browser);
    await lobby.goto(server.url + "/");
    await lobby.selectOption("#game", "relativity");
    await lobby.locator("details summary", { hasText: "Advanced" }).click();
    await lobby.fill('[name="coins"]', SHORT_RELATIVITY_DEAL);
    await lobby.fill('[name="coins2"]', SHORT_RELATIVITY_DEAL);
    await lobby.selectOption("#seat-1", "human");
    await lobby.selectOption("#clock-kind", "real-time");
    await lobby.fill("#clock-minutes", "1");
    await lobby.fill("#clock-increment", "0");
    await lobby.selectOption("#clock-rule", "loss");
    assert.equal(await lobby.locator("#clock-days").isVisible(), false, "days are for turn-based play");
    await lobby.click("button[type=submit]");
    const links = [0, 1].map((seat) => lobby.locator(`a.join-link[data-seat="${seat}"]`));
    await links[0].waitFor({ timeout: WAIT });
    // The form with its time control, and the invites it made.
    await screenshot(lobby, "clocks-lobby-form");
    const hrefs = await Promise.all(links.map((l) => l.getAttribute("href")));
    const pages = [];
    for (const href of hrefs) {
      // The link names the address others reach the server at; the test opens it here.
      const link = new URL(href, server.url);
      pages.push(await open(server, link.pathname + link.search + link.hash));
    }
    const [zero, one] = pages;
    // Before the first move no clock runs; each seat shows its whole minute.
    await zero.locator(".clocks li[data-seat='1']", { hasText: "1:00" }).waitFor({ timeout: WAIT });
    assert.match(
      await zero.locator(".clocks .clock-kind").textContent(),
      /real-time, 1 min; out of time loses/,
    );
    await playOneMove(zero);
    // Seat 1's clock runs (a minute in a second of the test clock) and runs out; the rule applies.
    await one.locator(".result h2").waitFor({ timeout: WAIT });
    const last = states(one).at(-1);
    assert.equal(last.match.status, "finished");
    assert.equal(last.result.ended_by, "time");
    assert.equal(last.result.timed_out, 1);
    assert.deepEqual(last.result.returns, [1, -1]);
    assert.match(last.result.reason, /lost on time/);
    assert.equal(last.clock.remaining_ms[1], 0);
    assert.match(await one.locator(".clocks li[data-seat='1']").textContent(), /0:00 ⚠ out of time/);
    assert.match(await one.locator(".result").textContent(), /lost on time/);
    await screenshot(one, "clocks-lost-on-time");
    const record = await server.api("GET", `/api/matches/${last.match.id}/record`);
    assert.equal(record.moves.length, 1, "the record holds the move played");
    for (const p of [lobby, ...pages]) await p.context().close();
  } finally {
    await server.stop();
  }
});

test("a turn-based match continues after a server restart with its clocks intact", async () => {
  const server = new Server();
  await server.start();
  try {
    const { zero, one } = await afterTheFirstMove(server, [{ kind: "human" }, { kind: "human" }], {
      mode: "turn-based",
      days: 2,
      on_timeout: "computer",
    });
    const line = one.locator(".clocks li[data-seat='1']");
    await until(async () => /1 day 23 h left|2 days left/.test(await line.textContent()), "days left shown");
    assert.match(await line.textContent(), /▶/, "the running clock is marked");
    const before = states(one).at(-1);
    await screenshot(one, "clocks-turn-based");

    await server.kill();
    for (const p of [zero, one]) await p.waitForSelector(".banner.down", { timeout: WAIT });
    const counts = [zero, one].map((p) => states(p).length);
    await server.start();
    for (const [i, p] of [zero, one].entries()) {
      await until(() => states(p).length > counts[i], "a full state after the restart");
      await p.waitForSelector(".banner.up", { timeout: WAIT });
    }
    const after = states(one).at(-1);
    assert.equal(after.seq, before.seq);
    assert.equal(after.clock.running, 1, "the same seat's clock runs");
    assert.ok(after.clock.remaining_ms[1] <= before.clock.remaining_ms[1], "no time came back");
    assert.ok(after.clock.remaining_ms[1] > 47 * 3600_000, "and none was lost but the seconds gone by");
    assert.equal(after.clock.remaining_ms[0], 2 * 86_400_000);
    await playOneMove(one);
    await until(() => states(zero).at(-1).clock.running === 0, "seat 0's turn, its clock running");
    assert.equal(states(zero).at(-1).clock.remaining_ms[1], 2 * 86_400_000, "a move's days start afresh");
    await screenshot(zero, "clocks-turn-based-after-restart");
    for (const p of [zero, one]) await p.context().close();
  } finally {
    await server.stop();
  }
});

test("a turn-based match over days: the test clock jumps, the page says the time left, the rule applies", async () => {
  const server = new Server(["--test-clock", "--clock-sweep-ms", "100"]);
  await server.start();
  const advance = (ms) => server.api("POST", "/api/test-clock", { advance_ms: ms });
  const HOUR = 3_600_000;
  try {
    const { zero, one } = await afterTheFirstMove(
      server,
      [
        { kind: "human", player: "Ana" },
        { kind: "human", player: "Bo" },
      ],
      { mode: "turn-based", days: 1, on_timeout: "loss" },
    );
    const oneLine = one.locator(".clocks li[data-seat='1']");
    await until(async () => /1 day left|23 h 59 min left/.test(await oneLine.textContent()), "a day left");

    // 23 hours later (one request): seat 1 opens its page again and reads an hour left.
    await advance(23 * HOUR);
    await one.reload();
    await one.waitForSelector("svg.board", { timeout: WAIT });
    await until(
      async () => /^(?!.*23 h).*\b(59 min|1 h) left/.test(await oneLine.textContent()),
      "an hour left",
    );
    assert.match(await oneLine.textContent(), /⚠/, "the last quarter of the day is marked low");
    assert.ok(states(one).at(-1).clock.remaining_ms[1] <= HOUR);
    await screenshot(one, "clocks-days-an-hour-left");

    // Seat 1 moves: seat 0's day starts afresh.
    await playOneMove(one);
    await until(() => states(zero).at(-1)?.clock?.running === 0, "seat 0's clock runs");
    // A whole day, less the milliseconds between the move and the state message that reports it.
    const day = states(zero).at(-1).clock.remaining_ms[0];
    assert.ok(day <= 24 * HOUR && day > 24 * HOUR - 60_000, `a move's day starts whole: ${day} ms`);
    const zeroLine = zero.locator(".clocks li[data-seat='0']");
    await until(
      async () => /1 day left|23 h 59 min left/.test(await zeroLine.textContent()),
      "seat 0: a day",
    );
    await screenshot(zero, "clocks-days-seat-0-to-move");

    // More than a day passes without seat 0's move: the sweep applies the rule, seat 0 loses.
    await advance(25 * HOUR);
    await zero.locator(".result h2").waitFor({ timeout: WAIT });
    const last = states(zero).at(-1);
    assert.equal(last.match.status, "finished");
    assert.equal(last.result.ended_by, "time");
    assert.equal(last.result.timed_out, 0);
    assert.deepEqual(last.result.returns, [-1, 1]);
    assert.match(await zero.locator(".result").textContent(), /lost on time/);
    await screenshot(zero, "clocks-days-lost-on-time");
    for (const p of [zero, one]) assert.deepEqual(p.errors ?? [], []);
    for (const p of [zero, one]) await p.context().close();
  } finally {
    await server.stop();
  }
});
