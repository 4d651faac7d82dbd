// The explicit-chance and undo part of the conformance suite (core/episode.h), on one game.
#pragma once

#include <string>

#include "core/registry.h"

namespace tabletop::testing {

// Plays `episodes` games of `game_id` with explicit chance (uniformly random actions and chance
// outcomes, from `seed`) and checks with GoogleTest assertions:
//   - at every chance node the outcomes are 0..n-1, n at most max_chance_outcomes(), and their
//     probabilities add up to 1; a game that draws declares max_chance_outcomes() > 0;
//   - every player action goes through the action space (action index -> move);
//   - undo: after each step, undo restores exactly the state and chance node before it (state JSON,
//     current player, outcomes), and replaying the step reaches the same point again;
//   - explicit and sampled chance agree: the episode's moves, with its chance outcomes scripted
//     into a plain State, reach the same final state (the deal included);
//   - sampling agrees with the stated probabilities: at the first chance node of the first
//     episode, the outcome the seeded stream draws there, over 200 * n seeds, passes a chi-square
//     test against 1/n each (fixed seeds: the test cannot flake).
void episode_test(const Registry& registry, const std::string& game_id, const json& params,
                  int episodes, uint64_t seed = 1);

}  // namespace tabletop::testing
