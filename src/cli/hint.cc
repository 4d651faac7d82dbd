#include <cmath>
#include <cstdio>

#include "ai/advice.h"
#include "cli/commands.h"

namespace tabletop::cli {

std::string hint_line(const Match& match, bool allowed, const std::string& spec, uint64_t seed) {
  if (!allowed) return "hints are off in this game (start it with tabletop play --hints)";
  const State& state = match.state();
  const ai::Hint h =
      ai::hint(state, spec, seed, {}, {}, ai::seen_positions(state.game(), match.record()));
  char chance[48];
  std::snprintf(chance, sizeof chance, "%.0f%%", 100 * h.win_chance);
  return "hint: " + h.move + " (your estimated chance of winning " + chance +
         (h.iterations ? ", " + std::to_string(h.iterations) + " iterations of " + spec + ")"
                       : ", the only legal move)");
}

}  // namespace tabletop::cli
