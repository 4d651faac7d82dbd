// The lab's report: a directory with a self-contained index.html (no scripts from elsewhere, no
// server, no network) and the outlier games as replayable records.
//
// The page is the web client's lab report (web/src/lab-report/), built by `npm run
// build:lab-report` into one HTML file, data/lab-report-page.html, which is compiled into the
// program. The lab writes that page with its figures inlined as
// <script type="application/json" id="lab-summary">: the summary JSON (`tabletop sim --json`,
// Summary::to_json) with a "report" member holding what only the page shows (report_data). The
// page's script draws everything from it: the command line that made it, the methods, per
// condition the seat and agent win shares with their Wilson intervals (chart and table), the game
// length (table and histogram), the figures the game exports, the quality measures and the
// trajectories (each seat's estimate, the legal moves, and each of the game's seat figures, turn
// by turn); then the paired variant differences, the tournament's ratings and win matrix, and the
// skill trace, when the run has them. Outliers (the longest and the shortest game, the most lead
// changes, the biggest comeback, a capped game, the rarest winner's first win) are saved as
// records/<condition>-<kind>.json, which `tabletop replay` opens, and embedded step by step for the
// page's own replay panel (report_replay.h): a click on an outlier replays it in the page.
#pragma once

#include <string>

#include "sim/summary.h"

namespace tabletop::sim {

// Writes `dir`/index.html and `dir`/records/*.json (creating the directories). Throws Error when a
// file cannot be written.
// `search`: a variant search's account (tabletop sim --search), shown first; empty for others.
void write_report(const Summary& summary, const std::string& dir, const std::string& command_line,
                  const std::string& search = "");

// What the page draws: Summary::to_json() with "report": {"command_line", "search",
// "conditions": [{"design_effect", "plies_counts" ([[value, games], ...]), "figure_counts" ({name:
// [[value, games], ...]}), "estimate" and "legal_moves" ({"mean": [turn][seat], "sd": ...} over
// the turns at least a tenth of the games reached; null when fewer than two), "outliers": [{"kind",
// "link", "detail", "record" (its file), "replay" (its key in "replays", absent without one)}]}],
// "replays": Replays::to_json()}.
json report_data(const Summary& summary, const std::string& command_line,
                 const std::string& search = "");

// The page alone (what write_report puts in index.html): the built page with report_data inlined,
// every "<" in the JSON written \u003c so no text in it can end the script block.
std::string report_html(const Summary& summary, const std::string& command_line,
                        const std::string& search = "");

}  // namespace tabletop::sim
