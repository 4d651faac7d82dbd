#include "ai/agent.h"

#include <charconv>
#include <cmath>
#include <sstream>

#include "ai/greedy_agent.h"
#include "ai/mcts.h"
#include "ai/random_agent.h"
#include "ai/tuning.h"

namespace tabletop::ai {

AgentSpec AgentSpec::parse(const std::string& text) {
  AgentSpec spec;
  const auto colon = text.find(':');
  spec.name = text.substr(0, colon);
  if (spec.name.empty()) throw BadParams("agent spec " + quote(text) + " has no agent name");
  if (colon == std::string::npos) return spec;
  std::stringstream rest(text.substr(colon + 1));
  std::string item;
  while (std::getline(rest, item, ',')) {
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw BadParams("agent spec " + quote(text) + ": option " + quote(item) +
                      " is not key=value");
    spec.options[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return spec;
}

double AgentSpec::number(const std::string& key, double fallback, double min, double max) const {
  auto it = options.find(key);
  if (it == options.end()) return fallback;
  const std::string& text = it->second;
  double value = 0;
  // from_chars takes plain decimal numbers only: no leading space or '+', no hex; it does take
  // "nan" and "inf", which the range check below refuses (NaN compares false with everything).
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ptr != text.data() + text.size() ||
      (ec != std::errc() && ec != std::errc::result_out_of_range))
    throw BadParams("agent " + name + ": option " + key + "=" + quote(text) + " is not a number");
  if (ec != std::errc() || !std::isfinite(value) || !(value >= min && value <= max)) {
    std::ostringstream range;
    range << min << ".." << max;
    throw BadParams("agent " + name + ": option " + key + "=" + quote(text) + " is out of range " +
                    range.str());
  }
  return value;
}

int64_t AgentSpec::integer(const std::string& key, int64_t fallback, int64_t min,
                           int64_t max) const {
  const double value = number(key, double(fallback), double(min), double(max));
  if (value != std::floor(value))
    throw BadParams("agent " + name + ": option " + key + "=" + quote(options.at(key)) +
                    " is not a whole number");
  return int64_t(value);
}

void AgentSpec::allow_only(const std::string& known) const {
  for (const auto& [key, value] : options)
    if (("," + known + ",").find("," + key + ",") == std::string::npos)
      throw BadParams("agent " + name + ": unknown option " + quote(key) +
                      (known.empty() ? " (it takes none)" : " (known: " + known + ")"));
}

std::map<std::string, std::string> agent_names() {
  return {
      {"random", "uniform over the legal moves"},
      {"greedy", "one ply: the move with the best immediate result or game estimate (samples=N)"},
      {"mcts",
       "UCT search, perfect-information games "
       "(iterations=N,time=MS,c=C,threads=T,parallel=root|tree,depth=D,reuse=0|1,nodes=N,prior=V,"
       "prior_samples=S,minimax=A,opponents=search|greedy,mast=T; every option in src/ai/mcts.h)"},
      {"ismcts",
       "information-set MCTS, every game, sees only its own seat (same options as mcts)"}};
}

std::unique_ptr<Agent> make_agent(const std::string& text, const Game& game, uint64_t seed) {
  const AgentSpec spec = AgentSpec::parse(text);
  if (spec.name == "random") {
    spec.allow_only("");
    return std::make_unique<RandomAgent>(seed);
  }
  if (spec.name == "greedy") return std::make_unique<GreedyAgent>(game, spec, seed);
  if (spec.name == "mcts" || spec.name == "ismcts")
    return std::make_unique<MctsAgent>(game,
                                       SearchOptions::from_spec(with_tuned_defaults(spec, game)),
                                       spec.name == "ismcts", seed, text);
  std::string known;
  for (const auto& [name, help] : agent_names()) known += (known.empty() ? "" : ", ") + name;
  throw BadParams("unknown agent " + quote(spec.name) + " (known: " + known +
                  ", and human where a person plays)");
}

}  // namespace tabletop::ai
