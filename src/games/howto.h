// How to play each game, in the project's own words: docs/howto/<id>.md, compiled in (the build
// reads the files into howto.cc: src/games/CMakeLists.txt), with where the full rule text comes
// from and its licence. games::registry() puts them in each GameEntry (how_to_play,
// rules_source); `tabletop rules GAME` prints them and the server's GET /api/games carries them.
//
// The text is a small Markdown subset: "## " headings (Goal, Setup, A turn or A round, What wins,
// Notation), paragraphs, "1. " and "- " list items, `code` for notation.
#pragma once

#include "core/registry.h"

namespace tabletop::games {

// Fills entry.how_to_play and entry.rules_source for the games that have a docs/howto file
// (every registered game: notation_test checks it).
void add_how_to_play(GameEntry& entry);

}  // namespace tabletop::games
