// Loops: positions a seat has seen again. A move after which the seat would see a position it
// has already seen in this game goes round in a loop (a step taken back, an attack that can only
// tie repeated). A loop is counted as a draw at best (as chess engines score a repetition): a game
// whose seats keep going round ends at the engine's ply cap, which every game scores as a draw, so
// a looping move is worth no more than a draw's chance (draw_chance: a fair share, 1/n), whatever
// the estimate says of the position it returns to. Where the best move that does not loop is
// worth more than that counted value less kLoopMargin, it is played. So a seat ahead (the estimate
// gives it more than a fair share, a draw takes it away) makes progress when any is worth more
// than a draw, and a seat behind, for which the draw is the better outcome, leaves a loop only
// where progress costs less than the margin. One rule for the hint (advice.h) and the computer
// seats (MctsAgent).
//
// A position is the seat's own observation (State::observation(seat)) without its move counter
// (a top-level "ply", which some games show): the same fields and pieces a hundred plies later are
// the same position (position_text). Secrecy: nothing the seat may not know is read; the position
// after a move of its own is read off a sample of what it cannot see
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
// more chance of winning (its chance counted at most as a draw's).
inline constexpr double kLoopMargin = 0.05;

// The chance of winning a draw stands for in `game`: a fair share, 1 / num_players().
double draw_chance(const Game& game);

// What `seat` sees in `state` as a position: its observation's JSON text without the top-level
// "ply" member (the move counter, which never repeats).
std::string position_text(const State& state, Seat seat);

// The positions one seat has seen, each kept as a 64-bit hash of its position_text.
class SeenPositions {
 public:
  // The key of `position` (a position_text).
  static uint64_t key(const std::string& position);
  // The key of what `seat` sees in `state` (of its position_text).
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
// the candidate the search prefers; `draw`: the chance a draw stands for (draw_chance);
// `loops(i)`: whether candidate i returns to a seen position (asked only when needed: for
// `chosen`, then for the others when it loops). Returns `chosen` unless it loops and the best
// candidate that does not is worth more than min(chances[chosen], draw) minus kLoopMargin; then
// that candidate.
std::size_t avoid_loop(const std::vector<double>& chances, std::size_t chosen, double draw,
                       const std::function<bool(std::size_t)>& loops);

}  // namespace tabletop::ai
