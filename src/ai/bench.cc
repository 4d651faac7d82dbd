#include "ai/bench.h"

#include <cstdio>

#include "ai/mcts.h"

namespace tabletop::ai {

BenchResult run_bench(const Registry& registry, int iterations) {
  BenchResult result;
  for (const GameEntry& entry : registry.entries()) {
    const std::shared_ptr<const Game> game = registry.make(entry.info.id);
    const bool hidden = game->info().hidden_information;
    BenchLine line;
    line.game = entry.info.id;
    line.agent =
        std::string(hidden ? "ismcts" : "mcts") + ":iterations=" + std::to_string(iterations);
    SearchOptions options;
    options.iterations = iterations;
    options.reuse = false;
    for (int plies : {0, 10, 40}) {
      std::unique_ptr<State> state = game->new_initial_state(1);
      Rng rng(2);
      MoveList moves;
      for (int i = 0; i < plies && !state->is_terminal(); ++i) {
        state->legal_moves(moves);
        std::unique_ptr<State> next = state->clone();
        next->apply(moves[rng.uniform(uint32_t(moves.size()))]);
        if (next->is_terminal()) break;
        state = std::move(next);
      }
      MctsAgent agent(*game, options, hidden, 1, line.agent);
      agent.choose(*state);
      const SearchStats& stats = agent.last_stats();
      ++line.positions;
      line.iterations += stats.iterations;
      line.nodes += stats.plies;
      line.seconds += stats.seconds;
    }
    result.signature += line.nodes;
    result.lines.push_back(line);
  }
  return result;
}

std::string bench_report(const BenchResult& result) {
  std::string out;
  char row[256];
  std::snprintf(row, sizeof row, "%-16s %-28s %10s %12s %8s %12s %14s\n", "game", "agent",
                "iterations", "nodes", "seconds", "iter/s", "nodes/s");
  out += row;
  for (const BenchLine& l : result.lines) {
    const double s = l.seconds > 0 ? l.seconds : 1e-9;
    std::snprintf(row, sizeof row, "%-16s %-28s %10llu %12llu %8.3f %12.0f %14.0f\n",
                  l.game.c_str(), l.agent.c_str(), (unsigned long long)l.iterations,
                  (unsigned long long)l.nodes, l.seconds, double(l.iterations) / s,
                  double(l.nodes) / s);
    out += row;
  }
  out += "Bench: " + std::to_string(result.signature) + "\n";
  return out;
}

}  // namespace tabletop::ai
