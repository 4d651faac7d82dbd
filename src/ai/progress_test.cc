// Progress: a search that goes round in a loop while it is ahead gives the game away to the ply
// cap, which scores a draw. A stalled position of the card game (Conspiracy TCG's invented test
// decks: clerks tie clerks under two networks, so no attack kills and the seats could attack for
// nothing until the cap), and a position met again many plies later.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ai/loops.h"
#include "ai/mcts.h"
#include "games/conspiracy_tcg/tcg_test_util.h"
#include "games/games.h"

namespace tabletop::ai {
namespace {

using conspiracy_tcg::TcgGame;
using conspiracy_tcg::TcgState;
using namespace conspiracy_tcg::test_util;

// Seat 0 is far ahead: three clerks and a librarian in hand (Tabula Recta changes the modes),
// against one clerk each, seat 2 with one more to draw (without it, every mode change would leave
// a dead position, ruling 27 of docs/games/conspiracy-tcg.md: a draw). Its moves: deploy the
// librarian, attack for nothing, or spend the librarian to change a mode.
std::unique_ptr<TcgState> stall(const std::shared_ptr<const TcgGame>& g) {
  return position(g,
                  {{{{"Filler"}, {"Fuller"}, {"Fielding"}}, {"Books"}, {}},
                   {{{"Bench"}}, {}, {}},
                   {{{"Carter"}}, {}, {"Cobb"}}},
                  {"REPTILIANS", "ILLUMINATI"});
}

bool is_mode_change(const State& s, Move m) {
  return s.move_to_string(m).rfind("pro tabula", 0) == 0;
}

// The leader of a stalled game whose every free move returns to a position it has seen spends the
// card that changes the modes, though its estimate values that card above kLoopMargin of a
// chance: a loop is worth a draw at best (loops.h), and the change is worth far more than a draw.
TEST(Progress, TheLeaderOfAStallSpendsACardRatherThanGoRound) {
  auto g = game(3);
  auto s = stall(g);
  const Seat seat = s->current_player();
  const SearchOptions options = SearchOptions::from_spec(AgentSpec::parse("ismcts:iterations=400"));
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    MctsAgent plain(*g, options, true, seed, "");
    const Move first = plain.choose(*s);
    ASSERT_FALSE(is_mode_change(*s, first)) << s->move_to_string(first);
    // Every free move (a deployment, an attack) has been seen; only the mode changes are new.
    SeenPositions seen;
    for (Move m : s->legal_moves()) {
      if (is_mode_change(*s, m)) continue;
      std::unique_ptr<State> after = s->clone();
      after->apply(m);
      seen.add(*after, seat);
    }
    // The loop is worth more than the change by more than the margin, and more than a draw: the
    // loop rule without the draw would keep it.
    const auto& visits = plain.last_root_visits();
    const auto& priors = plain.last_root_priors();
    double chosen = 0, change = 0;
    for (std::size_t i = 0; i < visits.size(); ++i) {
      if (visits[i].first == first) chosen = win_chance(*g, plain.last_root_values()[i]);
      if (is_mode_change(*s, visits[i].first)) change = std::max(change, win_chance(*g, priors[i]));
    }
    EXPECT_GT(chosen, change + kLoopMargin);
    EXPECT_GT(change, draw_chance(*g) + kLoopMargin);
    MctsAgent looping(*g, options, true, seed, "");
    looping.set_seen(seen);
    const Move played = looping.choose(*s);
    EXPECT_TRUE(is_mode_change(*s, played)) << "seed " << seed << ": " << s->move_to_string(played);
  }
}

// A seat behind in the same stall (seat 1, one clerk against four cards) keeps its loop: for it
// the draw the cap gives is worth more than what the estimate promises.
TEST(Progress, ASeatBehindMayGoRound) {
  auto g = game(3);
  auto s = position(g,
                    {{{{"Filler"}, {"Fuller"}, {"Fielding"}}, {"Books"}, {}},
                     {{{"Bench"}}, {"Board"}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"REPTILIANS", "ILLUMINATI"}, 1);
  const Seat seat = s->current_player();
  ASSERT_EQ(seat, 1);
  const SearchOptions options = SearchOptions::from_spec(AgentSpec::parse("ismcts:iterations=400"));
  MctsAgent plain(*g, options, true, 1, "");
  const Move first = plain.choose(*s);
  double chosen = 0;
  for (std::size_t i = 0; i < plain.last_root_visits().size(); ++i)
    if (plain.last_root_visits()[i].first == first)
      chosen = win_chance(*g, plain.last_root_values()[i]);
  ASSERT_LT(chosen, draw_chance(*g));
  // Its choice and every move as good as it within the margin have been seen; the others not.
  SeenPositions seen;
  for (std::size_t i = 0; i < plain.last_root_visits().size(); ++i) {
    const double v = plain.last_root_values()[i];
    if (std::isnan(v) || win_chance(*g, v) + kLoopMargin <= chosen) continue;
    std::unique_ptr<State> after = s->clone();
    after->apply(plain.last_root_visits()[i].first);
    seen.add(*after, seat);
  }
  MctsAgent looping(*g, options, true, 1, "");
  looping.set_seen(seen);
  EXPECT_EQ(s->move_to_string(looping.choose(*s)), s->move_to_string(first));
}

// A position is the same position at any ply: the move counter some observations show (the card
// game's, Siege's, Relativity's) is not part of it.
TEST(Progress, APositionMetAgainLaterIsSeenAgain) {
  auto g = game(3);
  auto s = stall(g);
  json later = s->to_json();
  later["ply"] = s->ply() + 120;
  std::unique_ptr<State> again = g->state_from_json(later);
  ASSERT_EQ(again->ply(), s->ply() + 120);
  EXPECT_NE(s->observation(0).dump(), again->observation(0).dump());
  EXPECT_EQ(position_text(*s, 0), position_text(*again, 0));
  EXPECT_EQ(SeenPositions::key(*s, 0), SeenPositions::key(*again, 0));
  EXPECT_FALSE(json::parse(position_text(*s, 0)).contains("ply"));
  // Anything else that differs is another position: seat 1's hand holds one card more.
  auto other = position(g,
                        {{{{"Filler"}, {"Fuller"}, {"Fielding"}}, {"Books"}, {}},
                         {{{"Bench"}}, {"Board"}, {}},
                         {{{"Carter"}}, {}, {}}},
                        {"REPTILIANS", "ILLUMINATI"});
  EXPECT_NE(SeenPositions::key(*s, 0), SeenPositions::key(*other, 0));
}

}  // namespace
}  // namespace tabletop::ai
