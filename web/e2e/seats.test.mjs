// Seat names and what spectators have of the table talk (docs/server.md, "Seat names" and "Table
// talk"): two players in two browser contexts name their seats (one from the lobby's form, one on
// the match page; a name with control characters arrives cleaned, one passing for a computer is
// refused on the page), every page shows "seat N · name" and the chat lines name the person, the
// record names nobody; a spectator has exactly what the creator chose ("apart": a talk of their
// own that the players never receive; "none": nothing). Screenshots at desktop and phone width.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PHONE, recordingPage, screenshot, states, until, WAIT, withServerAndBrowser } from "./harness.mjs";

const env = withServerAndBrowser();

const chatTexts = (page) =>
  page.received
    .map((t) => JSON.parse(t))
    .filter((m) => m.type === "chat")
    .flatMap((m) => m.lines.map((l) => l.text));

async function say(page, text) {
  await page.locator(".chat-form input").fill(text);
  await page.locator(".chat-form button").click();
}

test("two players name their seats and a spectator talks apart, as the creator chose", async () => {
  // The creator's form: a name and spectators talking among themselves.
  const lobby = await recordingPage(env.browser);
  await lobby.goto(env.server.url + "/");
  await lobby.selectOption("#game", "relativity");
  await lobby.selectOption("#seat-1", "human");
  await lobby.fill("#player-name", "Ana");
  await lobby.selectOption("#spectator-chat", "apart");
  await lobby.click("button[type=submit]");
  const link = async (n) => {
    const join = lobby.locator(`a.join-link[data-seat="${n}"]`);
    await join.waitFor({ timeout: WAIT });
    const u = new URL(await join.getAttribute("href"), env.server.url);
    return u.pathname + u.search + u.hash;
  };
  const [zero, one] = [await link(0), await link(1)];
  const id = zero.split("?")[0].split("/").at(-1);
  await lobby.context().close();

  const a = await env.open(zero);
  const b = await env.open(one, {
    viewport: PHONE,
    hasTouch: true,
  });
  const watcher = await env.open(`/match/${id}`);
  const stands = await env.open(`/match/${id}`, { viewport: PHONE, hasTouch: true });
  assert.equal(states(a).at(-1).match.spectator_chat, "apart");
  await a.locator("aside", { hasText: "seat 0 · Ana" }).first().waitFor({ timeout: WAIT });

  // Seat 1 names itself on the page: control characters are removed; a computer's name is refused.
  await b.locator(".seat-name input").fill("Computer (hard)");
  await b.locator(".seat-name button").click();
  await b.locator("text=Name refused").waitFor({ timeout: WAIT });
  await b.locator(".seat-name input").fill("Bo\u0007\u001b[2J");
  await b.locator(".seat-name button").click();
  for (const page of [a, b, watcher, stands])
    await until(() => states(page).at(-1)?.match.seats[1].player === "Bo[2J", "seat 1 named everywhere");
  await watcher.locator("body", { hasText: "seat 1 · Bo[2J" }).first().waitFor({ timeout: WAIT });

  // The players talk; the spectators talk apart.
  await say(a, "gl hf");
  await b.locator(".chat-line", { hasText: "gl hf" }).waitFor({ timeout: WAIT });
  assert.equal(await b.locator(".chat-line .chat-name").first().textContent(), "seat 0 · Ana: ");
  await watcher.locator(".chat-note", { hasText: "talk among themselves" }).waitFor({ timeout: WAIT });
  await say(watcher, "go Bo!");
  await stands.locator(".chat-line", { hasText: "go Bo!" }).waitFor({ timeout: WAIT });
  await say(b, "thanks");
  await a.locator(".chat-line", { hasText: "thanks" }).waitFor({ timeout: WAIT });
  // What each actually received over its WebSocket (a frame may be recorded after the page drew
  // the line on another page: wait for the players' two lines before comparing).
  for (const page of [a, b]) await until(() => chatTexts(page).length >= 2, "both lines received");
  for (const page of [a, b]) assert.deepEqual(chatTexts(page), ["gl hf", "thanks"]);
  for (const page of [watcher, stands]) assert.deepEqual(chatTexts(page), ["go Bo!"]);
  await screenshot(a, "seats-names-desktop");
  await screenshot(b, "seats-names-phone");
  await screenshot(stands, "seats-spectators-apart-phone");

  // The record names nobody and holds no talk.
  b.once("dialog", (d) => d.accept());
  await b.locator("button.resign").click();
  await until(() => states(a).at(-1).match.status === "finished", "finished");
  const summary = await env.server.api("GET", `/api/matches/${id}`);
  assert.deepEqual(summary.result.players, ["Ana", "Bo[2J"]);
  const record = JSON.stringify(await env.server.api("GET", `/api/matches/${id}/record`));
  assert.doesNotMatch(record, /Ana|Bo\[2J|gl hf|go Bo/);
  for (const page of [a, b, watcher, stands]) assert.deepEqual(page.errors ?? [], []);
  for (const page of [a, b, watcher, stands]) await page.context().close();
});

test("a spectator of a match without spectators' talk sees none", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "relativity",
    spectator_chat: "none",
    seats: [{ kind: "human", player: "Ana" }, { kind: "human" }],
  });
  const a = await env.open(created.seats[0].join_url);
  const watcher = await env.open(created.watch_url, { viewport: PHONE, hasTouch: true });
  await say(a, "private to the table");
  await a.locator(".chat-line", { hasText: "private to the table" }).waitFor({ timeout: WAIT });
  await watcher.locator(".chat-note", { hasText: "no table talk for spectators" }).waitFor({ timeout: WAIT });
  assert.ok(await watcher.locator(".chat-form").isHidden());
  assert.deepEqual(chatTexts(watcher), []);
  await screenshot(watcher, "seats-spectators-none-phone");
  for (const page of [a, watcher]) assert.deepEqual(page.errors ?? [], []);
  for (const page of [a, watcher]) await page.context().close();
});

test("a friend takes an open seat from the lobby with a name, and a refused name is said there", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "relativity",
    seats: [
      { kind: "human", player: "Ana" },
      { kind: "human", open: true },
    ],
  });
  const lobby = await recordingPage(env.browser, { viewport: PHONE, hasTouch: true });
  await lobby.goto(env.server.url + "/");
  const item = lobby.locator(`li[data-match="${created.id}"]`);
  await item.waitFor({ timeout: WAIT });
  // A name that passes for a seat's label is refused with the field named; the seat stays open.
  await lobby.fill("#join-name", "Seat 0");
  await item.locator("button", { hasText: "Take seat 1" }).click();
  await lobby.locator(".list-open .error", { hasText: "'player'" }).waitFor({ timeout: WAIT });
  assert.equal((await env.server.api("GET", `/api/matches/${created.id}`)).seats[1].claimed, false);
  await screenshot(lobby, "seats-join-name-refused-phone");
  await lobby.fill("#join-name", "Bea");
  await item.locator("button", { hasText: "Take seat 1" }).click();
  await lobby.waitForURL(/\/match\//, { timeout: WAIT });
  await lobby.locator("aside", { hasText: "seat 1 · Bea" }).first().waitFor({ timeout: WAIT });
  assert.equal((await env.server.api("GET", `/api/matches/${created.id}`)).seats[1].player, "Bea");
  await screenshot(lobby, "seats-join-name-phone");
  assert.deepEqual(lobby.errors ?? [], []);
  await lobby.context().close();
});
