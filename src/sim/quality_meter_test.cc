// The lab's game-quality measures on a sample of the deals (Plan::quality_every): the games of the
// sampled deals are measured exactly as when every game is, the sample is a function of the deal
// alone, and the summary says how many games the measures come from.
#include "sim/quality_meter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>

#include "games/games.h"
#include "sim/summary.h"

namespace tabletop::sim {
namespace {

struct Keep final : Sink {
  std::vector<GameResult> games;
  void game(const GameResult& r) override { games.push_back(r); }
};

// Passes on to `to` only the games of the deals `keep` accepts (and their deal_done).
struct Only final : Sink {
  Sink& to;
  std::function<bool(long)> keep;
  Only(Sink& s, std::function<bool(long)> k) : to(s), keep(std::move(k)) {}
  void game(const GameResult& r) override {
    if (keep(r.deal)) to.game(r);
  }
  void deal_done(long deal) override {
    if (keep(deal)) to.deal_done(deal);
  }
};

struct Both final : Sink {
  Sink& a;
  Sink& b;
  Both(Sink& x, Sink& y) : a(x), b(y) {}
  void game(const GameResult& r) override {
    a.game(r);
    b.game(r);
  }
  void deal_done(long deal) override {
    a.deal_done(deal);
    b.deal_done(deal);
  }
};

// Random games of `id` (seats rotated) from a fixed master seed, measured on one deal in `every`.
Plan random_plan(const char* id, long deals, int every, int threads = 2) {
  Plan plan;
  Condition c;
  c.name = id;
  c.game = games::registry().make(id, json::object());
  c.slots.assign(std::size_t(c.game->num_players()), "random");
  c.rotations = rotations("cyclic", c.game->num_players());
  plan.conditions.push_back(c);
  plan.deals = deals;
  plan.seed = 58;
  plan.threads = threads;
  plan.quality_every = every;
  return plan;
}

std::vector<GameResult> play(const Plan& plan) {
  Keep keep;
  run_plan(plan, keep);
  return std::move(keep.games);
}

// Two measures of one game are the same, NaN for NaN.
void expect_same(const GameQuality& x, const GameQuality& y, const std::string& what) {
  auto floats = [](const std::vector<float>& v) {
    std::vector<std::string> out;
    for (float f : v) out.push_back(std::isnan(f) ? "nan" : std::to_string(f));
    return out;
  };
  EXPECT_EQ(x.measured, y.measured) << what;
  EXPECT_EQ(x.lead_changes, y.lead_changes) << what;
  EXPECT_EQ(x.choices, y.choices) << what;
  EXPECT_EQ(x.estimated, y.estimated) << what;
  EXPECT_EQ(x.winner_behind_at_midpoint, y.winner_behind_at_midpoint) << what;
  EXPECT_EQ(std::isnan(x.branching), std::isnan(y.branching)) << what;
  if (!std::isnan(x.branching)) {
    EXPECT_EQ(x.branching, y.branching) << what;
  }
  EXPECT_EQ(x.clear_at, y.clear_at) << what;
  EXPECT_EQ(x.winner_lowest, y.winner_lowest) << what;
  EXPECT_EQ(floats(x.trace), floats(y.trace)) << what;
  EXPECT_EQ(floats(x.figure_trace), floats(y.figure_trace)) << what;
  EXPECT_EQ(x.seat_figure_names, y.seat_figure_names) << what;
}

// The meter against the measures' definitions computed plainly from every ply's estimate and legal
// moves, kept whole: random games of Relativity (few lead changes) and Culture Wars (many, over
// some twenty thousand plies).
TEST(QualityMeter, MeasuresFollowTheirDefinitions) {
  for (const auto& [id, count] : {std::pair{"relativity", 6}, std::pair{"culture-wars", 2}}) {
    const auto game = games::registry().make(id, json::object());
    const int n = game->num_players();
    for (uint64_t seed = 1; seed <= uint64_t(count); ++seed) {
      const std::string what = std::string(id) + " seed " + std::to_string(seed);
      GameQuality q;
      QualityMeter meter(n, q);
      std::vector<int> leader, legal, mover;
      std::vector<Returns> estimates;
      std::unique_ptr<State> state = game->new_initial_state(seed);
      MoveList moves;
      uint64_t pick = seed;
      while (!state->is_terminal()) {
        meter.look(*state);
        Returns e{};
        const bool estimated = state->estimate_returns(e);
        int best = -1;
        for (int s = 0; estimated && s < n; ++s)
          if (best < 0 || e[std::size_t(s)] > e[std::size_t(best)]) best = s;
        for (int s = 0; best >= 0 && s < n; ++s)
          if (s != best && e[std::size_t(s)] == e[std::size_t(best)]) best = -1;
        leader.push_back(best);
        estimates.push_back(e);
        moves.clear();
        state->legal_moves(moves);
        legal.push_back(int(moves.size()));
        mover.push_back(state->current_player());
        pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
        state->apply(moves[std::size_t((pick >> 33) % moves.size())]);
      }
      const int plies = int(leader.size());
      const Returns r = state->returns();
      int winner = 0;
      for (int s = 1; s < n; ++s)
        if (r[std::size_t(s)] > r[std::size_t(winner)]) winner = s;
      for (int s = 0; s < n; ++s)
        if (s != winner && r[std::size_t(s)] == r[std::size_t(winner)]) winner = -1;
      meter.finish(plies, winner);
      ASSERT_GT(plies, 0) << what;
      ASSERT_TRUE(q.estimated) << what;

      int changes = 0, last = -1;
      std::vector<int> choices(std::size_t(n), 0);
      double legal_sum = 0;
      for (int p = 0; p < plies; ++p) {
        if (leader[std::size_t(p)] >= 0) {
          changes += last >= 0 && leader[std::size_t(p)] != last;
          last = leader[std::size_t(p)];
        }
        legal_sum += legal[std::size_t(p)];
        if (legal[std::size_t(p)] > 1) ++choices[std::size_t(mover[std::size_t(p)])];
      }
      EXPECT_EQ(q.lead_changes, changes) << what;
      EXPECT_DOUBLE_EQ(q.branching, legal_sum / plies) << what;
      EXPECT_EQ(q.choices, choices) << what;
      if (winner >= 0) {
        EXPECT_EQ(q.winner_behind_at_midpoint, leader[std::size_t(plies / 2)] != winner) << what;
        int led_for_good = 0;  // the ply from which the winner led to the end
        for (int p = 0; p < plies; ++p)
          if (leader[std::size_t(p)] != winner) led_for_good = p + 1;
        EXPECT_DOUBLE_EQ(q.clear_at, double(led_for_good) / plies) << what;
        double lowest = 1e300;
        for (const Returns& e : estimates) lowest = std::min(lowest, e[std::size_t(winner)]);
        EXPECT_EQ(q.winner_lowest, lowest) << what;
      } else {
        EXPECT_EQ(q.clear_at, -1) << what;
      }
      const int turns = std::min(GameQuality::kTraceTurns, (plies + n - 1) / n);
      ASSERT_EQ(q.trace.size(), std::size_t(turns) * std::size_t(n + 1)) << what;
      for (int t = 0; t < turns; ++t) {
        for (int s = 0; s < n; ++s)
          EXPECT_EQ(q.trace[std::size_t(t * (n + 1) + s)],
                    float(estimates[std::size_t(t * n)][std::size_t(s)]))
              << what << " turn " << t;
        EXPECT_EQ(q.trace[std::size_t(t * (n + 1) + n)], float(legal[std::size_t(t * n)])) << what;
      }
    }
  }
}

// The games of the sampled deals carry exactly the measures they carry when every game is
// measured; the others carry none. A summary of the sampled run gives exactly the quality
// measures of the full run's summary restricted to the sampled deals (decisiveness, seat
// advantage and length spread, over all games, those of the full run).
TEST(QualityMeter, SampledDealsAreMeasuredAsInTheFullRun) {
  for (const auto& [id, deals] : {std::pair{"relativity", 120L}, std::pair{"conspiracy", 24L}}) {
    const int every = 4;
    const Plan full_plan = random_plan(id, deals, 1), sampled_plan = random_plan(id, deals, every);
    Summary full(full_plan, "variants", {}, 0.05), restricted(full_plan, "variants", {}, 0.05),
        sampled(sampled_plan, "variants", {}, 0.05);
    Keep full_games, sampled_games;
    Only only(restricted, [&](long deal) { return deal % every == 0; });
    Both to_full(full, full_games);
    Both full_and_restricted(to_full, only);
    Both to_sampled(sampled, sampled_games);
    full.finish(run_plan(full_plan, full_and_restricted));
    sampled.finish(run_plan(sampled_plan, to_sampled));
    ASSERT_EQ(full_games.games.size(), sampled_games.games.size()) << id;
    long measured = 0;
    for (std::size_t g = 0; g < full_games.games.size(); ++g) {
      const GameResult &x = full_games.games[g], &y = sampled_games.games[g];
      ASSERT_EQ(x.plies, y.plies) << id << " game " << g;
      ASSERT_TRUE(x.quality.measured);
      if (y.deal % every == 0) {
        expect_same(x.quality, y.quality, std::string(id) + " game " + std::to_string(g));
        ++measured;
      } else {
        EXPECT_FALSE(y.quality.measured) << id << " game " << g;
        EXPECT_TRUE(y.quality.trace.empty()) << id << " game " << g;
      }
    }
    const long games_per_deal = long(full_plan.conditions[0].rotations.size());
    EXPECT_EQ(measured, (deals + every - 1) / every * games_per_deal) << id;
    EXPECT_EQ(sampled.conditions()[0].quality_games, measured) << id;
    EXPECT_EQ(full.conditions()[0].quality_games, long(full_games.games.size())) << id;

    std::map<std::string, QualityMeasure> all, part, sample;
    for (const QualityMeasure& m : full.quality(0)) all[m.id] = m;
    for (const QualityMeasure& m : restricted.quality(0)) part[m.id] = m;
    for (const QualityMeasure& m : sampled.quality(0)) sample[m.id] = m;
    ASSERT_EQ(sample.size(), all.size());
    EXPECT_GT(part.at("lead_changes").value, 0) << id;
    EXPECT_GT(part.at("branching").value, 1) << id;
    for (const auto& [m, q] : sample) {
      const bool every_game = m == "decisiveness" || m == "seat_advantage" || m == "length_spread";
      const QualityMeasure& want = every_game ? all.at(m) : part.at(m);
      EXPECT_EQ(q.value, want.value) << id << " " << m;
      EXPECT_EQ(q.interval.low, want.interval.low) << id << " " << m;
      EXPECT_EQ(q.interval.high, want.interval.high) << id << " " << m;
      EXPECT_EQ(q.undefined, want.undefined) << id << " " << m;
    }
    // The trajectories too: the same games at each turn, the same means.
    const ConditionStats &s = sampled.conditions()[0], &r = restricted.conditions()[0];
    EXPECT_EQ(s.turn_games, r.turn_games) << id;
    ASSERT_EQ(s.trace.size(), r.trace.size()) << id;
    for (std::size_t t = 0; t < s.trace.size(); ++t)
      for (std::size_t k = 0; k < s.trace[t].size(); ++k)
        EXPECT_EQ(s.trace[t][k].mean(), r.trace[t][k].mean()) << id << " turn " << t;
    EXPECT_EQ(sampled.to_json()["conditions"][0]["trajectories"],
              restricted.to_json()["conditions"][0]["trajectories"])
        << id;
  }
}

// The sample is a function of the deal: the same games are measured, alike, on one thread as on
// two, and a run that starts at deal K (first_deal) measures the deals the longer run measures.
TEST(QualityMeter, SampleDependsOnTheDealAlone) {
  const std::vector<GameResult> one = play(random_plan("relativity", 30, 3, 1)),
                                two = play(random_plan("relativity", 30, 3, 2));
  ASSERT_EQ(one.size(), two.size());
  for (std::size_t g = 0; g < one.size(); ++g) {
    EXPECT_EQ(one[g].quality.measured, one[g].deal % 3 == 0) << g;
    expect_same(one[g].quality, two[g].quality, "game " + std::to_string(g));
  }
  Plan rest = random_plan("relativity", 20, 3, 2);
  rest.first_deal = 10;
  const std::vector<GameResult> tail = play(rest);
  const std::size_t offset = one.size() - tail.size();
  for (std::size_t g = 0; g < tail.size(); ++g) {
    EXPECT_EQ(tail[g].quality.measured, (10 + tail[g].deal) % 3 == 0) << g;
    expect_same(tail[g].quality, one[offset + g].quality, "deal " + std::to_string(tail[g].deal));
  }
}

// By default every game of a short run is measured, and a longer one keeps at least 64 measured
// deals with one deal in at most 16.
TEST(QualityMeter, DefaultSampleBySize) {
  EXPECT_EQ(default_quality_every(1), 1);
  EXPECT_EQ(default_quality_every(127), 1);
  EXPECT_EQ(default_quality_every(128), 2);
  EXPECT_EQ(default_quality_every(1000), 15);
  EXPECT_EQ(default_quality_every(1024), 16);
  EXPECT_EQ(default_quality_every(1000000), 16);
  for (long deals : {1L, 100L, 128L, 500L, 1000L, 5000L, 100000L}) {
    const long every = default_quality_every(deals);
    EXPECT_GE((deals + every - 1) / every, std::min(deals, kQualityDeals)) << deals;
  }
  Plan plan = random_plan("relativity", 1, 0);
  Keep keep;
  EXPECT_THROW(run_plan(plan, keep), BadParams);
}

// The summary says which games the measures come from: the text, the JSON (quality_games per
// condition, quality_every at the top) and "every game" when all were measured.
TEST(QualityMeter, SummaryNamesTheMeasuredGames) {
  const Plan plan = random_plan("relativity", 10, 4);
  Summary summary(plan, "variants", {}, 0.05);
  summary.finish(run_plan(plan, summary));
  const std::string text = summary.to_text();
  EXPECT_NE(text.find("quality (measured on 6 of 20 games, one deal in 4;"), std::string::npos)
      << text;
  const json j = summary.to_json();
  EXPECT_EQ(j["quality_every"], 4);
  EXPECT_EQ(j["conditions"][0]["quality_games"], 6);
  const Plan every = random_plan("relativity", 3, 1);
  Summary all(every, "variants", {}, 0.05);
  all.finish(run_plan(every, all));
  EXPECT_NE(all.to_text().find("quality (every game measured):"), std::string::npos);
  EXPECT_EQ(all.to_json()["conditions"][0]["quality_games"], 6);
  Plan off = random_plan("relativity", 3, 1);
  off.quality = false;
  Summary none(off, "variants", {}, 0.05);
  none.finish(run_plan(off, none));
  EXPECT_NE(none.to_text().find("  quality:\n"), std::string::npos);
  EXPECT_TRUE(none.to_json()["quality_every"].is_null());
  EXPECT_EQ(none.to_json()["conditions"][0]["quality_games"], 0);
}

}  // namespace
}  // namespace tabletop::sim
