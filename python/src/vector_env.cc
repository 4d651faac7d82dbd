#include "vector_env.h"

#include <algorithm>
#include <string>

#include "core/error.h"

namespace tabletop::python {

VectorEnv::VectorEnv(std::shared_ptr<const Game> game, int n, uint64_t seed, bool observe)
    : game_(std::move(game)), seed_(seed), observe_(observe) {
  actions_ = game_->num_distinct_actions();
  if (actions_ <= 0) throw Error(game_->info().id + " has no action space");
  if (n < 1) throw Error("a vector of games needs at least one game, not " + std::to_string(n));
  if (observe_) {
    tensor_size_ = 1;
    for (int d : game_->information_state_tensor_shape()) tensor_size_ *= std::size_t(d);
  }
  states_.resize(std::size_t(n));
  restarts_.assign(std::size_t(n), 0);
  observations_.assign(std::size_t(n) * tensor_size_, 0.0f);
  masks_.assign(std::size_t(n) * std::size_t(actions_), 0);
  players_.assign(std::size_t(n), 0);
  rewards_.assign(std::size_t(n) * std::size_t(game_->num_players()), 0.0f);
  dones_.assign(std::size_t(n), 0);
  reset();
}

void VectorEnv::start(int i) {
  const uint64_t seed = seed_ + uint64_t(i) + uint64_t(restarts_[std::size_t(i)]) * states_.size();
  states_[std::size_t(i)] = game_->new_initial_state(seed);
}

void VectorEnv::fill(int i) {
  const State& s = *states_[std::size_t(i)];
  const std::size_t row = std::size_t(i);
  players_[row] = s.current_player();
  s.legal_action_mask(
      std::span<uint8_t>(masks_).subspan(row * std::size_t(actions_), std::size_t(actions_)));
  if (observe_)
    s.information_state_tensor(
        s.current_player(),
        std::span<float>(observations_).subspan(row * tensor_size_, tensor_size_));
}

void VectorEnv::reset() {
  std::fill(restarts_.begin(), restarts_.end(), 0);
  std::fill(rewards_.begin(), rewards_.end(), 0.0f);
  std::fill(dones_.begin(), dones_.end(), uint8_t(0));
  for (int i = 0; i < size(); ++i) {
    start(i);
    fill(i);
  }
}

void VectorEnv::step(std::span<const int32_t> actions) {
  if (actions.size() != states_.size())
    throw Error("step needs one action per game: " + std::to_string(states_.size()) + ", not " +
                std::to_string(actions.size()));
  const std::size_t players = std::size_t(game_->num_players());
  std::fill(rewards_.begin(), rewards_.end(), 0.0f);
  for (int i = 0; i < size(); ++i) {
    State& s = *states_[std::size_t(i)];
    const int a = actions[std::size_t(i)];
    if (a < 0 || a >= actions_ || !masks_[std::size_t(i) * std::size_t(actions_) + std::size_t(a)])
      throw BadMove("game " + std::to_string(i) + ": action " + std::to_string(a) +
                    " is not a legal move here");
    s.apply(s.action_move(a));
    dones_[std::size_t(i)] = s.is_terminal();
    if (s.is_terminal()) {
      const Returns r = s.returns();
      for (std::size_t p = 0; p < players; ++p)
        rewards_[std::size_t(i) * players + p] = float(r[p]);
      ++finished_;
      ++restarts_[std::size_t(i)];
      start(i);
    }
    fill(i);
  }
}

}  // namespace tabletop::python
