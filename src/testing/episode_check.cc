#include "testing/episode_check.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/episode.h"

namespace tabletop::testing {
namespace {

json state_json(const Episode& e) {
  return e.has_state() ? e.state().to_json() : json();
}

// The outcome the seeded stream gives at `e`'s chance node, the draw number `drawn_before` (from 0)
// of the deal (`move` null) or of `move` applied to e.state(), over `seeds` seeds; returns the
// counts per outcome.
std::vector<int> sampled_outcomes(const Game& game, const Episode& e, const Move* move,
                                  std::size_t drawn_before, int seeds) {
  std::vector<int> counts(e.chance_outcomes().size(), 0);
  for (int i = 0; i < seeds; ++i) {
    Chance chance(uint64_t(i) * 7919 + 13);
    chance.set_journal(true);
    uint32_t outcome;
    if (move == nullptr) {
      outcome = game.new_initial_state(std::move(chance))->chance().journal().at(drawn_before);
    } else {
      std::unique_ptr<State> s = e.state().clone();
      s->chance() = chance;
      s->apply(*move);
      outcome = s->chance().journal().at(drawn_before);
    }
    ++counts.at(outcome);
  }
  return counts;
}

// Chi-square statistic's upper 0.1% point for `dof` degrees of freedom (Wilson–Hilferty).
double chi_square_limit(int dof) {
  const double k = dof, z = 3.09;
  const double t = 1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k));
  return k * t * t * t;
}

}  // namespace

void episode_test(const Registry& registry, const std::string& game_id, const json& params,
                  int episodes, uint64_t seed) {
  std::shared_ptr<const Game> game = registry.make(game_id, params);
  const int max_outcomes = game->max_chance_outcomes();
  const int actions = game->num_distinct_actions();
  ASSERT_GT(actions, 0) << game_id << ": no action space";
  Rng rng(seed);
  bool chi_square_done = false;
  for (int episode = 0; episode < episodes; ++episode) {
    Episode e(game, seed + uint64_t(episode), Episode::ChanceMode::kExplicit);
    std::vector<uint32_t> outcomes;  // every chance outcome, in order
    std::vector<Move> moves;
    for (int step = 0; !e.is_terminal(); ++step) {
      const std::string where =
          game_id + " episode " + std::to_string(episode) + " step " + std::to_string(step);
      ASSERT_LT(step, 10'000'000) << where << ": the game does not end";
      const json before = state_json(e);
      const Seat player = e.current_player();
      int action;
      if (e.is_chance_node()) {
        const auto dist = e.chance_outcomes();
        ASSERT_GT(max_outcomes, 0) << where << ": the game draws but declares no chance outcomes";
        ASSERT_LE(int(dist.size()), max_outcomes) << where << ": more outcomes than declared";
        double total = 0;
        for (std::size_t i = 0; i < dist.size(); ++i) {
          ASSERT_EQ(dist[i].first, int(i)) << where;
          total += dist[i].second;
        }
        ASSERT_NEAR(total, 1.0, 1e-9) << where << ": the probabilities do not add up to 1";
        if (!chi_square_done && dist.size() > 1) {
          chi_square_done = true;
          const int n = int(dist.size());
          const Move* pending = e.has_state() && !moves.empty() ? &moves.back() : nullptr;
          // The outcomes already chosen for this deal or move come first in its journal.
          std::size_t drawn_before = 0;
          for (auto it = e.history().rbegin(); it != e.history().rend(); ++it, ++drawn_before)
            if (it->first != kChancePlayer) break;
          const std::vector<int> counts =
              sampled_outcomes(*game, e, pending, drawn_before, 200 * n);
          double chi = 0;
          for (int c : counts) chi += (c - 200.0) * (c - 200.0) / 200.0;
          EXPECT_LT(chi, chi_square_limit(n - 1))
              << where << ": the sampled outcomes of a draw of " << n << " are not uniform";
        }
        action = int(rng.uniform(uint32_t(dist.size())));
        outcomes.push_back(uint32_t(action));
      } else {
        const std::vector<int> legal = e.state().legal_actions();
        ASSERT_FALSE(legal.empty()) << where;
        action = legal[rng.uniform(uint32_t(legal.size()))];
        moves.push_back(e.state().action_move(action));
      }
      ASSERT_NO_THROW(e.apply_action(action)) << where;
      const json after = state_json(e);
      // Undo restores the point before; the same step reaches the same point again.
      if (step % 3 == 0) {
        ASSERT_NO_THROW(e.undo()) << where;
        ASSERT_EQ(state_json(e), before) << where << ": undo does not restore the state";
        ASSERT_EQ(e.current_player(), player) << where << ": undo does not restore the player";
        ASSERT_NO_THROW(e.apply_action(action)) << where;
        ASSERT_EQ(state_json(e), after) << where << ": the step replayed reaches another state";
      }
    }
    // The same game in sampled mode, its chance outcomes scripted, reaches the same state.
    Chance chance(seed);
    chance.script(outcomes);
    std::unique_ptr<State> plain = game->new_initial_state(std::move(chance));
    for (Move m : moves) ASSERT_NO_THROW(plain->apply_checked(m)) << game_id;
    EXPECT_EQ(plain->chance().scripted_left(), 0u) << game_id << ": chance outcomes left over";
    EXPECT_EQ(plain->to_json()["state"], e.state().to_json()["state"])
        << game_id << " episode " << episode << ": explicit and scripted chance differ";
  }
}

}  // namespace tabletop::testing
