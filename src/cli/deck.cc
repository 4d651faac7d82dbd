// `tabletop deck check FILE... [--json]`: validates deck files of the game that plays player-made
// decks (its registry entry's DeckHook, core/decks.h: the card game's .json or .vcf) and shows
// what the game reads from each card.
#include <iostream>

#include "cli/commands.h"
#include "games/games.h"

namespace tabletop::cli {

namespace {

const DeckHook& deck_hook() {
  const GameEntry* entry = games::registry().find_with_decks();
  if (!entry) throw Error("no game here plays player-made decks");
  return *entry->decks;
}

}  // namespace

void use_gazetteer(const std::string& path) {
  try {
    deck_hook().use_gazetteer(path);
  } catch (const std::runtime_error& e) {
    throw Error(std::string("--gazetteer: ") + e.what());
  }
}

int deck_check(const std::vector<std::string>& files, bool as_json) {
  int failed = 0;
  for (const std::string& file : files)
    if (!deck_hook().check_file(file, as_json, std::cout, std::cerr)) ++failed;
  return failed ? 1 : 0;
}

}  // namespace tabletop::cli
