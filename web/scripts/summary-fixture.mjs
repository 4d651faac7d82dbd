// Writes the lab summary the lab report's unit tests draw (src/lab-report/fixture.ts, for
// report.test.ts and replay-panel.test.ts): the lab-summary block of a real `tabletop sim --report`
// run (the command in RUN), with its replays cut to the shortest game so the files stay small, in
// three files along the summary's own seams (src/lab-report/): summary.fixture.json, the figures
// `tabletop sim --json` writes (conditions, comparisons, methods); report.fixture.json, what
// `--report` adds for the page's charts (report, less its replays: per condition the estimate, move
// and length distributions and the outlying games); replay.fixture.json, the game replayed
// (report.replays).
//   node scripts/summary-fixture.mjs          rewrite the fixture (npm run fixture:lab-summary)
//   node scripts/summary-fixture.mjs --check  fail when a fresh run's figures differ from the
//                                             committed fixture (timings aside)
// Run from web/ after building the binary (make build). `make test-web` runs the check, so a change
// to what the lab writes cannot leave the report's tests drawing figures the lab no longer makes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { format } from "prettier";
import { BIN } from "../e2e/harness.mjs";

export const FIXTURE = path.join(import.meta.dirname, "..", "src/lab-report/summary.fixture.json");
export const REPORT_FIXTURE = path.join(import.meta.dirname, "..", "src/lab-report/report.fixture.json");
export const REPLAY_FIXTURE = path.join(import.meta.dirname, "..", "src/lab-report/replay.fixture.json");
export const RUN = [
  "sim",
  "relativity",
  "-n",
  "6",
  "-j",
  "2",
  "--rotate",
  "--agents",
  "random,greedy",
  "--sweep",
  "max_plies=10000,40",
  "--seed",
  "3",
  "--report",
  "report",
];

/** The summary a fresh run inlines in its report page. */
function runSummary() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-summary-"));
  try {
    // Run in a scratch directory so that the command line the page shows names no temporary path.
    const run = spawnSync(BIN, RUN, { encoding: "utf8", cwd: dir });
    if (run.status !== 0) throw new Error(`${BIN} ${RUN.join(" ")} failed: ${run.stderr}`);
    const page = fs.readFileSync(path.join(dir, "report", "index.html"), "utf8");
    const slot = '<script type="application/json" id="lab-summary">';
    const at = page.lastIndexOf(slot);
    if (at < 0) throw new Error("the report page has no lab-summary block");
    const end = page.indexOf("</script>", at);
    return JSON.parse(page.slice(at + slot.length, end));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The summary with its replays cut to the shortest game, and the links to the others dropped. */
export function cutToShortestReplay(summary) {
  const replays = summary.report.replays;
  const kept = replays.games.reduce((best, g, i) => (g.plies < replays.games[best].plies ? i : best), 0);
  replays.games = [replays.games[kept]];
  replays.links = Object.fromEntries(
    Object.entries(replays.links)
      .filter(([, l]) => l.game === kept)
      .map(([name, l]) => [name, { ...l, game: 0 }]),
  );
  for (const c of summary.report.conditions)
    for (const o of c.outliers ?? [])
      if (o.replay !== undefined && !(o.replay in replays.links)) delete o.replay;
  return summary;
}

/** The value with every timing ("seconds") removed: what a second run must reproduce. */
function withoutTimings(value) {
  if (Array.isArray(value)) return value.map(withoutTimings);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== "seconds")
        .map(([k, v]) => [k, withoutTimings(v)]),
    );
  return value;
}

/** The summary as its three files: the figures, the report's chart data and the replays. */
function splitFixture(summary) {
  const { report, ...figures } = summary;
  const { replays, ...charts } = report;
  return [
    [FIXTURE, figures],
    [REPORT_FIXTURE, charts],
    [REPLAY_FIXTURE, replays],
  ];
}

if (process.argv[1] === import.meta.filename) {
  const files = splitFixture(cutToShortestReplay(runSummary()));
  if (process.argv.includes("--check")) {
    for (const [file, fresh] of files) {
      const committed = JSON.parse(fs.readFileSync(file, "utf8"));
      const a = JSON.stringify(withoutTimings(committed));
      const b = JSON.stringify(withoutTimings(fresh));
      if (a !== b) {
        console.error(`${file} is stale: run npm run fixture:lab-summary in web/ and commit it`);
        process.exit(1);
      }
      console.log(`${file} is up to date`);
    }
  } else {
    for (const [file, fresh] of files) {
      const text = await format(JSON.stringify(fresh), { parser: "json", printWidth: 110 });
      fs.writeFileSync(file, text);
      console.log(`wrote ${file}`);
    }
  }
}
