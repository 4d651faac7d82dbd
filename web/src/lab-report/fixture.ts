// The lab summary the report's unit tests draw, from two files `npm run fixture:lab-summary`
// writes from one real run (scripts/summary-fixture.mjs): summary.fixture.json, the figures (the
// conditions, comparisons, methods and the report's tables), and replay.fixture.json, the one game
// the report embeds for replay (its frames: observations, changes, estimates).
import figures from "./summary.fixture.json";
import replays from "./replay.fixture.json";
import type { LabSummary } from "./types";

const withoutReplays = figures as unknown as Omit<LabSummary, "report"> & {
  report: Omit<LabSummary["report"], "replays">;
};

/** The whole summary, as the report page's lab-summary block holds it. */
export const summary = {
  ...withoutReplays,
  report: { ...withoutReplays.report, replays },
} as unknown as LabSummary;
