// Every game in Tabletop, registered. Adding a game = its folder under src/games, one
// add_subdirectory line in src/games/CMakeLists.txt and one line in games.cc.
#pragma once

#include "core/registry.h"

namespace tabletop::games {

// The registry of all games (built once, thread-safe).
const Registry& registry();

}  // namespace tabletop::games
