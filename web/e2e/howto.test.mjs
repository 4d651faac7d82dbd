// The how-to pages teach with the engine's own positions: every ```position block of a game's
// how-to is drawn as that game's board (an svg per block, from the spectator's view the server
// played, `how_to_positions`), captioned with the moves the block shows legal and not legal, at
// 1280×800 and at 390×844 without sideways scrolling or console errors. Screenshots of every page and
// of each game's first position go to build/test-output/screenshots/howto-*.png.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assertNoConsoleErrors,
  assertNoSidewaysScroll,
  DESKTOP,
  PHONE,
  screenshot,
  SHOTS,
  visit,
  withServerAndBrowser,
} from "./harness.mjs";
import path from "node:path";

const env = withServerAndBrowser();

test("every position block of every how-to is drawn as the game's board, with its moves", async () => {
  const games = await env.server.api("GET", "/api/games");
  assert.equal(games.length, 5);
  for (const g of games) {
    const blocks = (g.how_to_play.match(/^```position$/gm) ?? []).length;
    assert.ok(blocks >= 3, `${g.id}: ${blocks} positions`);
    assert.equal(g.how_to_positions.length, blocks, g.id);
    assert.ok(
      g.how_to_positions.every((v) => v && typeof v === "object"),
      `${g.id}: a position did not play`,
    );
    for (const [viewport, size] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ]) {
      const page = await visit(env, `/rules/${g.id}`, viewport, "article.rules figure.position svg.board");
      const figures = page.locator("article.rules figure.position");
      assert.equal(await figures.count(), blocks, `${g.id} (${size}): one picture per block`);
      assert.equal(await page.locator("article.rules figure.position svg.board").count(), blocks, g.id);
      // Each picture follows its sentences, in the block's order.
      const order = await figures.evaluateAll((fs) => fs.map((f) => Number(f.dataset.position)));
      assert.deepEqual(order, [...Array(blocks).keys()], g.id);
      // No block is shown as text.
      assert.equal(await page.locator("article.rules pre").count(), 0, g.id);
      // The captions name the moves the page claims, as notation.
      const captions = (
        await page.locator("article.rules figure.position figcaption").allTextContents()
      ).join(" ");
      for (const line of g.how_to_play.split("\n").filter((l) => /^(legal|illegal):/.test(l)))
        for (const move of line
          .slice(line.indexOf(":") + 1)
          .split(";")
          .map((m) => m.trim()))
          assert.ok(captions.includes(move), `${g.id}: caption lacks ${move}`);
      for (let i = 0; i < blocks; i++) {
        const box = await figures.nth(i).locator("svg.board").boundingBox();
        assert.ok(
          box && box.width > 100 && box.height > 50,
          `${g.id} position ${i}: drawn ${JSON.stringify(box)}`,
        );
      }
      await assertNoSidewaysScroll(page, `how to play ${g.id} (${size})`);
      await screenshot(page, `howto-${g.id}-${size}`);
      if (size === "desktop")
        await figures.nth(0).screenshot({ path: path.join(SHOTS, `howto-${g.id}-position-0.png`) });
      assertNoConsoleErrors(page, `how to play ${g.id} (${size})`);
      await page.context().close();
    }
  }
});
