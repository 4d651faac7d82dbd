// The how-to pages teach with the engine's own positions: every ```position block of a game's
// how-to is drawn as that game's board (an svg per block, from the spectator's view the server
// played, `how_to_positions`), captioned with the moves the block shows legal and not legal, at
// 1280×800 and at 390×844 without sideways scrolling or console errors. Screenshots of every page and
// of each game's first position go to build/test-output/screenshots/howto-*.png.
// Every link a new player meets on a how-to page, and in a match's "Notation help", goes
// somewhere real: a page of the server that answers, or an https address (a licence's text).
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

test("as a new player: every link of each how-to and of each game's Notation help goes somewhere real", async () => {
  const games = await env.server.api("GET", "/api/games");
  for (const g of games) {
    // The how-to speaks to a browser player: no file of the source tree, no terminal command.
    assert.doesNotMatch(g.how_to_play, /docs\/|\.md\b|in the terminal|deck check/, `${g.id}: how-to text`);
    const page = await visit(env, `/rules/${g.id}`, DESKTOP, `article.rules[data-game="${g.id}"]`);
    // "The full rules": the rule text's title and author, its licence linked where it has a text.
    const source = page.locator(`article.rules[data-game="${g.id}"] .rules-source`);
    assert.equal(await source.count(), 1, `${g.id}: the full rules are named`);
    assert.ok((await source.locator("cite").textContent()).trim().length > 3, `${g.id}: the rules' title`);
    const links = await page
      .locator(`article.rules[data-game="${g.id}"] a[href]`)
      .evaluateAll((as) => as.map((a) => a.href));
    for (const href of links) {
      const url = new URL(href);
      if (url.origin === env.server.url) {
        const r = await fetch(href);
        assert.equal(r.status, 200, `${g.id}: ${href}`);
      } else {
        // Outside the server (a licence's text): a real https address, not fetched here (no
        // download at test time), never "#" or a file.
        assert.equal(url.protocol, "https:", `${g.id}: ${href}`);
        assert.match(url.hostname, /\.[a-z]{2,}$/, `${g.id}: ${href}`);
      }
    }
    await page.context().close();

    // "Notation help" on the match page: the how-to's own Notation part and a link to the whole
    // how-to, which opens that game's how-to page.
    const created = await env.server.api("POST", "/api/matches", {
      game: g.id,
      seats: Array.from({ length: g.min_players }, (_, i) =>
        i === 0 ? { kind: "human" } : { kind: "computer", strength: "easy" },
      ),
    });
    const match = await visit(env, created.seats[0].join_url, DESKTOP, "svg.board");
    await match.click(".help-toggle");
    const help = match.locator("#notation-help");
    await help.waitFor();
    assert.ok((await help.textContent()).includes(`How to play ${g.name}`), `${g.id}: the notation help`);
    assert.doesNotMatch(
      await help.textContent(),
      /docs\/|\.md\b|in the terminal/,
      `${g.id}: the notation help`,
    );
    const hrefs = await help.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    assert.deepEqual(hrefs, [`/rules/${g.id}`], `${g.id}: the notation help's links`);
    await help.locator("a[href]").click();
    await match.waitForSelector(`article.rules[data-game="${g.id}"] h2`, { timeout: 30_000 });
    assert.equal(
      await match.locator(`article.rules[data-game="${g.id}"] h2`).first().textContent(),
      `How to play ${g.name}`,
    );
    assertNoConsoleErrors(match, `${g.id}: notation help`);
    await match.context().close();
  }
});
