// Siege by Number's notation for people (Game::notation) and its seat names.
#include "games/siege/siege.h"

namespace tabletop::siege {

std::vector<NotationKind> SiegeGame::notation() const {
  return {
      {"move",
       "DIE:FROM-TO",
       "Use the die showing DIE (0 is the Null, 1 the Ace) to move the piece on FROM to TO, up to "
       "that many steps north, south, east or west; an Army never passes over another piece, a "
       "Commander may pass over its own Armies. Write only the end square: every path there is "
       "the same move. A Home Base is named by its compass point (NE SE SW NW); squares are a-h "
       "and 1-8 as on a chessboard laid over the pinwheel. Taking another Home Base with your "
       "Commander wins.",
       {"3:c3-c5", "2:g7-NE", "1:d4-e4"}},
      {"attack",
       "DIE:FROM-TOxTARGET  or  0:FROMxTARGET",
       "Move as above, then that Army attacks the piece next to it on TARGET; with the Null die "
       "it attacks without moving. Both Armies are turned up and the values decide (the larger "
       "wins, but a Null beats a 5; only a Null or an Ace beats a Commander); the loser goes to "
       "the bottom of its stack (a Commander off the board).",
       {"3:c3-c5xd5", "0:c3xd3"}},
      {"end",
       "end",
       "Stop moving: the unused dice are given up and the next player takes their turn.",
       {"end"}}};
}

std::string SiegeGame::seat_name(Seat seat) const {
  static constexpr const char* kCompass[] = {"NE", "SE", "SW", "NW"};
  return std::string(kCompass[compass_of(seat)]) + " (seat " + std::to_string(seat) + ")";
}

std::string SiegeGame::board_key() const {
  return "  NE? a face-down Army of NE, NE3 a known Army (0 Null, 1 Ace), NEC the\n"
         "  Commander of NE, [NE] NE's empty Home Base; the stacks are under the board.\n";
}

}  // namespace tabletop::siege
