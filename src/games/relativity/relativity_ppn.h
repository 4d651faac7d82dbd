// Replaying Relativity records written in Portable Piecepack Notation.
//
// A record gives `GameType: {Name: Relativity, Coins: "..."}` and `Round: Night` in its header,
// then moves numbered `1S.`, `1T.`, ... (S = Space, T = Time). Each move is a swap `d3#e3`,
// optionally followed by trophy annotations `;M2@e6` (Moon 2, placed at e6 beside the board; `S`
// for Sun in a Day round). Replay applies every swap with full legality checks and compares the
// trophies the engine awards on each swap with the annotations, failing on the first difference.
#pragma once

#include <memory>

#include "core/game.h"
#include "core/ppn.h"

namespace tabletop::relativity {

// Returns the final state; throws BadRecord naming the move (e.g. "6S") and what differs.
std::unique_ptr<State> replay_ppn(const ppn::Record& record);

}  // namespace tabletop::relativity
