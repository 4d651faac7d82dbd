// Runs the end-to-end tests one file after another (they share the machine's two cores).
import { run } from "node:test";
import { spec } from "node:test/reporters";
import fs from "node:fs";
import path from "node:path";

import { spawnSync } from "node:child_process";
import { BIN } from "./harness.mjs";

// The browser tests need a real server; nothing here fakes one. A binary without `serve` is a
// broken build, not a reason to skip.
const help = spawnSync(BIN, ["--help"], { encoding: "utf8" });
if (help.status !== 0 || !/^\s+serve\b/m.test(help.stdout)) {
  console.error(`e2e: ${BIN} does not run or has no 'serve' subcommand: build it first (make build)`);
  process.exit(1);
}

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".test.mjs") && (only.length === 0 || only.some((o) => f.includes(o))))
  .map((f) => path.join(dir, f));
const stream = run({ files, concurrency: 1, timeout: 240_000 });
// Each failure again in a few lines at the very end, so that a log cut to its tail still says
// what failed and why.
const failures = [];
stream.on("test:fail", (event) => {
  process.exitCode = 1;
  const error = event.details?.error;
  const cause = error?.cause ?? error;
  let message = String(cause?.message ?? cause ?? "").split("\n")[0];
  if (cause && typeof cause === "object" && "actual" in cause && "expected" in cause) {
    const short = (v) => (JSON.stringify(v) ?? String(v)).slice(0, 300);
    message += ` (actual ${short(cause.actual)}, expected ${short(cause.expected)})`;
  }
  failures.push(`${event.file ? path.basename(event.file) : ""}: ${event.name}: ${message}`);
});
const reporter = stream.compose(spec);
reporter.pipe(process.stdout, { end: false });
reporter.on("end", () => {
  if (failures.length)
    process.stdout.write(`\ne2e failures (${failures.length}):\n${failures.map((f) => `- ${f}\n`).join("")}`);
});
