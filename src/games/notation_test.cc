// Every game explains its notation (Game::notation): each kind named once, with a form, a meaning
// and examples that parse.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "core/rng.h"
#include "games/games.h"

namespace tabletop::games {
namespace {

TEST(Notation, EveryGameExplainsItsNotationWithExamplesThatParse) {
  for (const GameEntry& e : registry().entries()) {
    SCOPED_TRACE(e.info.id);
    std::shared_ptr<const Game> game = e.make(json::object());
    const std::unique_ptr<State> state = game->new_initial_state(1);
    const std::vector<NotationKind> kinds = game->notation();
    ASSERT_FALSE(kinds.empty());
    std::set<std::string> names;
    for (const NotationKind& k : kinds) {
      EXPECT_TRUE(names.insert(k.name).second) << "kind named twice: " << k.name;
      EXPECT_EQ(k.name.find(' '), std::string::npos) << k.name;
      EXPECT_FALSE(k.form.empty()) << k.name;
      EXPECT_FALSE(k.meaning.empty()) << k.name;
      ASSERT_FALSE(k.examples.empty()) << k.name;
      for (const std::string& example : k.examples) {
        EXPECT_NO_THROW(state->parse_move(example)) << k.name << ": " << example;
        // The example is written as the game prints it.
        EXPECT_EQ(state->move_to_string(state->parse_move(example)), example) << k.name;
      }
    }
  }
}

// Every game says how to play it (docs/howto/<id>.md, games/howto.h): the five parts, in order,
// and where the full rules come from.
TEST(Notation, EveryGameHasAHowToPlay) {
  for (const GameEntry& e : registry().entries()) {
    SCOPED_TRACE(e.info.id);
    std::size_t at = 0;
    for (const char* heading :
         {"## Goal\n", "## Setup\n", "## A ", "## What wins\n", "## Notation\n"}) {
      const std::size_t next = e.how_to_play.find(heading, at);
      EXPECT_NE(next, std::string::npos) << heading;
      if (next != std::string::npos) at = next;
    }
    EXPECT_FALSE(e.rules_source.title.empty());
    EXPECT_FALSE(e.rules_source.author.empty());
    EXPECT_FALSE(e.rules_source.licence.empty());
  }
}

TEST(Notation, EverySeatNameHoldsTheSeatNumber) {
  for (const GameEntry& e : registry().entries()) {
    std::shared_ptr<const Game> game = e.make(json::object());
    std::set<std::string> seen;
    for (Seat s = 0; s < game->num_players(); ++s) {
      const std::string name = game->seat_name(s);
      EXPECT_NE(name.find(std::to_string(s)), std::string::npos) << e.info.id << ": " << name;
      EXPECT_TRUE(seen.insert(name).second) << e.info.id << ": " << name;
    }
  }
}

// One naming of seats per game: what a game itself writes (every viewer's log, the board, the
// result) names a seat only by Game::seat_name. Once every seat name is taken out of the text,
// nothing seat-like is left: no "seat 1" or "seat B", and no "Space (seat 0)"-style name wrapped
// around another (it leaves "()").
TEST(Notation, LogAndBoardNameSeatsOnlyBySeatName) {
  const std::regex stray(R"((^|[^A-Za-z])[Ss]eat [0-9A-F]\b|\(\s*\))");
  for (const GameEntry& e : registry().entries()) {
    SCOPED_TRACE(e.info.id);
    std::shared_ptr<const Game> game = e.make(e.test_params);
    const int n = game->num_players();
    auto check = [&](std::string text, const std::string& where) {
      for (Seat s = 0; s < n; ++s)
        for (std::size_t at; (at = text.find(game->seat_name(s))) != std::string::npos;)
          text.erase(at, game->seat_name(s).size());
      std::smatch m;
      EXPECT_FALSE(std::regex_search(text, m, stray))
          << where << ": '" << m.str() << "' in " << text;
    };
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      std::unique_ptr<State> state = game->new_initial_state(seed);
      state->set_recording(true);
      Rng rng(seed);
      for (int ply = 0; ply < 400 && !state->is_terminal(); ++ply) {
        const std::vector<Move> moves = state->legal_moves();
        state->apply(moves[rng.uniform(uint32_t(moves.size()))]);
        if (ply % 50 == 0) check(state->render(state->current_player()), "board");
      }
      for (Seat viewer = kSpectator; viewer < n; ++viewer) {
        for (const std::string& event : state->log().for_viewer(viewer)) check(event, "log");
        check(state->render(viewer), "board");
      }
    }
  }
}

}  // namespace
}  // namespace tabletop::games
