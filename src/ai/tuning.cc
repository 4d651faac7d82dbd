#include "ai/tuning.h"

#include <utility>

namespace tabletop::ai {

namespace {

// One line per game whose search was tuned; the measurement is in the game's doc. A game not
// listed searches with SearchOptions' own defaults (src/ai/mcts.h).
constexpr std::pair<std::string_view, std::string_view> kTuned[] = {
    // A movement turn is a chain of the seat's own decisions: valued by its best continuation.
    {"culture-wars", "minimax=0.5"},
    // The other seats play greedy's move in the search (an opponent model): a plan over the
    // seat's own turns (spend a card now, kill on its next turn) is seen through five seats'
    // replies. docs/games/conspiracy-tcg.md, "Computer players".
    {"conspiracy-tcg", "opponents=greedy,prior=20"},
};

}  // namespace

std::string_view tuned_search_options(std::string_view game_id) {
  for (const auto& [id, options] : kTuned)
    if (id == game_id) return options;
  return {};
}

AgentSpec with_tuned_defaults(const AgentSpec& spec, std::string_view game_id) {
  const std::string_view tuned = tuned_search_options(game_id);
  if (tuned.empty()) return spec;
  AgentSpec merged = spec;
  const AgentSpec defaults = AgentSpec::parse(spec.name + ":" + std::string(tuned));
  for (const auto& [key, value] : defaults.options) merged.options.emplace(key, value);
  return merged;
}

}  // namespace tabletop::ai
