// Conspiracy TCG: a deck as the player should see it before playing — each card's fields, its
// shadow army and where it comes from (annotation, inferred from which words, or the candidates
// of a card that needs an army), its pro moves, where the gazetteer places a card that gives only
// a city, and the deck's problems. One builder for `tabletop deck check --json` and the server's
// `POST /api/decks`, so the two always answer alike.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/conspiracy_tcg/cards.h"

namespace tabletop::conspiracy_tcg {

// The gazetteer hints a card gives for its city (TcgGame::place_city_only_cards uses the same):
// the address's words, the region (ADR's region field: "VT", "Pennsylvania") and the country.
std::vector<std::string> city_hints(const Card& card);

// Where the game will put a card that gives only a city: {"placed": true, "city", "country",
// "region", "latitude", "longitude", "within_km"} or {"placed": false, "why"}. Null for a card
// with coordinates, a travel distance or no city. Uses the installed gazetteer
// (Gazetteer::default_path()).
nlohmann::json city_placement(const Card& card);

// One card: card_to_json's keys, with "army" the army the game will use (null while it needs
// one), "army_source" ("annotation", "inferred", "needs an army"), "army_reason" (the words that
// settled it, or why it cannot be settled), "army_candidates" (names; empty when any of the 33),
// "pro_move_reasons" ({"Hacking": "shadow army Computers", ...}: why the card earns each of its
// pro moves, pro_move_reasons or "added on the card"), "phone_digits", and "city_placement" when
// the gazetteer is asked.
nlohmann::json checked_card_json(const Card& card);

// The whole deck: {"name", "cards": [checked_card_json...], "warnings": [...], "needs_army":
// ["file:line Name: why"...], "playable": bool, "error": the require_armies message or absent,
// "armies": the 33 shadow armies' names (what a card with no candidates may be annotated)}.
nlohmann::json checked_deck_json(const Deck& deck);

}  // namespace tabletop::conspiracy_tcg
