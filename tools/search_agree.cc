// search_agree: where searches at several budgets part from greedy's one ply, on the same
// positions.
//
//   search_agree GAME [-p key=value ...] --spec SPEC [--spec SPEC ...] [--games N] [--seed X]
//                [--samples S]
//
// Plays N games (default 2) in which every seat plays greedy's move (the medium level: one ply, the
// game's estimate, ties broken at random), and at every decision with more than one legal move asks
// each SPEC's agent of the seat to move (one agent per spec and seat, told of every move) for its
// move, which is not played: every spec is asked on exactly the same positions. The reference is
// greedy's score of every legal move averaged over S samples of the hidden state (default 32, so
// the reference is less noisy than the 8-sample greedy that plays). Per spec it prints how often
// the reference's best move is unique, how often the spec chose it, how often it chose a move the
// reference scores lower and by how much on average (the mover's expected return), and, for a
// search, the mean share of the root's visits its chosen move got. A search that leaves the one
// ply's best more often at a larger budget, for moves the one ply scores lower, maximises
// something else than the estimate one ply ahead: the first question of a search that plays worse
// with more iterations. Deterministic for a seed (one thread).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "ai/evaluation.h"
#include "ai/greedy_agent.h"
#include "ai/mcts.h"
#include "core/rng.h"
#include "games/games.h"

namespace {

using namespace tabletop;

struct Tally {
  long decisions = 0, unique = 0, same = 0, lower = 0;
  double shortfall = 0, visit_share = 0;
  long searched = 0;
};

json parse_params(const std::vector<std::string>& pairs) {
  json params = json::object();
  for (const std::string& kv : pairs) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos) throw std::runtime_error("-p wants key=value, not " + kv);
    const std::string value = kv.substr(eq + 1);
    try {
      params[kv.substr(0, eq)] = json::parse(value);
    } catch (const json::exception&) {
      params[kv.substr(0, eq)] = value;
    }
  }
  return params;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"search_agree: where searches part from greedy's one ply, on the same positions"};
  std::string game_id;
  std::vector<std::string> param_pairs, specs;
  int games = 2, samples = 32;
  uint64_t seed = 1;
  app.add_option("game", game_id, "the game")->required();
  app.add_option("-p,--param", param_pairs, "a game parameter, key=value");
  app.add_option("--spec", specs, "an agent spec to ask at every decision")->required();
  app.add_option("--games", games, "greedy games played")->check(CLI::Range(1, 100000));
  app.add_option("--samples", samples, "samples of the reference's scores")
      ->check(CLI::Range(1, 4096));
  app.add_option("--seed", seed, "seeds the games and the agents");
  CLI11_PARSE(app, argc, argv);

  const std::shared_ptr<const Game> game =
      games::registry().make(game_id, parse_params(param_pairs));
  const int seats = game->num_players();
  std::vector<Tally> tally(specs.size());
  const ai::Evaluation eval;
  for (int g = 0; g < games; ++g) {
    const uint64_t deal = seed + uint64_t(g);
    Rng rng(deal * 0x9e3779b97f4a7c15ULL);
    std::vector<std::vector<std::unique_ptr<ai::Agent>>> agents(specs.size());
    for (std::size_t k = 0; k < specs.size(); ++k)
      for (Seat s = 0; s < seats; ++s)
        agents[k].push_back(ai::make_agent(specs[k], *game, deal * 64 + uint64_t(s)));
    const std::unique_ptr<ai::Agent> greedy = ai::make_agent("greedy", *game, deal * 64 + 63);
    std::unique_ptr<State> state = game->new_initial_state(Chance(deal));
    state->log().set_enabled(false);
    MoveList legal;
    std::vector<double> score;
    while (!state->is_terminal()) {
      state->legal_moves(legal);
      const Seat mover = state->current_player();
      Move move = legal[0];
      if (legal.size() > 1) {
        ai::one_ply_scores(*state, mover, legal, samples, rng, eval, score);
        double best = score[0];
        for (double s : score) best = std::max(best, s);
        int top = 0;
        for (double s : score) top += s >= best - 1e-9 * samples;
        for (std::size_t k = 0; k < specs.size(); ++k) {
          ai::Agent& agent = *agents[k][std::size_t(mover)];
          const Move chosen = agent.choose(*state);
          const std::size_t at =
              std::size_t(std::find(legal.begin(), legal.end(), chosen) - legal.begin());
          Tally& t = tally[k];
          ++t.decisions;
          t.unique += top == 1;
          if (score[at] < best - 1e-9 * samples) {
            ++t.lower;
            t.shortfall += (best - score[at]) / samples;
          } else if (top == 1) {
            ++t.same;
          }
          if (const auto* search = dynamic_cast<const ai::MctsAgent*>(&agent)) {
            ++t.searched;
            t.visit_share += search->last_stats().best_share;
          }
        }
        move = greedy->choose(*state);
      }
      for (auto& per_spec : agents)
        for (auto& agent : per_spec) agent->observe(*state, move);
      greedy->observe(*state, move);
      state->apply(move);
    }
  }
  std::printf("%-40s %9s %14s %16s %16s %10s %12s\n", "spec", "decisions", "best unique",
              "chose it", "chose lower", "shortfall", "visit share");
  for (std::size_t k = 0; k < specs.size(); ++k) {
    const Tally& t = tally[k];
    std::printf("%-40s %9ld %13.1f%% %15.1f%% %15.1f%% %10.4f %11.1f%%\n", specs[k].c_str(),
                t.decisions, 100.0 * t.unique / double(std::max(t.decisions, 1L)),
                100.0 * t.same / double(std::max(t.unique, 1L)),
                100.0 * t.lower / double(std::max(t.decisions, 1L)),
                t.lower ? t.shortfall / double(t.lower) : 0.0,
                t.searched ? 100.0 * t.visit_share / double(t.searched) : 0.0);
  }
  return 0;
}
