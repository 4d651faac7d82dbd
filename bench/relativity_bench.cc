// Google Benchmark cases for Relativity: move generation, apply, and a whole random game.
#include <benchmark/benchmark.h>

#include "games/games.h"
#include "games/relativity/relativity.h"
#include "random_playout.h"
#include "relativity_yardstick.h"

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

// The same games through the learning API (State::legal_action_indices into a buffer kept across
// plies, then State::action_move), as a learning loop over one environment plays them.
void BM_RelativityRandomPlayoutActions(benchmark::State& bench) {
  auto root = start();
  Rng rng(1);
  std::vector<int> actions(std::size_t(root->game().num_distinct_actions()));
  int64_t plies = 0;
  for (auto _ : bench) {
    auto state = root->clone();
    while (!state->is_terminal()) {
      const int n = state->legal_action_indices(actions);
      state->apply(state->action_move(actions[rng.uniform(uint32_t(n))]));
      ++plies;
    }
  }
  bench.counters["plies_per_second"] =
      benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RelativityRandomPlayoutActions);

// The yardstick: the same games played by one function written for Relativity alone
// (relativity_yardstick.h). BM_RelativityRandomPlayout / this = the generic API's share of the
// speed a hand-written loop reaches.
void BM_RelativityRandomPlayoutYardstick(benchmark::State& bench) {
  const relativity::Board deal = relativity::parse_coins(kDeal);
  Rng rng(1);
  int64_t plies = 0, games = 0;
  for (auto _ : bench) {
    plies += relativity_yardstick::play_random_game(deal, deal, rng, relativity::kDefaultMaxPlies);
    ++games;
  }
  bench.counters["plies_per_second"] =
      benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
  bench.counters["games_per_second"] =
      benchmark::Counter(double(games), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RelativityRandomPlayoutYardstick);

}  // namespace
}  // namespace tabletop

BENCHMARK_MAIN();
