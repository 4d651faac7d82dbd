// The card game's decks behind core's DeckHook (core/decks.h): uploads in vCard or JSON, the
// shadow army a player annotates on a card, snapshots as JSON decks, the sample decks, and the
// check `tabletop deck check` prints. The entry (rules.cc) holds it; the server and the CLI reach
// it only through GameEntry::decks.
#pragma once

#include <memory>

#include "core/decks.h"

namespace tabletop::conspiracy_tcg {

std::shared_ptr<const DeckHook> deck_hook();

}  // namespace tabletop::conspiracy_tcg
