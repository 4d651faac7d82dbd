// The move picker on a real board: every place of a legal move is lit before any click, a
// Relativity swap (two squares in no order) is made from either of its squares, a click that does
// nothing says why, and the grid boards draw their square names (a toggle hides them).
import assert from "node:assert/strict";
import { test } from "node:test";
import { withServerAndBrowser, assertNoConsoleErrors, screenshot, states, until, WAIT } from "./harness.mjs";

const env = withServerAndBrowser();

/** The names of the places drawn with `cls` (target: lit, picked), sorted. */
async function placesWith(page, cls) {
  return (
    await page.locator(`svg.board [data-place].${cls}`).evaluateAll((els) => els.map((e) => e.dataset.place))
  ).sort();
}

const clickPlace = (page, name) => page.locator(`svg.board [data-place="${name}"]`).click();

test("a Relativity swap is made from either of its squares; a click that does nothing says why", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "relativity",
    seats: [{ kind: "human" }, { kind: "human" }],
  });
  const pages = [await env.open(created.seats[0].join_url), await env.open(created.seats[1].join_url)];
  await until(() => pages.every((p) => states(p).length > 0), "both seats' first state");
  const toMove = states(pages[0]).at(-1).to_move;
  const mover = pages[toMove];
  const other = pages[1 - toMove];
  await mover.waitForSelector("svg.board [data-place].target", { timeout: WAIT });

  // The notation help is the how-to's own Notation section, in the page.
  await mover.click(".help-toggle");
  const help = await mover.locator("#notation-help").textContent();
  assert.match(help, /A swap is two squares joined by #/);
  assert.doesNotMatch(help, /docs\/games/);
  await mover.click(".help-toggle");

  // Before any click every place of every legal swap is lit: both squares of each swap.
  const legal = states(mover).at(-1).views[0].legal;
  assert.ok(legal.length > 0);
  for (const m of legal) assert.deepEqual(m.steps, [2], `${m.move} is one step of two squares`);
  const every = [...new Set(legal.flatMap((m) => m.places))].sort();
  assert.deepEqual(await placesWith(mover, "target"), every);

  // A swap whose two squares are each in other swaps too (so no single click makes it).
  const uses = (place) => legal.filter((m) => m.places.includes(place));
  const swap = legal.find((m) => uses(m.places[0]).length > 1 && uses(m.places[1]).length > 1);
  assert.ok(swap, "a swap whose squares both have other swaps");
  const [low, high] = swap.places;
  const partners = (place) =>
    uses(place)
      .map((m) => m.places.find((p) => p !== place))
      .sort();

  // From its second square: the picker lights exactly that coin's partners, and says so in words.
  await clickPlace(mover, high);
  assert.deepEqual(await placesWith(mover, "picked"), [high]);
  assert.deepEqual(await placesWith(mover, "target"), partners(high));
  const prompt = await mover.locator(".move-buttons .picking").textContent();
  assert.match(prompt, new RegExp(`^Swap the coin on ${high} with `));
  assert.doesNotMatch(prompt, /moves? left|Selected/);
  await screenshot(mover, "picker-relativity-selected");
  // A second click on it takes it back.
  await clickPlace(mover, high);
  assert.deepEqual(await placesWith(mover, "picked"), []);
  assert.deepEqual(await placesWith(mover, "target"), every);

  // From its first square, then the second: the swap is played.
  await clickPlace(mover, low);
  assert.deepEqual(await placesWith(mover, "picked"), [low]);
  assert.deepEqual(await placesWith(mover, "target"), partners(low));
  const seq = states(mover).at(-1).seq;
  await clickPlace(mover, high);
  await until(() => states(mover).at(-1).seq > seq, "the swap to be played");
  const after = states(mover).at(-1);
  assert.deepEqual(String(after.views[0].observation.last_swap).split("#").sort(), [low, high].sort());
  assert.equal(page_rejects(mover), 0);

  // Now it is the other seat's turn: nothing is lit here, and a click on the board says why.
  await mover.waitForFunction(() => !document.querySelector("svg.board [data-place].target"), null, {
    timeout: WAIT,
  });
  await clickPlace(mover, low);
  const why = mover.locator(".message.unlit");
  await why.waitFor({ timeout: WAIT });
  assert.match(await why.textContent(), /^Nothing happened: it is .+'s turn, not yours\.$/);
  await screenshot(mover, "picker-relativity-unlit");
  // The other seat may move: its lit places lead on, and the status line clears.
  await other.waitForSelector("svg.board [data-place].target", { timeout: WAIT });

  // The square names are drawn, one per square, and a toggle hides them.
  const names = await mover.locator("svg.board .coord").allTextContents();
  assert.deepEqual(names.sort(), states(mover)[0].match.board_places.slice().sort());
  await mover.click("button.coords-toggle");
  assert.equal(await mover.locator("button.coords-toggle").getAttribute("aria-pressed"), "false");
  assert.equal(await mover.locator("svg.board .coord").first().isVisible(), false);
  await mover.click("button.coords-toggle");
  assert.equal(await mover.locator("svg.board .coord").first().isVisible(), true);
  for (const p of pages) assertNoConsoleErrors(p, "the Relativity picker");
  for (const p of pages) await p.context().close();
});

test("Siege's board names its squares, and a click that starts no move says why", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "siege",
    params: { players: 2 },
    seats: [{ kind: "human" }, { kind: "human" }],
  });
  const pages = [await env.open(created.seats[0].join_url), await env.open(created.seats[1].join_url)];
  await until(() => pages.every((p) => states(p).length > 0), "both seats' first state");
  const page = pages[states(pages[0]).at(-1).to_move];
  const first = states(page).at(-1);
  const view = first.views[0];
  assert.equal(first.to_move, view.seat);
  // Every square in play carries its name (the Home Bases carry theirs as a heading).
  const squares = states(page)[0]
    .match.board_places.filter((p) => /^[a-h][1-8]$/.test(p))
    .sort();
  assert.deepEqual((await page.locator("svg.board .coord").allTextContents()).sort(), squares);
  await screenshot(page, "picker-siege-square-names");
  // A square no legal move touches: the click changes nothing and says so.
  const touched = new Set(view.legal.flatMap((m) => m.places));
  const idle = squares.find((s) => !touched.has(s));
  await clickPlace(page, idle);
  const why = page.locator(".message.unlit");
  await why.waitFor({ timeout: WAIT });
  assert.equal(
    await why.textContent(),
    `Nothing happened: no move you can make now uses ${idle}. The lit places are where a move can start.`,
  );
  assert.deepEqual(await placesWith(page, "picked"), []);
  // A square a move goes to but does not start from (there is one unless the only die is a Null,
  // which moves nothing): the pieces come first, in sequence.
  const starts = new Set(view.legal.map((m) => m.places[0]));
  const dest = [...touched].find((p) => !starts.has(p));
  if (dest) {
    await clickPlace(page, dest);
    await page.waitForFunction(
      (d) => document.querySelector(".message.unlit")?.textContent?.includes(d),
      dest,
    );
    assert.equal(
      await why.textContent(),
      `Nothing happened: ${dest} is part of a move you can make, but not where it starts. The lit places are where a move can start.`,
    );
  }
  for (const p of pages) assertNoConsoleErrors(p, "the Siege board");
  for (const p of pages) await p.context().close();
});

/** How many of the server's answers to this page were rejects. */
function page_rejects(page) {
  return page.received.filter((t) => JSON.parse(t).type === "reject").length;
}

test("the how-to pages link nowhere empty: the full rules are named with their author and licence", async () => {
  const page = await env.open("/rules", { waitFor: ".rules-source" });
  assert.equal(await page.locator('a[href="#"]').count(), 0);
  const sources = await page.locator(".rules-source").allTextContents();
  assert.ok(sources.length >= 5, `${sources.length} rule sources`);
  for (const text of sources) assert.match(text, /^The full rules: .+ by .+ \(licence: .+\)\.$/);
  assertNoConsoleErrors(page, "the how-to pages");
  await page.context().close();
});
