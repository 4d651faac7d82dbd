#include "server/sqlite_matches.h"

namespace tabletop::server {

SqliteMatches::SqliteMatches(SqliteConnection& connection)
    : c_(connection),
      insert_move_(c_.db(), "INSERT INTO moves (match_id, ply, move) VALUES (?,?,?)"),
      update_seq_(c_.db(),
                  "UPDATE matches SET seq=?, changed_at=CAST(strftime('%s','now') AS INTEGER)"
                  " WHERE id=? AND seq=?"),
      update_clock_(c_.db(), "UPDATE matches SET clock=?, clock_deadline_ms=? WHERE id=?") {}

namespace {
// A statement ready to bind again.
SQLite::Statement& fresh(SQLite::Statement& q) {
  q.tryReset();  // a failed step before must not fail this one
  q.clearBindings();
  return q;
}
}  // namespace

void SqliteMatches::create(const StoredMatch& m) {
  const auto lock = c_.lock();
  SQLite::Statement q(c_.db(),
                      "INSERT INTO matches (id, game, params, seed, seats, undo, takeover_after_s,"
                      " status, seq, created_at, result, hints, owner, spectator_chat, clock)"
                      " VALUES (?,?,?,?,?,?,?,?,?,?,NULL,?,?,?,?)");
  q.bind(1, m.id);
  q.bind(2, m.game);
  q.bind(3, m.params.dump());
  q.bind(4, static_cast<int64_t>(m.seed));
  q.bind(5, m.seats.dump());
  q.bind(6, m.undo ? 1 : 0);
  if (m.takeover_after_s)
    q.bind(7, *m.takeover_after_s);
  else
    q.bind(7);
  q.bind(8, m.status);
  q.bind(9, static_cast<int64_t>(m.seq));
  q.bind(10, static_cast<int64_t>(m.created_at));
  q.bind(11, m.hints ? 1 : 0);
  q.bind(12, m.owner);
  q.bind(13, m.spectator_chat);
  if (m.clock.is_null())
    q.bind(14);
  else
    q.bind(14, m.clock.dump());
  q.exec();
}

bool SqliteMatches::advance(const std::string& id, long long seq) {
  SQLite::Statement& update = fresh(update_seq_);
  update.bind(1, static_cast<int64_t>(seq));
  update.bind(2, id);
  update.bind(3, static_cast<int64_t>(seq - 1));
  return update.exec() > 0;
}

void SqliteMatches::store_clock(const std::string& id, const ClockAfter& clock) {
  if (clock.clock.is_null()) return;
  SQLite::Statement& q = fresh(update_clock_);
  q.bind(1, clock.clock.dump());
  if (clock.deadline_ms)
    q.bind(2, static_cast<int64_t>(*clock.deadline_ms));
  else
    q.bind(2);
  q.bind(3, id);
  q.exec();
}

Write SqliteMatches::append_move(const std::string& id, long long ply, const std::string& move,
                                 long long seq, const ClockAfter& clock) {
  const auto lock = c_.lock();
  SQLite::Transaction t(c_.db(), SQLite::TransactionBehavior::IMMEDIATE);
  if (!advance(id, seq)) return Write::kStale;  // the transaction rolls back
  SQLite::Statement& insert = fresh(insert_move_);
  insert.bind(1, id);
  insert.bind(2, static_cast<int64_t>(ply));
  insert.bind(3, move);
  insert.exec();
  store_clock(id, clock);
  t.commit();
  return Write::kDone;
}

Write SqliteMatches::truncate_moves(const std::string& id, long long ply, long long seq,
                                    const ClockAfter& clock) {
  const auto lock = c_.lock();
  SQLite::Transaction t(c_.db(), SQLite::TransactionBehavior::IMMEDIATE);
  if (!advance(id, seq)) return Write::kStale;
  SQLite::Statement erase(c_.db(), "DELETE FROM moves WHERE match_id=? AND ply>=?");
  erase.bind(1, id);
  erase.bind(2, static_cast<int64_t>(ply));
  erase.exec();
  store_clock(id, clock);
  t.commit();
  return Write::kDone;
}

void SqliteMatches::set_to_move(const std::string& id, int to_move, long long seq) {
  const auto lock = c_.lock();
  SQLite::Statement q(c_.db(), "UPDATE matches SET to_move=?, to_move_seq=? WHERE id=?");
  if (to_move >= 0)
    q.bind(1, to_move);
  else
    q.bind(1);
  q.bind(2, static_cast<int64_t>(seq));
  q.bind(3, id);
  q.exec();
}

Write SqliteMatches::update_seats(const std::string& id, const json& before, long long seq_before,
                                  const json& seats, const std::string& status, long long seq,
                                  const ClockAfter& clock) {
  const auto lock = c_.lock();
  SQLite::Transaction t(c_.db(), SQLite::TransactionBehavior::IMMEDIATE);
  SQLite::Statement q(
      c_.db(),
      "UPDATE matches SET seats=?, status=?, seq=?, changed_at=CAST(strftime('%s','now') AS"
      " INTEGER) WHERE id=? AND seq=? AND seats=?");
  q.bind(1, seats.dump());
  q.bind(2, status);
  q.bind(3, static_cast<int64_t>(seq));
  q.bind(4, id);
  q.bind(5, static_cast<int64_t>(seq_before));
  q.bind(6, before.dump());
  if (q.exec() == 0) return Write::kStale;  // the transaction rolls back
  store_clock(id, clock);
  t.commit();
  return Write::kDone;
}

std::vector<std::string> SqliteMatches::clock_expired(long long now_ms, int limit) {
  const auto lock = c_.lock();
  SQLite::Statement q(c_.db(),
                      "SELECT id FROM matches WHERE clock_deadline_ms <= ?"
                      " AND status IN ('open', 'running') ORDER BY clock_deadline_ms LIMIT ?");
  q.bind(1, static_cast<int64_t>(now_ms));
  q.bind(2, limit);
  std::vector<std::string> ids;
  while (q.executeStep()) ids.push_back(q.getColumn(0).getString());
  return ids;
}

void SqliteMatches::finish(const std::string& id, const json& result) {
  const auto lock = c_.lock();
  SQLite::Statement q(c_.db(),
                      "UPDATE matches SET status='finished', result=?,"
                      " changed_at=CAST(strftime('%s','now') AS INTEGER) WHERE id=?");
  q.bind(1, result.dump());
  q.bind(2, id);
  q.exec();
}

namespace {
constexpr const char* kColumns =
    "id, game, params, seed, seats, undo, takeover_after_s, status, seq, created_at, result, "
    "to_move, to_move_seq, hints, owner, spectator_chat, clock";

// A row selected with kColumns, without its moves.
StoredMatch row(SQLite::Statement& q) {
  StoredMatch m;
  m.id = q.getColumn(0).getString();
  m.game = q.getColumn(1).getString();
  m.params = json::parse(q.getColumn(2).getString());
  m.seed = static_cast<uint64_t>(q.getColumn(3).getInt64());
  m.seats = json::parse(q.getColumn(4).getString());
  m.undo = q.getColumn(5).getInt() != 0;
  if (!q.getColumn(6).isNull()) m.takeover_after_s = q.getColumn(6).getInt();
  m.status = q.getColumn(7).getString();
  m.seq = q.getColumn(8).getInt64();
  m.created_at = q.getColumn(9).getInt64();
  if (!q.getColumn(10).isNull()) m.result = json::parse(q.getColumn(10).getString());
  if (!q.getColumn(11).isNull() && !q.getColumn(12).isNull() &&
      q.getColumn(12).getInt64() == m.seq && m.status != "finished")
    m.to_move = q.getColumn(11).getInt();
  m.hints = q.getColumn(13).getInt() != 0;
  m.owner = q.getColumn(14).getString();
  m.spectator_chat = q.getColumn(15).getString();
  if (!q.getColumn(16).isNull()) m.clock = json::parse(q.getColumn(16).getString());
  return m;
}
}  // namespace

std::optional<StoredMatch> SqliteMatches::load(const std::string& id) {
  return load_from(id, 0);
}

std::optional<StoredMatch> SqliteMatches::load_from(const std::string& id, long long from) {
  const auto lock = c_.lock();  // one connection: nothing writes in between
  SQLite::Statement q(c_.db(), std::string("SELECT ") + kColumns + " FROM matches WHERE id=?");
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  StoredMatch m = row(q);
  SQLite::Statement moves(c_.db(),
                          "SELECT move FROM moves WHERE match_id=? AND ply>=? ORDER BY ply");
  moves.bind(1, id);
  moves.bind(2, static_cast<int64_t>(from));
  while (moves.executeStep()) m.moves.push_back(moves.getColumn(0).getString());
  SQLite::Statement total(c_.db(), "SELECT COUNT(*) FROM moves WHERE match_id=?");
  total.bind(1, id);
  total.executeStep();
  m.moves_total = total.getColumn(0).getInt64();
  return m;
}

long long SqliteMatches::unfinished() {
  const auto lock = c_.lock();
  SQLite::Statement q(c_.db(),
                      "SELECT COUNT(*) FROM matches WHERE status NOT IN ('finished', 'abandoned')");
  q.executeStep();
  return q.getColumn(0).getInt64();
}

std::vector<StoredMatch> SqliteMatches::list(const std::string& status, int limit) {
  const auto lock = c_.lock();
  const std::string select = std::string("SELECT ") + kColumns + " FROM matches";
  SQLite::Statement q(
      c_.db(), status.empty()
                   ? select + " ORDER BY created_at DESC, rowid DESC LIMIT ?"
                   : select + " WHERE status=? ORDER BY created_at DESC, rowid DESC LIMIT ?");
  int i = 1;
  if (!status.empty()) q.bind(i++, status);
  q.bind(i, limit);
  std::vector<StoredMatch> rows;
  while (q.executeStep()) rows.push_back(row(q));
  return rows;
}

std::vector<std::string> SqliteMatches::stalled(long long cutoff, int limit) {
  const auto lock = c_.lock();
  SQLite::Statement q(c_.db(),
                      "SELECT id FROM matches WHERE status IN ('open', 'running')"
                      " AND COALESCE(changed_at, created_at) < ?"
                      " ORDER BY COALESCE(changed_at, created_at) LIMIT ?");
  q.bind(1, static_cast<int64_t>(cutoff));
  q.bind(2, limit);
  std::vector<std::string> ids;
  while (q.executeStep()) ids.push_back(q.getColumn(0).getString());
  return ids;
}

std::vector<std::string> SqliteMatches::remove_ended(long long cutoff) {
  const auto lock = c_.lock();
  SQLite::Transaction t(c_.db());
  SQLite::Statement ended(c_.db(),
                          "SELECT id FROM matches WHERE status IN ('finished', 'abandoned')"
                          " AND COALESCE(changed_at, created_at) < ?");
  ended.bind(1, static_cast<int64_t>(cutoff));
  std::vector<std::string> ids;
  while (ended.executeStep()) ids.push_back(ended.getColumn(0).getString());
  for (const std::string& id : ids)
    for (const char* table : {"moves", "chat_lines", "analyses", "matches"}) {
      SQLite::Statement q(
          c_.db(), std::string("DELETE FROM ") + table +
                       (std::string(table) == "matches" ? " WHERE id=?" : " WHERE match_id=?"));
      q.bind(1, id);
      q.exec();
    }
  t.commit();
  return ids;
}

}  // namespace tabletop::server
