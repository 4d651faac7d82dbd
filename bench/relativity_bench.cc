// Google Benchmark cases for Relativity: move generation, apply, and a whole random game.
#include <benchmark/benchmark.h>

#include "games/games.h"
#include "games/relativity/relativity.h"
#include "random_playout.h"

namespace tabletop {
namespace {

constexpr const char* kDeal = "n45a5n/3a2243/3n4a2n/a25345";

std::unique_ptr<State> start() {
  return games::registry()
      .make("relativity", json{{"coins", kDeal}, {"coins2", kDeal}})
      ->new_initial_state(1);
}

void BM_RelativityLegalMovesSpace(benchmark::State& bench) {
  auto state = start();
  MoveList moves;
  for (auto _ : bench) {
    state->legal_moves(moves);
    benchmark::DoNotOptimize(moves.size());
  }
}
BENCHMARK(BM_RelativityLegalMovesSpace);

void BM_RelativityLegalMovesTime(benchmark::State& bench) {
  auto state = start();
  state->apply_text("d3#e3");
  MoveList moves;
  for (auto _ : bench) {
    state->legal_moves(moves);
    benchmark::DoNotOptimize(moves.size());
  }
}
BENCHMARK(BM_RelativityLegalMovesTime);

void BM_RelativityCloneAndApply(benchmark::State& bench) {
  auto state = start();
  const Move there = state->parse_move("d3#e3");
  for (auto _ : bench) {
    auto copy = state->clone();
    copy->apply(there);
    benchmark::DoNotOptimize(copy->current_player());
  }
}
BENCHMARK(BM_RelativityCloneAndApply);

// A whole random game from a fixed deal; reports plies per second.
void BM_RelativityRandomPlayout(benchmark::State& bench) {
  auto root = start();
  run_random_playouts(bench, [&] { return root->clone(); });
}
BENCHMARK(BM_RelativityRandomPlayout);

}  // namespace
}  // namespace tabletop

BENCHMARK_MAIN();
