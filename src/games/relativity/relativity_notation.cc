// Relativity's notation for people (Game::notation).
#include "games/relativity/relativity.h"

namespace tabletop::relativity {

std::vector<NotationKind> RelativityGame::notation() const {
  return {{"swap",
           "SQUARE#SQUARE",
           "Swap two coins (the only kind of move). Squares are a-f (columns, left to right) and "
           "1-4 (rows, bottom to top); either order parses. Space swaps a coin with any of its "
           "eight neighbours, the board wrapping at every edge (a1#f4 swaps two corners); Time "
           "swaps two coins anywhere whose numbers follow each other in the cycle N-A-2-3-4-5-N. "
           "Neither may swap back the swap just made. Four coins of one number joined in a row or "
           "column (no wrap) win that number's trophy for the player who made them.",
           {"d3#e3", "a1#f4", "b2#e4"}}};
}

}  // namespace tabletop::relativity
