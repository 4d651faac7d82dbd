// Culture Wars' notation for people (Game::notation) and its seat names.
#include "games/culture_wars/culture_wars.h"

namespace tabletop::culture_wars {

std::vector<NotationKind> CultureWarsGame::notation() const {
  return {
      {"tile",
       "tile:FROM-TO",
       "Setup: move the tile whose lower-left square is FROM (a tile next to the hole) so that "
       "its lower-left square is TO, touching another tile with the grids aligned. Squares are "
       "columns a-z and rows 1-26; the map starts at i9-r18.",
       {"tile:m15-m19", "tile:k13-k7"}},
      {"coin",
       "coin:SQUARE",
       "Setup: place a coin from your reserve (drawn unseen) suit side up on SQUARE, with two "
       "empty squares between it and every other coin.",
       {"coin:k12"}},
      {"token", "token:SQUARE", "Setup: place a token.", {"token:k12"}},
      {"grow",
       "grow:SQUARE",
       "Expansion, only when your reserve cannot cover every square you hold: add a token.",
       {"grow:k12"}},
      {"step",
       "FROM-TO  or  COUNT FROM-TO",
       "Movement: move one token (or COUNT tokens) from FROM to TO, on foot to a neighbouring "
       "square or by boat between two of your settlements' coasts. Moves name squares only; the "
       "board writes tokens A:4 (four of seat A's) and coins 3B (seat B's 3) or [B] (suit side "
       "up).",
       {"k12-k13", "3k12-k13"}},
      {"settle",
       "settle:SQUARE  or  settle:SQUARE=COIN",
       "Settle on your own coin, or build your Ace from ten tokens on an empty square; on "
       "another suit's coin say which of yours replaces it: a known number 2-5, a (your Ace) or "
       "? (an unseen reserve coin); with no coin in reserve, settle:SQUARE loots it.",
       {"settle:k12", "settle:k12=3", "settle:k12=a", "settle:k12=?"}},
      {"done", "done", "End your movement, or your settlements.", {"done"}}};
}

std::string CultureWarsGame::seat_name(Seat seat) const {
  return "seat " + std::string(1, char('A' + seat)) + " (" + std::to_string(seat) + ")";
}

std::string CultureWarsGame::board_key() const {
  return "  Each square shows its coin, then its tokens. Coins: 3B = the 3 of " + seat_name(1) +
         ",\n  number side up (a resource); [B] = a coin of " + seat_name(1) +
         " suit side up (a\n  settlement; in setup, a coin not yet turned); [3B] = the same at "
         "the end, its\n  number shown. Tokens: A:4 = four of " +
         seat_name(0) +
         "'s; *:6 = six of several\n  seats' (listed under the map); ~ is sea.\n"
         "  Lines are tile edges (a tile is 2x2 squares, named by its lower-left square).\n";
}

}  // namespace tabletop::culture_wars
