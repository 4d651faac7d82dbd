// The registry: game id -> how to make that game from JSON parameters.
//
// The registry in core knows no game. src/games/games.h fills one with every game in Tabletop
// (`games::registry()`); tests may build their own.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/decks.h"
#include "core/game.h"
#include "core/ppn.h"

namespace tabletop {

struct Record;

// Where a game's full rule text comes from, and whether it may be passed on.
struct RulesSource {
  std::string title;        // "Relativity, version 110808a"
  std::string author;       // "Marty and Ron Hale-Evans"
  std::string licence;      // "CC BY-SA 3.0", "public domain", "copyright, no licence given"
  std::string licence_url;  // the licence's text, when it has one ("" otherwise)
  bool shareable = false;   // the licence lets the full text be passed on
};

struct GameEntry {
  GameInfo info;
  // Makes the game; throws BadParams naming a bad parameter.
  std::function<std::shared_ptr<const Game>(const json& params)> make;
  // Every parameter the game accepts, in the order a form should show them (players first). The
  // game reads its parameters through these same specs (ParamReader::get_all).
  std::vector<ParamSpec> params;
  // How to play, in the project's own words (goal, setup, a turn, what wins, the notation), a small
  // Markdown subset: "## " headings, paragraphs, "1. " and "- " items, `code`. games::registry()
  // fills it from docs/howto/<id>.md (games/howto.h). Empty: not written.
  std::string how_to_play;
  RulesSource rules_source;
  // Optional: the game's name in PPN's `GameType: Name`, and a replayer for PPN records of it that
  // returns the final state and throws BadRecord at the first move that differs from the record.
  std::string ppn_name;
  // What a player chooses after clicking a move's places when several legal moves share them (e.g.
  // "the die" in Siege), for a client's buttons and for the conformance suite. Empty: no two legal
  // moves ever have the same non-empty State::move_places (the same steps, each compared as a set).
  std::string places_choice;
  // Parameters the conformance suite adds to every playout, to keep random games short where
  // random play cannot end them (a lower engine cap, never a rule change). Empty for most games.
  json test_params = json::object();
  // The PPN replayer: takes every game (document) of the file, in order (a game may write one
  // document per round).
  std::function<std::unique_ptr<State>(const std::vector<ppn::Record>&)> replay_ppn;
  // Optional, with replay_ppn: the PPN documents of a record (JSON, core/record.h) of this game,
  // which replay_ppn reads back to the same final state. Throws BadRecord when the record does
  // not replay or holds what PPN cannot say (core's record_to_ppn wraps it).
  std::function<std::vector<ppn::Record>(const Record&)> record_ppn;
  // Optional: the game's player-made decks (core/decks.h), which the server and the CLI reach
  // only through this hook. nullptr: the game plays no decks.
  std::shared_ptr<const DeckHook> decks;
};

class Registry {
 public:
  void add(GameEntry entry);
  // The entry for `id`, or nullptr.
  const GameEntry* find(const std::string& id) const;
  // The first entry whose game plays player-made decks (GameEntry::decks), or nullptr.
  const GameEntry* find_with_decks() const;
  // Makes game `id` with `params`, which came from `origin`; throws BadParams for an unknown id
  // (listing the known ones) and for a parameter `origin` may not give (check_param_origin, in
  // game.h: by its spec, whatever its name). `attached`: parameters the embedding program adds
  // itself (a server's deck snapshots), each one a ParamSpec::Setter::kEmbedder parameter that
  // `params` does not hold. Unless `origin` is the command line, the game is made under
  // core/file.h's NoFileAccess: it cannot open a file, whatever its parameters say.
  std::shared_ptr<const Game> make(const std::string& id, const json& params = json::object(),
                                   ParamOrigin origin = ParamOrigin::kCommandLine,
                                   const json& attached = json::object()) const;
  // `params` (a match's resolved parameters) without those a network client may not set: what a
  // server shows of a match to everyone (the lobby, spectators, records). A key that opens
  // something (a deck snapshot) or names a file never leaves so. Unknown ids: `params` as given.
  json public_params(const std::string& id, const json& params) const;
  const std::vector<GameEntry>& entries() const { return entries_; }

 private:
  std::vector<GameEntry> entries_;
};

}  // namespace tabletop
