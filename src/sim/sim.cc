#include "sim/sim.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <sstream>
#include <thread>

#include "ai/agent.h"

namespace tabletop::sim {
namespace {

struct Outcome {
  std::vector<double> returns;
  int plies = 0;
  Record record;
};

Outcome play_one(const std::shared_ptr<const Game>& game, const Options& options, int index) {
  const uint64_t seed = options.seed + uint64_t(index);
  std::vector<std::unique_ptr<ai::Agent>> agents;
  for (std::size_t s = 0; s < options.agents.size(); ++s)
    agents.push_back(ai::make_agent(options.agents[s], *game, seed * 7919 + s));
  Outcome outcome;
  if (options.keep_records) {
    Match match(game, seed, options.agents);
    while (!match.state().is_terminal()) {
      const Seat seat = match.state().current_player();
      const Move move = agents[std::size_t(seat)]->choose(match.state());
      for (auto& agent : agents) agent->observe(match.state(), move);
      match.play(move);
    }
    outcome.record = match.record();
    outcome.plies = match.state().ply();
    const Returns r = match.state().returns();
    outcome.returns.assign(r.begin(), r.begin() + game->num_players());
  } else {
    std::unique_ptr<State> state = game->new_initial_state(seed);
    while (!state->is_terminal()) {
      const Move move = agents[std::size_t(state->current_player())]->choose(*state);
      for (auto& agent : agents) agent->observe(*state, move);
      state->apply(move);
    }
    outcome.plies = state->ply();
    const Returns r = state->returns();
    outcome.returns.assign(r.begin(), r.begin() + game->num_players());
  }
  return outcome;
}

}  // namespace

Summary run(std::shared_ptr<const Game> game, const Options& options) {
  const int players = game->num_players();
  if (int(options.agents.size()) != players)
    throw BadParams(game->info().id + " is played by " + std::to_string(players) +
                    " seats here but " + std::to_string(options.agents.size()) +
                    " agents were given");
  for (const std::string& spec : options.agents) ai::make_agent(spec, *game, 0);  // validate early

  const auto start = std::chrono::steady_clock::now();
  std::vector<Outcome> outcomes(std::size_t(std::max(options.games, 0)));
  std::atomic<int> next{0};
  std::mutex error_mutex;
  std::string error;
  auto worker = [&] {
    for (int i = next++; i < options.games; i = next++) {
      try {
        outcomes[std::size_t(i)] = play_one(game, options, i);
      } catch (const std::exception& e) {
        std::lock_guard lock(error_mutex);
        if (error.empty()) error = "game " + std::to_string(i) + ": " + e.what();
      }
    }
  };
  int threads = options.threads > 0 ? options.threads : int(std::thread::hardware_concurrency());
  threads = std::clamp(threads, 1, std::max(1, options.games));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (!error.empty()) throw Error(error);

  Summary summary;
  summary.game = game->info().id;
  summary.params = game->params();
  summary.agents = options.agents;
  summary.games = options.games;
  summary.wins.assign(std::size_t(players), 0);
  summary.mean_returns.assign(std::size_t(players), 0.0);
  long total_plies = 0;
  summary.min_plies = outcomes.empty() ? 0 : outcomes[0].plies;
  for (Outcome& o : outcomes) {
    total_plies += o.plies;
    summary.min_plies = std::min(summary.min_plies, o.plies);
    summary.max_plies = std::max(summary.max_plies, o.plies);
    const double best = *std::max_element(o.returns.begin(), o.returns.end());
    const double worst = *std::min_element(o.returns.begin(), o.returns.end());
    if (best == worst) {
      ++summary.draws;
    } else {
      for (int s = 0; s < players; ++s)
        if (o.returns[std::size_t(s)] == best) ++summary.wins[std::size_t(s)];
    }
    for (int s = 0; s < players; ++s)
      summary.mean_returns[std::size_t(s)] += o.returns[std::size_t(s)];
    if (options.keep_records) summary.records.push_back(std::move(o.record));
  }
  if (options.games > 0) {
    summary.mean_plies = double(total_plies) / options.games;
    for (double& r : summary.mean_returns) r /= options.games;
  }
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary;
}

json Summary::to_json() const {
  return json{{"game", game},
              {"params", params},
              {"agents", agents},
              {"games", games},
              {"wins", wins},
              {"draws", draws},
              {"mean_plies", mean_plies},
              {"min_plies", min_plies},
              {"max_plies", max_plies},
              {"mean_returns", mean_returns},
              {"seconds", seconds}};
}

std::string Summary::to_text() const {
  std::ostringstream out;
  out << game << ": " << games << " games in " << seconds << " s\n";
  for (std::size_t s = 0; s < wins.size(); ++s) {
    char line[200];
    std::snprintf(line, sizeof line, "  seat %zu  %-28s wins %6d  (%5.1f%%)  mean return %+.3f\n",
                  s, agents[s].c_str(), wins[s], games ? 100.0 * wins[s] / games : 0.0,
                  mean_returns[s]);
    out << line;
  }
  out << "  draws " << draws << "\n";
  out << "  plies: mean " << mean_plies << ", min " << min_plies << ", max " << max_plies << "\n";
  return out.str();
}

}  // namespace tabletop::sim
