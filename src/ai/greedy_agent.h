// The greedy agent: one ply of look-ahead. For each legal move it plays the move on a sampled state
// and scores the result for the seat that moved: `returns()` when the game is over there, otherwise
// the estimate (evaluation.h: a learned value where one exists, else the game's
// `State::estimate_returns`) when there is one, otherwise 0 (so a game without an
// estimate is played randomly except for moves that end it). The best score wins; ties are broken
// uniformly at random.
//
// The sampled states come from `State::determinize(seat, rng)`: the agent sees only its own seat's
// information, and chance after the move (a die, a deal) is sampled, not known. Scores are averaged
// over `samples` such states (spec "greedy:samples=N"; default 1 for a perfect-information game
// without chance, 8 otherwise). `value=learned` scores with the learned value where one exists
// (spec "greedy:value=learned"); the default, `value=game`, with the game's estimate.
#pragma once

#include <vector>

#include "ai/agent.h"
#include "ai/evaluation.h"

namespace tabletop::ai {

// Greedy's scores, also the search's prior (mcts.h): for each of `moves` (legal in `base`), the
// return of `seat` one ply after it, summed over `samples` states drawn by `base.determinize(seat,
// rng)` (`returns()` where the game is over, else `eval`'s estimate, else 0), into `score`.
void one_ply_scores(const State& base, Seat seat, const MoveList& moves, int samples, Rng& rng,
                    const Evaluation& eval, std::vector<double>& score);

// The return of `seat` after `move` (legal in `state`) on `state` itself, no sample drawn:
// `returns()` where the game is over, else `eval`'s estimate, else 0. One term of one_ply_scores.
double one_ply_score(const State& state, Seat seat, Move move, const Evaluation& eval);

class GreedyAgent final : public Agent {
 public:
  // Throws BadParams for an unknown or out-of-range option.
  GreedyAgent(const Game& game, const AgentSpec& spec, uint64_t seed);
  Move choose(const State& state) override;
  std::string last_decision_note() const override { return note_; }
  std::string spec() const override { return spec_; }

 private:
  Rng rng_;
  int samples_;
  Evaluation eval_;
  bool hidden_;  // a hidden-information game: no decision note (agent.h)
  std::string spec_;
  std::string note_;
};

}  // namespace tabletop::ai
