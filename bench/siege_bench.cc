// Google Benchmark cases for Siege by Number: move generation, apply, and random playouts.
#include <benchmark/benchmark.h>

#include "games/games.h"
#include "games/siege/siege.h"
#include "random_playout.h"

namespace tabletop {
namespace {

// A crowded middle game, NE to move with four dice.
std::unique_ptr<State> middle_game() {
  auto game = std::static_pointer_cast<const siege::SiegeGame>(
      games::registry().make("siege", json{{"players", 4}}));
  const json fields = {
      {"board",
       "c3=NE0 d4=NE1 f6=NE2 g8=NEC e5=SE0 f3=SE1 h2=SE2 c2=SW0 b1=SW1 d5=SW2 b6=NW0 a7=NW1 "
       "c6=NW2"},
      {"stacks", json::array({"345", "345", "345", "345"})},
      {"dice", {1, 3, 4, 5}},
      {"to_move", 0}};
  return game->position(fields, Chance(1));
}

void BM_SiegeLegalMoves(benchmark::State& bench) {
  auto state = middle_game();
  MoveList moves;
  for (auto _ : bench) {
    state->legal_moves(moves);
    benchmark::DoNotOptimize(moves.size());
  }
  bench.counters["moves"] = double(moves.size());
}
BENCHMARK(BM_SiegeLegalMoves);

void BM_SiegeApply(benchmark::State& bench) {
  auto state = middle_game();
  const Move attack = state->parse_move("5:d4-e4xe5");
  for (auto _ : bench) {
    auto copy = state->clone();
    copy->apply(attack);
    benchmark::DoNotOptimize(copy->current_player());
  }
}
BENCHMARK(BM_SiegeApply);

// Random playouts with `players` seats from a fresh deal, to a win or the ply cap; reports plies
// per second (move generation + apply, one core).
void BM_SiegeRandomPlayout(benchmark::State& bench) {
  auto game =
      games::registry().make("siege", json{{"players", int(bench.range(0))}, {"max_plies", 20000}});
  uint64_t seed = 1;
  run_random_playouts(bench, [&] { return game->new_initial_state(seed++); });
}
BENCHMARK(BM_SiegeRandomPlayout)->Arg(2)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tabletop

BENCHMARK_MAIN();
