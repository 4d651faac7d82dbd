// The game-quality measures of one game (GameQuality, lab.h), taken at every ply from the states
// it passes through: the legal moves (branching, decisions with a choice), the game's estimate of
// each seat's outcome (State::estimate_returns: the lead, its changes, the winner's lowest point)
// and, at the first ply of each turn, a trajectory row (each seat's estimate, the legal moves, the
// game's seat figures). Every measure is exact for the game measured.
//
// Measuring a game costs about as much as playing it at random (the legal moves at every ply are
// half of a random playout): the lab keeps the cost down by measuring a sample of the deals, not
// of the plies (Plan::quality_every, lab.h).
#pragma once

#include <vector>

#include "core/move.h"
#include "sim/lab.h"

namespace tabletop::sim {

class QualityMeter {
 public:
  // Measures into `out` (out.measured is set) a game of `players` seats.
  QualityMeter(int players, GameQuality& out);
  // Before each ply (terminal states excluded), in order.
  void look(const State& state);
  // After the last ply: `plies` played, `winner` the sole winner or -1.
  void finish(int plies, int winner);

 private:
  void lead(const State& state);
  void trace_row(const State& state);

  GameQuality& q_;
  const int n_;
  int ply_ = 0;
  double legal_sum_ = 0;
  int previous_leader_ = -1;  // the last sole leader (ties left out)
  // The sole leader at each ply (-1: shared or no estimate), run-length coded: the leader changes
  // hands a few times a game, so a run is stored at each change, not a byte a ply.
  struct Run {
    int first;  // the run's first ply
    int leader;
  };
  std::vector<Run> runs_;
  Returns lowest_;      // per seat: its lowest estimate so far
  Returns estimate_{};  // this ply's estimate
  MoveList legal_;
  SeatFigures seat_figures_;
};

}  // namespace tabletop::sim
