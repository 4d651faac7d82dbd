// The search's tuned defaults per game: options that `mcts` and `ismcts` take for a game when the
// spec does not give them, read from the game's own entry (GameInfo::search_lines).
//
// The options that make the search strongest differ from game to game (a Relativity move among a
// dozen, a Culture Wars movement turn of a hundred choices chained over several decisions, a
// Conspiracy attack whose outcome is a die roll); they are found with the lab (`tabletop sim
// --sweep`, or rotated matches against `greedy`), and each game's doc gives the measurement.
//
// The tuned options are defaults, not overrides: an option written in the spec wins
// (`ismcts:time=1500,depth=0` searches with depth 0 whatever the line says), so the lab can still
// sweep every option, and an agent's spec() echoes what the user wrote. The lobby's levels
// (levels.h) name only the budget and so get the tuned search of each game.
//
// A line may hold a budget, `iterations=N`: a search given only a time (the lobby's levels) then
// stops at N iterations if its clock has not stopped it first, for a game and count where more
// iterations were measured to play worse (Conspiracy).
#pragma once

#include <string>
#include <string_view>

#include "ai/agent.h"  // AgentSpec; core/game.h

namespace tabletop::ai {

// The tuned options of game `info` at `players` seats in spec syntax ("depth=4,minimax=0.5"): the
// count's own line where it has one, else the game's line for every count, else "" for none.
std::string_view tuned_search_options(const GameInfo& info, int players);

// The tuned options that shape the search itself: the line without its budget (`iterations`,
// `time`), in the line's order; "" where nothing else is tuned. The bench measures a search's
// speed at its own budget, so this is the search it runs as the lobby's.
std::string tuned_search_shape(const GameInfo& info, int players);

// The iterations a move at which a search given only a time stops in game `info` at `players`
// seats (the tuned line's `iterations`); 0 where the line holds no budget.
int tuned_iteration_cap(const GameInfo& info, int players);

// `spec` with every tuned option of `game` (at its player count) that it does not set itself added.
AgentSpec with_tuned_defaults(const AgentSpec& spec, const Game& game);

}  // namespace tabletop::ai
