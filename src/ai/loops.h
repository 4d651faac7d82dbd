// Loops: positions a seat has seen again. A move after which the seat would see a position it
// has already seen in this game goes round in a loop (a step taken back, an attack that can only
// tie repeated); where the search values it within kLoopMargin of the best move that does not,
// the one that does not is played. One rule for the hint (advice.h) and the computer seats
// (MctsAgent), so both make progress where progress costs nothing.
//
// Secrecy: a position is the seat's own observation (State::observation(seat)), nothing it may
// not know; the position after a move of its own is read off a sample of what it cannot see
// (`determinize`), so a move that reveals something is never a loop (its observation holds the
// sample's draw, not the truth).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/game.h"

namespace tabletop::ai {

// The chance of winning an expected return `value` stands for in `game`: a return r stands for
// (r - loss) / (1 - loss) with loss = Game::loss_return(), clamped to [0, 1]; 0.5 for a value that
// is not finite.
double win_chance(const Game& game, double value);

// A looping move gives way to the best candidate that does not loop unless it is worth this much
// more chance of winning.
inline constexpr double kLoopMargin = 0.05;

// The positions one seat has seen, each kept as a 64-bit hash of its observation's JSON text.
class SeenPositions {
 public:
  // The key of `observation_text` (an observation's JSON text, as `observation(seat).dump()`).
  static uint64_t key(const std::string& observation_text);
  // The key of what `seat` sees in `state`.
  static uint64_t key(const State& state, Seat seat);

  void add(uint64_t key) { keys_.insert(key); }
  void add(const State& state, Seat seat) { add(key(state, seat)); }
  bool contains(uint64_t key) const { return keys_.count(key) != 0; }
  bool empty() const { return keys_.empty(); }
  std::size_t size() const { return keys_.size(); }
  void clear() { keys_.clear(); }

 private:
  std::unordered_set<uint64_t> keys_;
};

// The loop rule. `chances[i]`: candidate i's chance of winning (NaN: not a candidate); `chosen`:
// the candidate the search prefers; `loops(i)`: whether candidate i returns to a seen position
// (asked only when needed: for `chosen`, then for the others when it loops). Returns `chosen`
// unless it loops and the best candidate that does not is worth more than its chance minus
// kLoopMargin; then that candidate.
std::size_t avoid_loop(const std::vector<double>& chances, std::size_t chosen,
                       const std::function<bool(std::size_t)>& loops);

}  // namespace tabletop::ai
