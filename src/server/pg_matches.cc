#include "server/pg_matches.h"

namespace tabletop::server {

const PgStatements& PgMatches::statements() {
  static const PgStatements list = {
      {"create",
       "INSERT INTO matches (id, game, params, seed, seats, undo, takeover_after_s, status, seq,"
       " created_at, hints, owner, spectator_chat, clock) VALUES ($1, $2, $3, $4, $5, $6,"
       " NULLIF($7::integer, -1), $8, $9, $10, $11, $12, $13, NULLIF($14, ''))"},
      {"advance",
       "UPDATE matches SET seq = $2, changed_at = extract(epoch from now())::bigint"
       " WHERE id = $1 AND seq = $3"},
      {"insert_move", "INSERT INTO moves (match_id, ply, move) VALUES ($1, $2, $3)"},
      {"delete_moves", "DELETE FROM moves WHERE match_id = $1 AND ply >= $2"},
      {"notify", "SELECT pg_notify('tabletop_matches', $1)"},
      {"set_to_move",
       "UPDATE matches SET to_move = NULLIF($2::integer, -1), to_move_seq = $3 WHERE id = $1"},
      {"update_seats",
       "UPDATE matches SET seats = $2, status = $3, seq = $4,"
       " changed_at = extract(epoch from now())::bigint WHERE id = $1 AND seq = $5 AND"
       " seats = $6"},
      {"store_clock",
       "UPDATE matches SET clock = $2, clock_deadline_ms = NULLIF($3::bigint, -1) WHERE id = $1"},
      {"clock_expired",
       "SELECT id FROM matches WHERE clock_deadline_ms <= $1 AND status IN ('open', 'running')"
       " ORDER BY clock_deadline_ms LIMIT $2"},
      {"finish",
       "UPDATE matches SET status = 'finished', result = $2,"
       " changed_at = extract(epoch from now())::bigint WHERE id = $1"},
      {"load",
       "SELECT id, game, params, seed, seats, undo, takeover_after_s, status, seq, created_at,"
       " result, to_move, to_move_seq, hints, owner, spectator_chat, clock FROM matches"
       " WHERE id = $1"},
      {"load_moves", "SELECT move FROM moves WHERE match_id = $1 AND ply >= $2 ORDER BY ply"},
      {"count_moves", "SELECT COUNT(*) FROM moves WHERE match_id = $1"},
      {"unfinished", "SELECT COUNT(*) FROM matches WHERE status NOT IN ('finished', 'abandoned')"},
      {"stalled",
       "SELECT id FROM matches WHERE status IN ('open', 'running')"
       " AND COALESCE(changed_at, created_at) < $1"
       " ORDER BY COALESCE(changed_at, created_at) LIMIT $2"},
      {"ended",
       "SELECT id FROM matches WHERE status IN ('finished', 'abandoned')"
       " AND COALESCE(changed_at, created_at) < $1 FOR UPDATE"},
      {"list_all",
       "SELECT id, game, params, seed, seats, undo, takeover_after_s, status, seq, created_at,"
       " result, to_move, to_move_seq, hints, owner, spectator_chat, clock FROM matches"
       " ORDER BY created_at DESC, n DESC "
       "LIMIT "
       "$1"},
      {"list_status",
       "SELECT id, game, params, seed, seats, undo, takeover_after_s, status, seq, created_at,"
       " result, to_move, to_move_seq, hints, owner, spectator_chat, clock FROM matches"
       " WHERE status = $2"
       " ORDER BY created_at DESC, n DESC LIMIT $1"},
  };
  return list;
}

namespace {
// A row selected by "load"/"list_*", without its moves.
StoredMatch row(const pqxx::row& r) {
  StoredMatch m;
  m.id = r[0].as<std::string>();
  m.game = r[1].as<std::string>();
  m.params = json::parse(r[2].as<std::string>());
  m.seed = static_cast<uint64_t>(r[3].as<long long>());
  m.seats = json::parse(r[4].as<std::string>());
  m.undo = r[5].as<bool>();
  if (!r[6].is_null()) m.takeover_after_s = r[6].as<int>();
  m.status = r[7].as<std::string>();
  m.seq = r[8].as<long long>();
  m.created_at = r[9].as<long long>();
  if (!r[10].is_null()) m.result = json::parse(r[10].as<std::string>());
  if (!r[11].is_null() && !r[12].is_null() && r[12].as<long long>() == m.seq &&
      m.status != "finished")
    m.to_move = r[11].as<int>();
  m.hints = r[13].as<bool>();
  m.owner = r[14].as<std::string>();
  m.spectator_chat = r[15].as<std::string>();
  if (!r[16].is_null()) m.clock = json::parse(r[16].as<std::string>());
  return m;
}

std::string announcement(const std::string& id, long long seq, const std::string& holder) {
  return id + " " + std::to_string(seq) + " " + holder;
}
}  // namespace

void PgMatches::create(const StoredMatch& m) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  t.exec_prepared("create", m.id, m.game, m.params.dump(), static_cast<long long>(m.seed),
                  m.seats.dump(), m.undo, m.takeover_after_s.value_or(-1), m.status, m.seq,
                  m.created_at, m.hints, m.owner, m.spectator_chat,
                  m.clock.is_null() ? "" : m.clock.dump());
  t.commit();
}

void PgMatches::store_clock(pqxx::work& t, const std::string& id, const ClockAfter& clock) {
  if (clock.clock.is_null()) return;
  t.exec_prepared("store_clock", id, clock.clock.dump(), clock.deadline_ms.value_or(-1));
}

Write PgMatches::append_move(const std::string& id, long long ply, const std::string& move,
                             long long seq, const ClockAfter& clock) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  if (t.exec_prepared("advance", id, seq, seq - 1).affected_rows() == 0) return Write::kStale;
  t.exec_prepared("insert_move", id, ply, move);
  store_clock(t, id, clock);
  t.exec_prepared("notify", announcement(id, seq, holder_));
  t.commit();
  return Write::kDone;
}

Write PgMatches::truncate_moves(const std::string& id, long long ply, long long seq,
                                const ClockAfter& clock) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  if (t.exec_prepared("advance", id, seq, seq - 1).affected_rows() == 0) return Write::kStale;
  t.exec_prepared("delete_moves", id, ply);
  store_clock(t, id, clock);
  t.exec_prepared("notify", announcement(id, seq, holder_));
  t.commit();
  return Write::kDone;
}

void PgMatches::set_to_move(const std::string& id, int to_move, long long seq) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  // A hint (match_store.h: valid only at its seq; a row without it is read whole), so its commit
  // does not wait for the disk: one flush per move, the move's own, instead of two.
  t.exec("SET LOCAL synchronous_commit TO OFF");
  t.exec_prepared("set_to_move", id, to_move, seq);
  t.commit();
}

Write PgMatches::update_seats(const std::string& id, const json& before, long long seq_before,
                              const json& seats, const std::string& status, long long seq,
                              const ClockAfter& clock) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  if (t.exec_prepared("update_seats", id, seats.dump(), status, seq, seq_before, before.dump())
          .affected_rows() == 0)
    return Write::kStale;
  store_clock(t, id, clock);
  t.exec_prepared("notify", announcement(id, seq, holder_));
  t.commit();
  return Write::kDone;
}

std::vector<std::string> PgMatches::clock_expired(long long now_ms, int limit) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::read_transaction t(*c);
  std::vector<std::string> ids;
  for (const pqxx::row& r : t.exec_prepared("clock_expired", now_ms, limit))
    ids.push_back(r[0].as<std::string>());
  return ids;
}

void PgMatches::finish(const std::string& id, const json& result) {
  pool_.write("finish", id, result.dump());
}

std::optional<StoredMatch> PgMatches::load(const std::string& id) {
  return load_from(id, 0);
}

std::optional<StoredMatch> PgMatches::load_from(const std::string& id, long long from) {
  PgPool::Borrowed c = pool_.borrow();
  // One snapshot for the row and its moves (REPEATABLE READ), so they agree on seq.
  pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> t(*c);
  const pqxx::result r = t.exec_prepared("load", id);
  if (r.empty()) return std::nullopt;
  StoredMatch m = row(r[0]);
  for (const pqxx::row& move : t.exec_prepared("load_moves", id, from))
    m.moves.push_back(move[0].as<std::string>());
  m.moves_total = t.exec_prepared("count_moves", id)[0][0].as<long long>();
  return m;
}

long long PgMatches::unfinished() {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::read_transaction t(*c);
  return t.exec_prepared("unfinished")[0][0].as<long long>();
}

std::vector<StoredMatch> PgMatches::list(const std::string& status, int limit) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::read_transaction t(*c);
  const pqxx::result r = status.empty() ? t.exec_prepared("list_all", limit)
                                        : t.exec_prepared("list_status", limit, status);
  std::vector<StoredMatch> rows;
  for (const pqxx::row& one : r) rows.push_back(row(one));
  return rows;
}

std::vector<std::string> PgMatches::stalled(long long cutoff, int limit) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::read_transaction t(*c);
  std::vector<std::string> ids;
  for (const pqxx::row& r : t.exec_prepared("stalled", cutoff, limit))
    ids.push_back(r[0].as<std::string>());
  return ids;
}

std::vector<std::string> PgMatches::remove_ended(long long cutoff) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  std::vector<std::string> ids;
  for (const pqxx::row& r : t.exec_prepared("ended", cutoff)) ids.push_back(r[0].as<std::string>());
  for (const std::string& id : ids) {
    for (const char* table : {"moves", "chat_lines", "analyses", "leases", "presence"})
      t.exec_params(std::string("DELETE FROM ") + table + " WHERE match_id = $1", id);
    t.exec_params("DELETE FROM matches WHERE id = $1", id);
  }
  t.commit();
  return ids;
}

}  // namespace tabletop::server
