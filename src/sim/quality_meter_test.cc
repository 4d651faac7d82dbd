// The lab's sampled quality measures (quality_meter.h) against the same games measured at every
// ply: the moves do not depend on the measuring, so the two runs play the same games and differ
// only by the sampling.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "games/games.h"
#include "sim/summary.h"

namespace tabletop::sim {
namespace {

struct Measured {
  std::map<std::string, QualityMeasure> quality;
  ConditionStats stats;
  std::vector<GameResult> games;
  json summary;  // Summary::to_json
};

struct Keep final : Sink {
  std::vector<GameResult> games;
  void game(const GameResult& r) override { games.push_back(r); }
};

// Random games of `id` from a fixed master seed, measured at one ply in `every` (legal moves) and
// in `lead_every` (the estimate).
Measured measure(const char* id, long deals, int every, int lead_every, int threads = 2) {
  Plan plan;
  Condition c;
  c.name = id;
  c.game = games::registry().make(id, json::object());
  c.slots.assign(std::size_t(c.game->num_players()), "random");
  c.rotations = rotations("none", c.game->num_players());
  plan.conditions.push_back(c);
  plan.deals = deals;
  plan.seed = 58;
  plan.threads = threads;
  plan.quality_every = every;
  plan.lead_every = lead_every;
  Summary summary(plan, "variants", {}, 0.05);
  Keep keep;
  struct Both final : Sink {
    Sink& a;
    Sink& b;
    Both(Sink& x, Sink& y) : a(x), b(y) {}
    void game(const GameResult& r) override {
      a.game(r);
      b.game(r);
    }
    void deal_done(long deal) override { a.deal_done(deal); }
  } both(summary, keep);
  summary.finish(run_plan(plan, both));
  Measured run;
  for (const QualityMeasure& m : summary.quality(0)) run.quality[m.id] = m;
  run.stats = summary.conditions()[0];
  run.games = std::move(keep.games);
  run.summary = summary.to_json();
  return run;
}

// The tolerances the default (legal moves and trajectories at one ply in 16, the estimate at every
// ply) keeps on Relativity and Conspiracy: the lead measures exactly equal, branching and decisions
// per player within 2%, and the trajectories' turn means within four standard errors of the
// sampled games.
TEST(QualityMeter, SampledMeasuresAgreeWithEveryPly) {
  for (const auto& [id, deals] : {std::pair{"relativity", 1500L}, std::pair{"conspiracy", 150L}}) {
    const Measured exact = measure(id, deals, 1, 1);
    const Measured sampled = measure(id, deals, Plan{}.quality_every, Plan{}.lead_every);
    ASSERT_EQ(exact.games.size(), sampled.games.size()) << id;
    for (std::size_t g = 0; g < exact.games.size(); ++g) {
      const GameQuality &x = exact.games[g].quality, &y = sampled.games[g].quality;
      ASSERT_EQ(exact.games[g].plies, sampled.games[g].plies) << id << " game " << g;
      EXPECT_EQ(y.lead_changes, x.lead_changes) << id << " game " << g;
      EXPECT_EQ(y.winner_behind_at_midpoint, x.winner_behind_at_midpoint) << id << " game " << g;
      EXPECT_DOUBLE_EQ(y.clear_at, x.clear_at) << id << " game " << g;
      EXPECT_DOUBLE_EQ(y.winner_lowest, x.winner_lowest) << id << " game " << g;
    }
    // Branching and decisions per player: the game by game differences average to zero within
    // four standard errors (the sampling is unbiased), and the measures agree within 5%.
    auto decisions = [](const GameQuality& q) {
      return double(std::accumulate(q.choices.begin(), q.choices.end(), 0)) /
             double(q.choices.size());
    };
    Moments branching, decided;
    for (std::size_t g = 0; g < exact.games.size(); ++g) {
      const GameQuality &x = exact.games[g].quality, &y = sampled.games[g].quality;
      if (!std::isnan(y.branching)) branching.add(y.branching - x.branching);
      decided.add(decisions(y) - decisions(x));
    }
    for (const Moments* d : {&branching, &decided})
      EXPECT_LE(std::abs(d->mean()), 4 * std::sqrt(d->variance() / double(d->count())) + 1e-9)
          << id;
    auto value = [](const Measured& r, const char* m) { return r.quality.at(m).value; };
    for (const char* m : {"branching", "decisions_per_player"})
      EXPECT_NEAR(value(sampled, m), value(exact, m), 0.05 * value(exact, m)) << id << " " << m;
    EXPECT_GT(value(exact, "lead_changes"), 0) << id;
    // Trajectories: a row for every turn reached, the same counts of games still running, and
    // each sampled turn mean near every game's.
    const ConditionStats& e = exact.stats;
    const ConditionStats& s = sampled.stats;
    EXPECT_EQ(s.turn_games, e.turn_games) << id;
    ASSERT_EQ(s.trace.size(), e.trace.size()) << id;
    ASSERT_EQ(s.figure_trace.size(), e.figure_trace.size()) << id;
    int compared = 0;
    for (std::size_t t = 0; t < e.trace.size(); ++t)
      for (std::size_t k = 0; k < e.trace[t].size(); ++k) {
        const Moments& x = s.trace[t][k];
        if (x.count() < 8) continue;
        const double se = std::sqrt(e.trace[t][k].variance() / double(x.count()));
        EXPECT_NEAR(x.mean(), e.trace[t][k].mean(), 4 * se + 1e-9)
            << id << " turn " << t << " column " << k;
        ++compared;
      }
    EXPECT_GT(compared, 10) << id;
  }
}

// Reading the estimate at one ply in 4 (--lead-every 4) sees the leader at a subsequence of the
// plies: never more lead changes than every ply's, and on Relativity, whose lead passes back and
// forth within a few plies only rarely, within 5% of them and the midpoint and clear-at shares
// within 2 points.
TEST(QualityMeter, SampledLeadMissesOnlyQuickReturns) {
  const Measured exact = measure("relativity", 1500, 1, 1);
  const Measured sampled = measure("relativity", 1500, 16, 4);
  for (std::size_t g = 0; g < exact.games.size(); ++g)
    ASSERT_LE(sampled.games[g].quality.lead_changes, exact.games[g].quality.lead_changes) << g;
  auto value = [](const Measured& r, const char* m) { return r.quality.at(m).value; };
  EXPECT_GE(value(sampled, "lead_changes"), 0.95 * value(exact, "lead_changes"));
  for (const char* m : {"winner_behind", "clear_at"})
    EXPECT_NEAR(value(sampled, m), value(exact, m), 0.02) << m;
}

// Sampling is per game, from its seed: a run measures the same on one thread as on two. Every game
// has a trajectory row for each turn it reached; at stride 1 each row is measured, at 16 only the
// turns a sample fell on, and the unmeasured rows are NaN throughout.
TEST(QualityMeter, SamplesComeFromTheGameSeed) {
  const Measured two = measure("relativity", 60, 16, 4, 2),
                 one = measure("relativity", 60, 16, 4, 1);
  const Measured every = measure("relativity", 60, 1, 1, 2);
  ASSERT_EQ(one.games.size(), two.games.size());
  long rows = 0, measured = 0;
  for (std::size_t g = 0; g < two.games.size(); ++g) {
    const GameQuality &x = one.games[g].quality, &y = two.games[g].quality;
    EXPECT_EQ(x.lead_changes, y.lead_changes);
    EXPECT_DOUBLE_EQ(x.branching, y.branching);
    EXPECT_DOUBLE_EQ(x.clear_at, y.clear_at);
    EXPECT_EQ(x.choices, y.choices);
    const GameResult& r = two.games[g];
    const std::size_t turns =
        std::size_t(std::min(GameQuality::kTraceTurns, (r.plies + r.players - 1) / r.players));
    const std::size_t width = std::size_t(r.players) + 1;
    ASSERT_EQ(y.trace.size(), turns * width);
    ASSERT_EQ(every.games[g].quality.trace.size(), turns * width);
    for (float v : every.games[g].quality.trace) EXPECT_FALSE(std::isnan(v));
    for (std::size_t t = 0; t < turns; ++t) {
      const int nan = int(std::count_if(y.trace.begin() + long(t * width),
                                        y.trace.begin() + long((t + 1) * width),
                                        [](float v) { return std::isnan(v); }));
      EXPECT_TRUE(nan == 0 || nan == int(width)) << "a row is measured whole or not at all";
      ++rows;
      measured += nan == 0;
    }
  }
  // Relativity's two seats and a stride of 16 plies: a turn in 16 for the games of an even
  // phase, none for the others.
  EXPECT_GT(measured, 0);
  EXPECT_LT(measured * 8, rows);
  // The JSON's seat-figure trajectory: up to the first turn no game sampled, each turn with the
  // games still running.
  const json t = two.summary["conditions"][0]["trajectories"]["trophies"];
  ASSERT_GE(t["mean"].size(), 2u);
  EXPECT_EQ(t["games"][0], 60);
  std::size_t sampled_turns = 0;
  while (sampled_turns < two.stats.figure_trace.size() &&
         two.stats.figure_trace[sampled_turns][0].count() > 0)
    ++sampled_turns;
  EXPECT_EQ(t["mean"].size(), sampled_turns);
}

TEST(QualityMeter, StridesMustNest) {
  Plan plan;
  Condition c;
  c.name = "r";
  c.game = games::registry().make("relativity", json::object());
  c.slots = {"random", "random"};
  c.rotations = rotations("none", 2);
  plan.conditions.push_back(c);
  plan.deals = 1;
  plan.quality_every = 6;
  plan.lead_every = 4;
  Keep keep;
  EXPECT_THROW(run_plan(plan, keep), BadParams);
  plan.lead_every = 0;
  EXPECT_THROW(run_plan(plan, keep), BadParams);
}

}  // namespace
}  // namespace tabletop::sim
