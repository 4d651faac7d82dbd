// Records: a whole game as JSON, replayable exactly.
//
// A record holds the game id, its params, the seed, the seats (agent specs or "human"), the moves
// in the game's notation, every chance outcome in the order drawn, and the result. Replaying
// scripts the chance outcomes (so a record stays valid even if the generator changes), applies the
// moves one by one with full legality checks, and checks that every outcome was used and the result
// matches.
//
// Match is how the CLI, simulator and server play a game while writing its record.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/registry.h"

namespace tabletop {

struct Record {
  std::string game;
  json params = json::object();
  uint64_t seed = 0;
  std::vector<std::string> seats;
  std::vector<std::string> moves;
  std::vector<uint32_t> chance;
  std::optional<std::vector<double>> result;  // returns per seat, once the game is over

  json to_json() const;
  // Throws BadRecord naming the missing or ill-typed field.
  static Record from_json(const json& j);
};

// Replays `record`; returns the final state. Throws BadRecord naming the first move that does not
// parse or is illegal (with its index), unused chance outcomes, or a result that differs.
std::unique_ptr<State> replay(const Registry& registry, const Record& record);

// The record as a PPN file, through the game's GameEntry::record_ppn. Throws BadRecord naming the
// game when it has no PPN writer, or the problem when the record does not replay or cannot be
// written.
std::string record_to_ppn(const Registry& registry, const Record& record);
// True when the game `game_id` has a PPN writer.
bool has_ppn_writer(const Registry& registry, const std::string& game_id);

// A game in progress with its record: the state has recording on.
class Match {
 public:
  Match(std::shared_ptr<const Game> game, uint64_t seed, std::vector<std::string> seats = {});

  State& state() { return *state_; }
  const State& state() const { return *state_; }
  // Applies a legal move (throws BadMove otherwise) and records its notation.
  void play(Move move);
  void play_text(std::string_view text);
  // Takes back the last `count` moves by replaying the record without them. No policy: for tools
  // and tests (it can replay a chance outcome the players have seen); players use undo_own.
  void undo(int count = 1);

  // The undo policy. Empty when `seat` may take back its own last decision (undo_own), else one
  // sentence saying why not: the game is over; `seat` is not a seat or has made no move; a move
  // since that decision (its own included) drew a chance outcome (a die, a shuffle, a draw: taking
  // it back would let the seat see the future and choose again), revealed hidden information
  // (State::reveals), or was made by another human seat (seat spec "human"; with no seat specs
  // every seat counts as human). Moves of computer seats in between are taken back too. The
  // sentence is fit for `seat` to read: it names a move by its number, and quotes its text only
  // when `seat` made it ("the dice have been rolled or pieces drawn since (move 4 (seat 3's move)):
  // ..."): another seat's move text may be hidden from `seat`. Plain words: it is shown to players.
  std::string why_no_undo(Seat seat) const;
  // Whether undo_own could surely take `move` back once the seat to move has played it here and
  // every computer seat has answered: the game has no hidden information (worked out on the truth,
  // the answer could tell the seat what it may not know: that a move completes another seat's
  // secret goal), the move does not end the game, draws no chance outcome and reveals nothing
  // (State::reveals), and it does not hand the turn to a computer seat (a seat spec other than
  // "human") in a game with chance, whose answer comes at once and may draw (what it will be
  // cannot be known before). A human seat's move after it still closes the way back
  // (why_no_undo). A client asks before sending a move for which this is false. Costs a copy of
  // the state with `move` applied; `move` must be legal.
  bool undoable(Move move) const;
  // Back to the state in which `seat` made its own last decision (that move and every later one
  // taken back). Throws BadMove with why_no_undo's reason when refused. Because no taken-back
  // move drew chance, the next chance outcomes are exactly those the taken-back moves left
  // untouched: undo never lets anyone preview a roll.
  void undo_own(Seat seat);
  // The moves played so far, in notation.
  const std::vector<std::string>& moves() const { return moves_; }
  // The record so far (with the result once terminal).
  Record record() const;

 private:
  // What the undo policy needs to know of each move played.
  struct Step {
    Seat seat;         // who made it
    bool drew_chance;  // it drew at least one chance outcome
    bool revealed;     // State::reveals said so
  };
  bool human(Seat seat) const;
  std::shared_ptr<const Game> game_;
  uint64_t seed_;
  std::vector<std::string> seats_;
  std::vector<std::string> moves_;
  std::vector<Step> steps_;
  std::unique_ptr<State> state_;
};

}  // namespace tabletop
