// Matches and their move logs in the database (store.h; one part of a Store).
//
// One history per match: a change of the game moves the match from seq N to N + 1 and is written
// only if the row is still at N (`append_move`, `truncate_moves`, `update_seats` answer
// Write::kStale otherwise and change nothing). Of two writers at one seq exactly one wins,
// whatever process they are in; so every seq names one state of the match.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace tabletop::server {

using json = nlohmann::json;

// One match as stored. `seats` is the server's seat list as JSON (kinds, strengths, token
// hashes; see room.h); `result` is null until the end; `record` is the full record once finished.
struct StoredMatch {
  std::string id;
  std::string game;
  json params = json::object();
  uint64_t seed = 0;
  json seats = json::array();
  bool undo = false;
  bool hints = false;  // the creator allowed hints (room.h, Room::hint)
  // What spectators have of the table talk, as the creator chose (room_chat.h, SpectatorChat):
  // "read", "none" or "apart".
  std::string spectator_chat = "read";
  // Who created the match, for the computer pool's fairness across addresses (computer_pool.h):
  // hash_token(client address), never the address itself; empty for a match made before it.
  std::string owner;
  std::optional<int> takeover_after_s;
  std::string status = "running";  // open | running | finished | abandoned
  long long seq = 0;
  long long created_at = 0;        // seconds since the epoch
  json result;                     // null until finished
  std::vector<std::string> moves;  // in order, ply 0 first (load_from: from its `from` on)
  long long moves_total = 0;       // how many moves the log holds (all of them, for load_from)
  // The seat to move, for the lobby list (which reads rows, not rooms) and for the processes
  // looking for computer seats to play: valid only at the seq it was written at. nullopt when not
  // known (the match moved on since, or a database from before the column) or finished.
  std::optional<int> to_move;
  // The match's clock as MatchClock::to_json stores it (match_clock.h); null: no time control.
  json clock;
};

// The match's clock as a change leaves it, written in that change's own transaction (a crash
// cannot keep a move without the clock it charged): `clock` as MatchClock::to_json stores it, and
// `deadline_ms` (ms since the epoch; nullopt: none) when a person's clock runs out. A null `clock`
// (a match without time control, or a change that leaves the clock as it is) writes nothing of it.
struct ClockAfter {
  json clock;
  std::optional<long long> deadline_ms;
};

// The outcome of a write conditional on the match's seq.
enum class Write {
  kDone,   // committed
  kStale,  // the row was not at the expected seq (another writer got there first): nothing written
};

class MatchStore {
 public:
  virtual ~MatchStore() = default;

  // Inserts a new match (its `moves` must be empty).
  virtual void create(const StoredMatch& match) = 0;
  // Appends move number `ply` (0-based), moves the match from seq `seq` - 1 to `seq` and stores
  // `clock`, in one transaction; kStale (nothing written) if the match is not at `seq` - 1.
  virtual Write append_move(const std::string& id, long long ply, const std::string& move,
                            long long seq, const ClockAfter& clock) = 0;
  // Deletes every move from `ply` on, moves the match from `seq` - 1 to `seq` (undo) and stores
  // `clock`, in one transaction; kStale as append_move.
  virtual Write truncate_moves(const std::string& id, long long ply, long long seq,
                               const ClockAfter& clock) = 0;
  // Notes that at `seq` seat `to_move` (-1: none) is to move.
  virtual void set_to_move(const std::string& id, int to_move, long long seq) = 0;
  // Replaces the seat list `before` (as stored at `seq_before`) with `seats` and sets status and
  // seq (a seat claimed: the same seq; a takeover: the next) and stores `clock`, in one
  // transaction; kStale (nothing written) if the row no longer has `before` at `seq_before`.
  virtual Write update_seats(const std::string& id, const json& before, long long seq_before,
                             const json& seats, const std::string& status, long long seq,
                             const ClockAfter& clock) = 0;
  // Unfinished matches whose noted deadline is at or before `now_ms`, the earliest first, at most
  // `limit` (the clock sweep, clock_sweeper.h).
  virtual std::vector<std::string> clock_expired(long long now_ms, int limit) = 0;
  // Marks the match finished with its result.
  virtual void finish(const std::string& id, const json& result) = 0;

  // The match with its move log, or nullopt.
  virtual std::optional<StoredMatch> load(const std::string& id) = 0;
  // The match with only the moves from ply `from` on (a room catching up reads what it lacks),
  // `moves_total` counting them all, as of one moment; or nullopt.
  virtual std::optional<StoredMatch> load_from(const std::string& id, long long from) = 0;
  // How many matches are neither finished nor abandoned.
  virtual long long unfinished() = 0;
  // The rows (without moves) with `status` (all when empty), newest first, at most `limit`.
  virtual std::vector<StoredMatch> list(const std::string& status, int limit) = 0;

  // Match lifetime (match_sweeper.h). Every write that changes a match (a move, an undo, its seats
  // or status, its end) notes when (seconds since the epoch; its creation time until then).
  // `stalled`: the open and running matches last changed before `cutoff`, the oldest first, at
  // most `limit`. `remove_ended`: removes, in one transaction, the finished and abandoned matches
  // last changed before `cutoff` with their moves, table talk and analyses (and, PostgreSQL,
  // leases and presence); answers their ids.
  virtual std::vector<std::string> stalled(long long cutoff, int limit) = 0;
  virtual std::vector<std::string> remove_ended(long long cutoff) = 0;
};

}  // namespace tabletop::server
