#include "games/conspiracy_tcg/deck_hook.h"

#include <map>
#include <mutex>
#include <ostream>

#include "games/conspiracy_tcg/cards.h"
#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/conspiracy_tcg/deck_check.h"
#include "games/conspiracy_tcg/gazetteer.h"
#include "games/conspiracy_tcg/vcard.h"

namespace tabletop::conspiracy_tcg {

namespace {

using nlohmann::json;

// A deck as a snapshot holds it: its name and its cards as card_to_json writes them.
std::string deck_json(const Deck& deck) {
  json cards = json::array();
  for (const Card& card : deck.cards) cards.push_back(card_to_json(card));
  return json{{"name", deck.name}, {"cards", cards}}.dump();
}

// An upload read as the game reads it, named `name`, its annotations ({"INDEX": army}) applied;
// a file the reader refuses or a deck over kMaxDeckCards is a BadParams.
Deck read_upload(const std::string& text, const std::string& name, const json& annotations) {
  Deck deck;
  try {
    deck = parse_deck_text(text, name);
  } catch (const BadDeck& e) {
    throw BadParams(e.what());
  }
  if (deck.cards.size() > kMaxDeckCards)
    throw BadParams("a deck has at most " + std::to_string(kMaxDeckCards) +
                    " cards (the rules suggest 40 to 60); this one has " +
                    std::to_string(deck.cards.size()));
  deck.name = name;
  for (auto it = annotations.begin(); it != annotations.end(); ++it) {
    const std::size_t i = std::stoul(it.key());
    const int army = army_of_name(it.value().get<std::string>());
    if (i < deck.cards.size() && army >= 0) annotate_army(deck.cards[i], Army(army));
  }
  return deck;
}

// One card of `tabletop deck check` in people's words.
void describe(const Card& c, std::ostream& out) {
  std::string moves;
  for (int p = 0; p < kProMoveCount; ++p)
    if (c.pro_moves >> p & 1)
      moves += std::string(moves.empty() ? "" : ", ") + pro_move_name(ProMove(p));
  std::string where = c.has_location
                          ? std::to_string(c.latitude) + "," + std::to_string(c.longitude)
                          : std::string("no location (loses NEAR/FAR)");
  if (c.travel_km >= 0) where = std::to_string(c.travel_km) + " km";
  if (const json placed = city_placement(c); !placed.is_null()) {
    where = placed["placed"].get<bool>()
                ? "by the gazetteer, " + placed["city"].get<std::string>() + " (" +
                      placed["country"].get<std::string>() + ") " +
                      std::to_string(placed["latitude"].get<double>()) + "," +
                      std::to_string(placed["longitude"].get<double>()) + " within " +
                      std::to_string(int(kCityRadiusKm)) + " km"
                : c.city + " not placed: " + placed["why"].get<std::string>() + " (loses NEAR/FAR)";
  }
  const std::string army =
      c.army_source == ArmySource::kNeeded ? "needs an army" : army_name(c.army);
  out << "  " << c.source << "  " << display_name(c) << "  [" << army << "]  name: "
      << (c.last_name.empty() ? "none (loses AAA/ZZZ)" : c.last_name + ", " + c.first_name)
      << "  phone: "
      << (phone_digits(c.phone).empty() ? "none (loses 000/999)" : phone_digits(c.phone))
      << "  location: " << where << "\n    army: " << c.army_reason
      << "\n    pro moves: " << (moves.empty() ? "none" : moves) << "\n";
}

class CardDecks : public DeckHook {
 public:
  std::string param() const override { return "uploaded_decks"; }
  int max_decks() const override { return kMaxSeats; }

  json samples() const override {
    json out = json::array();
    for (const Deck& deck : sample_decks())
      out.push_back({{"name", deck.name}, {"cards", deck.cards.size()}});
    return out;
  }
  bool is_sample(const std::string& name) const override { return sample_deck(name) != nullptr; }

  json check(const std::string& text, const std::string& name,
             const json& annotations) const override {
    return checked_deck_json(read_upload(text, name, annotations));
  }

  // The cards as card_to_json writes them, from the check: its fields less what the check adds,
  // the army only where a player annotated it.
  json exported(const json& checked) const override {
    json cards = json::array();
    for (json card : checked.value("cards", json::array())) {
      const bool annotated = card.value("army_source", "") == "annotation";
      for (const char* added : {"army_source", "army_reason", "army_candidates", "pro_move_reasons",
                                "phone_digits", "city_placement"})
        card.erase(added);
      if (!annotated) card.erase("army");
      cards.push_back(std::move(card));
    }
    return {{"name", checked.value("name", "")}, {"cards", std::move(cards)}};
  }

  std::string annotated_upload(const std::string& text, const json& annotations) const override {
    std::map<int, Army> armies;
    for (auto it = annotations.begin(); it != annotations.end(); ++it)
      if (const int army = army_of_name(it.value().get<std::string>()); army >= 0)
        armies[std::stoi(it.key())] = Army(army);
    return annotate_vcard_armies(text, armies);
  }

  std::string snapshot(const std::string& text, const std::string& name,
                       const json& annotations) const override {
    const Deck deck = read_upload(text, name, annotations);
    try {
      require_armies(deck);
    } catch (const BadDeck& e) {
      throw BadParams(e.what());
    }
    return deck_json(deck);
  }

  std::optional<std::string> annotation(const json& value) const override {
    const int army = value.is_string() ? army_of_name(value.get<std::string>()) : -1;
    if (army < 0) return std::nullopt;
    return army_name(Army(army));
  }

  // The game's deck source: a sample deck by its name (compiled in, the same for every match),
  // the program's snapshots for "upload:KEY".
  void set_snapshot_source(SnapshotSource source) const override {
    set_deck_source([source = std::move(source)](const std::string& name) {
      if (const Deck* sample = sample_deck(name)) {
        static std::mutex samples_mutex;
        static std::map<std::string, std::string> samples;
        const std::lock_guard<std::mutex> lock(samples_mutex);
        auto [it, fresh] = samples.emplace(name, std::string());
        if (fresh) it->second = deck_json(*sample);
        return std::optional<std::string>(it->second);
      }
      if (!name.starts_with("upload:") || !source) return std::optional<std::string>();
      return source(name.substr(7));
    });
  }

  void preload() const override {
    try {
      Gazetteer::load(Gazetteer::default_path());
    } catch (const std::exception&) {
      // A broken file: city venues are refused as without one (games say so).
    }
  }

  void use_gazetteer(const std::string& path) const override {
    if (!Gazetteer::load(path)) throw std::runtime_error("'" + path + "' does not exist");
    Gazetteer::set_default_path(path);
  }

  bool check_file(const std::string& path, bool as_json, std::ostream& out,
                  std::ostream& err) const override {
    Deck deck;
    try {
      deck = load_deck_file(path);
    } catch (const BadDeck& e) {
      err << "error: " << e.what() << "\n";
      return false;
    }
    if (!as_json)
      out << path << ": deck \"" << deck.name << "\", " << deck.cards.size() << " cards\n";
    for (const std::string& w : deck.warnings) err << "warning: " << w << "\n";
    for (const Card& c : deck.cards) {
      if (!as_json) {
        describe(c, out);
        continue;
      }
      json j = checked_card_json(c);
      j["deck"] = deck.name;
      out << j.dump() << "\n";
    }
    try {
      require_armies(deck);
    } catch (const BadDeck& e) {
      err << "error: " << e.what() << "\n";  // checked, but not playable: the cards to annotate
      return false;
    }
    return true;
  }
};

}  // namespace

std::shared_ptr<const DeckHook> deck_hook() {
  static const std::shared_ptr<const DeckHook> hook = std::make_shared<CardDecks>();
  return hook;
}

}  // namespace tabletop::conspiracy_tcg
