// Google Benchmark cases for Conspiracy: move generation mid-game, and whole random games.
#include <benchmark/benchmark.h>

#include "games/conspiracy/conspiracy.h"
#include "random_playout.h"

namespace tabletop {
namespace {

std::shared_ptr<const Game> make(int players) {
  // With the round cap of simulations (random games can go on for long without one).
  return conspiracy::entry().make(json{{"players", players}, {"max_rounds", 60}});
}

std::unique_ptr<State> start(int players = 4) {
  return make(players)->new_initial_state(1);
}

// A position at least `plies` random moves into a game where a coin's square and direction (or a
// tile to lay first) are chosen: the widest decision.
std::unique_ptr<State> midgame(int plies) {
  auto state = start();
  Rng rng(7);
  MoveList moves;
  for (int i = 0; !state->is_terminal(); ++i) {
    if (i >= plies && static_cast<const conspiracy::ConspiracyState&>(*state).phase() ==
                          conspiracy::Phase::kPlaceWhere)
      break;
    state->legal_moves(moves);
    state->apply(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  return state;
}

void BM_ConspiracyLegalMovesMidgame(benchmark::State& bench) {
  auto state = midgame(300);
  MoveList moves;
  for (auto _ : bench) {
    state->legal_moves(moves);
    benchmark::DoNotOptimize(moves.size());
  }
}
BENCHMARK(BM_ConspiracyLegalMovesMidgame);

void BM_ConspiracyCloneAndApply(benchmark::State& bench) {
  auto state = midgame(300);
  const Move first = state->legal_moves().front();
  for (auto _ : bench) {
    auto copy = state->clone();
    copy->apply(first);
    benchmark::DoNotOptimize(copy->current_player());
  }
}
BENCHMARK(BM_ConspiracyCloneAndApply);

// Whole random games with four (or three, five) random players; reports plies and games per second.
void BM_ConspiracyRandomGame(benchmark::State& bench) {
  const int players = int(bench.range(0));
  auto game = make(players);
  uint64_t seed = 1;
  run_random_playouts(bench, [&] { return game->new_initial_state(seed++); });
}
BENCHMARK(BM_ConspiracyRandomGame)->Arg(4)->Arg(3)->Arg(5);

}  // namespace
}  // namespace tabletop

BENCHMARK_MAIN();
