// The default store: one SQLite file in WAL mode, for one `tabletop serve` process.
//
// Each commit writes the WAL (which survives the server process being killed) before the method
// returns; with `sync_full` SQLite also fsyncs at every commit (survives a power loss, at a cost
// per move). One connection, serialised by a mutex. The writes conditional on seq check it in
// their transaction (`UPDATE ... WHERE seq = N`), which the one connection makes atomic. One
// process: `shared()` is false, every lease is this process's own, nothing is announced. Schema:
// schema.h's steps, the version in `PRAGMA user_version`.
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>
#include <SQLiteCpp/VariadicBind.h>

#include <mutex>

#include "server/store.h"

namespace tabletop::server {

class SqliteStore final : public Store {
 public:
  // Opens (creating if needed) the database at `path` (":memory:" for a private in-memory one).
  // Throws SQLite::Exception if it cannot.
  explicit SqliteStore(const std::string& path, bool sync_full = false);

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

  bool shared() const override { return false; }
  bool claim_lease(const std::string&) override { return true; }
  void renew_leases() override {}
  void release_lease(const std::string&) override {}
  std::vector<std::string> orphans(int) override { return {}; }
  void note_presence(const std::string&, int, bool) override {}
  bool seen_elsewhere(const std::string&, int, double) override { return false; }
  void listen(std::function<void(const Change&)>) override {}
  void unlisten() override {}

 private:
  // Moves match `id` from seq `seq` - 1 to `seq` (in the caller's transaction, lock held); false
  // when it is not at `seq` - 1.
  bool advance(const std::string& id, long long seq);
  // Runs the one write `sql` with `texts` bound in order, under the lock (its own transaction).
  template <class... Texts>
  void write(const char* sql, const Texts&... texts);
  // The first column of the first row `sql` answers with `texts` bound in order, or nullopt.
  template <class... Texts>
  std::optional<std::string> read_text(const char* sql, const Texts&... texts);

  std::mutex mutex_;
  SQLite::Database db_;
  // append_move's statements, prepared once (it runs for every move).
  SQLite::Statement insert_move_;
  SQLite::Statement update_seq_;
};

}  // namespace tabletop::server
