// Shared pieces of the end-to-end tests: a real `tabletop serve` on a free loopback port with its
// own database, Debian's Chromium driven by playwright-core (nothing downloads a browser), frame
// recording for the secrecy checks, screenshots, and a generic "play one move by clicking".
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const BIN = process.env.TABLETOP_BIN ?? path.join(ROOT, "build/release/bin/tabletop");
export const DIST = path.join(ROOT, "web/dist");
export const OUT = process.env.TABLETOP_TEST_OUTPUT ?? path.join(ROOT, "build/test-output");
export const SHOTS = path.join(OUT, "screenshots");
/**
 * Generous: the machine is shared and busy. Never a timing assertion, only an upper bound
 * (E2E_WAIT=ms shortens it while debugging a hang).
 */
export const WAIT = Number(process.env.E2E_WAIT ?? 90_000);

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * A running server; restart() after kill() keeps the port and the database. `extraArgs` are added
 * to `tabletop serve`'s command line.
 */
export class Server {
  constructor(extraArgs = []) {
    this.extraArgs = extraArgs;
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "tabletop-e2e-"));
    this.db = path.join(this.dir, "tabletop.db");
    this.proc = null;
    this.port = 0;
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    if (!this.port) this.port = await freePort();
    const log = fs.openSync(path.join(this.dir, "server.log"), "a");
    this.proc = spawn(
      BIN,
      [
        "serve",
        "--port",
        String(this.port),
        "--bind",
        "127.0.0.1",
        "--db",
        this.db,
        "--static",
        DIST,
        ...this.extraArgs,
      ],
      {
        stdio: ["ignore", log, log],
      },
    );
    const proc = this.proc;
    const deadline = Date.now() + WAIT;
    for (;;) {
      if (proc.exitCode !== null)
        throw new Error(`tabletop serve exited (${proc.exitCode}); see ${this.dir}/server.log`);
      try {
        const r = await fetch(`${this.url}/api/games`);
        if (r.ok) return;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error("tabletop serve did not come up");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /** SIGKILL, as a crash would. */
  async kill() {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const gone = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGKILL");
    await gone;
  }
  async stop() {
    const proc = this.proc;
    if (proc && proc.exitCode === null) {
      const gone = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      const t = setTimeout(() => proc.kill("SIGKILL"), 5000);
      await gone;
      clearTimeout(t);
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
  async api(method, p, body) {
    const r = await fetch(this.url + p, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await r.json();
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(data)}`);
    return data;
  }
}

/** Debian's Chromium, headless; `extraArgs` are added to its command line. */
export async function launchBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * The setup every e2e file shares: registers node:test `before`/`after` hooks that start a
 * `tabletop serve` on a free loopback port with a temporary database and Debian's Chromium, and
 * stop both (the database folder is removed). Returns `{server, browser}`, filled in once the
 * `before` hook has run, plus `open(path, opts)`: a recording page at that path of the server,
 * once its board is drawn.
 */
export function withServerAndBrowser() {
  const env = {
    server: null,
    browser: null,
    async open(p, opts = {}) {
      const page = await recordingPage(env.browser, opts);
      await page.goto(env.server.url + p);
      await page.waitForSelector(opts.waitFor ?? "svg.board", { timeout: WAIT });
      return page;
    },
  };
  before(async () => {
    env.server = new Server();
    await env.server.start();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/** A page whose received WebSocket frames are kept in `page.frames` (text, in order). */
export async function recordingPage(browser, opts = {}) {
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1200, height: 900 },
    hasTouch: opts.hasTouch ?? false,
  });
  const page = await context.newPage();
  page.received = [];
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => page.received.push(String(f.payload)));
  });
  page.on("pageerror", (e) => {
    page.errors = [...(page.errors ?? []), e];
  });
  page.consoleErrors = [];
  page.on("console", (m) => {
    if (m.type() === "error") page.consoleErrors.push(`${m.text()} (${m.location()?.url ?? ""})`);
  });
  return page;
}

/**
 * Every `state` message a page received, parsed and whole: the server sends each view only the log
 * lines added since the last state (from `log_from`); they are put back together as the client does
 * (src/protocol.ts).
 */
export function states(page) {
  const logs = new Map();
  return page.received
    .map((t) => JSON.parse(t))
    .filter((m) => m.type === "state")
    .map((m) => {
      for (const v of m.views) {
        const log = [...(v.log_from ? (logs.get(v.seat) ?? []).slice(0, v.log_from) : []), ...v.log];
        logs.set(v.seat, log);
        v.log = log;
      }
      return m;
    });
}

export async function screenshot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Waits until this page may move (a lit place or a move button) or the game is over. */
export async function waitForTurnOrEnd(page) {
  await page.waitForFunction(
    () =>
      document.querySelector("svg.board [data-place].target") ||
      document.querySelector(".move-buttons button.move") ||
      document.querySelector(".result h2"),
    null,
    { timeout: WAIT },
  );
  return (await page.locator(".result h2").count()) > 0 ? "over" : "turn";
}

/**
 * Plays one move by clicking: lit places one after another until a move is chosen; when no place
 * is lit, the first move button. Fails when the server refuses it.
 */
export async function playOneMove(page, { preferButton = false } = {}) {
  for (let i = 0; i < 8; i++) {
    const targets = page.locator("svg.board [data-place].target");
    const buttons = page.locator(".move-buttons button.move");
    if ((preferButton || (await targets.count()) === 0) && (await buttons.count()) > 0) {
      await buttons.first().click();
      break;
    }
    if ((await targets.count()) === 0) throw new Error("nothing to click");
    await targets.first().click();
    // A move one click chose is asked about before it is sent: confirmed.
    if (await confirmIfAsked(page)) break;
    if ((await page.locator("svg.board [data-place].picked").count()) === 0) break;
  }
  // The click sent the move (the page says it waits); the server's ack and new state clear that.
  await serverAnswered(page);
}

/**
 * When the page asks before sending a move (one tap chose it: "Deploy … ? Confirm / Cancel"),
 * confirms it (a tap on a touch screen); whether it asked.
 */
export async function confirmIfAsked(page, { tap = false } = {}) {
  const confirm = page.locator(".move-buttons button.confirm");
  if ((await confirm.count()) === 0) return false;
  await (tap ? confirm.tap() : confirm.click());
  return true;
}

/**
 * Plays one move with the keyboard only: focus the first lit place and press Enter until a move
 * is chosen; when no place is lit, focus the first move button and press Enter. Fails when the
 * server refuses it.
 */
export async function playOneMoveByKeyboard(page) {
  // Sent: the page waits for the server, or its message already changed to the server's answer.
  const message = async () => (await page.locator(".message").textContent()) ?? "";
  const before = await message();
  const sent = async () =>
    (await page.locator(".move-buttons", { hasText: "Waiting for the server" }).count()) > 0 ||
    ((await message()) !== before && /^(Sent|Move accepted|Move refused)/.test(await message()));
  for (let i = 0; i < 8 && !(await sent()); i++) {
    const targets = page.locator("svg.board [data-place].target");
    const confirm = page.locator(".move-buttons button.confirm");
    const target = (await confirm.count())
      ? confirm
      : (await targets.count())
        ? targets.first()
        : page.locator(".move-buttons button.move").first();
    await target.focus();
    await page.keyboard.press("Enter");
  }
  await serverAnswered(page);
}

/** Waits until the server answered the move the page sent; fails with its reason if it refused. */
async function serverAnswered(page) {
  await page.waitForFunction(
    () => !document.querySelector(".move-buttons")?.textContent?.includes("Waiting for the server"),
    null,
    { timeout: WAIT },
  );
  const bad = await page.locator(".message.bad").count();
  if (bad) throw new Error(`move refused: ${await page.locator(".message.bad").textContent()}`);
}

/** Waits until cond() (sync or async) holds, polling, failing after WAIT. */
export async function until(cond, what = "condition") {
  const deadline = Date.now() + WAIT;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A Relativity deal (the engine parameters `coins` and `coins2`) with no molecule and every rank's
 * coins three in a row, the fourth one swap away: molecules come quickly and a match is short.
 */
export const SHORT_RELATIVITY_DEAL = "nnnaaa/222333/444555/5na423";

/**
 * Creates a Relativity match in the lobby of the server at `url`, on `page`: the deal is
 * SHORT_RELATIVITY_DEAL (under "Advanced"), seat 1 the lobby's option `seat1`
 * ("human", "computer:medium", …), the checkboxes `checks` (selectors) ticked. Returns seat 0's
 * join link once the lobby shows it.
 */
export async function createShortRelativityInLobby(page, url, seat1, checks = []) {
  await page.goto(url + "/");
  await page.selectOption("#game", "relativity");
  // Parameters come from GET /api/games; the deal keeps the match short.
  await page.locator("details summary", { hasText: "Advanced" }).click();
  await page.fill('[name="coins"]', SHORT_RELATIVITY_DEAL);
  await page.fill('[name="coins2"]', SHORT_RELATIVITY_DEAL);
  await page.selectOption("#seat-1", seat1);
  for (const box of checks) await page.check(box);
  await page.click("button[type=submit]");
  const join = page.locator('a.join-link[data-seat="0"]');
  await join.waitFor({ timeout: WAIT });
  return join;
}

/**
 * Plays `n` moves by clicking, each on the page whose seat is to move (computers answer alone).
 * A page may get a state a moment after another: the mover's page is looked for at the latest seq.
 */
export async function playRounds(pages, n) {
  const moverAt = (seq, seat) =>
    pages.find((p) => {
      const st = states(p).at(-1);
      return st.seq === seq && st.views.some((v) => v.seat === seat && v.legal.length);
    });
  for (let i = 0; i < n;) {
    const last = states(pages[0]).at(-1);
    if (last.result) return;
    const page = moverAt(last.seq, last.to_move);
    if (!page) {
      // A computer seat moves, or the mover's page has not got this state yet.
      await until(
        () => states(pages[0]).at(-1).seq > last.seq || moverAt(last.seq, last.to_move),
        `seat ${last.to_move} to move at seq ${last.seq}`,
      );
      continue;
    }
    await playOneMove(page);
    i++;
    const seq = states(page).at(-1).seq;
    for (const p of pages) await until(() => states(p).at(-1).seq >= seq, `every page at seq ${seq}`);
  }
}

/** The five games, each with the number of seats its Chromium tests play it with. */
export const FIVE_GAMES = [
  { id: "relativity", players: 2 },
  { id: "siege", players: 4 },
  { id: "culture-wars", players: 2 },
  { id: "conspiracy", players: 3 },
  { id: "conspiracy-tcg", players: 2 },
];

/** A match of `g.id` for `g.players` seats on `server`: seat 0 human, the others easy computers. */
export async function matchAgainstComputers(server, g) {
  return server.api("POST", "/api/matches", {
    game: g.id,
    params: { players: g.players },
    seats: [
      { kind: "human" },
      ...Array.from({ length: g.players - 1 }, () => ({ kind: "computer", strength: "easy" })),
    ],
  });
}

/** Fails when the page logged an error to the console or threw (a 404 favicon, a script error). */
export function assertNoConsoleErrors(page, what = page.url()) {
  const errors = [...(page.consoleErrors ?? []), ...(page.errors ?? []).map((e) => String(e))];
  if (errors.length) throw new Error(`${what}: console errors:\n${errors.join("\n")}`);
}

/** Fails when the page scrolls sideways (its content is wider than the window). */
export async function assertNoSidewaysScroll(page, what = page.url()) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) throw new Error(`${what}: the page scrolls sideways by ${overflow}px`);
}

/** A new page of `env`'s browser (touch on a phone) at the server's `path`, once `waitFor` shows. */
export async function visit(env, path, viewport, waitFor) {
  const page = await recordingPage(env.browser, { viewport, hasTouch: viewport === PHONE });
  await page.goto(env.server.url + path);
  await page.waitForSelector(waitFor, { timeout: WAIT });
  return page;
}

/**
 * Taps the first place lit for a move and waits until it answers: it is picked (its move asked
 * about when the tap chose one), or its move sent.
 */
export async function tapLitPlace(page) {
  const seq = states(page).at(-1).seq;
  await page.locator("svg.board [data-place].target").first().tap({ timeout: WAIT });
  await page.waitForFunction(
    (seq) =>
      document.querySelector("svg.board [data-place].picked") ||
      document.querySelector(".move-buttons button.confirm") ||
      /^(Sent|Move accepted)/.test(document.querySelector(".message")?.textContent ?? "") ||
      seq < 0,
    seq,
    { timeout: WAIT },
  );
}

/** The smallest tap target on a touch screen, in CSS px. */
export const TAP = 44;

/** The smaller side, in CSS px on the screen, of the smallest place lit for a move on the board. */
export async function smallestLitPlace(page) {
  return page.evaluate(() => {
    let smallest = Infinity;
    for (const g of document.querySelectorAll("svg.board [data-place].target")) {
      const r = g.getBoundingClientRect();
      smallest = Math.min(smallest, r.width, r.height);
    }
    return smallest;
  });
}

/**
 * What a finger taps on the page that is smaller than TAP px either way: links, buttons, folds
 * (summary), inputs and the board's fold buttons, each as "tag text WxH". A link inside running
 * text (its paragraph or list item holds other words) is left out, as WCAG 2.5.8 leaves it out.
 */
export async function smallTapTargets(page) {
  return page.evaluate((tap) => {
    const inText = (e) => {
      const block = e.closest("p, li, dd, td");
      return e.tagName === "A" && block && block.textContent.trim() !== e.textContent.trim();
    };
    return [...document.querySelectorAll("a, button, summary, select, input, [role=button]")]
      .filter((e) => e.getClientRects().length && !e.closest("[hidden], svg [data-place]") && !inText(e))
      .map((e) => [e, e.getBoundingClientRect()])
      .filter(([, r]) => r.width > 0 && (r.width < tap - 0.5 || r.height < tap - 0.5))
      .map(
        ([e, r]) =>
          `${e.tagName.toLowerCase()} '${(e.textContent || e.getAttribute("aria-label") || "").trim().slice(0, 40)}' ${Math.round(r.width)}x${Math.round(r.height)}`,
      );
  }, TAP);
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A match created on `env.server` with `body` (POST /api/matches), then rebuilt from `seed`: the
 * server is stopped, the seed written into its database (Debian's sqlite3) and the server started
 * again, which rebuilds the match from that seed and its (empty) move log. A new match draws its
 * seed from the operating system and no request may choose one; this is how a test starts from a
 * known deal (computer seats then answer the same way each run: their agents are seeded from it).
 */
export async function matchFromSeed(env, body, seed) {
  const created = await env.server.api("POST", "/api/matches", body);
  await env.server.kill();
  const sql = `UPDATE matches SET seed = ${Number(seed)} WHERE id = '${created.id}';`;
  const r = spawnSync("sqlite3", [env.server.db, sql], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`sqlite3: ${r.error ?? r.stderr}`);
  await env.server.start();
  return created;
}

/** Pairs of the board's visible text labels whose boxes on the screen overlap, in words. */
export async function overlappingLabels(page) {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll("svg.board text")]
      .filter(
        (t) => t.getClientRects().length && getComputedStyle(t).display !== "none" && t.textContent.trim(),
      )
      .map((t) => [t.textContent.trim(), t.getBoundingClientRect()]);
    const out = [];
    // Glyph boxes include the font's leading: a pixel of touching is not an overlap.
    const slack = 1;
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, ra] = boxes[i];
        const [b, rb] = boxes[j];
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > slack && h > slack) out.push(`"${a}" × "${b}"`);
      }
    return out;
  });
}
