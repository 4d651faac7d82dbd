// The report's replays: a click on an outlier game (the longest, the shortest, the one whose lead
// changed hands most often, a capped game, the rarest winner's win) opens it in a panel of the
// report itself, which stays one self-contained file: no server, no scripts from elsewhere.
//
// The lab replays each outlier record once, when it writes the report, and embeds what a spectator
// of that game would have seen at every step: the board as the game draws it for a terminal
// (`State::render(kSpectator)`), the status line (`turn_status`), the log lines the step wrote
// (`EventLog::for_viewer(kSpectator)`), who moved and, for a game without hidden information, the
// move in the game's notation (a hidden-information game's spectator sees only that a seat moved,
// as in `tabletop replay --step`). Nothing a spectator could not know reaches the page. Each
// seat's estimated return (`estimate_returns`) at every step is embedded too, since the
// designer's question about an outlier is usually "when did it turn"; it is the lab's own
// measuring (the same numbers as the trajectories), not a player's view.
//
// The page's script (kReplayScript) shows one step at a time, with buttons (start, back, next,
// end), a slider, the arrow keys, the moves so far and the log up to the step.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/record.h"

namespace tabletop::sim {

// One outlier the report links to.
struct ReplayLink {
  std::string key;    // "0-longest": the element's data-replay and the record's file stem
  std::string title;  // "the longest game (212 plies), baseline"
  const Record* record = nullptr;
};

// The steps of `record` as a spectator sees them (see above), as JSON:
//   {"title", "game", "seats": [{"name", "agent"}], "result": [...], "frames": [{"ply", "mover",
//    "move" (absent when hidden), "board" (absent when equal to the previous frame's), "status",
//    "log": [...], "estimate": [...] (absent when the game supplies none)}]}.
// Throws BadRecord when the record does not replay in `game`.
json replay_frames(const Game& game, const Record& record, const std::string& title);

// The panel (hidden until an outlier is clicked), the replays as an inline JSON block and the
// script that plays them. Empty when `replays` is empty.
std::string replay_panel(const json& replays);

}  // namespace tabletop::sim
