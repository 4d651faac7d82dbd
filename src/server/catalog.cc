#include "server/catalog.h"

#include <array>
#include <cctype>
#include <vector>

#include "ai/agent.h"
#include "ai/budgets.h"
#include "ai/mcts.h"
#include "ai/tuning.h"
#include "server/json_input.h"

namespace tabletop::server {

extern const char* const kLadderJson;  // data/ladder.json (src/server/CMakeLists.txt)

namespace {

struct Strength {
  const char* name;
  const char* spec;
  const char* description;
};

constexpr std::array<Strength, 4> kStrengths{{
    {"easy", "random", "plays a random legal move"},
    {"medium", "greedy", "looks one move ahead with the game's own estimate"},
    {"hard", ai::kHardSearchSpec, "searches for about a second and a half a move"},
    {"expert", "ismcts:time=3000,threads=4,parallel=tree",
     "searches for about three seconds a move, four cores growing one tree"},
}};

bool measures_level(const std::string& measured, const Strength& level) {
  const ai::AgentSpec a = ai::AgentSpec::parse(measured), b = ai::AgentSpec::parse(level.spec);
  if (a.name != b.name) return false;
  if (a.name != "mcts" && a.name != "ismcts") return a.options == b.options;
  ai::SearchOptions x = ai::SearchOptions::from_spec(a), y = ai::SearchOptions::from_spec(b);
  x.iterations = y.iterations = 0;
  x.time_ms = y.time_ms = 0;
  return x == y;
}

// The search iterations a move of a measured search spec ("ismcts:iterations=8000" -> 8000); 0
// for an agent that does not search or a search on a time budget.
int measured_iterations(const std::string& measured) {
  const ai::AgentSpec a = ai::AgentSpec::parse(measured);
  if ((a.name != "mcts" && a.name != "ismcts") || !a.options.contains("iterations")) return 0;
  return ai::SearchOptions::from_spec(a).iterations;
}

// Whether a measured search spec ran no further than the lobby's `level` can in `game` at
// `players` seats: where the tuned line stops the level's timed search (stops_at), a measure past
// that budget is of a search the lobby never runs.
bool within_levels_budget(const std::string& measured, const Strength& level,
                          const std::string& game, const std::string& players) {
  const int cap = stops_at(level.spec, game, std::stoi(players));
  return cap == 0 || measured_iterations(measured) <= cap;
}

// The entry's measure of `level` against seats all of the level below it ("hard:medium"), when
// it has one with a decisive game, made under the tuned line in force, within both levels'
// budgets.
const json* versus_weaker(const json& entry, const std::string& level, const std::string& game,
                          const std::string& players) {
  if (!entry.contains("versus")) return nullptr;
  for (std::size_t i = 1; i < kStrengths.size(); ++i) {
    if (level != kStrengths[i].name) continue;
    const std::string key = level + ":" + kStrengths[i - 1].name;
    const json& all = entry.at("versus");
    if (!all.contains(key) || all.at(key).at("decisive").get<int>() == 0) return nullptr;
    const json& v = all.at(key);
    if (!measures_level(v.at("spec"), kStrengths[i]) ||
        !measures_level(v.at("opponent_spec"), kStrengths[i - 1]) ||
        !under_tuned_line_in_force(v, game, players) ||
        !within_levels_budget(v.at("spec"), kStrengths[i], game, players) ||
        !within_levels_budget(v.at("opponent_spec"), kStrengths[i - 1], game, players))
      return nullptr;
    return &v;
  }
  return nullptr;
}

}  // namespace

const json& ladder() {
  static const json data = json::parse(kLadderJson);
  return data;
}

int stops_at(const std::string& spec, const std::string& game, int players) {
  const ai::AgentSpec level = ai::AgentSpec::parse(spec);
  if ((level.name != "mcts" && level.name != "ismcts") || level.options.contains("iterations"))
    return 0;
  const std::string_view tuned = ai::tuned_search_options(game, players);
  // the line's budget, read as a measured search's is
  return tuned.empty() ? 0 : measured_iterations(level.name + ":" + std::string(tuned));
}

json strengths_json(const std::string& game, int min_players, int max_players) {
  const json& games = ladder().at("games");
  const json* measured = games.contains(game) ? &games.at(game) : nullptr;
  json out = json::array();
  for (const Strength& s : kStrengths) {
    json level = {{"name", s.name}, {"description", s.description}};
    json held = json::object();
    for (int n = min_players; n <= max_players; ++n)
      if (const int cap = stops_at(s.spec, game, n)) held[std::to_string(n)] = cap;
    if (!held.empty()) level["stops_at"] = std::move(held);
    if (measured) {
      json rating = json::object(), versus = json::object();
      for (const auto& [players, entry] : measured->items()) {
        // A level's rating where the round robin played the level's own search (a round robin
        // of some levels only, scripts/ladder --levels, rates no other) under the tuned line in
        // force (the searches' ratings moved with it, and so did the others').
        if (entry.contains("ratings") && entry.at("ratings").contains(s.name) &&
            measures_level(entry.at("ratings").at(s.name).at("spec"), s) &&
            under_tuned_line_in_force(entry, game, players) &&
            within_levels_budget(entry.at("ratings").at(s.name).at("spec"), s, game, players)) {
          const json& r = entry.at("ratings").at(s.name);
          rating[players] = {{"elo", r.at("elo")}, {"low", r.at("low")}, {"high", r.at("high")}};
          if (const int n = measured_iterations(r.at("spec"))) rating[players]["iterations"] = n;
        }
        if (const json* v = versus_weaker(entry, s.name, game, players)) {
          json& shown = versus[players];
          // `wins` with `decisive` lets a client give the share from the counts; `share` is
          // the file's, rounded to four decimals.
          shown = {{"opponent", v->at("opponent")}, {"share", v->at("share")},
                   {"low", v->at("low")},           {"high", v->at("high")},
                   {"fair", v->at("fair")},         {"decisive", v->at("decisive")},
                   {"wins", v->at("wins")}};
          if (const int n = measured_iterations(v->at("spec"))) shown["iterations"] = n;
          if (const int n = measured_iterations(v->at("opponent_spec")))
            shown["opponent_iterations"] = n;
        }
      }
      if (!rating.empty()) level["rating"] = std::move(rating);
      if (!versus.empty()) level["versus"] = std::move(versus);
    }
    out.push_back(std::move(level));
  }
  return out;
}

bool under_tuned_line_in_force(const json& measure, const std::string& game,
                               const std::string& players) {
  const std::string ran = measure.contains("tuned") ? measure.at("tuned").get<std::string>() : "";
  return ran == ai::tuned_search_options(game, std::stoi(players));
}

bool measures_strength(const std::string& spec, const std::string& strength) {
  for (const Strength& s : kStrengths)
    if (strength == s.name) return measures_level(spec, s);
  return false;
}

bool within_strength_budget(const std::string& spec, const std::string& strength,
                            const std::string& game, const std::string& players) {
  for (const Strength& s : kStrengths)
    if (strength == s.name) return within_levels_budget(spec, s, game, players);
  return false;
}

std::vector<std::string> strength_names() {
  std::vector<std::string> names;
  for (const Strength& s : kStrengths) names.push_back(s.name);
  return names;
}

std::string strength_spec(const std::string& strength) {
  std::string known;
  for (const Strength& s : kStrengths) {
    if (strength == s.name) return s.spec;
    known += known.empty() ? s.name : std::string(", ") + s.name;
  }
  throw BadInput("unknown strength '" + strength + "' (known: " + known + ")");
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

json games_json(const Registry& registry) {
  json out = json::array();
  for (const GameEntry& e : registry.entries()) {
    json params = json::array();
    for (const ParamSpec& p : e.params)
      // Only what a client may set: no file parameter, none the server sets itself.
      if (p.who_sets() == ParamSpec::Setter::kAnyone) params.push_back(p.to_json());
    out.push_back(
        {{"id", e.info.id},
         {"name", e.info.name},
         {"min_players", e.info.min_players},
         {"max_players", e.info.max_players},
         {"hidden_information", e.info.hidden_information},
         {"has_chance", e.info.has_chance},
         {"params", std::move(params)},
         {"places_choice", e.places_choice},
         {"strengths", strengths_json(e.info.id, e.info.min_players, e.info.max_players)}});
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
