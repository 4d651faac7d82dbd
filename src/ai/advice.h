// Advice for people from the computer's search: a hint (the move the search would play now, with
// its estimated chance of winning) and the post-game analysis of a record (every move's chance of
// winning for its mover before and after it, the moves that lost the most, and the move the search
// preferred).
//
// Secrecy: both run the `ismcts` search (mcts.h) for the seat to move, which knows of the hidden
// parts only what `State::determinize(seat)` samples, exactly as a computer seat does: a hint for
// seat s is a function of what s may know and of the seed, never of the truth, and the analysis of
// move k is computed from what its mover knew before it. ai_test replaces the hidden truth by
// another one the seat cannot tell apart and checks that the hint and the analysis do not change.
// (The analysis of a finished game is public, like its record; it is never made before the end.)
//
// The chance of winning is read off the search's mean return with Game::loss_return: a return r
// stands for the chance (r - loss) / (1 - loss), clamped to [0, 1]; a game that ends without a
// winner (returns 0) counts between the two.
//
// Both check the search's leading moves and the move played by the reply check (reply_check.h):
// a move's value is the lower of the search's mean and its reply value (what the other seats'
// best immediate answers leave the mover). The search's choice stands unless another checked
// move is worth kRefutedBy more; a move whose reply value is kRefutedBy below the best one's is
// refuted (it hands another seat a trophy, a piece, a point the preferred move would not) and is
// always marked.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ai/loops.h"  // win_chance
#include "core/game.h"
#include "core/record.h"

namespace tabletop::ai {

using json = nlohmann::json;

// The search's clock (MctsAgent::set_clock); empty: the steady clock.
using SearchClock = std::function<std::chrono::steady_clock::time_point()>;
// Asked a few times a second while the search runs (from its thread); once it answers true the
// search is stopped (Agent::stop) and the answer is its best so far. Empty: never.
using StopWhen = std::function<bool()>;

// What the search would play for the seat to move.
struct Hint {
  std::string move;         // in the game's notation
  double win_chance = 0;    // the seat's estimated chance of winning after it
  uint64_t iterations = 0;  // the search's iterations (0: the only legal move, no search)
};

// The positions the seat to move of `record` (a game of `game`, not over) has seen: its
// position_text (loops.h: its observation without the move counter) at the start and after every
// move so far; none when the record does
// not replay from its seed (a hint then goes without, rather than failing).
std::vector<std::string> seen_positions(const Game& game, const Record& record);

// The hint for the seat to move in `state` (not terminal) by the search `spec` (an `ismcts` spec;
// the CLI and the server use the lobby's hard level). Throws BadParams for a spec that is not an
// ismcts search.
//
// `seen` (seen_positions): a checked move after which the seat would see one of them again goes
// round in a loop (a step taken back, an attack that can only tie repeated): the hint gives the
// best checked move that does not, unless the loop is worth kLoopMargin more (loops.h). Nothing is
// seen again where a move reveals something: its observation holds a sample's draw.
Hint hint(const State& state, const std::string& spec, uint64_t seed, SearchClock clock = {},
          StopWhen stop_when = {}, const std::vector<std::string>& seen = {});

// One move of a finished game, as the analysis judged it.
struct MoveAnalysis {
  int ply = 0;  // 1-based: the move's number
  Seat seat = 0;
  std::string move;       // as played
  std::string preferred;  // what the search would have played (it may tie with `move`)
  double before = 0;      // the mover's chance of winning before the move (with the preferred one)
  double after = 0;       // ... after the move played
  bool forced = false;    // the only legal move
  bool refuted = false;   // the reply check: an answer takes what the preferred move keeps
  bool marked = false;  // refuted, or among the moves that lost the most (kMarkedLoss, kMostMarked)
  uint64_t iterations = 0;
  double loss() const { return before - after; }
};

// The analysis of one move: `played` (legal in `before`, not terminal) judged by `spec` from what
// its mover may know only. `ply` and `move` are left for the caller.
MoveAnalysis analyse_move(const State& before, Move played, const std::string& spec, uint64_t seed,
                          SearchClock clock = {});

// The reply check judges every move of a perfect-information game (one sample each: all 96 swaps
// of Relativity), else the search's kCheckedMoves most visited; and always the search's choice and
// the move played.
inline constexpr int kCheckedMoves = 6;
// A checked move is better than another, and a move refuted, by this much chance of winning.
inline constexpr double kRefutedBy = 0.05;

// A move is marked when it is refuted, or when it lost at least this much chance of winning ...
inline constexpr double kMarkedLoss = 0.10;
// ... and is among this many largest losses of the game.
inline constexpr int kMostMarked = 5;

// The preferred move is shown as better than the one played when it wins at least this much more
// (a smaller difference is a tie within the search's noise).
inline constexpr double kBetterBy = 0.01;

// The analysis's search at `iterations` a move; the default is small enough that analysing a game
// takes less time than playing it (scripts/analysis-speed times it). opponents=search: a
// game's tuned opponent model (its search_lines; the card game's) costs tens of times more per
// iteration. The CLI's `analyse` and the server's analyses (`serve --analysis-iterations`) both
// search with it.
inline constexpr int kAnalysisIterations = 2000;
inline std::string analysis_spec(int iterations = kAnalysisIterations) {
  return "ismcts:iterations=" + std::to_string(iterations) + ",opponents=search";
}

// The analysis's budget follows the position: the `iterations=N` of its spec stand for a position
// of kTypicalMoves legal moves, and a position of L is searched N * L / kTypicalMoves iterations,
// between N / 2 and 2 * N (a search spreads its iterations over the root's moves: 96 Relativity
// swaps get twice a 20-move position's). A spec without `iterations` is returned as it is.
inline constexpr int kTypicalMoves = 32;
std::string spec_for_position(const std::string& spec, std::size_t legal_moves);

struct Analysis {
  std::string spec;
  std::vector<MoveAnalysis> moves;
  uint64_t iterations = 0;  // summed over the moves
  double seconds = 0;       // the searches' wall-clock time
};

// Analyses a record move by move, one step at a time (the server runs one step per job so that
// players' computer seats go first between them).
class Analyser {
 public:
  // Replays `record` (throws BadRecord naming the problem, as `replay` does) and prepares to
  // analyse its moves with `spec` (throws BadParams for a spec that is not an ismcts search).
  Analyser(const Registry& registry, const Record& record, std::string spec, uint64_t seed);
  ~Analyser();
  int total() const { return int(moves_.size()); }
  int done() const { return int(result_.moves.size()); }
  bool finished() const { return done() == total(); }
  // Analyses the next move. Precondition: !finished().
  void step(SearchClock clock = {});
  // The analysis so far, its marks set over the moves analysed.
  Analysis result() const;
  const Game& game() const { return *game_; }

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  std::vector<std::string> moves_;
  std::string spec_;
  uint64_t seed_;
  Analysis result_;
};

// The whole analysis at once (`tabletop analyse`).
Analysis analyse(const Registry& registry, const Record& record, const std::string& spec,
                 uint64_t seed);

// {"spec", "iterations", "seconds", "moves": [{"ply", "seat", "move", "preferred", "before",
// "after", "loss", "forced", "refuted", "marked"}], "marked": [plies]}; chances rounded to 0.001.
json analysis_json(const Analysis& analysis);

}  // namespace tabletop::ai
