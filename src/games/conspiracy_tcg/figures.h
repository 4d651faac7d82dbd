// Conspiracy TCG: what a game counts for the balance lab's figures (TcgState::figures, figures.cc).
// Kept apart from the rules: the state holds one FigureTally, counts every move it applies, and
// saves the counts with the state (state_json "figures"), so a restored game goes on counting.
#pragma once

#include <array>
#include <cstdint>

#include "core/game.h"
#include "games/conspiracy_tcg/cards.h"

namespace tabletop::conspiracy_tcg {

struct FigureTally {
  // Per pro move, the moves that used it (see TcgState::figures for what counts as a use).
  std::array<uint16_t, kProMoveCount> pro_used{};
  uint16_t deploys = 0, attacks = 0, passes = 0;

  // Counts `move`, which is about to be applied (legal: the state checked it).
  void count(Move move);
  // [deploys, attacks, passes, pro_used...] and back; a saved state without the entry (older
  // saves) restores zeros. Throws BadRecord for a malformed entry.
  json to_json() const;
  void restore(const json& saved);
};

}  // namespace tabletop::conspiracy_tcg
