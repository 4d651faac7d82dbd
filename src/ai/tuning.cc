#include "ai/tuning.h"

namespace tabletop::ai {

namespace {

struct TunedLine {
  std::string_view game;
  int players;  // 0: every count of the game without a line of its own
  std::string_view options;
};

// One line per game (or game and count) whose search was tuned; the measurement is in the game's
// doc. A game not listed searches with SearchOptions' own defaults (src/ai/mcts.h).
constexpr TunedLine kTuned[] = {
    // A movement turn is a chain of the seat's own decisions: valued by its best continuation.
    {"culture-wars", 0, "minimax=0.5"},
    // The other seats play greedy's move in the search (an opponent model): a plan over the
    // seat's own turns (spend a card now, kill on its next turn) is seen through five seats'
    // replies. docs/games/conspiracy-tcg.md, "Computer players".
    {"conspiracy-tcg", 0, "opponents=greedy,prior=20"},
    // Two players: and implicit minimax backups (the seat's own decisions are the whole tree, so
    // a node takes its best continuation over the modelled replies). At 100 iterations against
    // the line above it won 26 of 38 decisive games on 40 deals (68.4%, [52.5%, 80.9%]);
    // research/conspiracy-tcg-search.md (2026-12-02).
    {"conspiracy-tcg", 2, "opponents=greedy,prior=20,minimax=0.5"},
    // Three players: move-average sampling (src/ai/mast.h) in the playout and the tree's new
    // moves, and ten random plies before the estimate. Against greedy-only seats at 5,000
    // iterations it won 92 of 221 decisive games on three deal sets, the plain search 69 of 218.
    // Not at four or five players, where it gained nothing. research/conspiracy-search.md.
    // And held to 5,000 iterations, the budget it was measured at, as at four and five players
    // (below): on 10 deals (seed 100) 20,000 iterations won 7 of 21 decisive games, 5,000 16 of 24.
    {"conspiracy", 3, "mast=0.03,depth=10,iterations=5000"},
    // Four and five players: the search stops at 5,000 iterations, the budget the ladder measured
    // it at, however long its clock allows (a spec that names its own iterations still wins). Past
    // that budget more iterations won fewer games against greedy-only seats, not more: five
    // players on the same 10 deals 12 of 46 decisive games at 2,000, 16 of 44 at 5,000, 10 of 42
    // at 20,000 and 7 of 44 at 40,000 (under the fair fifth); four players 28.8% at 5,000 and
    // 25.0% at 20,000. The lobby's timed hard and expert would run tens of times further.
    // research/conspiracy-search.md (2026-11-29).
    {"conspiracy", 4, "iterations=5000"},
    {"conspiracy", 5, "iterations=5000"},
};

}  // namespace

std::string_view tuned_search_options(std::string_view game_id, int players) {
  std::string_view every_count;
  for (const TunedLine& line : kTuned) {
    if (line.game != game_id) continue;
    if (line.players == players) return line.options;
    if (line.players == 0) every_count = line.options;
  }
  return every_count;
}

std::string tuned_search_shape(std::string_view game_id, int players) {
  std::string shape;
  std::string_view rest = tuned_search_options(game_id, players);
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

AgentSpec with_tuned_defaults(const AgentSpec& spec, const Game& game) {
  const std::string_view tuned = tuned_search_options(game.info().id, game.num_players());
  if (tuned.empty()) return spec;
  AgentSpec merged = spec;
  const AgentSpec defaults = AgentSpec::parse(spec.name + ":" + std::string(tuned));
  for (const auto& [key, value] : defaults.options) merged.options.emplace(key, value);
  return merged;
}

}  // namespace tabletop::ai
