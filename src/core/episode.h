// Episode: one game played step by step the way learning algorithms see a game (OpenSpiel's
// State): the seat to move acts by action index (State::action_index), chance acts as a player of
// its own whose outcomes and probabilities are explicit, and any step can be taken back. The
// Python package (python/) wraps it; C++ programs may use it the same way.
//
// Two chance modes:
//   - kSampled: chance is drawn inside each move from the seeded stream, as in play and search
//     (fast; the episode is never at a chance node);
//   - kExplicit: every Chance::draw(n) of the deal and of each move becomes a chance node with n
//     outcomes, each of probability 1/n (every draw in Tabletop is uniform; a shuffle of k pieces
//     is k - 1 draws, of k, k - 1, ..., 2 outcomes, in Fisher–Yates order). Choosing an outcome
//     replays the deal or the move on a copy of the state before it with the outcomes chosen so far
//     scripted (core/chance.h, explicit mode), so a move that draws d outcomes costs d + 1 replays
//     of that move: meant for exact algorithms on small games and for tests, not for speed.
//
// States are immutable once reached and shared between copies of an episode, so copying an
// episode (OpenSpiel's clone) costs a vector copy; `undoable = false` drops that history (undo
// then throws) and applies sampled moves in place, for long runs of many games.
#pragma once

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/game.h"

namespace tabletop {

// Episode::current_player() at a chance node.
inline constexpr Seat kChancePlayer = -2;

class Episode {
 public:
  enum class ChanceMode { kSampled, kExplicit };

  // A new game of `game` from `seed` (the seed of every sampled draw), recording its event log
  // from the first state (State::information_state_string needs it). In kExplicit mode the
  // episode may start at a chance node of the deal, before any state exists.
  Episode(std::shared_ptr<const Game> game, uint64_t seed, ChanceMode mode, bool undoable = true);
  // An episode that starts at `start` (no deal; chance is drawn from `start`'s own stream in
  // kSampled mode), recording from there on: a determinize(viewer) sample to search from, as
  // OpenSpiel's resample_from_infostate gives. Its information-state string recalls only what
  // `start`'s event log holds (empty for a determinized state).
  Episode(std::unique_ptr<State> start, ChanceMode mode, bool undoable = true);

  const Game& game() const { return *game_; }
  ChanceMode chance_mode() const { return mode_; }

  // The seat to move, kChancePlayer at a chance node, kTerminal when the game is over.
  Seat current_player() const;
  bool is_chance_node() const { return pending_outcomes_ > 0; }
  bool is_terminal() const { return !is_chance_node() && state_ && state_->is_terminal(); }

  // At a chance node: every outcome with its probability, in outcome order (they add up to 1).
  // Empty elsewhere.
  std::vector<std::pair<int, double>> chance_outcomes() const;

  // Plays `action`: the seat to move's action index, or the outcome at a chance node. Throws
  // BadMove naming the action when it is not legal here (or the game is over).
  void apply_action(int action);
  // Plays `move` for the seat to move; throws BadMove (State::why_illegal) when illegal.
  void apply_move(Move move);
  // Takes back the last step (a move or a chance outcome). Throws Error when nothing is left to
  // take back or the episode keeps no history.
  void undo();

  // Whether a state exists yet (false only at the chance nodes of the deal).
  bool has_state() const { return state_ != nullptr; }
  // The state reached: at a chance node inside a move, the state before that move. Precondition:
  // has_state().
  const State& state() const { return *state_; }

  // Every step so far: (seat, action index) for a move, (kChancePlayer, outcome) for chance. In
  // kSampled mode only moves appear: their chance is inside them.
  const std::vector<std::pair<Seat, int>>& history() const { return history_; }

 private:
  // Where an episode stands; what undo restores.
  struct Point {
    std::shared_ptr<State> state;    // null during the deal's chance nodes
    std::optional<Move> move;        // the move waiting for chance outcomes
    std::vector<uint32_t> outcomes;  // outcomes chosen so far for the deal or `move`
    uint32_t pending_outcomes = 0;   // > 0: at a chance node with that many outcomes
  };
  Point point() const { return {state_, move_, outcomes_, pending_outcomes_}; }
  void restore(const Point& p);
  // Replays the deal (no state yet) or `move_` with `outcomes_` scripted, in explicit mode:
  // either it completes (the new state; no chance pending) or it needs one more outcome.
  void replay();

  std::shared_ptr<const Game> game_;
  uint64_t seed_;
  ChanceMode mode_;
  bool undoable_;
  // Shared with copies of the episode and its past: changed in place only when nothing else
  // holds it (copy on write).
  std::shared_ptr<State> state_;
  std::optional<Move> move_;
  std::vector<uint32_t> outcomes_;
  uint32_t pending_outcomes_ = 0;
  std::vector<Point> past_;
  std::vector<std::pair<Seat, int>> history_;
};

}  // namespace tabletop
