// Replaying Relativity records written in Portable Piecepack Notation.
//
// A record gives `GameType: {Name: Relativity, Coins: "..."}` and `Round: Night` in its header,
// then moves numbered `1S.`, `1T.`, ... (S = Space, T = Time). Each move is a swap `d3#e3`,
// optionally followed by trophy annotations `;M2@e6` (Moon 2, placed at e6 beside the board; `S`
// for Sun in a Day round). Replay applies every swap with full legality checks and compares the
// trophies the engine awards on each swap with the annotations, failing on the first difference.
//
// A whole game is two documents, one per round, each with its own deal: the Night document
// (`Round: Night`, the Night deal in `GameType: Coins`) holds exactly the Night round's moves, and
// the Day document after it (`Round: Day`, the Day deal) the Day round's, numbered from 1S again
// (Space moves first in both rounds). A file with only the Night document may stop anywhere (the
// sample record stops as the Night round ends).
#pragma once

#include <memory>

#include "core/game.h"
#include "core/ppn.h"
#include "core/record.h"

namespace tabletop::relativity {

// Returns the final state; throws BadRecord naming the move (e.g. "6S", with "Day" in the Day
// document) and what differs, or a document that does not fit (a Night document whose moves go
// past the end of the Night round when a Day document follows or not, or stop before it when one
// follows; a third document).
std::unique_ptr<State> replay_ppn(const std::vector<ppn::Record>& documents);
std::unique_ptr<State> replay_ppn(const ppn::Record& record);

// The PPN documents of a JSON record of Relativity (GameEntry::record_ppn): the Night document,
// and the Day document once the Day round is dealt. Each swap is written with the trophies it took
// (`;M2@e6`: Space's trophies are set beside the board at b6, Time's at e6), and a finished game
// ends with the log's result line as a comment. Throws BadRecord when the record does not replay,
// or when the game was stopped by the engine's ply cap (`max_plies`), which PPN cannot say.
std::vector<ppn::Record> record_ppn(const Record& record);

}  // namespace tabletop::relativity
