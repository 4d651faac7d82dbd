// VectorEnv: N games of one game stepped together in C++, one call a step for all of them, for
// learning loops that batch their policy (tabletop.VectorEnv; docs/python.md).
//
// Game i starts from seed `seed + i`; when it finishes, its returns go to that step's rewards, its
// `done` is set and a new game replaces it, the k-th replacement of game i from seed
// `seed + i + k * n` — so game i's j-th game is the one `Episode(game, seed + i + j * n)` plays
// with the same actions (chance sampled inside moves, as there). After each step the buffers hold,
// per game: the seat to move, its legal-action mask and (when observing) its information-state
// tensor; rewards and dones of the step just taken. The buffers are owned here and exposed to
// NumPy without copies: each step overwrites them.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/game.h"

namespace tabletop::python {

class VectorEnv {
 public:
  // Throws Error when `game` has no action space or n < 1.
  VectorEnv(std::shared_ptr<const Game> game, int n, uint64_t seed, bool observe);

  int size() const { return int(states_.size()); }
  const Game& game() const { return *game_; }
  // Starts every game afresh from its first seed (seed + i) and fills the buffers.
  void reset();
  // Game i's seat to move plays action `actions[i]`, for every i. Throws BadMove naming the game
  // and the action when one is not legal (the games before it have moved).
  void step(std::span<const int32_t> actions);

  // Row-major buffers: [n, tensor...], [n, num_distinct_actions], [n], [n, num_players], [n].
  std::vector<float>& observations() { return observations_; }
  std::vector<uint8_t>& masks() { return masks_; }
  std::vector<int32_t>& players() { return players_; }
  std::vector<float>& rewards() { return rewards_; }
  std::vector<uint8_t>& dones() { return dones_; }
  std::size_t tensor_size() const { return tensor_size_; }
  // Games finished since construction.
  int64_t games_finished() const { return finished_; }

 private:
  void start(int i);
  void fill(int i);

  std::shared_ptr<const Game> game_;
  uint64_t seed_;
  bool observe_;
  int actions_;
  std::size_t tensor_size_ = 0;
  std::vector<std::unique_ptr<State>> states_;
  std::vector<int64_t> restarts_;
  std::vector<float> observations_;
  std::vector<uint8_t> masks_;
  std::vector<int32_t> players_;
  std::vector<float> rewards_;
  std::vector<uint8_t> dones_;
  int64_t finished_ = 0;
};

}  // namespace tabletop::python
