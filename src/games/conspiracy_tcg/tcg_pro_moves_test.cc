// Conspiracy TCG: the rules of shared/rules/conspiracy-tcg.txt as tests: one test per pro move at
// least (named after it: what it does and one thing it may not do), and random play with the sample
// decks reaching them.
#include <gtest/gtest.h>

#include <array>
#include <set>

#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/conspiracy_tcg/tcg_test_util.h"
#include "games/games.h"

namespace tabletop::conspiracy_tcg {
namespace {

using namespace test_util;

// ---------------------------------------------------------------------------------------------
// Pro moves: one test each, named after it.

TEST(TcgProMoves, GettingTheBallRolling) {
  auto g = game();
  auto s = position(
      g, {{{{"Waters"}, {"Colour"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  s->apply_text("pro rolling " + at(*g, "Colour") + " none>AAA");
  EXPECT_TRUE(s->modes().has(kAAA));
  EXPECT_TRUE(s->discarded(id(*g, "Colour")));
  // May not: when two modes are already active.
  auto t = position(
      g, {{{{"Waters"}, {"Colour"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"AAA", "NEAR"});
  EXPECT_FALSE(legal(*t, "pro rolling " + at(*g, "Colour") + " none>000"));
}

TEST(TcgProMoves, LegalManeuvering) {
  auto g = game();
  auto s =
      position(g, {{{{"Waters"}}, {"Legal"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"AAA", "NEAR"});
  EXPECT_FALSE(legal(*s, "pro legal " + at(*g, "Legal") + " NEAR>ZZZ"));  // AAA with ZZZ
  s->apply_text("pro legal " + at(*g, "Legal") + " NEAR>999");
  EXPECT_EQ(s->modes(), make_pair_of(kAAA, k999));
  // At deployment (D) too.
  auto t = position(
      g, {{{{"Waters"}}, {"Legal"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  t->apply_text("deploy " + at(*g, "Legal") + " new legal none>FAR");
  EXPECT_TRUE(t->modes().has(kFar));
}

TEST(TcgProMoves, TabulaRecta) {
  auto g = game();
  auto s =
      position(g, {{{{"Waters"}}, {"Books"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"AAA", "NEAR"});
  EXPECT_FALSE(legal(*s, "pro tabula " + at(*g, "Books") + " NEAR>ZZZ"));
  EXPECT_FALSE(legal(*s, "pro tabula " + at(*g, "Books") + " NEAR>999"));  // only AAA or ZZZ
  s->apply_text("pro tabula " + at(*g, "Books") + " AAA>ZZZ");
  EXPECT_EQ(s->modes(), make_pair_of(kZZZ, kNear));
}

// Ruling 2: with one active mode and one empty place, "set one of the attack modes" fills the
// empty place or replaces the active mode; Legal Maneuvering ("select a new attack mode (if less
// than two are selected)") only fills.
TEST(TcgProMoves, SetOneOfTheModesWithOneEmptyPlaceFillsOrReplaces) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}}, {"Trips", "Books", "Dial"}, {}},
                     {{{"Addams"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"AAA"});
  EXPECT_TRUE(legal(*s, "pro spysat " + at(*g, "Trips") + " none>NEAR"));
  EXPECT_TRUE(legal(*s, "pro spysat " + at(*g, "Trips") + " AAA>NEAR"));
  EXPECT_TRUE(legal(*s, "pro wiretap " + at(*g, "Dial") + " AAA>999"));
  EXPECT_TRUE(legal(*s, "pro tabula " + at(*g, "Books") + " AAA>ZZZ"));
  EXPECT_FALSE(legal(*s, "pro tabula " + at(*g, "Books") + " none>ZZZ"));  // opposites
  s->apply_text("pro spysat " + at(*g, "Trips") + " AAA>NEAR");
  EXPECT_EQ(s->modes(), make_pair_of(kNear, kNoMode));
  auto t = position(
      g, {{{{"Waters"}}, {"Legal"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {"AAA"});
  EXPECT_TRUE(legal(*t, "pro legal " + at(*g, "Legal") + " none>NEAR"));
  EXPECT_FALSE(legal(*t, "pro legal " + at(*g, "Legal") + " AAA>NEAR"));
}

TEST(TcgProMoves, SpySatellite) {
  auto g = game();
  auto s =
      position(g, {{{{"Waters"}}, {"Trips"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"AAA", "NEAR"});
  EXPECT_FALSE(legal(*s, "pro spysat " + at(*g, "Trips") + " AAA>FAR"));
  s->apply_text("pro spysat " + at(*g, "Trips") + " NEAR>FAR");
  EXPECT_EQ(s->modes(), make_pair_of(kAAA, kFar));
}

TEST(TcgProMoves, Wiretap) {
  auto g = game();
  auto s =
      position(g, {{{{"Waters"}}, {"Dial"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"000", "NEAR"});
  EXPECT_FALSE(legal(*s, "pro wiretap " + at(*g, "Dial") + " NEAR>999"));
  s->apply_text("pro wiretap " + at(*g, "Dial") + " 000>999");
  EXPECT_EQ(s->modes(), make_pair_of(k999, kNear));
}

TEST(TcgProMoves, ClockworkWoman) {
  auto g = game();
  auto s =
      position(g, {{{{"Waters"}}, {"Clock"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"ZZZ", "999"});
  s->apply_text("pro clockwork " + at(*g, "Clock"));
  EXPECT_EQ(s->modes(), make_pair_of(k000, kNear));
  // AGENCY + AAA would become AAA + ZZZ: rotated again to ZZZ + 000.
  EXPECT_EQ(rotate_clockwise(make_pair_of(kAgencyMode, kAAA)), make_pair_of(kZZZ, k000));
  // May not: with no mode active there is nothing to rotate.
  auto t = position(
      g, {{{{"Waters"}}, {"Clock"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  EXPECT_FALSE(legal(*t, "pro clockwork " + at(*g, "Clock")));
}

TEST(TcgProMoves, ShadowSurgeTempleOfDagon) {
  auto g = game();
  auto s = position(
      g, {{{{"Waters"}}, {"Fisher", "Filler"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"AAA", "NEAR"});
  s->apply_text("deploy " + at(*g, "Fisher") + " new surge NEAR>REPTILIANS");
  EXPECT_EQ(s->modes(), make_pair_of(kAAA, kReptiliansMode));
  // Later, at the beginning of its owner's turn, discarded for the same effect; the turn goes on.
  auto t = position(
      g,
      {{{{"Waters"}, {"Fisher"}}, {"Filler"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"ZZZ", "NEAR"});
  t->apply_text("surge " + at(*g, "Fisher") + " ZZZ>REPTILIANS");
  EXPECT_EQ(t->modes(), make_pair_of(kNear, kReptiliansMode));
  EXPECT_EQ(t->to_move(), 0);
  // May not: once the turn's action is taken.
  t->apply_text("deploy " + at(*g, "Filler") + " new");
  auto u = position(
      g,
      {{{{"Waters"}, {"Fisher"}}, {"Filler"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"ZZZ", "NEAR"}, 0, json{{"turn_begun", true}});
  EXPECT_EQ(u->why_illegal(u->parse_move("surge " + at(*g, "Fisher") + " ZZZ>REPTILIANS")),
            "a Shadow Surge agent is discarded only at the beginning of its owner's turn");
}

TEST(TcgProMoves, MasterPlanFluorideOneHolderNoOtherProMoves) {
  auto g = game();
  auto s = position(
      g,
      {{{{"Waters"}}, {"Dentist", "Inkwell"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {});
  s->apply_text("deploy " + at(*g, "Dentist") + " new plan fluoride");
  EXPECT_EQ(s->plan_holder(kMasterPlanFluoride - kMasterPlanAncientSecrets), id(*g, "Dentist"));
  EXPECT_EQ(s->master_plans(0), 1);
  // A holder exercises no other pro move (a dentist has none here; the rule is in may_use).
  EXPECT_TRUE(s->may_use(id(*g, "Dentist"), kMasterPlanFluoride));
  // May not: claim it after entering the field (only deployment offers it).
  auto t = position(
      g, {{{{"Waters"}, {"Inkwell"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  MoveList moves;
  t->legal_moves(moves);
  for (Move m : moves) EXPECT_FALSE(is_master_plan(ProMove(unpack(m).pro))) << t->move_to_string(m);
}

TEST(TcgProMoves, Paperwork) {
  auto g = game();
  auto s = position(
      g, {{{{"Waters"}}, {"Papers"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  s->apply_text("pro paperwork " + at(*g, "Papers") + " 1-");
  EXPECT_EQ(s->hand_size(1), 5);
  // May not: reduce a hand below three cards.
  json seats = s->to_json()["state"]["seats"];
  auto t = position(
      g, {{{{"Waters"}}, {"Papers"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  json full = t->to_json();
  full["state"]["seats"][1]["hand_size"] = 3;
  auto u = g->state_from_json(full);
  EXPECT_FALSE(u->why_illegal(u->parse_move("pro paperwork " + at(*g, "Papers") + " 1-")).empty());
  EXPECT_TRUE(u->why_illegal(u->parse_move("pro paperwork " + at(*g, "Papers") + " 1+")).empty());
}

TEST(TcgProMoves, PlantingBombs) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}}, {"Bloom"}, {}},
                     {{{"Addams"}, {"Cho"}, {"Wilson"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  // May not: bomb one's own agents.
  EXPECT_FALSE(
      legal(*s, "pro bomb " + at(*g, "Bloom") + " " + at(*g, "Waters") + " " + at(*g, "Waters")));
  const uint16_t a = id(*g, "Addams"), w = id(*g, "Wilson");
  s->apply_text("pro bomb " + at(*g, "Bloom") + " @" + std::to_string(std::min(a, w)) + " @" +
                std::to_string(std::max(a, w)));
  EXPECT_EQ(s->bomb_count(), 1);
}

TEST(TcgProMoves, Hacking) {
  auto g = game();
  auto s = position(
      g, {{{{"Waters"}}, {"Hacker"}, {}}, {{{"Addams"}}, {"Bench"}, {}}, {{{"Carter"}}, {}, {}}},
      {});
  s->apply_text("deploy " + at(*g, "Hacker") + " new hack 1");
  EXPECT_TRUE(s->hand_open(1));
  EXPECT_EQ(s->observation(2)["seats"][1]["hand"][0].get<int>(), id(*g, "Bench"));
  EXPECT_EQ(s->observation(kSpectator)["seats"][1]["hand"][0].get<int>(), id(*g, "Bench"));
  // May not: hack oneself.
  auto t = position(
      g, {{{{"Waters"}}, {"Hacker"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  EXPECT_FALSE(legal(*t, "deploy " + at(*g, "Hacker") + " new hack 0"));
}

TEST(TcgProMoves, ScryingShowsFiveCardsToOneSeatOnly) {
  auto g = game();
  auto s =
      position(g,
               {{{{"Waters"}}, {"Seer"}, {}},
                {{{"Addams"}}, {}, {"Bench", "Board", "Bolt", "Guard", "Bystander", "Oldfield"}},
                {{{"Carter"}}, {}, {}}},
               {});
  s->set_recording(true);
  s->apply_text("deploy " + at(*g, "Seer") + " new scry 1");
  EXPECT_EQ(s->phase(), kArranging);
  EXPECT_EQ(s->observation(0)["seats"][1]["pile_known"].size(), 5u);
  EXPECT_EQ(s->observation(2)["seats"][1]["pile_known"].size(), 0u);
  const std::string bench = "Bench";
  for (const std::string& line : s->log().for_viewer(2))
    EXPECT_EQ(line.find(bench), std::string::npos) << line;
  // May not: send cards to the bottom without a master plan (that is the All-Seeing Eye).
  EXPECT_FALSE(legal(*s, "arrange 2 3 4 5 | 1"));
  s->apply_text("arrange 5 4 3 2 1");
  EXPECT_EQ(s->pile_card(1, 0), id(*g, "Bystander"));
  EXPECT_EQ(s->pile_card(1, 5), id(*g, "Oldfield"));
}

TEST(TcgProMoves, AllSeeingEye) {
  auto g = game();
  auto s =
      position(g,
               {{{{"Waters"}, {"Dentist"}}, {"Seer"}, {}},
                {{{"Addams"}}, {}, {"Bench", "Board", "Bolt", "Guard", "Bystander", "Oldfield"}},
                {{{"Carter"}}, {}, {}}},
               {}, 0, json{{"plans", {-1, -1, 15, -1, -1, -1}}});
  ASSERT_EQ(s->master_plans(0), 1);
  s->apply_text("deploy " + at(*g, "Seer") + " new eye 1");
  // M1: one card to the bottom, not two.
  EXPECT_FALSE(legal(*s, "arrange 3 4 5 | 1 2"));
  s->apply_text("arrange 2 3 4 5 | 1");
  EXPECT_EQ(s->pile_card(1, 0), id(*g, "Board"));
  EXPECT_EQ(s->pile_card(1, 5), id(*g, "Bench"));
}

TEST(TcgProMoves, NinjaOps) {
  auto g = game();
  auto s = position(
      g,
      {{{{"Stretch"}}, {}, {}}, {{{"Addams", "Cho"}, {"Wilson"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"ZZZ", "AGENCY"});
  // ZZZ: Stretch beats Addams and Cho; AGENCY: Sports (a=2) tier 5 beats Education (a=0, tier 7)
  // and Medicine (a=1, tier 6). The whole column c1 falls, Wilson (not in it) is not attacked.
  s->apply_text("attack " + at(*g, "Stretch") + " 1 ninja c1");
  EXPECT_FALSE(in_field(*s, *g, "Addams"));
  EXPECT_FALSE(in_field(*s, *g, "Cho"));
  EXPECT_TRUE(in_field(*s, *g, "Wilson"));
  // May not: every field agent at once (Tenth-Dan, needs two master plans).
  auto t =
      position(g, {{{{"Stretch"}}, {}, {}}, {{{"Addams", "Cho"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"ZZZ", "AGENCY"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Stretch") + " 1 all"));
}

TEST(TcgProMoves, TenthDanNinjaOps) {
  auto g = game();
  auto s = position(
      g,
      {{{{"Stretch"}, {"Dentist"}, {"Inkwell"}}, {}, {}},
       {{{"Addams", "Cho"}, {"Monroe"}}, {}, {}},
       {{{"Carter"}}, {}, {}}},
      {"ZZZ", "AGENCY"}, 0,
      json{{"plans", {-1, -1, int(id(*game(), "Dentist")), int(id(*game(), "Inkwell")), -1, -1}}});
  ASSERT_EQ(s->master_plans(0), 2);
  s->apply_text("attack " + at(*g, "Stretch") + " 1 all");
  EXPECT_FALSE(in_field(*s, *g, "Addams"));
  EXPECT_FALSE(in_field(*s, *g, "Cho"));
}

TEST(TcgProMoves, Onslaught) {
  auto g = game();
  const json plans = {-1, -1, int(id(*g, "Dentist")), -1, -1, -1};
  auto s = position(
      g,
      {{{{"Waters"}, {"Dentist"}}, {"Dancer"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"ZZZ", "REPTILIANS"}, 0, json{{"plans", plans}});
  s->apply_text("attack " + at(*g, "Waters") + " 1+2 onslaught " + at(*g, "Dancer"));
  EXPECT_FALSE(in_field(*s, *g, "Addams"));
  EXPECT_FALSE(in_field(*s, *g, "Carter"));
  // May not: without a master plan.
  auto t =
      position(g, {{{{"Waters"}}, {"Dancer"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Waters") + " 1+2 onslaught " + at(*g, "Dancer")));
}

TEST(TcgProMoves, InsideJob) {
  auto g = game();
  auto s =
      position(g, {{{{"Decor"}}, {}, {}}, {{{"Addams", "Wilson"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"AAA", "REPTILIANS"});
  // Seat 0 uses seat 1's Addams (not its rearmost) to attack seat 2.
  s->apply_text("attack " + at(*g, "Addams") + " 2 inside " + at(*g, "Decor"));
  EXPECT_FALSE(in_field(*s, *g, "Carter"));
  EXPECT_TRUE(s->discarded(id(*g, "Decor")));
  // May not: turn the agent on its own player.
  auto t =
      position(g, {{{{"Decor"}}, {}, {}}, {{{"Addams", "Wilson"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"AAA", "REPTILIANS"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Addams") + " 1 inside " + at(*g, "Decor")));
}

TEST(TcgProMoves, ThirdRateBurglaryAndHomeTurf) {
  auto g = game();
  // Waters works in Philadelphia, the Mayor's jurisdiction: Home Turf keeps her from attacking.
  auto s = position(
      g,
      {{{{"Waters"}, {"Plumb"}}, {}, {}}, {{{"Addams", "Mayor"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(legal(*s, "attack " + at(*g, "Waters") + " 2"));
  // The burglary ignores Home Turf and defence: the Mayor, behind Addams, is attacked.
  s->apply_text("attack " + at(*g, "Waters") + " 1 burglary " + at(*g, "Plumb"));
  EXPECT_FALSE(in_field(*s, *g, "Mayor"));
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
  // May not: the plumber launching it himself.
  auto t = position(g, {{{{"Plumb"}}, {}, {}}, {{{"Mayor"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Plumb") + " 1 burglary " + at(*g, "Plumb")));
}

TEST(TcgProMoves, ForeignAgents) {
  auto g = game();
  // Fjord (Iceland, the only Icelandic field agent) attacks from the front of a column.
  auto s =
      position(g, {{{{"Fjord", "Filler"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"ZZZ", "FAR"});
  EXPECT_TRUE(legal(*s, "attack " + at(*g, "Fjord") + " 1"));
  // May not: the filler in front of a column (no country) cannot.
  auto t =
      position(g, {{{{"Filler", "Fjord"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"ZZZ", "FAR"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Filler") + " 1"));
}

TEST(TcgProMoves, CapableOfAnything) {
  auto g = game();
  auto s = position(
      g, {{{{"Coach"}}, {"Books", "Trips"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"AAA", "NEAR"});
  s->apply_text("pro tabula " + at(*g, "Books") + " AAA>ZZZ");
  EXPECT_EQ(s->to_move(), 0);  // the turn goes on
  // May not: a second free turn-taking pro move: this one ends the turn.
  s->apply_text("pro spysat " + at(*g, "Trips") + " NEAR>FAR");
  EXPECT_EQ(s->to_move(), 1);
}

TEST(TcgProMoves, OldSchool) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}, {"Colour"}}, {}, {}},
                     {{{"Addams"}, {"Oldfield"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  s->apply_text("pro rolling " + at(*g, "Colour") + " none>AAA");
  // Seat 1 decides, in seat 0's turn.
  EXPECT_EQ(s->phase(), kOldSchoolWindow);
  EXPECT_EQ(s->current_player(), 1);
  s->apply_text("oldschool " + at(*g, "Oldfield"));
  EXPECT_EQ(s->modes().count(), 0);
  EXPECT_TRUE(s->discarded(id(*g, "Oldfield")));
  // Allowing lets the change stand; a seat may not block with an agent that is not Old School.
  auto t = position(g,
                    {{{{"Waters"}, {"Colour"}}, {}, {}},
                     {{{"Addams"}, {"Oldfield"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  t->apply_text("pro rolling " + at(*g, "Colour") + " none>AAA");
  EXPECT_FALSE(legal(*t, "oldschool " + at(*g, "Addams")));
  t->apply_text("allow");
  EXPECT_TRUE(t->modes().has(kAAA));
}

TEST(TcgProMoves, CrashClinic) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}, {"Nightingale"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  // The attacked seat decides, in the attacker's turn, before anyone dies.
  EXPECT_EQ(s->phase(), kAttackReaction);
  EXPECT_EQ(s->current_player(), 1);
  // May not: a medic saving herself.
  EXPECT_FALSE(legal(*s, "save " + at(*g, "Nightingale") + " " + at(*g, "Nightingale")));
  // Ruling 24: Nightingale is exposed and beaten in both modes, being killed herself, and still
  // saves Addams; then she dies.
  s->apply_text("save " + at(*g, "Addams") + " " + at(*g, "Nightingale"));
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
  EXPECT_FALSE(in_field(*s, *g, "Nightingale"));
  EXPECT_TRUE(s->discarded(id(*g, "Nightingale")));
  EXPECT_EQ(s->to_move(), 1);
}

TEST(TcgProMoves, Disguise) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}, {"Beaumont"}}, {"Bench"}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_EQ(s->current_player(), 1);
  // May not: switch with an agent that is being lost too.
  EXPECT_FALSE(legal(*s, "disguise " + at(*g, "Addams") + " " + at(*g, "Beaumont")));
  s->apply_text("disguise " + at(*g, "Addams") + " " + at(*g, "Bench"));
  // Bench died in Addams' place (and Beaumont with it): seat 1 has no field agent left and must
  // place one at once: Addams, back in its hand face up for everyone to see.
  EXPECT_FALSE(in_field(*s, *g, "Addams"));
  EXPECT_TRUE(s->discarded(id(*g, "Bench")));
  EXPECT_EQ(s->hand_card(1, 0), id(*g, "Addams"));
  EXPECT_EQ(s->observation(2)["seats"][1]["hand"][0].get<int>(), id(*g, "Addams"));
  EXPECT_EQ(s->phase(), kEmergencyPlacement);
  s->apply_text("place " + at(*g, "Addams"));
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
}

// Ruling 25: Disguise is offered while the Beauty agent is itself lost, and may switch the Beauty
// agent itself out.
TEST(TcgProMoves, ALostBeautyAgentStillDisguises) {
  auto g = game();
  auto t = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}, {"Beaumont"}, {"Wong"}}, {"Bench"}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  t->apply_text("attack " + at(*g, "Waters") + " 1");
  // Beaumont (Beauty) is being lost: Disguise is still offered, for another agent or itself.
  EXPECT_TRUE(legal(*t, "disguise " + at(*g, "Addams") + " " + at(*g, "Wong")));
  t->apply_text("disguise " + at(*g, "Beaumont") + " " + at(*g, "Wong"));
  EXPECT_TRUE(in_field(*t, *g, "Beaumont"));
  EXPECT_TRUE(t->discarded(id(*g, "Wong")));
}

TEST(TcgProMoves, SecondRateBurglary) {
  auto g = game();
  const json plans = {-1, -1, int(id(*g, "Dentist")), -1, -1, -1};
  // Both other seats hold an elected official, defended; with M1 the plumber's burglary lets
  // Waters attack both at once, and nobody else.
  auto s = position(g,
                    {{{{"Waters"}, {"Plumb"}, {"Dentist"}}, {}, {}},
                     {{{"Addams", "Mayor"}}, {}, {}},
                     {{{"Carter", "Council"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"}, 0, json{{"plans", plans}});
  s->apply_text("attack " + at(*g, "Waters") + " 1+2 burglary " + at(*g, "Plumb"));
  EXPECT_FALSE(in_field(*s, *g, "Mayor"));
  EXPECT_FALSE(in_field(*s, *g, "Council"));
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
  EXPECT_TRUE(in_field(*s, *g, "Carter"));
  EXPECT_TRUE(s->discarded(id(*g, "Plumb")));
  // May not: without a master plan (M1) only one seat's officials (Third-Rate).
  auto t = position(g,
                    {{{{"Waters"}, {"Plumb"}}, {}, {}},
                     {{{"Addams", "Mayor"}}, {}, {}},
                     {{{"Carter", "Council"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Waters") + " 1+2 burglary " + at(*g, "Plumb")));
  EXPECT_TRUE(legal(*t, "attack " + at(*g, "Waters") + " 2 burglary " + at(*g, "Plumb")));
}

TEST(TcgProMoves, BigCon) {
  auto g = game();
  const json plans = {-1, -1, int(id(*g, "Dentist")), -1, -1, -1};
  auto s = position(g,
                    {{{{"Waters", "Decor"}, {"Dentist"}}, {"Thrift", "Filler", "Fuller"}, {}},
                     {{{"Addams"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {}, 0, json{{"plans", plans}});
  s->apply_text("pro bigcon " + at(*g, "Thrift"));
  EXPECT_EQ(s->phase(), kBigConning);
  EXPECT_EQ(s->current_player(), 0);
  // One replacement at a time, each in the replaced agent's place (the arrangement stays).
  s->apply_text("replace " + at(*g, "Decor") + " " + at(*g, "Filler"));
  EXPECT_EQ(s->field_agent(0, 0, 1), id(*g, "Filler"));
  EXPECT_TRUE(s->discarded(id(*g, "Decor")));
  EXPECT_TRUE(s->claimed(id(*g, "Filler")));
  // May not: replace with a card that is not in the hand.
  EXPECT_EQ(s->why_illegal(s->parse_move("replace " + at(*g, "Waters") + " " + at(*g, "Plumb"))),
            at(*g, "Plumb") + " is not in your hand");
  s->apply_text("done");
  EXPECT_EQ(s->phase(), kMain);
  EXPECT_EQ(s->to_move(), 1);
  EXPECT_EQ(s->column_length(0, 0), 2);
  // May not: without a master plan (M1).
  auto t = position(
      g, {{{{"Waters"}}, {"Thrift", "Filler"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {});
  EXPECT_EQ(t->why_illegal(t->parse_move("pro bigcon " + at(*g, "Thrift"))),
            "Big Con needs a master plan (M1)");
}

TEST(TcgProMoves, Brainwashing) {
  auto g = game();
  // ZZZ + REPTILIANS: Waters defeats Addams and Cho; Wong survives and does not beat her.
  auto s = position(g,
                    {{{{"Waters"}}, {"Shrink"}, {"Filler"}},
                     {{{"Addams"}, {"Cho"}, {"Wong"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_EQ(s->phase(), kBrainwashPhase);
  EXPECT_EQ(s->current_player(), 0);
  s->apply_text("brainwash " + at(*g, "Addams") + " " + at(*g, "Shrink") + " new");
  // Addams joins seat 0's field; without a master plan that was the only capture: Cho dies.
  EXPECT_EQ(s->field_owner(id(*g, "Addams")), 0);
  EXPECT_TRUE(s->discarded(id(*g, "Shrink")));
  EXPECT_TRUE(s->discarded(id(*g, "Cho")));
  EXPECT_EQ(s->to_move(), 1);
  // May not: capture an agent the attack did not defeat.
  auto t = position(g,
                    {{{{"Waters"}}, {"Shrink"}, {"Filler"}},
                     {{{"Addams"}, {"Cho"}, {"Wong"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  t->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_EQ(t->why_illegal(
                t->parse_move("brainwash " + at(*g, "Wong") + " " + at(*g, "Shrink") + " new")),
            at(*g, "Wong") + " was not defeated in this attack");
  // With a master plan, a second capture follows the first.
  const json plans = {-1, -1, int(id(*g, "Dentist")), -1, -1, -1};
  auto u = position(g,
                    {{{{"Waters"}, {"Dentist"}}, {"Shrink"}, {"Filler"}},
                     {{{"Addams"}, {"Cho"}, {"Wong"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"}, 0, json{{"plans", plans}});
  u->apply_text("attack " + at(*g, "Waters") + " 1");
  u->apply_text("brainwash " + at(*g, "Addams") + " " + at(*g, "Shrink") + " back c1");
  EXPECT_EQ(u->phase(), kBrainwashPhase);
  u->apply_text("brainwash " + at(*g, "Cho") + " new");
  EXPECT_EQ(u->field_owner(id(*g, "Cho")), 0);
  EXPECT_EQ(u->field_agent(0, 0, 1), id(*g, "Addams"));
}

// "Any subsequent attack that kills one of those agents will kill both of them": a bombed agent
// captured by Brainwashing keeps its bomb in its new field (the text); the variant
// brainwashing_defuses_bombs removes it (ruling 21's old reading).
TEST(TcgProMoves, BrainwashedAgentKeepsItsBombUnlessTheVariantSaysSo) {
  for (const bool defuses : {false, true}) {
    auto g = game(3, json{{"brainwashing_defuses_bombs", defuses}});
    const json bombs = {{id(*g, "Addams"), id(*g, "Wong")}};
    auto s = position(g,
                      {{{{"Waters"}}, {"Shrink"}, {"Filler"}},
                       {{{"Addams"}, {"Cho"}, {"Wong"}}, {}, {}},
                       {{{"Carter"}}, {}, {}}},
                      {"ZZZ", "REPTILIANS"}, 0, json{{"bombs", bombs}});
    s->apply_text("attack " + at(*g, "Waters") + " 1");
    s->apply_text("brainwash " + at(*g, "Addams") + " " + at(*g, "Shrink") + " new");
    EXPECT_EQ(s->field_owner(id(*g, "Addams")), 0);
    EXPECT_EQ(s->bomb_count(), defuses ? 0 : 1) << defuses;
    EXPECT_TRUE(in_field(*s, *g, "Wong"));
  }
  // The bomb across two fields goes off: killing Cho (seat 1) kills Addams (seat 0's, captured).
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}, {"Addams"}}, {}, {"Filler"}},
                     {{{"Cho"}, {"Wong"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"}, 0, json{{"bombs", {{id(*g, "Addams"), id(*g, "Cho")}}}});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_TRUE(s->discarded(id(*g, "Cho")));
  EXPECT_TRUE(s->discarded(id(*g, "Addams")));
  EXPECT_TRUE(in_field(*s, *g, "Waters"));
  EXPECT_EQ(s->bomb_count(), 0);
}

TEST(TcgProMoves, SecurityPerimeter) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}, {"Filler"}}, {"Guardian", "Fuller"}, {"Fielding"}},
                     {{{"Addams"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  // May not: an agent without Security Perimeter in front of two columns.
  EXPECT_EQ(
      s->why_illegal(s->parse_move("deploy " + at(*g, "Fuller") + " span c1")),
      at(*g, "Fuller") + " has no Security Perimeter: it cannot stand in front of two columns");
  // A client clicks the card, then the slot in front of both columns.
  EXPECT_EQ(s->move_places(s->parse_move("deploy " + at(*g, "Guardian") + " span c1")),
            (MovePlaces{{at(*g, "Guardian")}, {"span c1"}}));
  s->apply_text("deploy " + at(*g, "Guardian") + " span c1");
  EXPECT_TRUE(s->bridges(0, 0));
  EXPECT_EQ(s->field_agent(0, 0, 0), id(*g, "Guardian"));
  // The guard defends both Waters (behind it in c1) and Filler (c2): only the guard is exposed.
  std::array<uint16_t, kMaxColumns> ex;
  ASSERT_EQ(s->exposed(0, ex), 1);
  EXPECT_EQ(ex[0], id(*g, "Guardian"));
  EXPECT_FALSE(s->is_exposed(0, 1, 0));
  // Nor may anyone deploy in front of the column it defends (the middle of a column).
  auto bridged = [&](const std::shared_ptr<const TcgGame>& game_, const SeatSpec& attacker,
                     const std::vector<std::string>& modes, int to_move) {
    auto u = position(
        game_,
        {{{{"Guardian", "Waters"}, {"Filler"}}, {"Fuller"}, {}}, attacker, {{{"Carter"}}, {}, {}}},
        modes, to_move);
    json full = u->to_json();
    full["state"]["seats"][0]["bridges"] = 1;
    auto v = game_->state_from_json(full);
    return std::unique_ptr<TcgState>(static_cast<TcgState*>(v.release()));
  };
  auto t = bridged(g, {{{"Addams"}}, {}, {}}, {}, 0);
  EXPECT_TRUE(t->bridges(0, 0));
  EXPECT_EQ(t->why_illegal(t->parse_move("deploy " + at(*g, "Fuller") + " front c2")),
            "c2 stands behind or is a perimeter: in front of it is the middle of a column");
  EXPECT_TRUE(legal(*t, "deploy " + at(*g, "Fuller") + " back c2"));
  // A Ninja Ops attack on c2 takes the guard too (perimeter_in_both_columns, the default), or
  // only c2's own agents (the variant).
  const CompareKeys& ninja = g->keys(id(*g, "Stretch"));
  ASSERT_TRUE(beats_in_both(ninja, g->keys(id(*g, "Guardian")), make_pair_of(kZZZ, k000)));
  ASSERT_TRUE(beats_in_both(ninja, g->keys(id(*g, "Filler")), make_pair_of(kZZZ, k000)));
  auto both = bridged(g, {{{"Stretch"}}, {}, {}}, {"ZZZ", "000"}, 1);
  both->apply_text("attack " + at(*g, "Stretch") + " 0 ninja c2");
  EXPECT_FALSE(in_field(*both, *g, "Guardian"));
  EXPECT_FALSE(in_field(*both, *g, "Filler"));
  EXPECT_TRUE(in_field(*both, *g, "Waters"));
  auto g2 = game(3, json{{"perimeter_in_both_columns", false}});
  auto own = bridged(g2, {{{"Stretch"}}, {}, {}}, {"ZZZ", "000"}, 1);
  own->apply_text("attack " + at(*g2, "Stretch") + " 0 ninja c2");
  EXPECT_TRUE(in_field(*own, *g2, "Guardian"));
  EXPECT_FALSE(in_field(*own, *g2, "Filler"));
  // c2 is gone, so the bridge fell with it.
  EXPECT_FALSE(own->bridges(0, 0));
}

TEST(TcgProMoves, Shakeup) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters", "Filler"}, {"Recruit"}, {"Fuller"}}, {}, {}},
                     {{{"Addams"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  s->apply_text("pro shakeup " + at(*g, "Recruit"));
  EXPECT_EQ(s->phase(), kRearranging);
  EXPECT_TRUE(s->discarded(id(*g, "Recruit")));
  // May not: stand an agent without Security Perimeter in front of two columns.
  EXPECT_EQ(
      s->why_illegal(s->parse_move("put " + at(*g, "Waters") + " span")),
      at(*g, "Waters") + " has no Security Perimeter: it cannot stand in front of two columns");
  // Who defends whom changes, and so may the number of columns: Filler now defends Waters, behind
  // whom Fuller stands.
  s->apply_text("put " + at(*g, "Filler") + " new");
  s->apply_text("put " + at(*g, "Waters") + " behind c1");
  EXPECT_EQ(s->phase(), kRearranging);
  s->apply_text("put " + at(*g, "Fuller") + " behind c1");
  EXPECT_EQ(s->phase(), kMain);
  EXPECT_EQ(s->columns(0), 1);
  EXPECT_EQ(s->field_agent(0, 0, 0), id(*g, "Filler"));
  EXPECT_EQ(s->field_agent(0, 0, 1), id(*g, "Waters"));
  EXPECT_EQ(s->field_agent(0, 0, 2), id(*g, "Fuller"));
  EXPECT_EQ(s->to_move(), 1);
}

TEST(TcgProMoves, HostileTakeover) {
  auto g = game();
  const json plans = {-1, -1, int(id(*g, "Dentist")), -1, -1, -1};
  auto s = position(g,
                    {{{{"Waters"}, {"Recruit"}, {"Dentist"}}, {}, {}},
                     {{{"Addams", "Wilson"}, {"Cho"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {}, 0, json{{"plans", plans}});
  s->apply_text("pro takeover " + at(*g, "Recruit") + " 1");
  EXPECT_EQ(s->phase(), kRearranging);
  EXPECT_EQ(s->current_player(), 0);  // the taker decides, not the owner
  s->apply_text("put " + at(*g, "Cho") + " new");
  s->apply_text("put " + at(*g, "Wilson") + " behind c1");
  // May not: leave seat 1 with another number of columns than its two.
  EXPECT_EQ(s->why_illegal(s->parse_move("put " + at(*g, "Addams") + " behind c1")),
            "the agents left could no longer fill every column (and stand behind every "
            "perimeter)");
  s->apply_text("put " + at(*g, "Addams") + " new");
  EXPECT_EQ(s->columns(1), 2);
  EXPECT_EQ(s->field_agent(1, 0, 0), id(*g, "Cho"));
  EXPECT_EQ(s->field_agent(1, 0, 1), id(*g, "Wilson"));
  EXPECT_EQ(s->field_agent(1, 1, 0), id(*g, "Addams"));
  // May not: without a master plan (M1).
  auto t = position(g,
                    {{{{"Waters"}, {"Recruit"}}, {}, {}},
                     {{{"Addams", "Wilson"}, {"Cho"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  EXPECT_EQ(t->why_illegal(t->parse_move("pro takeover " + at(*g, "Recruit") + " 1")),
            "Hostile Takeover needs a master plan (M1)");
}

// The sample decks hold agents for every pro move: random play with them reaches each run of
// decisions (Brainwashing, Shakeup or Hostile Takeover, Big Con) and the Security Perimeter.
TEST(TcgSampleDecks, RandomPlayoutsReachTheRunsOfDecisionsAndThePerimeter) {
  auto g = games::registry().make("conspiracy-tcg", json{{"players", 4}});
  std::array<int, 16> kinds{};
  int spans = 0;
  std::array<int, kProMoveCount> pros{};
  Rng rng(7);
  for (int game_no = 0; game_no < 60; ++game_no) {
    auto s = g->new_initial_state(uint64_t(100 + game_no));
    MoveList moves;
    while (!s->is_terminal()) {
      moves.clear();
      s->legal_moves(moves);
      const Move m = moves[rng.uniform(uint32_t(moves.size()))];
      const MoveParts p = unpack(m);
      ++kinds[p.kind & 15];
      if (p.kind == kDeploy && p.y == kSpan) ++spans;
      if (p.kind == kPro) ++pros[p.pro];
      s->apply(m);
    }
  }
  EXPECT_GT(kinds[kBrainwash], 0);
  EXPECT_GT(kinds[kPut], 0);
  EXPECT_GT(kinds[kReplace], 0);
  EXPECT_GT(kinds[kDone], 0);
  EXPECT_GT(spans, 0);
  EXPECT_GT(pros[kShakeup], 0);
  EXPECT_GT(pros[kHostileTakeover], 0);
  EXPECT_GT(pros[kBigCon], 0);
}

}  // namespace
}  // namespace tabletop::conspiracy_tcg
