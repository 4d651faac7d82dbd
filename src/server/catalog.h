// What the lobby offers: the games with their parameters (GET /api/games) and the computer levels
// (src/ai/levels.h) with what was measured of them (data/levels.json).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/registry.h"

namespace tabletop::server {

using json = nlohmann::json;

// The levels for game `info`, weakest first, each {name, description} and:
//   "stops_at": {"<players>": iterations}, where the game's tuned line holds the level's search to
//     a budget (ai::level_iteration_cap);
//   "rating": {"<players>": {"elo", "low", "high", "iterations"?}} and "versus": {"<players>":
//     {"opponent", "share", "low", "high", "fair", "decisive", "wins", "iterations"?,
//     "opponent_iterations"?}}, copied from data/levels.json's lines for this game (the measured
//     figures with their 95% intervals, "iterations" the budget they were measured at). A game or
//     player count with no line there has neither: the lobby says "not measured yet";
//   "offered": {"<players>": bool} at every count the game takes: whether the lobby seats the level
//     there (offered_levels).
json strengths_json(const GameInfo& info);
// The levels the lobby offers for game `game` at `players` seats, weakest first: data/levels.json's
// "offered" line for them (scripts/ladder-tables offers a level above hard only where its share
// against seats all of the level below was measured above the fair share), else its
// "always_offered" levels (easy, medium, hard): expert only where it was measured stronger.
std::vector<std::string> offered_levels(const std::string& game, int players);
// Throws BadInput naming the level, game and count when `strength` is a known level that is not
// offered for `info` at `players` seats (match creation checks every computer seat with it).
void check_offered(const GameInfo& info, int players, const std::string& strength);
// data/levels.json as compiled in: {"tuned_lines": {game: {"<players>": line}}, "always_offered":
// [level, ...], "offered": {game: {"<players>": [level, ...]}}, "measured": [{"game", "players",
// "level", "tuned", "rating"?, "versus"?}, ...]}. Written by
// scripts/ladder-tables from the lab's data/ladder.json; the server reads nothing else of it.
const json& levels_file();
// The agent spec for a level name (ai::level_spec); throws BadInput listing the known names.
std::string strength_spec(const std::string& strength);
// The search threads an agent spec uses (its `threads=N`, else 1), at most `cap`, and the spec
// with that count written in (unchanged when it names no more than `cap`). A computer seat's
// search counts its threads against `serve --computer-threads` (computer_pool.h).
int spec_threads(const std::string& spec);
std::string spec_with_threads(const std::string& spec, int cap);

// GET /api/games: every registered game with its parameters (the game's ParamSpecs), what a player
// chooses after clicking places shared by several moves (`places_choice`), the strengths, and
// `setup`: the spectator's observation of a new game with the default params and seed 1, which the
// client draws as the how-to-play picture.
json games_json(const Registry& registry);

}  // namespace tabletop::server
