// Every game in Tabletop, registered. Adding a game = its folder under src/games (found by
// src/games/CMakeLists.txt), one line in games.cc and its docs/howto/<id>.md (src/README.md).
#pragma once

#include "core/registry.h"

namespace tabletop::games {

// The registry of all games (built once, thread-safe).
const Registry& registry();

}  // namespace tabletop::games
