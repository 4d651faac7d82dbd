// What the lobby offers: the games with their parameters (GET /api/games) and the computer
// strengths, named in words and mapped to agent specs (src/ai).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/registry.h"

namespace tabletop::server {

using json = nlohmann::json;

// The strengths the lobby names: easy = random, medium = greedy, hard = ismcts with a 1.5 s
// budget on one thread.
json strengths_json();
// The agent spec for a strength name; throws BadInput listing the known names.
std::string strength_spec(const std::string& strength);

// GET /api/games: every registered game with its parameters (the game's ParamSpecs), what a player
// chooses after clicking places shared by several moves (`places_choice`), the strengths, and
// `setup`: the spectator's observation of a new game with the default params and seed 1, which the
// client draws as the how-to-play picture.
json games_json(const Registry& registry);

}  // namespace tabletop::server
