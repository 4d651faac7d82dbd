// The store on PostgreSQL (libpqxx): several `tabletop serve` processes share one database, which
// is both the truth and the bus between them (DESIGN.md, "Serving strangers, and more than one
// process").
//
// - Connections: a small pool (StoreOptions::connections), each with every statement prepared
//   once; a call borrows one for its transaction (and waits while all are busy). A connection
//   found broken is replaced at its next use; the call that found it fails (a write whose commit
//   was in doubt is not retried: the caller reports an error and the room reads the match again).
// - Schema: schema.h's steps in PostgreSQL's types, plus `leases` and `presence`; the version in
//   `schema_version` (one row). Each step is applied in a transaction under an advisory lock, so
//   that processes starting together apply it once.
// - One history per match: a write conditional on seq is `UPDATE matches ... WHERE id = $1 AND
//   seq = N` first in its transaction. The row lock makes a second writer wait; when the first
//   commits, PostgreSQL re-reads the row for the second, whose WHERE then fails: zero rows, kStale,
//   rolled back. The moves' primary key (match, ply) stands behind it.
// - Durability: a change commits with PostgreSQL's `synchronous_commit` (on by default: the commit
//   waits for the WAL on disk), except `set_to_move`, a hint, which does not wait.
// - Announcements: each committed change of a match runs `pg_notify('tabletop_matches',
//   '<id> <seq> <holder>')` in its transaction (delivered on commit, in commit order). `listen`
//   starts a thread with a connection of its own that LISTENs on the channel and calls back for
//   every announcement of another holder; when that connection breaks it connects again (every
//   second) and calls back with an empty match (everything must be read again).
// - Leases: `leases` (match, holder, expires_at), claimed with INSERT ... ON CONFLICT DO UPDATE
//   ... WHERE the holder is this process or the lease expired (the row lock again makes exactly
//   one of two claimers win), renewed in one UPDATE of every lease of the holder, expiring on the
//   database's clock (no clock of the processes' machines is compared). `presence` (match, seat,
//   holder, connected, changed_at, expires_at) is renewed the same way while connected. The holder
//   is
//   "<host>/<pid>/<random>", new for each process.
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "server/store.h"

namespace tabletop::server {

class PgStore final : public Store {
 public:
  // Connects to `url` (postgresql://user[:password]@host[:port]/database), creates the schema if
  // needed. Throws std::runtime_error with libpq's reason if it cannot.
  PgStore(const std::string& url, const StoreOptions& options);
  // Stops the listening thread and closes the connections (leases are left to expire).
  ~PgStore() override;

  void create(const StoredMatch& match) override;
  Write append_move(const std::string& id, long long ply, const std::string& move,
                    long long seq) override;
  Write truncate_moves(const std::string& id, long long ply, long long seq) override;
  void set_to_move(const std::string& id, int to_move, long long seq) override;
  Write update_seats(const std::string& id, const json& before, long long seq_before,
                     const json& seats, const std::string& status, long long seq) override;
  void finish(const std::string& id, const json& result) override;

  void create_deck(const StoredDeck& deck) override;
  void set_deck_annotations(const std::string& id, const json& annotations,
                            const std::string& checked) override;
  std::optional<StoredDeck> load_deck(const std::string& id) override;
  bool delete_deck(const std::string& id) override;
  void put_deck_snapshot(const std::string& hash, const std::string& content) override;
  std::optional<std::string> load_deck_snapshot(const std::string& hash) override;
  void touch_deck(const std::string& id, long long now) override;
  void note_deck_use(const std::string& id, const std::string& hash) override;
  std::pair<int, int> sweep_decks(long long deck_cutoff, long long snapshot_cutoff) override;
  void put_analysis(const std::string& id, const std::string& spec,
                    const std::string& analysis) override;
  std::optional<std::string> load_analysis(const std::string& id, const std::string& spec) override;

  std::optional<StoredMatch> load(const std::string& id) override;
  std::optional<StoredMatch> load_from(const std::string& id, long long from) override;
  long long unfinished() override;
  std::vector<StoredMatch> list(const std::string& status, int limit) override;

  bool shared() const override { return true; }
  bool claim_lease(const std::string& id) override;
  void renew_leases() override;
  void release_lease(const std::string& id) override;
  std::vector<std::string> orphans(int limit) override;
  void note_presence(const std::string& id, int seat, bool connected) override;
  bool seen_elsewhere(const std::string& id, int seat, double within_s) override;
  void listen(std::function<void(const Change&)> on_change) override;
  void unlisten() override;

  // This process's holder id (leases, announcements).
  const std::string& holder() const { return holder_; }

 private:
  struct Connection;  // a pqxx::connection (kept out of this header)
  class Borrowed;     // a connection of the pool, given back when it goes
  Borrowed borrow();
  // Runs prepared statement `statement` with `args` in a transaction of its own and commits it.
  template <class... Args>
  void write(const char* statement, const Args&... args);
  // The first column of the first row prepared statement `statement` answers, or nullopt.
  template <class... Args>
  std::optional<std::string> read_text(const char* statement, const Args&... args);
  std::unique_ptr<Connection> connect() const;

  const std::string url_;
  const StoreOptions options_;
  const std::string holder_;
  std::mutex mutex_;
  std::condition_variable returned_;
  std::vector<std::unique_ptr<Connection>> idle_;  // connections not in use
  int out_ = 0;                                    // connections in use
  std::atomic<bool> stopping_{false};
  std::thread listener_;
};

}  // namespace tabletop::server
