// Google Benchmark cases for Relativity: move generation, apply, and a whole random game.
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "games/games.h"
#include "games/relativity/relativity.h"
#include "random_playout.h"
#include "relativity_playouts.h"
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

// This thread's CPU time in seconds (the time it was scheduled, not the time it waited).
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// The ratios in one loop that load cannot bend: each iteration (a chunk) plays the same
// kGamesPerChunk random games (seeds chunk * kGamesPerChunk + 1, ...) through the yardstick, the
// generic API and the learning API, one way after another in an order that turns, kRounds times,
// timing each in this thread's CPU time and keeping each way's fastest round. Rows run seconds
// apart see different loads; the three ways within a chunk, a few milliseconds apart, share theirs;
// time spent waiting for a core counts for none of them, and the fastest of the rounds drops the
// one that another process's cache use or a preemption slowed. The counters are the yardstick's
// time over each way's on the same plies: generic_ratio_min / _median and actions_ratio_min /
// _median over the chunks.
void BM_RelativityRandomPlayoutRatio(benchmark::State& bench) {
  constexpr int kGamesPerChunk = 16, kRounds = 3;
  auto playouts = std::make_unique<RelativityPlayouts>(kDeal);
  // Plays the chunk's games one way; returns the seconds taken and adds the plies to `plies`.
  auto time_chunk = [&](int way, uint64_t first_seed, int64_t& plies) {
    const double begin = thread_cpu_seconds();
    for (int g = 0; g < kGamesPerChunk; ++g) {
      Rng rng(first_seed + uint64_t(g));
      plies += way == 0   ? playouts->yardstick(rng)
               : way == 1 ? playouts->generic(rng)
                          : playouts->actions(rng);
    }
    return thread_cpu_seconds() - begin;
  };
  std::vector<double> generic_ratios, actions_ratios;
  uint64_t chunk = 0;
  for (auto _ : bench) {
    const uint64_t seed = chunk * kGamesPerChunk + 1;
    std::array<int64_t, 3> plies{};
    std::array<double, 3> fastest{1e9, 1e9, 1e9};
    for (int k = 0; k < 3 * kRounds; ++k) {  // yardstick, generic, learning, turning each chunk
      const int way = int((chunk + uint64_t(k)) % 3);
      const double seconds = time_chunk(way, seed, plies[std::size_t(way)]);
      fastest[std::size_t(way)] = std::min(fastest[std::size_t(way)], seconds);
    }
    if (plies[1] != plies[0] || plies[2] != plies[0]) {
      bench.SkipWithError("the three ways played different games");
      return;
    }
    generic_ratios.push_back(fastest[0] / fastest[1]);
    actions_ratios.push_back(fastest[0] / fastest[2]);
    ++chunk;
  }
  auto report = [&](std::vector<double>& ratios, const std::string& name) {
    std::sort(ratios.begin(), ratios.end());
    bench.counters[name + "_ratio_min"] = ratios.front();
    bench.counters[name + "_ratio_median"] = ratios[ratios.size() / 2];
  };
  report(generic_ratios, "generic");
  report(actions_ratios, "actions");
  bench.counters["chunks"] = double(chunk);
}
BENCHMARK(BM_RelativityRandomPlayoutRatio)->MinTime(2.0);

}  // namespace
}  // namespace tabletop

BENCHMARK_MAIN();
