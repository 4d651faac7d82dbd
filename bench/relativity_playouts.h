// The three ways of playing a random game of Relativity that bench/ compares, each a function of
// a seed that returns the game's plies; from the same deals and seed all three play the very same
// game (RelativityYardstick.PlaysTheEnginesGames checks the yardstick against the engine):
// - yardstick: relativity_yardstick.h, one function written for Relativity alone;
// - generic: the engine through State (legal_moves into a MoveList, the k-th move, apply);
// - actions: the learning API (legal_action_indices into a buffer, action_move, apply).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/games.h"
#include "games/relativity/relativity.h"
#include "relativity_yardstick.h"

namespace tabletop {

class RelativityPlayouts {
 public:
  // Both rounds dealt `coins` (PPN's Coins form).
  explicit RelativityPlayouts(const std::string& coins)
      : deal_(relativity::parse_coins(coins)),
        root_(games::registry()
                  .make("relativity", json{{"coins", coins}, {"coins2", coins}})
                  ->new_initial_state(1)),
        actions_(std::size_t(root_->game().num_distinct_actions())) {}

  int yardstick(Rng& rng) const {
    return relativity_yardstick::play_random_game(deal_, deal_, rng, relativity::kDefaultMaxPlies);
  }
  int generic(Rng& rng) {
    auto state = root_->clone();
    while (!state->is_terminal()) {
      state->legal_moves(moves_);
      state->apply(moves_[rng.uniform(uint32_t(moves_.size()))]);
    }
    return state->ply();
  }
  int actions(Rng& rng) {
    auto state = root_->clone();
    while (!state->is_terminal()) {
      const int n = state->legal_action_indices(actions_);
      state->apply(state->action_move(actions_[rng.uniform(uint32_t(n))]));
    }
    return state->ply();
  }

 private:
  relativity::Board deal_;
  std::unique_ptr<State> root_;
  MoveList moves_;
  std::vector<int> actions_;
};

}  // namespace tabletop
