// Conspiracy: setup, player order and the rulebook's Extended Example (rounds 1 and 2) played
// through. Test names follow docs/games/conspiracy.md's clause table.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "games/conspiracy/conspiracy.h"
#include "games/conspiracy/conspiracy_test_util.h"

namespace tabletop::conspiracy {
namespace {

using namespace test_util;

// --- Setup ------------------------------------------------------------------------------------

TEST(ConspiracySetup, TilesDealtEvenlyAndRemainderRule) {
  for (int players : {3, 4, 5}) {
    auto s = make(players, 7);
    int total = 0;
    for (Seat seat = 0; seat < players; ++seat) {
      const int expect = 24 / players + (seat < 24 % players ? 1 : 0);
      EXPECT_EQ(s->tiles_held(seat), expect) << players << " players, seat " << seat;
      total += s->tiles_held(seat);
    }
    EXPECT_EQ(total, 24);
  }
}

TEST(ConspiracySetup, ThreeCoinsDrawnGoalFromThemCoinsReturned) {
  auto s = make(4, 3);
  EXPECT_EQ(s->coins_at(kBag), 24 - 12);
  for (Seat seat = 0; seat < 4; ++seat) EXPECT_EQ(s->coins_at(kHand + seat), 3);
  // Seat 0's goal moves are exactly suit x number of its three coins.
  unsigned suits = 0, ranks = 0;
  for (int c = 0; c < kPieces; ++c)
    if (s->coin_location(c) == kHand + 0) suits |= 1u << suit_of(c), ranks |= 1u << rank_of(c);
  const auto moves = s->legal_moves();
  EXPECT_EQ(int(moves.size()), __builtin_popcount(suits) * __builtin_popcount(ranks));
  for (Move m : moves) {
    EXPECT_TRUE((suits >> move_a(m)) & 1);
    EXPECT_TRUE((ranks >> move_b(m)) & 1);
  }
  const Move goal = moves.back();
  s->apply(goal);
  EXPECT_EQ(s->goal_suit(0), move_a(goal));
  EXPECT_EQ(s->goal_rank(0), move_b(goal));
  EXPECT_EQ(s->coins_at(kHand + 0), 0) << "the chooser returns his coins to the bag";
  EXPECT_EQ(s->coins_at(kBag), 24 - 9);
  // The goal is secret: seat 1 and spectators do not see it, seat 0 does.
  EXPECT_EQ(s->observation(1)["seats"][0][10], "secret");
  EXPECT_EQ(s->observation(kSpectator)["seats"][0][10], "secret");
  EXPECT_NE(s->observation(0)["seats"][0][10], "secret");
  EXPECT_NE(s->why_illegal(make_move(MoveKind::kGoal, 0, 0)), "")
      << "seat 1 has not drawn every goal";
}

TEST(ConspiracySetup, SpiralCountsOneBlankCountsZeroForTheGoal) {
  // A blank coin denotes 0 and a spiral denotes 1: the goal number is the rank.
  auto s = make(4, 11);
  for (Move m : s->legal_moves()) EXPECT_LE(move_b(m), 5);
  EXPECT_EQ(s->move_to_string(make_move(MoveKind::kGoal, kCrowns, 0)), "goal C0");
  EXPECT_EQ(s->parse_move("goal Cn"), make_move(MoveKind::kGoal, kCrowns, 0));
  EXPECT_EQ(s->parse_move("goal Sa"), make_move(MoveKind::kGoal, kSuns, 1));
}

// --- Determine Player Order ------------------------------------------------------------------

TEST(ConspiracyOrder, FirstRoundAllRollExtendedExample) {
  // Extended Example, round 1: nobody has a coin, all roll; A highest, B and D tie and re-roll
  // (D wins), C lowest: order A D B C.
  auto s = make(4, 5);
  for (Seat seat = 0; seat < 3; ++seat) s->apply(s->legal_moves()[0]);
  s->chance().script({5, 3, 0, 3, /* B and D re-roll */ 1, 4});
  s->apply(s->legal_moves()[0]);
  ASSERT_EQ(s->normal_count(), 4);
  EXPECT_EQ(s->normal_order()[0], 0);
  EXPECT_EQ(s->normal_order()[1], 3);
  EXPECT_EQ(s->normal_order()[2], 1);
  EXPECT_EQ(s->normal_order()[3], 2);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->round(), 1);
}

TEST(ConspiracyOrder, SavedNumbersDescendTiesRollOffExample) {
  // "One player has a coin showing 3, two players each have coins showing 2, and one player has no
  // coin": the 3 first; the 2s roll 4 and symbol; no coin last.
  auto s = blank();
  s->edit_coin(P("C3"), kSaved + 0);
  s->edit_coin(P("M2"), kSaved + 1);
  s->edit_coin(P("A2"), kSaved + 2);
  s->chance().script({4, 1});
  s->edit_start_round(2);
  ASSERT_EQ(s->normal_count(), 4);
  EXPECT_EQ(s->normal_order()[0], 0);
  EXPECT_EQ(s->normal_order()[1], 1);
  EXPECT_EQ(s->normal_order()[2], 2);
  EXPECT_EQ(s->normal_order()[3], 3);
}

TEST(ConspiracyOrder, BlankAndNoCoinTieForLast) {
  auto s = blank();
  s->edit_coin(P("C0"), kSaved + 0);
  s->edit_coin(P("M4"), kSaved + 2);
  s->chance().script({2, 5, 3});  // seats 0, 1, 3 all count 0 and roll off: 1 then 3 then 0
  s->edit_start_round(2);
  EXPECT_EQ(s->normal_order()[0], 2);
  EXPECT_EQ(s->normal_order()[1], 1);
  EXPECT_EQ(s->normal_order()[2], 3);
  EXPECT_EQ(s->normal_order()[3], 0);
}

TEST(ConspiracyOrder, SpiralTurnOrderExample) {
  // A (0) and B (1) saved spirals; C (2) and D (3) order normally. Both spirals want to go first
  // and roll: A blank, B 2, so B plays. Then A waits; C plays; A jumps in ahead of D; D plays last.
  auto s = blank();
  s->edit_coin(P("S1"), kSaved + 0);
  s->edit_coin(P("M1"), kSaved + 1);
  s->edit_coin(P("C3"), kSaved + 2);
  s->edit_coin(P("A2"), kSaved + 3);
  s->edit_start_round(2);
  EXPECT_EQ(s->spiral_holders(), 0b0011);
  ASSERT_EQ(s->normal_count(), 2);
  EXPECT_EQ(s->normal_order()[0], 2);
  EXPECT_EQ(s->normal_order()[1], 3);
  ASSERT_EQ(s->phase(), Phase::kJump);
  EXPECT_EQ(s->current_player(), 0);
  play(*s, "jump");
  // A's answer is hidden from B until both have answered.
  EXPECT_FALSE(s->observation(1).contains("my_jump_answer"));
  EXPECT_EQ(s->observation(0)["my_jump_answer"], "jump");
  EXPECT_EQ(s->current_player(), 1);
  s->chance().script({0, 2});
  play(*s, "jump");
  EXPECT_EQ(s->phase(), Phase::kAction);
  EXPECT_EQ(s->current_player(), 1) << "B rolled 2 against A's blank";
  EXPECT_EQ(s->coins_at(kHand + 1), 3) << "B picked up his spiral and drew 2";
  finish_turn(*s);
  ASSERT_EQ(s->phase(), Phase::kJump) << "A may still jump in before C";
  EXPECT_EQ(s->current_player(), 0);
  play(*s, "wait");
  EXPECT_EQ(s->current_player(), 2);
  EXPECT_EQ(s->phase(), Phase::kAction);
  finish_turn(*s);
  ASSERT_EQ(s->phase(), Phase::kJump);
  play(*s, "jump");
  EXPECT_EQ(s->current_player(), 0);
  finish_turn(*s);
  EXPECT_EQ(s->phase(), Phase::kAction);
  EXPECT_EQ(s->current_player(), 3) << "D gets the last turn";
  finish_turn(*s);
  EXPECT_EQ(s->round(), 3);
}

TEST(ConspiracyOrder, SpiralHoldersWhoWaitMustPlayLastByRollOff) {
  auto s = blank();
  s->edit_coin(P("S1"), kSaved + 0);
  s->edit_coin(P("M1"), kSaved + 1);
  s->edit_start_round(2);
  // Both wait before seats 2 and 3 (whose order is rolled).
  for (int turn = 0; turn < 2; ++turn) {
    ASSERT_EQ(s->phase(), Phase::kJump);
    play(*s, "wait");
    play(*s, "wait");
    ASSERT_GE(s->current_player(), 2);
    if (turn == 1) s->chance().script({1, 4});  // the last roll-off: seat 0 rolls 1, seat 1 rolls 4
    finish_turn(*s);
  }
  // Now they must play last, in descending die roll order: seat 1, then seat 0.
  EXPECT_EQ(s->phase(), Phase::kAction);
  EXPECT_EQ(s->current_player(), 1);
  finish_turn(*s);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->round(), 2);
  finish_turn(*s);
  EXPECT_EQ(s->round(), 3);
}

// --- The Extended Example, rounds 1 and 2, as one game ----------------------------------------

// The chance outcomes that draw `coins` in order from the bag as it will be: the current bag plus
// `returning` (coins that go back to the bag earlier in the same move).
std::vector<uint32_t> draws(const ConspiracyState& s, std::vector<const char*> coins,
                            std::vector<const char*> returning = {}) {
  std::array<bool, kPieces> in_bag{};
  for (int c = 0; c < kPieces; ++c) in_bag[std::size_t(c)] = s.coin_location(c) == kBag;
  for (const char* r : returning) in_bag[std::size_t(P(r))] = true;
  std::vector<uint32_t> out;
  for (const char* name : coins) {
    const int coin = P(name);
    uint32_t k = 0;
    for (int c = 0; c < coin; ++c) k += in_bag[std::size_t(c)];
    EXPECT_TRUE(in_bag[std::size_t(coin)]) << name << " is not in the bag";
    out.push_back(k);
    in_bag[std::size_t(coin)] = false;
  }
  return out;
}

std::vector<uint32_t> join(std::vector<uint32_t> a, const std::vector<uint32_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST(ConspiracyExtendedExample, RoundsOneAndTwoPlayedThrough) {
  // Seats: A 0, B 1, C 2, D 3. Coin and tile identities the surviving text gives are used; where
  // it lost them (B's spiral, some draws) unused pieces stand in. A's goal is Arms and 0.
  auto s = blank();
  for (const char* t : {"M0", "A5", "A0"}) s->edit_tile(P(t), kHeld + 0, false);
  s->edit_tile(P("M3"), kHeld + 1, false);
  s->edit_tile(P("C3"), kHeld + 2, false);
  s->edit_goal(0, kArms, 0);
  // Round 1: all roll; A first, B and D tie and re-roll, D second, B third, C last. A draws.
  s->chance().script(join({5, 3, 0, 3, 1, 4}, draws(*s, {"A5", "C2", "C3"})));
  s->edit_start_round(1);
  ASSERT_EQ(s->current_player(), 0);
  // A: the Moon-0 tile in column 3 with his Crown-2 on it, the Crown-3 diagonally below it, both
  // pointing back to the Present; he saves the Arms-5.
  play(*s, "place C2");
  play(*s, "tile M0 R1");
  play(*s, "e3 n");
  play(*s, "place C3");
  play(*s, "f4 nw");
  s->chance().script(draws(*s, {"C4", "A3", "M2"}));
  play(*s, "save A5");
  ASSERT_EQ(s->current_player(), 3);
  // D: his Crown-1 tile in column 1 with the Moon-2 on it, his Arms-1 tile in column 2 with the
  // Arms-3 on it (blocking Future 1); he saves the Crown-4.
  play(*s, "place M2");
  play(*s, "tile C1 L1");
  play(*s, "a3 n");
  play(*s, "place A3");
  play(*s, "tile A1 M1");
  play(*s, "c3 n");
  s->chance().script(draws(*s, {"M0", "M3", "A1"}));
  play(*s, "save C4");
  ASSERT_EQ(s->current_player(), 1);
  // B: his Moon-3 tile with the Moon-3 coin, played off A's second coin; then his spiral attacks
  // A's 3-coin, paying the Moon-0 to D; unexpected effects (blank, 4: left column, Future 4) find
  // no tile; the wild spiral removes the 3. B has nothing left to save.
  play(*s, "place M3");
  play(*s, "tile M3 R2");
  play(*s, "f5 n");
  play(*s, "attack A1 pay M0 to 3");
  s->chance().script(join({0, 4}, draws(*s, {"A4", "S3", "S1"}, {"C3"})));
  play(*s, "e5 ne");
  EXPECT_EQ(s->coin_location(P("C3")), kBag);
  EXPECT_EQ(s->coin_location(P("M0")), kBonus + 3) << "D sets it aside for next turn";
  ASSERT_EQ(s->current_player(), 2);
  // C: the Arms-4 off the 2-coin, then the Sun-3 on his Crown-3 tile off of that; he saves the
  // spiral and rolls 2 then 1: the middle Future-1 tile turns face up, the Arms-3 and Arms-4 go
  // back.
  play(*s, "place A4");
  play(*s, "d4 ne");
  play(*s, "place S3");
  play(*s, "tile C3 M2");
  play(*s, "d5 n");
  // ... and round 2 begins: order A (5), D (4), B (none), C's spiral out of it; Time Marches On:
  // left a lone Crown symbol, middle Moon and Arms symbols, right two symbols and a blank.
  s->chance().script({2, 1, /* L */ 0, 0, 1, 0, /* M */ 0, 1, 0, 1, /* R */ 1, 1, 0, 0});
  play(*s, "save S1");
  EXPECT_EQ(s->round(), 2);
  EXPECT_EQ(s->coin_location(P("A3")), kBag);
  EXPECT_EQ(s->coin_location(P("A4")), kBag);
  EXPECT_EQ(s->spiral_holders(), 1 << 2);
  ASSERT_EQ(s->normal_count(), 3);
  EXPECT_EQ(s->normal_order()[0], 0);
  EXPECT_EQ(s->normal_order()[1], 3);
  EXPECT_EQ(s->normal_order()[2], 1);
  EXPECT_EQ(s->tile_at(Pos("MP")), P("A1")) << "the face-up Arms-1 moved into the Present";
  EXPECT_EQ(s->tile_at(Pos("M1")), P("C3"));
  EXPECT_EQ(s->coin_at(Sq("d3")), P("S3"));
  EXPECT_EQ(s->tile_location(P("M0")), kHeld + 0) << "A, the first player, takes the removed tile";
  EXPECT_EQ(s->coin_location(P("C2")), kBag);
  EXPECT_EQ(s->tile_at(Pos("R1")), P("M3"));
  EXPECT_EQ(s->tile_at(Pos("L1")), P("C1")) << "the left column did not advance";
  // C waits; A picks up the Arms-5 and draws the Sun-4 and a spiral.
  ASSERT_EQ(s->phase(), Phase::kJump);
  ASSERT_EQ(s->current_player(), 2);
  s->chance().script(draws(*s, {"S4", "C1"}));
  play(*s, "wait");
  ASSERT_EQ(s->current_player(), 0);
  // A: the Sun-4 on the tile in the middle column, the Arms-5 on his Arms-0 tile below it; he saves
  // the spiral (2 or 3, then 5: middle column, Future 5, no tile) and marks the Arms-1 tile.
  play(*s, "place S4");
  play(*s, "c4 ne");
  play(*s, "place A5");
  play(*s, "tile A0 M2");
  play(*s, "c5 n");
  s->chance().script({3, 5});
  play(*s, "save C1");
  ASSERT_EQ(s->phase(), Phase::kDeclare);
  EXPECT_FALSE(legal(*s, "win")) << "no earlier mark";
  s->chance().script(draws(*s, {"C2", "S5"}));
  play(*s, "mark M");
  EXPECT_EQ(s->marker(0), P("A1"));
  // C jumps in: picks up his spiral, draws the Crown-2 and a 5, places the Crown-2 and reveals the
  // 3-coin it points to (two pointers, 2 + 4 > 3), paying the Sun spiral to D; he saves the 5.
  ASSERT_EQ(s->phase(), Phase::kJump);
  ASSERT_EQ(s->current_player(), 2);
  play(*s, "jump");
  ASSERT_EQ(s->current_player(), 2);
  play(*s, "place C2");
  play(*s, "c3 e");
  play(*s, "reveal d3 pay S1 to 3");
  EXPECT_TRUE(s->coin_symbol_up(P("S3")));
  EXPECT_EQ(s->coin_direction(P("S3")), Dir("n")) << "the revealed coin points as it was placed";
  play(*s, "save S5");
  s->chance().script(draws(*s, {"C0", "C5"}));
  play(*s, "pass");
  // D: the Crown-4 he saved, two drawn, and the Moon-0 and Sun spiral he was paid. He plays the
  // spiral in column 1 (no unexpected effect) and reveals the Crown-2 with it (wild: the single
  // exact pointer), paying the Moon-0 to C; he saves the 5 and discards the other two.
  ASSERT_EQ(s->current_player(), 3);
  EXPECT_EQ(s->coins_at(kHand + 3), 5);
  play(*s, "place S1");
  s->chance().script({0, 5});
  play(*s, "b3 e");
  play(*s, "reveal c3 pay M0 to 2");
  EXPECT_TRUE(s->coin_symbol_up(P("C2")));
  play(*s, "save C5");
  EXPECT_EQ(s->coin_location(P("C4")), kBag);
  EXPECT_EQ(s->coin_location(P("C0")), kBag);
  s->chance().script(draws(*s, {"M4", "S2", "A2"}));
  play(*s, "pass");
  // B reveals the Crown-3 tile in the middle of Future 1: the Sun-4 is ignored (number side up),
  // the Crown-2 is worth 2, the Sun-3 1: exactly 3, the tile stays face up; the 3 coins go back.
  ASSERT_EQ(s->current_player(), 1);
  play(*s, "reveal M1 pay A2 to 0");
  EXPECT_TRUE(s->tile_face_up(P("C3")));
  EXPECT_EQ(s->tile_at(Pos("M1")), P("C3"));
  for (const char* c : {"C2", "S3", "S4"}) EXPECT_EQ(s->coin_location(P(c)), kBag) << c;
  play(*s, "save M4");
  // Round 3: C and D (5 each) roll off, B follows; A saved a spiral and may jump in first.
  s->chance().script({5, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  play(*s, "pass");
  EXPECT_EQ(s->round(), 3);
  EXPECT_EQ(s->spiral_holders(), 1 << 0);
  ASSERT_EQ(s->normal_count(), 3);
  EXPECT_EQ(s->normal_order()[0], 2);
  EXPECT_EQ(s->normal_order()[1], 3);
  EXPECT_EQ(s->normal_order()[2], 1);
  EXPECT_EQ(s->phase(), Phase::kJump);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->marker(0), P("A1")) << "A still holds half of his goal";
  EXPECT_EQ(s->chance().scripted_left(), 0u);
}

}  // namespace
}  // namespace tabletop::conspiracy
