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

}  // namespace
}  // namespace tabletop

BENCHMARK_MAIN();
