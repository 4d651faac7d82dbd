// Tests of hints and the post-game analysis (advice.h): the win-chance scale, that both use only
// what the seat to move may know (the hidden truth swapped for another one the seat cannot tell
// apart leaves them unchanged), and the analysis of a whole record.
#include "ai/advice.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "ai/agent.h"
#include "games/games.h"

namespace tabletop::ai {
namespace {

TEST(Advice, WinChanceReadsTheGamesLossReturn) {
  auto relativity = games::registry().make("relativity");
  EXPECT_DOUBLE_EQ(win_chance(*relativity, 1), 1);
  EXPECT_DOUBLE_EQ(win_chance(*relativity, -1), 0);
  EXPECT_DOUBLE_EQ(win_chance(*relativity, 0), 0.5);
  // Four-player Siege: a loser gets -1/3, so -1/3 is no chance and 0 (the mean) is a fair 25%.
  auto siege = games::registry().make("siege", {{"players", 4}});
  EXPECT_NEAR(win_chance(*siege, -1.0 / 3), 0, 1e-12);
  EXPECT_NEAR(win_chance(*siege, 0), 0.25, 1e-12);
  // Conspiracy: every loser gets -1.
  auto conspiracy = games::registry().make("conspiracy", {{"players", 4}});
  EXPECT_DOUBLE_EQ(win_chance(*conspiracy, -1), 0);
  EXPECT_DOUBLE_EQ(win_chance(*conspiracy, 1), 1);
  EXPECT_DOUBLE_EQ(win_chance(*conspiracy, 3), 1);  // clamped
  EXPECT_DOUBLE_EQ(win_chance(*conspiracy, std::nan("")), 0.5);
}

TEST(Advice, HintRefusesASpecThatIsNotIsmcts) {
  auto game = games::registry().make("relativity");
  auto state = game->new_initial_state(1);
  EXPECT_THROW(hint(*state, "greedy", 1), BadParams);
  EXPECT_THROW(hint(*state, "ismcts:bogus=1", 1), BadParams);
}

// A hint whose StopWhen answers true is stopped: a search of days answers with a legal move after
// its first iterations (the stop is asked for once the search reports progress).
TEST(Advice, HintStopsWhenAsked) {
  auto game = games::registry().make("relativity");
  auto state = game->new_initial_state(1);
  int asked = 0;
  const Hint h = hint(*state, "ismcts:time=100000000", 1, {}, [&] { return ++asked >= 2; });
  EXPECT_GE(asked, 2);
  EXPECT_TRUE(state->why_illegal(state->parse_move(h.move)).empty()) << h.move;
  EXPECT_GE(h.iterations, 1u);
}

// A position some way into a game where the mover has a real choice, and another truth the mover
// cannot tell apart from it (hidden parts resampled, the chance stream reseeded).
struct Swapped {
  std::unique_ptr<State> truth, other;
};
Swapped swapped_position(const Game& game, bool hidden) {
  Swapped s;
  s.truth = game.new_initial_state(7);
  Rng rng(11);
  MoveList moves;
  for (int ply = 0; ply < 400 && !s.truth->is_terminal(); ++ply) {
    s.truth->legal_moves(moves);
    if (ply >= 12 && moves.size() >= 3) break;
    s.truth->apply(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  const Seat seat = s.truth->current_player();
  for (int attempt = 0; attempt < 20; ++attempt) {
    s.other = s.truth->determinize(seat, rng);
    if (!hidden || s.other->to_json()["state"] != s.truth->to_json()["state"]) break;
  }
  return s;
}

// Hint and analysis over many seeds on the truth and on the swapped truth: the moves chosen must
// come from one distribution (a chi-square test at p = 0.001, as ai_test's for the agents) and
// the mean chances of winning must agree within sampling noise.
struct Tally {
  std::map<std::string, int> moves;
  double chance = 0;
};
void expect_same(const Tally& a, const Tally& b, int samples) {
  std::map<std::string, std::pair<int, int>> both;
  for (const auto& [m, n] : a.moves) both[m].first = n;
  for (const auto& [m, n] : b.moves) both[m].second = n;
  double statistic = 0;
  for (const auto& [m, ab] : both) {
    const double d = ab.first - ab.second;
    statistic += d * d / (ab.first + ab.second);
  }
  const int df = int(both.size()) - 1;
  if (df > 0) {
    const double k = 2.0 / (9.0 * df);
    EXPECT_LE(statistic, df * std::pow(1 - k + 3.09 * std::sqrt(k), 3)) << "df " << df;
  }
  EXPECT_NEAR(a.chance / samples, b.chance / samples, 0.08);
}

TEST(Advice, HintAndAnalysisDoNotDependOnTheHiddenTruth) {
  constexpr int kSamples = 60;
  // opponents=search: a game's tuned opponent model (its search_lines) would scan every modelled
  // decision of the 30 playout plies; ai_test's information test covers the model.
  const std::string spec = "ismcts:iterations=40,depth=30,opponents=search";
  for (const GameEntry& entry : games::registry().entries()) {
    if (!entry.info.hidden_information) continue;
    SCOPED_TRACE(entry.info.id);
    auto game = games::registry().make(entry.info.id);
    const Swapped s = swapped_position(*game, true);
    ASSERT_FALSE(s.truth->is_terminal());
    const Seat seat = s.truth->current_player();
    ASSERT_EQ(s.other->observation(seat), s.truth->observation(seat));
    EXPECT_NE(s.other->to_json()["state"], s.truth->to_json()["state"]);
    // The move the seat plays: the first legal one (the same on both: legal moves depend only
    // on what the seat sees).
    const Move played = s.truth->legal_moves()[0];
    Tally hints[2], analyses[2];
    for (int i = 0; i < 2; ++i) {
      const State& state = i == 0 ? *s.truth : *s.other;
      for (int seed = 1; seed <= kSamples; ++seed) {
        const Hint h = hint(state, spec, uint64_t(seed));
        ++hints[i].moves[h.move];
        hints[i].chance += h.win_chance;
        const MoveAnalysis m = analyse_move(state, played, spec, uint64_t(seed));
        ++analyses[i].moves[m.preferred];
        analyses[i].chance += m.after;
      }
    }
    expect_same(hints[0], hints[1], kSamples);
    expect_same(analyses[0], analyses[1], kSamples);
  }
}

// A whole game: every move judged, chances in [0, 1], the marks where the rules say.
TEST(Advice, AnalysisOfARecord) {
  auto game = games::registry().make("relativity");
  Match match(game, 5, {"greedy", "random"});
  auto greedy = make_agent("greedy", *game, 1);
  auto random = make_agent("random", *game, 2);
  while (!match.state().is_terminal())
    match.play((match.state().current_player() == 0 ? greedy : random)->choose(match.state()));
  const Record record = match.record();
  const Analysis a = analyse(games::registry(), record, "ismcts:iterations=200", 1);
  ASSERT_EQ(a.moves.size(), record.moves.size());
  int marked = 0;
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    const MoveAnalysis& m = a.moves[i];
    EXPECT_EQ(m.ply, int(i) + 1);
    EXPECT_EQ(m.move, record.moves[i]);
    EXPECT_GE(m.before, 0);
    EXPECT_LE(m.before, 1);
    EXPECT_GE(m.after, 0);
    EXPECT_LE(m.after, 1);
    if (m.forced) {
      EXPECT_EQ(m.preferred, m.move);
    }
    if (m.preferred == m.move) {
      EXPECT_DOUBLE_EQ(m.before, m.after);
    }
    if (m.marked) {
      EXPECT_GT(m.loss(), 0);
      // Marked for its loss, or refuted by an answer (forced_loss_test.cc).
      if (!m.refuted) {
        ++marked;
        EXPECT_GE(m.loss(), kMarkedLoss);
      }
    }
  }
  EXPECT_LE(marked, kMostMarked);
  // The random seat loses: somewhere its chance fell, and the last moves know the winner.
  EXPECT_GT(a.iterations, 0u);
  const json j = analysis_json(a);
  EXPECT_EQ(j["moves"].size(), record.moves.size());
  EXPECT_EQ(j["spec"], "ismcts:iterations=200");
  int marked_in_all = 0;
  for (const MoveAnalysis& m : a.moves) marked_in_all += m.marked;
  EXPECT_EQ(j["marked"].size(), std::size_t(marked_in_all));
  // The same seed gives the same analysis.
  const Analysis again = analyse(games::registry(), record, "ismcts:iterations=200", 1);
  EXPECT_EQ(analysis_json(again)["moves"], j["moves"]);
}

TEST(Advice, AnalysisNamesABadRecord) {
  Record record;
  record.game = "relativity";
  record.moves = {"zz"};
  EXPECT_THROW(Analyser(games::registry(), record, analysis_spec(), 1), BadRecord);
}

}  // namespace
}  // namespace tabletop::ai
