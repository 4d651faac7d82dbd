// The lab's report page (tabletop sim --report DIR writes it as DIR/index.html): everything drawn
// from the figures the lab inlined as <script type="application/json" id="lab-summary">
// (src/sim/report.h). Built into one self-contained file by `npm run build:lab-report`
// (scripts/lab-report-page.mjs); the page asks for nothing from elsewhere.
import "../style.css";
import "./lab-report.css";
import { head } from "./head";
import {
  comparisonsSection,
  conditionSection,
  sharedAxes,
  skillSection,
  tournamentSection,
} from "./sections";
import { replayPanel } from "./replay-panel";
import type { LabSummary } from "./types";

/** The whole report of `summary` into `root`. */
export function renderReport(root: HTMLElement, summary: LabSummary): void {
  const axes = sharedAxes(summary.conditions);
  const parts = [
    ...head(summary),
    ...summary.conditions.map((_, i) => conditionSection(summary, i, axes)),
    comparisonsSection(summary),
    tournamentSection(summary),
    skillSection(summary),
  ];
  if (Object.keys(summary.report.replays.links).length) parts.push(replayPanel(summary.report.replays));
  root.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
  document.title = `Balance lab: ${summary.conditions[0]?.game ?? ""}`;
}

const data = document.getElementById("lab-summary")?.textContent?.trim();
const root = document.getElementById("lab");
if (root) {
  if (data) {
    renderReport(root, JSON.parse(data) as LabSummary);
    document.body.dataset.drawn = "true";
  } else {
    root.textContent =
      "This page is the lab's report; `tabletop sim --report DIR` writes it with its figures.";
  }
}
