#include "games/games.h"

#include "games/conspiracy/conspiracy.h"
#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/culture_wars/culture_wars.h"
#include "games/howto.h"
#include "games/relativity/relativity.h"
#include "games/siege/siege.h"

namespace tabletop::games {

const Registry& registry() {
  static const Registry all = [] {
    Registry r;
    for (GameEntry e : {relativity::entry(), conspiracy::entry(), siege::entry(),
                        culture_wars::entry(), conspiracy_tcg::entry()}) {
      add_how_to_play(e);
      r.add(std::move(e));
    }
    return r;
  }();
  return all;
}

}  // namespace tabletop::games
