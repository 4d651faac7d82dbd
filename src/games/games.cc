#include "games/games.h"

#include "games/conspiracy/conspiracy.h"
#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/culture_wars/culture_wars.h"
#include "games/relativity/relativity.h"
#include "games/siege/siege.h"

namespace tabletop::games {

const Registry& registry() {
  static const Registry all = [] {
    Registry r;
    r.add(relativity::entry());
    r.add(conspiracy::entry());
    r.add(siege::entry());
    r.add(culture_wars::entry());
    r.add(conspiracy_tcg::entry());
    return r;
  }();
  return all;
}

}  // namespace tabletop::games
