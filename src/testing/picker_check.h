// The picker part of the conformance suite: every legal move of a state can be made by clicking
// its places under the rule of core/picker.h, from each place it may start from.
#pragma once

#include <string>

#include "core/game.h"

namespace tabletop::testing {

// Checks, with GoogleTest assertions, on the legal moves of `state` (not terminal):
//   - places: no step is empty and no place appears twice in a move; no two moves have the same
//     places (each step as a set) unless `places_choice` names the choice made after the clicks;
//   - narrowing: after every selection that clicks on lit places can reach, the picker's
//     candidates, complete candidates and lit places are those found by listing every order in
//     which each move's places may be clicked (each step's places in any order);
//   - every lit place leads to at least one legal move;
//   - reachable: every legal move with places is chosen, or offered as a button among the moves
//     whose places are all clicked (then only where `places_choice` is named or it is alone), by
//     clicking its places in each order its steps allow, each click on a lit place;
//   - unlit: before any click and after each of two first clicks, a click on a place neither lit
//     nor a place some move starts from changes nothing and says why: no move touches it, or
//     some move does but not there.
// What the checks walked through, added up over the states checked (the figures a conformance run
// records as test properties).
struct PickerCounts {
  long positions = 0;     // states checked
  long moves = 0;         // legal moves with places, each clicked through in every order
  long first_places = 0;  // places lit before any click, summed over the states
  long one_tap = 0;       // of those, places whose first click leaves exactly one move
  long click_orders = 0;  // (move, click order) pairs clicked through
};

// `counts` grows by what was walked through in `state`.
void check_picker(const State& state, const std::string& places_choice, const std::string& where,
                  PickerCounts& counts);

}  // namespace tabletop::testing
