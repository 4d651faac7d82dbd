// Conspiracy: the turn's steps as the rulebook orders them (time marches on, reveal tile, place,
// reveal and attack coins, unexpected effects, draw, save, declare) and the round cap. Test names
// follow docs/games/conspiracy.md's clause table.
#include <gtest/gtest.h>

#include "games/conspiracy/conspiracy.h"
#include "games/conspiracy/conspiracy_test_util.h"

namespace tabletop::conspiracy {
namespace {

using namespace test_util;

// --- Time Marches On ---------------------------------------------------------------------------

TEST(ConspiracyTime, SuccessRuleExample) {
  // Face-up Crown-2, Crown-5, Arms-3 and a face-down tile; dice Crown-4, Arms-5, Moon-0, Sun-1.
  auto s = blank();
  s->edit_tile(P("C2"), Pos("M1"), true);
  s->edit_tile(P("C5"), Pos("M2"), true);
  s->edit_tile(P("A3"), Pos("M3"), true);
  s->edit_tile(P("S4"), Pos("M4"), false);
  // dice in suit order S M C A
  EXPECT_EQ(s->column_successes(1, {1, 0, 4, 5}), 2);
  EXPECT_EQ(s->column_successes(1, {1, 0, 4, 3}), 3) << "Arms 3 <= the Arms-3 tile";
  EXPECT_EQ(s->column_successes(1, {0, 0, 0, 0}), 0) << "a blank never succeeds";
  EXPECT_EQ(s->column_successes(1, {2, 2, 2, 2}), 2) << "no face-up Sun or Moon tile";
  EXPECT_EQ(s->column_successes(0, {1, 1, 2, 2}), 2)
      << "symbols always succeed, even in an empty column";
  // Tiles in the Present row are not counted.
  s->edit_tile(P("S5"), Pos("MP"), true);
  EXPECT_EQ(s->column_successes(1, {5, 0, 0, 0}), 0);
}

TEST(ConspiracyTime, SuccessRuleExampleAdvancesTheColumnInARound) {
  // The same column met by Time Marches On at the start of a round (dice scripted: the order
  // roll-off, then columns L, M, R with four dice each in suit order S M C A).
  auto s = blank();
  s->edit_tile(P("C2"), Pos("M1"), true);
  s->edit_tile(P("C5"), Pos("M2"), true);
  s->edit_tile(P("A3"), Pos("M3"), true);
  s->edit_tile(P("S4"), Pos("M4"), false);
  s->chance().script({5, 4, 3, 2, /* L */ 0, 0, 0, 0, /* M */ 1, 0, 4, 5, /* R */ 0, 0, 0, 0});
  s->edit_start_round(2);
  EXPECT_EQ(s->tile_at(Pos("MP")), P("C2")) << "two successes: the column advanced";
  EXPECT_EQ(s->tile_at(Pos("M1")), P("C5"));
  EXPECT_EQ(s->tile_at(Pos("M3")), P("S4"));
}

TEST(ConspiracyTime, ExtendedExampleRoundTwo) {
  // Round 2 of the Extended Example. A (0) saved Arms-5, D (3) Crown-4, C (2) a spiral, B (1)
  // nothing: A, D, B in order, C may jump in. Left column: only a Crown symbol, no advance. Middle:
  // Moon and Arms symbols: the face-up Arms-1 tile moves into the empty Present, the face-down
  // Future-2 tile to Future 1. Right: two symbols and a blank: the face-down Future-1 tile is
  // removed, its coin to the bag, the tile to A (the first player); Future 2 moves up.
  auto s = blank();
  s->edit_coin(P("A5"), kSaved + 0);
  s->edit_coin(P("C4"), kSaved + 3);
  s->edit_coin(P("S1"), kSaved + 2);
  s->edit_tile(P("C1"), Pos("L1"), false);
  s->edit_coin(P("M2"), Sq("a3"), false, Dir("n"));
  s->edit_tile(P("A1"), Pos("M1"), true);
  s->edit_tile(P("C3"), Pos("M2"), false);
  s->edit_coin(P("S3"), Sq("c5"), false, Dir("ne"));
  s->edit_tile(P("M0"), Pos("R1"), false);
  s->edit_coin(P("C2"), Sq("e3"), false, Dir("n"));
  s->edit_tile(P("M3"), Pos("R2"), false);
  s->edit_coin(P("M3"), Sq("e5"), false, Dir("n"));
  s->chance().script({/* L */ 0, 0, 1, 0, /* M */ 0, 1, 0, 1, /* R */ 1, 1, 0, 0});
  s->edit_start_round(2);
  EXPECT_EQ(s->chance().scripted_left(), 0u);
  ASSERT_EQ(s->normal_count(), 3);
  EXPECT_EQ(s->normal_order()[0], 0);
  EXPECT_EQ(s->normal_order()[1], 3);
  EXPECT_EQ(s->normal_order()[2], 1);
  EXPECT_EQ(s->tile_at(Pos("L1")), P("C1")) << "left column stays";
  EXPECT_EQ(s->tile_at(Pos("MP")), P("A1"));
  EXPECT_EQ(s->tile_at(Pos("M1")), P("C3"));
  EXPECT_EQ(s->coin_at(Sq("c3")), P("S3")) << "its coin moved up with it";
  EXPECT_EQ(s->tile_location(P("M0")), kHeld + 0) << "A, the first player, takes the tile";
  EXPECT_EQ(s->coin_location(P("C2")), kBag);
  EXPECT_EQ(s->tile_at(Pos("R1")), P("M3"));
  // "Player C has a chance to take his move first, but he decides to wait."
  ASSERT_EQ(s->phase(), Phase::kJump);
  EXPECT_EQ(s->current_player(), 2);
  play(*s, "wait");
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->coin_location(P("A5")), kHand + 0) << "A picks up his saved Arms-5 and draws 2";
  EXPECT_EQ(s->coins_at(kHand + 0), 3);
}

TEST(ConspiracyTime, ExtendedExampleRoundTwoReveals) {
  // The rest of round 2 on the middle column's Crown-3 tile (Future 1, face down, with C's 3-coin).
  auto s = blank();
  s->edit_tile(P("A1"), Pos("MP"), true);
  s->edit_tile(P("C3"), Pos("M1"), false);
  s->edit_coin(P("S3"), Sq("d3"), false, Dir("n"));
  // A places his Sun-4 on the tile.
  s->edit_start_actions(0);
  for (const char* c : {"S4", "A5", "M5"}) s->edit_coin(P(c), kHand + 0);
  play(*s, "place S4");
  play(*s, "c3 e");
  // C places his Crown-2 and reveals the 3-coin: two pointers, 4 + 2 > 3; he pays his Sun spiral to
  // D. The revealed coin keeps pointing the way it was placed.
  s->edit_start_actions(2);
  for (const char* c : {"C2", "S1", "S5"}) s->edit_coin(P(c), kHand + 2);
  play(*s, "place C2");
  play(*s, "c4 ne");
  play(*s, "reveal d3 pay S1 to 3");
  EXPECT_TRUE(s->coin_symbol_up(P("S3")));
  EXPECT_EQ(s->coin_direction(P("S3")), Dir("n"));
  EXPECT_EQ(s->coin_location(P("S1")), kBonus + 3);
  // D plays the Sun spiral at the Crown-2 (unexpected effects: no tile) and reveals it: the spiral
  // is wild and counts as the 2; he pays the Moon-0 to C.
  s->edit_start_actions(3);
  s->edit_coin(P("S1"), kHand + 3);
  for (const char* c : {"M0", "C5"}) s->edit_coin(P(c), kHand + 3);
  play(*s, "place S1");
  s->chance().script({0, 5});
  play(*s, "d4 w");
  play(*s, "reveal c4 pay M0 to 2");
  EXPECT_TRUE(s->coin_symbol_up(P("C2")));
  // B reveals the tile: the number-side-up coins are ignored, the Crown-2 matches (2), the Sun-3
  // neither matches nor opposes (1): 3 points, exactly enough for the Crown-3 to stay face up.
  s->edit_start_actions(1);
  for (const char* c : {"M4", "A2", "S0"}) s->edit_coin(P(c), kHand + 1);
  EXPECT_EQ(s->tile_support(Pos("M1"), P("C3")), 3);
  play(*s, "reveal M1 pay M4 to 2");
  EXPECT_EQ(s->tile_at(Pos("M1")), P("C3"));
  EXPECT_TRUE(s->tile_face_up(P("C3")));
  for (const char* c : {"S4", "S3", "C2", "S1"}) EXPECT_EQ(s->coin_location(P(c)), kBag) << c;
}

TEST(ConspiracyTime, SkippedWithoutFutureTilesAndAllThreeColumnsChecked) {
  // Only a Present tile: the round draws 4 order rolls and the first player's 3 coins, no dice.
  auto s = blank();
  s->edit_tile(P("S5"), Pos("MP"), true);
  s->chance().set_journal(true);
  s->chance().script({5, 4, 3, 2});
  s->edit_start_round(2);
  EXPECT_EQ(s->chance().journal().size(), 4u + 3u);
  // A Future tile: 3 columns x 4 dice are rolled too, whatever they show.
  auto t = blank();
  t->edit_tile(P("C2"), Pos("L1"), true);
  t->chance().set_journal(true);
  t->chance().script({5, 4, 3, 2});
  t->edit_start_round(2);
  EXPECT_EQ(t->chance().journal().size(), 4u + 12u + 3u);
}

TEST(ConspiracyTime, AdvancementStepsAToC) {
  auto t = blank();
  t->edit_tile(P("S3"), Pos("LP"), true);
  t->edit_tile(P("C1"), Pos("L1"), true);
  t->edit_tile(P("M4"), Pos("L2"), false);
  t->edit_coin(P("A2"), Sq("a5"), false, Dir("n"));
  t->edit_tile(P("A5"), Pos("MP"), true);
  t->edit_tile(P("M0"), Pos("M1"), false);
  t->edit_coin(P("S2"), Sq("c3"), false, Dir("n"));
  t->edit_tile(P("C4"), Pos("M2"), false);
  // Seat 0 advances column L (2 AP): dice S1 M1 -> 2 symbols.
  t->chance().script({1, 1, 0, 0});
  play(*t, "advance L");
  EXPECT_EQ(t->tile_location(P("S3")), kHeld + 0)
      << "a: the Present tile goes to the active player";
  EXPECT_EQ(t->tile_at(Pos("LP")), P("C1")) << "c: F1 moves up into the Present";
  EXPECT_EQ(t->tile_at(Pos("L1")), P("M4"));
  EXPECT_EQ(t->coin_at(Sq("a3")), P("A2")) << "coins move up with their tile";
  EXPECT_EQ(t->coin_location(P("A2")), Sq("a3"));
  // Seat 1's turn: advance column M.
  t->edit_start_actions(1);
  t->chance().script({1, 1, 0, 0});
  play(*t, "advance M");
  EXPECT_EQ(t->tile_at(Pos("MP")), P("A5")) << "b: the Present tile stays";
  EXPECT_EQ(t->tile_location(P("M0")), kHeld + 1)
      << "b: the face-down F1 tile goes to the active player";
  EXPECT_EQ(t->coin_location(P("S2")), kBag) << "b: its coins go back to the bag";
  EXPECT_EQ(t->tile_at(Pos("M1")), P("C4"));
  // Failure: fewer than 2 successes leaves the column alone.
  t->edit_start_actions(2);
  t->chance().script({1, 0, 0, 0});
  play(*t, "advance M");
  EXPECT_EQ(t->tile_at(Pos("M1")), P("C4"));
}

TEST(ConspiracyTime, RemovedMarkedTileReturnsTheMarkers) {
  auto s = blank(4, 0);
  s->edit_goal(0, kSuns, 4);
  s->edit_tile(P("S3"), Pos("LP"), true);
  s->edit_tile(P("C1"), Pos("L1"), true);
  play(*s, "end");
  ASSERT_EQ(s->phase(), Phase::kDeclare);
  play(*s, "mark L");
  EXPECT_EQ(s->marker(0), P("S3"));
  s->edit_start_actions(1);
  s->chance().script({1, 1, 0, 0});
  play(*s, "advance L");
  EXPECT_EQ(s->marker(0), -1) << "the marker returns to its owner";
}

// --- Reveal Tile -------------------------------------------------------------------------------

void lay_reveal_tile_example(ConspiracyState& s, const char* tile) {
  s.edit_tile(P(tile), Pos("M1"), false);
  s.edit_coin(P("A3"), Sq("c3"), true, Dir("n"));
  s.edit_coin(P("C1"), Sq("d3"), true, Dir("n"));
  s.edit_coin(P("M0"), Sq("c4"), true, Dir("n"));
  s.edit_coin(P("A5"), Sq("d4"), false, Dir("nw"));
}

TEST(ConspiracyRevealTile, ExampleArms4IsRemoved) {
  auto s = blank();
  lay_reveal_tile_example(*s, "A4");
  s->edit_coin(P("S5"), kHand + 0);  // kept, so the turn does not end
  EXPECT_EQ(s->tile_support(Pos("M1"), P("A4")), 3 - 1 + 1);
  s->edit_coin(P("S4"), kHand + 0);
  ASSERT_TRUE(legal(*s, "reveal M1 pay S4 to 2"));
  play(*s, "reveal M1 pay S4 to 2");
  EXPECT_EQ(s->action_points(), 0);
  EXPECT_EQ(s->tile_location(P("A4")), kHeld + 0)
      << "3 < 4: removed and given to the active player";
  for (const char* c : {"A3", "C1", "M0", "A5"}) EXPECT_EQ(s->coin_location(P(c)), kBag) << c;
  EXPECT_EQ(s->coin_location(P("S4")), kBonus + 2);
}

TEST(ConspiracyRevealTile, ExampleSun2Stays) {
  auto s = blank();
  lay_reveal_tile_example(*s, "S2");
  s->edit_coin(P("S5"), kHand + 0);
  EXPECT_EQ(s->tile_support(Pos("M1"), P("S2")), 1 + 1 - 0);
  s->edit_coin(P("S4"), kHand + 0);
  play(*s, "reveal M1 pay S4 to 1");
  EXPECT_EQ(s->tile_at(Pos("M1")), P("S2"));
  EXPECT_TRUE(s->tile_face_up(P("S2")));
  for (const char* c : {"A3", "C1", "M0", "A5"}) EXPECT_EQ(s->coin_location(P(c)), kBag) << c;
}

TEST(ConspiracyRevealTile, NeedsTwoSymbolCoinsTwoPointsAndACoin) {
  auto s = blank();
  s->edit_tile(P("C3"), Pos("L1"), false);
  s->edit_coin(P("A3"), Sq("a3"), true, Dir("n"));
  s->edit_coin(P("S2"), Sq("b3"), false, Dir("n"));
  s->edit_coin(P("M2"), kHand + 0);
  EXPECT_FALSE(legal(*s, "reveal L1 pay M2 to 1")) << "only one symbol-side-up coin";
  s->edit_coin(P("S2"), Sq("b3"), true, Dir("n"));
  EXPECT_TRUE(legal(*s, "reveal L1 pay M2 to 1"));
  s->edit_start_actions(0, 1);
  EXPECT_FALSE(legal(*s, "reveal L1 pay M2 to 1")) << "costs 2 action points";
  s->edit_start_actions(0, 2);
  s->edit_coin(P("M2"), kBag);
  EXPECT_FALSE(legal(*s, "reveal L1 pay M2 to 1")) << "no coin to pay with";
}

// --- Place Coin ---------------------------------------------------------------------------------

TEST(ConspiracyPlace, EmptyBoardStartsFromTheTopOfFutureOne) {
  auto s = blank(4, 3);  // seat 3 holds every tile
  s->edit_coin(P("C2"), kHand + 3);
  s->edit_coin(P("C3"), kHand + 3);
  ASSERT_TRUE(legal(*s, "place C2"));
  play(*s, "place C2");
  // No face-down tile on the board: the only choices lay a tile, in Future 1 only.
  for (Move m : s->legal_moves()) {
    ASSERT_EQ(move_kind(m), MoveKind::kTile) << s->move_to_string(m);
    EXPECT_EQ(pos_row(move_b(m)), 1);
  }
  play(*s, "tile M0 R1");
  EXPECT_FALSE(s->tile_face_up(P("M0")));
  EXPECT_TRUE(legal(*s, "e3 n")) << "the top of Future 1 may point into the empty Present row";
  EXPECT_TRUE(legal(*s, "f3 nw"));
  EXPECT_FALSE(legal(*s, "f3 ne")) << "off the board";
  EXPECT_FALSE(legal(*s, "e4 n")) << "not at the top and touching nothing";
  EXPECT_FALSE(legal(*s, "e3 e")) << "points at an empty square";
  EXPECT_FALSE(legal(*s, "c3 n")) << "the coin must go on the tile just laid";
  play(*s, "e3 n");
  EXPECT_EQ(s->coin_at(Sq("e3")), P("C2"));
  EXPECT_FALSE(s->coin_symbol_up(P("C2"))) << "placed number side up";
  // The second coin: next to the first, pointing at it; a new tile must touch another tile and
  // take the coin.
  play(*s, "place C3");
  EXPECT_TRUE(legal(*s, "f4 nw"));
  EXPECT_TRUE(legal(*s, "e4 n"));
  EXPECT_FALSE(legal(*s, "f4 n")) << "f3 is empty";
  EXPECT_FALSE(legal(*s, "tile S5 R2")) << "no square of R2 touches a coin";
  EXPECT_FALSE(legal(*s, "tile S5 L3")) << "not next to another tile";
  EXPECT_FALSE(legal(*s, "tile S5 RP")) << "new tiles never go in the Present row";
  EXPECT_TRUE(legal(*s, "tile S5 M1"));
  play(*s, "tile S5 M1");
  EXPECT_TRUE(legal(*s, "d3 e")) << "points at the coin on e3";
  EXPECT_FALSE(legal(*s, "e4 n")) << "the coin goes on the new tile";
  play(*s, "d3 e");
  EXPECT_EQ(s->coin_at(Sq("d3")), P("C3"));
}

TEST(ConspiracyPlace, CoinsNeverGoOnFaceUpTilesAndMayPointAtThem) {
  auto s = blank();
  s->edit_tile(P("A2"), Pos("L1"), true);
  s->edit_tile(P("A3"), Pos("L2"), false);
  s->edit_coin(P("S3"), kHand + 0);
  play(*s, "place S3");
  EXPECT_FALSE(legal(*s, "a3 n")) << "face-up tile";
  EXPECT_TRUE(legal(*s, "a5 n")) << "next to and pointing at the face-up tile";
  EXPECT_TRUE(legal(*s, "b5 nw"));
  EXPECT_FALSE(legal(*s, "a6 n")) << "not adjacent to a coin or a face-up tile";
}

// --- Reveal Coin --------------------------------------------------------------------------------

TEST(ConspiracyRevealCoin, ExactMatchSumSpiralAndChainReaction) {
  auto s = blank();
  s->edit_tile(P("C5"), Pos("L1"), false);
  s->edit_tile(P("C4"), Pos("L2"), false);
  s->edit_coin(P("M3"), Sq("a3"), false, Dir("n"));
  s->edit_coin(P("S3"), Sq("a4"), false, Dir("n"));  // points at a3: exact match
  s->edit_coin(P("A0"), kHand + 0);
  EXPECT_TRUE(legal(*s, "reveal a3 pay A0 to 1"));
  s->edit_coin(P("S3"), Sq("a4"), false, Dir("ne"));
  EXPECT_FALSE(legal(*s, "reveal a3 pay A0 to 1")) << "no pointer";
  s->edit_coin(P("S3"), Sq("a4"), false, Dir("n"));
  s->edit_coin(P("S2"), Sq("b4"), false, Dir("nw"));
  EXPECT_TRUE(legal(*s, "reveal a3 pay A0 to 1")) << "3 + 2 > 3";
  s->edit_coin(P("S2"), kBag);
  s->edit_coin(P("S3"), kBag);
  s->edit_coin(P("S4"), Sq("a4"), false, Dir("n"));
  EXPECT_FALSE(legal(*s, "reveal a3 pay A0 to 1")) << "one pointer must match exactly";
  s->edit_coin(P("S0"), Sq("b4"), false, Dir("nw"));
  EXPECT_TRUE(legal(*s, "reveal a3 pay A0 to 1")) << "4 + 0 > 3";
  s->edit_coin(P("S4"), kBag);
  EXPECT_FALSE(legal(*s, "reveal a3 pay A0 to 1")) << "0 alone is not 3";
  s->edit_coin(P("A1"), Sq("a4"), false, Dir("n"));
  EXPECT_TRUE(legal(*s, "reveal a3 pay A0 to 1")) << "a spiral pointer is wild";
  s->edit_coin(P("S0"), kBag);
  // A chain: b3 (a 0) is pointed at by a3 after a3 flips, and by a symbol-up coin on b4.
  s->edit_coin(P("C0"), Sq("b3"), false, Dir("n"));
  s->edit_coin(P("M3"), Sq("a3"), false, Dir("e"));
  s->edit_coin(P("C2"), Sq("b4"), true, Dir("n"));
  play(*s, "reveal a3 pay A0 to 3");
  EXPECT_TRUE(s->coin_symbol_up(P("M3")));
  EXPECT_EQ(s->coin_direction(P("M3")), Dir("e")) << "the direction is kept when a coin flips";
  EXPECT_TRUE(s->coin_symbol_up(P("C0"))) << "chain reaction: two symbol-side-up coins point at it";
  EXPECT_EQ(s->coin_location(P("A0")), kBonus + 3);
  EXPECT_EQ(s->observation(3)["seats"][3][3], "A0") << "the payee knows the coin";
  EXPECT_EQ(s->observation(0)["seats"][3][3], "A0") << "so does the payer, who held it";
  EXPECT_EQ(s->observation(1)["seats"][3][3], "") << "others do not";
  EXPECT_EQ(s->observation(1)["seats"][3][2], 1);
}

TEST(ConspiracyRevealCoin, ASpiralAndABlankRevealAFiveOnlyWithTheAnyNumberVariant) {
  // Rulings 6: a wild spiral counts as any number a coin shows (0-5), so a spiral and a blank make
  // at most 5, not greater than a 5. With spiral_any_number it counts as any number at all.
  for (bool any : {false, true}) {
    auto s = make(4, 1, json{{"spiral_any_number", any}});
    while (s->phase() == Phase::kGoal) s->apply(s->legal_moves()[0]);
    for (int c = 0; c < kPieces; ++c) s->edit_coin(c, kBag);
    for (int t = 0; t < kPieces; ++t) s->edit_tile(t, kHeld + 3, false);
    s->edit_start_actions(0);
    s->edit_tile(P("C5"), Pos("L1"), false);
    s->edit_tile(P("C4"), Pos("L2"), false);
    s->edit_coin(P("M5"), Sq("a3"), false, Dir("n"));
    s->edit_coin(P("A1"), Sq("a4"), false, Dir("n"));   // the spiral points at a3
    s->edit_coin(P("S0"), Sq("b4"), false, Dir("nw"));  // the blank too
    s->edit_coin(P("A0"), kHand + 0);
    EXPECT_EQ(legal(*s, "reveal a3 pay A0 to 1"), any) << any;
    // A single spiral pointer matches exactly under both readings.
    s->edit_coin(P("S0"), kBag);
    EXPECT_TRUE(legal(*s, "reveal a3 pay A0 to 1")) << any;
  }
}

TEST(ConspiracyBoard, RowsBeyondFuture31AreRefusedNamingTheLimit) {
  // Rulings 16: the engine's board holds Future 1 to 31; deeper rows are refused with an error
  // that names the limit (no game has come near it).
  auto s = blank();
  s->edit_tile(P("C5"), Pos("L1"), false);
  for (const char* text : {"tile C4 L32", "a65 n"}) {
    try {
      s->parse_move(text);
      ADD_FAILURE() << text << " parsed";
    } catch (const BadMove& e) {
      EXPECT_NE(std::string(e.what()).find("engine limit"), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(s->parse_move("tile C4 L31"));
  EXPECT_NO_THROW(s->parse_move("a64 n"));
}

TEST(ConspiracyRevealCoin, SymbolSideUpCannotBeRevealedAgainAndPaymentNeeded) {
  auto s = blank();
  s->edit_tile(P("C5"), Pos("L1"), false);
  s->edit_coin(P("M3"), Sq("a3"), true, Dir("n"));
  s->edit_coin(P("S3"), Sq("a4"), false, Dir("n"));
  s->edit_coin(P("A0"), kHand + 0);
  EXPECT_FALSE(legal(*s, "reveal a3 pay A0 to 1"));
  s->edit_coin(P("M3"), Sq("a3"), false, Dir("n"));
  EXPECT_TRUE(legal(*s, "reveal a3 pay A0 to 1"));
  s->edit_coin(P("A0"), kBag);
  EXPECT_FALSE(legal(*s, "reveal a3 pay A0 to 1")) << "no coin to give";
}

// --- Attack Coin --------------------------------------------------------------------------------

TEST(ConspiracyAttack, NumberSideRemovesWhenGreaterOrEqual) {
  auto s = blank();
  s->edit_tile(P("C5"), Pos("L1"), false);
  s->edit_coin(P("M3"), Sq("a3"), false, Dir("n"));
  for (const char* c : {"S3", "S0", "A2", "C5"}) s->edit_coin(P(c), kHand + 0);
  play(*s, "attack A2 pay S0 to 1");
  EXPECT_FALSE(legal(*s, "b3 e")) << "must point at a coin";
  play(*s, "a4 n");
  EXPECT_EQ(s->coin_location(P("M3")), Sq("a3")) << "2 < 3: the attack fails";
  EXPECT_FALSE(legal(*s, "attack S3 pay S3 to 1")) << "the attacking coin is not the payment";
  EXPECT_FALSE(legal(*s, "attack S3 pay C5 to 0")) << "the payment goes to another seat";
  play(*s, "attack S3 pay C5 to 2");
  play(*s, "b4 nw");
  EXPECT_EQ(s->coin_location(P("M3")), kBag) << "3 >= 3: removed and returned to the bag";
}

TEST(ConspiracyAttack, SpiralAttackExtendedExample) {
  // Player B attacks A's 3-coin with a spiral, paying his Moon-0 to D; the unexpected effects roll
  // (blank, 4) finds no tile; the spiral is wild, so the 3 is removed.
  auto s = blank(4, 1);
  s->edit_tile(P("M0"), Pos("R1"), false);
  s->edit_tile(P("C3"), Pos("R2"), false);
  s->edit_coin(P("C2"), Sq("e3"), false, Dir("n"));
  s->edit_coin(P("C3"), Sq("f4"), false, Dir("nw"));
  s->edit_coin(P("S1"), kHand + 1);
  s->edit_coin(P("M0"), kHand + 1);
  play(*s, "attack S1 pay M0 to 3");
  s->chance().script({0, 4});
  play(*s, "f5 n");
  EXPECT_EQ(s->coin_location(P("C3")), kBag);
  EXPECT_EQ(s->coin_location(P("M0")), kBonus + 3);
  EXPECT_EQ(s->chance().scripted_left(), 0u) << "unexpected effects rolled twice";
}

TEST(ConspiracyAttack, SymbolSideFlipsOrSecondCoinRemoves) {
  for (bool remove : {false, true}) {
    auto s = blank();
    s->edit_tile(P("C5"), Pos("L1"), false);
    s->edit_coin(P("M3"), Sq("a3"), true, Dir("n"));   // attacked, symbol side up
    s->edit_coin(P("S4"), Sq("b3"), false, Dir("w"));  // supporting 4
    s->edit_coin(P("A4"), kHand + 0);
    s->edit_coin(P("A0"), kHand + 0);
    s->edit_coin(P("C0"), kHand + 0);
    play(*s, "attack A4 pay A0 to 1");
    play(*s, "a4 n");
    ASSERT_EQ(s->phase(), Phase::kAttackEnd) << "4 >= every supporting number";
    if (remove) {
      play(*s, "remove C0 to 2");
      EXPECT_EQ(s->coin_location(P("M3")), kBag);
      EXPECT_EQ(s->coin_location(P("C0")), kBonus + 2);
    } else {
      play(*s, "flip");
      EXPECT_FALSE(s->coin_symbol_up(P("M3")));
      EXPECT_EQ(s->coin_direction(P("M3")), Dir("n"));
    }
  }
  // A weaker attacker fails; without a second coin the flip is automatic.
  auto s = blank();
  s->edit_tile(P("C5"), Pos("L1"), false);
  s->edit_coin(P("M3"), Sq("a3"), true, Dir("n"));
  s->edit_coin(P("S4"), Sq("b3"), false, Dir("w"));
  s->edit_coin(P("A3"), kHand + 0);
  s->edit_coin(P("A0"), kHand + 0);
  play(*s, "attack A3 pay A0 to 1");
  play(*s, "a4 n");
  EXPECT_TRUE(s->coin_symbol_up(P("M3"))) << "3 < 4";
  s->edit_coin(P("S4"), Sq("b3"), false, Dir("s"));  // no longer supporting
  s->edit_coin(P("A2"), kHand + 0);
  s->edit_coin(P("A5"), kHand + 0);
  play(*s, "attack A5 pay A2 to 1");
  play(*s, "b4 nw");
  EXPECT_FALSE(s->coin_symbol_up(P("M3"))) << "flipped: no second coin to pay";
}

// --- Unexpected Effects -------------------------------------------------------------------------

TEST(ConspiracyUnexpected, SavedSpiralFlipsTileExtendedExample) {
  // Player C saves his spiral and rolls 2 then 1: middle column, Future 1. The face-down tile there
  // turns face up and the Arms-3 and Arms-4 coins on it go back to the bag.
  auto s = blank(4, 2);
  s->edit_tile(P("A1"), Pos("M1"), false);
  s->edit_coin(P("A3"), Sq("c3"), false, Dir("n"));
  s->edit_coin(P("A4"), Sq("c4"), false, Dir("n"));
  s->edit_coin(P("S1"), kHand + 2);
  play(*s, "end");
  s->chance().script({2, 1});
  play(*s, "save S1");
  EXPECT_TRUE(s->tile_face_up(P("A1")));
  EXPECT_EQ(s->coin_location(P("A3")), kBag);
  EXPECT_EQ(s->coin_location(P("A4")), kBag);
  EXPECT_EQ(s->coin_location(P("S1")), kSaved + 2);
}

TEST(ConspiracyUnexpected, PresentTileRemovedFaceUpTurnsDownNoTileNoEffect) {
  auto s = blank();
  s->edit_tile(P("S3"), Pos("RP"), true);
  s->edit_tile(P("C2"), Pos("L2"), true);
  s->edit_coin(P("S1"), kHand + 0);
  s->edit_coin(P("M1"), kHand + 0);
  s->edit_coin(P("A1"), kHand + 0);
  s->edit_tile(P("C3"), Pos("L1"), false);
  s->edit_coin(P("C4"), Sq("a3"), false, Dir("n"));
  // Place a spiral (a place action): roll 5 then 0 -> right column, Present: removed to seat 0.
  play(*s, "place S1");
  s->chance().script({5, 0});
  play(*s, "b3 w");
  EXPECT_EQ(s->tile_location(P("S3")), kHeld + 0);
  // Second spiral: roll 1 then 2 -> left column, Future 2: the face-up tile turns face down.
  play(*s, "place M1");
  s->chance().script({1, 2});
  play(*s, "a4 n");
  EXPECT_FALSE(s->tile_face_up(P("C2")));
  // Saving the third spiral: roll 3 then 5 -> middle Future 5: no tile, no effect.
  s->chance().script({3, 5});
  play(*s, "save A1");
  EXPECT_EQ(s->chance().scripted_left(), 0u);
}

// --- Draw Coins ---------------------------------------------------------------------------------

TEST(ConspiracyDraw, SavedCoinPickedUpDrawToThreeBonusOnTop) {
  auto s = blank();
  s->edit_coin(P("C5"), kSaved + 1);
  s->edit_coin(P("M0"), kBonus + 1);
  s->edit_coin(P("S0"), kBonus + 1);
  // Seat 0 ends; seat 1 is next in the round's order only if it comes next: force the round.
  s->edit_start_round(2);  // seat 1 saved a 5: it plays first
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->coins_at(kHand + 1), 3 + 2) << "the saved 5 plus 2 drawn, plus 2 bonus coins";
  EXPECT_EQ(s->coin_location(P("C5")), kHand + 1);
  EXPECT_EQ(s->coin_location(P("M0")), kHand + 1);
}

TEST(ConspiracyDraw, MandatoryAdvancementWhenTheBagRunsShort) {
  auto s = blank();
  // Everything but one coin is on the board, on Future-1 and Future-2 tiles.
  s->edit_tile(P("S0"), Pos("L1"), false);
  s->edit_tile(P("S1"), Pos("L2"), false);
  s->edit_tile(P("S2"), Pos("M1"), false);
  s->edit_tile(P("S3"), Pos("M2"), false);
  s->edit_tile(P("S4"), Pos("R1"), false);
  s->edit_tile(P("S5"), Pos("R2"), false);
  int k = 0;
  for (int c = 0; c < kPieces - 1; ++c) {
    const int pos = position(k % 3, 1 + (k / 3) % 2);
    s->edit_coin(c, square_of(pos, (k / 6) % 4), false, 0);
    ++k;
  }
  EXPECT_EQ(s->coins_at(kBag), 1);
  // Order roll-off without ties, then Time Marches On rolls 12 blanks: nothing advances by dice.
  s->chance().script({5, 4, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  s->edit_start_round(2);
  // The first player drew the one coin, then every column advanced once (Future-1 tiles removed
  // with their coins), and he drew the other two.
  const Seat first = s->current_player();
  EXPECT_EQ(s->coins_at(kHand + first), 3);
  for (const char* t : {"S0", "S2", "S4"}) EXPECT_EQ(s->tile_location(P(t)), kHeld + first) << t;
  for (const char* t : {"S1", "S3", "S5"}) EXPECT_EQ(pos_row(s->tile_location(P(t))), 1) << t;
}

// --- Save / Discard -----------------------------------------------------------------------------

TEST(ConspiracySave, OneCoinNumberSideUpPublicNumberRestToBag) {
  auto s = blank();
  for (const char* c : {"C4", "M2", "S0"}) s->edit_coin(P(c), kHand + 0);
  play(*s, "end");
  play(*s, "save C4");
  EXPECT_EQ(s->coin_location(P("C4")), kSaved + 0);
  EXPECT_EQ(s->coin_location(P("M2")), kBag);
  EXPECT_EQ(s->coin_location(P("S0")), kBag);
  EXPECT_EQ(s->observation(1)["seats"][0][6], 4) << "others see the number only";
  EXPECT_EQ(s->observation(0)["seats"][0][6], "C4");
}

// --- Declare Progress or Victory ---------------------------------------------------------------

TEST(ConspiracyDeclare, VictoryExampleMoonAndThree) {
  auto s = blank();
  s->edit_goal(0, kMoons, 3);
  s->edit_tile(P("S3"), Pos("LP"), true);
  s->edit_tile(P("M2"), Pos("MP"), true);
  s->edit_tile(P("C0"), Pos("RP"), true);
  play(*s, "end");
  ASSERT_EQ(s->phase(), Phase::kDeclare);
  EXPECT_TRUE(legal(*s, "mark L"));
  EXPECT_TRUE(legal(*s, "mark M"));
  EXPECT_FALSE(legal(*s, "mark R")) << "C0 shows neither Moons nor 3";
  EXPECT_FALSE(legal(*s, "win")) << "nothing marked on an earlier turn";
  play(*s, "mark M");
  // Next round, seat 0's turn again: both parts on two different tiles, one marked earlier.
  s->edit_start_round(s->round() + 1);
  while (s->current_player() != 0 || s->phase() != Phase::kAction) finish_turn(*s);
  play(*s, "end");
  if (s->phase() == Phase::kSave) play(*s, "save none");
  ASSERT_EQ(s->phase(), Phase::kDeclare);
  EXPECT_TRUE(legal(*s, "win"));
  play(*s, "win");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 0);
  EXPECT_EQ(s->returns()[0], 1.0);
  EXPECT_EQ(s->returns()[1], -1.0);
  EXPECT_EQ(s->observation(1)["seats"][0][10], "M3") << "the goal is revealed";
}

TEST(ConspiracyDeclare, BothPartsOnOneTileIsNotVictory) {
  auto s = blank();
  s->edit_goal(0, kMoons, 3);
  s->edit_tile(P("S2"), Pos("LP"), true);
  s->edit_tile(P("M3"), Pos("MP"), true);
  s->edit_tile(P("C0"), Pos("RP"), true);
  play(*s, "end");
  play(*s, "mark M");
  s->edit_start_round(s->round() + 1);
  while (s->current_player() != 0 || s->phase() != Phase::kAction) finish_turn(*s);
  play(*s, "end");
  if (s->phase() == Phase::kSave) play(*s, "save none");
  ASSERT_EQ(s->phase(), Phase::kDeclare);
  EXPECT_FALSE(legal(*s, "win"));
}

TEST(ConspiracyDeclare, WithoutProgressMarkersVariant) {
  auto s = make(4, 1, json{{"progress_markers", false}});
  while (s->phase() == Phase::kGoal) s->apply(s->legal_moves()[0]);
  for (int c = 0; c < kPieces; ++c) s->edit_coin(c, kBag);
  s->edit_start_actions(0);
  s->edit_goal(0, kMoons, 3);
  s->edit_tile(P("S3"), Pos("LP"), true);
  s->edit_tile(P("M2"), Pos("MP"), true);
  play(*s, "end");
  EXPECT_FALSE(legal(*s, "mark M"));
  EXPECT_TRUE(legal(*s, "win"));
}

TEST(ConspiracyCap, PeoplesGamesHaveNoRoundCap) {
  // The rules start the next round until somebody wins: max_rounds is 0 (no cap) unless a
  // simulation passes one. A random game that would have met the old cap of 60 plays on past it.
  auto game = local_registry().make("conspiracy", json{{"players", 4}});
  EXPECT_EQ(static_cast<const ConspiracyGame&>(*game).max_rounds(), kNoRoundCap);
  bool past = false;
  for (uint64_t seed = 1; seed <= 200 && !past; ++seed) {
    auto s = make(4, seed);
    Rng rng(seed);
    for (int ply = 0; ply < 20000 && !s->is_terminal() && s->round() <= 60; ++ply) {
      auto moves = s->legal_moves();
      s->apply(moves[rng.uniform(uint32_t(moves.size()))]);
    }
    EXPECT_FALSE(s->stopped_by_round_cap());
    past = s->round() > 60;
  }
  EXPECT_TRUE(past);
}

TEST(ConspiracyCap, RoundCapEndsWithoutWinner) {
  // A simulation's cap (`max_rounds=1`): random games that nobody wins in round 1 end when round 2
  // would start, with no winner and every return 0; a game won in round 1 is not capped.
  int capped = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = make(4, seed, json{{"max_rounds", 1}});
    Rng rng(seed);
    for (int ply = 0; ply < 20000 && !s->is_terminal(); ++ply) {
      auto moves = s->legal_moves();
      s->apply(moves[rng.uniform(uint32_t(moves.size()))]);
    }
    ASSERT_TRUE(s->is_terminal()) << "seed " << seed;
    EXPECT_EQ(s->round(), 1) << "seed " << seed;
    if (!s->stopped_by_round_cap()) {
      EXPECT_NE(s->winner(), -1) << "seed " << seed;
      continue;
    }
    ++capped;
    EXPECT_EQ(s->winner(), -1) << "seed " << seed;
    for (Seat seat = 0; seat < 4; ++seat) EXPECT_EQ(s->returns()[seat], 0.0) << "seed " << seed;
  }
  EXPECT_GT(capped, 0);
}

}  // namespace
}  // namespace tabletop::conspiracy
