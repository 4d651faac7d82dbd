// Conspiracy TCG: the rules of shared/rules/conspiracy-tcg.txt as tests: hidden information and the
// encoding for learning.
#include <gtest/gtest.h>

#include <set>

#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/conspiracy_tcg/tcg_test_util.h"
#include "games/games.h"

namespace tabletop::conspiracy_tcg {
namespace {

using namespace test_util;

// ---------------------------------------------------------------------------------------------
// Hidden information.

TEST(TcgHidden, HandsAndPilesArePrivate) {
  auto g = game();
  auto s = g->new_initial_state(5);
  auto& t = static_cast<TcgState&>(*s);
  const std::string other = t.observation(1).dump() + t.observation(kSpectator).dump();
  for (int i = 0; i < t.hand_count(0); ++i) {
    const json own = t.observation(0)["seats"][0]["hand"][std::size_t(i)];
    EXPECT_EQ(own.get<int>(), t.hand_card(0, i));
    EXPECT_TRUE(t.observation(1)["seats"][0]["hand"][std::size_t(i)].is_null());
  }
  EXPECT_EQ(t.observation(1)["seats"][0]["pile_known"].size(), 0u);
  // The rendering shows the viewer's hand and only the sizes of the others.
  const std::string own = t.render(0), theirs = t.render(1);
  EXPECT_NE(own.find("6 in hand (size 6)"), std::string::npos) << own;
  const std::string first = "@" + std::to_string(t.hand_card(0, 0)) + " ";
  EXPECT_NE(own.find("hand: " + first), std::string::npos);
  EXPECT_EQ(theirs.find("hand: " + first), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// For learning (conspiracy_tcg.h, TcgGame's "For learning").

// An agent of a move is numbered by the slot the seat to move sees it in: the same card in
// another hand slot is another action, and every legal action maps back to its move.
TEST(TcgLearning, ActionsNumberAgentsByTheirSlots) {
  auto g = game(3);
  ASSERT_EQ(g->num_distinct_actions(), 336755);
  EXPECT_EQ(game(2)->num_distinct_actions(), 306824);
  const std::vector<SeatSpec> seats = {{{{"Waters", "Filler"}}, {"Legal"}, {}},
                                       {{{"Addams", "Cho"}}, {}, {}},
                                       {{{"Carter"}}, {}, {}}};
  auto s = position(g, seats, {"AAA", "REPTILIANS"});
  auto index = [&](const TcgState& t, const std::string& text) {
    return t.action_index(t.parse_move(text));
  };
  // Blocks before deploy: pass, allow, done, place (9), oldschool (48), save (48 * 48),
  // disguise (48 * 57), surge (48 * 3 * 90); deploy has 376 options a place with 3 players.
  const int deploy = 3 + 9 + 48 + 48 * 48 + 48 * 57 + 48 * 3 * 90;
  const int attack = deploy + 9 * 32 * 376;
  EXPECT_EQ(index(*s, "deploy " + at(*g, "Legal") + " new"), deploy);
  EXPECT_EQ(index(*s, "attack " + at(*g, "Filler") + " 1"), attack + 1 * 3 + 1);  // c1, depth 1
  std::vector<SeatSpec> moved = seats;
  moved[0].hand = {"Plumb", "Legal"};
  auto t = position(g, moved, {"AAA", "REPTILIANS"});
  EXPECT_EQ(index(*t, "deploy " + at(*g, "Legal") + " new"), deploy + 32 * 376);
  for (const TcgState* state : {s.get(), t.get()})
    for (int a : state->legal_actions()) {
      const Move m = state->action_move(a);
      EXPECT_EQ(state->action_index(m), a) << state->move_to_string(m);
    }
  EXPECT_THROW(s->action_move(deploy + 32 * 376), BadMove);  // hand slot 1 is empty
  EXPECT_THROW(s->action_move(-1), BadMove);
  EXPECT_THROW(s->action_move(g->num_distinct_actions()), BadMove);
}

// The tensor places field agents for everyone and a hand card only for the seat that sees it.
TEST(TcgLearning, TheTensorShowsAHandCardOnlyToItsHolder) {
  auto g = game(3);
  auto s = position(g,
                    {{{{"Waters", "Filler"}}, {"Legal"}, {}},
                     {{{"Addams", "Cho"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"AAA", "REPTILIANS"});
  const std::vector<int> shape = g->observation_tensor_shape();
  ASSERT_EQ(shape.size(), 1u);
  ASSERT_EQ(shape[0], g->agent_count() * TcgGame::kAgentFeatures + 6 * TcgGame::kSeatFeatures +
                          TcgGame::kGlobalFeatures);
  auto block = [&](const std::vector<float>& x, const std::string& last) {
    return x.data() + std::size_t(id(*g, last)) * TcgGame::kAgentFeatures;
  };
  for (Seat viewer : {kSpectator, 0, 1}) {
    std::vector<float> x(static_cast<std::size_t>(shape[0]));
    s->observation_tensor(viewer, x);
    const float* cho = block(x, "Cho");  // seat 1, column 1, depth 1, not exposed
    EXPECT_EQ(cho[1], 1);
    EXPECT_EQ(cho[6], 1);
    EXPECT_EQ(cho[15], 1);
    EXPECT_EQ(cho[20], 0);
    EXPECT_EQ(block(x, "Addams")[20], 1);                   // exposed
    EXPECT_EQ(block(x, "Legal")[21], viewer == 0 ? 1 : 0);  // in seat 0's hand
    EXPECT_EQ(block(x, "Legal")[27], viewer == 0 ? 1 : 0);  // slot 0
    const float* seat0 = x.data() + std::size_t(g->agent_count()) * TcgGame::kAgentFeatures;
    EXPECT_EQ(seat0[1], viewer == 0 ? 1 : 0);  // the viewer's own seat
    EXPECT_EQ(seat0[6], 1);                    // one card in hand, for everyone
  }
}

// Long random games with the sample decks reach the rarer runs (pro moves, reactions,
// rebuilding a field) that the conformance suite's short games seldom do: every legal move of
// every state has its own action, which maps back to it, and the same on determinized samples.
TEST(TcgLearning, EveryMoveOfLongRandomGamesHasItsOwnAction) {
  auto g = games::registry().make("conspiracy-tcg", {{"players", 4}, {"max_plies", 400}});
  std::set<int> kinds;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto s = g->new_initial_state(seed);
    Rng rng(seed);
    while (!s->is_terminal()) {
      std::set<int> seen;
      for (Move m : s->legal_moves()) {
        const int a = s->action_index(m);
        ASSERT_TRUE(a >= 0 && a < g->num_distinct_actions()) << s->move_to_string(m);
        ASSERT_TRUE(seen.insert(a).second) << "two moves have action " << a;
        ASSERT_EQ(s->action_move(a), m) << s->move_to_string(m);
        kinds.insert(int(unpack(m).kind));
      }
      const std::vector<int> legal = s->legal_actions();
      // The seat to move numbers its moves alike on every state it cannot tell apart.
      if (s->ply() % 7 == 0) {
        ASSERT_EQ(s->determinize(s->current_player(), rng)->legal_actions(), legal);
      }
      s->apply(s->action_move(legal[rng.uniform(uint32_t(legal.size()))]));
    }
  }
  for (MoveKind k : {kDeploy, kAttack, kPro}) EXPECT_TRUE(kinds.count(int(k))) << int(k);
}

// The same long games: every viewer's tensor is the same on states it cannot tell apart
// (hands, piles and the cards being arranged included), and differs from another viewer's.
TEST(TcgLearning, TheTensorOfLongRandomGamesHoldsOnlyWhatTheViewerSees) {
  auto g = games::registry().make("conspiracy-tcg", {{"players", 3}, {"max_plies", 400}});
  const std::size_t size = std::size_t(g->observation_tensor_shape()[0]);
  auto tensor = [&](const State& s, Seat viewer) {
    std::vector<float> x(size);
    s.observation_tensor(viewer, x);
    return x;
  };
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto s = g->new_initial_state(seed);
    Rng rng(seed);
    while (!s->is_terminal()) {
      if (s->ply() % 5 == 0)
        for (Seat v = kSpectator; v < 3; ++v) {
          const std::vector<float> truth = tensor(*s, v);
          ASSERT_EQ(tensor(*s->determinize(v, rng), v), truth) << "viewer " << v;
          if (v >= 0) {
            ASSERT_NE(tensor(*s, (v + 1) % 3), truth) << "viewer " << v;
          }
        }
      const std::vector<Move> moves = s->legal_moves();
      s->apply(moves[rng.uniform(uint32_t(moves.size()))]);
    }
  }
}

TEST(TcgLearning, UtilityLengthAndChanceFollowTheParams) {
  auto g = game(3, {{"max_plies", 321}});
  const Game::Utility u = g->utility();
  EXPECT_EQ(u.min, -0.5);
  EXPECT_EQ(u.max, 1);
  EXPECT_TRUE(u.constant_sum);
  EXPECT_EQ(u.sum, 0);
  EXPECT_EQ(g->max_game_length(), 321);
  std::size_t largest = 0;
  for (Seat s = 0; s < 3; ++s) largest = std::max(largest, g->deck(s).size());
  EXPECT_EQ(g->max_chance_outcomes(), int(largest));
}

}  // namespace
}  // namespace tabletop::conspiracy_tcg
