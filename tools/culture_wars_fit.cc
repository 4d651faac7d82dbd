// culture_wars_fit: can a fitted estimate tell apart the positions Culture Wars' setup leaves
// better than the hand-weighted score does? It fits a choice model of who wins on the setup
// features (CultureWarsState::setup_features; culture_wars.h lists them) and prints its weights
// and how well it predicts held-out games. research/culture-wars-search.md (2026-11-28) has the
// result and why the estimate does not use the fit.
//
//   culture_wars_fit [--games N] [--players P] [--epsilon E] [--seed X] [--threads T]
//
// N games (default 3,000) at P players (2, 3 or 4; default 3), seeded from X (game g from
// sim::game_seed(X, g)). In setup (round 0) every decision with a choice is, with chance E
// (default 0.5), a uniformly random legal move, otherwise `greedy:samples=1`'s (the compiled
// estimate's one ply), so the data holds good setups and bad ones; from round 1 every seat plays
// `greedy:samples=1` to the end, or to the 60-round cap. Every setup state from the first coin
// placement on is a sample (the tile moves place nothing the features see): each seat's features
// and, once the game is over, who won (a shared win split between the winners, a capped game
// "nobody"). Coin placement (with the tile moves) and token placement are fitted apart, each to
// the maximum-likelihood conditional logit over its samples (L2 penalty 1; tools/choice_model.h),
// the seats and "nobody" being the alternatives. Every fifth game (g % 5 == 4) is held out;
// printed per part, for the held-out games:
//   - the log-likelihood per sample of a fit of the hand-weighted score alone (feature 0 and
//     "nobody": what the estimate says) and of the fit on every feature;
//   - for token placement, at each game's last setup decision, how often the seat each of those
//     puts ahead won (of the decisive games): which model tells setup's outcomes apart.
// The run is deterministic: games are seeded as above and fitted in game order, whatever the
// thread count.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "ai/agent.h"
#include "choice_model.h"
#include "core/rng.h"
#include "games/culture_wars/culture_wars.h"
#include "sim/seeds.h"

using namespace tabletop;
using namespace tabletop::culture_wars;

namespace {

constexpr std::size_t kWeights = CultureWarsState::kSetupFeatures + 1;  // then "nobody"

struct Sample {
  int game = 0;
  bool last = false;    // the game's last setup decision
  bool tokens = false;  // token placement (else the coins' or the tiles')
  fitting::Choice choice;
};

fitting::Choice choice_of(const CultureWarsState& state, int players) {
  CultureWarsState::SetupFeatures features;
  state.setup_features(features);
  fitting::Choice c;
  c.alternatives = players + 1;
  c.x.assign(std::size_t(players + 1) * kWeights, 0.0);
  c.share.assign(std::size_t(players + 1), 0.0);
  for (int s = 0; s < players; ++s)
    for (int i = 0; i < CultureWarsState::kSetupFeatures; ++i)
      c.x[std::size_t(s) * kWeights + std::size_t(i)] = features[std::size_t(s)][std::size_t(i)];
  c.x[std::size_t(players) * kWeights + kWeights - 1] = 1.0;
  return c;
}

std::vector<Sample> play_game(const std::shared_ptr<const CultureWarsGame>& game, int g,
                              uint64_t seed, double epsilon) {
  const int players = game->num_players();
  const uint64_t base = sim::game_seed(seed, uint64_t(g));
  std::unique_ptr<State> state = game->new_initial_state(Chance(base));
  std::vector<std::unique_ptr<ai::Agent>> agents;
  for (int s = 0; s < players; ++s)
    agents.push_back(ai::make_agent("greedy:samples=1", *game, sim::agent_seed(base, s)));
  Rng rng(base ^ 0x5e7u);
  std::vector<Sample> samples;
  MoveList legal;
  while (!state->is_terminal()) {
    const auto& position = static_cast<const CultureWarsState&>(*state);
    const bool setup = position.round() == 0;
    if (setup && position.phase() != Phase::kTileMoves)
      samples.push_back(
          {g, false, position.phase() == Phase::kTokenPlacement, choice_of(position, players)});
    state->legal_moves(legal);
    const Move move = setup && legal.size() > 1 && rng.unit() < epsilon
                          ? legal[rng.uniform(uint32_t(legal.size()))]
                          : agents[std::size_t(position.current_player())]->choose(*state);
    state->apply(move);
  }
  if (!samples.empty()) samples.back().last = true;
  const uint8_t winners = static_cast<const CultureWarsState&>(*state).winners();
  const int count = std::popcount(unsigned(winners));
  for (Sample& s : samples) {
    for (int k = 0; k < players; ++k)
      if (winners >> k & 1) s.choice.share[std::size_t(k)] = 1.0 / count;
    if (count == 0) s.choice.share[std::size_t(players)] = 1.0;
  }
  return samples;
}

// Of the decisive games among `last` (each game's last setup decision), how often the seat `w`
// puts ahead won.
int leader_won(const std::vector<fitting::Choice>& last, const std::vector<double>& w,
               int& decisive) {
  int won = 0;
  decisive = 0;
  std::vector<double> p;
  for (const fitting::Choice& c : last) {
    const int seats = c.alternatives - 1;
    if (c.share[std::size_t(seats)] > 0) continue;
    fitting::probabilities(c, w, p);
    const int leader = int(std::max_element(p.begin(), p.begin() + seats) - p.begin());
    ++decisive;
    won += c.share[std::size_t(leader)] == 1.0;
  }
  return won;
}

}  // namespace

int main(int argc, char** argv) {
  int games = 3000, players = 3, threads = 2;
  double epsilon = 0.5;
  uint64_t seed = 1;
  CLI::App app{"Fits Culture Wars' estimate weights from self-play (docs/games/culture-wars.md)",
               "culture_wars_fit"};
  app.add_option("--games", games, "games to play")->check(CLI::PositiveNumber);
  app.add_option("--players", players, "players")->check(CLI::Range(2, 4));
  app.add_option("--epsilon", epsilon, "the share of random moves")->check(CLI::Range(0.0, 1.0));
  app.add_option("--seed", seed, "the first game's seed");
  app.add_option("--threads", threads, "worker threads")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  const auto game =
      std::make_shared<const CultureWarsGame>(json{{"players", players}, {"max_rounds", 60}});
  std::vector<std::vector<Sample>> per_game(static_cast<std::size_t>(games));
  std::atomic<int> next{0}, done{0};
  auto work = [&] {
    for (int g = next++; g < games; g = next++) {
      per_game[std::size_t(g)] = play_game(game, g, seed, epsilon);
      if (const int d = ++done; d % 250 == 0) std::fprintf(stderr, "  %d of %d games\n", d, games);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  std::printf("%d games at %d players, epsilon %.2f, seed %llu\n", games, players, epsilon,
              (unsigned long long)seed);
  for (const bool tokens : {false, true}) {
    std::vector<fitting::Choice> train, held, held_last;
    for (auto& samples : per_game)
      for (const Sample& s : samples) {
        if (s.tokens != tokens) continue;
        if (s.game % 5 != 4) {
          train.push_back(s.choice);
          continue;
        }
        held.push_back(s.choice);
        if (s.last) held_last.push_back(s.choice);
      }
    std::printf("\n%s: %zu samples fitted, %zu held out\n",
                tokens ? "token placement" : "coin placement", train.size(), held.size());
    std::vector<bool> score_only(kWeights, true);
    score_only[0] = score_only[kWeights - 1] = false;
    const std::vector<double> score = fitting::fit(train, kWeights, 1.0, score_only);
    const std::vector<double> full = fitting::fit(train, kWeights, 1.0, {}, true);
    std::printf("held out: log-likelihood per sample: the score alone %.4f, the fit %.4f\n",
                fitting::log_likelihood(held, score), fitting::log_likelihood(held, full));
    if (tokens) {
      int decisive = 0;
      const int score_won = leader_won(held_last, score, decisive);
      const int full_won = leader_won(held_last, full, decisive);
      std::printf(
          "held out, last setup decision: the leader won %d (the score alone) and %d "
          "(the fit) of %d decisive games\n",
          score_won, full_won, decisive);
    }
    std::printf("the score alone: {");
    for (std::size_t i = 0; i < kWeights; ++i) std::printf("%s%.4g", i ? ", " : "", score[i]);
    std::printf("}\nthe fit: {");
    for (std::size_t i = 0; i < kWeights; ++i) std::printf("%s%.4g", i ? ", " : "", full[i]);
    std::printf("}\n");
  }
  return 0;
}
