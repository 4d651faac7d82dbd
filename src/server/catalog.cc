#include "server/catalog.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <stdexcept>

#include "ai/levels.h"
#include "core/error.h"
#include "core/howto_positions.h"
#include "server/json_input.h"

namespace tabletop::server {

extern const char* const kLevelsJson;  // data/levels.json (src/server/CMakeLists.txt)

const json& levels_file() {
  static const json data = json::parse(kLevelsJson);
  return data;
}

json strengths_json(const GameInfo& info) {
  json out = json::array();
  for (const ai::Level& l : ai::levels()) {
    json level = {{"name", l.name}, {"description", l.description}};
    json held = json::object(), rating = json::object(), versus = json::object();
    for (int n = info.min_players; n <= info.max_players; ++n)
      if (const int cap = ai::level_iteration_cap(l, info, n)) held[std::to_string(n)] = cap;
    for (const json& line : levels_file().at("measured")) {
      if (line.at("game") != info.id || line.at("level") != l.name) continue;
      const std::string players = std::to_string(line.at("players").get<int>());
      if (line.contains("rating")) rating[players] = line.at("rating");
      if (line.contains("versus")) versus[players] = line.at("versus");
    }
    json offered = json::object();
    for (int n = info.min_players; n <= info.max_players; ++n) {
      const std::vector<std::string> there = offered_levels(info.id, n);
      offered[std::to_string(n)] = std::find(there.begin(), there.end(), l.name) != there.end();
    }
    level["offered"] = std::move(offered);
    if (!held.empty()) level["stops_at"] = std::move(held);
    if (!rating.empty()) level["rating"] = std::move(rating);
    if (!versus.empty()) level["versus"] = std::move(versus);
    out.push_back(std::move(level));
  }
  return out;
}

std::vector<std::string> offered_levels(const std::string& game, int players) {
  const json& file = levels_file();
  const json& offered = file.at("offered");
  const std::string n = std::to_string(players);
  if (offered.contains(game) && offered.at(game).contains(n))
    return offered.at(game).at(n).get<std::vector<std::string>>();
  return file.at("always_offered").get<std::vector<std::string>>();
}

void check_offered(const GameInfo& info, int players, const std::string& strength) {
  const std::vector<std::string> offered = offered_levels(info.id, players);
  if (std::find(offered.begin(), offered.end(), strength) != offered.end()) return;
  std::string list, below = "the level below";
  for (const std::string& level : offered) list += (list.empty() ? "" : ", ") + level;
  const std::vector<ai::Level>& levels = ai::levels();
  for (std::size_t i = 1; i < levels.size(); ++i)
    if (levels[i].name == strength) below = levels[i - 1].name;
  throw BadInput("strength " + quote(strength) + " is not offered for " + info.name + " (" +
                 info.id + ") at " + std::to_string(players) +
                 " players: it was not measured stronger than " + below +
                 " there (docs/ai.md, \"What the lobby offers\"); offered: " + list);
}

std::string strength_spec(const std::string& strength) {
  try {
    return ai::level_spec(strength);
  } catch (const std::invalid_argument&) {
    // The client's text, quoted as every echo of input is (core/error.h).
    std::string known;
    for (const ai::Level& l : ai::levels()) known += (known.empty() ? "" : ", ") + l.name;
    throw BadInput("unknown strength " + quote(strength) + " (known: " + known + ")");
  }
}

int spec_threads(const std::string& spec) {
  const std::size_t at = spec.find("threads=");
  if (at == std::string::npos || (at > 0 && spec[at - 1] != ':' && spec[at - 1] != ',')) return 1;
  int n = 0;
  for (std::size_t i = at + 8; i < spec.size() && std::isdigit((unsigned char)spec[i]) && n < 1000;
       ++i)
    n = n * 10 + (spec[i] - '0');
  return std::max(1, n);
}

std::string spec_with_threads(const std::string& spec, int cap) {
  const int threads = spec_threads(spec);
  if (threads <= cap) return spec;
  const std::size_t at = spec.find("threads=") + 8;
  std::size_t end = at;
  while (end < spec.size() && std::isdigit((unsigned char)spec[end])) ++end;
  return spec.substr(0, at) + std::to_string(std::max(1, cap)) + spec.substr(end);
}

namespace {

// The spectator's view of each position of `e`'s how-to (core/howto_positions.h), played once per
// text: the same game id and text always give the same positions.
json how_to_positions(const GameEntry& e) {
  static std::mutex mutex;
  static std::map<std::string, json> played;
  const std::string key = e.info.id + '\n' + e.how_to_play;
  const std::lock_guard lock(mutex);
  auto it = played.find(key);
  if (it == played.end()) it = played.emplace(key, howto::position_observations(e)).first;
  return it->second;
}

}  // namespace

json games_json(const Registry& registry) {
  json out = json::array();
  for (const GameEntry& e : registry.entries()) {
    json params = json::array();
    for (const ParamSpec& p : e.params)
      // Only what a client may set: no file parameter, none the server sets itself.
      if (p.who_sets() == ParamSpec::Setter::kAnyone) params.push_back(p.to_json());
    out.push_back({{"id", e.info.id},
                   {"name", e.info.name},
                   {"min_players", e.info.min_players},
                   {"max_players", e.info.max_players},
                   {"hidden_information", e.info.hidden_information},
                   {"has_chance", e.info.has_chance},
                   {"params", std::move(params)},
                   {"places_choice", e.places_choice},
                   {"strengths", strengths_json(e.info)}});
    // What a spectator sees at the start with the default params (seed 1: one deal of the games
    // with chance), for the client's how-to-play picture; left out for a game that cannot start
    // without params.
    try {
      out.back()["setup"] = e.make({})->new_initial_state(uint64_t{1})->observation(kSpectator);
    } catch (const std::exception&) {
      // A game that cannot start without params has no setup picture.
    }
    // How to play (games/howto.h), for the lobby and the match page.
    if (!e.how_to_play.empty()) {
      const RulesSource& r = e.rules_source;
      out.back()["how_to_play"] = e.how_to_play;
      // Each ```position block's picture, in order: what a spectator sees there.
      out.back()["how_to_positions"] = how_to_positions(e);
      out.back()["rules_source"] = {{"title", r.title},
                                    {"author", r.author},
                                    {"licence", r.licence},
                                    {"licence_url", r.licence_url},
                                    {"shareable", r.shareable}};
    }
  }
  return out;
}

}  // namespace tabletop::server
