#include "ai/bench.h"

#include <time.h>

#include <algorithm>
#include <cstdio>

#include "ai/mcts.h"
#include "ai/tuning.h"

namespace tabletop::ai {

namespace {

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

}  // namespace

std::unique_ptr<State> bench_position(const Game& game, int plies) {
  std::unique_ptr<State> state = game.new_initial_state(1);
  Rng rng(2);
  MoveList moves;
  for (int i = 0; i < plies && !state->is_terminal(); ++i) {
    state->legal_moves(moves);
    std::unique_ptr<State> next = state->clone();
    next->apply(moves[rng.uniform(uint32_t(moves.size()))]);
    if (next->is_terminal()) break;
    state = std::move(next);
  }
  return state;
}

BenchResult run_bench(const Registry& registry, int iterations, const std::string& only,
                      const json& params) {
  BenchResult result;
  std::vector<std::shared_ptr<const Game>> games;  // an unknown game or bad parameters: BadParams
  if (!only.empty())
    games.push_back(registry.make(only, params));
  else
    for (const GameEntry& entry : registry.entries()) games.push_back(registry.make(entry.info.id));
  for (const std::shared_ptr<const Game>& game : games) {
    const bool hidden = game->info().hidden_information;
    const std::string name = hidden ? "ismcts" : "mcts";
    // the tuned line less its budget: the bench gives every search its own (a game whose line is
    // a budget alone searches per iteration as the plain search does)
    const std::string tuned = tuned_search_shape(game->info(), game->num_players());
    // The plain search, then (where the game has a tuned line) the search the lobby's levels run,
    // at a tenth of the iterations.
    for (const bool tuned_line : {false, true}) {
      if (tuned_line && tuned.empty()) continue;
      BenchLine line;
      line.game = game->info().id;
      line.tuned = tuned_line;
      const int budget = tuned_line ? std::max(1, iterations / 10) : iterations;
      line.agent = name + ":iterations=" + std::to_string(budget);
      SearchOptions options;
      if (tuned_line) {  // the tuned options added as make_agent adds them for the lobby's levels
        options =
            SearchOptions::from_spec(with_tuned_defaults(AgentSpec::parse(line.agent), *game));
        line.agent += "," + tuned;
      }
      options.iterations = budget;
      options.reuse = false;
      for (int plies : {0, 10, 40}) {
        std::unique_ptr<State> state = bench_position(*game, plies);
        MctsAgent agent(*game, options, hidden, 1, line.agent);
        const double cpu = thread_cpu_seconds();
        agent.choose(*state);
        line.cpu_seconds += thread_cpu_seconds() - cpu;
        const SearchStats& stats = agent.last_stats();
        ++line.positions;
        line.iterations += stats.iterations;
        line.nodes += stats.plies;
        line.seconds += stats.seconds;
      }
      (line.tuned ? result.tuned_signature : result.signature) += line.nodes;
      result.lines.push_back(line);
    }
  }
  return result;
}

std::string bench_report(const BenchResult& result) {
  std::string out;
  char row[256];
  std::snprintf(row, sizeof row, "%-16s %-50s %10s %12s %8s %12s %14s %8s %12s\n", "game", "agent",
                "iterations", "nodes", "seconds", "iter/s", "nodes/s", "cpu s", "iter/cpu-s");
  out += row;
  for (const BenchLine& l : result.lines) {
    const double s = l.seconds > 0 ? l.seconds : 1e-9;
    const double cpu = l.cpu_seconds > 0 ? l.cpu_seconds : 1e-9;
    std::snprintf(row, sizeof row, "%-16s %-50s %10llu %12llu %8.3f %12.0f %14.0f %8.3f %12.0f\n",
                  l.game.c_str(), l.agent.c_str(), (unsigned long long)l.iterations,
                  (unsigned long long)l.nodes, l.seconds, double(l.iterations) / s,
                  double(l.nodes) / s, l.cpu_seconds, double(l.iterations) / cpu);
    out += row;
  }
  out += "Bench: " + std::to_string(result.signature) + "\n";
  out += "Tuned: " + std::to_string(result.tuned_signature) + "\n";
  return out;
}

}  // namespace tabletop::ai
