// Player-made decks over the network (docs/server.md, "Decks"), for the game whose registry entry
// has a deck hook (core/decks.h: the card game); the server names no game:
//
//   GET   /api/decks              200 {"samples": [{"name", "cards"}...]}: the sample decks, in
//                                 the game's default order (seat s plays sample s mod count).
//   POST  /api/decks[?name=NAME]  body: a .vcf or a JSON deck (at most RouteContext's
//                                 deck_max_bytes, serve --deck-max-bytes; 413 past it naming the
//                                 limit, before anything else); every other POST takes one of
//                                 the address's deck_limit tokens (serve --deck-rate; 429 when
//                                 none is left), a file the reader then refuses too.
//                                 201 {"id", "deck": the checked deck, "owner_key"} — the builder
//                                 of `tabletop deck check --json` (checked_deck_json): each card's
//                                 fields, army and its source, candidates, pro moves, gazetteer
//                                 placement, and the deck's warnings and cards that need an army.
//                                 A file the reader refuses is a 400 naming the line; a deck of
//                                 more than kMaxDeckCards (160) cards is a 400. The check is
//                                 stored with the deck: no later GET parses the deck again.
//                                 "owner_key" (128 random bits, shown only in this answer; the
//                                 store keeps its hash) is what deletes the deck.
//   GET   /api/decks/ID           200 {"id", "format": "vcf"|"json", "deck"} with the annotations
//                                 applied (POST and PATCH answer the same shape).
//   PATCH /api/decks/ID           body {"card": INDEX, "army": "Animals"}: annotates one card
//                                 (an army the player chose; null removes the annotation).
//   GET   /api/decks/ID.vcf       the uploaded vCard with X-TABLETOP-ARMY on annotated cards
//                                 (annotate_vcard_armies); a JSON upload answers 400.
//   GET   /api/decks/ID.json      the deck as JSON (card_to_json), annotations as "army".
//   DELETE /api/decks/ID          header "Authorization: Bearer OWNER_KEY": 204, the deck and
//                                 its uses removed (the snapshots of matches already made stay
//                                 theirs, swept with them); 403 without the right key.
//
// IDs are 128 random bits (secrets.h): the id is the capability, so a deck is seen only by whom
// its uploader gives the id. A match names its decks in POST /api/matches's "decks": one entry
// per seat, a deck id or a sample deck name (resolve_match_decks). The deck a match plays is
// frozen at creation as a snapshot (the deck as JSON) under a random key of that match's own and
// handed to the game by content, never by path: the server attaches the hook's param()
// (uploaded_decks=upload:KEY, a parameter only the embedding program sets: a client's is refused),
// and the game asks the snapshot source installed for it (DeckHook::set_snapshot_source with
// stored_deck_snapshot) for the content. The key is never
// shown (Registry::public_params leaves it out of the lobby, the state messages and the
// records), so a snapshot is read only through the match it was made for.
//
// Lifetime: every request naming a deck (GET, PATCH, the exports, a match made with it) touches
// it; DeckSweeper removes the decks untouched for serve --deck-expiry-days that no unfinished
// match plays, and the snapshots no match names (DeckStore::sweep_decks).
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/deck_store.h"
#include "server/periodic_task.h"
#include "server/routes.h"

namespace tabletop::server {

inline constexpr std::size_t kMaxDeckBytes = 60 * 1024;  // the default of --deck-max-bytes

// Answers a request under /api/decks (`parts` = its path segments, parts[1] == "decks") from
// client `address` (for the deck limit).
Response deck_route(const RouteContext& context, const Request& request,
                    const std::vector<std::string>& parts, const std::string& address = {});

// The 413 answer to a deck upload of `bytes` bytes (0: unknown) over `limit`.
Response deck_too_large(const Request& request, std::size_t limit, std::size_t bytes);

// POST /api/matches of a game with decks with "decks": [ID or sample name, ...] (one per seat, at
// most DeckHook::max_decks): snapshots each uploaded deck under a fresh random key and answers the
// parameters the server attaches, {"uploaded_decks": "upload:KEY,agency-field-office,..."} (a
// sample deck by its name, which the game reads itself); "decks" is removed from the request. A
// deck that still needs an army is a BadInput listing the cards; "decks" for a game without a
// deck hook is a BadInput. Other requests: {} and left as they are.
json resolve_match_decks(const Registry& registry, DeckStore& store, json& match_request);

// The snapshot stored under `key` in the stores registered (DeckSourceRegistration, the latest
// first), or nullopt: the source the server gives the game's deck hook.
std::optional<std::string> stored_deck_snapshot(const std::string& key);

// While alive, stored_deck_snapshot reads this store's snapshots too (several servers in one
// process each register their own).
// Sweeps the store's decks (DeckStore::sweep_decks) on a thread of its own until destroyed: every
// quarter of `expiry_s` (and at least hourly), the decks untouched for `expiry_s` seconds, and the
// unnamed snapshots older than max(expiry_s, 10 minutes) (a match being created names its
// snapshot a moment after making it). expiry_s 0: nothing is ever removed (no thread).
class DeckSweeper {
 public:
  DeckSweeper(DeckStore& store, double expiry_s);
  ~DeckSweeper();
  DeckSweeper(const DeckSweeper&) = delete;
  DeckSweeper& operator=(const DeckSweeper&) = delete;

 private:
  DeckStore& store_;
  const double expiry_s_;
  std::optional<PeriodicTask> task_;  // last: stopped before the members its job uses
};

class DeckSourceRegistration {
 public:
  explicit DeckSourceRegistration(DeckStore& store);
  ~DeckSourceRegistration();
  DeckSourceRegistration(const DeckSourceRegistration&) = delete;
  DeckSourceRegistration& operator=(const DeckSourceRegistration&) = delete;

 private:
  DeckStore& store_;
};

}  // namespace tabletop::server
