// Google Benchmark cases for the balance lab: whole random Relativity games through sim::run_plan
// (agents, the generic State API, the ordered merge), on 1 and 2 threads, with the quality measures
// on one deal in 16 (the default for these 2000 deals, sim::default_quality_every) and on every
// game, and on one thread without (quality_every 0). Compare rows' games_per_second from one run:
// threads 2 over 1 is the thread scaling; quality_every 0 over 16 on one thread is what the
// default measures cost, 0 over 1 what measuring every game costs.
#include <benchmark/benchmark.h>

#include <algorithm>

#include "games/games.h"
#include "sim/lab.h"

namespace tabletop {
namespace {

struct Count final : sim::Sink {
  long games = 0, plies = 0;
  void game(const sim::GameResult& r) override {
    ++games;
    plies += r.plies;
  }
};

void BM_LabRandomRelativityGames(benchmark::State& bench) {
  sim::Plan plan;
  sim::Condition c;
  c.name = "baseline";
  c.game = games::registry().make("relativity", json::object());
  c.slots = {"random", "random"};
  c.rotations = sim::rotations("none", 2);
  plan.conditions.push_back(c);
  plan.deals = 2000;
  plan.threads = int(bench.range(0));
  plan.quality = bench.range(1) != 0;
  plan.quality_every = std::max(1, int(bench.range(1)));
  long games = 0, plies = 0;
  uint64_t seed = 1;
  for (auto _ : bench) {
    plan.seed = seed++;
    Count count;
    sim::run_plan(plan, count);
    games += count.games;
    plies += count.plies;
  }
  bench.counters["games_per_second"] =
      benchmark::Counter(double(games), benchmark::Counter::kIsRate);
  bench.counters["plies_per_second"] =
      benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_LabRandomRelativityGames)
    ->ArgNames({"threads", "quality_every"})
    ->Args({1, 0})
    ->Args({1, 16})
    ->Args({1, 1})
    ->Args({2, 16})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tabletop

BENCHMARK_MAIN();
