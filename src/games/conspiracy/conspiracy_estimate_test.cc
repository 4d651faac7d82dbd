// Conspiracy: the estimate the computer players search with (features and win chances).
#include <gtest/gtest.h>

#include "games/conspiracy/conspiracy.h"
#include "games/conspiracy/conspiracy_test_util.h"

namespace tabletop::conspiracy {
namespace {

using namespace test_util;

// --- The estimate (AI hook) --------------------------------------------------------------------

double feature(const ConspiracyState& s, Seat seat, const std::string& name) {
  double advance[kColumns], f[ConspiracyState::kValueFeatures];
  for (int c = 0; c < kColumns; ++c) advance[c] = s.advance_chance(c);
  s.value_features(seat, advance, f);
  for (int i = 0; i < ConspiracyState::kValueFeatures; ++i)
    if (name == ConspiracyState::kValueFeatureNames[std::size_t(i)]) return f[i];
  ADD_FAILURE() << "no feature " << name;
  return 0;
}

TEST(ConspiracyEstimate, FeaturesReadTheBoard) {
  auto s = blank();
  s->edit_goal(0, kMoons, 3);
  s->edit_tile(P("M2"), Pos("MP"), true);  // the suit, shown
  s->edit_tile(P("C5"), Pos("M1"), true);  // ... with a face-up tile that does not match behind it
  s->edit_tile(P("S3"), Pos("L1"), true);  // the number, face up in Future 1
  s->edit_tile(P("M4"), Pos("R1"), false);
  s->edit_tile(P("M5"), Pos("R3"), true);   // the suit, face up in Future 3
  s->edit_tile(P("A3"), Pos("L2"), false);  // the number, face down, with support on it
  s->edit_coin(P("A2"), square_of(Pos("L2"), 0), true, Dir("n"));
  s->edit_coin(P("M1"), square_of(Pos("L2"), 1), true, Dir("n"));
  s->edit_tile(P("M0"), kHeld + 0, false);
  s->edit_tile(P("C3"), kHeld + 0, false);
  const double advance_m = s->advance_chance(1), advance_l = s->advance_chance(0);
  EXPECT_GT(advance_m, 0.36) << "the C5 in column M: Crown dice succeed on 2-5 and the symbol";
  EXPECT_NEAR(s->advance_chance(2), advance_m, 1e-12) << "column R: the M5, for Moon dice";
  EXPECT_EQ(feature(*s, 0, "suit present"), 1);
  EXPECT_DOUBLE_EQ(feature(*s, 0, "suit present, held"), 1 - advance_m);
  EXPECT_EQ(feature(*s, 0, "suit up in Future 1"), 0);
  EXPECT_DOUBLE_EQ(feature(*s, 0, "suit up deeper"), 0.8);
  EXPECT_DOUBLE_EQ(feature(*s, 0, "suit face-down ladder"), 0.1) << "M4 at R1, no coins";
  EXPECT_EQ(feature(*s, 0, "suit face-down tiles"), 1);
  EXPECT_EQ(feature(*s, 0, "suit tiles held"), 1);
  EXPECT_EQ(feature(*s, 0, "number present"), 0);
  EXPECT_EQ(feature(*s, 0, "number up in Future 1"), 1);
  EXPECT_DOUBLE_EQ(feature(*s, 0, "number up in Future 1, advance chance"), advance_l);
  // A3 at L2: two symbol-side-up coins supporting it with 2 (matching A2) + 1 (M1): 3 >= 3.
  EXPECT_DOUBLE_EQ(feature(*s, 0, "number face-down ladder"), (0.1 + 0.06 + 0.16 + 0.1) * 0.9);
  EXPECT_EQ(feature(*s, 0, "number tiles held"), 1);
  EXPECT_EQ(feature(*s, 0, "both present apart"), 0);
  EXPECT_EQ(feature(*s, 0, "turn to come"), 1) << "seat 0 is acting";
  s->edit_tile(P("S3"), Pos("RP"), true);
  EXPECT_EQ(feature(*s, 0, "both present apart"), 1);
  EXPECT_EQ(feature(*s, 0, "victory ready"), 0) << "no marker yet";
  EXPECT_EQ(feature(*s, 0, "victory pending"), 0) << "no marker yet";
  play(*s, "end");
  play(*s, "mark M");
  EXPECT_EQ(feature(*s, 0, "victory pending"), 1) << "marked this round: a victory next round";
  EXPECT_EQ(feature(*s, 0, "victory ready"), 0) << "not before next round";
  EXPECT_EQ(feature(*s, 0, "marker"), 1);
  EXPECT_EQ(feature(*s, 0, "marker from an earlier round"), 0);
}

TEST(ConspiracyEstimate, ExpectedReturnsFromWinChances) {
  auto s = blank();
  for (Seat seat = 0; seat < 4; ++seat) s->edit_goal(seat, kSuns, 5);
  s->edit_goal(2, kMoons, 3);
  s->edit_tile(P("M2"), Pos("MP"), true);
  s->edit_tile(P("S3"), Pos("LP"), true);
  Returns r{};
  ASSERT_TRUE(s->estimate_returns(r));
  double chance[kMaxSeats], anyone = 0;
  s->win_chances(ConspiracyState::value_weights().data(), chance);
  for (Seat seat = 0; seat < 4; ++seat) anyone += chance[seat];
  EXPECT_GT(anyone, 0.0);
  EXPECT_LT(anyone, 1.0) << "the round cap keeps some chance that nobody wins";
  for (Seat seat = 0; seat < 4; ++seat) {
    EXPECT_NEAR(r[std::size_t(seat)], 2 * chance[seat] - anyone, 1e-12);
    EXPECT_GE(r[std::size_t(seat)], -1.0);
    EXPECT_LE(r[std::size_t(seat)], 1.0);
  }
  EXPECT_GT(r[2], r[0]) << "seat 2 sees both its suit and its number in the Present row";
  EXPECT_GT(r[2], 0.0);
  EXPECT_DOUBLE_EQ(r[0], r[1]) << "seats with equal positions get equal estimates";
}

TEST(ConspiracyEstimate, AVictoryInHandOutweighsEverythingElse) {
  auto s = blank();
  s->edit_goal(0, kMoons, 3);
  for (Seat seat = 1; seat < 4; ++seat) s->edit_goal(seat, kCrowns, 0);
  s->edit_tile(P("S3"), Pos("LP"), true);
  s->edit_tile(P("M2"), Pos("MP"), true);
  s->edit_tile(P("C0"), Pos("RP"), true);  // the others' suit and number, but on one tile
  play(*s, "end");
  play(*s, "mark M");
  s->edit_start_round(s->round() + 1);
  while (s->current_player() != 0 || s->phase() != Phase::kAction) finish_turn(*s);
  ASSERT_EQ(feature(*s, 0, "victory ready, turn to come"), 1);
  ASSERT_EQ(feature(*s, 1, "victory ready"), 0) << "the others never marked";
  Returns r{};
  ASSERT_TRUE(s->estimate_returns(r));
  EXPECT_GT(r[0], 0.5);
  for (Seat seat = 1; seat < 4; ++seat) EXPECT_LT(r[std::size_t(seat)], 0.0);
}

}  // namespace
}  // namespace tabletop::conspiracy
