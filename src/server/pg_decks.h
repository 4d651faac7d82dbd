// Uploaded decks and their snapshots on PostgreSQL (deck_store.h). The file as sent is kept as
// bytes (bytea, a binary parameter): it may be Windows-1252 or hold a NUL, which text refuses.
#pragma once

#include "server/deck_store.h"
#include "server/pg_pool.h"

namespace tabletop::server {

class PgDecks final : public DeckStore {
 public:
  explicit PgDecks(PgPool& pool) : pool_(pool) {}
  // The statements it runs, for the pool to prepare.
  static const PgStatements& statements();

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
  PgPool& pool_;
};

}  // namespace tabletop::server
