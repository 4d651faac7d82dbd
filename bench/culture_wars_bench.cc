// Google Benchmark cases for Culture Wars: movement-phase move generation and random games.
#include <benchmark/benchmark.h>

#include "games/games.h"
#include "random_playout.h"

namespace tabletop {
namespace {

std::shared_ptr<const Game> make(int players, int max_rounds) {
  return games::registry().make("culture-wars",
                                json{{"players", players}, {"max_rounds", max_rounds}});
}

// A four-player game ten rounds in, at a movement decision.
std::unique_ptr<State> midgame() {
  auto state = make(4, 200)->new_initial_state(7);
  Rng rng(7);
  MoveList moves;
  while (state->to_json()["state"]["round"].get<int>() < 10 ||
         state->to_json()["state"]["phase"] != 4) {
    state->legal_moves(moves);
    state->apply(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  return state;
}

void BM_CultureWarsLegalMovesMidgame(benchmark::State& bench) {
  auto state = midgame();
  MoveList moves;
  for (auto _ : bench) {
    state->legal_moves(moves);
    benchmark::DoNotOptimize(moves.size());
  }
  bench.counters["moves"] = double(moves.size());
}
BENCHMARK(BM_CultureWarsLegalMovesMidgame);

// Random games of 20 rounds (random play does not win: the round cap ends them).
void BM_CultureWarsRandomGame(benchmark::State& bench) {
  auto game = make(int(bench.range(0)), 20);
  uint64_t seed = 1;
  run_random_playouts(bench, [&] { return game->new_initial_state(seed++); });
}
BENCHMARK(BM_CultureWarsRandomGame)->Arg(2)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tabletop

BENCHMARK_MAIN();
