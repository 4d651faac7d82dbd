// The sample decks of data/decks/, parsed once from the copies compiled into the binary.
#include <utility>

#include "games/conspiracy_tcg/cards.h"
#include "games/conspiracy_tcg/vcard.h"

namespace tabletop::conspiracy_tcg {

extern const std::pair<const char*, const char*> kSampleDeckFiles[];
extern const int kSampleDeckFileCount;

const std::vector<Deck>& sample_decks() {
  static const std::vector<Deck> decks = [] {
    std::vector<Deck> out;
    for (int i = 0; i < kSampleDeckFileCount; ++i) {
      const std::string file = std::string("data/decks/") + kSampleDeckFiles[i].first;
      const std::string_view text = kSampleDeckFiles[i].second;
      Deck deck =
          file.ends_with(".vcf") ? parse_vcard_deck(text, file) : parse_json_deck(text, file);
      std::string name = kSampleDeckFiles[i].first;
      name = name.substr(0, name.find_last_of('.'));
      deck.name = name;
      out.push_back(std::move(deck));
    }
    return out;
  }();
  return decks;
}

const Deck* sample_deck(std::string_view name) {
  for (const Deck& d : sample_decks())
    if (d.name == name) return &d;
  return nullptr;
}

}  // namespace tabletop::conspiracy_tcg
