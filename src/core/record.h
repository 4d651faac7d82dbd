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

// A game in progress with its record: the state has recording on.
class Match {
 public:
  Match(std::shared_ptr<const Game> game, uint64_t seed, std::vector<std::string> seats = {});

  State& state() { return *state_; }
  const State& state() const { return *state_; }
  // Applies a legal move (throws BadMove otherwise) and records its notation.
  void play(Move move);
  void play_text(std::string_view text);
  // Takes back the last `count` moves by replaying the record without them.
  void undo(int count = 1);
  // The record so far (with the result once terminal).
  Record record() const;

 private:
  std::shared_ptr<const Game> game_;
  uint64_t seed_;
  std::vector<std::string> seats_;
  std::vector<std::string> moves_;
  std::unique_ptr<State> state_;
};

}  // namespace tabletop
