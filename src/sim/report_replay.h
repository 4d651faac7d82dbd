// The report's replays: a click on an outlier game (the longest, the shortest, the one whose lead
// changed hands most often, the biggest comeback, a capped game, the rarest winner's win) opens it
// in a panel of the report itself, which stays one self-contained file: no server, no network.
//
// The lab replays each outlier record once, when it writes the report, and embeds what a spectator
// of that game would have seen at every step: the game's spectator observation
// (`State::observation(kSpectator)`, the JSON the web client's drawing of the game draws, as in a
// finished match's replay), the log lines the step wrote (`EventLog::for_viewer(kSpectator)`), who
// moved and, for a game without hidden information, the move in the game's notation (a
// hidden-information game's spectator sees only that a seat moved, as in `tabletop replay
// --step`). Nothing a spectator could not know reaches the page. Each seat's estimated return
// (`estimate_returns`) at every step is embedded too, since the designer's question about an
// outlier is usually "when did it turn"; it is the lab's own measuring (the same numbers as the
// trajectories), not a player's view. The page (web/src/lab-report/replay-panel.ts) draws them.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/record.h"

namespace tabletop::sim {

// What changed from one observation (a JSON object) to the next, so a long game's steps stay
// small (the card game's spectator sees every card's face at every step):
//   {"set": {key: the new value}, "sub": {key: the change of an object that stays an object},
//    "del": [keys no longer there]}, each part absent when empty. The page applies it
// (web/src/lab-report/observations.ts).
json observation_change(const json& before, const json& after);

// At most this many steps of one game are embedded: the first and the last half of them, with
// the gap between marked (a random Siege game can run to its 20,000-ply cap, and nobody steps
// through that by hand); the record file beside the page has every move (`tabletop replay --step`).
inline constexpr int kReplaySteps = 1000;

// The steps of `record` as a spectator sees them (see above), as JSON:
//   {"game" (the id), "name", "plies", "seats": [{"name", "agent"}], "result": [...],
//    "frames": [{"ply", "mover", "move" (absent when hidden), "observation" (whole: the first
//    frame and the one after a gap) or "change" (from the previous frame's, observation_change),
//    "gap" (moves left out just before this frame), "log": [...], "estimate": [...] (absent when
//    the game supplies none)}]}.
// Throws BadRecord when the record does not replay in `game`.
json replay_frames(const Game& game, const Record& record);

// The report's replays: each outlier key ("0-longest") with its title, and the games themselves,
// each replayed once however many outliers it is (the longest game is often also the capped one).
class Replays {
 public:
  void add(const std::string& key, const std::string& title, const Game& game,
           const Record& record);
  bool empty() const { return records_.empty(); }
  // {"games": [replay_frames...], "links": {key: {"game": index, "title": title}}}
  const json& to_json() const { return json_; }

 private:
  std::vector<const Record*> records_;
  json json_ = {{"games", json::array()}, {"links", json::object()}};
};

}  // namespace tabletop::sim
