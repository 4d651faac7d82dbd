// The random agent: a uniform choice among the legal moves, from its own seeded generator.
#pragma once

#include "ai/agent.h"

namespace tabletop::ai {

class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(uint64_t seed) : rng_(seed) {}
  Move choose(const State& state) override {
    MoveList moves;
    state.legal_moves(moves);
    return moves[rng_.uniform(uint32_t(moves.size()))];
  }
  std::string spec() const override { return "random"; }

 private:
  Rng rng_;
};

}  // namespace tabletop::ai
