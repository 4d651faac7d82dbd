// Uploaded decks and the snapshots matches play, in the database (store.h; one part of a Store).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

namespace tabletop::server {

using json = nlohmann::json;

// An uploaded Conspiracy TCG deck (POST /api/decks; src/server/deck_routes.h): the file as sent,
// "vcf" or "json", the players' army annotations by card index, the deck as checked (the JSON
// GET /api/decks/ID answers, written at the upload and at each annotation, so that reading a
// deck never parses it again) and the hash of its owner's key (secrets.h's hash_token: the key
// the upload answered, which deletes the deck).
struct StoredDeck {
  std::string id;
  std::string name;
  std::string format;
  std::string text;
  json annotations = json::object();  // {"3": "Animals", ...}
  long long created_at = 0;
  std::string checked;     // checked_deck_json with the annotations applied, dumped ("": unknown)
  std::string owner_hash;  // "": no owner key (a deck uploaded before keys existed)
};

class DeckStore {
 public:
  virtual ~DeckStore() = default;

  // Decks: an upload, its annotations replaced, one by id. A snapshot is the deck as a match
  // plays it (JSON text, never changed), under a random key of its match's own (deck_routes.h).
  virtual void create_deck(const StoredDeck& deck) = 0;
  virtual void set_deck_annotations(const std::string& id, const json& annotations,
                                    const std::string& checked) = 0;
  virtual std::optional<StoredDeck> load_deck(const std::string& id) = 0;
  // Removes deck `id` (its owner asked: DELETE /api/decks/ID) and its uses; the snapshots matches
  // already play stay theirs. Answers whether there was such a deck.
  virtual bool delete_deck(const std::string& id) = 0;
  virtual void put_deck_snapshot(const std::string& hash, const std::string& content) = 0;
  virtual std::optional<std::string> load_deck_snapshot(const std::string& hash) = 0;
  // Deck lifetime (serve --deck-expiry-days; deck_routes.h's DeckSweeper): a deck is touched
  // when it is read, annotated or given to a match; note_deck_use records that snapshot `hash`
  // was made of deck `id`. sweep_decks removes, in one transaction, the decks last touched before
  // `deck_cutoff` (seconds since the epoch) that no unfinished match plays (through a snapshot of
  // them), and the snapshots made before `snapshot_cutoff` that no match at all names (a match
  // keeps its snapshots as long as the match is kept). Answers {decks, snapshots} removed. With
  // several processes each sweeps; the deletes are idempotent.
  virtual void touch_deck(const std::string& id, long long now) = 0;
  virtual void note_deck_use(const std::string& id, const std::string& hash) = 0;
  virtual std::pair<int, int> sweep_decks(long long deck_cutoff, long long snapshot_cutoff) = 0;
};

}  // namespace tabletop::server
