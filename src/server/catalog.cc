#include "server/catalog.h"

#include <array>

#include "server/json_input.h"

namespace tabletop::server {

namespace {

struct Strength {
  const char* name;
  const char* spec;
  const char* description;
};

constexpr std::array<Strength, 3> kStrengths{{
    {"easy", "random", "plays a random legal move"},
    {"medium", "greedy", "looks one move ahead with the game's own estimate"},
    {"hard", "ismcts:time=1500,threads=1", "searches for about a second and a half a move"},
}};

// A help line "name=default  meaning" as a parameter description. The default is read as JSON
// when it parses (10000 -> int, true -> bool), else as text ("(random)" -> a string with no fixed
// default).
json param_from_help(const std::string& line) {
  const std::size_t eq = line.find('=');
  const std::size_t gap = line.find("  ", eq == std::string::npos ? 0 : eq);
  json p;
  p["name"] = line.substr(0, eq);
  std::string fallback = eq == std::string::npos
                             ? ""
                             : line.substr(eq + 1, gap == std::string::npos ? gap : gap - eq - 1);
  std::string description = gap == std::string::npos ? "" : line.substr(gap + 2);
  while (!description.empty() && description.front() == ' ') description.erase(0, 1);
  json value = json::parse(fallback, nullptr, false);
  if (value.is_discarded() || value.is_object() || value.is_array()) {
    p["type"] = "string";
    p["default"] = fallback.starts_with("(") ? json("") : json(fallback);
  } else if (value.is_boolean()) {
    p["type"] = "bool";
    p["default"] = value;
  } else if (value.is_number_integer()) {
    p["type"] = "int";
    p["default"] = value;
  } else {
    p["type"] = "string";
    p["default"] = fallback;
  }
  p["description"] = description;
  const bool engine = description.find("engine") != std::string::npos ||
                      description.find("test") != std::string::npos;
  p["kind"] = engine ? "engine" : "variant";
  return p;
}

}  // namespace

json strengths_json() {
  json out = json::array();
  for (const Strength& s : kStrengths)
    out.push_back({{"name", s.name}, {"description", s.description}});
  return out;
}

std::string strength_spec(const std::string& strength) {
  std::string known;
  for (const Strength& s : kStrengths) {
    if (strength == s.name) return s.spec;
    known += known.empty() ? s.name : std::string(", ") + s.name;
  }
  throw BadInput("unknown strength '" + strength + "' (known: " + known + ")");
}

json games_json(const Registry& registry) {
  json out = json::array();
  for (const GameEntry& e : registry.entries()) {
    json params = json::array();
    params.push_back({{"name", "players"},
                      {"type", "int"},
                      {"default", e.info.min_players},
                      {"min", e.info.min_players},
                      {"max", e.info.max_players},
                      {"description", "number of players"},
                      {"kind", "players"}});
    for (const std::string& line : e.params_help) {
      json p = param_from_help(line);
      if (p["name"] != "players")
        params.push_back(std::move(p));
      else if (p["type"] == "int")
        params[0]["default"] = p["default"];
    }
    out.push_back({{"id", e.info.id},
                   {"name", e.info.name},
                   {"min_players", e.info.min_players},
                   {"max_players", e.info.max_players},
                   {"hidden_information", e.info.hidden_information},
                   {"has_chance", e.info.has_chance},
                   {"params", std::move(params)},
                   {"strengths", strengths_json()}});
  }
  return out;
}

}  // namespace tabletop::server
