// Culture Wars in hot-seat: one browser holds both seats and shows a hand-over screen before each
// seat's view (nothing of the board or the private view is in the page until the hand-over); then a
// spectator at phone width. At 1280 px, from a known deal against a computer, the map takes the
// page's width: every token on it is at least TAP px either way and no two labels overlap.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DESKTOP,
  matchFromSeed,
  overlappingLabels,
  playOneMove,
  recordingPage,
  screenshot,
  states,
  TAP,
  visit,
  WAIT,
  waitForTurnOrEnd,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();

test("hot-seat Culture Wars with a hand-over between seats, and a spectator at phone width", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "culture-wars",
    params: { players: 2 },
    seats: [{ kind: "human" }, { kind: "human" }],
  });
  const tokens = created.seats.map((s) => `token=${s.token}`).join("&");
  const page = await recordingPage(env.browser);
  await page.goto(`${env.server.url}/match/${created.id}#${tokens}`);
  let handovers = 0;
  for (let i = 0; i < 6; i++) {
    const handover = page.locator(".handover:not([hidden]) button.handover-ok");
    await page.waitForFunction(
      () =>
        document.querySelector(".handover:not([hidden])") ||
        document.querySelector("svg.board [data-place].target, .move-buttons button.move"),
      null,
      { timeout: WAIT },
    );
    if (await handover.count()) {
      handovers++;
      assert.equal(await page.locator(".board-box *").count(), 0, "no board behind the hand-over screen");
      assert.equal(
        await page.locator(".private *").count(),
        0,
        "no private view behind the hand-over screen",
      );
      if (handovers === 1) await screenshot(page, "culture-wars-handover");
      await handover.click();
    }
    const s = states(page).at(-1);
    assert.deepEqual(
      s.views.map((v) => v.seat),
      [0, 1],
      "the page holds both seats",
    );
    await playOneMove(page);
  }
  assert.ok(handovers >= 2, `hand-over screens shown: ${handovers}`);
  const handover = page.locator(".handover:not([hidden]) button.handover-ok");
  if (await handover.count()) await handover.click();
  await page.waitForSelector(".board-box svg.board", { timeout: WAIT });
  await screenshot(page, "culture-wars");

  const phone = await recordingPage(env.browser, { viewport: { width: 390, height: 844 } });
  await phone.goto(env.server.url + created.watch_url);
  await phone.waitForSelector("svg.board", { timeout: WAIT });
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `no sideways scrolling at phone width (overflow ${overflow}px)`);
  await screenshot(phone, "culture-wars-phone");
  for (const st of states(phone))
    assert.deepEqual(
      st.views.map((v) => v.seat),
      [-1],
    );
  await page.context().close();
  await phone.context().close();
});

/** The smaller side in CSS px of each seat's tokens on the map, as "square: px". */
async function tokenSizes(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("svg.board [data-place] g.tokens")].map((t) => {
      const r = t.getBoundingClientRect();
      return [t.closest("[data-place]").getAttribute("data-place"), Math.min(r.width, r.height)];
    }),
  );
}

test("at 1280 px the Culture Wars map takes the page's width: tokens a fingertip's size, no labels overlapping", async () => {
  // Seed 1: a known deal; the easy computer answers the same way each run (seeded from it).
  const created = await matchFromSeed(
    env,
    {
      game: "culture-wars",
      params: { players: 2 },
      seats: [{ kind: "human" }, { kind: "computer", strength: "easy" }],
    },
    1,
  );
  const page = await visit(env, created.seats[0].join_url, DESKTOP, "svg.board");
  // Into the movement of the first rounds: tiles, coins and tokens placed, tokens moved.
  let sizes = [];
  for (let i = 0; i < 16; i++) {
    if ((await waitForTurnOrEnd(page)) === "over") break;
    await playOneMove(page);
    await waitForTurnOrEnd(page);
    sizes = await tokenSizes(page);
    if (i >= 12 && sizes.length >= 3) break;
  }
  assert.ok(sizes.length >= 3, `tokens on the map: ${JSON.stringify(sizes)}`);
  const small = sizes.filter(([, px]) => px < TAP - 0.5).map(([sq, px]) => `${sq}: ${px.toFixed(1)}px`);
  assert.deepEqual(small, [], `tokens smaller than ${TAP}px at 1280 px`);
  assert.deepEqual(await overlappingLabels(page), []);
  // The board takes the page's width, and the move prompt stays on the screen (a bar at its foot).
  const {
    board,
    page: width,
    prompt,
    viewport,
  } = await page.evaluate(() => ({
    board: document.querySelector("svg.board").getBoundingClientRect().width,
    page: document.documentElement.clientWidth,
    prompt: document.querySelector(".move-buttons").getBoundingClientRect().bottom,
    viewport: window.innerHeight,
  }));
  assert.ok(board > width * 0.9, `the map is ${board}px wide of ${width}px`);
  assert.ok(prompt <= viewport, `the move prompt ends at ${prompt}px of ${viewport}px`);
  console.log(
    `culture-wars tokens at 1280 px: ${sizes.map(([sq, px]) => `${sq} ${px.toFixed(1)}px`).join(", ")}`,
  );
  await screenshot(page, "culture-wars-tokens-desktop");
  await page.context().close();
});
