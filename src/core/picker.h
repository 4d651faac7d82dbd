// How a player finds a legal move by clicking board places: the one rule every client's picker
// follows (the web client's web/src/picker.ts to the letter; the cases both are tested on are in
// web/src/picker-cases.json), and the conformance suite checks every game against.
//
// Each legal move has its places (State::move_places): steps in sequence, the places of one step
// clicked in any order. A move *follows* the places clicked so far when they are the start of an
// order in which its places may be clicked. After some clicks:
//   - the candidates are the legal moves that follow them;
//   - the lit places are those a click may go to next: the places not yet clicked of each
//     candidate's current step (before any click, every place of every move's first step, so a
//     swap lights both its squares);
//   - the complete candidates are those whose every place is clicked.
// A click (click_place):
//   - on a place already clicked takes back the clicks from it on;
//   - on a lit place adds it;
//   - on a place lit before any click (it starts some legal move) starts a new selection with it;
//   - anywhere else does nothing, and the answer says why (Unlit).
// After a click that adds a place, the only candidate left is chosen (its remaining places cannot
// change which move it is), and the selection starts over. Complete candidates that share their
// places with others are offered as buttons (the game's GameEntry::places_choice).
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"

namespace tabletop {

// Why a click on a place did nothing.
enum class Unlit {
  kNoMove,   // no legal move touches the place
  kNotNext,  // some legal move touches it, but not first and not next after the places clicked
};

// What the places clicked so far leave of the legal moves.
struct PickView {
  std::vector<std::size_t> candidates;  // the moves that follow the clicks (indices, in order)
  std::vector<std::size_t> complete;    // the candidates whose every place is clicked
  std::set<std::string> lit;            // the places a click may go to next
};

// What one click did.
struct ClickOutcome {
  enum class Kind { kChosen, kNarrowed, kIgnored };
  Kind kind = Kind::kIgnored;
  std::size_t move = 0;        // kChosen: the index of the move chosen
  Unlit why = Unlit::kNoMove;  // kIgnored: why
};

// Whether `clicks` are the start of an order in which `places` may be clicked.
bool follows(const MovePlaces& places, const std::vector<std::string>& clicks);

// The candidates, complete candidates and lit places of `moves` after `clicks`.
PickView pick_view(const std::vector<MovePlaces>& moves, const std::vector<std::string>& clicks);

// A click on `place` with `clicks` so far, which it updates (emptied when a move is chosen).
ClickOutcome click_place(const std::vector<MovePlaces>& moves, std::vector<std::string>& clicks,
                         const std::string& place);

}  // namespace tabletop
