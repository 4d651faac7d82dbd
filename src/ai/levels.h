// The computer players' levels, named in words and mapped to agent specs: what the lobby offers
// (src/server/catalog.h), what the terminal's hint searches with, and what the ladder measures
// (scripts/ladder; the measured figures reach the lobby through data/levels.json, never through
// this file). Weakest first:
//   easy   = random;
//   medium = greedy (one move ahead with the game's own estimate);
//   hard   = ismcts for kHardSearchMs on one thread (budgets.h);
//   expert = ismcts for kExpertSearchMs, kExpertThreads threads growing one tree.
// A searching level takes the game's tuned line (tuning.h), whose budget may stop it earlier.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"

namespace tabletop::ai {

struct Level {
  std::string name;         // "hard"
  std::string spec;         // "ismcts:time=1500,threads=1"
  std::string description;  // "searches for about a second and a half a move"
};

// Every level, weakest first.
const std::vector<Level>& levels();
// Their names, weakest first.
std::vector<std::string> level_names();
// The level called `name`, or nullptr.
const Level* find_level(const std::string& name);
// The agent spec of level `name`; throws std::invalid_argument listing the known names.
std::string level_spec(const std::string& name);
// The iterations a move at which level `level`'s search stops in game `info` at `players` seats
// because the game's tuned line there holds a budget (tuning.h); 0 where it does not, or where the
// level does not search.
int level_iteration_cap(const Level& level, const GameInfo& info, int players);

}  // namespace tabletop::ai
