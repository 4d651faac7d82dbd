// Siege by Number: every rule of shared/rules/siege-by-number.txt and its RULINGS, as tests.
#include "games/siege/siege.h"

#include <gtest/gtest.h>

#include <set>

#include "core/perft.h"
#include "core/record.h"
#include "games/games.h"
#include "testing/conformance.h"

namespace tabletop::siege {
namespace {

std::shared_ptr<const SiegeGame> game(int players = 4) {
  auto g = games::registry().make("siege", json{{"players", players}});
  return std::static_pointer_cast<const SiegeGame>(g);
}

SiegeState& as_siege(State& s) {
  return static_cast<SiegeState&>(s);
}

int sq(const char* name) {
  const int s = square_of_name(name);
  EXPECT_GE(s, 0) << name;
  return s;
}

// A position from its fields; `script` queues the dice (and anything else) drawn next.
std::unique_ptr<SiegeState> position(int players, const json& fields,
                                     std::vector<uint32_t> script = {}) {
  Chance chance(7);
  chance.script(std::move(script));
  return game(players)->position(fields, std::move(chance));
}

// The script that leaves a stack in the order 0 1 2 3 4 5 from the top (no swap in Fisher-Yates).
std::vector<uint32_t> identity_shuffle() {
  return {5, 4, 3, 2, 1};
}

std::set<std::string> legal_texts(const State& s) {
  std::set<std::string> out;
  for (Move m : s.legal_moves()) out.insert(s.move_to_string(m));
  return out;
}

TEST(SiegeSmoke, NewGameStarts) {
  auto s = game(4)->new_initial_state(1);
  s->check_invariants();
  EXPECT_FALSE(s->is_terminal());
  EXPECT_FALSE(legal_texts(*s).empty());
  (void)as_siege;
  (void)sq;
  (void)position;
  (void)identity_shuffle;
}

}  // namespace
}  // namespace tabletop::siege
