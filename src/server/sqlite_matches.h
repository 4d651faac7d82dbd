// Matches and their moves on SQLite (match_store.h). The writes conditional on seq check it in
// their transaction (`UPDATE ... WHERE seq = N`), which the one connection makes atomic.
#pragma once

#include "server/match_store.h"
#include "server/sqlite_connection.h"

namespace tabletop::server {

class SqliteMatches final : public MatchStore {
 public:
  explicit SqliteMatches(SqliteConnection& connection);

  void create(const StoredMatch& match) override;
  Write append_move(const std::string& id, long long ply, const std::string& move, long long seq,
                    const ClockAfter& clock) override;
  Write truncate_moves(const std::string& id, long long ply, long long seq,
                       const ClockAfter& clock) override;
  void set_to_move(const std::string& id, int to_move, long long seq) override;
  Write update_seats(const std::string& id, const json& before, long long seq_before,
                     const json& seats, const std::string& status, long long seq,
                     const ClockAfter& clock) override;
  std::vector<std::string> clock_expired(long long now_ms, int limit) override;
  void finish(const std::string& id, const json& result) override;
  std::optional<StoredMatch> load(const std::string& id) override;
  std::optional<StoredMatch> load_from(const std::string& id, long long from) override;
  long long unfinished() override;
  std::vector<StoredMatch> list(const std::string& status, int limit) override;
  std::vector<std::string> stalled(long long cutoff, int limit) override;
  std::vector<std::string> remove_ended(long long cutoff) override;

 private:
  // Moves match `id` from seq `seq` - 1 to `seq` (in the caller's transaction, lock held); false
  // when it is not at `seq` - 1.
  bool advance(const std::string& id, long long seq);
  // Stores `clock` unless it is null (in the caller's transaction, lock held).
  void store_clock(const std::string& id, const ClockAfter& clock);

  SqliteConnection& c_;
  // append_move's statements, prepared once (it runs for every move).
  SQLite::Statement insert_move_;
  SQLite::Statement update_seq_;
  SQLite::Statement update_clock_;
};

}  // namespace tabletop::server
