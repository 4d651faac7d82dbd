// How to play each game, in the project's own words: docs/howto/<id>.md, compiled in (the build
// reads every file of docs/howto/ into howto.cc: src/games/CMakeLists.txt). games::registry() puts
// it in each GameEntry (how_to_play; where the full rule text comes from and its licence,
// rules_source, the game's entry sets itself); `tabletop rules GAME` prints them and the server's
// GET /api/games carries them.
//
// The text is a small Markdown subset: "## " headings (Goal, Setup, A turn or A round, What wins,
// Notation), paragraphs, "1. " and "- " list items, `code` for notation, and ```position blocks
// after the sentences they illustrate (core/howto_positions.h): howto_test plays every block with
// the game's code and checks what it claims; the web client and `tabletop rules` draw each one.
#pragma once

#include "core/registry.h"

namespace tabletop::games {

// Fills entry.how_to_play for the game that has a docs/howto/<id>.md (every registered game:
// notation_test checks it).
void add_how_to_play(GameEntry& entry);

}  // namespace tabletop::games
