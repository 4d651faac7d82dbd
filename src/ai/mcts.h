// Monte Carlo tree search for every game: the `mcts` (perfect information) and `ismcts` (hidden
// information) agents, one algorithm behind both.
//
// What the agent does. Each decision is single-observer information-set MCTS (SO-ISMCTS, Cowling,
// Powley & Whitehouse 2012), open loop: every iteration samples a state the searching seat cannot
// tell apart from the real one (`State::determinize`), descends the tree by UCB1 with
// availability counts, adds one node, plays out and backs up every seat's return (max^n);
// search_policy.h spells the iteration out, search_tree.h the tree. The move played is the root
// child with most visits among the moves legal in the real state (ties: the higher mean), unless it
// goes round in a loop (loops.h): a move after which the seat would see a position it has seen in
// this game gives way to the best-valued root move that does not (a move no iteration tried valued
// at the prior's score), when that one's chance of winning is within kLoopMargin of the loop's,
// the loop counted at most as a draw.
//
// Guarantees.
//   - The searching seat's knowledge comes only from `determinize`, the legal moves of its own
//     turn, and the moves it is told of on perfect-information games (ai_test proves it by
//     replacing the hidden truth with another consistent one: the choices do not change).
//   - `mcts` refuses a hidden-information game (BadParams pointing to `ismcts`). It keeps its tree
//     between decisions: after every move observed (`Agent::observe`) it steps into that child.
//     `ismcts` accepts every game; on a hidden-information game it follows its tree only through
//     its own moves and starts afresh after another seat's move, which it does not read. On a
//     perfect-information game it behaves as `mcts`.
//   - With one thread, or root parallelism, a decision is a function of the seed, the state and
//     the moves observed: the same on every machine for an iteration budget. Tree parallelism
//     depends on how the threads interleave; only the iteration count is then reproducible.
//   - Every thread makes at least one iteration; `stop()` (agent.h) ends the decision after the
//     iteration in flight, with the move the visits so far prefer.
//   - The decision note and the progress line of a hidden-information game carry no candidate
//     move, share or value (agent.h).
//   - Hot path: one state copy per iteration (the sample) is the only allocation (opponents=greedy
//     adds the copies of its one-ply scans); the tree's pools are reused between decisions.
//
// Options (spec "mcts:iterations=N,time=MS,c=C,threads=T,parallel=root|tree,depth=D,reuse=0|1,
// nodes=N,prior=V,prior_samples=S,minimax=A,opponents=search|greedy,mast=T,value=learned|game").
// make_agent first adds the game's tuned options (tuning.h) for every option the spec leaves out;
// the defaults below are the search's own.
//   - iterations: per decision, over all threads. Default 1000 when `time` is not given.
//   - time: milliseconds per decision; with both, the search stops at whichever comes first.
//   - c: the exploration constant, on returns scaled to [0, 1] by the smallest and largest
//     returns seen in the decision. Default 0.7.
//   - threads: T search threads (default 1).
//   - parallel: `root` (default), T independent trees whose root visits are summed; `tree`, the T
//     threads grow one shared tree, each on its own samples, with a spinlock per node and a
//     virtual loss on the path of every iteration in flight. The decision note and SearchStats
//     say how often a thread found a node's lock taken.
//   - depth: playout plies before the state is scored by the estimate (`value` below); 0 scores the
//     new leaf at once. Default (-1): 0 for a game with an estimate, 1000 for one without (which
//     is then scored by `returns()` of the unfinished state when its playout runs that long).
//   - reuse: 1 (default) keeps the tree between moves where allowed (above), 0 never.
//   - prior: V (default 200; 0: none): before the first iteration every legal root move gets V
//     virtual visits valued at greedy's one-ply score of it (greedy_agent.h), averaged over
//     `prior_samples` (default 8) samples. Only for a game with an estimate. The visits reported
//     leave the virtual ones out; the values reported include them.
//   - minimax: A in [0, 1] (default 0: off), implicit minimax backups (Lanctot, Winands, Pepels &
//     Sturtevant 2014): selection reads (1 - A) * mean + A * the best value of the seat's own
//     continuation, for a seat that makes several decisions in a row.
//   - opponents: `search` (default) searches every seat's moves in one tree; `greedy` plays every
//     other seat's move as greedy's on the iteration's sample, so the tree holds only the
//     searching seat's moves (reuse then ends at another seat's move). Only for a game with an
//     estimate (otherwise ignored); an iteration costs a one-ply scan per modelled move.
//   - mast: T > 0 (default 0: off), move-average sampling (mast.h) at Gibbs temperature T: the
//     playout's moves and the untried move a node adds are drawn by the moves' mean returns in
//     this decision. With depth 0 only the order of first tries changes.
//   - value: `game` (default) scores with the game's `State::estimate_returns`; `learned` with the
//     learned value where one is compiled in for the game and player count (evaluation.h).
//   - nodes: the most child-list slots per tree (default 4,000,000, about 320 MB); past it the
//     tree stops growing and iterations only refine the visit counts.
// What each option was measured to do, and the options tried and dropped, are in research/.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "ai/evaluation.h"
#include "ai/loops.h"

namespace tabletop::ai {

struct SearchOptions {
  int iterations = 0;  // 0: not given
  double time_ms = 0;  // 0: not given
  double c = 0.7;
  int threads = 1;
  int depth = -1;  // -1: default
  bool reuse = true;
  int prior = 200;               // virtual visits per root move at its one-ply estimate (0: none)
  int prior_samples = 8;         // samples of the hidden state the prior averages over
  double minimax = 0;            // weight of the implicit minimax value in selection (0: off)
  double mast = 0;               // Gibbs temperature of move-average sampling (0: off; ai/mast.h)
  bool model_opponents = false;  // opponents=greedy: other seats play greedy, not searched
  bool tree_parallel = false;    // parallel=tree: the threads share one tree (default: root)
  bool learned_value = false;    // value=learned, or value=game (default) (evaluation.h)
  uint32_t max_nodes = 4'000'000;

  static constexpr int kDefaultIterations = 1000;
  static constexpr int kDefaultDepth = 0;  // with the game's estimate
  static constexpr int kDefaultDepthWithoutEstimate = 1000;

  // Reads the options of `spec` (name "mcts" or "ismcts"); throws BadParams naming a bad one.
  static SearchOptions from_spec(const AgentSpec& spec);
  friend bool operator==(const SearchOptions&, const SearchOptions&) = default;
};

// What one decision's search did (summed over threads).
struct SearchStats {
  uint64_t iterations = 0;
  uint64_t plies = 0;  // moves applied in tree descents and playouts: the bench's node count
  uint64_t nodes = 0;  // tree nodes after the search (all threads)
  double seconds = 0;
  double best_share = 0;  // visits of the chosen move / visits of all legal root moves
  double best_value = 0;  // its mean return for the searching seat
  // parallel=tree with more than one thread (else 0): the share of the node-lock acquisitions that
  // found the node held by another thread (and so spun or yielded until it was let go).
  double lock_waits = 0;
};

class SearchTree;
class SearchPolicy;

class MctsAgent final : public Agent {
 public:
  // `information_sets` false: the `mcts` agent (refuses hidden-information games, throwing
  // BadParams); true: the `ismcts` agent. `spec_text` is echoed by spec().
  MctsAgent(const Game& game, SearchOptions options, bool information_sets, uint64_t seed,
            std::string spec_text);
  ~MctsAgent() override;

  Move choose(const State& state) override;
  void observe(const State& before, Move move) override;
  std::string last_decision_note() const override;
  std::string spec() const override { return spec_; }
  // Thread-safe: ends the running decision after each thread's iteration in flight (or the next
  // decision, when none runs). See Agent::stop.
  void stop() override { stop_.store(true, std::memory_order_relaxed); }

  // The clock the time budget is measured by: std::chrono::steady_clock::now unless a test sets
  // another (an empty function restores it). The search reads it once at the start of a decision
  // and before every iteration after the first, and stops at the first reading at or past the
  // deadline; a test clock that advances a fixed step per reading makes that count exact on any
  // machine. With threads, every search thread calls it: it must be thread-safe.
  void set_clock(std::function<std::chrono::steady_clock::time_point()> clock);

  // The positions this seat has seen (loops.h), as the agent keeps them from its decisions and the
  // moves it is told of; `set_seen` gives it those of the game so far when it takes a seat in a
  // game under way (they must be what that seat saw: its own observations).
  const SeenPositions& seen() const { return seen_; }
  void set_seen(SeenPositions seen) {
    seen_ = std::move(seen);
    seen_ply_ = -1;
  }

  // The last decision's statistics.
  const SearchStats& last_stats() const { return stats_; }
  // Visits of every root move of the last decision (all threads, the prior's virtual visits left
  // out), in the order of the real state's legal moves.
  const std::vector<std::pair<Move, uint32_t>>& last_root_visits() const { return root_visits_; }
  // The mean return for the searching seat of every root move of the last decision, in the same
  // order, the prior's virtual visits included (so a move the iterations never tried still has
  // greedy's score); NaN for a move with no visit at all, and for every move of a decision that had
  // only one (no search).
  const std::vector<double>& last_root_values() const { return root_values_; }
  // The prior's score of every root move of the last decision (greedy's one-ply score over the
  // prior's samples, the first tree's), in the same order; NaN for every move of a decision
  // without a prior (prior=0, a game without an estimate, a single legal move).
  const std::vector<double>& last_root_priors() const { return root_priors_; }

 private:
  // The root's moves summed over the trees into root_visits_ and root_values_ (and the prior's
  // scores into root_priors_); returns the index in `legal` of the move to play.
  std::size_t tally_root(const MoveList& legal, uint32_t prior_visits, std::size_t tree_count);
  // The loop rule (loops.h) over every root move with a value: returns the index in `legal` to
  // play instead of `best_index` (or `best_index`). `base`: the sample source.
  std::size_t avoid_seen(const State& base, const MoveList& legal, std::size_t best_index);
  // Fills note_ from stats_ (`total`: the root visits of the legal moves).
  void write_note(uint64_t total, bool one_tree);

  SearchOptions options_;
  std::function<std::chrono::steady_clock::time_point()> clock_;
  bool reuse_allowed_;
  bool own_moves_only_;  // hidden information: the tree follows only this seat's own moves
  Seat seat_ = -1;       // the seat of the last decision
  uint64_t seed_;
  std::string spec_;
  Evaluation eval_;
  std::vector<std::unique_ptr<SearchTree>> trees_;      // one per thread, or one shared
  std::vector<std::unique_ptr<SearchPolicy>> threads_;  // one per search thread
  std::atomic<bool> stop_{false};
  // Ply of the state the trees' roots stand for (after the moves observed since), or -1 when the
  // trees cannot be reused.
  int tree_ply_ = -1;
  uint64_t decisions_ = 0;
  SearchStats stats_;
  std::string note_;
  std::vector<std::pair<Move, uint32_t>> root_visits_;
  std::vector<double> root_values_;
  std::vector<double> root_priors_;
  // The positions this seat has seen in the game it plays (loops.h): its observation at each of
  // its decisions and after every move it is told of; `seen_ply_` is the last one's ply (a state
  // of a smaller ply starts another game).
  SeenPositions seen_;
  int seen_ply_ = -1;
};

}  // namespace tabletop::ai
