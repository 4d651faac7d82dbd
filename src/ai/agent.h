// Agents: programs that choose moves, using only the core API.
//
// An agent acting for seat s may use only what seat s may know: `state.observation(s)`,
// `state.determinize(s, rng)`, the legal moves and the game's public parameters. Agents for
// perfect-information games may search `state.clone()` but must reseed the clone's chance (the
// future is unknown) before sampling through a chance event.
//
// Agents are named by spec strings everywhere (`--agents`, `--seats`, the server): a name, then
// optional `:key=value,key=value` options, e.g. "random", "mcts:iterations=1000,c=1.4". The agents:
//   - random: uniform over the legal moves (random_agent.h);
//   - greedy[:samples=N,value=game|learned]: one ply with the estimate (greedy_agent.h; with
//     value=learned the learned value where one exists, evaluation.h);
//   - mcts:... UCT for perfect-information games, refusing hidden-information ones with a message
//     pointing to ismcts; ismcts:... information-set MCTS for every game (mcts.h has the options).
// Games help them through one optional hook, State::estimate_returns (core/game.h).
// `tabletop bench` (bench.h) and scripts/strength measure them.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "core/game.h"

namespace tabletop::ai {

class Agent {
 public:
  virtual ~Agent() = default;
  // A legal move for `state.current_player()`. Precondition: the state is not terminal.
  virtual Move choose(const State& state) = 0;
  // Told of every move played (by any seat) after `choose`, so searches can reuse their trees.
  virtual void observe(const State& before, Move move) {}
  // A line of search figures about the last decision ("visits 62% of 1200, value +0.31, ..."), or
  // empty. It speaks for this agent's seat, and whoever shows it may show it to anyone: on a
  // hidden-information game it carries only figures that say nothing of the decision (iterations,
  // time, speed), never the move, its share of the visits or its value.
  virtual std::string last_decision_note() const { return {}; }
  // The spec string that makes this agent.
  virtual std::string spec() const = 0;
  // Asks the `choose` running now on another thread to answer soon with the best move it has so
  // far (a search: the move its iterations so far prefer, after each thread's iteration in
  // flight). Thread-safe, and the only member another thread may call while `choose` runs. A stop
  // asked for while no `choose` runs ends the next one as soon as it can; each `choose` consumes
  // the stops asked for before it returns. Agents that answer at once ignore it.
  virtual void stop() {}

  // What a thinking agent reports while it searches, a few times a second (from the searching
  // thread): `done` in [0, 1] is the share of its budget used. On a perfect-information game
  // `note` names the move it currently prefers ("d3#e3 41%"); on a hidden-information game it is
  // always empty, because the candidates of a seat's decision name what only that seat knows (its
  // goal, its hand, a face-down piece) and a progress line is shown to whoever watches. Agents
  // that answer at once never call it.
  using Progress = std::function<void(double done, const std::string& note)>;
  // Installs (or, with an empty function, removes) the progress callback.
  void set_progress(Progress progress) { progress_ = std::move(progress); }

 protected:
  Progress progress_;
};

// A parsed spec: "mcts:iterations=100,c=1.4" -> name "mcts", options {iterations: 100, c: 1.4}.
struct AgentSpec {
  std::string name;
  std::map<std::string, std::string> options;

  // Throws BadParams naming the problem.
  static AgentSpec parse(const std::string& text);
  // Reads a numeric option (or `fallback`); throws BadParams if it is not a plain decimal number
  // in [min, max]: NaN, infinities and numbers too large for a double are refused.
  double number(const std::string& key, double fallback, double min, double max) const;
  // The same for a whole-number option: also refuses a fraction (iterations=1.5), so nothing is
  // truncated. `min` and `max` must be exact as doubles (below 2^53).
  int64_t integer(const std::string& key, int64_t fallback, int64_t min, int64_t max) const;
  // Throws BadParams if an option is not in `known` (a comma-separated list).
  void allow_only(const std::string& known) const;
};

// Makes the agent a spec names, for `game`, seeded by `seed`. "human" is not an agent (the CLI and
// server handle it). Throws BadParams for an unknown name or option, listing what is known.
std::unique_ptr<Agent> make_agent(const std::string& spec, const Game& game, uint64_t seed);

// The names make_agent knows, with one line of help each.
std::map<std::string, std::string> agent_names();

}  // namespace tabletop::ai
