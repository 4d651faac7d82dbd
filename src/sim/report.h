// The lab's report: a directory with a self-contained index.html (inline CSS and SVG charts, no
// scripts from elsewhere, no server, no network) and the outlier games as replayable records.
//
// The page shows the command line that made it, the methods, and per condition the seat and agent
// win shares with their Wilson intervals (chart and table), the game length (table and
// histogram), the figures the game exports, the quality measures and the trajectories (each seat's
// estimate, the legal moves, and each of the game's seat figures, turn by turn); then the paired
// variant differences, the tournament's ratings and win matrix, and the skill trace, when the run
// has them. Outliers (the longest and the shortest game, the most lead changes, the biggest
// comeback, a capped game, the rarest winner's first win) are saved as
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

// The page alone (what write_report puts in index.html); outlier links point to records/.
std::string report_html(const Summary& summary, const std::string& command_line,
                        const std::string& search = "");

}  // namespace tabletop::sim
