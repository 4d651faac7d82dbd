// `tabletop deck check FILE... [--json]`: validates Conspiracy TCG decks (.json or .vcf) and shows
// what the game reads from each card.
#include <iostream>

#include "cli/commands.h"
#include "games/conspiracy_tcg/cards.h"
#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/conspiracy_tcg/deck_check.h"
#include "games/conspiracy_tcg/gazetteer.h"

namespace tabletop::cli {

void use_gazetteer(const std::string& path) {
  using conspiracy_tcg::Gazetteer;
  std::shared_ptr<const Gazetteer> loaded;
  try {
    loaded = Gazetteer::load(path);
  } catch (const std::runtime_error& e) {
    throw Error(std::string("--gazetteer: ") + e.what());
  }
  if (!loaded) throw Error("--gazetteer: " + quote(path) + " does not exist");
  Gazetteer::set_default_path(path);
}

int deck_check(const std::vector<std::string>& files, bool as_json) {
  using namespace conspiracy_tcg;
  int failed = 0;
  for (const std::string& file : files) {
    Deck deck;
    try {
      deck = load_deck_file(file);
    } catch (const BadDeck& e) {
      std::cerr << "error: " << e.what() << "\n";
      ++failed;
      continue;
    }
    if (!as_json)
      std::cout << file << ": deck \"" << deck.name << "\", " << deck.cards.size() << " cards\n";
    for (const std::string& w : deck.warnings) std::cerr << "warning: " << w << "\n";
    for (const Card& c : deck.cards) {
      if (as_json) {
        json j = checked_card_json(c);
        j["deck"] = deck.name;
        std::cout << j.dump() << "\n";
        continue;
      }
      std::string moves;
      for (int p = 0; p < kProMoveCount; ++p)
        if (c.pro_moves >> p & 1)
          moves += std::string(moves.empty() ? "" : ", ") + pro_move_name(ProMove(p));
      std::string where = c.has_location
                              ? std::to_string(c.latitude) + "," + std::to_string(c.longitude)
                              : std::string("no location (loses NEAR/FAR)");
      if (c.travel_km >= 0) where = std::to_string(c.travel_km) + " km";
      if (const json placed = city_placement(c); !placed.is_null()) {
        where =
            placed["placed"].get<bool>()
                ? "by the gazetteer, " + placed["city"].get<std::string>() + " (" +
                      placed["country"].get<std::string>() + ") " +
                      std::to_string(placed["latitude"].get<double>()) + "," +
                      std::to_string(placed["longitude"].get<double>()) + " within " +
                      std::to_string(int(kCityRadiusKm)) + " km"
                : c.city + " not placed: " + placed["why"].get<std::string>() + " (loses NEAR/FAR)";
      }
      const std::string army =
          c.army_source == ArmySource::kNeeded ? "needs an army" : army_name(c.army);
      std::cout << "  " << c.source << "  " << display_name(c) << "  [" << army << "]  name: "
                << (c.last_name.empty() ? "none (loses AAA/ZZZ)"
                                        : c.last_name + ", " + c.first_name)
                << "  phone: "
                << (phone_digits(c.phone).empty() ? "none (loses 000/999)" : phone_digits(c.phone))
                << "  location: " << where << "\n    army: " << c.army_reason
                << "\n    pro moves: " << (moves.empty() ? "none" : moves) << "\n";
    }
    try {
      require_armies(deck);
    } catch (const BadDeck& e) {
      // Checked, but not playable: the cards to annotate.
      std::cerr << "error: " << e.what() << "\n";
      ++failed;
    }
  }
  return failed ? 1 : 0;
}

}  // namespace tabletop::cli
