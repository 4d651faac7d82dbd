// The lobby as a new player meets it: every parameter in plain words (no engine name shown, the
// served catalog the one the words were checked against), invites that land in view with a copy
// button and a QR code, "Your matches" resuming a seat after its tab is closed (the token never
// leaves the page's origin or its #fragment), the notice of a page that only watches, and "Quick
// game". Screenshots of each step go to build/test-output/screenshots/lobby-*.png.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { catalogParams, FIXTURE } from "../scripts/catalog-fixture.mjs";
import {
  assertNoConsoleErrors,
  assertNoSidewaysScroll,
  createShortRelativityInLobby,
  DESKTOP,
  PHONE,
  playOneMove,
  recordingPage,
  screenshot,
  SHOTS,
  smallTapTargets,
  states,
  waitForTurnOrEnd,
  WAIT,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();

test("the served catalog is the one the lobby's words were checked against (regenerate: node scripts/catalog-fixture.mjs)", async () => {
  const games = await env.server.api("GET", "/api/games");
  assert.deepEqual(catalogParams(games), JSON.parse(fs.readFileSync(FIXTURE, "utf8")));
});

/** The text a person reads on the page: visible text, every option of every select, input values. */
const readable = (page) =>
  page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll("option")].map((o) => o.textContent),
      ...[...document.querySelectorAll("input")].map((i) => i.placeholder),
      ...[...document.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")),
    ].join("\n"),
  );

test("the lobby shows no raw parameter name: labels, meanings, variants, advanced, choices", async () => {
  const games = await env.server.api("GET", "/api/games");
  const page = await recordingPage(env.browser, { viewport: DESKTOP });
  await page.goto(env.server.url + "/");
  await page.waitForSelector("form.new-match", { timeout: WAIT });
  for (const g of games) {
    await page.selectOption("#game", g.id);
    // Unfold everything folded: Advanced, the computer's details, how to play.
    for (const d of await page.locator("form.new-match details").all())
      await d.evaluate((e) => (e.open = true));
    const text = await readable(page);
    // Engine spellings: names with an underscore or a digit (players, coins and venue are words).
    for (const p of g.params.filter((p) => /[_0-9]/.test(p.name)))
      assert.ok(!text.includes(p.name), `${g.id}: the lobby shows the parameter name ${p.name}`);
    for (const p of g.params) {
      const label = (await page.locator(`label[for="param-${p.name}"]`).textContent()).trim();
      assert.notEqual(label, p.name, `${g.id}.${p.name} has a label in words`);
      const meaning = (await page.locator(`#param-${p.name}-desc`).textContent()).trim();
      assert.ok(meaning.length > 10, `${g.id}.${p.name} says what it means`);
      const where =
        p.kind === "variant" ? "fieldset.variants" : p.kind === "engine" ? "details.advanced" : ".params";
      assert.equal(
        await page.locator(`${where} [name="${p.name}"]`).count(),
        1,
        `${g.id}.${p.name} under ${where}`,
      );
    }
    assert.ok(
      (await page.locator("#game-summary").textContent()).length > 20,
      `${g.id} has a one-line summary`,
    );
    // Levels by what they do; a level the ladder did not find stronger says so.
    for (const o of await page.locator("#seat-1 option[value^=computer]").allTextContents())
      assert.match(o, /^Computer: /);
    await screenshot(page, `lobby-words-${g.id}`);
  }
  await page.selectOption("#game", "conspiracy-tcg");
  assert.equal(await page.locator('select[name="library_order"]').count(), 1, "library order is a choice");
  // The venue's default in words, not as the server spells it.
  assert.equal(await page.inputValue('[name="venue"]'), "");
  assert.match(await page.getAttribute('[name="venue"]', "placeholder"), /^Philadelphia/);
  assert.ok(!(await readable(page)).includes("39.9526"), "no coordinates shown");
  await page.selectOption("#game", "conspiracy");
  await page.fill('[name="players"]', "4");
  await page.dispatchEvent('[name="players"]', "input");
  // At 4 players the ladder found hard no better than medium (its share's interval holds 1/4).
  assert.match(
    await page.locator('#seat-1 option[value="computer:hard"]').textContent(),
    /not measured stronger than the one above/,
  );
  assert.match(
    await page.locator("details.level-details").textContent(),
    /Not measured stronger than the level above/,
  );
  assertNoConsoleErrors(page);
  await page.context().close();
});

test("after Create match the invites are in view and focused, with copy buttons and QR codes", async () => {
  const page = await recordingPage(env.browser, { viewport: DESKTOP });
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
  await page.goto(env.server.url + "/");
  await page.waitForSelector("form.new-match", { timeout: WAIT });
  // The longest form of the five games.
  let longest = { id: "", height: 0 };
  for (const id of await page.locator("#game option").evaluateAll((os) => os.map((o) => o.value))) {
    await page.selectOption("#game", id);
    const height = await page.locator("form.new-match").evaluate((f) => f.getBoundingClientRect().height);
    if (height > longest.height) longest = { id, height };
  }
  await page.selectOption("#game", longest.id);
  await page.selectOption("#seat-1", "human");
  await page.locator("button[type=submit]").scrollIntoViewIfNeeded();
  await page.click("button[type=submit]");
  await page.waitForSelector(".created li.invite", { timeout: WAIT });
  await page.waitForFunction(() => document.activeElement?.id === "created-h", null, { timeout: WAIT });
  const viewport = page.viewportSize();
  for (const seat of [0, 1]) {
    const invite = page.locator(`.created li.invite[data-seat="${seat}"]`);
    const box = await invite.boundingBox();
    assert.ok(
      box && box.y >= 0 && box.y + box.height <= viewport.height,
      `${longest.id}: seat ${seat}'s invite in view (${JSON.stringify(box)})`,
    );
    assert.equal(await invite.locator("svg.qr path").count(), 1, "a QR code");
    const url = await invite.locator(".link-text").inputValue();
    assert.ok(url.startsWith(env.server.url + "/match/"), `the link names the page's address: ${url}`);
    await invite.locator("button.copy").click();
    await page.waitForFunction(
      (s) => document.querySelector(`li.invite[data-seat="${s}"] button.copy`).textContent === "Copied",
      seat,
    );
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);
  }
  await screenshot(page, `lobby-invites-${longest.id}`);
  // What the person sees without scrolling, once the panel came into view.
  await page.screenshot({ path: `${SHOTS}/lobby-invites-in-view.png` });
  assertNoConsoleErrors(page);
  await page.context().close();
});

test("on a phone the invites and Your matches fit the screen and every tap target is 44 px", async () => {
  const page = await recordingPage(env.browser, { viewport: PHONE, hasTouch: true });
  await page.goto(env.server.url + "/");
  await page.waitForSelector("form.new-match", { timeout: WAIT });
  await page.selectOption("#game", "siege");
  await page.fill('[name="players"]', "2");
  await page.dispatchEvent('[name="players"]', "input");
  await page.selectOption("#seat-1", "human");
  await page.click("button[type=submit]");
  await page.waitForFunction(() => document.activeElement?.id === "created-h", null, { timeout: WAIT });
  const box = await page.locator('.created li.invite[data-seat="0"]').boundingBox();
  assert.ok(
    box && box.y >= 0 && box.y + box.height <= PHONE.height,
    `seat 0's invite in view (${JSON.stringify(box)})`,
  );
  await page.screenshot({ path: `${SHOTS}/lobby-invites-phone.png` });
  await assertNoSidewaysScroll(page, "the lobby with its invites");
  assert.deepEqual(await smallTapTargets(page), []);
  await page.reload();
  await page.locator(".my-matches li").first().waitFor({ timeout: WAIT });
  await assertNoSidewaysScroll(page, "the lobby with Your matches");
  assert.deepEqual(await smallTapTargets(page), []);
  await screenshot(page, "lobby-your-matches-phone");
  assertNoConsoleErrors(page);
  await page.context().close();
});

test("close the tab, open the lobby again: Your matches resumes the seat, which can move", async () => {
  const first = await recordingPage(env.browser, { viewport: DESKTOP });
  const context = first.context();
  const join = await createShortRelativityInLobby(first, env.server.url, "computer:medium");
  const href = await join.getAttribute("href");
  const [, id, token] = href.match(/^\/match\/([0-9a-f]+)\?seat=0#token=([0-9a-f]+)$/);
  await first.close();

  // A new tab of the same browser profile, recording its frames as recordingPage does.
  const page = await context.newPage();
  page.received = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => page.received.push(String(f.payload))));
  page.consoleErrors = [];
  page.on("console", (m) => m.type() === "error" && page.consoleErrors.push(m.text()));
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(env.server.url + "/");
  const mine = page.locator(`.my-matches li[data-match="${id}"]`);
  await mine.waitFor({ timeout: WAIT });
  assert.match(await mine.textContent(), /Relativity · seat 0 · your turn \(seat 0\)/);
  // The running list offers Resume too, not Watch.
  await page.locator(`.list-running li[data-match="${id}"] a.resume`).waitFor({ timeout: WAIT });
  await screenshot(page, "lobby-your-matches");
  await mine.locator("a.resume").click();
  await page.waitForSelector("svg.board", { timeout: WAIT });
  assert.equal(new URL(page.url()).hash, `#token=${token}`);
  assert.equal(await waitForTurnOrEnd(page), "turn");
  assert.equal(states(page).at(-1).views[0].seat, 0);
  await playOneMove(page);
  assert.equal(
    await page.locator(".watching:not([hidden])").count(),
    0,
    "a seat's page does not say it watches",
  );
  await screenshot(page, "lobby-resumed-seat");
  // The token went nowhere: every request to this server's origin, none with it outside a fragment.
  for (const url of requests) {
    assert.equal(new URL(url).origin, env.server.url, `a request elsewhere: ${url}`);
    assert.ok(!url.includes(token), `the token in a request: ${url}`);
  }

  // Forget takes it off this browser's list.
  await page.goto(env.server.url + "/");
  await mine.waitFor({ timeout: WAIT });
  await mine.locator("button.forget").click();
  await page.waitForFunction((m) => !document.querySelector(`.my-matches li[data-match="${m}"]`), id, {
    timeout: WAIT,
  });
  assertNoConsoleErrors(page);
  await context.close();
});

test("a page without a token says it only watches, and how to get a seat back", async () => {
  const holder = await recordingPage(env.browser, { viewport: DESKTOP });
  const join = await createShortRelativityInLobby(holder, env.server.url, "computer:medium");
  const id = (await join.getAttribute("href")).match(/\/match\/([0-9a-f]+)/)[1];

  const stranger = await env.open(`/match/${id}`);
  const notice = stranger.locator(".watching");
  await notice.waitFor({ state: "visible", timeout: WAIT });
  assert.match(await notice.textContent(), /^You are watching/);
  assert.match(
    await notice.textContent(),
    /on the device that joined and press Resume, or ask the match's creator/,
  );
  assert.equal(await stranger.locator(".controls").isVisible(), false);
  await screenshot(stranger, "lobby-watching");
  await stranger.context().close();

  // The device that holds the seat is offered it back.
  await holder.goto(`${env.server.url}/match/${id}`);
  const resume = holder.locator(".watching a.resume");
  await resume.waitFor({ timeout: WAIT });
  await resume.click();
  await holder.waitForSelector(".controls:not([hidden])", { timeout: WAIT });
  assertNoConsoleErrors(holder);
  await holder.context().close();
});

test("Quick game: you against the computer at its usual level, in one click", async () => {
  const page = await recordingPage(env.browser, { viewport: DESKTOP });
  await page.goto(env.server.url + "/");
  await page.waitForSelector("form.new-match", { timeout: WAIT });
  await page.selectOption("#game", "siege");
  await page.click("button.quick");
  await page.waitForURL(/\/match\/[0-9a-f]+\?seat=0#token=/, { timeout: WAIT });
  await page.waitForSelector("svg.board", { timeout: WAIT });
  const id = new URL(page.url()).pathname.split("/")[2];
  const summary = await env.server.api("GET", `/api/matches/${id}`);
  assert.equal(summary.game, "siege");
  assert.deepEqual(
    summary.seats.map((s) => [s.kind, s.strength ?? null]),
    [
      ["human", null],
      ["computer", "medium"],
    ],
  );
  await screenshot(page, "lobby-quick-game");
  assertNoConsoleErrors(page);
  await page.context().close();
});

test("undo starts on against computers and off with another person, until the player chooses", async () => {
  const page = await env.open("/", { waitFor: "form.new-match" });
  await page.selectOption("#game", "siege");
  // Seat 0 is this person, the others computers: undo is on.
  assert.equal(await page.isChecked("#undo"), true, "one person against computers");
  await page.selectOption("#seat-1", "human");
  assert.equal(await page.isChecked("#undo"), false, "two people");
  await page.selectOption("#seat-1", "open");
  assert.equal(await page.isChecked("#undo"), false, "an open seat");
  await page.selectOption("#seat-1", { index: 2 });
  assert.equal(await page.isChecked("#undo"), true, "computers again");
  // The player's own choice stands.
  await page.uncheck("#undo");
  await page.selectOption("#seat-1", "human");
  await page.selectOption("#seat-1", { index: 2 });
  assert.equal(await page.isChecked("#undo"), false, "the player's choice");
  await page.context().close();
});

test("expert is offered only at the counts where it was measured stronger than hard", async () => {
  const games = await env.server.api("GET", "/api/games");
  // Every count of every game the served catalog withholds expert at, and one it offers it at.
  const withheld = [];
  let offeredAt = null;
  for (const g of games) {
    const expert = g.strengths.find((s) => s.name === "expert");
    for (let n = g.min_players; n <= g.max_players; n++)
      if (expert.offered[n] === false) withheld.push([g, n]);
      else offeredAt ??= [g, n];
  }
  assert.ok(withheld.length > 0, "expert is measured weaker than hard somewhere (docs/ai.md)");
  assert.ok(offeredAt, "and stronger somewhere");
  const page = await env.open("/", { waitFor: "form.new-match" });
  const seatCount = async (g, n) => {
    await page.selectOption("#game", g.id);
    if (g.min_players < g.max_players) {
      await page.fill('[name="players"]', String(n));
      await page.dispatchEvent('[name="players"]', "input");
    }
    await page.waitForSelector(`#seat-${n - 1}`, { timeout: WAIT });
  };
  const expertOption = (seat) => page.locator(`#seat-${seat} option[value="computer:expert"]`);
  // Chosen where it is offered, it stays chosen there ...
  const [g, n] = offeredAt;
  await seatCount(g, n);
  assert.equal(await expertOption(1).isDisabled(), false, `${g.id} at ${n}`);
  await page.selectOption("#seat-1", "computer:expert");
  for (const [w, m] of withheld) {
    await seatCount(w, m);
    for (let seat = 1; seat < m; seat++) {
      const option = expertOption(seat);
      assert.equal(await option.isDisabled(), true, `${w.id} at ${m}: seat ${seat}'s expert`);
      // The reason in words: a disabled option's grey is not the only sign.
      assert.match(await option.textContent(), new RegExp(`not offered at ${m} players: not stronger than`));
      assert.notEqual(await page.inputValue(`#seat-${seat}`), "computer:expert", `${w.id} at ${m}`);
    }
    // The server refuses it too, naming the level, the game and the count.
    const seats = [
      { kind: "human" },
      ...Array.from({ length: m - 1 }, () => ({ kind: "computer", strength: "expert" })),
    ];
    const r = await fetch(env.server.url + "/api/matches", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: w.id, seats }),
    });
    assert.equal(r.status, 400);
    assert.match(
      (await r.json()).error,
      new RegExp(`'expert' is not offered for .*\\(${w.id}\\) at ${m} players`),
    );
  }
  await screenshot(page, "lobby-expert-not-offered");
  await page.context().close();
});
