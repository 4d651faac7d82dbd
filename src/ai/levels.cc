#include "ai/levels.h"

#include <stdexcept>

#include "ai/agent.h"
#include "ai/budgets.h"
#include "ai/tuning.h"

namespace tabletop::ai {

const std::vector<Level>& levels() {
  static const std::vector<Level> all = {
      {"easy", "random", "plays a random legal move"},
      {"medium", "greedy", "looks one move ahead with the game's own estimate"},
      {"hard", "ismcts:time=" + std::to_string(kHardSearchMs) + ",threads=1",
       "searches for about a second and a half a move"},
      {"expert",
       "ismcts:time=" + std::to_string(kExpertSearchMs) +
           ",threads=" + std::to_string(kExpertThreads) + ",parallel=tree",
       "searches for about three seconds a move, four cores growing one tree"},
  };
  return all;
}

std::vector<std::string> level_names() {
  std::vector<std::string> names;
  for (const Level& l : levels()) names.push_back(l.name);
  return names;
}

const Level* find_level(const std::string& name) {
  for (const Level& l : levels())
    if (l.name == name) return &l;
  return nullptr;
}

std::string level_spec(const std::string& name) {
  if (const Level* l = find_level(name)) return l->spec;
  std::string known;
  for (const Level& l : levels()) known += (known.empty() ? "" : ", ") + l.name;
  throw std::invalid_argument("unknown level '" + name + "' (known: " + known + ")");
}

int level_iteration_cap(const Level& level, const GameInfo& info, int players) {
  const AgentSpec spec = AgentSpec::parse(level.spec);
  if ((spec.name != "mcts" && spec.name != "ismcts") || spec.options.contains("iterations"))
    return 0;
  return tuned_iteration_cap(info, players);
}

}  // namespace tabletop::ai
