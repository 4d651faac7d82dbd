// Conspiracy's notation for people (Game::notation).
#include "games/conspiracy/conspiracy.h"

namespace tabletop::conspiracy {

std::vector<NotationKind> ConspiracyGame::notation() const {
  return {
      {"goal",
       "goal COIN",
       "Setup: choose your secret goal, a suit and a number, from the three coins you drew. "
       "Coins and tiles are a suit letter (S Suns, M Moons, C Crowns, A Arms) and a number 0-5 "
       "(0 the blank, 1 the spiral).",
       {"goal C3", "goal S1"}},
      {"jump",
       "jump",
       "A spiral holder steps in and plays now (answers stay hidden until every waiting holder "
       "has answered).",
       {"jump"}},
      {"wait", "wait", "A spiral holder lets the others play first.", {"wait"}},
      {"place",
       "place COIN",
       "Place Coin (1 action point): put a coin from your hand number side up on an empty square "
       "of a face-down tile. Then, optionally, lay a tile (tile ...), then say where the coin goes "
       "and where it points (SQUARE DIRECTION).",
       {"place C3"}},
      {"attack",
       "attack COIN pay COIN to SEAT",
       "Attack Coin (1 action point): play a coin that will point at a coin on the board, paying "
       "another coin from your hand to a player. Then, optionally, a tile, then the square and "
       "the direction (it must point at a coin).",
       {"attack C3 pay C2 to 1"}},
      {"reveal",
       "reveal SQUARE pay COIN to SEAT  or  reveal TILE-POSITION pay COIN to SEAT",
       "Reveal Coin on a square (1 action point) or Reveal Tile at a tile position (2 action "
       "points), paying a coin to a player. Squares are a-f and 1, 2, 3...; tile positions are a "
       "column L, M or R and a row P (Present) or 1, 2, 3... (Future).",
       {"reveal c5 pay C2 to 1", "reveal M2 pay C2 to 1"}},
      {"advance", "advance COLUMN", "Advance Column (2 action points): L, M or R.", {"advance M"}},
      {"end", "end", "End your actions for this turn.", {"end"}},
      {"tile",
       "tile TILE POSITION",
       "The first step of a placement: lay a tile you hold face down at a tile position (the "
       "column and the Future row).",
       {"tile A4 M2"}},
      {"point",
       "SQUARE DIRECTION",
       "The last step of a placement: the square the coin goes on and where it points: n ne e se "
       "s sw w nw (n points toward the Present).",
       {"c5 ne", "a3 s"}},
      {"flip",
       "flip",
       "After a successful attack on a coin lying symbol side up: turn it number side up.",
       {"flip"}},
      {"remove",
       "remove COIN to SEAT",
       "After a successful attack on a coin lying symbol side up: pay a second coin to a player "
       "to remove it instead.",
       {"remove C2 to 1"}},
      {"save",
       "save COIN  or  save none",
       "At the end of your turn keep one coin (number side up, its number public) and discard "
       "the rest, or keep none.",
       {"save C3", "save none"}},
      {"mark",
       "mark COLUMN",
       "Declare progress on the Present tile of a column with your marker.",
       {"mark M"}},
      {"win", "win", "Declare victory.", {"win"}},
      {"pass", "pass", "Declare neither progress nor victory.", {"pass"}}};
}

}  // namespace tabletop::conspiracy
