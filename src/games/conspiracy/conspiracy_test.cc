// Conspiracy (piecepack edition): the rulebook's clauses and worked examples as tests.
// Test names follow docs/games/conspiracy.md's clause table.
#include "games/conspiracy/conspiracy.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <new>

#include "core/perft.h"
#include "core/record.h"

// Counts heap allocations while `g_counting` is set (the allocation-free hot path test). GCC 12
// misreads the malloc/free pair below as mismatched once inlined into the library's allocators.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
namespace {
long g_allocations = 0;
bool g_counting = false;
}  // namespace
void* operator new(std::size_t n) {
  if (g_counting) ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace tabletop::conspiracy {
namespace {

const Registry& local_registry() {
  static const Registry r = [] {
    Registry reg;
    reg.add(entry());
    return reg;
  }();
  return r;
}

using StatePtr = std::unique_ptr<ConspiracyState>;

StatePtr make(int players = 4, uint64_t seed = 1, json extra = json::object()) {
  extra["players"] = players;
  auto state = local_registry().make("conspiracy", extra)->new_initial_state(seed);
  return StatePtr(static_cast<ConspiracyState*>(state.release()));
}

int P(const char* name) {  // "C3" -> piece id
  const char* suits = "SMCA";
  return piece_id(int(std::strchr(suits, name[0]) - suits), name[1] - '0');
}
int Sq(const std::string& name) {
  return (std::stoi(name.substr(1)) - 1) * kSquareColumns + (name[0] - 'a');
}
int Pos(const char* name) {
  const int column = int(std::strchr("LMR", name[0]) - "LMR");
  return position(column, name[1] == 'P' ? 0 : std::atoi(name + 1));
}
int Dir(const char* name) {
  for (int d = 0; d < 8; ++d)
    if (direction_name(d) == name) return d;
  return -1;
}

// A game past setup whose board and hands are empty: every coin in the bag, every tile held by
// seat 3 (so tests lay out what they need), goals fixed, seat `seat` about to act.
StatePtr blank(int players = 4, Seat seat = 0) {
  auto s = make(players);
  while (s->phase() == Phase::kGoal) s->apply(s->legal_moves()[0]);
  for (int c = 0; c < kPieces; ++c) s->edit_coin(c, kBag);
  for (int t = 0; t < kPieces; ++t) s->edit_tile(t, kHeld + players - 1, false);
  s->edit_start_actions(seat);
  s->check_invariants();
  return s;
}

void play(ConspiracyState& s, const std::string& text) {
  ASSERT_NO_THROW(s.apply_text(text)) << text << "\n" << s.render(s.current_player());
  ASSERT_NO_THROW(s.check_invariants()) << "after " << text;
}

bool legal(const ConspiracyState& s, const std::string& text) {
  return s.why_illegal(s.parse_move(text)).empty();
}

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

void finish_turn(ConspiracyState& s) {
  // End the actions, save nothing, and pass if asked to declare.
  if (s.phase() == Phase::kAction) play(s, "end");
  if (s.phase() == Phase::kSave) play(s, "save none");
  if (s.phase() == Phase::kDeclare) play(s, "pass");
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

// --- Hidden information
// ---------------------------------------------------------------------------

TEST(ConspiracyHidden, DeterminizeKeepsWhatTheViewerSawAndResamplesTheRest) {
  auto s = make(4, 9);
  const json obs0 = s->observation(0);
  Rng rng(3);
  bool changed = false;
  for (int i = 0; i < 20; ++i) {
    auto d = s->determinize(0, rng);
    EXPECT_EQ(d->observation(0), obs0);
    auto& cd = static_cast<ConspiracyState&>(*d);
    for (int c = 0; c < kPieces; ++c)
      if (s->coin_location(c) == kHand + 0) {
        EXPECT_EQ(cd.coin_location(c), kHand + 0) << "a coin it saw drawn stays";
      }
    for (int c = 0; c < kPieces; ++c)
      changed = changed || cd.coin_location(c) != s->coin_location(c);
  }
  EXPECT_TRUE(changed);
}

TEST(ConspiracyHidden, FaceDownTilesKnownToWhoLaidOrReceivedThem) {
  auto s = blank(4, 3);  // seat 3 holds every tile
  s->edit_coin(P("C2"), kHand + 3);
  s->edit_coin(P("C4"), kHand + 3);
  play(*s, "place C2");
  play(*s, "tile M0 R1");
  play(*s, "e3 n");
  auto tiles_seen_by = [&](Seat v) { return s->observation(v)["tiles"]; };
  EXPECT_EQ(tiles_seen_by(3), json::array({"R1 (M0)"})) << "the layer knows his tile";
  EXPECT_EQ(tiles_seen_by(1), json::array({"R1 down"}));
  EXPECT_EQ(tiles_seen_by(kSpectator), json::array({"R1 down"}));
  EXPECT_EQ(s->observation(1)["coins"], json::array({"e3 2 n"})) << "others see the number only";
  EXPECT_EQ(s->observation(3)["coins"], json::array({"e3 2 n C2"}));
  // Seat 0 advances the column: the face-down Future-1 tile goes to seat 0, who now knows it; the
  // layer still knows where it is; seat 1 does not.
  s->edit_start_actions(0);
  s->chance().script({1, 1, 0, 0});
  play(*s, "advance R");
  EXPECT_EQ(s->tile_location(P("M0")), kHeld + 0);
  EXPECT_EQ(s->observation(0)["seats"][0][5], "M0");
  EXPECT_EQ(s->observation(3)["seats"][0][5], "M0");
  EXPECT_EQ(s->observation(1)["seats"][0][5], "");
  EXPECT_EQ(s->observation(1)["seats"][0][4], 1);
  // Determinizing for seat 1 may move M0 anywhere seat 1 cannot see; for seat 3 it stays.
  Rng rng(2);
  bool moved = false;
  for (int i = 0; i < 30; ++i) {
    auto d1 = s->determinize(1, rng);
    moved = moved || static_cast<ConspiracyState&>(*d1).tile_location(P("M0")) != kHeld + 0;
    auto d3 = s->determinize(3, rng);
    EXPECT_EQ(static_cast<ConspiracyState&>(*d3).tile_location(P("M0")), kHeld + 0);
  }
  EXPECT_TRUE(moved);
}

TEST(ConspiracyHidden, AFaceUpTileLaidFaceDownFromABiggerHandIsNoLongerKnown) {
  // Seat 0 received the Sun-3 from the Present row (everyone saw it) and holds another tile; when
  // it lays one face down, the others cannot tell which.
  auto s = blank(4, 0);
  s->edit_tile(P("S3"), Pos("LP"), true);
  s->edit_tile(P("C1"), Pos("L1"), true);
  s->edit_tile(P("A2"), kHeld + 0, false);
  s->chance().script({1, 1, 0, 0});
  play(*s, "advance L");
  ASSERT_EQ(s->tile_location(P("S3")), kHeld + 0);
  EXPECT_EQ(s->observation(2)["seats"][0][5], "S3") << "everyone saw it go to seat 0";
  s->edit_start_actions(0);
  s->edit_coin(P("M4"), kHand + 0);
  play(*s, "place M4");
  play(*s, "tile S3 M1");
  EXPECT_EQ(s->observation(2)["tiles"], json::array({"LP C1", "M1 down"}));
  EXPECT_EQ(s->observation(2)["seats"][0][5], "") << "nor which one stayed in the hand";
  EXPECT_EQ(s->observation(0)["tiles"], json::array({"LP C1", "M1 (S3)"}));
}

TEST(ConspiracyHidden, OnlookersLoseTrackOfAPaidCoinInABiggerHand) {
  // Seat 1 pays A0 to seat 0: both know where it is, seat 2 does not. Seat 0 picks it up with three
  // drawn coins; when seat 0 then pays from that hand, seat 1 cannot tell which coin went and
  // forgets A0.
  auto s = blank();
  s->edit_tile(P("C5"), Pos("L1"), false);
  s->edit_coin(P("M3"), Sq("a3"), false, Dir("n"));
  s->edit_coin(P("S3"), Sq("a4"), false, Dir("n"));
  s->edit_coin(P("C2"), Sq("b3"), false, Dir("n"));
  s->edit_coin(P("M2"), Sq("b4"), false, Dir("n"));
  // Order roll-off: seat 1 first, then 0, 2, 3; Time Marches On rolls 12 blanks.
  s->chance().script({4, 5, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  s->edit_start_round(2);
  ASSERT_EQ(s->current_player(), 1);
  for (int c = 0; c < kPieces; ++c)
    if (s->coin_location(c) == kHand + 1) s->edit_coin(c, kBag);
  s->edit_coin(P("A0"), kHand + 1);
  play(*s, "reveal a3 pay A0 to 0");
  EXPECT_EQ(s->observation(1)["seats"][0][3], "A0");
  EXPECT_EQ(s->observation(0)["seats"][0][3], "A0");
  EXPECT_EQ(s->observation(2)["seats"][0][3], "");
  EXPECT_EQ(s->observation(2)["seats"][0][2], 1);
  play(*s, "end");
  ASSERT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->coins_at(kHand + 0), 4) << "3 drawn plus the bonus coin";
  EXPECT_EQ(s->observation(1)["seats"][0][1], "A0") << "seat 1 knows A0 is in seat 0's hand";
  Move pay_other{};
  for (Move m : s->legal_moves())
    if (move_kind(m) == MoveKind::kRevealCoin && move_a(m) != P("A0") && move_c(m) == 2)
      pay_other = m;
  ASSERT_NE(pay_other.bits, 0u);
  play(*s, s->move_to_string(pay_other));
  EXPECT_EQ(s->observation(1)["seats"][0][1], "") << "seat 1 cannot tell which coin was paid";
  EXPECT_NE(s->observation(0)["seats"][0][1].get<std::string>().find("A0"), std::string::npos)
      << "seat 0 still sees its own hand";
}

TEST(ConspiracyHidden, GoalSamplesFitMarkedTiles) {
  auto s = blank();
  s->edit_goal(1, kMoons, 3);
  s->edit_tile(P("M2"), Pos("MP"), true);
  s->edit_start_actions(1);
  play(*s, "end");
  play(*s, "mark M");
  Rng rng(4);
  for (int i = 0; i < 30; ++i) {
    auto d = s->determinize(0, rng);
    auto& cd = static_cast<ConspiracyState&>(*d);
    EXPECT_TRUE(cd.goal_suit(1) == kMoons || cd.goal_rank(1) == 2) << "seat 1 marked M2";
  }
}

// --- Notation -----------------------------------------------------------------------------------

TEST(ConspiracyNotation, RoundTripsAndErrors) {
  auto s = blank();
  for (const char* text :
       {"goal C3", "jump", "wait", "place C3", "attack A1 pay C2 to 3", "reveal c5 pay S0 to 1",
        "reveal M2 pay A3 to 0", "reveal LP pay M1 to 2", "advance R", "end", "tile A4 M12",
        "c5 ne", "flip", "remove S0 to 1", "save M0", "save none", "mark L", "win", "pass"})
    EXPECT_EQ(s->move_to_string(s->parse_move(text)), text);
  EXPECT_THROW(s->parse_move("place X3"), BadMove);
  EXPECT_THROW(s->parse_move("c5 up"), BadMove);
  EXPECT_THROW(s->parse_move("reveal c5 pay C2 to 7"), BadMove);
  EXPECT_THROW(s->parse_move("advance Q"), BadMove);
  EXPECT_THROW(s->parse_move("dance"), BadMove);
  EXPECT_THROW(s->apply_text("reveal M2 pay C2 to 1"), BadMove);
  try {
    s->apply_text("save C3");
  } catch (const BadMove& e) {
    EXPECT_NE(std::string(e.what()).find("not a decision now"), std::string::npos) << e.what();
  }
}

TEST(ConspiracySpeed, MoveGenerationAndApplyNeverAllocate) {
  // With the log off (playouts), legal moves and apply never touch the heap.
  Rng rng(3);
  long plies = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = make(4 + int(seed % 2), seed);
    MoveList moves;
    g_counting = true;
    while (!s->is_terminal()) {
      s->legal_moves(moves);
      s->apply(moves[rng.uniform(uint32_t(moves.size()))]);
      ++plies;
    }
    g_counting = false;
  }
  EXPECT_GT(plies, 1000);
  EXPECT_EQ(g_allocations, 0) << "allocations in " << plies << " plies";
}

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

TEST(ConspiracyRecords, SavedStateRoundTripsAndBadOnesNameTheProblem) {
  auto s = blank();
  s->edit_tile(P("C2"), Pos("M1"), false);
  s->edit_coin(P("S3"), Sq("c3"), false, Dir("ne"));
  const json j = s->to_json();
  auto back = s->game().state_from_json(j);
  EXPECT_EQ(back->to_json(), j);
  auto expect_bad = [&](json broken, const std::string& needle) {
    try {
      s->game().state_from_json(broken);
      ADD_FAILURE() << "accepted: " << needle;
    } catch (const BadRecord& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  json two_on_a_square = j;
  two_on_a_square["state"]["coins"][std::size_t(P("S4"))] = Sq("c3");
  expect_bad(two_on_a_square, "two coins on square c3");
  json nowhere = j;
  nowhere["state"]["coins"][0] = 999;
  expect_bad(nowhere, "has no valid place");
  json short_turn = j;
  short_turn["state"]["turn"] = json::array({1, 2});
  expect_bad(short_turn, "'turn' must be an array");
  json face_down_present = j;
  face_down_present["state"]["tiles"][std::size_t(P("A5"))] = Pos("MP");
  expect_bad(face_down_present, "face-down tile is in the Present row");
}

TEST(ConspiracyPerft, PinnedCountsFromSeedOne) {
  // Four goal choices (each seat's suits x numbers), then round 1 (order roll-off, the first
  // player's draw) and its first decisions. A change in move generation changes these counts.
  auto s = make(4, 1);
  const uint64_t expected[] = {1, 4, 24, 144, 576, 4032, 40320, 230400};
  for (int depth = 0; depth <= 7; ++depth)
    EXPECT_EQ(perft(*s, depth), expected[depth]) << "depth " << depth;
}

TEST(ConspiracyParams, RangesAndUnknownKeys) {
  EXPECT_THROW(make(2), BadParams);
  EXPECT_THROW(make(6), BadParams);
  EXPECT_THROW(make(4, 1, json{{"colour", 1}}), BadParams);
  EXPECT_NO_THROW(make(4, 1, json{{"max_rounds", 5}}));
  EXPECT_THROW(make(4, 1, json{{"max_rounds", -1}}), BadParams);
  EXPECT_NO_THROW(make(4, 1, json{{"spiral_any_number", true}}));
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

TEST(ConspiracyRender, ShowsBoardAndPrivateParts) {
  auto s = blank();
  s->edit_goal(0, kMoons, 3);
  s->edit_tile(P("C2"), Pos("MP"), true);
  s->edit_tile(P("A4"), Pos("M1"), false);
  s->edit_coin(P("S3"), Sq("c3"), false, Dir("ne"));
  s->edit_coin(P("M0"), kHand + 0);
  const std::string mine = s->render(0), theirs = s->render(1);
  EXPECT_NE(mine.find("[C2"), std::string::npos) << mine;
  EXPECT_NE(mine.find("3#↗"), std::string::npos) << mine;
  EXPECT_NE(mine.find("goal Moons & 3"), std::string::npos) << mine;
  EXPECT_NE(mine.find("hand M0"), std::string::npos) << mine;
  EXPECT_EQ(theirs.find("M0"), std::string::npos) << theirs;
}

// In the middle of a turn: the action points and coins left and the kinds of step that come next;
// the seat to move reads its own choices (with examples from its hand), the others read only what
// they may know (never the coin being placed).
TEST(ConspiracyRender, TheTurnStatusTellsWhatIsLeftAsTheViewerMayKnowIt) {
  auto s = blank(4, 3);  // seat 3 holds every tile
  s->edit_coin(P("C2"), kHand + 3);
  s->edit_coin(P("C3"), kHand + 3);
  EXPECT_EQ(s->turn_status(3),
            "seat 3: 2 action points left, 2 coins in hand. Next: place COIN (1 point), advance "
            "COLUMN (2), or end (e.g. place C2, advance L, end).");
  const std::string others =
      "seat 3: 2 action points left, 2 coins in hand. Next: place COIN (1 point), attack COIN "
      "pay COIN to SEAT (1), reveal SQUARE pay COIN to SEAT (1), reveal POSITION pay COIN to "
      "SEAT (2), advance COLUMN (2), or end.";
  EXPECT_EQ(s->turn_status(1), others);
  EXPECT_EQ(s->turn_status(kSpectator), others);
  play(*s, "place C2");
  EXPECT_EQ(s->turn_status(3),
            "seat 3 places a coin with C2, 1 action point left after it. Next: a held tile face "
            "down first (tile TILE POSITION) (e.g. tile S0 L1).");
  EXPECT_EQ(s->turn_status(0),
            "seat 3 places a coin, 1 action point left after it. Next: the square and direction "
            "(SQUARE DIRECTION), or a held tile face down first (tile TILE POSITION).");
  play(*s, "tile M0 R1");
  EXPECT_EQ(s->turn_status(0),
            "seat 3: the coin goes on the tile just laid at R1. Next: its square and direction "
            "(SQUARE DIRECTION).");
}

// --- For learning ---------------------------------------------------------------------------

// The action space is one block per kind of move (conspiracy.h): each move's number follows from
// its kind and parts, and maps back to the move while it is legal.
TEST(ConspiracyLearning, ActionsAreNumberedByKindAndParts) {
  EXPECT_EQ(make(3)->game().num_distinct_actions(), 41821);
  EXPECT_EQ(make(5)->game().num_distinct_actions(), 66061);
  auto s = blank(4, 3);
  ASSERT_EQ(s->game().num_distinct_actions(), 53941);
  s->edit_coin(P("C2"), kHand + 3);
  s->edit_coin(P("C3"), kHand + 3);
  auto index = [&](const std::string& text) { return s->action_index(s->parse_move(text)); };
  EXPECT_EQ(index("place C2"), 26 + P("C2"));  // after goal (24), jump, wait
  EXPECT_EQ(index("advance M"), 48434 + 1);
  EXPECT_EQ(index("end"), 48437);
  EXPECT_EQ(index("attack C3 pay C2 to 1"), 50 + (P("C3") * 24 + P("C2")) * 4 + 1);
  EXPECT_EQ(s->action_move(26 + P("C2")), s->parse_move("place C2"));
  // Legal as a number, not here: no placement can point at a coin on an empty board.
  EXPECT_THROW(s->action_move(index("attack C3 pay C2 to 1")), BadMove);
  EXPECT_THROW(s->action_move(-1), BadMove);
  EXPECT_THROW(s->action_move(53941), BadMove);
  play(*s, "place C2");
  EXPECT_EQ(index("tile M0 R1"), 48438 + P("M0") * kPositions + Pos("R1"));
  for (int a : s->legal_actions()) EXPECT_EQ(s->action_index(s->action_move(a)), a);
}

// The tensor shows a hand and a goal only to the seat that knows them; the counts to everyone.
TEST(ConspiracyLearning, TheTensorShowsWhatEachViewerKnows) {
  auto s = blank(4, 3);
  s->edit_coin(P("C2"), kHand + 3);
  s->edit_coin(P("C3"), kHand + 3);
  const auto& game = static_cast<const ConspiracyGame&>(s->game());
  ASSERT_EQ(game.observation_tensor_shape(), std::vector<int>{ConspiracyGame::kTensorSize});
  auto tensor = [&](Seat viewer) {
    std::vector<float> out(std::size_t(ConspiracyGame::kTensorSize));
    s->observation_tensor(viewer, out);
    return out;
  };
  const std::size_t seat3 = kSquares * ConspiracyGame::kSquareFeatures +
                            kPositions * ConspiracyGame::kPositionFeatures +
                            3 * ConspiracyGame::kSeatFeatures;
  const int goal = 117 + s->goal_suit(3);
  for (Seat viewer : {kSpectator, 1, 3}) {
    const std::vector<float> x = tensor(viewer);
    EXPECT_EQ(x[seat3 + 0], 1) << viewer;                          // in play
    EXPECT_EQ(x[seat3 + 1], viewer == 3 ? 1 : 0);                  // the viewer's own seat
    EXPECT_EQ(x[seat3 + 2], 1) << viewer;                          // to move
    EXPECT_EQ(x[seat3 + 5], 2) << viewer;                          // coins in hand
    EXPECT_EQ(x[seat3 + 6 + P("C2")], viewer == 3 ? 1 : 0);        // which coins
    EXPECT_EQ(x[seat3 + 116], 1) << viewer;                        // a goal chosen
    EXPECT_EQ(x[seat3 + std::size_t(goal)], viewer == 3 ? 1 : 0);  // which goal
  }
  EXPECT_THROW(s->observation_tensor(0, std::span<float>()), Error);
}

TEST(ConspiracyLearning, UtilityAndLengthFollowTheParams) {
  const Game::Utility u = make(4)->game().utility();
  EXPECT_EQ(u.min, -1);
  EXPECT_EQ(u.max, 1);
  EXPECT_FALSE(u.constant_sum);                     // every loser -1
  EXPECT_EQ(make(4)->game().max_game_length(), 0);  // no cap: no bound
  EXPECT_EQ(make(4, 1, {{"max_rounds", 8}})->game().max_game_length(), 4 + 8 * 4 * 16);
  EXPECT_EQ(make(4)->game().max_chance_outcomes(), 24);
}

}  // namespace
}  // namespace tabletop::conspiracy
