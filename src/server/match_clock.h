// Time control of a match (docs/server.md, Clocks): none, real-time or turn-based, chosen by its
// creator, and the clock of every seat.
//
// Real-time: each seat has `base_ms` for the whole match; the clock of the seat to move runs, and
// a move takes the time it took off the mover's clock and adds `increment_ms`. Turn-based: each
// move may take `per_move_ms` (days); the seat to move has that much from the start of its turn,
// and the others show it whole. No clock runs before the match's first move (a match waits for
// its players; the abandon sweep, match_sweeper.h, ends one that never starts), nor after its end.
//
// What happens when the seat to move runs out (`on_timeout`) is the Room's (room_clock.cc):
// a computer takes the seat, or the seat loses on time. A computer seat's clock runs and is
// charged for its thinking, but a computer is never flagged: its search is bounded by its level
// (seconds a move), and the time rule is for people.
//
// The clock is stored with the match (StoredMatch::clock, this class's `to_json`): every seat's
// remaining time as of the start of the current turn, the seat whose clock runs and when its turn
// began, so it survives a restart and every process reads the same clock. Time is read through a
// `Clock` (server/clock.h), never the machine's directly, so tests run a clock out at once.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace tabletop::server {

using json = nlohmann::json;

// What the creator chose (POST /api/matches "clock"; docs/server.md for the bounds).
struct TimeControl {
  enum class Mode { kNone, kRealTime, kTurnBased };
  Mode mode = Mode::kNone;
  long long base_ms = 0;         // real-time: each seat's time for the match
  long long increment_ms = 0;    // real-time: added to the mover's clock after each move
  long long per_move_ms = 0;     // turn-based: the time of one move
  bool loss_on_timeout = false;  // false: a computer takes the seat; true: the seat loses

  // Bounds of the create request (docs/server.md).
  static constexpr int kMinMinutes = 1, kMaxMinutes = 600;
  static constexpr int kMaxIncrementS = 600;
  static constexpr int kMinDays = 1, kMaxDays = 14;

  // The creator's "clock" field, checked as hostile input: null or absent (no clock), or
  // {"mode":"real-time","minutes":M,"increment_s":I,"on_timeout":R} or
  // {"mode":"turn-based","days":D,"on_timeout":R}, R "computer" or "loss". Throws BadInput naming
  // the field and its bounds.
  static TimeControl from_request(const json& field);
};

class MatchClock {
 public:
  MatchClock() = default;
  // A new match's clock: every seat has its whole time; none runs yet.
  MatchClock(TimeControl control, int seats);
  // Back from its stored form (`to_json`); a null or malformed one is no clock.
  static MatchClock from_json(const json& stored, int seats);
  // The stored form; null when the match has no clock.
  json to_json() const;

  bool on() const { return control_.mode != TimeControl::Mode::kNone; }
  const TimeControl& control() const { return control_; }
  // The seat whose clock runs, or -1.
  int running() const { return running_; }

  // `seat` moved at `now_ms` and `next` is to move (-1: none, the match is over). The first move
  // starts the clocks.
  void moved(int seat, long long now_ms, int next);
  // The seat to move changed without a move (an undo, a takeover): `next`'s turn starts at
  // `now_ms` with the time it had (no refund, no charge for the one whose turn ended). -1 stops.
  void turn_restarts(int next, long long now_ms);
  // The time `seat` has left at `now_ms` (negative past its time).
  long long left_ms(int seat, long long now_ms) const;
  // When the running seat's time runs out (ms since the epoch), or nullopt when none runs.
  std::optional<long long> deadline_ms() const;
  // The running seat if its time ran out at `now_ms`, else -1.
  int expired(long long now_ms) const;
  // The running seat ran out: its clock shows 0 and stops (the room then applies the rule).
  void flag(long long now_ms);

  // For viewers (docs/server.md): {"mode","on_timeout","increment_ms"|"per_move_ms",
  // "remaining_ms":[each seat's time left at now_ms],"running":seat|null,"now_ms"}; null without
  // a clock.
  json view(long long now_ms) const;

 private:
  TimeControl control_;
  std::vector<long long> remaining_ms_;  // as of the start of the current turn
  int running_ = -1;
  long long turn_started_ms_ = 0;
  bool started_ = false;  // the first move was played
};

}  // namespace tabletop::server
