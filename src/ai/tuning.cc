#include "ai/tuning.h"

#include "ai/mcts.h"

namespace tabletop::ai {

std::string_view tuned_search_options(const GameInfo& info, int players) {
  std::string_view every_count;
  for (const GameInfo::SearchLine& line : info.search_lines) {
    if (line.players == players) return line.options;
    if (line.players == 0) every_count = line.options;
  }
  return every_count;
}

std::string tuned_search_shape(const GameInfo& info, int players) {
  std::string shape;
  std::string_view rest = tuned_search_options(info, players);
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    const std::string_view option = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const std::string_view key = option.substr(0, option.find('='));
    if (key == "iterations" || key == "time") continue;
    if (!shape.empty()) shape += ',';
    shape += option;
  }
  return shape;
}

int tuned_iteration_cap(const GameInfo& info, int players) {
  const std::string_view tuned = tuned_search_options(info, players);
  if (tuned.find("iterations=") == std::string_view::npos) return 0;
  return SearchOptions::from_spec(AgentSpec::parse("ismcts:" + std::string(tuned))).iterations;
}

AgentSpec with_tuned_defaults(const AgentSpec& spec, const Game& game) {
  const std::string_view tuned = tuned_search_options(game.info(), game.num_players());
  if (tuned.empty()) return spec;
  AgentSpec merged = spec;
  const AgentSpec defaults = AgentSpec::parse(spec.name + ":" + std::string(tuned));
  for (const auto& [key, value] : defaults.options) merged.options.emplace(key, value);
  return merged;
}

}  // namespace tabletop::ai
