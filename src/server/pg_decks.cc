#include "server/pg_decks.h"

namespace tabletop::server {

const PgStatements& PgDecks::statements() {
  static const PgStatements list = {
      {"create_deck",
       "INSERT INTO decks (id, name, format, body, annotations, created_at, checked, owner_hash)"
       " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"},
      {"set_deck_annotations", "UPDATE decks SET annotations = $2, checked = $3 WHERE id = $1"},
      {"load_deck",
       "SELECT name, format, body, annotations, created_at, checked, owner_hash FROM decks"
       " WHERE id = $1"},
      {"delete_deck", "DELETE FROM decks WHERE id = $1"},
      {"delete_deck_uses", "DELETE FROM deck_uses WHERE deck_id = $1"},
      {"put_snapshot",
       "INSERT INTO deck_snapshots (hash, content, created_at)"
       " VALUES ($1, $2, extract(epoch from now())::bigint) ON CONFLICT DO NOTHING"},
      {"touch_deck", "UPDATE decks SET touched_at = $2 WHERE id = $1"},
      {"note_deck_use",
       "INSERT INTO deck_uses (deck_id, hash) VALUES ($1, $2) ON CONFLICT DO NOTHING"},
      // A match names its snapshots in params.uploaded_decks as "upload:KEY".
      {"sweep_decks",
       "DELETE FROM decks WHERE COALESCE(touched_at, created_at) < $1 AND NOT EXISTS ("
       " SELECT 1 FROM deck_uses u JOIN matches m ON m.status <> 'finished'"
       " AND strpos(m.params, 'upload:' || u.hash) > 0 WHERE u.deck_id = decks.id)"},
      {"sweep_deck_uses",
       "DELETE FROM deck_uses WHERE NOT EXISTS (SELECT 1 FROM decks WHERE decks.id ="
       " deck_uses.deck_id)"},
      {"sweep_snapshots",
       "DELETE FROM deck_snapshots WHERE COALESCE(created_at, 0) < $1 AND NOT EXISTS ("
       " SELECT 1 FROM matches m WHERE strpos(m.params, 'upload:' || deck_snapshots.hash) > 0)"},
      {"load_snapshot", "SELECT content FROM deck_snapshots WHERE hash = $1"},
  };
  return list;
}

void PgDecks::create_deck(const StoredDeck& d) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  // The file as sent (bytea, a binary parameter): it may be Windows-1252 or hold a NUL, which a
  // text column refuses.
  t.exec_prepared("create_deck", d.id, d.name, d.format, pqxx::binarystring(d.text),
                  d.annotations.dump(), d.created_at, d.checked, d.owner_hash);
  t.commit();
}

void PgDecks::set_deck_annotations(const std::string& id, const json& annotations,
                                   const std::string& checked) {
  pool_.write("set_deck_annotations", id, annotations.dump(), checked);
}

bool PgDecks::delete_deck(const std::string& id) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  const bool removed = t.exec_prepared("delete_deck", id).affected_rows() > 0;
  t.exec_prepared("delete_deck_uses", id);
  t.commit();
  return removed;
}

std::optional<StoredDeck> PgDecks::load_deck(const std::string& id) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::read_transaction t(*c);
  const pqxx::result r = t.exec_prepared("load_deck", id);
  if (r.empty()) return std::nullopt;
  StoredDeck d;
  d.id = id;
  d.name = r[0][0].as<std::string>();
  d.format = r[0][1].as<std::string>();
  d.text = pqxx::binarystring(r[0][2]).str();
  d.annotations = json::parse(r[0][3].as<std::string>());
  d.created_at = r[0][4].as<long long>();
  if (!r[0][5].is_null()) d.checked = r[0][5].as<std::string>();
  if (!r[0][6].is_null()) d.owner_hash = r[0][6].as<std::string>();
  return d;
}

void PgDecks::put_deck_snapshot(const std::string& hash, const std::string& content) {
  pool_.write("put_snapshot", hash, content);
}

void PgDecks::touch_deck(const std::string& id, long long now) {
  pool_.write("touch_deck", id, now);
}

void PgDecks::note_deck_use(const std::string& id, const std::string& hash) {
  pool_.write("note_deck_use", id, hash);
}

std::pair<int, int> PgDecks::sweep_decks(long long deck_cutoff, long long snapshot_cutoff) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  const int decks = static_cast<int>(t.exec_prepared("sweep_decks", deck_cutoff).affected_rows());
  t.exec_prepared("sweep_deck_uses");
  const int snapshots =
      static_cast<int>(t.exec_prepared("sweep_snapshots", snapshot_cutoff).affected_rows());
  t.commit();
  return {decks, snapshots};
}

std::optional<std::string> PgDecks::load_deck_snapshot(const std::string& hash) {
  return pool_.read_text("load_snapshot", hash);
}

}  // namespace tabletop::server
