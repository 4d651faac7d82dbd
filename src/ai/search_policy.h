// How one search thread grows a SearchTree (search_tree.h): the iteration of MCTS (mcts.h) with
// its selection, expansion, playout and backup.
//
// Each iteration
//   1. samples a complete state the searching seat cannot tell apart from the real one:
//      `State::determinize(seat, rng)` (a perfect-information game's copy has its chance stream
//      reseeded, so the future is sampled afresh every iteration);
//   2. descends the tree: at each node it generates the legal moves of the sample; if one of them
//      has no child yet, it adds that child (one per iteration, drawn uniformly, or by MAST with
//      Config::mast) and stops descending; otherwise it picks among the children legal in this
//      sample by UCB1 with availability counts,
//         q + c * sqrt(ln(available) / visits),
//      where q is the mean return of the seat that made the move, scaled to [0, 1] by the smallest
//      and largest returns seen in this search, and with Config::minimax mixed with the node's
//      implicit minimax value: (1 - A) * mean + A * best. With Config::model_opponents the other
//      seats' moves are not in the tree: each is greedy's on the sample (modelled_move);
//   3. plays out: random moves (or MAST's) until the game ends or `depth` plies are played, then
//      takes the estimate (evaluation.h: a learned value or `State::estimate_returns`; or
//      `returns()` of the unfinished state for a game without one). With model_opponents the
//      others' replies to the leaf come first, up to the searching seat's next decision, before
//      `depth` counts;
//   4. backs up the whole returns vector: each node adds the return of the seat that moved into it
//      (max^n), and with minimax every node on the path from the leaf up takes the best value of
//      its children where its mover moves again.
// The prior (seed_root) gives every root move virtual visits at greedy's one-ply score before the
// first iteration of a decision.
//
// On a shared tree every selection holds its node's lock (SearchTree::NodeLock) and puts a
// virtual loss on the child it picks (one visit at the worst return seen when the iteration
// started), so the threads descending meanwhile try other paths; the backup turns it into the
// real return. Nothing else of an iteration (the sample, its legal moves, the moves applied, the
// playout, the estimate) runs under a lock.
//
// Hot path: one state copy per iteration (the clone inside `determinize`) is the only allocation;
// move lists are fixed-capacity members, MAST's table is made once per thread.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ai/evaluation.h"
#include "ai/mast.h"
#include "ai/search_tree.h"
#include "core/game.h"
#include "core/rng.h"

namespace tabletop::ai {

class SearchPolicy {
 public:
  struct Config {
    double c;            // the exploration constant on scaled returns
    int depth;           // playout plies before the estimate, or -1: never estimate
    uint32_t max_nodes;  // the tree stops growing past this many child-list slots
    double minimax = 0;  // weight of the implicit minimax value in a child's q (0: the mean alone)
    // Every other seat's move is greedy's on the sample, in the descent and the playout; the tree
    // holds only the searching seat's moves.
    bool model_opponents = false;
    // The Gibbs temperature of move-average sampling (ai/mast.h) for the random playout's moves
    // and the choice of the untried move to add (0: uniform, no table).
    double mast = 0;
  };

  // A thread searching `tree` with a generator seeded by `seed`. `owner`: this thread resets,
  // advances and seeds the tree (one per tree; the others of a shared tree only iterate).
  // `eval` scores the playouts' ends, the prior and the modelled opponents' moves.
  SearchPolicy(uint64_t seed, SearchTree& tree, bool owner, Evaluation eval = {});

  bool owns_tree() const { return owner_; }
  SearchTree& tree() { return tree_; }
  const SearchTree& tree() const { return tree_; }

  // Config::mast: empties this thread's move averages for a new decision (made on first use: a
  // search without the option keeps no table).
  void start_move_averages();

  // The prior: gives every root move `visits` virtual visits at greedy's score of it
  // (one_ply_scores) over `samples` samples of what the seat cannot see. Once per root, before
  // the search's threads start; the owner's to call.
  void seed_root(const State& base, Seat seat, uint32_t visits, int samples);
  // The prior's score of root move `move` (greedy's one-ply score, seed_root's samples averaged),
  // or NaN when this decision's root was not seeded or `move` is not one of its moves. `hint`:
  // where `move` is expected in the prior's order (the real state's legal moves are the sample
  // source's, in the same order), looked at first.
  double prior_score(Move move, std::size_t hint) const;

  // One iteration from a fresh sample of `base` as `seat` sees it; returns the moves applied.
  uint64_t iterate(const State& base, Seat seat, const Config& config);

  // `node`'s lock for a scope (shared tree), counted in this thread's lock counts.
  SearchTree::NodeLock lock(uint32_t node) { return SearchTree::NodeLock(tree_, node, locks_); }
  const SearchTree::LockCounts& lock_counts() const { return locks_; }
  void clear_lock_counts() { locks_ = {}; }

 private:
  struct Step {
    uint32_t parent;
    uint32_t node;
    Seat mover;
  };

  // Config::model_opponents: the most modelled moves an iteration's playout applies.
  static constexpr int kModelledPlies = 1000;
  // Config::mast: the moves after the tree's last node whose averages an iteration updates.
  static constexpr std::size_t kAveragedPlies = 4096;

  uint32_t descend(State& state, Seat seat, const Config& config, uint64_t& plies);
  Returns play_out(State& state, Seat seat, const Config& config, uint64_t& plies);
  void back_up_path(const Returns& r, const Config& config);
  uint32_t select(uint32_t node, Seat mover, const Config& config, Move& move, bool& expanded);
  uint32_t pick_available(uint32_t node, bool all, const Config& config);
  void back_up(const Step& step, const Returns& r);
  void back_up_best();
  Move modelled_move(const State& state, Seat mover);
  std::size_t mast_pick(const Config& config, Seat mover, const MoveList& moves);
  void note_played(const Config& config, Seat mover, Move move);

  Rng rng_;
  Evaluation eval_;
  SearchTree& tree_;
  bool owner_;
  SearchTree::LockCounts locks_;
  std::vector<Step> path_;
  std::vector<uint8_t> mark_;
  MoveList moves_;
  MoveList untried_;
  MoveList model_moves_;             // modelled_move's legal moves
  std::vector<double> model_score_;  // and their scores
  std::vector<double> prior_sum_;
  MoveList prior_moves_;  // the root moves prior_sum_ scores, in its order
  int prior_samples_ = 0;
  double virtual_loss_ = 0;  // the return a tree-parallel iteration in flight counts per node
  // Config::mast: this thread's move averages, the moves of the iteration outside the tree
  // (reserved once: pushing never allocates), and gibbs_pick's scratch.
  std::unique_ptr<MoveAverages> averages_;
  std::vector<std::pair<Seat, Move>> averaged_;
  std::vector<double> mast_weights_;
};

}  // namespace tabletop::ai
