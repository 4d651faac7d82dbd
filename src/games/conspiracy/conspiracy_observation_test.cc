// Conspiracy: what each viewer may know (determinization, face-down tiles, paid coins), the
// rendering and the learning encoding. Test names follow docs/games/conspiracy.md's clause table.
#include <gtest/gtest.h>

#include "games/conspiracy/conspiracy.h"
#include "games/conspiracy/conspiracy_test_util.h"

namespace tabletop::conspiracy {
namespace {

using namespace test_util;

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
