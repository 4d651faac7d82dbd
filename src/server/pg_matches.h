// Matches and their moves on PostgreSQL (match_store.h).
//
// One history per match: a write conditional on seq is `UPDATE matches ... WHERE id = $1 AND seq
// = N` first in its transaction. The row lock makes a second writer wait; when the first commits,
// PostgreSQL re-reads the row for the second, whose WHERE then fails: zero rows, kStale, rolled
// back. The moves' primary key (match, ply) stands behind it. Each committed change is announced
// in its transaction (pg_coordination.h). A change commits with PostgreSQL's
// `synchronous_commit` (on by default: the commit waits for the WAL on disk), except
// `set_to_move`, a hint, which does not wait.
#pragma once

#include "server/match_store.h"
#include "server/pg_pool.h"

namespace tabletop::server {

class PgMatches final : public MatchStore {
 public:
  // `holder`: this process's name in announcements (pg_coordination.h).
  PgMatches(PgPool& pool, const std::string& holder) : pool_(pool), holder_(holder) {}
  // The statements it runs, for the pool to prepare.
  static const PgStatements& statements();

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
  // Stores `clock` unless it is null, in `t`.
  static void store_clock(pqxx::work& t, const std::string& id, const ClockAfter& clock);

  PgPool& pool_;
  const std::string& holder_;
};

}  // namespace tabletop::server
