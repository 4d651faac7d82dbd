// The card game's deck page in Chromium: a real-shaped Outlook export (data/test-decks) goes up
// through the file picker, every card that needs a shadow army is given one of its candidates, the
// annotated vCard comes back down carrying X-TABLETOP-ARMY, and the deck is played: the lobby's
// card-game form gives it to seat 0 (a sample deck to a computer seat) and seat 0 plays by clicking.
// Screenshots of the deck page at 1280×800 and 390×844; no page logs an error. Then the uploader
// deletes a deck with the owner key the browser kept: another browser, without the key, is offered
// only "Forget", and once deleted the deck's id answers 404.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  assertNoConsoleErrors,
  assertNoSidewaysScroll,
  DESKTOP,
  PHONE,
  playOneMove,
  recordingPage,
  ROOT,
  screenshot,
  states,
  waitForTurnOrEnd,
  WAIT,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();
const EXPORT = path.join(ROOT, "data/test-decks/outlook.vcf");
const MOVES = 6;

/** Elements a finger taps on the deck page that are smaller than 44 px in height or width. */
async function smallTargets(page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        ".decks button, .decks select, .decks input, .decks summary, .deck-actions a, .needs-list a, .my-decks a",
      ),
    ]
      .map((e) => ({
        what: `${e.tagName} ${e.className} ${e.textContent?.slice(0, 30)}`,
        box: e.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
      .map(({ what, box }) => `${what}: ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
}

test("deck page: upload an Outlook export, annotate every card that needs an army, download it, play it", async () => {
  const page = await recordingPage(env.browser, { viewport: DESKTOP });
  await page.goto(env.server.url + "/");
  await page.click("text=My card-game decks");
  await page.waitForSelector("#deck-file", { timeout: WAIT });
  await page.setInputFiles("#deck-file", EXPORT);
  await page.waitForSelector(".deck-card", { timeout: WAIT });
  const id = page.url().match(/\/decks\/([0-9a-f]{32})$/)?.[1];
  assert.ok(id, `the page moved to the deck's own address: ${page.url()}`);

  // Every card drawn as a business card; the file's reading warnings shown.
  const text = fs.readFileSync(EXPORT, "utf8");
  const inFile = text.match(/^BEGIN:VCARD/gm).length;
  assert.equal(await page.locator(".deck-card svg.business-card").count(), inFile);
  assert.match(await page.locator(".warnings").textContent(), /quoted-printable/);
  const pediatrician = page.locator(".deck-card", { hasText: "Hartley, Amelia" });
  assert.match(await pediatrician.locator(".army").textContent(), /Medicine: inferred from "pediatrician"/);
  assert.match(
    await pediatrician.locator(".pro-moves").textContent(),
    /Crash Clinic — the card says "pediatrician"/,
  );
  assert.match(await page.locator(".deck-state").textContent(), /4 cards need an army/);

  // At phone width, before the annotations (the choices and the list of cards that need an army
  // shown): no sideways scrolling, tap targets of at least 44 px.
  const phone = await recordingPage(env.browser, { viewport: PHONE, hasTouch: true });
  await phone.goto(`${env.server.url}/decks/${id}`);
  await phone.waitForSelector(".deck-card", { timeout: WAIT });
  await assertNoSidewaysScroll(phone, "deck page at 390 px");
  assert.deepEqual(await smallTargets(phone), []);
  await screenshot(phone, "deck-page-phone");

  // Annotate each card that needs an army with its first candidate (any army when it has none).
  let annotated = 0;
  for (;;) {
    const open = page.locator('.deck-card[data-army-source="needs an army"]');
    const left = await open.count();
    if (left === 0) break;
    const card = open.first();
    const options = await card
      .locator("select option")
      .evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
    await card.locator("select").selectOption(options[0]);
    await card.locator("button", { hasText: "Set army" }).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('.deck-card[data-army-source="needs an army"]').length === n,
      left - 1,
      { timeout: WAIT },
    );
    annotated++;
  }
  assert.equal(annotated, 4);
  assert.match(await page.locator(".deck-state").textContent(), /playable/);
  await screenshot(page, "deck-page");

  // The annotated file: every byte as uploaded plus one X-TABLETOP-ARMY line per annotation.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(".download-vcf")]);
  const annotatedFile = fs.readFileSync(await download.path(), "utf8");
  assert.equal(
    (annotatedFile.match(/^X-TABLETOP-ARMY:/gm) ?? []).length,
    (text.match(/^X-TABLETOP-ARMY:/gm) ?? []).length + 4,
  );
  assert.equal(annotatedFile.match(/^BEGIN:VCARD/gm).length, inFile);

  // The new-match form at phone width, with a deck choice under each seat. This browser saw the
  // deck before its annotations (not playable then: the form would not offer it) and sees it again.
  await phone.goto(`${env.server.url}/decks/${id}`);
  await phone.waitForSelector(".deck-state.ok", { timeout: WAIT });
  await phone.goto(`${env.server.url}/?game=conspiracy-tcg&deck=${id}`);
  await phone.waitForSelector("#deck-1", { timeout: WAIT });
  assert.equal(await phone.inputValue("#deck-0"), id);
  await assertNoSidewaysScroll(phone, "lobby with deck choices at 390 px");
  for (const link of ["a.my-decks-link", "header.top > a"]) {
    const box = await phone.locator(link).boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `${link}: ${box.width}×${box.height}`);
  }

  // Play it: the lobby's card-game form, seat 0 this deck, seat 1 a computer with a sample deck.
  await page.click(".play-deck");
  await page.waitForSelector("#deck-0", { timeout: WAIT });
  assert.equal(await page.inputValue("#game"), "conspiracy-tcg");
  await page.fill('[name="players"]', "2");
  await page.dispatchEvent('[name="players"]', "input");
  assert.equal(await page.inputValue("#deck-0"), id);
  await page.selectOption("#seat-1", "computer:easy");
  await page.selectOption("#deck-1", "reptilian-nest");
  await page.click("button[type=submit]");
  const join = page.locator('a.join-link[data-seat="0"]');
  await join.waitFor({ timeout: WAIT });
  await join.click();
  await page.waitForSelector("svg.board [data-place]", { timeout: WAIT });

  // Seat 0's hand is of the uploaded cards (names as the file gives them).
  const first = states(page).at(-1).views[0].observation;
  const names = new Set(
    [...text.matchAll(/^N(?:;[^:]*)?:([^;\r\n]*);([^;\r\n]*)/gm)].map(
      ([, last, firstName]) => `${last}, ${firstName}`,
    ),
  );
  assert.equal(first.seats[0].deck, "outlook", "the board names the deck by its file");
  assert.equal(first.seats[1].deck, "reptilian-nest");
  const hand = first.seats[0].hand.map((a) => first.cards[String(a)].name);
  assert.ok(
    hand.length > 0 && hand.some((n) => names.has(n)),
    `seat 0's hand comes from the export: ${hand}`,
  );
  for (let i = 0; i < MOVES; i++) {
    if ((await waitForTurnOrEnd(page)) === "over") break;
    await playOneMove(page, { preferButton: i % 2 === 1 });
  }
  assert.ok(states(page).at(-1).seq >= MOVES, `the match moved on: seq ${states(page).at(-1).seq}`);
  for (const p of [page, phone]) assertNoConsoleErrors(p);
  for (const p of [page, phone]) await p.context().close();
});

test("deck page: the browser that uploaded a deck deletes it, and its id then answers 404", async () => {
  const page = await recordingPage(env.browser, { viewport: DESKTOP });
  await page.goto(env.server.url + "/decks");
  await page.waitForSelector("#deck-file", { timeout: WAIT });
  await page.setInputFiles("#deck-file", EXPORT);
  await page.waitForSelector(".deck-card", { timeout: WAIT });
  const id = page.url().match(/\/decks\/([0-9a-f]{32})$/)?.[1];
  assert.ok(id, `the page moved to the deck's own address: ${page.url()}`);
  const item = page.locator(`.my-decks li[data-deck="${id}"]`);
  assert.deepEqual(await item.locator("button").allTextContents(), ["Forget", "Delete"]);
  await screenshot(page, "deck-page-delete");

  // Another browser opening the deck by its id holds no key: it may only forget it.
  const other = await recordingPage(env.browser, { viewport: PHONE, hasTouch: true });
  await other.goto(`${env.server.url}/decks/${id}`);
  await other.waitForSelector(`.my-decks li[data-deck="${id}"]`, { timeout: WAIT });
  assert.deepEqual(await other.locator(`.my-decks li[data-deck="${id}"] button`).allTextContents(), [
    "Forget",
  ]);

  // Asked first: "Cancel" leaves the deck; "OK" deletes it and forgets it here.
  const messages = [];
  page.once("dialog", (d) => (messages.push(d.message()), d.dismiss()));
  await item.locator("button.delete-deck").click();
  assert.equal((await fetch(`${env.server.url}/api/decks/${id}`)).status, 200);
  assert.equal(await item.count(), 1);
  page.once("dialog", (d) => (messages.push(d.message()), d.accept()));
  await item.locator("button.delete-deck").click();
  await page.waitForSelector(".upload-status:has-text('deleted')", { timeout: WAIT });
  assert.equal(messages.length, 2);
  assert.equal(messages[0], messages[1]);
  assert.match(messages[1], /^Delete deck outlook from the server\? This cannot be undone/);
  assert.equal(await item.count(), 0);
  assert.equal(await page.locator(".deck").count(), 0);
  assert.equal(new URL(page.url()).pathname, "/decks");
  assert.equal(await page.locator(".error").textContent(), "");
  await screenshot(page, "deck-page-deleted");

  const gone = await fetch(`${env.server.url}/api/decks/${id}`);
  assert.equal(gone.status, 404);
  assert.match((await gone.json()).error, /./);
  for (const p of [page, other]) assertNoConsoleErrors(p);
  for (const p of [page, other]) await p.context().close();
});
