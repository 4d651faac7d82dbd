// Table talk, resign and abandon (docs/server.md): two players in two browser contexts and a
// spectator. They chat (a line with control characters arrives cleaned, the spectator reads but has
// no box shown, a muted seat's lines disappear for the one who muted it, and no line is in the record);
// one resigns after a confirmation and the other wins; the creator of a second match abandons it
// before its first move and it leaves the running list.
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

const chats = (page) =>
  page.received
    .map((t) => JSON.parse(t))
    .filter((m) => m.type === "chat")
    .flatMap((m) => m.lines);

async function say(page, text) {
  await page.locator(".chat-form input").fill(text);
  await page.locator(".chat-form button").click();
}

test("two players talk, one resigns, and the talk stays out of the record", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "relativity",
    params: { coins: SHORT_RELATIVITY_DEAL, coins2: SHORT_RELATIVITY_DEAL },
    seats: [{ kind: "human" }, { kind: "human" }],
  });
  const a = await env.open(created.seats[0].join_url);
  const b = await env.open(created.seats[1].join_url);
  const watcher = await env.open(created.watch_url);
  assert.ok(await watcher.locator(".chat-form").isHidden(), "a spectator has no chat box");
  assert.match(await watcher.locator(".chat").textContent(), /Spectators read/);

  await say(a, "good luck\u0007\u001b[2J have fun");
  for (const page of [a, b, watcher])
    await page.locator(".chat-line", { hasText: "good luck[2J have fun" }).waitFor({ timeout: WAIT });
  const controls = (text) => [...text].some((c) => c.charCodeAt(0) < 0x20);
  assert.ok(!chats(b).some((l) => controls(l.text)), "no control character arrives");
  await say(b, "thanks, you too");
  await a.locator(".chat-line", { hasText: "thanks, you too" }).waitFor({ timeout: WAIT });
  await screenshot(a, "talk-chat");

  // The spectator mutes seat 1: its lines are hidden there only.
  await watcher.locator(".chat-mute", { hasText: "seat 1" }).click();
  await until(async () => (await watcher.locator(".chat-line").count()) === 1, "seat 1 muted");
  assert.equal(await a.locator(".chat-line").count(), 2);
  await screenshot(watcher, "talk-muted");

  // Seat 0 moves; seat 1 resigns after confirming.
  assert.equal(await waitForTurnOrEnd(a), "turn");
  await playOneMove(a);
  await until(() => states(b).at(-1).to_move === 1, "seat 1 to move");
  b.once("dialog", (d) => d.accept());
  await b.locator("button.resign").click();
  await until(() => states(a).at(-1).match.status === "finished", "the match finished");
  const last = states(a).at(-1);
  assert.equal(last.result.resigned, 1);
  assert.deepEqual(last.result.returns, [1, -1]);
  await a.locator(".result", { hasText: "resigned" }).waitFor({ timeout: WAIT });
  assert.ok(await a.locator("button.resign").isHidden());
  await screenshot(a, "talk-resigned");
  const record = await env.server.api("GET", `/api/matches/${created.id}/record`);
  assert.equal(record.resigned.seat, 1);
  assert.doesNotMatch(JSON.stringify(record), /good luck|thanks, you too/);
  for (const page of [a, b, watcher]) assert.deepEqual(page.errors ?? [], []);
  for (const page of [a, b, watcher]) await page.context().close();
});

test("the creator abandons a match before its first move and it leaves the running list", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "relativity",
    seats: [{ kind: "human" }, { kind: "human" }],
  });
  const a = await env.open(created.seats[0].join_url);
  const b = await env.open(created.seats[1].join_url);
  assert.ok(await b.locator("button.abandon").isHidden(), "only the creator may abandon");
  // Dismissed: nothing happens.
  a.once("dialog", (d) => d.dismiss());
  await a.locator("button.abandon").click();
  assert.equal((await env.server.api("GET", `/api/matches/${created.id}`)).status, "running");
  a.once("dialog", (d) => d.accept());
  await a.locator("button.abandon").click();
  await until(() => states(b).at(-1).match.status === "abandoned", "abandoned");
  await b.locator(".result", { hasText: "abandoned (by its creator" }).waitFor({ timeout: WAIT });
  await screenshot(b, "talk-abandoned");
  const running = await env.server.api("GET", "/api/matches?status=running");
  assert.ok(!running.some((m) => m.id === created.id));
  const abandoned = await env.server.api("GET", "/api/matches?status=abandoned");
  assert.ok(abandoned.some((m) => m.id === created.id));
  for (const page of [a, b]) assert.deepEqual(page.errors ?? [], []);
  for (const page of [a, b]) await page.context().close();
});
