// Conspiracy TCG: the rules of shared/rules/conspiracy-tcg.txt as tests: attacks and comparisons,
// deploying, the modes.
#include <gtest/gtest.h>

#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/conspiracy_tcg/tcg_test_util.h"
#include "games/games.h"

namespace tabletop::conspiracy_tcg {
namespace {

using namespace test_util;

// ---------------------------------------------------------------------------------------------
// Attacks and comparisons.

TEST(TcgAttack, HelenWatersWorkedExampleHasExactlyItsFiveOutcomes) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}, {"Wilson"}, {"Monroe"}, {"Wong"}, {"Cho"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  const CompareKeys& helen = g->keys(id(*g, "Waters"));
  struct Row {
    const char* who;
    Outcome zzz, reptilians;
  };
  const Row table[] = {{"Addams", Outcome::kLoss, Outcome::kLoss},
                       {"Wilson", Outcome::kWin, Outcome::kWin},
                       {"Monroe", Outcome::kLoss, Outcome::kTie},
                       {"Wong", Outcome::kWin, Outcome::kLoss},
                       {"Cho", Outcome::kLoss, Outcome::kLoss}};
  for (const Row& r : table) {
    const CompareKeys& k = g->keys(id(*g, r.who));
    EXPECT_EQ(compare(k, helen, kZZZ, kReptiliansMode), r.zzz) << r.who;
    EXPECT_EQ(compare(k, helen, kReptiliansMode, kZZZ), r.reptilians) << r.who;
  }
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  // Waters defeats Addams and Cho, not Monroe or Wong; Wilson beats her in both: she is lost.
  EXPECT_FALSE(in_field(*s, *g, "Addams"));
  EXPECT_FALSE(in_field(*s, *g, "Cho"));
  for (const char* kept : {"Wilson", "Monroe", "Wong"}) EXPECT_TRUE(in_field(*s, *g, kept)) << kept;
  EXPECT_FALSE(in_field(*s, *g, "Waters"));
  EXPECT_TRUE(s->discarded(id(*g, "Waters")));
}

TEST(TcgAttack, NeedsTwoActiveModes) {
  auto g = game();
  auto s = position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
                    {"ZZZ"});
  EXPECT_EQ(s->why_illegal(s->parse_move("attack " + at(*g, "Waters") + " 1")),
            "attacking is not an option until two attack modes have been selected");
}

TEST(TcgAttack, RearmostLaunchesFrontmostIsExposed) {
  auto g = game();
  // Seat 0: Waters in front of Wilson? No: Waters front, Filler behind (the rear launches).
  auto s = position(
      g, {{{{"Waters", "Filler"}}, {}, {}}, {{{"Addams", "Cho"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"AAA", "REPTILIANS"});
  EXPECT_FALSE(legal(*s, "attack " + at(*g, "Waters") + " 1"));
  EXPECT_TRUE(legal(*s, "attack " + at(*g, "Filler") + " 1"));
  // AAA: Addams beats Filler; Reptilians: Education (tier 4) beats All Others (tier 7): Filler
  // dies at the end of the turn and Cho, defended, is untouched.
  s->apply_text("attack " + at(*g, "Filler") + " 1");
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
  EXPECT_TRUE(in_field(*s, *g, "Cho"));
  EXPECT_FALSE(in_field(*s, *g, "Filler"));
}

TEST(TcgDeploy, BesideInFrontOrBehindNeverIntoTheMiddle) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters", "Filler"}}, {"Fuller"}, {"Fielding"}},
                     {{{"Addams"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  MoveList moves;
  s->legal_moves(moves);
  int deploys = 0;
  for (Move m : moves)
    if (unpack(m).kind == kDeploy && unpack(m).pro == kNoPro) ++deploys;
  EXPECT_EQ(deploys, 3);  // new column, front of c1, back of c1: no middle place exists
  s->apply_text("deploy " + at(*g, "Fuller") + " front c1");
  EXPECT_EQ(s->field_agent(0, 0, 0), id(*g, "Fuller"));
  EXPECT_EQ(s->hand_count(0), 1);  // refilled from the pile at the end of the turn
  EXPECT_EQ(s->to_move(), 1);
}

TEST(TcgModes, OppositesNeverTogetherAndAtMostTwo) {
  ModePair p = make_pair_of(kAAA, kNear);
  ModePair out;
  EXPECT_FALSE(change_mode(p, kNear, kZZZ, out));    // AAA with ZZZ
  EXPECT_TRUE(change_mode(p, kAAA, kZZZ, out));      // replacing AAA itself
  EXPECT_FALSE(change_mode(p, kNoMode, k000, out));  // no empty place
  EXPECT_FALSE(change_mode(make_pair_of(kFar, kNoMode), kNoMode, kNear, out));
}

TEST(TcgModes, LibraryOrderPhonesNearFarAndNetworks) {
  auto g = game();
  const auto& k = [&](const char* last) { return g->keys(id(*g, last)); };
  EXPECT_EQ(compare(k("Addams"), k("Wilson"), kAAA, kNoMode), Outcome::kWin);
  EXPECT_EQ(compare(k("Addams"), k("Wilson"), kZZZ, kNoMode), Outcome::kLoss);
  // Bloom appears in two decks with one phone: one agent, equal keys: a tie.
  EXPECT_EQ(compare(k("Bloom"), k("Bloom"), k999, kNoMode), Outcome::kTie);
  EXPECT_EQ(compare(k("Waters"), k("Addams"), k000, kNoMode), Outcome::kWin);  // 215 < 610
  // The venue is Philadelphia: Waters (in town) is nearer than Fjord (Iceland).
  EXPECT_EQ(compare(k("Waters"), k("Fjord"), kNear, kNoMode), Outcome::kWin);
  EXPECT_EQ(compare(k("Waters"), k("Fjord"), kFar, kNoMode), Outcome::kLoss);
  // Two networks: Illuminati + Agency compare by the Reptilian coordinate (tier 0 on top).
  EXPECT_EQ(compare(k("Decor"), k("Wilson"), kIlluminatiMode, kAgencyMode), Outcome::kWin);
  // A card without a last name, phone or location loses those contests.
  CompareKeys none;
  EXPECT_EQ(compare(none, k("Wilson"), kAAA, kNoMode), Outcome::kLoss);
  EXPECT_EQ(compare(none, k("Wilson"), k999, kNoMode), Outcome::kLoss);
  EXPECT_EQ(compare(none, k("Wilson"), kFar, kNoMode), Outcome::kLoss);
  EXPECT_EQ(compare(none, none, kNear, kNoMode), Outcome::kTie);
}

// compare() is antisymmetric, so both_ways (the estimate's one pass over a pair) answers what
// beats_in_both asks in each direction: every pair of the sample decks' agents, every pair of
// modes that may stand.
TEST(TcgModes, BothWaysIsBeatsInBothEachWay) {
  auto g = game();
  int kills = 0, dies = 0;
  for (int m0 = 0; m0 < kModeCount; ++m0)
    for (int m1 = m0 + 1; m1 < kModeCount; ++m1) {
      const ModePair modes = make_pair_of(m0, m1);
      if (!allowed(modes)) continue;
      for (int a = 0; a < g->agent_count(); ++a)
        for (int b = 0; b < g->agent_count(); ++b) {
          const CompareKeys &ka = g->keys(uint16_t(a)), &kb = g->keys(uint16_t(b));
          for (int mode : {m0, m1})
            ASSERT_EQ(compare(kb, ka, mode, mode == m0 ? m1 : m0),
                      flip(compare(ka, kb, mode, mode == m0 ? m1 : m0)));
          const BothWays way = both_ways(ka, kb, modes);
          ASSERT_EQ(way.kills, beats_in_both(ka, kb, modes)) << a << " " << b;
          ASSERT_EQ(way.dies, beats_in_both(kb, ka, modes)) << a << " " << b;
          kills += way.kills;
          dies += way.dies;
        }
    }
  EXPECT_GT(kills, 0);
  EXPECT_EQ(kills, dies);  // every pair is looked at both ways
}

}  // namespace
}  // namespace tabletop::conspiracy_tcg
