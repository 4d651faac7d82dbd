// The lab summary the report's unit tests draw, from three files `npm run fixture:lab-summary`
// writes from one real run (scripts/summary-fixture.mjs), along the summary's own seams:
// summary.fixture.json, the figures `tabletop sim --json` writes (the conditions, comparisons and
// methods); report.fixture.json, what `--report` adds for the charts (per condition the estimate,
// move and length distributions and the outlying games); replay.fixture.json, the one game the
// report embeds for replay (its frames: observations, changes, estimates).
import figures from "./summary.fixture.json";
import charts from "./report.fixture.json";
import replays from "./replay.fixture.json";
import type { LabSummary } from "./types";

/** The whole summary, as the report page's lab-summary block holds it. */
export const summary = {
  ...figures,
  report: { ...charts, replays },
} as unknown as LabSummary;
