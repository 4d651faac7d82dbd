// The lifetime of matches (docs/server.md, Resign and abandon): a thread that, every quarter of
// the shorter of its two times (and at least hourly), abandons the open and running matches with
// no change of the game (a move, an undo, a seat taken over or resigned) for `abandon_after_s`
// seconds (serve --abandon-after-hours), each through its room as its creator's abandon is
// (Room::expire), and removes the finished and abandoned matches whose last change is older than
// `keep_s` seconds (serve --keep-days) with their moves, table talk and analyses
// (Store::remove_ended). 0 turns either off; both 0: no thread. With several processes each
// sweeps; a match another process abandoned first is simply found over.
#pragma once

#include <optional>
#include <utility>

#include "server/lobby.h"
#include "server/periodic_task.h"

namespace tabletop::server {

class MatchSweeper {
 public:
  // The most stalled matches one sweep abandons (the next sweep takes the rest).
  static constexpr int kAbandonPerSweep = 100;

  MatchSweeper(Lobby& lobby, double abandon_after_s, double keep_s);
  ~MatchSweeper();
  MatchSweeper(const MatchSweeper&) = delete;
  MatchSweeper& operator=(const MatchSweeper&) = delete;

  // One sweep as of `now` (seconds since the epoch): answers {matches abandoned, removed}.
  std::pair<int, int> sweep(long long now);

 private:
  Lobby& lobby_;
  const double abandon_after_s_;
  const double keep_s_;
  std::optional<PeriodicTask> task_;  // last: stopped before the members its job uses
};

}  // namespace tabletop::server
