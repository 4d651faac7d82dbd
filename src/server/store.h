// The server's database: every match and its move log, behind one interface with two
// implementations (store_sqlite.h: one SQLite file, the default; store_pg.h: PostgreSQL, shared by
// several `tabletop serve` processes). `open_store` picks by the `--db` text.
//
// Contract of every implementation:
//   - Durability: each write method returns only after its transaction committed, so a move is
//     stored before the caller acknowledges or broadcasts it.
//   - Thread safety: every method may be called from any thread.
//   - One history per match: a change of the game moves the match from seq N to N + 1 and is
//     written only if the row is still at N (`append_move`, `truncate_moves`, `update_seats`
//     answer Write::kStale otherwise and change nothing). Of two writers at one seq exactly one
//     wins, whatever process they are in; so every seq names one state of the match.
//   - Several processes (`shared()`; PostgreSQL only): every committed change is announced to the
//     other processes (`listen`), and a computer seat is played only by the process holding the
//     match's lease (`claim_lease`), which expires `lease_s` after its holder stopped renewing it
//     (a process killed); a seat's presence (a viewer holding it) is noted likewise, so that a
//     takeover sees viewers of every process. With SQLite (one process) the lease is always this
//     process's own and nothing is announced.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
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
  bool hints = false;
  // Who created the match, for the computer pool's fairness across addresses (computer_pool.h):
  // hash_token(client address), never the address itself; empty for a match made before it.
  std::string owner;  // the creator allowed hints (room.h, Room::hint)
  std::optional<int> takeover_after_s;
  std::string status = "running";  // open | running | finished
  long long seq = 0;
  long long created_at = 0;        // seconds since the epoch
  json result;                     // null until finished
  std::vector<std::string> moves;  // in order, ply 0 first (load_from: from its `from` on)
  long long moves_total = 0;       // how many moves the log holds (all of them, for load_from)
  // The seat to move, for the lobby list (which reads rows, not rooms) and for the processes
  // looking for computer seats to play: valid only at the seq it was written at. nullopt when not
  // known (the match moved on since, or a database from before the column) or finished.
  std::optional<int> to_move;
};

// An uploaded Conspiracy TCG deck (POST /api/decks; src/server/deck_routes.h): the file as sent,
// "vcf" or "json", the players' army annotations by card index, the deck as checked (the JSON
// GET /api/decks/ID answers, written at the upload and at each annotation, so that reading a
// deck never parses it again) and the hash of its owner's key (secrets.h's hash_token: the key
// the upload answered, which deletes the deck).
struct StoredDeck {
  std::string id;
  std::string name;
  std::string format;
  std::string text;
  json annotations = json::object();  // {"3": "Animals", ...}
  long long created_at = 0;
  std::string checked;     // checked_deck_json with the annotations applied, dumped ("": unknown)
  std::string owner_hash;  // "": no owner key (a deck uploaded before keys existed)
};

// The outcome of a write conditional on the match's seq.
enum class Write {
  kDone,   // committed
  kStale,  // the row was not at the expected seq (another writer got there first): nothing written
};

// A change committed by another process (Store::listen): match `match` is now at `seq` (or later).
// An empty `match` means "any match may have changed" (the announcements were interrupted, e.g.
// the database connection was lost and made again): every match held in memory must be read again.
struct Change {
  std::string match;
  long long seq = 0;
};

struct StoreOptions {
  bool sync_full = false;  // SQLite: fsync at every commit (survives a power loss)
  double lease_s = 5;      // PostgreSQL: seconds a computer seat's lease lasts unrenewed
  int connections = 4;     // PostgreSQL: connections in the pool (besides the listening one)
};

class Store {
 public:
  virtual ~Store() = default;

  // Inserts a new match (its `moves` must be empty).
  virtual void create(const StoredMatch& match) = 0;
  // Appends move number `ply` (0-based) and moves the match from seq `seq` - 1 to `seq`, in one
  // transaction; kStale (nothing written) if the match is not at `seq` - 1.
  virtual Write append_move(const std::string& id, long long ply, const std::string& move,
                            long long seq) = 0;
  // Deletes every move from `ply` on and moves the match from `seq` - 1 to `seq` (undo), in one
  // transaction; kStale as append_move.
  virtual Write truncate_moves(const std::string& id, long long ply, long long seq) = 0;
  // Notes that at `seq` seat `to_move` (-1: none) is to move.
  virtual void set_to_move(const std::string& id, int to_move, long long seq) = 0;
  // Replaces the seat list `before` (as stored at `seq_before`) with `seats` and sets status and
  // seq (a seat claimed: the same seq; a takeover: the next); kStale (nothing written) if the row
  // no longer has `before` at `seq_before`.
  virtual Write update_seats(const std::string& id, const json& before, long long seq_before,
                             const json& seats, const std::string& status, long long seq) = 0;
  // Marks the match finished with its result.
  virtual void finish(const std::string& id, const json& result) = 0;

  // Decks: an upload, its annotations replaced, one by id. A snapshot is the deck as a match
  // plays it (JSON text, never changed), under a random key of its match's own (deck_routes.h).
  virtual void create_deck(const StoredDeck& deck) = 0;
  virtual void set_deck_annotations(const std::string& id, const json& annotations,
                                    const std::string& checked) = 0;
  virtual std::optional<StoredDeck> load_deck(const std::string& id) = 0;
  // Removes deck `id` (its owner asked: DELETE /api/decks/ID) and its uses; the snapshots matches
  // already play stay theirs. Answers whether there was such a deck.
  virtual bool delete_deck(const std::string& id) = 0;
  virtual void put_deck_snapshot(const std::string& hash, const std::string& content) = 0;
  virtual std::optional<std::string> load_deck_snapshot(const std::string& hash) = 0;
  // Deck lifetime (serve --deck-expiry-days; deck_routes.h's DeckSweeper): a deck is touched
  // when it is read, annotated or given to a match; note_deck_use records that snapshot `hash`
  // was made of deck `id`. sweep_decks removes, in one transaction, the decks last touched before
  // `deck_cutoff` (seconds since the epoch) that no unfinished match plays (through a snapshot of
  // them), and the snapshots made before `snapshot_cutoff` that no match at all names (a match
  // keeps its snapshots as long as the match is kept). Answers {decks, snapshots} removed. With
  // several processes each sweeps; the deletes are idempotent.
  virtual void touch_deck(const std::string& id, long long now) = 0;
  virtual void note_deck_use(const std::string& id, const std::string& hash) = 0;
  virtual std::pair<int, int> sweep_decks(long long deck_cutoff, long long snapshot_cutoff) = 0;

  // Post-game analyses (analysis.h), stored with the match they judge: the analysis of finished
  // match `id` made by the search `spec` (ai::analysis_spec), as JSON text. The first one written
  // for a match and spec is kept (two processes may both make it; the same seed makes the same
  // figures); load_analysis answers nullopt until one is. The match must exist.
  virtual void put_analysis(const std::string& id, const std::string& spec,
                            const std::string& analysis) = 0;
  virtual std::optional<std::string> load_analysis(const std::string& id,
                                                   const std::string& spec) = 0;

  // The match with its move log, or nullopt.
  virtual std::optional<StoredMatch> load(const std::string& id) = 0;
  // The match with only the moves from ply `from` on (a room catching up reads what it lacks),
  // `moves_total` counting them all, as of one moment; or nullopt.
  virtual std::optional<StoredMatch> load_from(const std::string& id, long long from) = 0;
  // How many matches are not finished.
  virtual long long unfinished() = 0;
  // The rows (without moves) with `status` (all when empty), newest first, at most `limit`.
  virtual std::vector<StoredMatch> list(const std::string& status, int limit) = 0;

  // --- Several processes (see the contract above) ---
  // Whether other processes may share this database (PostgreSQL).
  virtual bool shared() const = 0;
  // Takes (or keeps) the lease of match `id`'s computer seats for this process: true if this
  // process holds it now, false while another live process does.
  virtual bool claim_lease(const std::string& id) = 0;
  // Renews every lease this process holds (run every lease_s / 3 by the lobby).
  virtual void renew_leases() = 0;
  // Gives the lease up (the room left memory, the server stops).
  virtual void release_lease(const std::string& id) = 0;
  // Unfinished matches, at most `limit`, where a computer seat is (or may be: the row does not
  // say who is to move) to move and no live process holds the lease: a dead process's matches,
  // for the lobby to load and play. Always empty with one process.
  virtual std::vector<std::string> orphans(int limit) = 0;
  // Notes whether a viewer of this process holds seat `seat` of match `id` (called when the
  // seat's first viewer here comes and its last goes); renewed with the leases while held, so that
  // a dead process's viewers count as gone once its renewal lapses. Nothing with one process.
  virtual void note_presence(const std::string& id, int seat, bool connected) = 0;
  // Whether a viewer of another live process holds seat `seat` of match `id`, or left it less
  // than `within_s` seconds ago (a takeover asks that the seat be gone everywhere). Always false
  // with one process.
  virtual bool seen_elsewhere(const std::string& id, int seat, double within_s) = 0;
  // Calls `on_change` (on a thread of the store's own) for every change another process commits,
  // until the store is destroyed. Nothing happens with one process.
  virtual void listen(std::function<void(const Change&)> on_change) = 0;
  // Stops calling back; returns once no call is under way (before what it calls goes away).
  virtual void unlisten() = 0;
};

// `where` is a `postgresql://` (or `postgres://`) URL: PostgreSQL (store_pg.h); anything else is
// the path of a SQLite file (":memory:" for a private in-memory one). Throws std::runtime_error
// with one line naming the database (its password left out) and the reason if it cannot open it.
std::unique_ptr<Store> open_store(const std::string& where, const StoreOptions& options = {});

// `where` fit to print: a URL's password replaced by "***".
std::string database_name(const std::string& where);

}  // namespace tabletop::server
