// Conspiracy TCG: the rules of shared/rules/conspiracy-tcg.txt as tests: agents are unique,
// elimination, the ply cap and stalemates, and the estimate the computer players search with.
#include <gtest/gtest.h>

#include <map>

#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/conspiracy_tcg/tcg_test_util.h"
#include "games/games.h"

namespace tabletop::conspiracy_tcg {
namespace {

using namespace test_util;

// ---------------------------------------------------------------------------------------------
// Agents are unique; elimination.

TEST(TcgAgents, AClaimedAgentDrawnOrHeldIsRevealedDiscardedAndReplaced) {
  auto g = game();
  // Bloom is in alpha and beta: seat 1 holds it; seat 0 deploys it; seat 1 replaces it at once.
  auto s = position(g,
                    {{{{"Waters"}}, {"Bloom"}, {"Filler"}},
                     {{{"Addams"}}, {"Bench"}, {"Board", "Bolt"}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  s->apply_text("deploy " + at(*g, "Bloom") + " new");
  EXPECT_EQ(s->hand_count(1), 1);
  EXPECT_EQ(s->hand_card(1, 0), id(*g, "Bench"));
  // The replacement came from seat 1's pile... Bloom was not in seat 1's hand, so check the draw:
  auto t = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}}, {"Bloom"}, {"Board"}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  t->apply_text("pass");  // seat 0 cannot act (empty hand, no modes): passes and draws Filler
  EXPECT_EQ(t->to_move(), 1);
  t->apply_text("deploy " + at(*g, "Bloom") + " new");
  EXPECT_TRUE(t->claimed(id(*g, "Bloom")));
  // A claimed agent on top of a pile: drawn, revealed, discarded, replaced by the next card.
  auto u = position(g,
                    {{{{"Waters", "Bloom"}}, {}, {}},
                     {{{"Addams"}}, {}, {"Bloom", "Board"}},
                     {{{"Carter"}}, {}, {}}},
                    {}, 1);
  u->apply_text("pass");
  EXPECT_EQ(u->hand_count(1), 1);
  EXPECT_EQ(u->hand_card(1, 0), id(*g, "Board"));
}

TEST(TcgElimination, NoFieldAgentPlacesFromHandOrIsOutLastSeatWins) {
  auto g = game(2);
  // Waters (ZZZ, Reptilians) kills Addams, seat 1's only field agent; seat 1 holds Bench: it must
  // place it at once.
  auto s =
      position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}}, {"Bench"}, {}}}, {"ZZZ", "REPTILIANS"});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_EQ(s->phase(), kEmergencyPlacement);
  EXPECT_EQ(s->current_player(), 1);
  s->apply_text("place " + at(*g, "Bench"));
  EXPECT_EQ(s->phase(), kMain);
  EXPECT_EQ(s->to_move(), 1);
  // With an empty hand the seat is eliminated and the last seat standing wins.
  auto t = position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}}, {}, {}}}, {"ZZZ", "REPTILIANS"});
  t->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_TRUE(t->is_terminal());
  EXPECT_EQ(t->winner(), 0);
  EXPECT_EQ(t->returns()[0], 1.0);
  EXPECT_EQ(t->returns()[1], -1.0);
}

TEST(TcgEngineCap, AGameStoppedByThePlyCapIsADraw) {
  auto g = std::static_pointer_cast<const TcgGame>(
      games::registry().make("conspiracy-tcg", json{{"players", 2}, {"max_plies", 10}}));
  auto s = g->new_initial_state(3);
  Rng rng(1);
  while (!s->is_terminal()) {
    auto moves = s->legal_moves();
    s->apply(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  EXPECT_TRUE(static_cast<TcgState&>(*s).stopped_by_ply_cap());
  EXPECT_EQ(s->returns()[0], 0.0);
  EXPECT_EQ(s->returns()[1], 0.0);
}

// Why a game stalls (the lab's figures capped_no_attack_kills, capped_no_kill_now,
// capped_stalemate): an attack that kills for good, a kill the cards allow but the fields do not.
TEST(TcgStall, AKillTheFieldsAllowTheCardsAllowAndTheModesAllow) {
  auto g = game(2);
  // ZZZ and Reptilians: Waters beats Addams in both (the worked example); Wilson beats Waters.
  auto open = position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}}, {}, {}}}, {"ZZZ", "REPTILIANS"});
  EXPECT_TRUE(open->attack_kills());
  // Wilson in front of Addams: Waters still beats Addams (a kill the cards allow), but Addams is
  // not exposed and Wilson, who beats Waters, may not launch from the front.
  auto screened = position(g, {{{{"Waters"}}, {}, {}}, {{{"Wilson", "Addams"}}, {}, {}}},
                           {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(screened->attack_kills());
  EXPECT_TRUE(screened->kill_possible(screened->modes()));
  // A card in the pile counts for kill_possible, not for attack_kills.
  auto piled =
      position(g, {{{{"Filler"}}, {}, {"Waters"}}, {{{"Addams"}}, {}, {}}}, {"ZZZ", "REPTILIANS"});
  EXPECT_TRUE(piled->kill_possible(piled->modes()));
  // Addams alone is killed, and Nightingale (a nurse, behind Monroe, whom Waters only ties)
  // saves him: the Crash Clinic loop, no lasting kill.
  auto saved =
      position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}, {"Monroe", "Nightingale"}}, {}, {}}},
               {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(saved->attack_kills());
  // Clerks of All Others against clerks of All Others tie under two networks, whatever their
  // places: no kill under those modes, but Bench beats Filler under AAA and 999.
  auto clerks = position(g, {{{{"Filler"}, {"Fuller"}}, {}, {}}, {{{"Bench"}, {"Board"}}, {}, {}}},
                         {"REPTILIANS", "ILLUMINATI"});
  EXPECT_FALSE(clerks->attack_kills());
  EXPECT_FALSE(clerks->kill_possible(clerks->modes()));
  EXPECT_TRUE(clerks->kill_possible(make_pair_of(kAAA, k999)));
}

// The figures of a game the ply cap ended in `s`'s position.
std::map<std::string, double> capped_figures(const std::shared_ptr<const TcgGame>& g,
                                             const std::vector<SeatSpec>& seats,
                                             const std::vector<std::string>& modes) {
  auto s = position(g, seats, modes, 0, json{{"over", true}, {"stopped_by_ply_cap", true}});
  Figures f;
  s->figures(f);
  std::map<std::string, double> out;
  for (const Figures::Entry& e : f) out[e.name] = e.value;
  return out;
}

TEST(TcgStall, ACappedGameTheRulesCannotEndIsAStalemate) {
  auto g = game(2);
  const std::vector<std::string> zr = {"ZZZ", "REPTILIANS"};
  // Wilson screens Addams from Waters, nobody holds another card or a pro move: frozen.
  auto frozen = capped_figures(g, {{{{"Waters"}}, {}, {}}, {{{"Wilson", "Addams"}}, {}, {}}}, zr);
  EXPECT_EQ(frozen["capped_no_attack_kills"], 1);
  EXPECT_EQ(frozen["capped_no_kill_now"], 0);  // Waters beats Addams, were he exposed
  EXPECT_EQ(frozen["capped_stalemate"], 1);
  // A card left in a pile may still be deployed behind Waters or in front of Addams.
  auto pile =
      capped_figures(g, {{{{"Waters"}}, {}, {"Filler"}}, {{{"Wilson", "Addams"}}, {}, {}}}, zr);
  EXPECT_EQ(pile["capped_stalemate"], 0);
  // Clerks tie under two networks; with no card that changes the modes, nothing ever kills,
  // whatever is deployed.
  const std::vector<std::string> ri = {"REPTILIANS", "ILLUMINATI"};
  auto clerks =
      capped_figures(g, {{{{"Filler"}}, {}, {"Fuller"}}, {{{"Bench"}}, {}, {"Board"}}}, ri);
  EXPECT_EQ(clerks["capped_no_kill_now"], 1);
  EXPECT_EQ(clerks["capped_stalemate"], 1);
  // A librarian (Tabula Recta) in a pile can still change the modes: not a stalemate.
  auto librarian =
      capped_figures(g, {{{{"Filler"}}, {}, {"Books"}}, {{{"Bench"}}, {}, {"Board"}}}, ri);
  EXPECT_EQ(librarian["capped_stalemate"], 0);
  // A game the ply cap did not end reports no stall.
  auto won = position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}}, {}, {}}}, zr);
  Figures f;
  won->figures(f);
  for (const Figures::Entry& e : f)
    if (std::string(e.name).rfind("capped", 0) == 0) {
      EXPECT_EQ(e.value, 0) << e.name;
    }
}

// ---------------------------------------------------------------------------------------------
// The estimate (estimate_returns): the cards each seat has left, the threats of the modes.

double estimate(const TcgState& s, Seat seat) {
  Returns r{};
  EXPECT_TRUE(s.estimate_returns(r));
  return r[std::size_t(seat)];
}

// Ruling 27: lone clerks of All Others tie under two networks; with nothing in hand or pile and
// no pro move to enact from the field, every move is an attack that changes nothing. The game
// ends at the next move as a draw, not at the ply cap.
TEST(TcgDeadPosition, LoneAgentsThatTieAndHoldNothingEndTheGameAsADraw) {
  auto g = game(2);
  auto s =
      position(g, {{{{"Filler"}}, {}, {}}, {{{"Bench"}}, {}, {}}}, {"REPTILIANS", "ILLUMINATI"});
  EXPECT_TRUE(s->dead_position());
  ASSERT_FALSE(s->is_terminal());
  const auto moves = s->legal_moves();
  ASSERT_FALSE(moves.empty());
  for (Move m : moves)
    EXPECT_EQ(s->move_to_string(m).rfind("attack", 0), 0u) << s->move_to_string(m);
  s->apply(moves[0]);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_FALSE(s->stopped_by_ply_cap());
  EXPECT_TRUE(s->ended_dead());
  EXPECT_EQ(s->winner(), -1);
  EXPECT_EQ(s->returns()[0], 0.0);
  EXPECT_EQ(s->returns()[1], 0.0);
  EXPECT_LT(s->ply(), g->max_plies());
}

// What can still change a field or the modes keeps the game going: a card to draw or to deploy,
// a field agent with a mode change (a librarian: Tabula Recta), an attack that loses its launcher
// (Wilson beats Waters in both modes), a Burglary with an elected official to attack.
TEST(TcgDeadPosition, AnythingThatCanStillChangeAFieldOrTheModesKeepsTheGameGoing) {
  auto g = game(2);
  const std::vector<std::string> ri = {"REPTILIANS", "ILLUMINATI"};
  EXPECT_FALSE(
      position(g, {{{{"Filler"}}, {}, {"Fuller"}}, {{{"Bench"}}, {}, {}}}, ri)->dead_position());
  EXPECT_FALSE(
      position(g, {{{{"Filler"}}, {}, {}}, {{{"Bench"}}, {"Board"}, {}}}, ri)->dead_position());
  EXPECT_FALSE(
      position(g, {{{{"Filler", "Books"}}, {}, {}}, {{{"Bench"}}, {}, {}}}, ri)->dead_position());
  auto launcher_dies = position(g, {{{{"Waters"}}, {}, {}}, {{{"Wilson", "Addams"}}, {}, {}}},
                                {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(launcher_dies->attack_kills());
  EXPECT_FALSE(launcher_dies->dead_position());
  // A plumber (Third-Rate Burglary) ties a hair stylist and a mayor under Reptilians and Agency
  // (both three tiers under that face); only the mayor is an elected official to burgle.
  const std::vector<std::string> ra = {"REPTILIANS", "AGENCY"};
  auto stylist = position(g, {{{{"Plumb"}}, {}, {}}, {{{"Beaumont"}}, {}, {}}}, ra);
  ASSERT_FALSE(stylist->kill_possible(stylist->modes()));
  EXPECT_TRUE(stylist->dead_position());
  auto mayor = position(g, {{{{"Plumb"}}, {}, {}}, {{{"Mayor"}}, {}, {}}}, ra);
  ASSERT_FALSE(mayor->kill_possible(mayor->modes()));
  EXPECT_FALSE(mayor->dead_position());
}

// Fields that stand for ever: Addams (a teacher) beats the clerk Filler under AAA and the
// Reptilians, but from the middle of a column he neither launches nor is exposed, and clerks tie
// clerks under the Reptilians. With Addams at the rear he launches and kills: not dead.
TEST(TcgDeadPosition, AKillOnlyTheFieldsForbidIsDeadWhenTheFieldsCannotChange) {
  auto g = game(2);
  const std::vector<std::string> ar = {"AAA", "REPTILIANS"};
  auto screened =
      position(g, {{{{"Filler"}}, {}, {}}, {{{"Bench", "Addams", "Board"}}, {}, {}}}, ar);
  ASSERT_TRUE(screened->kill_possible(screened->modes()));
  EXPECT_TRUE(screened->dead_position());
  auto rear = position(g, {{{{"Filler"}}, {}, {}}, {{{"Bench", "Board", "Addams"}}, {}, {}}}, ar);
  EXPECT_FALSE(rear->dead_position());
}

// A pro move that cannot act keeps nothing going. The fishmonger Fisher (Temple of Dagon: a
// surge for the Reptilians) and the interior decorator Decor (Inside Job) beat each other in
// neither pair of modes below. Under the Reptilians and the Illuminati the surge would set a mode
// already active (the two modes always differ) and Inside Job needs a third player: dead. Under
// AAA and near the surge may still set the Reptilians; with a third seat in (Stretch, whom
// neither beats nor is beaten by), the decorator may still lend it an attack: not dead.
TEST(TcgDeadPosition, ASurgeForAnActiveNetworkOrAnInsideJobWithoutAThirdSeatKeepsNothingGoing) {
  const std::vector<std::string> ri = {"REPTILIANS", "ILLUMINATI"};
  auto g = game(2);
  auto active = position(g, {{{{"Fisher"}}, {}, {}}, {{{"Decor"}}, {}, {}}}, ri);
  ASSERT_FALSE(active->kill_possible(active->modes()));
  EXPECT_TRUE(active->dead_position());
  auto other = position(g, {{{{"Fisher"}}, {}, {}}, {{{"Decor"}}, {}, {}}}, {"AAA", "NEAR"});
  ASSERT_FALSE(other->kill_possible(other->modes()));
  EXPECT_FALSE(other->dead_position());
  EXPECT_TRUE(legal(*other, "surge " + at(*g, "Fisher") + " AAA>REPTILIANS"));

  auto three = game(3);
  auto third = position(
      three, {{{{"Fisher"}}, {}, {}}, {{{"Decor"}}, {}, {}}, {{{"Stretch"}}, {}, {}}}, ri, 1);
  ASSERT_FALSE(third->kill_possible(third->modes()));
  EXPECT_FALSE(third->dead_position());
  json saved = third->to_json();
  saved["state"]["seats"][2]["field"] = json::array();
  saved["state"]["seats"][2]["out"] = true;
  std::unique_ptr<State> two_in = three->state_from_json(saved);
  EXPECT_TRUE(static_cast<const TcgState&>(*two_in).dead_position());
}

// Planting Bombs "links any two of another player's exposed field agents": the landscaper Bloom
// beats no clerk and no clerk beats her under near and the Illuminati. Against one column there
// are never two exposed agents to link (no card is left to open another column): dead. Against
// two columns she may still plant a bomb: not dead.
TEST(TcgDeadPosition, PlantingBombsWithNoTwoAgentsToLinkKeepsNothingGoing) {
  const std::vector<std::string> ni = {"NEAR", "ILLUMINATI"};
  auto g = game(2);
  auto one = position(g, {{{{"Bloom"}}, {}, {}}, {{{"Bench", "Board"}}, {}, {}}}, ni);
  ASSERT_FALSE(one->kill_possible(one->modes()));
  EXPECT_TRUE(one->dead_position());
  auto two = position(g, {{{{"Bloom"}}, {}, {}}, {{{"Bench"}, {"Board"}}, {}, {}}}, ni);
  EXPECT_FALSE(two->dead_position());
  EXPECT_TRUE(
      legal(*two, "pro bomb " + at(*g, "Bloom") + " " + at(*g, "Bench") + " " + at(*g, "Board")));
}

// Attacks that still kill do not keep a game going when no last player can come of them. Under
// the Reptilians and the Illuminati Fisher kills the clerk Filler and Decor the clerk Bench, but
// nothing of the other seat beats Fisher or Decor in both modes: each seat keeps an agent it can
// never lose. Bombing Decor to Filler (a kill of Filler takes Decor too) lets seat 1 lose
// everything: not dead.
TEST(TcgDeadPosition, SeatsThatEachKeepAnAgentNoOtherSeatBeatsAreDeadThoughAttacksStillKill) {
  const std::vector<std::string> ri = {"REPTILIANS", "ILLUMINATI"};
  auto g = game(2);
  const std::vector<SeatSpec> seats = {{{{"Fisher"}, {"Bench"}}, {}, {}},
                                       {{{"Decor"}, {"Filler"}}, {}, {}}};
  auto kept = position(g, seats, ri);
  ASSERT_TRUE(kept->attack_kills());
  EXPECT_TRUE(kept->dead_position());
  kept->apply_text("attack " + at(*g, "Fisher") + " 1");
  EXPECT_TRUE(kept->is_terminal());
  EXPECT_TRUE(kept->ended_dead());
  EXPECT_EQ(kept->returns()[0], 0.0);

  auto bombed =
      position(g, seats, ri, 0,
               json{{"bombs", json::array({json::array({id(*g, "Decor"), id(*g, "Filler")})})}});
  ASSERT_EQ(bombed->bomb_count(), 1);
  EXPECT_FALSE(bombed->dead_position());
  bombed->apply_text("attack " + at(*g, "Fisher") + " 1");
  EXPECT_FALSE(in_field(*bombed, *g, "Decor"));
}

// The variant dead_position_shared: the seats still in share the win, the eliminated seat loses.
TEST(TcgDeadPosition, UnderTheVariantTheSeatsStillInShareTheWin) {
  for (const bool shared : {false, true}) {
    auto g = game(3, json{{"dead_position_shared", shared}});
    auto built = position(g, {{{{"Filler"}}, {}, {}}, {{{"Bench"}}, {}, {}}, {{}, {}, {}}},
                          {"REPTILIANS", "ILLUMINATI"});
    json saved = built->to_json();
    saved["state"]["seats"][2]["out"] = true;
    std::unique_ptr<State> s = g->state_from_json(saved);
    ASSERT_TRUE(static_cast<const TcgState&>(*s).dead_position());
    s->apply(s->legal_moves()[0]);
    ASSERT_TRUE(s->is_terminal());
    const Returns r = s->returns();
    EXPECT_DOUBLE_EQ(r[0], shared ? 0.25 : 0.0);
    EXPECT_DOUBLE_EQ(r[1], shared ? 0.25 : 0.0);
    EXPECT_DOUBLE_EQ(r[2], shared ? -0.5 : 0.0);
  }
}

TEST(TcgEstimate, EveryCardLeftCountsSoDrawingAndDeployingAreNoProgress) {
  auto g = game(2);
  // The same cards in the pile or in the hand are worth the same: a draw is not progress.
  auto piled = position(g, {{{{"Waters"}}, {}, {"Filler", "Fuller"}}, {{{"Addams"}}, {}, {}}}, {});
  auto held = position(g, {{{{"Waters"}}, {"Filler", "Fuller"}, {}}, {{{"Addams"}}, {}, {}}}, {});
  EXPECT_DOUBLE_EQ(estimate(*piled, 0), estimate(*held, 0));
  EXPECT_GT(estimate(*held, 0), 0.3);  // three cards left against one
  // Deploying moves a card from the hand to the field: only the field's small bonus changes.
  const double before = estimate(*held, 0);
  held->apply_text("deploy " + at(*g, "Filler") + " new");
  EXPECT_NEAR(estimate(*held, 0), before, 0.05);
  EXPECT_NEAR(estimate(*held, 0) + estimate(*held, 1), 0.0, 1e-12);
}

TEST(TcgEstimate, AKillIsProgressAndAThreatCountsMostForTheSeatToAct) {
  auto g = game(2);
  // ZZZ and Reptilians: Waters beats Addams and Cho in both (the worked example).
  const std::vector<SeatSpec> seats = {{{{"Waters"}}, {}, {"Filler"}},
                                       {{{"Addams"}, {"Cho"}, {"Monroe"}}, {"Bench"}, {"Board"}}};
  auto mine = position(g, seats, {"ZZZ", "REPTILIANS"}, 0);
  auto theirs = position(g, seats, {"ZZZ", "REPTILIANS"}, 1);
  auto calm = position(g, seats, {"ZZZ"}, 0);  // one mode: no attack is possible
  EXPECT_GT(estimate(*mine, 0), estimate(*theirs, 0));
  EXPECT_GT(estimate(*theirs, 0), estimate(*calm, 0));
  const double threatened = estimate(*mine, 0);
  mine->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_FALSE(in_field(*mine, *g, "Addams"));
  EXPECT_GT(estimate(*mine, 0), threatened);
}

TEST(TcgEstimate, AnAttackBeingAnsweredCountsItsDefeatedLessTheOneAMedicSaves) {
  auto g = game(2);
  // Waters defeats Addams and Nightingale (exposed, beaten in both); Nightingale may save Addams.
  auto s = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}, {"Nightingale"}, {"Monroe"}}, {"Bench"}, {"Board"}}},
                    {"ZZZ", "REPTILIANS"});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  ASSERT_EQ(s->phase(), kAttackReaction);
  const double asked = estimate(*s, 0);
  s->apply_text("save " + at(*g, "Addams") + " " + at(*g, "Nightingale"));
  // Saved: one agent lost, as the reaction phase counted it.
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
  EXPECT_NEAR(estimate(*s, 0), asked, 0.1);
}

TEST(TcgEstimate, ACardThatChangesTheModesIsWorthKeeping) {
  auto g = game(2);
  // Books (a librarian: Tabula Recta) in the hand against a clerk with no pro move.
  auto librarian = position(g, {{{{"Waters"}}, {"Books"}, {}}, {{{"Addams"}}, {"Bench"}, {}}}, {});
  auto clerk = position(g, {{{{"Waters"}}, {"Filler"}, {}}, {{{"Addams"}}, {"Bench"}, {}}}, {});
  EXPECT_GT(estimate(*librarian, 0), estimate(*clerk, 0));
  EXPECT_DOUBLE_EQ(estimate(*clerk, 0), 0.0);
}

TEST(TcgEstimate, AFieldBeingRearrangedIsJudgedAsItIsBuilt) {
  auto g = game(2);
  // ZZZ and Reptilians: Waters beats Addams and Cho in both; the clerks kill nobody.
  const std::vector<SeatSpec> seats = {{{{"Waters"}, {"Filler"}, {"Fuller"}, {"Recruit"}}, {}, {}},
                                       {{{"Addams"}, {"Cho"}}, {}, {"Bench"}}};
  auto build = [&](const std::string& first, const std::string& second) {
    auto s = position(g, seats, {"ZZZ", "REPTILIANS"});
    s->apply_text("pro shakeup " + at(*g, "Recruit"));
    s->apply_text("put " + at(*g, first) + " new");
    s->apply_text("put " + at(*g, second) + " behind c1");
    EXPECT_EQ(s->phase(), kRearranging);  // Fuller is still to put
    return s;
  };
  // The old field stands until the last put, but the estimate reads the one being built: Waters
  // at the rear of a column launches, in front of Filler he does not.
  auto launching = build("Filler", "Waters");
  auto screened = build("Waters", "Filler");
  EXPECT_GT(estimate(*launching, 0), estimate(*screened, 0) + 0.05);
  // The last put makes the built field the real one: the estimate does not jump.
  const double before = estimate(*launching, 0);
  launching->apply_text("put " + at(*g, "Fuller") + " new");
  ASSERT_EQ(launching->phase(), kMain);
  EXPECT_NEAR(estimate(*launching, 0), before, 0.05);
}

}  // namespace
}  // namespace tabletop::conspiracy_tcg
