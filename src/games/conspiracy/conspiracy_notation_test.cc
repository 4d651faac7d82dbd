// Conspiracy: notation, saved records, perft counts, parameters, and an allocation-free hot path.
// Test names follow docs/games/conspiracy.md's clause table.
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>

#include "core/perft.h"
#include "core/record.h"
#include "games/conspiracy/conspiracy.h"
#include "games/conspiracy/conspiracy_test_util.h"

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

using namespace test_util;

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

}  // namespace
}  // namespace tabletop::conspiracy
