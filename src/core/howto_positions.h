// Positions in a how-to-play text (GameEntry::how_to_play): fenced blocks that say how the game's
// own engine reaches a position and what holds there, so that every rule sentence a page teaches is
// played by the game's code (games' howto_test replays every block of every page) and every
// picture on the page is drawn from a position the engine reached (the server sends each block's
// spectator observation with the game list; `tabletop rules` prints each block's board).
//
// A block follows the sentences it illustrates:
//
//   ```position
//   params: players=2
//   seed: 7
//   play: 3:NE-g8 ; end
//   picture
//   legal: 3:f8-e6
//   illegal: 3:f8-c8
//   play: 3:f8-e6
//   see: /to_move = 1
//   ```
//
// One step a line, in order:
//   params: key=value ...   the game's parameters, as `tabletop apply -p` reads them (before any
//                           other step; default: the game's defaults)
//   seed: N                 the seed of the deal and every die (before any other step; default 1)
//   play: M ; M ...         moves in the game's notation, each one legal where it is played
//   random: N               N moves drawn uniformly from the legal ones (an Rng seeded with the
//                           block's seed), or fewer when the game ends; `random: end` plays on
//                           to the end (at most 100000 moves)
//   legal: M ; M ...        each move parses and is legal here
//   illegal: M ; M ...      each move parses and is not legal here
//   see: /POINTER = JSON    the spectator's observation holds JSON at the JSON pointer
//   see: /POINTER has JSON  ... holds an array with JSON among its items, or a string (the JSON
//                           a string) holding that text
//   log: TEXT               a line of the spectator's log written by the last `play` or
//                           `random` (before either: by the deal) holds TEXT
//   to move: N              seat N is to move
//   winner: N               the game is over and seat N has the best return, alone
//   picture                 the page's picture of the block is this position (default: where
//                           the block ends)
//
// Blank lines are skipped. Anything else is an error naming the line.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/registry.h"

namespace tabletop::howto {

// One line of a block.
struct PositionStep {
  enum class Kind {
    kPlay,
    kRandom,
    kLegal,
    kIllegal,
    kSee,
    kSeeHas,
    kLog,
    kToMove,
    kWinner,
    kPicture
  };
  Kind kind = Kind::kPlay;
  int line = 0;                    // 1-based line of the how-to text
  std::string text;                // the line as written
  std::vector<std::string> moves;  // play, legal, illegal
  int count = 0;                   // random
  std::string pointer;             // see
  json value;                      // see (the JSON), to move / winner (the seat), log (the text)
};

// One ```position block.
struct Position {
  int line = 0;  // the line of its opening fence
  json params = json::object();
  uint64_t seed = 1;
  std::vector<PositionStep> steps;
};

// Every position block of `text`, in order. Throws Error naming the line of a step it cannot read.
std::vector<Position> parse_positions(std::string_view text);

// A block played out by its game.
struct PlayedPosition {
  std::unique_ptr<State> picture;  // the position the page draws (the `picture` step, or the end)
  std::vector<std::string> failures;  // every step that did not hold, "line N: ...: why"
};

// Plays `position` with `entry`'s game: makes it from the block's params, deals it from its seed
// with recording on, and takes the steps in order. A `play` that fails stops the block there
// (later steps are not checked). Never throws for a step that fails: it is listed.
PlayedPosition play_position(const GameEntry& entry, const Position& position);

// The spectator's observation of each block's picture in `entry`'s how-to, in order (null for a
// block that does not play: howto_test keeps there being none).
json position_observations(const GameEntry& entry);

}  // namespace tabletop::howto
