// Conspiracy TCG: the game, setup, turns, legal moves and their effects (see conspiracy_tcg.h).
#include <algorithm>
#include <bit>
#include <cassert>
#include <cctype>
#include <map>

#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/conspiracy_tcg/deck_check.h"
#include "games/conspiracy_tcg/deck_hook.h"
#include "games/conspiracy_tcg/gazetteer.h"

namespace tabletop::conspiracy_tcg {

namespace {

constexpr const char* kDefaultDecks =
    "agency-field-office,illuminati-lodge,reptilian-nest,phone-contacts";
constexpr const char* kDefaultVenue = "39.9526,-75.1652";

std::string fold(const std::string& s) {
  std::string out;
  for (char c : s) out += char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The modes a mode-setting pro move may set (kModeCount: any).
void settable(ProMove p, int& a, int& b) {
  a = b = kModeCount;
  if (p == kTabulaRecta) a = kAAA, b = kZZZ;
  if (p == kSpySatellite) a = kNear, b = kFar;
  if (p == kWiretap) a = k000, b = k999;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The game.

// The parameters: what entry() lists and what TcgGame reads.
static const std::vector<ParamSpec>& param_specs() {
  static const std::vector<ParamSpec> specs = {
      {"players", ParamSpec::Type::kInt, 4, 2, kMaxSeats, "seats: 2 to 6", "players"},
      {"decks", ParamSpec::Type::kFile, kDefaultDecks, std::nullopt, std::nullopt,
       "comma-separated sample deck names or .json/.vcf deck files; seat s plays deck s mod n",
       "variant"},
      {"venue", ParamSpec::Type::kString, kDefaultVenue, std::nullopt, std::nullopt,
       "where the game is played, for NEAR and FAR: latitude,longitude or a city the gazetteer "
       "knows (Paris, FR)",
       "variant"},
      {"gazetteer", ParamSpec::Type::kFile, "", std::nullopt, std::nullopt,
       "the gazetteer file placing city venues and city-only cards (empty: the one make build "
       "installs, data/gazetteer/gazetteer.tsv)",
       "engine"},
      {"max_plies", ParamSpec::Type::kInt, kDefaultMaxPlies, 10, 100000000,
       "engine ply cap (not a rule): the game then ends as a draw", "engine",
       ParamSpec::Setter::kAnyone, kDefaultMaxPlies},
      {"perimeter_in_both_columns", ParamSpec::Type::kBool, true, std::nullopt, std::nullopt,
       "a Security Perimeter agent is in both columns it defends (a Ninja Ops attack on either "
       "takes it); false: only in its own",
       "variant"},
      {"uploaded_decks", ParamSpec::Type::kString, "", std::nullopt, std::nullopt,
       "decks by content, never by path: comma-separated upload:KEY names the embedding "
       "program's deck source answers (set_deck_source); when given it replaces decks. Set by "
       "the embedding program alone (a server's deck snapshots), never by a network client",
       "engine", ParamSpec::Setter::kEmbedder},
      {"library_order", ParamSpec::Type::kString, "word-by-word", std::nullopt, std::nullopt,
       "AAA/ZZZ filing: word-by-word (\"de la Cruz\" before \"Dean\", the ALA rules) or "
       "letter-by-letter (spaces ignored: after \"Dean\")",
       "variant"},
      {"brainwashing_defuses_bombs", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "a bombed agent captured by Brainwashing loses its bomb (the project's old reading); "
       "false: the bomb stays, as the text says (\"Any subsequent attack that kills one of those "
       "agents will kill both of them\")",
       "variant"},
      {"dead_position_shared", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "a dead position (no moves can leave a last player standing: ruling 27) is a win shared by "
       "the seats still in; false: a draw, no one rules the world",
       "variant"}};
  return specs;
}

GameEntry entry() {
  GameEntry e;
  e.info = GameInfo{"conspiracy-tcg",
                    "Conspiracy: The Largest Trading Card Game on Earth",
                    "conspiracy-tcg.txt",
                    2,
                    6,
                    true,
                    true};
  e.rules_source = {"Conspiracy: The Largest Trading Card Game on Earth (2014)", "Mad Sheep Games",
                    "copyright, no licence given", "", false};
  // The search's tuned line (docs/games/conspiracy-tcg.md, "Computer players"): the other seats
  // play greedy's move in the search; with two players, minimax backups besides.
  e.info.search_lines = {{0, "opponents=greedy,prior=20"},
                         {2, "opponents=greedy,prior=20,minimax=0.5"}};
  e.make = [](const json& params) -> std::shared_ptr<const Game> {
    return std::make_shared<TcgGame>(params);
  };
  e.params = param_specs();
  e.decks = deck_hook();
  e.test_params = json{{"max_plies", kConformanceMaxPlies}};
  e.places_choice =
      "what follows the agent clicked: where it is deployed, whom it attacks, the pro move and "
      "the modes it sets";
  return e;
}

TcgGame::TcgGame(const json& params)
    : Game(entry().info, [&] {
        ParamReader reader("conspiracy-tcg", params);
        reader.get_all(param_specs());
        return reader.finish();
      }()) {
  players_ = this->params()["players"];
  max_plies_ = this->params()["max_plies"];
  perimeter_in_both_ = this->params()["perimeter_in_both_columns"];
  brainwashing_defuses_ = this->params()["brainwashing_defuses_bombs"];
  dead_position_shared_ = this->params()["dead_position_shared"];
  {
    const std::string order = this->params()["library_order"];
    if (order != "word-by-word" && order != "letter-by-letter")
      throw BadParams("conspiracy-tcg: library_order: \"" + order +
                      "\" is neither word-by-word nor letter-by-letter");
    letter_by_letter_ = order == "letter-by-letter";
  }
  const std::string venue = this->params()["venue"];
  {
    const std::size_t comma = venue.find(',');
    char* end = nullptr;
    bool ok = comma != std::string::npos;
    if (ok) {
      const std::string lat = venue.substr(0, comma), lon = venue.substr(comma + 1);
      venue_lat_ = std::strtod(lat.c_str(), &end);
      ok = end && *end == 0 && !lat.empty();
      venue_lon_ = std::strtod(lon.c_str(), &end);
      ok = ok && end && *end == 0 && !lon.empty() && venue_lat_ >= -90 && venue_lat_ <= 90 &&
           venue_lon_ >= -180 && venue_lon_ <= 180;
    }
    if (!ok) place_venue(venue);
  }
  // Decks: uploaded_decks names snapshots the embedding program holds; decks names samples or
  // files (the command line's alone: see ParamSpec::Setter).
  std::vector<std::string> names;
  const std::string uploaded = this->params()["uploaded_decks"];
  {
    const std::string list =
        uploaded.empty() ? this->params()["decks"].get<std::string>() : uploaded;
    std::size_t start = 0;
    while (start <= list.size()) {
      std::size_t end = list.find(',', start);
      if (end == std::string::npos) end = list.size();
      std::string name = list.substr(start, end - start);
      while (!name.empty() && name.front() == ' ') name.erase(0, 1);
      while (!name.empty() && name.back() == ' ') name.pop_back();
      if (!name.empty()) names.push_back(name);
      start = end + 1;
    }
    if (names.empty()) throw BadParams("conspiracy-tcg: decks: no deck named");
  }
  std::vector<const Deck*> chosen;
  loaded_.reserve(names.size());
  for (const std::string& name : names) {
    if (!uploaded.empty()) {
      // Never a path, never a sample read here: only what the embedding program's deck source
      // answers (an unknown name, whatever it looks like, is "no such uploaded deck").
      try {
        loaded_.push_back(deck_from_source(name));
        require_armies(loaded_.back());
      } catch (const BadDeck& e) {
        throw BadParams(std::string("conspiracy-tcg: uploaded_decks: ") + e.what());
      }
      chosen.push_back(&loaded_.back());
      continue;
    }
    if (const Deck* d = sample_deck(name)) {
      chosen.push_back(d);
      continue;
    }
    try {
      loaded_.push_back(load_deck_file(name));
      require_armies(loaded_.back());
    } catch (const BadDeck& e) {
      throw BadParams(std::string("conspiracy-tcg: decks: ") + e.what() +
                      " (not a sample deck either: agency-field-office, illuminati-lodge, "
                      "reptilian-nest, phone-contacts)");
    }
    chosen.push_back(&loaded_.back());
  }
  std::map<std::string, uint16_t> by_key;
  for (Seat s = 0; s < players_; ++s) {
    const Deck& deck = *chosen[std::size_t(s) % chosen.size()];
    deck_names_.push_back(deck.name);
    if (deck.cards.size() > std::size_t(kMaxPile))
      throw BadParams("conspiracy-tcg: deck " + deck.name + " has " +
                      std::to_string(deck.cards.size()) + " cards; at most " +
                      std::to_string(kMaxPile) + " are supported");
    std::vector<uint16_t> agents;
    for (const Card& c : deck.cards) {
      auto [it, fresh] = by_key.emplace(c.key, uint16_t(cards_.size()));
      if (fresh) {
        if (cards_.size() >= std::size_t(kMaxAgents))
          throw BadParams("conspiracy-tcg: more than " + std::to_string(kMaxAgents) + " agents");
        cards_.push_back(&c);
      }
      agents.push_back(it->second);
    }
    decks_.push_back(std::move(agents));
  }
  place_city_only_cards();
  keys_ = compare_keys(cards_, venue_lat_, venue_lon_, letter_by_letter_);
  std::map<std::string, int> places;
  auto intern = [&](const std::string& s) {
    if (s.empty()) return -1;
    return places.emplace(fold(s), int(places.size())).first->second;
  };
  for (const Card* c : cards_) {
    country_.push_back(intern(c->country));
    city_.push_back(intern(c->city));
    jurisdiction_.push_back(intern(c->jurisdiction));
  }
}

std::shared_ptr<const Gazetteer> TcgGame::gazetteer() const {
  const std::string path = params()["gazetteer"].get<std::string>().empty()
                               ? Gazetteer::default_path()
                               : params()["gazetteer"].get<std::string>();
  try {
    return Gazetteer::load(path);
  } catch (const std::runtime_error& e) {
    throw BadParams(std::string("conspiracy-tcg: gazetteer: ") + e.what());
  }
}

void TcgGame::place_venue(const std::string& venue) {
  const std::size_t comma = venue.find(',');
  const std::string city = venue.substr(0, comma);
  const std::vector<std::string> hints = comma == std::string::npos
                                             ? std::vector<std::string>{}
                                             : Gazetteer::hint_words(venue.substr(comma + 1));
  const auto g = gazetteer();
  if (!g)
    throw BadParams("conspiracy-tcg: venue \"" + venue +
                    "\" is not latitude,longitude, and no gazetteer is installed to find a city "
                    "(make build installs data/gazetteer/gazetteer.tsv)");
  const Gazetteer::Found f = g->find(city, hints);
  if (!f.ok)
    throw BadParams("conspiracy-tcg: venue \"" + venue + "\": " + f.why +
                    " (name the country or region after a comma, e.g. \"Paris, FR\", or give "
                    "latitude,longitude)");
  venue_lat_ = f.latitude;
  venue_lon_ = f.longitude;
}

void TcgGame::place_city_only_cards() {
  std::shared_ptr<const Gazetteer> g;
  bool looked = false;
  int unplaced = 0;
  for (const Card*& c : cards_) {
    if (c->has_location || c->travel_km >= 0 || c->city.empty()) continue;
    if (!looked) g = gazetteer(), looked = true;
    if (!g) {
      ++unplaced;
      continue;
    }
    const std::vector<std::string> hints = city_hints(*c);
    const Gazetteer::Found f = g->find(c->city, hints);
    if (!f.ok) {
      notes_.push_back(display_name(*c) + " (" + c->city + "): not placed, " + f.why +
                       "; it loses NEAR and FAR");
      continue;
    }
    Card& placed = placed_.emplace_back(*c);
    placed.has_location = true;
    placed.latitude = f.latitude;
    placed.longitude = f.longitude;
    placed.location_radius_km = kCityRadiusKm;
    c = &placed;
  }
  if (unplaced)
    notes_.push_back(std::to_string(unplaced) +
                     " card(s) give only a city and lose NEAR and FAR: no gazetteer is installed "
                     "(make build installs data/gazetteer/gazetteer.tsv)");
}

std::unique_ptr<State> TcgGame::new_initial_state(Chance chance) const {
  auto state = std::make_unique<TcgState>(shared_from_this(), std::move(chance));
  state->setup();
  return state;
}

TcgState::TcgState(std::shared_ptr<const Game> game, Chance chance)
    : State(std::move(game), std::move(chance)) {
  plan_holder_.fill(kNoAgent);
}

const TcgGame& TcgState::rules() const {
  return static_cast<const TcgGame&>(game());
}

std::unique_ptr<State> TcgState::clone() const {
  return std::make_unique<TcgState>(*this);
}

Seat TcgState::current_player() const {
  if (over_) return kTerminal;
  switch (phase_) {
    case kOldSchoolWindow:
      return asked_;
    case kEmergencyPlacement:
      return emergency_;
    case kAttackReaction:
      return reacting_;
    default:  // the main phase and the runs of the seat to move
      return to_move_;
  }
}

Returns TcgState::returns() const {
  Returns r{};
  if (!over_ || capped_) return r;
  const int n = num_players();
  if (winner_ < 0) {  // a dead position (shared under the variant), or no seat left
    if (!ended_dead() || !rules().dead_position_shared()) return r;
    const int in = seats_in();
    for (Seat s = 0; s < n; ++s)
      r[std::size_t(s)] = seat(s).out ? -1.0 / (n - 1) : double(n - in) / ((n - 1) * in);
    return r;
  }
  for (Seat s = 0; s < n; ++s) r[std::size_t(s)] = s == winner_ ? 1.0 : -1.0 / (n - 1);
  return r;
}

std::string TcgState::agent_text(uint16_t agent) const {
  return "@" + std::to_string(agent) + " " + display_name(rules().card(agent));
}

// ---------------------------------------------------------------------------------------------
// Cards moving.

void TcgState::setup() {
  const TcgGame& g = rules();
  if (log().enabled())
    for (const std::string& note : g.placement_notes()) log().add("note: " + note);
  for (Seat s = 0; s < num_players(); ++s) {
    SeatState& st = seat(s);
    const auto& deck = g.deck(s);
    st.pile_count = uint8_t(deck.size());
    for (std::size_t i = 0; i < deck.size(); ++i) st.pile[i] = deck[i];
    chance().shuffle(st.pile.data(), st.pile.data() + st.pile_count);
  }
  for (Seat s = 0; s < num_players(); ++s) {
    for (int i = 0; i < kStartHandSize; ++i) draw(s);
    for (int placed = 0; placed < 3 && seat(s).pile_count > 0;) {
      SeatState& st = seat(s);
      const uint16_t a = st.pile[--st.pile_count];
      if (claimed_[a]) {
        if (log().enabled())
          log().add(game().seat_name(s) + " reveals " + agent_text(a) +
                    ", already in the game, and discards it");
        continue;
      }
      place(s, a, kNewColumn, 0);
      claim(a, s);
      if (log().enabled())
        log().add(game().seat_name(s) + " places " + agent_text(a) + " in the field");
      ++placed;
    }
  }
  for (Seat s = 0; s < num_players(); ++s)
    if (seat(s).columns == 0 && seat(s).hand_count == 0) seat(s).out = true;
  to_move_ = 0;
  while (seat(to_move_).out) to_move_ = int8_t((to_move_ + 1) % num_players());
}

void TcgState::draw(Seat s) {
  SeatState& st = seat(s);
  while (st.pile_count > 0 && st.hand_count < kMaxHandSize) {
    --st.pile_count;
    const uint16_t a = st.pile[st.pile_count];
    const uint8_t seen = st.pile_seen[st.pile_count];
    st.pile_seen[st.pile_count] = 0;
    if (claimed_[a]) {
      if (log().enabled())
        log().add(game().seat_name(s) + " draws " + agent_text(a) +
                  ", already in the game: revealed, discarded, replaced");
      continue;
    }
    st.hand[st.hand_count] = a;
    st.hand_seen[st.hand_count] = uint8_t(seen | 1u << s | (st.hand_open ? everyone() : 0));
    ++st.hand_count;
    if (log().enabled())
      log().add(st.hand_open ? EventLog::kEveryone : uint64_t(1) << s,
                game().seat_name(s) + " draws " + agent_text(a),
                game().seat_name(s) + " draws a card");
    return;
  }
}

void TcgState::refill(Seat s) {
  while (seat(s).hand_count < seat(s).hand_size && seat(s).pile_count > 0) draw(s);
}

void TcgState::remove_from_hand(Seat s, int index) {
  SeatState& st = seat(s);
  for (int i = index; i + 1 < st.hand_count; ++i) {
    st.hand[std::size_t(i)] = st.hand[std::size_t(i + 1)];
    st.hand_seen[std::size_t(i)] = st.hand_seen[std::size_t(i + 1)];
  }
  --st.hand_count;
  st.hand[st.hand_count] = 0;
  st.hand_seen[st.hand_count] = 0;
}

int TcgState::hand_index(Seat s, uint16_t agent) const {
  for (int i = 0; i < seat(s).hand_count; ++i)
    if (seat(s).hand[std::size_t(i)] == agent) return i;
  return -1;
}

void TcgState::claim(uint16_t agent, Seat by) {
  claimed_[agent] = true;
  for (Seat t = 0; t < num_players(); ++t) {
    const int i = hand_index(t, agent);
    if (i < 0) continue;
    remove_from_hand(t, i);
    if (log().enabled())
      log().add(game().seat_name(t) + " holds " + agent_text(agent) + ", just claimed by " +
                game().seat_name(by) + ": revealed, discarded, replaced");
    draw(t);
  }
}

int TcgState::field_count(Seat s) const {
  int n = 0;
  for (int c = 0; c < seat(s).columns; ++c) n += seat(s).col_len[std::size_t(c)];
  return n;
}

bool TcgState::field_position(uint16_t agent, Seat& s, int& c, int& d) const {
  for (s = 0; s < num_players(); ++s)
    for (c = 0; c < seat(s).columns; ++c)
      for (d = 0; d < seat(s).col_len[std::size_t(c)]; ++d)
        if (seat(s).col[std::size_t(c)][std::size_t(d)] == agent) return true;
  return false;
}

Seat TcgState::field_owner(uint16_t agent) const {
  Seat s;
  int c, d;
  return field_position(agent, s, c, d) ? s : -1;
}

int TcgState::exposed(Seat s, std::array<uint16_t, kMaxColumns>& out) const {
  int n = 0;
  for (int c = 0; c < seat(s).columns; ++c)
    if (is_exposed(s, c, 0)) out[std::size_t(n++)] = seat(s).col[std::size_t(c)][0];
  return n;
}

int TcgState::master_plans(Seat s) const {
  int n = 0;
  for (uint16_t h : plan_holder_)
    if (h != kNoAgent && field_owner(h) == s) ++n;
  return n;
}

void TcgState::place(Seat s, uint16_t agent, Place where, int column) {
  SeatState& st = seat(s);
  if (where == kNewColumn) {
    column = st.columns++;
    st.col_len[std::size_t(column)] = 0;
  }
  if (where == kSpan) st.bridges = uint8_t(st.bridges | 1u << column);
  auto& col = st.col[std::size_t(column)];
  uint8_t& len = st.col_len[std::size_t(column)];
  if (where == kFront || where == kSpan) {
    for (int d = len; d > 0; --d) col[std::size_t(d)] = col[std::size_t(d - 1)];
    col[0] = agent;
  } else {
    col[len] = agent;
  }
  ++len;
}

void TcgState::discard_from_field(uint16_t agent) {
  Seat s;
  int c, d;
  if (!field_position(agent, s, c, d)) return;
  lift(s, c, d);
  discarded_[agent] = true;
  release(agent);
}

void TcgState::lift(Seat s, int c, int d) {
  SeatState& st = seat(s);
  auto& col = st.col[std::size_t(c)];
  uint8_t& len = st.col_len[std::size_t(c)];
  // A bridge stands while its agent does and someone stands behind it in its own column.
  if (d == 0) st.bridges = uint8_t(st.bridges & ~(1u << c));
  for (int k = d; k + 1 < len; ++k) col[std::size_t(k)] = col[std::size_t(k + 1)];
  col[--len] = 0;
  if (len == 1) st.bridges = uint8_t(st.bridges & ~(1u << c));
  if (len == 0) {
    for (int k = c; k + 1 < st.columns; ++k) {
      st.col[std::size_t(k)] = st.col[std::size_t(k + 1)];
      st.col_len[std::size_t(k)] = st.col_len[std::size_t(k + 1)];
    }
    --st.columns;
    st.col[st.columns] = {};
    st.col_len[st.columns] = 0;
    // The column is gone: a bridge into it falls, the bridges to the right move one place left.
    const unsigned low = st.bridges & ((1u << c) - 1) & ~(c > 0 ? 1u << (c - 1) : 0u);
    st.bridges = uint8_t(low | (st.bridges >> (c + 1)) << c);
  }
}

void TcgState::release(uint16_t agent, bool keep_bombs) {
  for (uint16_t& h : plan_holder_)
    if (h == agent) h = kNoAgent;
  for (int b = 0; b < bomb_count_ && !keep_bombs;) {
    if (bombs_[std::size_t(b)][0] == agent || bombs_[std::size_t(b)][1] == agent) {
      bombs_[std::size_t(b)] = bombs_[std::size_t(bomb_count_ - 1)];
      bombs_[std::size_t(--bomb_count_)] = {0, 0};
    } else {
      ++b;
    }
  }
}

void TcgState::discard_source(uint16_t agent) {
  const int i = hand_index(to_move_, agent);
  if (i >= 0) {
    remove_from_hand(to_move_, i);
    discarded_[agent] = true;
    claim(agent, to_move_);
  } else {
    discard_from_field(agent);
  }
}

// ---------------------------------------------------------------------------------------------
// Who may do what.

bool TcgState::may_use(uint16_t agent, ProMove p) const {
  if (!(rules().card(agent).pro_moves >> p & 1)) return false;
  for (int k = 0; k < kMasterPlans; ++k)
    if (plan_holder_[std::size_t(k)] == agent) return p == ProMove(kMasterPlanAncientSecrets + k);
  return true;
}

bool TcgState::medical(uint16_t agent) const {
  return rules().card(agent).pro_moves >> kCrashClinic & 1;
}

bool TcgState::elected(uint16_t agent) const {
  return rules().card(agent).pro_moves >> kHomeTurf & 1;
}

bool TcgState::foreign_agent(uint16_t agent) const {
  const int country = rules().country(agent);
  if (country < 0 || !may_use(agent, kForeignAgents)) return false;
  for (Seat s = 0; s < num_players(); ++s)
    for (int c = 0; c < seat(s).columns; ++c)
      for (int d = 0; d < seat(s).col_len[std::size_t(c)]; ++d) {
        const uint16_t other = seat(s).col[std::size_t(c)][std::size_t(d)];
        if (other != agent && rules().country(other) == country) return false;
      }
  return true;
}

bool TcgState::home_turf_blocks(uint16_t agent) const {
  const int city = rules().city(agent);
  if (city < 0) return false;
  const Seat owner = field_owner(agent);
  for (Seat s = 0; s < num_players(); ++s) {
    if (s == owner) continue;
    for (int c = 0; c < seat(s).columns; ++c)
      for (int d = 0; d < seat(s).col_len[std::size_t(c)]; ++d) {
        const uint16_t h = seat(s).col[std::size_t(c)][std::size_t(d)];
        if (rules().jurisdiction(h) == city && may_use(h, kHomeTurf)) return true;
      }
  }
  return false;
}

bool TcgState::can_launch(uint16_t agent, bool ignore_home_turf) const {
  Seat s;
  int c, d;
  if (!field_position(agent, s, c, d)) return false;
  const bool rear = d == seat(s).col_len[std::size_t(c)] - 1;
  if (!rear && !foreign_agent(agent)) return false;
  return ignore_home_turf || !home_turf_blocks(agent);
}

// ---------------------------------------------------------------------------------------------
// Legal moves.

void TcgState::do_legal_moves(MoveList& out) const {
  if (over_) return;
  switch (phase_) {
    case kOldSchoolWindow: {
      MoveParts allow;
      allow.kind = kAllow;
      out.push_back(pack(allow));
      const SeatState& st = seat(asked_);
      for (int c = 0; c < st.columns; ++c)
        for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
          const uint16_t a = st.col[std::size_t(c)][std::size_t(d)];
          if (!may_use(a, kOldSchool)) continue;
          MoveParts p;
          p.kind = kOldSchoolBlock;
          p.agent = a;
          out.push_back(pack(p));
        }
      return;
    }
    case kEmergencyPlacement:
      for (int i = 0; i < seat(emergency_).hand_count; ++i) {
        MoveParts p;
        p.kind = kEmergency;
        p.agent = seat(emergency_).hand[std::size_t(i)];
        out.push_back(pack(p));
      }
      return;
    case kArranging:
      legal_arrangements(out);
      return;
    case kAttackReaction:
      legal_reactions(out);
      return;
    case kBrainwashPhase:
      legal_brainwash(out);
      return;
    case kRearranging:
      legal_puts(out);
      return;
    case kBigConning:
      legal_big_con(out);
      return;
    case kMain:
      legal_main(out);
      return;
  }
}

void TcgState::legal_main(MoveList& out) const {
  const Seat s = to_move_;
  const SeatState& st = seat(s);
  // Shadow Surges at the beginning of the turn.
  if (!turn_begun_)
    for (int c = 0; c < st.columns; ++c)
      for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
        const uint16_t a = st.col[std::size_t(c)][std::size_t(d)];
        for (ProMove p : {kTempleOfDagon, kBigBrother, kSecretHandshake}) {
          if (!may_use(a, p)) continue;
          MoveParts m;
          m.kind = kSurgeStart;
          m.agent = a;
          m.pro = p;
          push_mode_changes(out, m, surge_mode(p), surge_mode(p), true);
        }
      }
  for (int i = 0; i < st.hand_count; ++i) legal_deploy(out, st.hand[std::size_t(i)]);
  if (modes_.count() == 2) legal_attacks(out);
  for (int i = 0; i < st.hand_count; ++i) legal_pro(out, st.hand[std::size_t(i)], true);
  for (int c = 0; c < st.columns; ++c)
    for (int d = 0; d < st.col_len[std::size_t(c)]; ++d)
      legal_pro(out, st.col[std::size_t(c)][std::size_t(d)], false);
  if (out.empty()) {
    MoveParts p;
    p.kind = kPass;
    out.push_back(pack(p));
  }
}

// Pushes `p` once for every allowed change of the modes to a new mode in [a, b] (a == b: one
// mode; kModeCount: any), with the change packed in p.x. With one place empty the move fills it;
// `or_replace` also lets it replace the active mode (ruling 2: the "set one of the attack modes"
// pro moves), while Legal Maneuvering and Getting the Ball Rolling only fill ("select a new attack
// mode (if less than two are selected)").
void TcgState::push_mode_changes(MoveList& out, MoveParts p, int only_a, int only_b,
                                 bool or_replace) const {
  for (int n = 0; n < kModeCount; ++n) {
    if (only_a != kModeCount && n != only_a && n != only_b) continue;
    bool filled = false;
    for (int old : {int(kNoMode), int(modes_.m[0]), int(modes_.m[1])}) {
      if (old == kNoMode && (modes_.count() == 2 || filled)) continue;
      if (old != kNoMode && old == modes_.m[1] && modes_.m[0] == modes_.m[1]) continue;
      if (old != kNoMode && filled && !or_replace) continue;
      ModePair next;
      if (!change_mode(modes_, old, n, next)) continue;
      p.x = mode_change(old, n);
      out.push_back(pack(p));
      filled = filled || old == kNoMode;  // an empty place: one way to fill it
    }
  }
}

int TcgState::placements(Seat s, bool span,
                         std::array<std::pair<Place, int>, 2 + 3 * kMaxColumns>& out) const {
  const SeatState& st = seat(s);
  int n = 0;
  if (st.columns < kMaxColumns) out[std::size_t(n++)] = {kNewColumn, 0};
  // Columns a bridge touches take new agents only at the back: in front of a perimeter agent, or
  // between it and the column it defends, is the middle of a column.
  const unsigned touched = st.bridges | unsigned(st.bridges) << 1;
  for (int c = 0; c < st.columns; ++c) {
    if (st.col_len[std::size_t(c)] >= kMaxDepth) continue;
    const bool free = !(touched >> c & 1);
    if (free) out[std::size_t(n++)] = {kFront, c};
    out[std::size_t(n++)] = {kBack, c};
    if (span && free && c + 1 < st.columns && !(touched >> (c + 1) & 1))
      out[std::size_t(n++)] = {kSpan, c};
  }
  return n;
}

void TcgState::legal_deploy(MoveList& out, uint16_t agent) const {
  const Seat s = to_move_;
  std::array<std::pair<Place, int>, 2 + 3 * kMaxColumns> places;
  const int np = placements(s, rules().card(agent).pro_moves >> kSecurityPerimeter & 1, places);
  const int plans = master_plans(s);
  for (int k = 0; k < np; ++k) {
    MoveParts p;
    p.kind = kDeploy;
    p.agent = agent;
    p.y = places[std::size_t(k)].first;
    p.z = uint8_t(places[std::size_t(k)].second);
    out.push_back(pack(p));
    const ProMoveSet q = rules().card(agent).pro_moves;
    if (q >> kHacking & 1)
      for (Seat t = 0; t < num_players(); ++t)
        if (t != s && !seat(t).out) {
          p.pro = kHacking;
          p.x = uint16_t(t);
          out.push_back(pack(p));
        }
    for (ProMove sc : {kScrying, kAllSeeingEye}) {
      if (!(q >> sc & 1) || (sc == kAllSeeingEye && plans < 1)) continue;
      for (Seat t = 0; t < num_players(); ++t)
        if (t != s && !seat(t).out && seat(t).pile_count > 0) {
          p.pro = sc;
          p.x = uint16_t(t);
          out.push_back(pack(p));
        }
    }
    if (q >> kLegalManeuvering & 1) {
      p.pro = kLegalManeuvering;
      push_mode_changes(out, p, kModeCount, kModeCount);
    }
    for (ProMove sg : {kTempleOfDagon, kBigBrother, kSecretHandshake})
      if (q >> sg & 1) {
        p.pro = sg;
        push_mode_changes(out, p, surge_mode(sg), surge_mode(sg), true);
      }
    for (int plan = 0; plan < kMasterPlans; ++plan)
      if ((q >> (kMasterPlanAncientSecrets + plan) & 1) &&
          plan_holder_[std::size_t(plan)] == kNoAgent) {
        p.pro = uint8_t(kMasterPlanAncientSecrets + plan);
        p.x = 0;
        out.push_back(pack(p));
      }
  }
}

void TcgState::legal_pro(MoveList& out, uint16_t agent, bool in_hand) const {
  const ProMoveSet q = rules().card(agent).pro_moves;
  if (!q) return;
  MoveParts p;
  p.kind = kPro;
  p.agent = agent;
  auto usable = [&](ProMove m) { return (q >> m & 1) && may_use(agent, m); };
  // Field-only (dF) pro moves.
  if (!in_hand && usable(kGettingTheBallRolling) && modes_.count() < 2) {
    p.pro = kGettingTheBallRolling;
    push_mode_changes(out, p, kModeCount, kModeCount);
  }
  // dH or dF.
  if (usable(kLegalManeuvering)) {
    p.pro = kLegalManeuvering;
    push_mode_changes(out, p, kModeCount, kModeCount);
  }
  for (ProMove m : {kTabulaRecta, kSpySatellite, kWiretap})
    if (usable(m)) {
      int a, b;
      settable(m, a, b);
      p.pro = m;
      push_mode_changes(out, p, a, b, true);
    }
  if (usable(kClockwork) && modes_.count() > 0) {
    p.pro = kClockwork;
    p.x = 0;
    out.push_back(pack(p));
  }
  if (usable(kPlantingBombs)) {
    p.pro = kPlantingBombs;
    for (Seat t = 0; t < num_players(); ++t) {
      if (t == to_move_ || seat(t).out || bomb_count_ >= kMaxBombs) continue;
      std::array<uint16_t, kMaxColumns> ex;
      const int n = exposed(t, ex);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          if (ex[std::size_t(i)] >= ex[std::size_t(j)]) continue;
          bool already = false;
          for (int b = 0; b < bomb_count_; ++b)
            already |= bombs_[std::size_t(b)][0] == ex[std::size_t(i)] &&
                       bombs_[std::size_t(b)][1] == ex[std::size_t(j)];
          if (already) continue;
          p.x = ex[std::size_t(i)];
          p.y = ex[std::size_t(j)];
          p.z = 1;
          out.push_back(pack(p));
        }
    }
    for (int b = 0; b < bomb_count_; ++b) {
      p.x = bombs_[std::size_t(b)][0];
      p.y = bombs_[std::size_t(b)][1];
      p.z = 0;
      out.push_back(pack(p));
    }
    p.y = 0;
    p.z = 0;
  }
  if (!in_hand && usable(kShakeup) && field_count(to_move_) >= 2) {
    p.pro = kShakeup;
    p.x = 0;
    out.push_back(pack(p));
  }
  if (!in_hand && usable(kHostileTakeover) && master_plans(to_move_) >= 1)
    for (Seat t = 0; t < num_players(); ++t)
      if (t != to_move_ && !seat(t).out && seat(t).columns > 0) {
        p.pro = kHostileTakeover;
        p.x = uint16_t(t);
        out.push_back(pack(p));
      }
  if (in_hand && usable(kBigCon) && master_plans(to_move_) >= 1 && seat(to_move_).hand_count >= 2 &&
      seat(to_move_).columns > 0) {
    p.pro = kBigCon;
    p.x = 0;
    out.push_back(pack(p));
  }
  if (in_hand && usable(kPaperwork)) {
    p.pro = kPaperwork;
    for (Seat t = 0; t < num_players(); ++t) {
      if (seat(t).out) continue;
      p.x = uint16_t(t);
      if (seat(t).hand_size < kMaxHandSize) {
        p.y = 1;
        out.push_back(pack(p));
      }
      if (seat(t).hand_size > kMinHandSize) {
        p.y = 0;
        out.push_back(pack(p));
      }
    }
  }
}

void TcgState::legal_arrangements(MoveList& out) const {
  const int k = scry_count_;
  std::array<uint8_t, kScryCards> perm{};
  for (int i = 0; i < k; ++i) perm[std::size_t(i)] = uint8_t(i);
  do {
    for (int j = 0; j <= scry_bottom_ && j <= k; ++j) {
      Arrangement a;
      a.top_count = uint8_t(k - j);
      a.bottom_count = uint8_t(j);
      for (int i = 0; i < k - j; ++i) a.top[std::size_t(i)] = perm[std::size_t(i)];
      for (int i = 0; i < j; ++i) a.bottom[std::size_t(i)] = perm[std::size_t(k - j + i)];
      out.push_back(pack_arrangement(a));
    }
  } while (std::next_permutation(perm.begin(), perm.begin() + k));
}

Move pack_arrangement(const Arrangement& a) {
  uint64_t bits = kArrange | uint64_t(a.top_count) << 4 | uint64_t(a.bottom_count) << 7;
  for (int i = 0; i < kScryCards; ++i) {
    bits |= uint64_t(a.top[std::size_t(i)] & 7) << (10 + 3 * i);
    bits |= uint64_t(a.bottom[std::size_t(i)] & 7) << (25 + 3 * i);
  }
  return Move{bits};
}

Arrangement unpack_arrangement(Move m) {
  Arrangement a;
  a.top_count = uint8_t(m.bits >> 4 & 7);
  a.bottom_count = uint8_t(m.bits >> 7 & 7);
  for (int i = 0; i < kScryCards; ++i) {
    a.top[std::size_t(i)] = uint8_t(m.bits >> (10 + 3 * i) & 7);
    a.bottom[std::size_t(i)] = uint8_t(m.bits >> (25 + 3 * i) & 7);
  }
  return a;
}

// ---------------------------------------------------------------------------------------------
// Applying moves.

void TcgState::do_apply(Move move) {
  assert(!over_);
  const MoveParts p = unpack(move);
  tally_.count(move);
  const std::string said = log().enabled()
                               ? game().seat_name(current_player()) + ": " + move_to_string(move)
                               : std::string();
  if (log().enabled() && p.kind != kArrange) log().add(said);
  switch (p.kind) {
    case kPass:
      turn_begun_ = true;
      continue_turn_ = false;
      settle();
      break;
    case kDeploy:
      apply_deploy(p);
      break;
    case kAttack:
      apply_attack(p);
      break;
    case kPro:
      apply_pro(p);
      break;
    case kSurgeStart:
      discard_from_field(p.agent);
      continue_turn_ = true;
      propose_modes(
          [&] {
            ModePair next;
            change_mode(modes_, p.x >> 4, p.x & 15, next);
            return next;
          }(),
          to_move_);
      break;
    case kArrange:
      apply_arrange(move);
      break;
    case kSave:
      for (int i = 0; i < pending_count_; ++i)
        if (pending_[std::size_t(i)] == p.agent)
          pending_[std::size_t(i)] = pending_[--pending_count_];
      react_used_ |= 1;
      if (log().enabled()) log().add("Crash Clinic saves " + agent_text(p.agent));
      if (!can_react(reacting_)) next_reaction();
      break;
    case kDisguiseSwap: {
      const Seat t = reacting_;
      Seat owner;
      int lc, ld;
      field_position(p.agent, owner, lc, ld);
      Seat o2;
      int oc, od;
      if (field_position(p.x, o2, oc, od)) {
        std::swap(seat(t).col[std::size_t(lc)][std::size_t(ld)],
                  seat(t).col[std::size_t(oc)][std::size_t(od)]);
      } else {
        // From the hand: the hand card takes the field place, the agent goes to the hand face up.
        const int h = hand_index(t, p.x);
        seat(t).hand[std::size_t(h)] = p.agent;
        seat(t).hand_seen[std::size_t(h)] = everyone();
        seat(t).col[std::size_t(lc)][std::size_t(ld)] = p.x;
        claim(p.x, t);
        release(p.agent);
      }
      for (int i = 0; i < pending_count_; ++i)
        if (pending_[std::size_t(i)] == p.agent) pending_[std::size_t(i)] = p.x;
      react_used_ |= 2;
      if (log().enabled())
        log().add("Disguise: " + agent_text(p.x) + " is lost in place of " + agent_text(p.agent));
      if (!can_react(t)) next_reaction();
      break;
    }
    case kBrainwash:
    case kDone:
      if (phase_ == kBigConning)
        end_big_con();
      else
        apply_brainwash(p);
      break;
    case kPut:
      apply_put(p);
      break;
    case kReplace:
      apply_replace(p);
      break;
    case kEmergency: {
      const Seat s = emergency_;
      remove_from_hand(s, hand_index(s, p.agent));
      place(s, p.agent, kNewColumn, 0);
      claim(p.agent, s);
      emergency_ = -1;
      phase_ = kMain;
      settle();
      break;
    }
    case kOldSchoolBlock:
      discard_from_field(p.agent);
      if (log().enabled())
        log().add("Old School: the change of attack modes to " +
                  std::string(mode_name(proposed_.m[0])) + " " + mode_name(proposed_.m[1]) +
                  " is prevented");
      phase_ = kMain;
      asked_ = -1;
      settle();
      break;
    case kAllow: {
      if (phase_ == kAttackReaction) {
        next_reaction();
        break;
      }
      Seat next = asked_;
      for (;;) {
        next = (next + 1) % num_players();
        if (next == proposer_) break;
        if (seat(next).out) continue;
        bool has = false;
        for (int c = 0; c < seat(next).columns && !has; ++c)
          for (int d = 0; d < seat(next).col_len[std::size_t(c)] && !has; ++d)
            has = may_use(seat(next).col[std::size_t(c)][std::size_t(d)], kOldSchool);
        if (has) break;
      }
      if (next != proposer_) {
        asked_ = int8_t(next);
        break;
      }
      modes_ = proposed_;
      if (log().enabled())
        log().add(std::string("attack modes: ") + mode_name(modes_.m[0]) + " " +
                  mode_name(modes_.m[1]));
      phase_ = kMain;
      asked_ = -1;
      settle();
      break;
    }
  }
  end_if_dead_or_capped();
}

void TcgState::end_if_dead_or_capped() {
  if (dead_position()) {
    over_ = true;
    if (log().enabled())
      log().add(
          "a dead position: no moves can leave a last player standing, so the game ends "
          "(ruling 27): " +
          std::string(rules().dead_position_shared() ? "the seats still in share the win"
                                                     : "a draw, every seat scores 0"));
  }
  if (!over_ && ply() + 1 >= rules().max_plies()) {
    over_ = true;
    capped_ = true;
    if (log().enabled())
      log().add("the engine's ply cap of " + std::to_string(rules().max_plies()) +
                " plies ends the game: a draw, every seat scores 0 (max_plies, a limit for "
                "simulations, not a rule)");
  }
}

void TcgState::propose_modes(const ModePair& pair, Seat actor) {
  proposed_ = pair;
  proposer_ = int8_t(actor);
  for (int k = 1; k < num_players(); ++k) {
    const Seat t = (actor + k) % num_players();
    if (seat(t).out) continue;
    for (int c = 0; c < seat(t).columns; ++c)
      for (int d = 0; d < seat(t).col_len[std::size_t(c)]; ++d)
        if (may_use(seat(t).col[std::size_t(c)][std::size_t(d)], kOldSchool)) {
          asked_ = int8_t(t);
          phase_ = kOldSchoolWindow;
          return;
        }
  }
  modes_ = pair;
  if (log().enabled())
    log().add(std::string("attack modes: ") + mode_name(modes_.m[0]) + " " +
              mode_name(modes_.m[1]));
  settle();
}

void TcgState::apply_deploy(const MoveParts& p) {
  const Seat s = to_move_;
  turn_begun_ = true;
  continue_turn_ = false;
  remove_from_hand(s, hand_index(s, p.agent));
  place(s, p.agent, Place(p.y), p.z);
  claim(p.agent, s);
  if (p.pro == kNoPro) return settle();
  const ProMove pro = ProMove(p.pro);
  if (is_master_plan(pro)) {
    plan_holder_[std::size_t(pro - kMasterPlanAncientSecrets)] = p.agent;
    return settle();
  }
  if (pro == kHacking) {
    SeatState& t = seat(Seat(p.x));
    t.hand_open = !t.hand_open;
    if (t.hand_open) {
      std::string shown;
      for (int i = 0; i < t.hand_count; ++i) {
        t.hand_seen[std::size_t(i)] = everyone();
        shown += (i ? ", " : "") + agent_text(t.hand[std::size_t(i)]);
      }
      if (log().enabled())
        log().add("Hacking: " + game().seat_name(p.x) + " plays its hand face up: " + shown);
    } else if (log().enabled()) {
      log().add("Hacking: " + game().seat_name(p.x) + " takes its hand back");
    }
    return settle();
  }
  if (pro == kScrying || pro == kAllSeeingEye) {
    SeatState& t = seat(Seat(p.x));
    scry_target_ = int8_t(p.x);
    scry_count_ = uint8_t(std::min<int>(kScryCards, t.pile_count));
    scry_bottom_ = pro == kAllSeeingEye ? uint8_t(std::min(master_plans(s), int(scry_count_))) : 0;
    std::string shown;
    for (int i = 0; i < scry_count_; ++i) {
      t.pile_seen[std::size_t(t.pile_count - 1 - i)] |= uint8_t(1u << s);
      shown += (i ? ", " : "") + agent_text(t.pile[std::size_t(t.pile_count - 1 - i)]);
    }
    if (log().enabled())
      log().add(uint8_t(1u << s),
                std::string(pro_move_name(pro)) + ": " + game().seat_name(s) + " sees " +
                    game().seat_name(p.x) + "'s next cards: " + shown,
                std::string(pro_move_name(pro)) + ": " + game().seat_name(s) + " looks at " +
                    game().seat_name(p.x) + "'s next " + std::to_string(scry_count_) + " cards");
    phase_ = kArranging;
    return;
  }
  // Legal Maneuvering at deployment, or a Shadow Surge.
  ModePair next;
  change_mode(modes_, p.x >> 4, p.x & 15, next);
  propose_modes(next, s);
}

void TcgState::apply_arrange(Move m) {
  const Arrangement a = unpack_arrangement(m);
  SeatState& t = seat(scry_target_);
  const int k = scry_count_;
  std::array<uint16_t, kScryCards> cards{};
  std::array<uint8_t, kScryCards> seen{};
  for (int i = 0; i < k; ++i) {
    cards[std::size_t(i)] = t.pile[std::size_t(t.pile_count - 1 - i)];
    seen[std::size_t(i)] = t.pile_seen[std::size_t(t.pile_count - 1 - i)];
  }
  t.pile_count = uint8_t(t.pile_count - k);
  // Bottom cards: the first listed ends deepest... listed in order from the bottom up.
  for (int i = 0; i < a.bottom_count; ++i) {
    for (int j = t.pile_count; j > 0; --j) {
      t.pile[std::size_t(j)] = t.pile[std::size_t(j - 1)];
      t.pile_seen[std::size_t(j)] = t.pile_seen[std::size_t(j - 1)];
    }
    t.pile[0] = cards[a.bottom[std::size_t(i)]];
    t.pile_seen[0] = seen[a.bottom[std::size_t(i)]];
    ++t.pile_count;
  }
  for (int i = a.top_count - 1; i >= 0; --i) {
    t.pile[t.pile_count] = cards[a.top[std::size_t(i)]];
    t.pile_seen[t.pile_count] = seen[a.top[std::size_t(i)]];
    ++t.pile_count;
  }
  if (log().enabled())
    log().add(uint8_t(1u << to_move_), game().seat_name(to_move_) + ": " + move_to_string(m),
              game().seat_name(to_move_) + " puts the cards back");
  scry_target_ = -1;
  scry_count_ = scry_bottom_ = 0;
  phase_ = kMain;
  settle();
}

void TcgState::apply_pro(const MoveParts& p) {
  const Seat s = to_move_;
  turn_begun_ = true;
  // Capable of Anything: one turn-taking pro move, then the turn goes on.
  bool coa = false;
  if (!coa_used_)
    for (int c = 0; c < seat(s).columns && !coa; ++c)
      for (int d = 0; d < seat(s).col_len[std::size_t(c)] && !coa; ++d) {
        const uint16_t a = seat(s).col[std::size_t(c)][std::size_t(d)];
        coa = a != p.agent && may_use(a, kCapableOfAnything);
      }
  continue_turn_ = coa;
  if (coa) coa_used_ = true;
  discard_source(p.agent);
  const ProMove pro = ProMove(p.pro);
  switch (pro) {
    case kClockwork:
      return propose_modes(rotate_clockwise(modes_), s);
    case kPaperwork: {
      SeatState& t = seat(Seat(p.x));
      t.hand_size = uint8_t(t.hand_size + (p.y ? 1 : -1));
      if (log().enabled())
        log().add("Paperwork: " + game().seat_name(p.x) + "'s hand size is now " +
                  std::to_string(t.hand_size));
      return settle();
    }
    case kShakeup:
      return start_rearranging(s, false);
    case kHostileTakeover:
      return start_rearranging(Seat(p.x), true);
    case kBigCon:
      con_left_ = 5;
      phase_ = kBigConning;
      return;
    case kPlantingBombs: {
      if (p.z) {
        bombs_[bomb_count_++] = {p.x, p.y};
      } else {
        for (int b = 0; b < bomb_count_; ++b)
          if (bombs_[std::size_t(b)][0] == p.x && bombs_[std::size_t(b)][1] == p.y) {
            bombs_[std::size_t(b)] = bombs_[std::size_t(bomb_count_ - 1)];
            bombs_[std::size_t(--bomb_count_)] = {0, 0};
            break;
          }
      }
      return settle();
    }
    default: {
      ModePair next;
      change_mode(modes_, p.x >> 4, p.x & 15, next);
      return propose_modes(next, s);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Turn flow.

void TcgState::settle() {
  if (phase_ != kMain) return;
  for (int k = 0; k < num_players(); ++k) {
    const Seat t = (to_move_ + k) % num_players();
    SeatState& st = seat(t);
    if (st.out || st.columns > 0) continue;
    if (st.hand_count > 0) {
      emergency_ = int8_t(t);
      phase_ = kEmergencyPlacement;
      return;
    }
    st.out = true;
    if (log().enabled()) log().add(game().seat_name(t) + " is eliminated");
  }
  int alive = 0;
  Seat last = -1;
  for (Seat t = 0; t < num_players(); ++t)
    if (!seat(t).out) ++alive, last = t;
  if (alive <= 1) {
    over_ = true;
    winner_ = int8_t(last);
    if (log().enabled() && last >= 0)
      log().add(game().seat_name(last) + " is the last standing and rules the world");
    return;
  }
  if (ending_) return next_turn();
  if (continue_turn_ && !seat(to_move_).out) {
    continue_turn_ = false;
    return;
  }
  end_turn();
}

void TcgState::end_turn() {
  ending_ = true;
  if (doomed_ != kNoAgent) {
    std::string account;
    const uint16_t a = doomed_;
    doomed_ = kNoAgent;
    kill(a, account);
    if (log().enabled() && !account.empty()) log().add("end of turn" + account);
  }
  settle();
}

void TcgState::next_turn() {
  ending_ = false;
  if (!seat(to_move_).out) refill(to_move_);
  do {
    to_move_ = int8_t((to_move_ + 1) % num_players());
  } while (seat(to_move_).out);
  turn_begun_ = false;
  coa_used_ = false;
  continue_turn_ = false;
  doomed_ = kNoAgent;
}

}  // namespace tabletop::conspiracy_tcg
