// Conspiracy's test helpers: a game made from the local registry, piece and square names as the
// rulebook writes them ("C3", "b4", "L2", "NE"), a blank board to lay out, and moves played by
// their notation with the invariants checked after each. Shared by the conspiracy_*_test.cc files.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "games/conspiracy/conspiracy.h"

namespace tabletop::conspiracy::test_util {

inline const Registry& local_registry() {
  static const Registry r = [] {
    Registry reg;
    reg.add(entry());
    return reg;
  }();
  return r;
}

using StatePtr = std::unique_ptr<ConspiracyState>;

inline StatePtr make(int players = 4, uint64_t seed = 1, json extra = json::object()) {
  extra["players"] = players;
  auto state = local_registry().make("conspiracy", extra)->new_initial_state(seed);
  return StatePtr(static_cast<ConspiracyState*>(state.release()));
}

inline int P(const char* name) {  // "C3" -> piece id
  const char* suits = "SMCA";
  return piece_id(int(std::strchr(suits, name[0]) - suits), name[1] - '0');
}
inline int Sq(const std::string& name) {
  return (std::stoi(name.substr(1)) - 1) * kSquareColumns + (name[0] - 'a');
}
inline int Pos(const char* name) {
  const int column = int(std::strchr("LMR", name[0]) - "LMR");
  return position(column, name[1] == 'P' ? 0 : std::atoi(name + 1));
}
inline int Dir(const char* name) {
  for (int d = 0; d < 8; ++d)
    if (direction_name(d) == name) return d;
  return -1;
}

// A game past setup whose board and hands are empty: every coin in the bag, every tile held by
// seat 3 (so tests lay out what they need), goals fixed, seat `seat` about to act.
inline StatePtr blank(int players = 4, Seat seat = 0) {
  auto s = make(players);
  while (s->phase() == Phase::kGoal) s->apply(s->legal_moves()[0]);
  for (int c = 0; c < kPieces; ++c) s->edit_coin(c, kBag);
  for (int t = 0; t < kPieces; ++t) s->edit_tile(t, kHeld + players - 1, false);
  s->edit_start_actions(seat);
  s->check_invariants();
  return s;
}

inline void play(ConspiracyState& s, const std::string& text) {
  ASSERT_NO_THROW(s.apply_text(text)) << text << "\n" << s.render(s.current_player());
  ASSERT_NO_THROW(s.check_invariants()) << "after " << text;
}

inline bool legal(const ConspiracyState& s, const std::string& text) {
  return s.why_illegal(s.parse_move(text)).empty();
}

inline void finish_turn(ConspiracyState& s) {
  // End the actions, save nothing, and pass if asked to declare.
  if (s.phase() == Phase::kAction) play(s, "end");
  if (s.phase() == Phase::kSave) play(s, "save none");
  if (s.phase() == Phase::kDeclare) play(s, "pass");
}

}  // namespace tabletop::conspiracy::test_util
