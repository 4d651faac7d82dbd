// The loop every game's random-playout benchmark shares: each benchmark iteration plays one whole
// game with uniformly random moves (move generation + apply, one core) from the state `next_start`
// returns, and the case reports plies and games per second.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>

#include "core/game.h"

namespace tabletop {

template <class MakeStart>
void run_random_playouts(benchmark::State& bench, MakeStart next_start) {
  Rng rng(1);
  MoveList moves;
  int64_t plies = 0, games = 0;
  for (auto _ : bench) {
    auto state = next_start();
    while (!state->is_terminal()) {
      state->legal_moves(moves);
      state->apply(moves[rng.uniform(uint32_t(moves.size()))]);
      ++plies;
    }
    ++games;
  }
  bench.counters["plies_per_second"] =
      benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
  bench.counters["games_per_second"] =
      benchmark::Counter(double(games), benchmark::Counter::kIsRate);
}

}  // namespace tabletop
