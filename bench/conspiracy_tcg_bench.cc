// Google Benchmark cases for Conspiracy TCG: random playouts from a fresh deal with the sample
// decks, to the last seat standing or the engine's ply cap (plies and games per second, one core).
#include <benchmark/benchmark.h>

#include "games/games.h"
#include "random_playout.h"

namespace tabletop {
namespace {

void BM_ConspiracyTcgRandomPlayout(benchmark::State& bench) {
  auto game = games::registry().make("conspiracy-tcg", json{{"players", int(bench.range(0))}});
  uint64_t seed = 1;
  run_random_playouts(bench, [&] { return game->new_initial_state(seed++); });
}
BENCHMARK(BM_ConspiracyTcgRandomPlayout)->Arg(2)->Arg(4)->Arg(6)->Unit(benchmark::kMillisecond);

// A fixed amount of work (100 games from seeds 1..100, the same moves every run) for counting
// instructions under `valgrind --tool=callgrind`, which is machine-independent: reports the plies
// played, so instructions per ply follow.
// The playouts alone (callgrind: --toggle-collect='*play_fixed_games*').
[[gnu::noinline]] int64_t play_fixed_games(const Game& game) {
  int64_t plies = 0;
  Rng rng(1);
  MoveList moves;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    auto state = game.new_initial_state(seed);
    while (!state->is_terminal()) {
      state->legal_moves(moves);
      state->apply(moves[rng.uniform(uint32_t(moves.size()))]);
      ++plies;
    }
  }
  return plies;
}

void BM_ConspiracyTcgFixedPlayouts(benchmark::State& bench) {
  auto game = games::registry().make("conspiracy-tcg", json{{"players", int(bench.range(0))}});
  int64_t plies = 0;
  for (auto _ : bench) plies += play_fixed_games(*game);
  bench.counters["plies"] = benchmark::Counter(double(plies));
}
BENCHMARK(BM_ConspiracyTcgFixedPlayouts)
    ->Arg(2)
    ->Arg(4)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tabletop

BENCHMARK_MAIN();
