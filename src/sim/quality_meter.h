// The game-quality measures of one game (GameQuality, lab.h), taken along the way from the states
// it passes through, at a sample of its plies so that measuring costs a small share of a random
// playout.
//
// Sampling. Both the legal moves and the game's estimate (State::estimate_returns) cost about as
// much as a ply of a fast random playout, so the meter reads the estimate at one ply in
// `lead_every` and generates the legal moves at one in `every` (a multiple of it): the plies
// p >= phase with p - phase a multiple of the stride, the phase drawn from the game's seed (so the
// same game is measured the same way on any thread or rank; the legal-move plies are estimate
// plies too). Over the random phase every ply is equally likely to be sampled, so:
//   - branching (legal moves per decision) is the mean over the sampled decisions;
//   - choices (decisions with more than one legal move, per seat) are the sampled count times
//     `every`: unbiased for the count over every ply;
//   - the lead is read at the estimate's samples: lead changes count the changes between samples
//     (a lead that passes and comes back within `lead_every` plies is missed), the leader at the
//     midpoint is the last sample's at or before it, the winner took the lead for good halfway
//     between the last sample it did not lead and the next, and its lowest estimate is over the
//     samples;
//   - the trajectories (GameQuality::trace, figure_trace) carry a row for every turn the game
//     reached, NaN in the turns no legal-move sample fell on: their means over games are over the
//     games that sampled the turn.
// Strides of 1 look at every ply: the exact measures. A game shorter than its phase has no
// legal-move sample: its branching is NaN (left out of the mean).
#pragma once

#include <cstdint>
#include <vector>

#include "core/move.h"
#include "sim/lab.h"

namespace tabletop::sim {

class QualityMeter {
 public:
  // Measures into `out` (out.measured is set) a game of `players` seats whose seed is `seed`.
  // `every` must be a multiple of `lead_every` (Plan checks it).
  QualityMeter(int players, int every, int lead_every, uint64_t seed, GameQuality& out);
  // Before each ply (terminal states excluded), in order: a comparison at a ply not sampled.
  // The fast path (a ply that reads only the estimate) stays inline: at the default stride of 1
  // it runs at every ply.
  void look(const State& state) {
    if (ply_ == next_) {
      if (ply_ == next_sample_ || ply_ == 0) {
        observe(state);
      } else {
        lead(state);
        next_ += lead_every_;
      }
    }
    ++ply_;
  }
  // After the last ply: `plies` played, `winner` the sole winner or -1.
  void finish(int plies, int winner);

 private:
  void lead(const State& state);
  void observe(const State& state);
  void sample(const State& state);
  void trace_row(const State& state, int turn);
  void pad_rows(int turns);  // NaN rows up to `turns` rows

  GameQuality& q_;
  const int n_, every_, lead_every_, phase_, lead_phase_;
  int ply_ = 0;
  int next_ = 0;     // the next ply to observe: the first, then the estimate's samples
  int next_sample_;  // the next legal-move sample
  int samples_ = 0;
  double legal_sum_ = 0;
  int previous_leader_ = -1;  // the last sole leader (ties left out)
  // The estimate samples' sole leaders (-1: shared or no estimate), run-length coded: the leader
  // changes hands a few times a game, so a run is stored at each change, not a byte a sample.
  struct Run {
    int first;  // the run's first estimate sample
    int leader;
  };
  std::vector<Run> runs_;
  int lead_samples_ = 0;  // estimate samples taken
  Returns lowest_;        // per seat: its lowest estimate so far
  Returns estimate_{};    // the last sample's estimate
  MoveList legal_;
  SeatFigures seat_figures_;
};

}  // namespace tabletop::sim
