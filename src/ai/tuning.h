// The search's tuned defaults per game: options that `mcts` and `ismcts` take for a game when the
// spec does not give them.
//
// One search serves five games whose decisions differ a great deal (a Relativity move among a
// dozen, a Culture Wars movement turn of a hundred choices chained over several decisions, a
// Conspiracy attack whose outcome is a die roll). The options that make the search strongest
// against the levels below it differ with them, and they are found with the lab (a `tabletop sim
// --sweep` over the search's own options, or rotated matches against `greedy`);
// research/<game>-search.md gives the measurement behind its line and docs/ai.md the method.
//
// The tuned options are defaults, not overrides: an option written in the spec wins
// (`ismcts:time=1500,depth=0` searches with depth 0 whatever the table says), so the lab can
// still sweep every option, and an agent's spec() echoes what the user wrote. The lobby's levels
// (src/server/catalog.cc) name only the budget and so get the tuned search of each game.
//
// A line holds for one player count or for every count of its game: a search that helps three
// players can be measured and adopted there without claiming it for four or five, and a count's
// own line replaces the game's (it does not add to it). The ladder (scripts/ladder,
// data/ladder.json) records the line each measure ran under ("tuned"), so a figure made under an
// earlier line is known as such: the lobby shows none (src/server/catalog.h).
//
// A line may also hold a budget, `iterations=N`: a search given only a time (the lobby's levels)
// then stops at N iterations if its clock has not stopped it first. It is for a game and count
// where the ladder found more iterations play worse, not better (Conspiracy at every
// count), so that the lobby's level is the search that was measured; a spec that names its
// own iterations still wins, so the lab can measure any budget there.
#pragma once

#include <string_view>

#include "ai/agent.h"  // AgentSpec; core/game.h

namespace tabletop::ai {

// The tuned options for `game_id` at `players` seats in spec syntax ("depth=4,minimax=0.5"): the
// count's own line where it has one, else the game's line for every count, else "" for none.
std::string_view tuned_search_options(std::string_view game_id, int players);

// The tuned options of `game_id` at `players` that shape the search itself: the line without its
// budget (`iterations`, `time`), in the line's order; "" where nothing else is tuned. The bench
// measures a search's speed at its own budget, so this is the search it runs as the lobby's.
std::string tuned_search_shape(std::string_view game_id, int players);

// `spec` with every tuned option of `game` (its id at its player count) that it does not set
// itself added.
AgentSpec with_tuned_defaults(const AgentSpec& spec, const Game& game);

}  // namespace tabletop::ai
