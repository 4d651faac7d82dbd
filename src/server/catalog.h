// What the lobby offers: the games with their parameters (GET /api/games) and the computer
// strengths, named in words and mapped to agent specs (src/ai).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/registry.h"

namespace tabletop::server {

using json = nlohmann::json;

// The strengths the lobby names: easy = random, medium = greedy, hard = ismcts with a 1.5 s
// budget on one thread, expert = ismcts with 3 s on four threads growing one tree (parallel=tree;
// the worker budget it wants is kExpertThreads cores for 3 s a decision).
constexpr int kExpertThreads = 4;
// The strengths for `game`, each {name, description} and, where the ladder measured the game,
// "rating": {"<players>": {"elo", "low", "high"}} (Bradley-Terry on the Elo scale with its 95%
// interval, from round robins between the levels: data/ladder.json, made by `make ladder` with
// scripts/ladder; docs/ai.md). A player count the ladder has not measured has no entry.
// Where the ladder measured a level against seats all of the level just below it
// (`scripts/ladder --versus hard:medium`), "versus": {"<players>": {"opponent", "share", "low",
// "high", "fair", "decisive"}}: the level's share of the decisive games, its 95% interval and the
// fair share 1/n (left out when no game was decisive). A rating or a share is shown only where it
// was measured with the level's own search (its spec's options but for iterations and time: a
// figure of an earlier expert, four root-parallel trees, is left out) and under the game's tuned
// line in force at that count (the entry's "tuned", src/ai/tuning.h: a figure made before the
// line changed measured another search, and is left out too). The ladder's searches run
// on iteration budgets far below the lobby's time budgets (docs/ai.md), so a search's figure says
// what it was measured at: "iterations" (a move, in the rating and the share) and, where the
// level below searches too, "opponent_iterations". Where the game's tuned line at a count holds a
// budget (src/ai/tuning.h: Conspiracy's `iterations=5000`), a level that
// searches on time stops there: "stops_at": {"<players>": iterations}, for every count from
// `min_players` to `max_players` that has one.
json strengths_json(const std::string& game, int min_players, int max_players);
// The iterations a move at which the lobby's level of agent spec `spec` stops in `game` at
// `players` seats because the game's tuned line there holds a budget; 0 where it does not (no
// budget in the line, a spec that is not a search or names its own iterations).
int stops_at(const std::string& spec, const std::string& game, int players);
// Whether `spec` (a ladder entry's) is the search of the lobby's `strength` at another budget:
// the same agent with the same options but for iterations and time (ismcts:iterations=2000 is
// hard's search; ismcts:iterations=16000,threads=4, four root-parallel trees, is not expert's).
bool measures_strength(const std::string& spec, const std::string& strength);
// Whether a ladder measure (a round robin's entry or one "versus" measure of game `game` at
// `players` seats) ran under the tuned line the game's searches take there now (its "tuned";
// src/ai/tuning.h): a measure without one ran under none.
bool under_tuned_line_in_force(const json& measure, const std::string& game,
                               const std::string& players);
// Whether a measured search `spec` of the lobby's `strength` ran within the budget the game's
// tuned line stops that level at in `game` at `players` seats (stops_at; always where there is
// none): a measure past it is of a search the lobby never runs.
bool within_strength_budget(const std::string& spec, const std::string& strength,
                            const std::string& game, const std::string& players);
// The strength names, weakest first.
std::vector<std::string> strength_names();
// data/ladder.json as compiled in: {"levels": [...], "games": {game: {"<players>": {"command",
// "deals", "tuned", "ratings": {level: {"spec", "elo", "low", "high"}}, "wins", "versus":
// {"LEVEL:OPPONENT": {"command", "deals", "tuned", "spec", "opponent", "opponent_spec", "games",
// "decisive", "capped", "wins", "share", "low", "high", "fair"}}}}}}; the round robin's fields
// ("command" to "wins") or "versus" may be missing where the ladder ran only the other.
const json& ladder();
// The agent spec for a strength name; throws BadInput listing the known names.
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
