#include "games/games.h"

#include "games/relativity/relativity.h"

namespace tabletop::games {

const Registry& registry() {
  static const Registry all = [] {
    Registry r;
    r.add(relativity::entry());
    return r;
  }();
  return all;
}

}  // namespace tabletop::games
