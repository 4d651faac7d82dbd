// Uploaded decks and their snapshots on SQLite (deck_store.h).
#pragma once

#include "server/deck_store.h"
#include "server/sqlite_connection.h"

namespace tabletop::server {

class SqliteDecks final : public DeckStore {
 public:
  explicit SqliteDecks(SqliteConnection& connection) : c_(connection) {}

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

 private:
  SqliteConnection& c_;
};

}  // namespace tabletop::server
