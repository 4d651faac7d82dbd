#include "ai/loops.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace tabletop::ai {

double win_chance(const Game& game, double value) {
  const double loss = game.loss_return();
  if (!std::isfinite(value) || !(loss < 1)) return 0.5;
  return std::clamp((value - loss) / (1 - loss), 0.0, 1.0);
}

std::string position_text(const State& state, Seat seat) {
  json observation = state.observation(seat);
  if (observation.is_object()) observation.erase("ply");
  return observation.dump();
}

uint64_t SeenPositions::key(const std::string& position) {
  // FNV-1a, 64 bits: the same on every machine (std::hash is not).
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : std::string_view(position)) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

uint64_t SeenPositions::key(const State& state, Seat seat) {
  return key(position_text(state, seat));
}

double draw_chance(const Game& game) {
  return 1.0 / std::max(1, game.num_players());
}

std::size_t avoid_loop(const std::vector<double>& chances, std::size_t chosen, double draw,
                       const std::function<bool(std::size_t)>& loops) {
  if (chosen >= chances.size() || !loops(chosen)) return chosen;
  std::size_t fresh = chances.size();
  for (std::size_t i = 0; i < chances.size(); ++i)
    if (i != chosen && !std::isnan(chances[i]) &&
        (fresh == chances.size() || chances[i] > chances[fresh]) && !loops(i))
      fresh = i;
  if (fresh < chances.size() && chances[fresh] + kLoopMargin > std::min(chances[chosen], draw))
    return fresh;
  return chosen;
}

}  // namespace tabletop::ai
