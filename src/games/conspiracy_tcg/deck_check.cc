#include "games/conspiracy_tcg/deck_check.h"

#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/conspiracy_tcg/gazetteer.h"

namespace tabletop::conspiracy_tcg {

using json = nlohmann::json;

std::vector<std::string> city_hints(const Card& card) {
  std::vector<std::string> hints = Gazetteer::hint_words(card.address);
  if (!card.region.empty()) hints.push_back(card.region);
  if (!card.country.empty()) hints.push_back(card.country);
  return hints;
}

json city_placement(const Card& c) {
  if (c.has_location || c.travel_km >= 0 || c.city.empty()) return nullptr;
  static const std::shared_ptr<const Gazetteer> gazetteer =
      Gazetteer::load(Gazetteer::default_path());
  if (!gazetteer)
    return {{"placed", false},
            {"why", "no gazetteer installed (make build installs data/gazetteer/gazetteer.tsv)"}};
  const Gazetteer::Found f = gazetteer->find(c.city, city_hints(c));
  if (!f.ok) return {{"placed", false}, {"why", f.why}};
  return {{"placed", true},
          {"city", f.name},
          {"country", f.country},
          {"region", f.region},
          {"latitude", f.latitude},
          {"longitude", f.longitude},
          {"within_km", kCityRadiusKm}};
}

json checked_card_json(const Card& c) {
  json j = card_to_json(c);
  j["army"] = c.army_source == ArmySource::kNeeded ? json(nullptr) : json(army_name(c.army));
  j["army_source"] = army_source_name(c.army_source);
  j["army_reason"] = c.army_reason;
  json candidates = json::array();
  for (Army a : c.army_candidates) candidates.push_back(army_name(a));
  j["army_candidates"] = candidates;
  json why = json::object();
  for (const auto& [move, reason] : pro_move_reasons(c))
    if (!why.contains(pro_move_name(move))) why[pro_move_name(move)] = reason;
  for (int m = 0; m < kProMoveCount; ++m)
    if (c.add_moves & bit(ProMove(m))) why[pro_move_name(ProMove(m))] = "added on the card";
  for (auto it = why.begin(); it != why.end();)
    it = (c.pro_moves & bit(ProMove(pro_move_of_name(it.key())))) ? std::next(it) : why.erase(it);
  j["pro_move_reasons"] = why;
  j["phone_digits"] = phone_digits(c.phone);
  if (json placed = city_placement(c); !placed.is_null()) j["city_placement"] = placed;
  return j;
}

json checked_deck_json(const Deck& deck) {
  json cards = json::array(), needs = json::array();
  for (const Card& c : deck.cards) {
    cards.push_back(checked_card_json(c));
    if (c.army_source == ArmySource::kNeeded)
      needs.push_back(c.source + " " + display_name(c) + ": " + c.army_reason);
  }
  json j = {{"name", deck.name},
            {"cards", cards},
            {"warnings", deck.warnings},
            {"needs_army", needs},
            {"playable", needs.empty()}};
  json armies = json::array();
  for (int a = 0; a < kArmies; ++a) armies.push_back(army_name(Army(a)));
  j["armies"] = armies;
  try {
    require_armies(deck);
  } catch (const BadDeck& e) {
    j["error"] = e.what();
  }
  return j;
}

}  // namespace tabletop::conspiracy_tcg
