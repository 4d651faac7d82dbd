// culture_wars_setup: does the position after setup decide a Culture Wars game, and who left
// setup ahead? A check of the lab's records (`tabletop sim culture-wars ... --records FILE`), for
// docs/games/culture-wars.md ("Computer players").
//
//   culture_wars_setup FILE [--continuations K] [--agent SPEC] [--seed X] [--show G]
//
// For every Culture Wars record of FILE (JSON Lines), the game is replayed to the end of setup
// (the first state of round 1) and from there played out K times (default 12) by SPEC in every
// seat (default `greedy:samples=1`, greedy's one ply on one sample: the cheap stand-in for a
// player who brings nothing but the position), each continuation with its own chance stream (the
// turn orders, the coins drawn). A seat's continuation share is its wins over K (a shared win
// counts for each winner, a capped game for nobody). Printed per game: the seats' agents, the
// recorded winner, and per seat its estimate after setup (CultureWarsState::estimate_returns) and
// its continuation share. Then, per agent spec of the records:
//   - "setup share": its seats' mean continuation share: what the positions it left setup with
//     are worth to a player who adds nothing after setup (1/n: its setup was no better than the
//     others');
//   - "won": its share of the decisive recorded games, what it made of them;
// and over all games: how often the recorded winner was the continuation favourite, and the
// favourite's mean share ("setup decides" when it is far above 1/n).
// The run is deterministic: continuation k of game g is seeded from X, g and k.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "core/record.h"
#include "games/culture_wars/culture_wars.h"
#include "sim/seeds.h"

using namespace tabletop;
using namespace tabletop::culture_wars;

namespace {

struct Tally {
  double setup_share = 0;
  int seats = 0;
  int won = 0;
  int led = 0;  // seats of this agent that were the continuation favourite
};

// The game replayed to the first state of round 1 (its chance still scripted with what the
// record drew later), or null when the record ends inside setup.
std::unique_ptr<State> after_setup(const std::shared_ptr<const Game>& game, const Record& record) {
  Chance chance(record.seed);
  chance.script(record.chance);
  auto state = game->new_initial_state(std::move(chance));
  for (const std::string& move : record.moves) {
    if (static_cast<const CultureWarsState&>(*state).round() >= 1) return state;
    state->apply_text(move);
  }
  return static_cast<const CultureWarsState&>(*state).round() >= 1 ? std::move(state) : nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  std::string file, agent_spec = "greedy:samples=1";
  int continuations = 12, show = -1;
  uint64_t seed = 1;
  CLI::App app{"Which Culture Wars setups favour a seat, from recorded games",
               "culture_wars_setup"};
  app.add_option("file", file, "records, one JSON record a line")->required();
  app.add_option("--continuations", continuations, "continuations played from each setup")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--agent", agent_spec, "the agent that plays the continuations");
  app.add_option("--seed", seed, "the first continuation's seed");
  app.add_option("--show", show, "print game G's setup");
  CLI11_PARSE(app, argc, argv);
  std::ifstream in(file);
  if (file.empty() || !in) {
    std::fprintf(stderr, "culture_wars_setup: cannot read '%s'\n", file.c_str());
    return 2;
  }
  std::map<std::string, Tally> tally;
  int games = 0, decisive = 0, favourite_won = 0, estimate_leader_won = 0;
  double favourite_share = 0;
  std::string line;
  for (int g = 0; std::getline(in, line); ++g) {
    if (line.empty()) continue;
    Record record;
    try {
      record = Record::from_json(json::parse(line));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "culture_wars_setup: line %d: %s\n", g + 1, e.what());
      return 1;
    }
    if (record.game != "culture-wars" || !record.result) continue;
    std::shared_ptr<const CultureWarsGame> game;
    std::unique_ptr<State> start;
    try {
      game = std::make_shared<const CultureWarsGame>(record.params);
      start = after_setup(game, record);
    } catch (const std::exception& e) {  // bad params, a move that does not replay
      std::fprintf(stderr, "culture_wars_setup: line %d: %s\n", g + 1, e.what());
      return 1;
    }
    if (!start) continue;
    if (record.seats.size() != std::size_t(game->num_players()) ||
        record.result->size() != record.seats.size()) {
      std::fprintf(stderr,
                   "culture_wars_setup: line %d: the record's seats and result must name "
                   "each of its %d players\n",
                   g + 1, game->num_players());
      return 1;
    }
    if (g == show) std::printf("%s\n", start->render(kSpectator).c_str());
    const int n = game->num_players();
    Returns estimate{};
    start->estimate_returns(estimate);
    std::vector<double> share(std::size_t(n), 0.0);
    for (int k = 0; k < continuations; ++k) {
      auto state = start->clone();
      const uint64_t base = sim::game_seed(sim::game_seed(seed, uint64_t(g)), uint64_t(k));
      state->chance().reseed(base);
      std::vector<std::unique_ptr<ai::Agent>> agents;
      for (int s = 0; s < n; ++s)
        agents.push_back(ai::make_agent(agent_spec, *game, sim::agent_seed(base, s)));
      while (!state->is_terminal()) {
        const Seat mover = state->current_player();
        state->apply(agents[std::size_t(mover)]->choose(*state));
      }
      const auto& w = static_cast<const CultureWarsState&>(*state).winners();
      for (int s = 0; s < n; ++s)
        if (w >> s & 1) share[std::size_t(s)] += 1.0 / continuations;
    }
    int winner = -1, winners = 0;
    for (int s = 0; s < n; ++s)
      if ((*record.result)[std::size_t(s)] > 0) winner = s, ++winners;
    const int favourite = int(std::max_element(share.begin(), share.end()) - share.begin());
    const int leader =
        int(std::max_element(estimate.begin(), estimate.begin() + n) - estimate.begin());
    ++games;
    favourite_share += share[std::size_t(favourite)];
    std::printf("game %d (seed %llu): winner %s;", g, (unsigned long long)record.seed,
                winners == 1 ? game->seat_name(winner).c_str()
                : winners    ? "shared"
                             : "none (capped)");
    for (int s = 0; s < n; ++s)
      std::printf("  %s %s estimate %+.2f share %.2f", game->seat_name(s).c_str(),
                  record.seats[std::size_t(s)].c_str(), estimate[std::size_t(s)],
                  share[std::size_t(s)]);
    std::printf("\n");
    if (winners == 1) {
      ++decisive;
      favourite_won += winner == favourite;
      estimate_leader_won += winner == leader;
    }
    for (int s = 0; s < n; ++s) {
      Tally& t = tally[record.seats[std::size_t(s)]];
      t.setup_share += share[std::size_t(s)];
      ++t.seats;
      t.won += winners == 1 && winner == s;
      t.led += s == favourite;
    }
  }
  if (games == 0) {
    std::printf("no finished Culture Wars game past setup in %s\n", file.c_str());
    return 1;
  }
  std::printf("\n%d games, %d decisive; continuations: %d by %s in every seat\n", games, decisive,
              continuations, agent_spec.c_str());
  std::printf(
      "the continuation favourite's mean share %.3f; it won %d of the %d decisive games; "
      "the seat the estimate put ahead after setup won %d\n",
      favourite_share / games, favourite_won, decisive, estimate_leader_won);
  for (const auto& [spec, t] : tally)
    std::printf("%-40s seats %3d  setup share %.3f  favourite %3d  won %3d\n", spec.c_str(),
                t.seats, t.setup_share / t.seats, t.led, t.won);
  return 0;
}
