// The server's database: every match and its move log in one SQLite file, in WAL mode.
//
// Durability contract: each write method returns only after its transaction committed, so a
// move is on disk (in the WAL, which survives the server process being killed) before the caller
// acknowledges or broadcasts it. With `sync_full` SQLite also fsyncs at every commit (survives a
// power loss, at a cost per move). One connection, serialised by a mutex: every method may be
// called from any thread.
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <mutex>
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
  std::optional<int> takeover_after_s;
  std::string status = "running";  // open | running | finished
  long long seq = 0;
  long long created_at = 0;        // seconds since the epoch
  json result;                     // null until finished
  std::vector<std::string> moves;  // in order, ply 0 first
  // The seat to move, for the lobby list (which reads rows, not rooms): written when a room leaves
  // memory (set_to_move), valid only at the seq it was written at. nullopt when not known (the
  // match moved on since, or a database from before the column) or finished.
  std::optional<int> to_move;
};

// An uploaded Conspiracy TCG deck (POST /api/decks; src/server/deck_routes.h): the file as sent,
// "vcf" or "json", and the players' army annotations by card index.
struct StoredDeck {
  std::string id;
  std::string name;
  std::string format;
  std::string text;
  json annotations = json::object();  // {"3": "Animals", ...}
  long long created_at = 0;
};

class Store {
 public:
  // Opens (creating if needed) the database at `path` (":memory:" for a private in-memory one).
  // Throws SQLite::Exception if it cannot.
  explicit Store(const std::string& path, bool sync_full = false);

  // Inserts a new match (its `moves` must be empty).
  void create(const StoredMatch& match);
  // Appends move number `ply` (0-based) and sets the match's seq, in one transaction.
  void append_move(const std::string& id, long long ply, const std::string& move, long long seq);
  // Deletes every move from `ply` on and sets seq, in one transaction (undo).
  void truncate_moves(const std::string& id, long long ply, long long seq);
  // Notes that at `seq` seat `to_move` (-1: none) is to move.
  void set_to_move(const std::string& id, int to_move, long long seq);
  // Replaces the seat list, status and seq (a seat claimed, a takeover).
  void update_seats(const std::string& id, const json& seats, const std::string& status,
                    long long seq);
  // Marks the match finished with its result.
  void finish(const std::string& id, const json& result);

  // Decks: an upload, its annotations replaced, one by id. A snapshot is the deck as a match
  // plays it (JSON text, never changed), by the hash of its content.
  void create_deck(const StoredDeck& deck);
  void set_deck_annotations(const std::string& id, const json& annotations);
  std::optional<StoredDeck> load_deck(const std::string& id);
  void put_deck_snapshot(const std::string& hash, const std::string& content);
  std::optional<std::string> load_deck_snapshot(const std::string& hash);

  // The match with its move log, or nullopt.
  std::optional<StoredMatch> load(const std::string& id);
  // How many matches are not finished.
  long long unfinished();
  // The rows (without moves) with `status` (all when empty), newest first, at most `limit`.
  std::vector<StoredMatch> list(const std::string& status, int limit);

 private:
  std::mutex mutex_;
  SQLite::Database db_;
  // append_move's statements, prepared once (it runs for every move).
  SQLite::Statement insert_move_;
  SQLite::Statement update_seq_;
};

}  // namespace tabletop::server
