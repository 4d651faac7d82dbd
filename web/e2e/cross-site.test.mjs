// Another site's page in a real browser tries to use the visitor's Tabletop server: a page served
// from a second origin (another port on 127.0.0.1) posts new matches and a deck as a form would
// and as JSON, submits a form into a hidden frame and opens a WebSocket to the server. Every one
// is refused and nothing is created. A page reaching the server under a foreign name (DNS
// rebinding, simulated with Chromium's --host-resolver-rules) is refused too, while the server's
// own page, under its Content-Security-Policy, loads without a console error and may do all of it.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, test } from "node:test";
import {
  assertNoConsoleErrors,
  launchBrowser,
  recordingPage,
  until,
  WAIT,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();
let evil = null;
let evilUrl = "";

const NEW_MATCH = JSON.stringify({
  game: "relativity",
  seats: [{ kind: "human" }, { kind: "human" }],
});

/** The other site's page: it runs its attacks on the Tabletop server at `target` on load. */
function evilPage(target) {
  return `<!doctype html><title>another site</title>
<iframe name="sink" title="sink"></iframe>
<form id="form" method="post" target="sink" enctype="text/plain" action="${target}/api/matches">
<input name='{"game":"relativity","seats":[{"kind":"human"},{"kind":"human"}],"x":"' value='"}'>
</form>
<script>
window.results = {};
async function attempt(name, run) {
  try {
    const r = await run();
    window.results[name] = r.type === "opaque" ? "opaque" : "status " + r.status;
  } catch (e) {
    window.results[name] = "failed: " + e.message;
  }
}
(async () => {
  const body = ${JSON.stringify(NEW_MATCH)};
  await attempt("no-cors form", () => fetch("${target}/api/matches", { method: "POST", mode: "no-cors",
    headers: { "Content-Type": "application/x-www-form-urlencoded" }, body }));
  await attempt("no-cors text", () => fetch("${target}/api/matches", { method: "POST", mode: "no-cors",
    headers: { "Content-Type": "text/plain" }, body }));
  await attempt("cors json", () => fetch("${target}/api/matches", { method: "POST",
    headers: { "Content-Type": "application/json" }, body }));
  await attempt("no-cors deck", () => fetch("${target}/api/decks?name=stolen", { method: "POST",
    mode: "no-cors", body: "BEGIN:VCARD\\nVERSION:3.0\\nFN:Ada\\nEND:VCARD\\n" }));
  window.results.websocket = await new Promise((resolve) => {
    const ws = new WebSocket("${target.replace("http", "ws")}/ws");
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "ping" }));
      resolve("open");
    };
    ws.onclose = (e) => resolve("closed " + e.code);
  });
  document.getElementById("form").submit();
  window.results.done = true;
})();
</script>`;
}

before(async () => {
  // The second origin: its own port on 127.0.0.1, serving the page above.
  evil = http.createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(evilPage(env.server.url));
  });
  await new Promise((resolve) => evil.listen(0, "127.0.0.1", resolve));
  evilUrl = `http://127.0.0.1:${evil.address().port}/`;
});
after(() => new Promise((resolve) => (evil ? evil.close(resolve) : resolve())));

test("another site's page cannot create matches, upload decks or open a WebSocket", async () => {
  const page = await recordingPage(env.browser);
  // What the browser really got from the Tabletop server (a no-cors answer is opaque to the page).
  const statuses = [];
  page.on("response", (r) => {
    if (r.url().startsWith(env.server.url)) statuses.push(`${r.request().method()} ${r.status()}`);
  });
  await page.goto(evilUrl);
  await page.waitForFunction(() => window.results?.done === true, null, { timeout: WAIT });
  const results = await page.evaluate(() => window.results);
  // Three fetches, and the form's navigation into the frame (its answer may come after the script
  // is done; the frame cannot be read from here: it is the server's origin, and refuses framing).
  const posts = () => statuses.filter((s) => s.startsWith("POST"));
  await until(() => posts().length >= 4, "the four posts answered");

  assert.equal(results["no-cors form"], "opaque");
  assert.equal(results["no-cors text"], "opaque");
  assert.match(results["cors json"], /^failed/, "the preflight is never granted");
  assert.equal(results["no-cors deck"], "opaque");
  assert.match(results.websocket, /^closed/, "the WebSocket never opens");
  // Each post that reached the server was refused: 403, never 201.
  assert.deepEqual(
    posts().filter((s) => s !== "POST 403"),
    [],
    `every post refused: ${statuses.join(", ")}`,
  );
  assert.deepEqual(await env.server.api("GET", "/api/matches"), [], "no match was created");
  await page.context().close();
});

test("the server's own page, under its Content-Security-Policy, may do what the other site may not", async () => {
  const page = await recordingPage(env.browser);
  const response = await page.goto(env.server.url + "/");
  const csp = response.headers()["content-security-policy"] ?? "";
  assert.match(csp, /script-src 'self'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(response.headers()["cache-control"], "no-store");
  await page.waitForSelector("#game", { timeout: WAIT });
  const result = await page.evaluate(async (body) => {
    const r = await fetch("/api/matches", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    const created = await r.json();
    const opened = await new Promise((resolve) => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      ws.onopen = () => {
        ws.send(JSON.stringify({ type: "hello", match: created.id }));
      };
      ws.onmessage = (e) => {
        if (JSON.parse(e.data).type === "state") resolve("state");
        ws.close();
      };
      ws.onclose = (e) => resolve("closed " + e.code);
    });
    return { status: r.status, opened };
  }, NEW_MATCH);
  assert.deepEqual(result, { status: 201, opened: "state" });
  assertNoConsoleErrors(page, "the lobby under its Content-Security-Policy");
  await page.context().close();
});

test("a page reaching the server under a foreign name (DNS rebinding) is refused", async () => {
  const browser = await launchBrowser(["--host-resolver-rules=MAP rebound.example 127.0.0.1"]);
  try {
    const page = await browser.newPage();
    const port = new URL(env.server.url).port;
    const response = await page.goto(`http://rebound.example:${port}/`);
    assert.equal(response.status(), 421);
    assert.match(await page.innerText("body"), /does not answer to the name 'rebound\.example'/);
    const api = await page.goto(`http://rebound.example:${port}/api/games`);
    assert.equal(api.status(), 421);
  } finally {
    await browser.close();
  }
});
