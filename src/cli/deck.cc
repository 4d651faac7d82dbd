// `tabletop deck check FILE... [--json]`: validates Conspiracy TCG decks (.json or .vcf) and shows
// what the game reads from each card.
#include <iostream>

#include "cli/commands.h"
#include "games/conspiracy_tcg/cards.h"

namespace tabletop::cli {

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
    for (const Card& c : deck.cards) {
      if (as_json) {
        json j = card_to_json(c);
        j["deck"] = deck.name;
        j["phone_digits"] = phone_digits(c.phone);
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
      std::cout << "  " << c.source << "  " << display_name(c) << "  [" << army_name(c.army)
                << "]  name: "
                << (c.last_name.empty() ? "none (loses AAA/ZZZ)"
                                        : c.last_name + ", " + c.first_name)
                << "  phone: "
                << (phone_digits(c.phone).empty() ? "none (loses 000/999)" : phone_digits(c.phone))
                << "  location: " << where
                << "\n    pro moves: " << (moves.empty() ? "none" : moves) << "\n";
    }
  }
  return failed ? 1 : 0;
}

}  // namespace tabletop::cli
