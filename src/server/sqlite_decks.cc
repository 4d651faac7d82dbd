#include "server/sqlite_decks.h"

namespace tabletop::server {

void SqliteDecks::create_deck(const StoredDeck& d) {
  const auto lock = c_.lock();
  SQLite::Statement q(c_.db(),
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

void SqliteDecks::set_deck_annotations(const std::string& id, const json& annotations,
                                       const std::string& checked) {
  c_.write("UPDATE decks SET annotations=?, checked=? WHERE id=?", annotations.dump(), checked, id);
}

bool SqliteDecks::delete_deck(const std::string& id) {
  const auto lock = c_.lock();
  SQLite::Transaction t(c_.db());
  SQLite::Statement q(c_.db(), "DELETE FROM decks WHERE id=?");
  q.bind(1, id);
  const bool removed = q.exec() > 0;
  SQLite::Statement uses(c_.db(), "DELETE FROM deck_uses WHERE deck_id=?");
  uses.bind(1, id);
  uses.exec();
  t.commit();
  return removed;
}

std::optional<StoredDeck> SqliteDecks::load_deck(const std::string& id) {
  const auto lock = c_.lock();
  SQLite::Statement q(c_.db(),
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

void SqliteDecks::put_deck_snapshot(const std::string& hash, const std::string& content) {
  c_.write(
      "INSERT OR IGNORE INTO deck_snapshots (hash, content, created_at)"
      " VALUES (?,?,CAST(strftime('%s','now') AS INTEGER))",
      hash, content);
}

void SqliteDecks::touch_deck(const std::string& id, long long now) {
  const auto lock = c_.lock();
  SQLite::Statement q(c_.db(), "UPDATE decks SET touched_at=? WHERE id=?");
  q.bind(1, static_cast<int64_t>(now));
  q.bind(2, id);
  q.exec();
}

void SqliteDecks::note_deck_use(const std::string& id, const std::string& hash) {
  c_.write("INSERT OR IGNORE INTO deck_uses (deck_id, hash) VALUES (?,?)", id, hash);
}

std::pair<int, int> SqliteDecks::sweep_decks(long long deck_cutoff, long long snapshot_cutoff) {
  const auto lock = c_.lock();
  SQLite::Transaction t(c_.db());
  // A match names its snapshots in params.uploaded_decks as "upload:KEY".
  SQLite::Statement decks(
      c_.db(),
      "DELETE FROM decks WHERE COALESCE(touched_at, created_at) < ? AND NOT EXISTS ("
      " SELECT 1 FROM deck_uses u JOIN matches m ON m.status != 'finished'"
      " AND instr(m.params, 'upload:' || u.hash) > 0 WHERE u.deck_id = decks.id)");
  decks.bind(1, static_cast<int64_t>(deck_cutoff));
  const int removed_decks = decks.exec();
  c_.db().exec(
      "DELETE FROM deck_uses WHERE NOT EXISTS (SELECT 1 FROM decks WHERE decks.id = "
      "deck_uses.deck_id)");
  SQLite::Statement snapshots(
      c_.db(),
      "DELETE FROM deck_snapshots WHERE COALESCE(created_at, 0) < ? AND NOT EXISTS ("
      " SELECT 1 FROM matches m WHERE instr(m.params, 'upload:' || deck_snapshots.hash) > 0)");
  snapshots.bind(1, static_cast<int64_t>(snapshot_cutoff));
  const int removed_snapshots = snapshots.exec();
  t.commit();
  return {removed_decks, removed_snapshots};
}

std::optional<std::string> SqliteDecks::load_deck_snapshot(const std::string& hash) {
  return c_.read_text("SELECT content FROM deck_snapshots WHERE hash=?", hash);
}

}  // namespace tabletop::server
