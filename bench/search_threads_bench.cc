// Google Benchmark cases for the search's threads: one decision of `ismcts` at a fixed budget of
// iterations, from a fixed position of each game (the bench's position 10 moves in, ai/bench.h), on
// one thread, on T threads growing one tree (parallel=tree) and on T root-parallel trees. Compare
// the rows' iterations_per_second from one run: a row over the one-thread row of its game is what T
// threads make of the cores (docs/ai.md, "Expert's threads on one tree").
#include <benchmark/benchmark.h>

#include <string>

#include "ai/agent.h"
#include "ai/bench.h"
#include "ai/mcts.h"
#include "games/games.h"

namespace tabletop {
namespace {

constexpr const char* kGames[] = {"relativity", "siege", "culture-wars", "conspiracy"};
constexpr const char* kModes[] = {"one thread", "one tree", "root trees"};

// bench.range(0): the game (kGames), range(1): the mode (kModes), range(2): threads.
void BM_SearchThreads(benchmark::State& bench) {
  const std::string id = kGames[bench.range(0)];
  const int mode = int(bench.range(1)), threads = int(bench.range(2));
  const auto game = games::registry().make(id);
  const std::unique_ptr<State> state = ai::bench_position(*game, 10);
  // A budget of about a tenth of a second on one core of each game.
  const int iterations = id == "culture-wars" ? 4000 : 40000;
  std::string spec = "ismcts:reuse=0,iterations=" + std::to_string(iterations);
  if (mode > 0) spec += ",threads=" + std::to_string(threads);
  if (mode == 1) spec += ",parallel=tree";
  bench.SetLabel(id + " " + kModes[mode] + (mode > 0 ? " x" + std::to_string(threads) : ""));
  auto agent = ai::make_agent(spec, *game, 1);
  uint64_t done = 0;
  for (auto _ : bench) {
    benchmark::DoNotOptimize(agent->choose(*state));
    done += static_cast<const ai::MctsAgent&>(*agent).last_stats().iterations;
  }
  bench.counters["iterations_per_second"] =
      benchmark::Counter(double(done), benchmark::Counter::kIsRate);
}

void Rows(benchmark::internal::Benchmark* b) {
  for (int g = 0; g < int(std::size(kGames)); ++g) {
    b->Args({g, 0, 1});
    for (int threads : {2, 4}) {
      b->Args({g, 1, threads});
      b->Args({g, 2, threads});
    }
  }
}
BENCHMARK(BM_SearchThreads)->Apply(Rows)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tabletop

BENCHMARK_MAIN();
