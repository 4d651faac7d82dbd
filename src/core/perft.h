// Perft (Stockfish's name): the number of move sequences of exactly `depth` moves from a state.
// A sequence that reaches the end of the game early does not count. Pinned counts from fixed
// positions are rule tests: they change when move generation changes.
#pragma once

#include <cstdint>

#include "core/game.h"

namespace tabletop {

inline uint64_t perft(const State& state, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  state.legal_moves(moves);
  if (depth == 1) return moves.size();
  uint64_t total = 0;
  for (Move m : moves) {
    std::unique_ptr<State> child = state.clone();
    child->apply(m);
    total += perft(*child, depth - 1);
  }
  return total;
}

}  // namespace tabletop
