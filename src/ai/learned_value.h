// A learned value: a seat's final return predicted from what it sees, fitted to self-play.
//
// The model is linear (ridge regression): for seat s,
//   value(s) = clamp(bias + estimate_weight * estimate(s) + sum_i weights[i] * x_s[i])
// where x_s is `State::observation_tensor(s)` (core/game.h: only what s may know, fixed shape per
// game) and estimate(s) is the game's own `State::estimate_returns` for s (0 where the game has
// none), clamped to the game's utility range [min, max]. Linear because the fit is closed-form
// and deterministic from the data, needs few positions for tens of thousands of weights with a
// ridge penalty, and costs one dot product a seat at a search's leaf: the game's estimate stays
// an input, so the fit starts from it and learns what the tensor adds.
//
// A model is data (data/values/<game>-<players>.json, written by scripts/train-value with the
// command that made it and its held-out score; docs/ai.md "Learned evaluations"). The files are
// compiled in (src/ai/CMakeLists.txt), so no file is opened at run time; `learned_value(game,
// players)` finds one. A model applies to every variant of its game at its player count.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/game.h"

namespace tabletop::ai {

class LearnedValue {
 public:
  // Reads a model: {"game", "players", "inputs", "bias", "estimate_weight", "weights" (inputs
  // numbers), "min", "max"} (other fields, such as the training note, are kept out of the model).
  // Throws Error naming the file's game and the field that is missing, ill-typed or inconsistent.
  static LearnedValue from_json(const json& j);

  const std::string& game() const { return game_; }
  int players() const { return players_; }
  int inputs() const { return int(weights_.size()); }

  // True when this model fits `game`: the same id and player count, and an observation tensor
  // with exactly inputs() numbers.
  bool fits(const Game& game) const;

  // Seat `seat`'s value in `state` given the game's estimate for it (`estimate`, 0 where the game
  // has none); `tensor` (inputs() floats) is scratch, overwritten. No allocation.
  double value(const State& state, Seat seat, double estimate, std::span<float> tensor) const;

  // The value of an observation tensor already written (`x`, inputs() floats).
  double value_of(std::span<const float> x, double estimate) const;

 private:
  std::string game_;
  int players_ = 0;
  double bias_ = 0, estimate_weight_ = 0, min_ = -1, max_ = 1;
  std::vector<float> weights_;
  // The indices of the nonzero weights, for the dot product.
  std::vector<int> active_;
};

// The compiled-in model for `game` at its player count, or nullptr when there is none (or its
// shape does not fit the game). The models are read once, on first use; a compiled-in file that
// does not read throws Error naming it then (a test reads every one).
const LearnedValue* learned_value(const Game& game);

// Every compiled-in model (for tests and the docs).
const std::vector<LearnedValue>& learned_values();

}  // namespace tabletop::ai
