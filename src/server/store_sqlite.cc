#include "server/store_sqlite.h"

#include "server/schema.h"

namespace tabletop::server {

namespace {
bool has_column(SQLite::Database& db, const std::string& table, const std::string& column) {
  SQLite::Statement columns(db, "PRAGMA table_info(" + table + ")");
  while (columns.executeStep())
    if (columns.getColumn(1).getString() == column) return true;
  return false;
}

int recorded_version(SQLite::Database& db) {
  return db.execAndGet("PRAGMA user_version").getInt();
}

// Brings the database to schema.h's last version, one transaction per step.
void migrate(SQLite::Database& db) {
  refuse_newer_schema(recorded_version(db));
  for (const SchemaStep& step : schema_steps()) {
    SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
    const int at = recorded_version(db);  // another process may have gone on meanwhile
    refuse_newer_schema(at);
    if (at >= step.version) continue;
    for (const SchemaSql& sql : step.create)
      if (!sql.in(Dialect::kSqlite).empty()) db.exec(sql.in(Dialect::kSqlite));
    for (const SchemaColumn& c : step.columns)
      if (!has_column(db, c.table, c.name))
        db.exec("ALTER TABLE " + c.table + " ADD COLUMN " + c.name + " " +
                c.type.in(Dialect::kSqlite));
    db.exec("PRAGMA user_version = " + std::to_string(step.version));
    t.commit();
  }
}

// Opens the database and brings its schema up to date (before any statement is prepared).
SQLite::Database open_database(const std::string& path, bool sync_full) {
  SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_FULLMUTEX);
  // Another connection writing (a second store on the file, as in store_test) is waited for.
  db.setBusyTimeout(10000);
  db.exec("PRAGMA journal_mode=WAL");
  db.exec(sync_full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
  db.exec("PRAGMA foreign_keys=ON");
  migrate(db);
  return db;
}
}  // namespace

SqliteStore::SqliteStore(const std::string& path, bool sync_full)
    : db_(open_database(path, sync_full)),
      insert_move_(db_, "INSERT INTO moves (match_id, ply, move) VALUES (?,?,?)"),
      update_seq_(db_, "UPDATE matches SET seq=? WHERE id=? AND seq=?") {}

namespace {
// A statement ready to bind again.
SQLite::Statement& fresh(SQLite::Statement& q) {
  q.tryReset();  // a failed step before must not fail this one
  q.clearBindings();
  return q;
}
}  // namespace

void SqliteStore::create(const StoredMatch& m) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(
      db_,
      "INSERT INTO matches (id, game, params, seed, seats, undo, takeover_after_s,"
      " status, seq, created_at, result, hints, owner) VALUES (?,?,?,?,?,?,?,?,?,?,NULL,?,?)");
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
  q.exec();
}

bool SqliteStore::advance(const std::string& id, long long seq) {
  SQLite::Statement& update = fresh(update_seq_);
  update.bind(1, static_cast<int64_t>(seq));
  update.bind(2, id);
  update.bind(3, static_cast<int64_t>(seq - 1));
  return update.exec() > 0;
}

Write SqliteStore::append_move(const std::string& id, long long ply, const std::string& move,
                               long long seq) {
  std::lock_guard lock(mutex_);
  SQLite::Transaction t(db_, SQLite::TransactionBehavior::IMMEDIATE);
  if (!advance(id, seq)) return Write::kStale;  // the transaction rolls back
  SQLite::Statement& insert = fresh(insert_move_);
  insert.bind(1, id);
  insert.bind(2, static_cast<int64_t>(ply));
  insert.bind(3, move);
  insert.exec();
  t.commit();
  return Write::kDone;
}

Write SqliteStore::truncate_moves(const std::string& id, long long ply, long long seq) {
  std::lock_guard lock(mutex_);
  SQLite::Transaction t(db_, SQLite::TransactionBehavior::IMMEDIATE);
  if (!advance(id, seq)) return Write::kStale;
  SQLite::Statement erase(db_, "DELETE FROM moves WHERE match_id=? AND ply>=?");
  erase.bind(1, id);
  erase.bind(2, static_cast<int64_t>(ply));
  erase.exec();
  t.commit();
  return Write::kDone;
}

void SqliteStore::set_to_move(const std::string& id, int to_move, long long seq) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(db_, "UPDATE matches SET to_move=?, to_move_seq=? WHERE id=?");
  if (to_move >= 0)
    q.bind(1, to_move);
  else
    q.bind(1);
  q.bind(2, static_cast<int64_t>(seq));
  q.bind(3, id);
  q.exec();
}

Write SqliteStore::update_seats(const std::string& id, const json& before, long long seq_before,
                                const json& seats, const std::string& status, long long seq) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(
      db_, "UPDATE matches SET seats=?, status=?, seq=? WHERE id=? AND seq=? AND seats=?");
  q.bind(1, seats.dump());
  q.bind(2, status);
  q.bind(3, static_cast<int64_t>(seq));
  q.bind(4, id);
  q.bind(5, static_cast<int64_t>(seq_before));
  q.bind(6, before.dump());
  return q.exec() == 0 ? Write::kStale : Write::kDone;
}

void SqliteStore::finish(const std::string& id, const json& result) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(db_, "UPDATE matches SET status='finished', result=? WHERE id=?");
  q.bind(1, result.dump());
  q.bind(2, id);
  q.exec();
}

namespace {
constexpr const char* kColumns =
    "id, game, params, seed, seats, undo, takeover_after_s, status, seq, created_at, result, "
    "to_move, to_move_seq, hints, owner";

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
  return m;
}
}  // namespace

std::optional<StoredMatch> SqliteStore::load(const std::string& id) {
  return load_from(id, 0);
}

std::optional<StoredMatch> SqliteStore::load_from(const std::string& id, long long from) {
  std::lock_guard lock(mutex_);  // one connection: nothing writes in between
  SQLite::Statement q(db_, std::string("SELECT ") + kColumns + " FROM matches WHERE id=?");
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  StoredMatch m = row(q);
  SQLite::Statement moves(db_, "SELECT move FROM moves WHERE match_id=? AND ply>=? ORDER BY ply");
  moves.bind(1, id);
  moves.bind(2, static_cast<int64_t>(from));
  while (moves.executeStep()) m.moves.push_back(moves.getColumn(0).getString());
  SQLite::Statement total(db_, "SELECT COUNT(*) FROM moves WHERE match_id=?");
  total.bind(1, id);
  total.executeStep();
  m.moves_total = total.getColumn(0).getInt64();
  return m;
}

long long SqliteStore::unfinished() {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(db_, "SELECT COUNT(*) FROM matches WHERE status != 'finished'");
  q.executeStep();
  return q.getColumn(0).getInt64();
}

std::vector<StoredMatch> SqliteStore::list(const std::string& status, int limit) {
  std::lock_guard lock(mutex_);
  const std::string select = std::string("SELECT ") + kColumns + " FROM matches";
  SQLite::Statement q(
      db_, status.empty()
               ? select + " ORDER BY created_at DESC, rowid DESC LIMIT ?"
               : select + " WHERE status=? ORDER BY created_at DESC, rowid DESC LIMIT ?");
  int i = 1;
  if (!status.empty()) q.bind(i++, status);
  q.bind(i, limit);
  std::vector<StoredMatch> rows;
  while (q.executeStep()) rows.push_back(row(q));
  return rows;
}

void SqliteStore::create_deck(const StoredDeck& d) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(db_,
                      "INSERT INTO decks (id, name, format, body, annotations, created_at,"
                      " checked, owner_hash) VALUES (?,?,?,?,?,?,?,?)");
  q.bind(1, d.id);
  q.bind(2, d.name);
  q.bind(3, d.format);
  q.bind(4, d.text);
  q.bind(5, d.annotations.dump());
  q.bind(6, static_cast<int64_t>(d.created_at));
  q.bind(7, d.checked);
  q.bind(8, d.owner_hash);
  q.exec();
}

void SqliteStore::set_deck_annotations(const std::string& id, const json& annotations,
                                       const std::string& checked) {
  write("UPDATE decks SET annotations=?, checked=? WHERE id=?", annotations.dump(), checked, id);
}

bool SqliteStore::delete_deck(const std::string& id) {
  std::lock_guard lock(mutex_);
  SQLite::Transaction t(db_);
  SQLite::Statement q(db_, "DELETE FROM decks WHERE id=?");
  q.bind(1, id);
  const bool removed = q.exec() > 0;
  SQLite::Statement uses(db_, "DELETE FROM deck_uses WHERE deck_id=?");
  uses.bind(1, id);
  uses.exec();
  t.commit();
  return removed;
}

std::optional<StoredDeck> SqliteStore::load_deck(const std::string& id) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(db_,
                      "SELECT name, format, body, annotations, created_at, checked, owner_hash"
                      " FROM decks WHERE id=?");
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  StoredDeck d;
  d.id = id;
  d.name = q.getColumn(0).getString();
  d.format = q.getColumn(1).getString();
  d.text = q.getColumn(2).getString();
  d.annotations = json::parse(q.getColumn(3).getString());
  d.created_at = q.getColumn(4).getInt64();
  if (!q.getColumn(5).isNull()) d.checked = q.getColumn(5).getString();
  if (!q.getColumn(6).isNull()) d.owner_hash = q.getColumn(6).getString();
  return d;
}

template <class... Texts>
void SqliteStore::write(const char* sql, const Texts&... texts) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(db_, sql);
  SQLite::bind(q, texts...);
  q.exec();
}

void SqliteStore::put_deck_snapshot(const std::string& hash, const std::string& content) {
  write(
      "INSERT OR IGNORE INTO deck_snapshots (hash, content, created_at)"
      " VALUES (?,?,CAST(strftime('%s','now') AS INTEGER))",
      hash, content);
}

void SqliteStore::touch_deck(const std::string& id, long long now) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(db_, "UPDATE decks SET touched_at=? WHERE id=?");
  q.bind(1, static_cast<int64_t>(now));
  q.bind(2, id);
  q.exec();
}

void SqliteStore::note_deck_use(const std::string& id, const std::string& hash) {
  write("INSERT OR IGNORE INTO deck_uses (deck_id, hash) VALUES (?,?)", id, hash);
}

std::pair<int, int> SqliteStore::sweep_decks(long long deck_cutoff, long long snapshot_cutoff) {
  std::lock_guard lock(mutex_);
  SQLite::Transaction t(db_);
  // A match names its snapshots in params.uploaded_decks as "upload:KEY".
  SQLite::Statement decks(
      db_,
      "DELETE FROM decks WHERE COALESCE(touched_at, created_at) < ? AND NOT EXISTS ("
      " SELECT 1 FROM deck_uses u JOIN matches m ON m.status != 'finished'"
      " AND instr(m.params, 'upload:' || u.hash) > 0 WHERE u.deck_id = decks.id)");
  decks.bind(1, static_cast<int64_t>(deck_cutoff));
  const int removed_decks = decks.exec();
  db_.exec(
      "DELETE FROM deck_uses WHERE NOT EXISTS (SELECT 1 FROM decks WHERE decks.id = "
      "deck_uses.deck_id)");
  SQLite::Statement snapshots(
      db_,
      "DELETE FROM deck_snapshots WHERE COALESCE(created_at, 0) < ? AND NOT EXISTS ("
      " SELECT 1 FROM matches m WHERE instr(m.params, 'upload:' || deck_snapshots.hash) > 0)");
  snapshots.bind(1, static_cast<int64_t>(snapshot_cutoff));
  const int removed_snapshots = snapshots.exec();
  t.commit();
  return {removed_decks, removed_snapshots};
}

template <class... Texts>
std::optional<std::string> SqliteStore::read_text(const char* sql, const Texts&... texts) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(db_, sql);
  SQLite::bind(q, texts...);
  if (!q.executeStep()) return std::nullopt;
  return q.getColumn(0).getString();
}

std::optional<std::string> SqliteStore::load_deck_snapshot(const std::string& hash) {
  return read_text("SELECT content FROM deck_snapshots WHERE hash=?", hash);
}

void SqliteStore::put_analysis(const std::string& id, const std::string& spec,
                               const std::string& analysis) {
  write(
      "INSERT OR IGNORE INTO analyses (match_id, spec, content, created_at)"
      " VALUES (?,?,?,CAST(strftime('%s','now') AS INTEGER))",
      id, spec, analysis);
}

std::optional<std::string> SqliteStore::load_analysis(const std::string& id,
                                                      const std::string& spec) {
  return read_text("SELECT content FROM analyses WHERE match_id=? AND spec=?", id, spec);
}

}  // namespace tabletop::server
