// The legal actions into a buffer the caller keeps (State::legal_actions() returns a fresh vector
// each call): a learning loop that steps a game millions of times then allocates nothing per step.
#pragma once

#include <span>
#include <string>

#include "core/game.h"

namespace tabletop {

// Writes the action indices of `state`'s legal moves (game.h, "For learning"), in legal_moves'
// order, into out[0, n) and returns n. A buffer of game().num_distinct_actions() entries always
// suffices (legal moves are distinct, and so are their actions); throws Error when `out` is
// shorter than the list of legal moves.
inline int legal_actions(const State& state, std::span<int> out) {
  MoveList moves;
  state.legal_moves(moves);
  if (out.size() < moves.size())
    throw Error("the buffer for legal actions has " + std::to_string(out.size()) +
                " entries, and there are " + std::to_string(moves.size()) + " legal moves");
  for (std::size_t i = 0; i < moves.size(); ++i) out[i] = state.action_index(moves[i]);
  return int(moves.size());
}

}  // namespace tabletop
