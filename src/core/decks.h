// Player-made decks, for a game whose seats play decks the players bring (the card game): what an
// embedding program does with them (the server's /api/decks and a match's "decks", `tabletop deck
// check`) without naming the game. The game's registry entry holds its hook (GameEntry::decks);
// a game without decks has none.
//
// A deck is an upload's text (whatever formats the game reads) with the player's annotations,
// {"INDEX": value} by card index (the card game: the shadow army a card plays in). A match plays
// a frozen snapshot of each seat's deck, which the embedding program stores under a key and the
// game reads back through the snapshot source it is given: the game never opens a file for it.
#pragma once

#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace tabletop {

class DeckHook {
 public:
  virtual ~DeckHook() = default;

  // The parameter the embedding program attaches naming each seat's deck (a ParamSpec with
  // Setter::kEmbedder): a comma-separated list of sample names and "upload:KEY"s.
  virtual std::string param() const = 0;
  // At most this many decks in one match (one per seat).
  virtual int max_decks() const = 0;
  // The sample decks a seat may play without an upload, in the game's default order:
  // [{"name", "cards": count}].
  virtual nlohmann::json samples() const = 0;
  // Whether `name` is a sample deck's (the game reads those itself: no snapshot).
  virtual bool is_sample(const std::string& name) const = 0;
  // Checks the deck `text` named `name` with `annotations` applied: what the player is shown
  // ({"name", "cards": [...], ...}). Throws BadParams naming what it refuses (a line, too many
  // cards).
  virtual nlohmann::json check(const std::string& text, const std::string& name,
                               const nlohmann::json& annotations) const = 0;
  // The deck in the game's JSON deck format, from its check: the cards' own fields and the
  // player's annotations, not what the check adds.
  virtual nlohmann::json exported(const nlohmann::json& checked) const = 0;
  // The upload in its own format with the annotations written in (the card game's vCard with
  // X-TABLETOP-ARMY lines).
  virtual std::string annotated_upload(const std::string& text,
                                       const nlohmann::json& annotations) const = 0;
  // The deck as a match's snapshot holds it; throws BadParams when it cannot be played yet (the
  // cards that still need an annotation, named).
  virtual std::string snapshot(const std::string& text, const std::string& name,
                               const nlohmann::json& annotations) const = 0;
  // A client's annotation of one card as stored ("Animals"), or nullopt for a value the game does
  // not know.
  virtual std::optional<std::string> annotation(const nlohmann::json& value) const = 0;
  // Where the game reads "upload:KEY" from while matches are made (the embedding program's store
  // of snapshots).
  using SnapshotSource = std::function<std::optional<std::string>(const std::string& key)>;
  virtual void set_snapshot_source(SnapshotSource source) const = 0;
  // Reads the game's optional data files now (the card game's gazetteer, which places the cities
  // on cards), so that a game made later from a network client's parameters opens none.
  virtual void preload() const {}
  // The gazetteer file the user chose (`--gazetteer`) for placing cards' cities, read now and used
  // from then on; throws std::runtime_error naming what is wrong with it.
  virtual void use_gazetteer(const std::string& path) const = 0;
  // `tabletop deck check`: checks the deck file at `path`, writing what the game reads from each
  // card to `out` (JSON lines when `as_json`) and warnings and refusals to `err`; answers whether
  // the deck can be played.
  virtual bool check_file(const std::string& path, bool as_json, std::ostream& out,
                          std::ostream& err) const = 0;
};

}  // namespace tabletop
