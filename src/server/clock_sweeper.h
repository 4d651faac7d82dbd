// The clock sweep (docs/server.md, Clocks): a thread that, every `period_ms`, asks the database
// for the unfinished matches whose running person's deadline has passed
// (MatchStore::clock_expired) and has each one's room apply the time rule (Room::check_clock).
//
// One sweep thread for the whole server rather than a timer per room: the deadlines live in the
// database (the truth, shared by every process), a turn-based match may wait days with its room out
// of memory, and one indexed query a second costs the same for ten matches or ten thousand. A
// request to a match (a move, an undo, a resignation) checks its clock as well, so a late sweep
// never lets a move in after the time. With several processes each sweeps; only the holder of a
// match's lease applies its time-out (room.h), and the conditional write lets one through.
#pragma once

#include <optional>

#include "server/lobby.h"
#include "server/periodic_task.h"

namespace tabletop::server {

class ClockSweeper {
 public:
  // The most time-outs one sweep applies (the next sweep takes the rest).
  static constexpr int kPerSweep = 100;

  // `period_ms` <= 0: no thread (requests still check their match's clock).
  ClockSweeper(Lobby& lobby, int period_ms);
  ~ClockSweeper();
  ClockSweeper(const ClockSweeper&) = delete;
  ClockSweeper& operator=(const ClockSweeper&) = delete;

  // One sweep at the lobby's clock's now: answers how many time-outs it applied.
  int sweep();

 private:
  Lobby& lobby_;
  const int period_ms_;
  std::optional<PeriodicTask> task_;  // last: stopped before the members its job uses
};

}  // namespace tabletop::server
