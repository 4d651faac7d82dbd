// Every game explains its notation (Game::notation): each kind named once, with a form, a meaning
// and examples that parse.
#include <gtest/gtest.h>

#include <set>

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

}  // namespace
}  // namespace tabletop::games
