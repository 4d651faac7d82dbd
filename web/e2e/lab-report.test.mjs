// The balance lab's report (tabletop sim --report) in Chromium. Each kind of run (a paired variant
// comparison with capped games, a tournament, a variant search, a game with a long parameter line)
// draws its charts, no wider than the window, no two labels of a chart overlapping, no console
// error. A click on an outlier game opens it in the report's own replay panel, which steps through
// the game (buttons, slider, arrow keys) showing the board (the game's web drawing), the move, the
// log and the estimate curve. Every page is opened alone, copied away from its records/ folder, so
// the replay can only come from what the page embeds; no request leaves the page. Screenshots:
// lab-report-*.png.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { assertNoConsoleErrors, BIN, launchBrowser, recordingPage, SHOTS, WAIT } from "./harness.mjs";

let browser;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tabletop-lab-report-"));

/** Runs `tabletop sim ARGS` (words, or the arguments as a list) into `name`/ and copies its index.html alone into `name`-alone/. */
function report(name, words) {
  const args = Array.isArray(words) ? words : words.split(" ");
  const out = path.join(dir, name);
  const run = spawnSync(BIN, ["sim", ...args, "--report", out], { encoding: "utf8" });
  assert.equal(run.status, 0, `tabletop sim ${args.join(" ")}: ${run.stderr}`);
  const alone = path.join(dir, `${name}-alone`);
  fs.mkdirSync(alone);
  fs.copyFileSync(path.join(out, "index.html"), path.join(alone, "index.html"));
  return "file://" + path.join(alone, "index.html");
}

async function open(url) {
  const page = await recordingPage(browser, { viewport: { width: 1100, height: 900 } });
  page.requests = [];
  page.on("request", (r) => page.requests.push(r.url()));
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.drawn === "true", null, { timeout: WAIT });
  return page;
}

/** The page's charts, its width and every pair of labels of one chart that overlap. */
function layout(page) {
  return page.evaluate(() => {
    const charts = [...document.querySelectorAll("svg.chart")];
    const overlapping = [];
    for (const svg of charts) {
      const boxes = [...svg.querySelectorAll("text")].map((t) => [t.textContent, t.getBoundingClientRect()]);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i][1], boxes[j][1]];
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
            overlapping.push(`${boxes[i][0]} / ${boxes[j][0]}`);
        }
    }
    return { charts: charts.length, width: document.documentElement.scrollWidth, overlapping };
  });
}

const noRequestsElsewhere = (page) =>
  assert.ok(
    page.requests.every((r) => r.startsWith("file://") || r.startsWith("data:")),
    `the report asked for nothing from elsewhere: ${page.requests.join(", ")}`,
  );

for (const [name, words, minCharts, heading] of [
  // Per condition seats + agents + plies (3 each, 2 conditions), then the differences.
  [
    "variants",
    "relativity -n 30 -j 2 --rotate --agents random,greedy --sweep max_plies=10000,40",
    7,
    "Variant differences",
  ],
  [
    "tournament",
    "relativity -n 8 -j 2 --tournament --agents random,greedy,greedy:samples=2",
    4,
    "Tournament ratings",
  ],
  // Its rounds, then the two finalists with the quality tables and trajectories.
  [
    "search",
    [
      ..."relativity -n 6 -j 2 --agents random --search max_plies=20..80/20 --target".split(" "),
      "decisive >= 90%",
    ],
    6,
    "Variant search",
  ],
  // Culture Wars' long parameter line wraps.
  ["params", "culture-wars -n 2 -j 2 --agents random -p max_rounds=2", 1, "Game quality"],
]) {
  test(`the ${name} report draws its charts, fits the window and no labels overlap`, async () => {
    const page = await open(report(name, words));
    const { charts, width, overlapping } = await layout(page);
    assert.ok(charts >= minCharts, `${charts} charts, expected at least ${minCharts}`);
    assert.ok(width <= 1100, `the page is ${width} px wide in a 1100 px window (a line does not wrap)`);
    assert.deepEqual(overlapping, [], "chart labels overlap");
    assert.ok(
      (await page.locator("h2, h3").allInnerTexts()).some((t) => t.includes(heading)),
      heading,
    );
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `lab-report-${name}.png`), fullPage: true });
    noRequestsElsewhere(page);
    assertNoConsoleErrors(page);
  });
}

/** The replay panel alone (the page above it is the report). */
async function screenshot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.locator("#replay").screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const step = (page) => page.evaluate(() => Number(document.body.dataset.replayStep));
const text = (page, id) => page.locator(id).innerText();

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a click on the longest game replays it step by step inside the report", async () => {
  const url = report("relativity", "relativity -n 4 -j 2 --agents greedy --seed 7");
  const page = await open(url);
  assert.equal(await page.locator("#replay").isVisible(), false, "the panel waits for a click");
  const link = page.locator('a[data-replay="0-longest"]');
  const plies = Number((await link.evaluate((a) => a.nextSibling.textContent)).match(/(\d+) plies/)[1]);
  await link.click();
  await page.locator("#replay").waitFor({ state: "visible", timeout: WAIT });
  assert.match(await text(page, "#replay-title"), /longest game \(\d+ plies\)/);
  assert.equal(await step(page), 0);
  assert.match(await text(page, "#replay-at"), new RegExp(`the deal, of ${plies} moves`));
  const board = () => page.locator("#replay-board svg.board").innerHTML();
  const deal = await board();
  assert.ok(deal.length > 200, "the board is drawn by the game's web drawing");
  await screenshot(page, "lab-report-replay-deal");

  // Step on: the move is named in the game's notation (Relativity hides nothing), the board changes.
  await page.click("#replay [data-step=forward]");
  assert.equal(await step(page), 1);
  assert.match(await text(page, "#replay-move"), /^Move 1: .+ plays \S+#\S+\.$/);
  await page.click("#replay [data-step=forward]");
  await page.click("#replay [data-step=forward]");
  assert.equal(await step(page), 3);
  assert.notEqual(await board(), deal, "three swaps later the board differs");
  await page.click("#replay [data-step=back]");
  assert.equal(await step(page), 2);
  await page.keyboard.press("ArrowRight");
  assert.equal(await step(page), 3);
  await screenshot(page, "lab-report-replay-step");

  // The end: the last move, the result in the log, the estimate curve with its cursor at the end.
  await page.click("#replay [data-step=last]");
  assert.equal(await step(page), plies);
  assert.match(await text(page, "#replay-at"), new RegExp(`move ${plies} of ${plies}`));
  assert.ok((await page.locator("#replay-log li").count()) > 0, "the log has lines");
  assert.equal(await page.locator("#replay-estimate path").count(), 2, "one estimate curve a seat");
  const cursor = await page.locator("#replay-cursor").getAttribute("x1");
  assert.equal(Number(cursor), 550, "the cursor sits at the last step");
  await page.keyboard.press("Home");
  assert.equal(await step(page), 0);
  await page.locator("#replay-slider").fill(String(Math.floor(plies / 2)));
  assert.equal(await step(page), Math.floor(plies / 2));
  await screenshot(page, "lab-report-replay-middle");

  noRequestsElsewhere(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  assertNoConsoleErrors(page);
});

test("a hidden-information game's replay shows what a spectator saw, not the moves", async () => {
  const url = report("siege", "siege -n 3 -j 2 --agents greedy --seed 3 -p players=2");
  const page = await open(url);
  const links = await page.locator("a[data-replay]").evaluateAll((as) => as.map((a) => a.dataset.replay));
  assert.ok(links.includes("0-longest") && links.includes("0-shortest"), `outliers: ${links}`);
  await page.click('a[data-replay="0-shortest"]');
  await page.locator("#replay").waitFor({ state: "visible", timeout: WAIT });
  assert.match(await text(page, "#replay-title"), /shortest game/);
  await page.click("#replay [data-step=forward]");
  assert.match(await text(page, "#replay-move"), /^Move 1: .+ moves\.$/, "only who moved");
  await screenshot(page, "lab-report-replay-siege");
  await page.click("#replay-close");
  assert.equal(await page.locator("#replay").isVisible(), false);
  assertNoConsoleErrors(page);
});

test("a game longer than the page embeds keeps both ends and says what is left out", async () => {
  const url = report("long", "siege -n 1 -j 1 --agents random --seed 1 -p players=2 -p max_plies=1500");
  const page = await open(url);
  await page.click('a[data-replay="0-longest"]');
  await page.locator("#replay").waitFor({ state: "visible", timeout: WAIT });
  await page.keyboard.press("End");
  assert.equal(await step(page), 1500);
  assert.match(await text(page, "#replay-at"), /move 1500 of 1500/);
  await page.locator("#replay-slider").fill("500");
  assert.equal(await step(page), 500);
  await page.click("#replay [data-step=forward]");
  assert.equal(await step(page), 1001);
  assert.match(
    await text(page, "#replay-move"),
    /^Moves 501–1000 are left out here .*tabletop replay --step\)\. Move 1001: /,
  );
  assert.ok(
    (await page.locator("#replay-board svg.board").count()) === 1,
    "the board after the gap is drawn",
  );
  await screenshot(page, "lab-report-replay-gap");
  assertNoConsoleErrors(page);
});
