// What the computer players score an unfinished position with: the one place that picks between
// a learned value (learned_value.h) and the game's own `State::estimate_returns`.
//
// Greedy's one-ply scores, the search's leaves and prior, the reply check and the hints and
// analysis (advice.h) all ask an Evaluation. By default it is the game's estimate; agents take the
// option `value=game|learned` (`value=learned`: the learned value where one is compiled in for the
// game and player count, so the lab can compare the two). Not the default: its measured gain is
// within the noise of a few hundred games, and writing every seat's observation tensor at every
// scored position costs about three times a greedy ply (docs/ai.md, "Learned evaluations").
//
// Cheap to copy (a pointer); estimate() is thread-safe and allocation-free after a thread's first
// call (the tensor buffer is per thread and reused).
#pragma once

#include "ai/agent.h"
#include "ai/learned_value.h"

namespace tabletop::ai {

class Evaluation {
 public:
  // The game's estimate alone.
  Evaluation() = default;
  // The learned value of `game` where one exists and `learned` is true, else the game's estimate.
  explicit Evaluation(const Game& game, bool learned = false);
  // A given model (nullptr: the game's estimate), for tests and tools.
  explicit Evaluation(const LearnedValue* model) : model_(model) {}
  // From an agent's spec: `value=game` (the default) or `value=learned`. Throws BadParams for
  // another value. The caller lists "value" among its allowed options.
  static Evaluation from_spec(const Game& game, const AgentSpec& spec);

  // Every seat's estimated return in unfinished `state` into `out`; false when there is none (no
  // learned value and no game estimate: the caller falls back as it did without one).
  bool estimate(const State& state, Returns& out) const;

  // The learned model in use, or nullptr for the game's estimate.
  const LearnedValue* model() const { return model_; }

 private:
  const LearnedValue* model_ = nullptr;
};

}  // namespace tabletop::ai
