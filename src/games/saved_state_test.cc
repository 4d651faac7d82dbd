// Every game's saved-state reader (Game::state_from_json, what `apply --state` and the server's
// saved matches go through) accepts only states the game can reach: a hand-edited state that
// breaks a game's invariants is refused with an error naming the field, and every number is read
// as an integer in range (a float is never converted: 1e20 into an int is undefined behaviour).
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "core/rng.h"
#include "games/games.h"

namespace tabletop {
namespace {

std::shared_ptr<const Game> make(const std::string& id, json params = json::object()) {
  return games::registry().make(id, params);
}

// A state reached by random play from `seed`, stopped at the first state `stop` accepts (or after
// `max_plies`).
std::unique_ptr<State> play_until(const Game& game, uint64_t seed, int max_plies,
                                  const std::function<bool(const State&)>& stop = nullptr) {
  std::unique_ptr<State> state = game.new_initial_state(seed);
  Rng rng(seed);
  for (int ply = 0; ply < max_plies && !state->is_terminal(); ++ply) {
    if (stop && stop(*state)) break;
    const std::vector<Move> moves = state->legal_moves();
    state->apply(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  return state;
}

// The error state_from_json gives for `saved`, or "" if it was accepted.
std::string refusal(const Game& game, const json& saved) {
  try {
    game.state_from_json(saved);
  } catch (const BadRecord& e) {
    return e.what();
  }
  return "";
}

// Every number of the saved state (the `state` fields, `ply`) in turn replaced by `value`.
void each_number(const json& saved, const std::function<void(const json&, const std::string&)>& f,
                 const json& value) {
  const json flat = saved.flatten();
  for (auto it = flat.begin(); it != flat.end(); ++it) {
    if (!it.value().is_number()) continue;
    const std::string& pointer = it.key();
    if (pointer.rfind("/state/", 0) != 0 && pointer != "/ply") continue;
    json edited = flat;
    edited[pointer] = value;
    f(edited.unflatten(), pointer);
  }
}

TEST(SavedState, EveryNumberMustBeAnIntegerInRange) {
  // A float (even a whole one), 1e20 (UB if converted), -1e20 and 2^40 (past every packed field),
  // in every numeric field of a state of every game, from several points of play.
  for (const GameEntry& entry : games::registry().entries()) {
    const auto game = make(entry.info.id);
    for (int plies : {0, 7, 40}) {
      const json saved = play_until(*game, 11, plies)->to_json();
      ASSERT_EQ(refusal(*game, saved), "") << entry.info.id;
      int fields = 0;
      for (const json& bad : {json(2.5), json(1e20), json(-1e20), json(int64_t(1) << 40)})
        each_number(
            saved,
            [&](const json& edited, const std::string& pointer) {
              ++fields;
              const std::string why = refusal(*game, edited);
              EXPECT_NE(why, "") << entry.info.id << " accepted " << bad.dump() << " at "
                                 << pointer;
            },
            bad);
      EXPECT_GT(fields, 4) << entry.info.id;
    }
  }
  // A whole number written as a float is refused too: the reader never goes through a double.
  const auto game = make("relativity");
  json saved = play_until(*game, 3, 5)->to_json();
  saved["state"]["round"] = 0.0;
  EXPECT_NE(refusal(*game, saved).find("round is '0.0', not an integer from 0 to 1"),
            std::string::npos)
      << refusal(*game, saved);
}

// Applies `edit` to a copy of `saved`'s own fields and expects a refusal mentioning `words`.
void expect_refused(const Game& game, const json& saved, const std::function<void(json&)>& edit,
                    const std::string& words) {
  json edited = saved;
  edit(edited["state"]);
  const std::string why = refusal(game, edited);
  EXPECT_NE(why.find(words), std::string::npos)
      << game.info().id << ": expected a refusal naming '" << words << "', got '" << why << "'";
}

TEST(SavedState, RelativityRefusesWhatNoPlayReaches) {
  const auto game = make("relativity");
  const json saved = play_until(*game, 5, 6)->to_json();  // the Night round, ply 6
  ASSERT_EQ(saved["ply"], 6);
  ASSERT_EQ(refusal(*game, saved), "");
  expect_refused(
      *game, saved, [](json& s) { s["trophy_owner"][0][0] = 2; }, "trophy_owner");
  expect_refused(
      *game, saved,
      [](json& s) {
        s["last_swap"] = {30, 31};
      },
      "last_swap");
  expect_refused(
      *game, saved,
      [](json& s) {
        s["last_swap"] = {5, 3};
      },
      "last_swap");
  expect_refused(
      *game, saved,
      [](json& s) {
        s["last_swap"] = {255, 255};
      },
      "last_swap");
  expect_refused(
      *game, saved, [](json& s) { s["role_to_move"] = 1; }, "role_to_move");
  expect_refused(
      *game, saved, [](json& s) { s["round"] = 1; }, "Day round began");
  expect_refused(
      *game, saved, [](json& s) { s["last_trophies"] = 64; }, "last_trophies");
  expect_refused(
      *game, saved, [](json& s) { s["stopped_by_ply_cap"] = true; }, "ply_cap");
  // Five copies of one rank on the board (the coins are conserved: four of each).
  expect_refused(
      *game, saved,
      [](json& s) {
        std::string board = s["board"];
        const char rank = board[0];
        for (char& c : board)
          if (c != '/' && c != rank) {
            c = rank;
            break;
          }
        s["board"] = board;
      },
      "board");
  // The round's trophy for a rank is untaken although its molecule stands: take a state where a
  // trophy was won and give it back.
  const auto won = play_until(*game, 5, 400, [](const State& st) {
    return st.to_json()["state"]["trophy_owner"][0] != json::array({-1, -1, -1, -1, -1, -1});
  });
  const json with_trophy = won->to_json();
  ASSERT_EQ(refusal(*game, with_trophy), "");
  expect_refused(
      *game, with_trophy,
      [](json& s) {
        for (json& owner : s["trophy_owner"][0]) owner = -1;
        s["last_trophies"] = 0;
      },
      "molecule");
}

TEST(SavedState, SiegeRefusesWhatNoPlayReaches) {
  const auto game = make("siege", {{"players", 3}});
  const json saved = play_until(*game, 5, 9)->to_json();
  ASSERT_EQ(refusal(*game, saved), "");
  expect_refused(
      *game, saved, [](json& s) { s["dice"] = {6}; }, "dice");
  expect_refused(
      *game, saved, [](json& s) { s["dice"] = json::array(); }, "no dice");
  expect_refused(
      *game, saved, [](json& s) { s["to_move"] = 3; }, "to_move");
  expect_refused(
      *game, saved, [](json& s) { s["winner"] = 1; }, "winner");
  expect_refused(
      *game, saved, [](json& s) { s["battles"] = -1; }, "battles");
  // An Army coin in two places (conservation: each seat's six Armies exactly once).
  expect_refused(
      *game, saved,
      [](json& s) {
        std::string stack = s["stacks"][0];
        s["stacks"][0] = stack.empty() ? "0" : stack + stack.substr(0, 1);
      },
      "places");
  expect_refused(
      *game, saved, [](json& s) { s["stacks"][0] = "0123456"; }, "stacks");
}

TEST(SavedState, CultureWarsRefusesWhatNoPlayReaches) {
  const auto game = make("culture-wars", {{"players", 3}});
  // A state in the movement phase of a round.
  const auto state = play_until(
      *game, 5, 2000, [](const State& st) { return st.to_json()["state"]["phase"] == 4; });
  const json saved = state->to_json();
  ASSERT_EQ(saved["state"]["phase"], 4);
  ASSERT_EQ(refusal(*game, saved), "");
  expect_refused(
      *game, saved,
      [](json& s) {
        s["order"] = {0, 0, 1};
      },
      "order");
  expect_refused(
      *game, saved,
      [](json& s) {
        s["order"] = {0, 1, 3};
      },
      "order");
  expect_refused(
      *game, saved, [](json& s) { s["reserve_tokens"][0] = int(s["reserve_tokens"][0]) - 1; },
      "36");
  expect_refused(
      *game, saved, [](json& s) { s["to_move"] = (int(s["to_move"]) + 1) % 3; }, "to_move");
  expect_refused(
      *game, saved, [](json& s) { s["round"] = 0; }, "round and phase");
  expect_refused(
      *game, saved, [](json& s) { s["winners"] = 8; }, "winners");
  expect_refused(
      *game, saved, [](json& s) { s["winners"] = 1; }, "phase is over");
  expect_refused(
      *game, saved, [](json& s) { s["step"] = 3; }, "step");
  expect_refused(
      *game, saved, [](json& s) { s["phase"] = 9; }, "phase");
  expect_refused(
      *game, saved, [](json& s) { s["tokens_to_place"] = 4; }, "tokens_to_place");
  // A Null on the map, and two coins on one square.
  expect_refused(
      *game, saved,
      [](json& s) {
        s["coins"][0] = {s["tiles"][0], true, false};
      },
      "Null");
  expect_refused(
      *game, saved,
      [](json& s) {
        for (json& coin : s["coins"])
          if (coin[0] != 1023) {
            for (json& other : s["coins"])
              if (other[0] == 1023 && &other != &s["coins"][0] && &other != &s["coins"][6] &&
                  &other != &s["coins"][12]) {
                other[0] = coin[0];
                return;
              }
          }
      },
      "two coins");
  expect_refused(
      *game, saved, [](json& s) { s["tokens"][0].push_back(s["tokens"][0][0]); }, "twice");
}

TEST(SavedState, ConspiracyRefusesWhatNoPlayReaches) {
  const auto game = make("conspiracy");
  // The goal phase (seat 0 has chosen) and a turn in the first round.
  const json goals = play_until(*game, 5, 1)->to_json();
  ASSERT_EQ(refusal(*game, goals), "");
  const json saved = play_until(*game, 5, 12)->to_json();
  ASSERT_EQ(refusal(*game, saved), "");
  expect_refused(
      *game, saved, [](json& s) { s["seats"][0][0] = 7; }, "goal suit");
  expect_refused(
      *game, saved, [](json& s) { s["seats"][0][1] = -1; }, "suit without a number");
  expect_refused(
      *game, goals, [](json& s) { s["seats"][1] = s["seats"][0]; }, "goal");
  expect_refused(
      *game, saved, [](json& s) { s["turn"][19] = 99; }, "phase");
  expect_refused(
      *game, saved, [](json& s) { s["turn"][22] = 3; }, "action points");
  expect_refused(
      *game, saved, [](json& s) { s["turn"][28] = 1; }, "winner");
  // A goal not made of the three coins the seat drew: try every goal until one is refused.
  expect_refused(
      *game, saved,
      [&](json& s) {
        for (int suit = 0; suit < 4; ++suit)
          for (int rank = 0; rank < 6; ++rank) {
            json t = s;
            t["seats"][0][0] = suit;
            t["seats"][0][1] = rank;
            json whole = saved;
            whole["state"] = t;
            if (refusal(*game, whole).find("drew") != std::string::npos) {
              s = t;
              return;
            }
          }
      },
      "is not made of the coins it drew");
  // A coin in a seat's hand known only to another seat (the hand is not that seat's own); a coin
  // nobody drew claimed by a fourth setup drawer; two coins on one square; knowledge of a seat not
  // in play.
  const int kHand = 1100;
  expect_refused(
      *game, saved,
      [&](json& s) {
        for (json& c : s["coins"]) {
          const int v = c, loc = v & 0x7ff;
          if (loc >= kHand && loc < kHand + 4) {
            c = (v & ~(0xff << 15)) | (1 << (15 + (loc - kHand + 1) % 4));
            return;
          }
        }
      },
      "does not know it");
  expect_refused(
      *game, saved,
      [](json& s) {
        for (json& c : s["coins"])
          if (((int(c) >> 23) & 7) == 0) {
            c = int(c) | (1 << 23);  // drawn by seat 0 at setup: now four
            return;
          }
      },
      "coins at setup");
  expect_refused(
      *game, saved, [](json& s) { s["coins"][3] = (int(s["coins"][3]) | (1 << 20)); },
      "not in play");
  expect_refused(
      *game, saved,
      [](json& s) {
        s["coins"][0] = (int(s["coins"][0]) & ~0x7ff) | 40;
        s["coins"][1] = (int(s["coins"][1]) & ~0x7ff) | 40;
      },
      "two coins");
}

TEST(SavedState, CardGameRefusesWhatNoPlayReaches) {
  const auto game = make("conspiracy-tcg");
  const json saved = play_until(*game, 5, 10)->to_json();
  ASSERT_EQ(refusal(*game, saved), "");
  expect_refused(
      *game, saved, [](json& s) { s["seats"][0]["hand_size"] = 2; }, "hand_size");
  expect_refused(
      *game, saved, [](json& s) { s["to_move"] = 9; }, "seat");
  expect_refused(
      *game, saved, [](json& s) { s["over"] = 1; }, "over");
  expect_refused(
      *game, saved, [](json& s) { s["seats"][0]["hand"] = s["seats"][1]["hand"]; }, "seat 0's");
}

}  // namespace
}  // namespace tabletop
