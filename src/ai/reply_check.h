// The reply check of hints and the analysis (advice.h): what the other seats' best immediate
// answers to a move take from its mover, a look two plies deep that the search's budget may not
// reach (a search spreads a few thousand iterations over tens of moves, each first valued by the
// game's estimate one ply after it, so the answer that takes a trophy is found only for the moves
// it visits often).
//
// The check of a move, on each of a few samples of what the mover cannot see
// (`State::determinize(mover)`, the same samples for every move checked): play the move, then let
// every other seat to move play greedy's move on the sample (the best one-ply score for itself:
// greedy_agent.h, the first of equal scores) until the mover's next decision or the end; the
// mover's return there (`returns()` at the end, else the estimate: evaluation.h, the learned value
// where one exists) averaged over the
// samples is the move's reply value. A move after which the mover decides again at once (a chain
// of its own decisions) has no reply value: nothing answers it yet.
//
// Secrecy: the samples are the mover's, as the search's are; the answers are played on them, so
// the check is a function of what the mover may know and of the seed.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/evaluation.h"
#include "core/game.h"

namespace tabletop::ai {

class ReplyCheck {
 public:
  // Samples of `state` as its seat to move sees it: one for a perfect-information game (whose
  // chance, if any, is a later deal the answers seldom reach), kSamples otherwise. `usable()` is
  // false for a game without an estimate.
  ReplyCheck(const State& state, uint64_t seed);
  bool usable() const { return usable_; }
  int samples() const { return int(samples_.size()); }
  // The mover's mean return after `move` (legal in the state) and the answers, or NaN when the
  // mover decides again at once on every sample.
  double reply_value(Move move) const;

  // The mover's position (loops.h, position_text) after `move` on the first sample.
  std::string seen_after(Move move) const;

  static constexpr int kSamples = 4;
  // The most answers played after a move before the estimate is read.
  static constexpr int kMaxAnswers = 8;

 private:
  Seat mover_;
  Evaluation eval_;
  bool usable_ = false;
  std::vector<std::unique_ptr<State>> samples_;
};

}  // namespace tabletop::ai
