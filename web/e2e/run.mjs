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
stream.on("test:fail", () => {
  process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
