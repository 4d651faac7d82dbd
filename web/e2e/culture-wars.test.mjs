// Culture Wars in hot-seat: one browser holds both seats and shows a hand-over screen before each
// seat's view (nothing of the board or the private view is in the page until the hand-over); then a
// spectator at phone width.
import assert from "node:assert/strict";
import { test } from "node:test";
import { playOneMove, recordingPage, screenshot, states, WAIT, withServerAndBrowser } from "./harness.mjs";

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
