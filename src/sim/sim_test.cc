#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <thread>

#include "games/games.h"
#include "sim/lab.h"
#include "sim/progress.h"
#include "sim/report.h"
#include "sim/report_replay.h"
#include "sim/search.h"
#include "sim/seeds.h"
#include "sim/stats.h"
#include "sim/summary.h"

namespace tabletop::sim {
namespace {

// Applies a replay frame's observation change (report_replay.h) to `observation`.
void apply_change(json& observation, const json& change) {
  if (change.contains("set"))
    for (const auto& [key, value] : change["set"].items()) observation[key] = value;
  if (change.contains("sub"))
    for (const auto& [key, sub] : change["sub"].items()) apply_change(observation[key], sub);
  if (change.contains("del"))
    for (const json& key : change["del"]) observation.erase(key.get<std::string>());
}

// Each frame's whole observation, rebuilt from the first and the changes.
std::vector<json> frame_observations(const json& frames) {
  std::vector<json> out;
  json at;
  for (const json& f : frames) {
    if (f.contains("observation"))
      at = f["observation"];
    else
      apply_change(at, f["change"]);
    out.push_back(at);
  }
  return out;
}

// The figures a report page carries (its lab-summary block), parsed.
json page_summary(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"lab-summary\">";
  const std::size_t at = html.find(open);
  if (at == std::string::npos) return nullptr;
  const std::size_t from = at + open.size(), to = html.find("</script>", from);
  return json::parse(html.substr(from, to - from));
}

// `--progress lines`: a line for each count once the interval has passed (the lab tells of every
// game as it ends, so a deal of many games shows its way:
// Lab.GamesPlayedAreToldBeforeTheirDealIsWhole), none for a count already drawn, and the last count
// however soon it comes.
TEST(Progress, LinesForNewCountsOnly) {
  testing::internal::CaptureStderr();
  {
    Progress every_time(4, Progress::Style::kLines, std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    every_time.update(1);
    every_time.update(1);  // the same count again: nothing
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    every_time.update(2);
    Progress once_a_minute(4, Progress::Style::kLines);
    once_a_minute.update(3);  // within the minute: nothing
    once_a_minute.update(4);  // all done: drawn
    once_a_minute.update(4);
  }
  const std::string out = testing::internal::GetCapturedStderr();
  EXPECT_NE(out.find("sim: 1 of 4 games"), std::string::npos) << out;
  EXPECT_NE(out.find("sim: 2 of 4 games"), std::string::npos) << out;
  EXPECT_EQ(out.find("sim: 3 of 4"), std::string::npos) << out;
  EXPECT_NE(out.find("sim: 4 of 4 games"), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 3) << out;
}

TEST(Seeds, TwoMasterSeedsShareNoGame) {
  std::set<uint64_t> first;
  for (uint64_t i = 0; i < 100000; ++i) first.insert(game_seed(1, i));
  EXPECT_EQ(first.size(), 100000u);
  for (uint64_t master : {2ull, 3ull, 1000ull})
    for (uint64_t i = 0; i < 100000; ++i)
      ASSERT_EQ(first.count(game_seed(master, i)), 0u) << "master " << master << " game " << i;
}

// Collects every game in the order the runner hands them over.
struct Collect final : Sink {
  std::vector<GameResult> games;
  long deals = 0;
  long stop_after = -1;
  std::atomic<bool>* stop = nullptr;
  void game(const GameResult& r) override { games.push_back(r); }
  void deal_done(long deal) override {
    deals = deal + 1;
    if (stop && deals == stop_after) *stop = true;
  }
};

Plan relativity_plan(long deals, int threads, const std::string& rotate = "cyclic") {
  Plan plan;
  Condition c;
  c.name = "baseline";
  c.game = games::registry().make("relativity", json::object());
  c.slots = {"random", "greedy"};
  c.rotations = rotations(rotate, 2);
  plan.conditions.push_back(c);
  plan.deals = deals;
  plan.seed = 42;
  plan.threads = threads;
  return plan;
}

TEST(Lab, SameResultsWhateverTheThreadCount) {
  Collect one, two;
  run_plan(relativity_plan(24, 1), one);
  run_plan(relativity_plan(24, 2), two);
  ASSERT_EQ(one.games.size(), 48u);
  ASSERT_EQ(two.games.size(), 48u);
  for (std::size_t i = 0; i < one.games.size(); ++i) {
    EXPECT_EQ(one.games[i].deal, two.games[i].deal);
    EXPECT_EQ(one.games[i].rotation, two.games[i].rotation);
    EXPECT_EQ(one.games[i].seed, two.games[i].seed);
    EXPECT_EQ(one.games[i].returns, two.games[i].returns);
    EXPECT_EQ(one.games[i].plies, two.games[i].plies);
    EXPECT_EQ(one.games[i].figures, two.games[i].figures);
  }
  // Both rotations of a deal are played from the same seed, with the agents swapped.
  EXPECT_EQ(one.games[0].seed, one.games[1].seed);
  EXPECT_EQ(one.games[0].seat_slot, (std::vector<int>{0, 1}));
  EXPECT_EQ(one.games[1].seat_slot, (std::vector<int>{1, 0}));
}

// What the MPI runner (mpi_lab.h) builds on: rank r of k plays the deals d with d % k == r, each
// exactly as the whole run plays it.
TEST(Lab, RankSharesTogetherAreTheWholeRun) {
  Collect whole;
  run_plan(relativity_plan(11, 1), whole);
  ASSERT_EQ(whole.games.size(), 22u);
  std::vector<GameResult> merged(whole.games.size());
  for (int rank = 0; rank < 3; ++rank) {
    Plan plan = relativity_plan(11, 2);
    plan.rank = rank;
    plan.ranks = 3;
    Collect share;
    const RunInfo info = run_plan(plan, share);
    EXPECT_EQ(info.deals_done, (11 - rank + 2) / 3);
    EXPECT_FALSE(info.interrupted);
    long previous = -1;
    for (const GameResult& g : share.games) {
      EXPECT_EQ(g.deal % 3, rank);
      EXPECT_GE(g.deal, previous);
      previous = g.deal;
      merged[std::size_t(g.deal * 2 + g.rotation)] = g;
    }
  }
  for (std::size_t i = 0; i < whole.games.size(); ++i) {
    EXPECT_EQ(merged[i].deal, whole.games[i].deal);
    EXPECT_EQ(merged[i].seed, whole.games[i].seed);
    EXPECT_EQ(merged[i].returns, whole.games[i].returns);
    EXPECT_EQ(merged[i].plies, whole.games[i].plies);
    EXPECT_EQ(merged[i].figures, whole.games[i].figures);
  }
}

TEST(Lab, StopKeepsEveryFinishedDealInOrder) {
  std::atomic<bool> stop{false};
  Plan plan = relativity_plan(100000, 2, "none");
  plan.stop = &stop;
  Collect c;
  c.stop = &stop;
  c.stop_after = 10;
  const RunInfo info = run_plan(plan, c);
  EXPECT_TRUE(info.interrupted);
  EXPECT_GE(info.deals_done, 10);
  EXPECT_LT(info.deals_done, 1000);
  ASSERT_EQ(long(c.games.size()), info.deals_done);
  for (std::size_t i = 0; i < c.games.size(); ++i) EXPECT_EQ(c.games[i].deal, long(i));
}

// A progress line within a long deal: the sink hears of each game as it ends, before its deal is
// whole. On one thread the runner's lock is never taken when a game ends, so every game is told.
TEST(Lab, GamesPlayedAreToldBeforeTheirDealIsWhole) {
  struct Events final : Sink {
    std::vector<std::string> said;
    void game(const GameResult&) override { said.push_back("game"); }
    void deal_done(long deal) override { said.push_back("deal " + std::to_string(deal)); }
    void games_played(long played) override { said.push_back("played " + std::to_string(played)); }
  };
  Events one;
  run_plan(relativity_plan(2, 1), one);
  EXPECT_EQ(one.said, (std::vector<std::string>{"played 1", "played 2", "game", "game", "deal 0",
                                                "played 3", "played 4", "game", "game", "deal 1"}));
  // On two threads some counts may be skipped (a worker finding the lock taken), but those told
  // only rise and never pass the run's games.
  Events two;
  run_plan(relativity_plan(40, 2), two);
  long last = 0;
  for (const std::string& e : two.said)
    if (e.starts_with("played ")) {
      const long n = std::stol(e.substr(7));
      EXPECT_GT(n, last) << e;
      last = n;
    }
  EXPECT_LE(last, 80);
  EXPECT_GT(last, 0);
}

TEST(Lab, IdenticalVariantsDifferByExactlyNothing) {
  Plan plan = relativity_plan(20, 2, "none");
  plan.conditions.push_back(plan.conditions[0]);
  plan.conditions[1].name = "same again";
  Summary summary(plan, "variants", {}, 0.05);
  const RunInfo info = run_plan(plan, summary);
  summary.finish(info);
  const auto comparisons = summary.comparisons();
  ASSERT_EQ(comparisons.size(), 1u);
  EXPECT_EQ(comparisons[0].plies.count(), 20);
  EXPECT_EQ(comparisons[0].plies.mean(), 0);
  EXPECT_EQ(comparisons[0].seat_win[0].mean(), 0);
  EXPECT_EQ(comparisons[0].seat_win[0].sd(), 0);
  // Every figure Relativity exports in every game is compared too, and differs by nothing.
  ASSERT_FALSE(comparisons[0].figures.empty());
  for (const auto& [name, d] : comparisons[0].figures) {
    EXPECT_EQ(d.count(), 20) << name;
    EXPECT_EQ(d.mean(), 0) << name;
  }
}

TEST(Lab, RelativityFiguresAccountForEveryTrophy) {
  Plan plan = relativity_plan(10, 1, "none");
  Collect c;
  run_plan(plan, c);
  for (const GameResult& r : c.games) {
    std::map<std::string, double> f(r.figures.begin(), r.figures.end());
    ASSERT_TRUE(f.count("space_trophies") && f.count("time_trophies") && f.count("rounds"));
    double per_rank = 0;
    for (const char* rank : {"n", "a", "2", "3", "4", "5"})
      per_rank += f[std::string("space_trophy_") + rank] + f[std::string("time_trophy_") + rank];
    EXPECT_EQ(per_rank, f["space_trophies"] + f["time_trophies"]);
    // Without the cap a game ends with five trophies in round 2 (or six held by one seat).
    if (f["capped"] == 0) {
      EXPECT_GE(f["space_trophies"] + f["time_trophies"], 6);
    }
  }
}

// `deals` games of `id` with its default parameters between random players, seats unrotated.
Collect random_games(const char* id, long deals, int threads) {
  Plan plan;
  Condition c;
  c.name = id;
  c.game = games::registry().make(id, json::object());
  c.slots.assign(std::size_t(c.game->num_players()), "random");
  c.rotations = rotations("none", c.game->num_players());
  plan.conditions.push_back(c);
  plan.deals = deals;
  plan.threads = threads;
  Collect col;
  run_plan(plan, col);
  return col;
}

TEST(Lab, EveryGameExportsItsFigures) {
  for (const char* id : {"siege", "culture-wars", "conspiracy"}) {
    const Collect col = random_games(id, 2, 2);
    for (const GameResult& r : col.games) {
      ASSERT_FALSE(r.figures.empty()) << id;
      EXPECT_EQ(r.figures[0].first, "capped") << id;
    }
  }
}

TEST(Stats, WilsonIntervalMatchesTheFormula) {
  const Interval i = wilson(5, 10);
  EXPECT_NEAR(i.low, 0.2366, 1e-4);
  EXPECT_NEAR(i.high, 0.7634, 1e-4);
  const Interval none = wilson(0, 20);
  EXPECT_EQ(none.low, 0);
  EXPECT_NEAR(none.high, 0.1611, 1e-4);
  EXPECT_EQ(wilson(0, 0).high, 1);
}

TEST(Stats, GamesToDetect) {
  // 50% against 55%: ((1.96*0.5 + 0.8416*sqrt(0.2475)) / 0.05)^2 = 782.5, rounded up.
  EXPECT_EQ(games_to_detect(0.5, 0.05), 783);
  EXPECT_GT(games_to_detect(0.5, 0.01), 19000);
}

TEST(Stats, DistributionQuartilesAndHistogram) {
  Distribution d;
  for (int v = 1; v <= 100; ++v) d.add(v);
  EXPECT_DOUBLE_EQ(d.mean(), 50.5);
  EXPECT_EQ(d.quantile(0.5), 50);
  EXPECT_EQ(d.quantile(0.25), 25);
  EXPECT_EQ(d.quantile(0.75), 75);
  EXPECT_EQ(d.max(), 100);
  long total = 0;
  for (const auto& b : d.histogram(10)) total += b.count;
  EXPECT_EQ(total, 100);
  Distribution seconds;
  seconds.add(0.0012345);
  EXPECT_NEAR(seconds.max(), 0.00123, 1e-9);  // three significant digits kept
}

TEST(Stats, BradleyTerryRecoversAKnownStrength) {
  // A beats B three times in four: B-T says p_A / p_B = 3, 191 Elo (the virtual draw pulls a
  // little toward 0).
  std::vector<std::vector<double>> wins = {{3000, 0, 0}, {1000, 0, 0}, {0, 0, 0}};
  wins[0][1] = 3000;
  wins[1][0] = 1000;
  wins[0][0] = 0;
  const Ratings r = bradley_terry(wins);
  EXPECT_NEAR(r.elo[0] - r.elo[1], 400 * std::log10(3.0), 1.0);
  EXPECT_TRUE(r.elo_95[0].contains(r.elo[0]));
  EXPECT_LT(r.elo_95[0].high - r.elo_95[0].low, 40);
  EXPECT_TRUE(std::isinf(r.elo_95[2].high));  // C never played
}

// The length spread's jackknife over deals, against a computation by hand (Python's statistics:
// deals {1, 3}, {2, 4}, {10, 10}: cv 0.8, leave-one-out cvs, (d-1)/d times their squared
// deviations).
TEST(Stats, LengthSpreadJackknifesOverDeals) {
  DealSpread spread;
  for (const std::vector<double>& deal : {std::vector<double>{1, 3}, {2, 4}, {10, 10}}) {
    for (double x : deal) spread.add(x);
    spread.close_deal();
  }
  EXPECT_NEAR(spread.value(), 0.8, 1e-12);
  EXPECT_NEAR(spread.interval().low, 0.4991297698522765, 1e-12);
  EXPECT_NEAR(spread.interval().high, 1.1008702301477236, 1e-12);
  DealSpread one;
  one.add(5);
  one.add(7);
  one.close_deal();
  EXPECT_TRUE(std::isinf(one.interval().high));  // one deal: no interval
}

TEST(Stats, PairedIntervalCoversTheMean) {
  Paired p;
  for (int i = 0; i < 50; ++i) p.add(i % 2 ? 1.0 : 0.0);
  EXPECT_DOUBLE_EQ(p.mean(), 0.5);
  EXPECT_TRUE(p.interval().contains(0.5));
  EXPECT_FALSE(p.interval().contains(0.3));
}

// A run where the engine's cap ends every game: no share, no paired interval and no skill verdict
// is a number; each is "—" with the reason.
TEST(Summary, UndefinedValuesAreADashWithTheReason) {
  Plan plan = relativity_plan(4, 2, "none");
  plan.conditions[0].game = games::registry().make("relativity", json{{"max_plies", 10}});
  plan.conditions.push_back(plan.conditions[0]);
  plan.conditions[1].name = "same again";
  Summary summary(plan, "variants", {}, 0.05);
  summary.finish(run_plan(plan, summary));
  ASSERT_EQ(summary.conditions()[0].capped, 4);
  const std::string text = summary.to_text();
  EXPECT_NE(text.find("decisive share — (no decisive game)"), std::string::npos) << text;
  EXPECT_EQ(text.find("[0.0%, 100.0%]"), std::string::npos) << text;
  EXPECT_NE(text.find("capped rate +0.0 points, 95% — (the same in every deal)"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("inf"), std::string::npos) << text;
  const json j = summary.to_json();
  EXPECT_TRUE(j["conditions"][0]["seats"][0]["decisive_share"]["value"].is_null());
  EXPECT_EQ(j["conditions"][0]["seats"][0]["decisive_share"]["undefined"], "no decisive game");
  EXPECT_TRUE(j["comparisons"][0]["plies"]["paired_95"].is_null());
  // The page draws from the same JSON.
  const json page = page_summary(report_html(summary, "x"));
  EXPECT_EQ(page["conditions"][0]["seats"][0]["decisive_share"]["undefined"], "no decisive game");
  EXPECT_TRUE(page["comparisons"][0]["plies"]["paired_95"].is_null());
}

TEST(Summary, SkillTraceWhereEveryGameHitsTheCapIsUninformative) {
  Plan plan = relativity_plan(3, 2);
  plan.conditions[0].game = games::registry().make("relativity", json{{"max_plies", 10}});
  plan.conditions[0].slots = {"greedy", "greedy"};
  plan.conditions[0].budget = 2;
  Summary summary(plan, "skill", {"greedy"}, 0.05);
  summary.finish(run_plan(plan, summary));
  const std::string text = summary.to_text();
  EXPECT_NE(text.find("UNINFORMATIVE"), std::string::npos) << text;
  EXPECT_EQ(text.find("more thinking does not win more"), std::string::npos) << text;
  EXPECT_FALSE(summary.to_json()["skill"]["informative"].get<bool>());
  EXPECT_FALSE(page_summary(report_html(summary, "x"))["skill"]["informative"].get<bool>());
}

// Capping games lowers every seat's win rate (of all games); the paired capped rate says why, and
// the plies difference is flagged like the others.
TEST(Summary, PairedCappedRateAndPliesAreShownAndFlagged) {
  Plan plan = relativity_plan(30, 2);
  plan.conditions.push_back(plan.conditions[0]);
  plan.conditions[1].name = "capped at 40";
  plan.conditions[1].game = games::registry().make("relativity", json{{"max_plies", 40}});
  Summary summary(plan, "variants", {}, 0.05);
  summary.finish(run_plan(plan, summary));
  const auto p = summary.comparisons().at(0);
  EXPECT_GT(p.capped.mean(), 0.3);
  EXPECT_FALSE(p.capped.interval().contains(0));
  EXPECT_FALSE(p.plies.interval().contains(0));
  const std::string text = summary.to_text();
  EXPECT_NE(text.find("  capped rate +"), std::string::npos) << text;
  EXPECT_NE(text.find("DIFFERENT\n  draw rate"), std::string::npos) << text;
  const std::size_t plies = text.find("  plies -");
  ASSERT_NE(plies, std::string::npos) << text;
  EXPECT_NE(text.substr(plies, text.find('\n', plies) - plies).find("DIFFERENT"),
            std::string::npos);
  const json j = summary.to_json()["comparisons"][0];
  EXPECT_TRUE(j["capped_rate"]["different"].get<bool>());
  EXPECT_TRUE(j["plies"]["different"].get<bool>());
  EXPECT_EQ(page_summary(report_html(summary, "x"))["comparisons"][0], j);
}

// A finished two-player game as the runner would hand it over, made by hand.
GameResult made_game(long deal, int condition, int rotation, std::vector<int> seat_slot,
                     std::vector<double> returns, int plies) {
  GameResult r;
  r.deal = deal;
  r.condition = condition;
  r.rotation = rotation;
  r.players = 2;
  r.seat_slot = std::move(seat_slot);
  r.returns = std::move(returns);
  r.plies = plies;
  return r;
}

// Constructed clusters with a known design effect: clusters of two trials that always agree count
// as half as many trials (deff exactly 2); clusters of one trial as themselves (deff exactly 1).
TEST(Stats, ClusterShareDesignEffectIsKnownOnConstructedCases) {
  ClusterShare agree, single;
  for (int d = 0; d < 100; ++d) agree.add(d % 2 ? 2 : 0, 2);
  for (int d = 0; d < 200; ++d) single.add(d % 2 ? 1 : 0, 1);
  EXPECT_DOUBLE_EQ(agree.share(), 0.5);
  EXPECT_DOUBLE_EQ(agree.design_effect(), 2.0);
  EXPECT_DOUBLE_EQ(single.design_effect(), 1.0);
  const Interval a = agree.interval(), w = wilson(50, 100), plain = single.interval();
  EXPECT_DOUBLE_EQ(a.low, w.low);
  EXPECT_DOUBLE_EQ(a.high, w.high);
  EXPECT_DOUBLE_EQ(plain.low, wilson(100, 200).low);
  // Clusters that split every time (negative correlation) are not given a narrower interval.
  ClusterShare split;
  for (int d = 0; d < 100; ++d) split.add(1, 2);
  EXPECT_DOUBLE_EQ(split.design_effect(), 0.0);
  EXPECT_DOUBLE_EQ(split.interval().low, wilson(100, 200).low);
}

// The summary takes the deal as the unit: two rotations of a deal won by the same seat (as a deal
// that decides the game whatever the seating would be) make the seat intervals those of half as
// many games.
// scripts/ladder --extend builds on this: a run from deal K plays the deals a run of K fewer did
// not, game for game as the whole run plays them, and the two runs' share sums add to the whole's.
TEST(Lab, ARunFromDealKIsTheRestOfTheLongerRun) {
  const auto run = [](long first, long deals, Collect& games) {
    Plan plan = relativity_plan(deals, 2);
    plan.first_deal = first;
    Summary summary(plan, "variants", {}, 0.05);
    struct Both final : Sink {
      Sink *a, *b;
      void game(const GameResult& r) override { a->game(r), b->game(r); }
      void deal_done(long d) override { a->deal_done(d), b->deal_done(d); }
    } both;
    both.a = &summary;
    both.b = &games;
    summary.finish(run_plan(plan, both));
    return summary.to_json();
  };
  Collect whole, head, tail;
  const json all = run(0, 9, whole), first = run(0, 4, head), rest = run(4, 5, tail);
  ASSERT_EQ(whole.games.size(), 18u);
  ASSERT_EQ(head.games.size() + tail.games.size(), 18u);
  for (std::size_t i = 0; i < tail.games.size(); ++i) {
    const GameResult &g = tail.games[i], &w = whole.games[head.games.size() + i];
    EXPECT_EQ(g.seed, w.seed);
    EXPECT_EQ(g.rotation, w.rotation);
    EXPECT_EQ(g.returns, w.returns);
    EXPECT_EQ(g.plies, w.plies);
    EXPECT_EQ(g.deal + 4, w.deal);  // deal numbers are the run's own
  }
  EXPECT_EQ(rest["first_deal"], 4);
  EXPECT_EQ(rest["deals"], 5);
  // Each share's sums over deals (every agent's, and the capped rate's) add up to the whole run's.
  const auto adds_up = [](const json& a, const json& b, const json& w) {
    EXPECT_EQ(a["deals"].get<long>() + b["deals"].get<long>(), w["deals"].get<long>());
    for (const char* k : {"s", "t", "ss", "st", "tt"})
      EXPECT_DOUBLE_EQ(a[k].get<double>() + b[k].get<double>(), w[k].get<double>()) << k;
  };
  const json &cw = all["conditions"][0], &ca = first["conditions"][0], &cb = rest["conditions"][0];
  for (int slot = 0; slot < 2; ++slot)
    adds_up(ca["slots"][slot]["deal_sums"], cb["slots"][slot]["deal_sums"],
            cw["slots"][slot]["deal_sums"]);
  adds_up(ca["capped_sums"], cb["capped_sums"], cw["capped_sums"]);
  // (scripts/ladder's capped interval reads them)
  EXPECT_EQ(cw["capped_sums"]["deals"], 9);
  EXPECT_DOUBLE_EQ(cw["capped_sums"]["s"].get<double>(), cw["capped"].get<double>());
  EXPECT_DOUBLE_EQ(cw["capped_sums"]["t"].get<double>(), cw["games"].get<double>());
}

TEST(Summary, SeatIntervalsTakeTheDealAsTheUnit) {
  Plan plan = relativity_plan(0, 1);  // cyclic: two rotations
  Summary summary(plan, "variants", {}, 0.05);
  for (long deal = 0; deal < 200; ++deal) {
    for (int rotation = 0; rotation < 2; ++rotation) {
      summary.game(made_game(deal, 0, rotation, plan.conditions[0].rotations[std::size_t(rotation)],
                             deal % 2 ? std::vector<double>{1, -1} : std::vector<double>{-1, 1},
                             10));
    }
    summary.deal_done(deal);
  }
  const ConditionStats& s = summary.conditions()[0];
  EXPECT_EQ(s.decisive, 400);
  EXPECT_DOUBLE_EQ(s.seat_share[0].design_effect(), 2.0);
  const Interval i = s.seat_share[0].interval(), half = wilson(100, 200);
  EXPECT_DOUBLE_EQ(i.low, half.low);
  EXPECT_DOUBLE_EQ(i.high, half.high);
  EXPECT_LT(wilson(200, 400).high, i.high);  // the independent-games interval was too narrow
  // The agents, seated both ways in each deal, split every deal's wins: no correlation to add.
  EXPECT_DOUBLE_EQ(s.slot_share[0].interval().low, wilson(200, 400).low);
  EXPECT_NE(summary.to_text().find("design effect up to 2.00"), std::string::npos);
  EXPECT_DOUBLE_EQ(
      summary.to_json()["conditions"][0]["seats"][0]["decisive_share"]["design_effect"], 2.0);
}

// The page's figure counts: a category's values (drawn as its share per value, never a mean) and
// the exact plies (drawn as the histogram).
TEST(Report, FigureAndLengthCountsReachThePage) {
  Plan plan = relativity_plan(0, 1, "none");
  plan.conditions.push_back(plan.conditions[0]);
  plan.conditions[1].name = "again";
  Summary summary(plan, "variants", {}, 0.05);
  for (long deal = 0; deal < 4; ++deal) {
    for (int c = 0; c < 2; ++c) {
      GameResult r = made_game(deal, c, 0, {0, 1}, {1, -1}, 100 + int(deal) * 10);
      r.figures = {{"first_player_won", double(deal % 2)}, {"winner_goal_suit", double(deal % 3)}};
      summary.game(r);
    }
    summary.deal_done(deal);
  }
  // The page gets each value's count (a category's share per value, the plies histogram).
  const json page = page_summary(report_html(summary, "x"))["report"]["conditions"][0];
  EXPECT_EQ(page["figure_counts"]["winner_goal_suit"], json::parse("[[0, 2], [1, 1], [2, 1]]"));
  EXPECT_EQ(page["plies_counts"], json::parse("[[100, 1], [110, 1], [120, 1], [130, 1]]"));
}

// The quality measures come from the games themselves: Relativity between greedy players always
// ends by the rules, has about a hundred legal moves a decision, and its lead changes hands.
TEST(Summary, QualityMeasuresForEveryGameFromItsRecords) {
  Plan plan = relativity_plan(40, 2);
  plan.conditions[0].slots = {"greedy", "greedy"};
  plan.quality_every = 1;  // every game (sampling: quality_meter_test.cc)
  Summary summary(plan, "variants", {}, 0.05);
  summary.finish(run_plan(plan, summary));
  std::map<std::string, QualityMeasure> q;
  for (const QualityMeasure& m : summary.quality(0)) q[m.id] = m;
  EXPECT_DOUBLE_EQ(q.at("decisiveness").value, 1.0);
  EXPECT_TRUE(q.at("decisiveness").interval.contains(1.0));
  EXPECT_GT(q.at("branching").value, 50);
  EXPECT_GT(q.at("lead_changes").value, 0);
  EXPECT_TRUE(q.at("lead_changes").interval.contains(q.at("lead_changes").value));
  EXPECT_GT(q.at("decisions_per_player").value, 10);
  EXPECT_GE(q.at("clear_at").value, 0);
  EXPECT_LE(q.at("clear_at").value, 1);
  EXPECT_TRUE(q.at("winner_behind").undefined.empty());
  EXPECT_TRUE(q.at("length_spread").undefined.empty());  // jackknifed over the 40 deals
  EXPECT_TRUE(q.at("length_spread").interval.contains(q.at("length_spread").value));
  EXPECT_TRUE(std::isfinite(q.at("length_spread").interval.high));
  const ConditionStats& s = summary.conditions()[0];
  // Some winner was behind by the estimate at some point: the biggest comeback is below 0.
  EXPECT_LT(s.comeback_lowest, 0);
  EXPECT_GE(s.comeback_lowest, -1);
  ASSERT_GE(s.trace.size(), 10u);
  EXPECT_EQ(s.trace[0][0].count(), 80);  // every game at turn 0
  const json j = summary.to_json()["conditions"][0]["quality"];
  EXPECT_TRUE(j.contains("lead_changes"));
  EXPECT_FALSE(j["decisiveness"]["meaning"].get<std::string>().empty());
  // The estimate and legal-move trajectories the page draws, over the turns a tenth of the games
  // reached.
  const json page = page_summary(report_html(summary, "x"))["report"]["conditions"][0];
  ASSERT_TRUE(page["estimate"].is_object());
  EXPECT_GE(page["estimate"]["mean"].size(), 10u);
  EXPECT_LE(page["estimate"]["mean"].size(), s.trace.size());
  EXPECT_EQ(page["estimate"]["mean"][0].size(), 2u);  // a line a seat
  EXPECT_EQ(page["legal_moves"]["mean"][0].size(), 1u);
  EXPECT_DOUBLE_EQ(page["legal_moves"]["mean"][0][0].get<double>(), s.trace[0][2].mean());
  EXPECT_NE(summary.to_text().find("lead changes per game"), std::string::npos);
}

TEST(Search, TargetsAndCandidates) {
  EXPECT_EQ(Target::parse("seat balance within 2 points").kind, Target::Kind::kSeatBalance);
  EXPECT_DOUBLE_EQ(Target::parse("seat balance within 2 points").limit, 0.02);
  EXPECT_DOUBLE_EQ(Target::parse("decisive >= 95%").limit, 0.95);
  const Target median = Target::parse("median length 60-90 turns");
  EXPECT_EQ(median.unit, "turns");
  EXPECT_DOUBLE_EQ(median.high, 90);
  EXPECT_THROW(Target::parse("fun >= 3"), BadParams);
  EXPECT_THROW(Target::parse("median length 90-60 plies"), BadParams);
  const auto c = search_candidates({"max_rounds=10..40/10", "tech_advantage=false,true"}, json{});
  ASSERT_EQ(c.size(), 8u);
  EXPECT_EQ(c[0].first, "max_rounds=10 tech_advantage=false");
  EXPECT_EQ(c[7].second["max_rounds"], 40);
  EXPECT_EQ(c[7].second["tech_advantage"], true);
  EXPECT_THROW(search_candidates({"x=5..1"}, json{}), BadParams);
  EXPECT_THROW(search_candidates({"x=1..1000"}, json{}), BadParams);
  // Scores: more decisive is better; a median inside the range scores 0.
  Plan plan = relativity_plan(20, 2, "none");
  plan.conditions.push_back(plan.conditions[0]);
  plan.conditions[1].game = games::registry().make("relativity", json{{"max_plies", 30}});
  Summary summary(plan, "variants", {}, 0.05);
  summary.finish(run_plan(plan, summary));
  const Target decisive = Target::parse("decisive >= 90%");
  EXPECT_LT(decisive.score(summary.conditions()[0]), decisive.score(summary.conditions()[1]));
  EXPECT_TRUE(decisive.met(summary.conditions()[0]));
  EXPECT_FALSE(decisive.met(summary.conditions()[1]));
  const Target any_length = Target::parse("median length 0-100000 plies");
  EXPECT_EQ(any_length.score(summary.conditions()[0]), 0);
}

// The page is the built web page with the summary inlined: one JSON block holding the summary
// JSON and what the page adds, no "<" inside it whatever the command line or a seat says, and no
// resource from elsewhere.
TEST(Report, PageCarriesTheSummaryInOneBlock) {
  Plan plan = relativity_plan(6, 2);
  plan.record = true;
  Summary summary(plan, "variants", {}, 0.05);
  summary.finish(run_plan(plan, summary));
  const std::string hostile = "tabletop sim relativity -n 6 </script><script>alert(1)</script><!--";
  const std::string html = report_html(summary, hostile);
  EXPECT_EQ(html.rfind("<!doctype html>", 0), 0u);
  EXPECT_EQ(html.substr(html.find_last_not_of('\n') - 6, 7), "</html>");
  EXPECT_EQ(html.find("alert(1)</script>"), std::string::npos);
  EXPECT_EQ(html.find("<!--"), std::string::npos);
  const std::string open = "<script type=\"application/json\" id=\"lab-summary\">";
  const std::size_t at = html.find(open);
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(html.find(open, at + 1), std::string::npos) << "one block";
  const std::size_t from = at + open.size(), to = html.find("</script>", from);
  EXPECT_EQ(html.substr(from, to - from).find('<'), std::string::npos);
  EXPECT_NE(html.find("</body>", to), std::string::npos);
  json page = page_summary(html);
  EXPECT_EQ(page["report"]["command_line"], hostile);
  EXPECT_EQ(page["report"]["search"], "");
  ASSERT_EQ(page["report"]["conditions"].size(), 1u);
  page.erase("report");
  EXPECT_EQ(page, summary.to_json()) << "the rest is the --json summary";
  for (const char* elsewhere : {"<script src", "<link", "@import", "url(http"})
    EXPECT_EQ(html.find(elsewhere), std::string::npos) << elsewhere;
}

TEST(Report, OutlierGamesReplayInThePage) {
  Plan plan = relativity_plan(6, 2);
  plan.record = true;
  Summary summary(plan, "variants", {}, 0.05);
  summary.finish(run_plan(plan, summary));
  const ConditionStats& s = summary.conditions()[0];
  ASSERT_TRUE(s.longest && s.shortest && s.most_lead_changes);
  EXPECT_GT(s.longest_plies, s.shortest_plies);
  const json page = page_summary(report_html(summary, "x"))["report"];
  ASSERT_LT(s.comeback_lowest, 0);
  ASSERT_TRUE(s.comeback);
  std::set<std::string> keys;
  for (const json& o : page["conditions"][0]["outliers"]) {
    EXPECT_EQ(o["record"], "records/0-" + o["kind"].get<std::string>() + ".json");
    keys.insert(o["replay"].get<std::string>());
  }
  EXPECT_EQ(keys, (std::set<std::string>{"0-longest", "0-shortest", "0-most-lead-changes",
                                         "0-comeback", "0-rare-winner"}));
  const json& replays = page["replays"];
  const json& links = replays["links"];
  const json& longest = replays["games"][links["0-longest"]["game"].get<std::size_t>()];
  const Record& record = *s.longest;
  ASSERT_EQ(longest["frames"].size(), record.moves.size() + 1);
  EXPECT_EQ(longest["plies"], record.moves.size());
  EXPECT_EQ(longest["seats"].size(), 2u);
  EXPECT_EQ(longest["game"], "relativity");  // the web drawing to draw it with
  EXPECT_TRUE(longest["frames"][0]["observation"].is_object());
  for (std::size_t i = 1; i < longest["frames"].size(); ++i) {
    const json& f = longest["frames"][i];
    EXPECT_EQ(f["ply"], int(i));
    EXPECT_EQ(f["move"], record.moves[i - 1]);  // Relativity hides nothing
  }
  // Each game is embedded once, whatever outliers it is.
  std::set<std::size_t> games;
  for (const auto& [key, link] : links.items()) games.insert(link["game"].get<std::size_t>());
  EXPECT_EQ(games.size(), replays["games"].size());
  // The last step shows the result, which is the record's.
  EXPECT_EQ(longest["frames"].back()["estimate"].get<std::vector<double>>(), *record.result);
  EXPECT_EQ(longest["result"].get<std::vector<double>>(), *record.result);
  EXPECT_EQ(links["0-most-lead-changes"]["title"].get<std::string>().rfind("most lead", 0), 0u);
}

TEST(Report, ReplaysShowWhatASpectatorSaw) {
  const auto siege = games::registry().make("siege", json{{"players", 2}, {"max_plies", 60}});
  Match match(siege, 5, {"random", "random"});
  Rng rng(3);
  std::vector<json> seen{match.state().observation(kSpectator)};
  while (!match.state().is_terminal()) {
    const auto moves = match.state().legal_moves();
    match.play(moves[rng.uniform(uint32_t(moves.size()))]);
    seen.push_back(match.state().observation(kSpectator));
  }
  Record record = match.record();
  const json frames = replay_frames(*siege, record)["frames"];
  ASSERT_EQ(frames.size(), record.moves.size() + 1);
  for (const json& f : frames) {
    EXPECT_FALSE(f.contains("move")) << "a hidden-information game's spectator sees who moved";
    if (f["ply"] > 0) {
      EXPECT_FALSE(f["mover"].get<std::string>().empty());
    }
  }
  // The spectator's observation at every step, nothing more: whole at the deal, then changes.
  EXPECT_TRUE(frames[0].contains("observation"));
  EXPECT_FALSE(frames[1].contains("observation"));
  const std::vector<json> rebuilt = frame_observations(frames);
  for (std::size_t i = 0; i < frames.size(); ++i) EXPECT_EQ(rebuilt[i], seen[i]) << "ply " << i;
  // A record that does not replay in the game is refused, naming the move.
  record.moves.back() = "9:a1-a2";
  EXPECT_THROW(replay_frames(*siege, record), BadRecord);
}

// A game longer than kReplaySteps is embedded as its first and last half, the gap marked, the
// observation after the gap whole; the changes rebuild every embedded observation exactly.
TEST(Report, LongReplaysKeepTheirEndsAndMarkTheGap) {
  const auto siege = games::registry().make("siege", json{{"players", 2}, {"max_plies", 3000}});
  Match match(siege, 11, {"random", "random"});
  Rng rng(5);
  std::vector<json> seen{match.state().observation(kSpectator)};
  while (!match.state().is_terminal()) {
    const auto moves = match.state().legal_moves();
    match.play(moves[rng.uniform(uint32_t(moves.size()))]);
    seen.push_back(match.state().observation(kSpectator));
  }
  const Record record = match.record();
  const int plies = int(record.moves.size());
  ASSERT_GT(plies, kReplaySteps + 10) << "a long game to cut";
  const json frames = replay_frames(*siege, record)["frames"];
  ASSERT_EQ(int(frames.size()), kReplaySteps + 1);
  const int half = kReplaySteps / 2;
  EXPECT_EQ(frames[std::size_t(half)]["ply"], half);
  const json& after = frames[std::size_t(half) + 1];
  EXPECT_EQ(after["ply"], plies - half + 1);
  EXPECT_EQ(after["gap"], plies - kReplaySteps);
  EXPECT_EQ(frames.back()["ply"], plies);
  EXPECT_TRUE(after.contains("observation")) << "whole again after the gap";
  const std::vector<json> rebuilt = frame_observations(frames);
  for (std::size_t i = 0; i < frames.size(); ++i)
    ASSERT_EQ(rebuilt[i], seen[frames[i]["ply"].get<std::size_t>()]) << "ply " << frames[i]["ply"];
}

// Trajectories of the game's own figures: Relativity's trophies start at 0 for both seats and
// grow; the JSON (which the report draws, one chart per figure) carries the curves and meanings.
TEST(Summary, SeatFigureTrajectories) {
  Plan plan = relativity_plan(10, 2);
  plan.conditions[0].slots = {"greedy", "greedy"};
  plan.quality_every = 1;
  Summary summary(plan, "variants", {}, 0.05);
  summary.finish(run_plan(plan, summary));
  const ConditionStats& s = summary.conditions()[0];
  ASSERT_EQ(s.seat_figure_names, std::vector<std::string>{"trophies"});
  ASSERT_GE(s.figure_trace.size(), 10u);
  EXPECT_EQ(s.figure_trace[0][0].count(), 20);  // every game at turn 0
  EXPECT_EQ(s.figure_trace[0][0].mean(), 0);
  EXPECT_EQ(s.figure_trace[0][1].mean(), 0);
  const std::size_t late = s.figure_trace.size() / 2;
  EXPECT_GT(s.figure_trace[late][0].mean() + s.figure_trace[late][1].mean(), 0);
  const json t = summary.to_json()["conditions"][0]["trajectories"]["trophies"];
  EXPECT_EQ(t["mean"].size(), s.figure_trace.size());
  EXPECT_EQ(t["games"][0], 20);
  EXPECT_FALSE(t["meaning"].get<std::string>().empty());
}

// Every game's seat figures reach the lab: names, and a curve per seat over the turns.
TEST(Lab, EveryGameExportsSeatFigures) {
  for (const char* id : {"relativity", "siege", "culture-wars", "conspiracy", "conspiracy-tcg"}) {
    const Collect col = random_games(id, 1, 1);
    const GameResult& r = col.games.at(0);
    const GameQuality& q = r.quality;
    ASSERT_FALSE(q.seat_figure_names.empty()) << id;
    EXPECT_EQ(q.seat_figure_meanings.size(), q.seat_figure_names.size()) << id;
    const auto n = std::size_t(r.players);
    const std::size_t turns = q.trace.size() / (n + 1);  // each seat's estimate, the legal moves
    EXPECT_GE(turns, 1u) << id;
    EXPECT_EQ(q.figure_trace.size(), turns * q.seat_figure_names.size() * n) << id;
  }
}

}  // namespace
}  // namespace tabletop::sim
