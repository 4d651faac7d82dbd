#include "ai/mcts.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <new>
#include <string_view>
#include <thread>

#include "ai/greedy_agent.h"
#include "ai/mast.h"
#include "core/error.h"

namespace tabletop::ai {

using Clock = std::chrono::steady_clock;

namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

// Natural logarithms of small counts, looked up in the selection loop.
double ln(uint32_t n) {
  static const std::array<float, 1 << 16> table = [] {
    std::array<float, 1 << 16> t{};
    for (std::size_t i = 1; i < t.size(); ++i) t[i] = float(std::log(double(i)));
    return t;
  }();
  return n < table.size() ? double(table[n]) : std::log(double(n));
}

// An order-independent fingerprint of a set of moves.
uint64_t fingerprint(const MoveList& moves) {
  uint64_t sum = 0;
  for (Move m : moves) {
    uint64_t z = m.bits + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    sum += z ^ (z >> 31);
  }
  return sum;
}

}  // namespace

// Waits a moment in a spin loop (the CPU's pause hint where it has one).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// One thread's search: its generator and scratch space, and the tree it grows (its own, or with
// SearchOptions::parallel == tree the one tree every thread of the search grows).
//
// The tree is two pools: nodes (the move into the node, its statistics, where its children are)
// and child lists (each node's children as (move, node) pairs sorted by move, contiguous). A node
// never moves once added; a child list grows by moving to a larger slot range. On a shared tree
// every node has a spinlock (Node::lock) that guards its child list and its children's
// statistics: a thread selects at a node, and backs up into its children, holding that node's
// lock alone, so threads descending different parts of the tree never wait for each other, and
// the sample's legal moves, the moves applied, the playout and the estimate run under no lock. A
// node's own fields that its parent's lock guards but its own selection reads (its visits) are
// written and read atomically. No thread holds two node locks at once.
class SearchTree {
 public:
  struct Node {
    Move move{0};              // the move from the parent
    uint64_t legal_fp = 0;     // with legal_count: the legal set whose every move has a child, and
    uint16_t legal_count = 0;  //   no child besides (0: not known)
    uint16_t child_count = 0;
    uint16_t child_cap = 0;
    int8_t mover = -1;  // the seat that made `move` when the node was added
    uint8_t lock = 0;   // shared tree: held (1) by the thread selecting at or backing up into it
    uint32_t child_begin = 0;  // its child list's first slot in Tree::children
    uint32_t visits = 0;
    // Times this move was legal when its parent was visited: avail, plus the parent's `fast` less
    // avail_base (availability()).
    uint32_t avail = 0;
    // Selections at this node by the fast path (every child legal), each one availability more
    // for every child: counted here once instead of in every child, so a selection writes only
    // the node (a shared tree's threads then do not pass every child's cache line to and fro).
    uint32_t fast = 0;
    uint32_t avail_base = 0;  // the parent's `fast` when this node was added
    // With SearchOptions::minimax: the implicit minimax value for `mover` (its best continuation
    // among the children where it moves again, else the node's own evaluation).
    float best = 0;
    double value = 0;     // sum of the returns of the seat moving into this node
    double value_sq = 0;  // sum of their squares (the iterations' only, for SearchOptions::anchor)
  };

  // One slot of a child list.
  struct Child {
    Move move;
    uint32_t node;
  };

  struct Config {
    double c;
    double fpu;     // first-play urgency on scaled returns, or -1: every move tried once first
    int depth;      // playout plies before the estimate, or -1: never estimate
    bool own_turn;  // stop (and estimate) where a seat other than the searching one is to move
    // SearchOptions::baseline: each return less the estimate of the iteration's root sample, plus
    // tree_.offset (set_offset).
    bool baseline;
    uint32_t max_nodes;
    double minimax = 0;  // weight of the implicit minimax value in a child's q (0: the mean alone)
    // SearchOptions::opponents == greedy: every other seat's move is greedy's on the sample, in
    // the descent and the playout; the tree holds only the searching seat's moves.
    bool model_opponents = false;
    // SearchOptions::greedy_playout: the playout's plies are greedy's on the sample (playout_move).
    bool greedy_playout = false;
    // SearchOptions::mast: the Gibbs temperature of move-average sampling (ai/mast.h) for the
    // random playout's moves and the choice of the untried move to add (0: uniform, no table).
    double mast = 0;
  };

  // Slots addressed by index, in chunks of kChunk that never move: growing the tree costs one
  // chunk now and then and never copies what is there. (A std::vector did: past a million nodes
  // one reallocation inside one iteration copied 50 MB and faulted in 100 MB more, and a timed
  // search overshot its budget by that much.) `allocate(n)` hands out n contiguous slots,
  // starting a new chunk when the current one has less room; the slots left at the end of a
  // chunk stay unused. The table of chunks is reserved for the whole 32-bit index space at
  // construction, so adding a chunk never moves the table under another thread's reading; on a
  // shared tree allocate() is called under Tree::allocation.
  template <class Slot>
  class Pool {
   public:
    static constexpr uint32_t kShift = 16, kChunk = 1u << kShift;

    Pool() { chunks_.reserve(std::size_t(1) << (32 - kShift)); }
    Slot& operator[](uint32_t i) { return chunks_[i >> kShift][i & (kChunk - 1)]; }
    const Slot& operator[](uint32_t i) const { return chunks_[i >> kShift][i & (kChunk - 1)]; }
    // Slots handed out since clear(), the unused ones at chunk ends included.
    uint32_t size() const { return size_.load(std::memory_order_relaxed); }
    // Empties the pool, keeping its chunks for reuse.
    void clear() { size_.store(0, std::memory_order_relaxed); }
    void swap(Pool& other) {
      chunks_.swap(other.chunks_);
      const uint32_t mine = size();
      size_.store(other.size(), std::memory_order_relaxed);
      other.size_.store(mine, std::memory_order_relaxed);
    }
    // `n` (at most kChunk) contiguous fresh slots; returns the index of the first.
    uint32_t allocate(uint32_t n) {
      assert(n > 0 && n <= kChunk);
      uint32_t first = size();
      if ((first & (kChunk - 1)) + n > kChunk) first = (first | (kChunk - 1)) + 1;
      while (std::size_t(first) + n > chunks_.size() * kChunk) {
        if (chunks_.size() == chunks_.capacity()) throw std::bad_alloc();  // 2^32 slots
        // Uninitialised (malloc: the pages are touched only as slots are handed out, so a small
        // search does not pay for a whole chunk); allocate() initialises every slot it hands out.
        Slot* chunk = static_cast<Slot*>(std::malloc(sizeof(Slot) * kChunk));
        if (!chunk) throw std::bad_alloc();
        chunks_.emplace_back(chunk);
      }
      size_.store(first + n, std::memory_order_relaxed);
      std::fill_n(&(*this)[first], n, Slot{});
      return first;
    }

   private:
    struct Free {
      void operator()(Slot* p) const { std::free(p); }
    };
    std::vector<std::unique_ptr<Slot[], Free>> chunks_;  // read by every access to a slot
    // Written by every allocation: on a cache line of its own, so that a shared tree's threads
    // reading chunks_ (every node they touch) do not lose the line to each other's allocations.
    alignas(64) std::atomic<uint32_t> size_{0};
  };

  // What the threads of a tree-parallel search share: the nodes, the range of returns seen, the
  // prior's and the baseline's state. Without tree parallelism every thread has its own.
  struct Tree {
    Pool<Node> nodes;
    Pool<Child> children;
    Pool<Node> scratch_nodes;  // advance()'s copies
    Pool<Child> scratch_children;
    // Apart from everything above and below (a cache line each), as the pools' sizes are: `live`
    // changes with every node added, the range seldom, and every selection reads the range.
    alignas(64) std::atomic<uint32_t> live{1};
    alignas(64) std::atomic<double> lo, hi;  // the smallest and largest return seen
    bool root_seeded = false;
    Returns offset{};                   // set_offset
    alignas(64) std::mutex allocation;  // shared tree: held while the pools hand out slots
  };

  // A search on a tree of its own (`share_with` null), or on the tree of `share_with`: tree
  // parallelism, each thread descending on its own sample with its own generator.
  SearchTree(uint64_t seed, SearchTree* share_with)
      : rng_(seed),
        own_(share_with ? nullptr : std::make_unique<Tree>()),
        tree_(share_with ? share_with->tree_ : *own_),
        shared_(share_with != nullptr) {
    if (share_with)
      share_with->shared_ = true;
    else
      reset();
  }

  // SearchOptions::mast: empties this thread's move averages for a new decision (made on first
  // use: a search without the option keeps no table).
  void start_move_averages() {
    if (!averages_) {
      averages_ = std::make_unique<MoveAverages>();
      averaged_.reserve(kAveragedPlies);
      // gibbs_pick's scratch at its largest, so that no iteration grows it
      mast_weights_.resize(MoveList::kCapacity);
    }
    averages_->clear();
  }

  // False for a thread that searches another's tree (its reset, advance, seed_root and set_offset
  // are that tree's owner's to call).
  bool owns_tree() const { return own_ != nullptr; }

  void reset() {
    tree_.root_seeded = false;
    tree_.nodes.clear();
    tree_.children.clear();
    tree_.nodes.allocate(1);
    tree_.live = 1;
    tree_.lo = std::numeric_limits<double>::infinity();
    tree_.hi = -std::numeric_limits<double>::infinity();
  }

  // Makes the child for `move` the root, keeping its subtree; resets when there is none.
  void advance(Move move) {
    const uint32_t child = find_child(0, move);
    if (child == kNone) return reset();
    Pool<Node>& nodes = tree_.scratch_nodes;
    Pool<Child>& children = tree_.scratch_children;
    nodes.clear();
    children.clear();
    nodes[nodes.allocate(1)] = tree_.nodes[child];
    uint32_t live = 1;
    // Breadth first (one node at a time: the node pool has no unused slots).
    for (uint32_t i = 0; i < nodes.size(); ++i) {
      Node& n = nodes[i];
      const uint32_t count = n.child_count, from = n.child_begin;
      n.child_cap = uint16_t(count);
      if (count == 0) continue;
      const uint32_t begin = children.allocate(count);
      for (uint32_t j = 0; j < count; ++j) {
        const Child c = tree_.children[from + j];
        const uint32_t copy = nodes.allocate(1);
        nodes[copy] = tree_.nodes[c.node];
        children[begin + j] = {c.move, copy};
      }
      n.child_begin = begin;
      live += count;
    }
    tree_.nodes.swap(nodes);
    tree_.children.swap(children);
    tree_.live = live;
    tree_.root_seeded = false;
  }

  // One iteration from a fresh sample of `base` as `seat` sees it; returns the moves applied.
  // On a shared tree each selection holds its node's lock and puts a virtual loss on the child
  // it picks (one visit at the worst return seen, at the iteration's start), so the threads
  // descending meanwhile try other paths; the backup turns it into the real return.
  uint64_t iterate(const State& base, Seat seat, const Config& config) {
    std::unique_ptr<State> state = base.determinize(seat, rng_);
    Returns root_estimate{};
    if (config.baseline) state->estimate_returns(root_estimate);
    path_.clear();
    averaged_.clear();
    if (shared_) {
      const double lo = tree_.lo.load(std::memory_order_relaxed);
      virtual_loss_ = std::isfinite(lo) ? lo : 0.0;
    }
    uint64_t plies = 0;
    uint32_t node = 0;
    while (!state->is_terminal()) {
      const Seat mover = state->current_player();
      if (config.own_turn && mover != seat) break;
      if (config.model_opponents && mover != seat) {
        const Move modelled = modelled_move(*state, mover);
        state->apply(modelled);
        note_played(config, mover, modelled);
        ++plies;
        continue;
      }
      state->legal_moves(moves_);
      Move move{0};
      bool expanded = false;
      const uint32_t child = select(node, mover, config, move, expanded);
      assert(moves_.contains(move) && "the search chose a move illegal in its sample");
      state->apply(move);
      ++plies;
      if (child == kNone) break;  // the tree is full: play out from here
      path_.push_back({node, child, mover});
      node = child;
      if (expanded) break;
    }
    Returns r{};
    int depth = 0;
    // With modelled opponents: the others' replies to the leaf's move are played up to the
    // searching seat's next decision (at most kModelledPlies of them) before `depth` counts;
    // after that every ply counts, the others' still modelled.
    int replies = 0;
    bool replied = !config.model_opponents;
    for (;;) {
      if (state->is_terminal()) {
        r = state->returns();
        break;
      }
      const Seat to_move = state->current_player();
      if (config.own_turn && to_move != seat) {
        if (!state->estimate_returns(r)) r = state->returns();
        break;
      }
      if (to_move == seat || replies >= kModelledPlies) replied = true;
      if (replied && config.depth >= 0 && depth >= config.depth) {
        if (!state->estimate_returns(r)) r = state->returns();
        break;
      }
      if (config.model_opponents && to_move != seat) {
        const Move modelled = modelled_move(*state, to_move);
        state->apply(modelled);
        note_played(config, to_move, modelled);
        ++plies;
        if (replied)
          ++depth;
        else
          ++replies;
        continue;
      }
      Move played{0};
      if (config.greedy_playout) {
        played = playout_move(*state, to_move);
      } else {
        state->legal_moves(moves_);
        played = config.mast > 0 ? moves_[mast_pick(config, to_move, moves_)]
                                 : moves_[rng_.uniform(uint32_t(moves_.size()))];
      }
      state->apply(played);
      note_played(config, to_move, played);
      ++plies;
      ++depth;
    }
    const int players = base.num_players();
    if (config.baseline)
      for (int s = 0; s < players; ++s)
        r[std::size_t(s)] += tree_.offset[std::size_t(s)] - root_estimate[std::size_t(s)];
    for (int s = 0; s < players; ++s) widen_range(r[std::size_t(s)]);
    if (config.mast > 0) {
      for (const Step& step : path_)
        averages_->add(step.mover, tree_.nodes[step.node].move, r[std::size_t(step.mover)]);
      for (const auto& [mover, move] : averaged_)
        averages_->add(mover, move, r[std::size_t(mover)]);
    }
    // The root's visit is counted under the lock the first step's backup takes (the root's: the
    // most contended node, taken once, not twice).
    {
      NodeLock hold(*this, 0);
      Node& root = tree_.nodes[0];
      set_visits(root, root.visits + 1);
      if (!path_.empty()) back_up(path_[0], r);
    }
    for (std::size_t i = 1; i < path_.size(); ++i) {
      NodeLock hold(*this, path_[i].parent);
      back_up(path_[i], r);
    }
    if (config.minimax > 0) back_up_best();
    return plies;
  }

  // parallel=tree: how often this thread's node locks were taken, and how often one was held by
  // another thread when it asked.
  struct LockCounts {
    uint64_t taken = 0, waited = 0;
  };
  const LockCounts& lock_counts() const { return lock_counts_; }
  void clear_lock_counts() { lock_counts_ = {}; }

  // SearchOptions::minimax, after an iteration's backup: from the leaf up, a node with children
  // where its mover moves again takes the best of theirs; a node without children its mean (its
  // evaluation: the leaf's estimate, or a terminal's returns); a node whose children are other
  // seats' moves keeps its own evaluation.
  void back_up_best() {
    for (std::size_t i = path_.size(); i-- > 0;) {
      const Step& step = path_[i];
      Node& n = tree_.nodes[step.node];
      float best = -std::numeric_limits<float>::infinity();
      bool has_children;
      {
        NodeLock hold(*this, step.node);
        has_children = n.child_count > 0;
        for (uint32_t j = 0; j < n.child_count; ++j) {
          const Node& c = tree_.nodes[tree_.children[n.child_begin + j].node];
          if (c.mover == n.mover) best = std::max(best, c.best);
        }
      }
      NodeLock hold(*this, step.parent);
      if (!has_children)
        n.best = float(n.value / n.visits);
      else if (best > -std::numeric_limits<float>::infinity())
        n.best = best;
    }
  }

  // The prior (SearchOptions::prior): gives every root move `visits` virtual visits at greedy's
  // score of it (one_ply_scores) over `samples` samples of what the seat cannot see. Once per
  // root, before the search's threads start.
  void seed_root(const State& base, Seat seat, uint32_t visits, int samples) {
    if (tree_.root_seeded) return;
    tree_.root_seeded = true;
    base.legal_moves(moves_);
    one_ply_scores(base, seat, moves_, samples, rng_, prior_sum_);
    prior_moves_.clear();
    prior_moves_.append(moves_.begin(), moves_.end());
    prior_samples_ = samples;
    for (std::size_t i = 0; i < moves_.size(); ++i) {
      uint32_t child = find_child(0, moves_[i]);
      const bool fresh = child == kNone;
      if (fresh) child = insert_child(0, moves_[i], seat);
      Node& c = tree_.nodes[child];
      const double value = prior_sum_[i] / samples;
      if (fresh) c.best = float(value);
      set_visits(c, c.visits + visits);
      c.avail += visits;
      c.value += value * visits;
      widen_range(value);
    }
  }

  // For SearchOptions::baseline: the estimate of the root's state averaged over `samples` samples
  // of what the seat cannot see, the very samples seed_root draws next from the same generator, so
  // the prior's values and the iterations' relative returns stand on the same level.
  void set_offset(const State& base, Seat seat, int samples) {
    Rng replay = rng_;
    tree_.offset = Returns{};
    for (int k = 0; k < samples; ++k) {
      Returns e{};
      base.determinize(seat, replay)->estimate_returns(e);
      for (std::size_t s = 0; s < e.size(); ++s) tree_.offset[s] += e[s] / samples;
    }
  }

  // The slot of `parent`'s child for `move` in Tree::children, or kNone. On a shared tree the
  // caller holds `parent`'s lock, or the threads are not running.
  uint32_t find_slot(uint32_t parent, Move move) const {
    const Node& p = tree_.nodes[parent];
    if (p.child_count == 0) return kNone;
    const Child* first = &tree_.children[p.child_begin];
    const Child* last = first + p.child_count;
    const Child* it = std::lower_bound(first, last, move,
                                       [](const Child& c, Move m) { return c.move.bits < m.bits; });
    return it != last && it->move == move ? p.child_begin + uint32_t(it - first) : kNone;
  }
  // `parent`'s child for `move`, or kNone (as find_slot).
  uint32_t find_child(uint32_t parent, Move move) const {
    const uint32_t slot = find_slot(parent, move);
    return slot == kNone ? kNone : tree_.children[slot].node;
  }
  const Node& node(uint32_t index) const { return tree_.nodes[index]; }
  // The prior's score of root move `move` (greedy's one-ply score, seed_root's samples averaged),
  // or NaN when this decision's root was not seeded or `move` is not one of its moves.
  // `hint`: where `move` is expected in the prior's order (the real state's legal moves are the
  // sample source's, in the same order), looked at first.
  double prior_score(Move move, std::size_t hint) const {
    if (!tree_.root_seeded || prior_samples_ == 0) return std::numeric_limits<double>::quiet_NaN();
    if (hint < prior_moves_.size() && prior_moves_[hint] == move)
      return prior_sum_[hint] / prior_samples_;
    for (std::size_t i = 0; i < prior_moves_.size(); ++i)
      if (prior_moves_[i] == move) return prior_sum_[i] / prior_samples_;
    return std::numeric_limits<double>::quiet_NaN();
  }
  uint32_t live_nodes() const { return tree_.live.load(std::memory_order_relaxed); }

  // A node's lock held for a scope on a shared tree (nothing on a tree of the thread's own).
  class NodeLock {
   public:
    NodeLock(SearchTree& search, uint32_t node)
        : search_(search.shared_ ? &search : nullptr), node_(node) {
      if (search_) search_->lock(node_);
    }
    ~NodeLock() {
      if (search_)
        std::atomic_ref<uint8_t>(search_->tree_.nodes[node_].lock)
            .store(0, std::memory_order_release);
    }
    NodeLock(const NodeLock&) = delete;
    NodeLock& operator=(const NodeLock&) = delete;

   private:
    SearchTree* search_;
    uint32_t node_;
  };
  Rng& rng() { return rng_; }

 private:
  struct Step {
    uint32_t parent;
    uint32_t node;
    Seat mover;
  };

  // Adds the iteration's returns `r` to the node `step` entered (its parent's lock held on a
  // shared tree, where the visit was counted by the selection's virtual loss, now taken off).
  void back_up(const Step& step, const Returns& r) {
    Node& n = tree_.nodes[step.node];
    const double x = r[std::size_t(step.mover)];
    if (shared_) {
      n.value += x - virtual_loss_;  // the virtual visit becomes real
    } else {
      set_visits(n, n.visits + 1);
      n.value += x;
    }
    n.value_sq += x * x;
  }

  // SearchOptions::opponents: the most modelled moves an iteration's playout applies.
  static constexpr int kModelledPlies = 1000;

  // Takes `node`'s spinlock (shared tree): spins a while with the CPU's pause hint, then yields
  // the core between tries (more threads than cores: the holder may be waiting for one).
  void lock(uint32_t node) {
    std::atomic_ref<uint8_t> flag(tree_.nodes[node].lock);
    ++lock_counts_.taken;
    if (flag.exchange(1, std::memory_order_acquire) == 0) return;
    ++lock_counts_.waited;
    for (int spins = 0;;) {
      while (flag.load(std::memory_order_relaxed) != 0) {
        if (++spins < 64)
          cpu_relax();
        else
          std::this_thread::yield();
      }
      if (flag.exchange(1, std::memory_order_acquire) == 0) return;
    }
  }

  // A node's visits: written under its parent's lock, read also by a selection at the node
  // itself (under its own lock), so every write and that reading are atomic.
  static void set_visits(Node& n, uint32_t visits) {
    std::atomic_ref<uint32_t>(n.visits).store(visits, std::memory_order_relaxed);
  }
  static uint32_t own_visits(Node& n) {
    return std::atomic_ref<uint32_t>(n.visits).load(std::memory_order_relaxed);
  }

  // Widens the range of returns seen to take in `v`.
  void widen_range(double v) {
    double lo = tree_.lo.load(std::memory_order_relaxed);
    while (v < lo && !tree_.lo.compare_exchange_weak(lo, v, std::memory_order_relaxed)) {
    }
    double hi = tree_.hi.load(std::memory_order_relaxed);
    while (v > hi && !tree_.hi.compare_exchange_weak(hi, v, std::memory_order_relaxed)) {
    }
  }

  // SearchOptions::opponents == greedy: `mover`'s move in the sample `state`, as greedy would
  // play it with one sample (one_ply_scores: the sample seen from `mover`'s side, every legal move
  // scored by `mover`'s estimate one ply later), ties broken uniformly at random.
  Move modelled_move(const State& state, Seat mover) {
    state.legal_moves(model_moves_);
    if (model_moves_.size() == 1) return model_moves_[0];
    one_ply_scores(state, mover, model_moves_, 1, rng_, model_score_);
    return best_scored_move();
  }

  // SearchOptions::greedy_playout: `mover`'s move in the playout, greedy's on the sample itself
  // (not resampled from `mover`'s side: the sample is the playout's world): every legal move
  // applied to a copy and valued by `mover`'s estimate (a terminal by its returns), ties broken
  // uniformly at random.
  Move playout_move(const State& state, Seat mover) {
    state.legal_moves(model_moves_);
    if (model_moves_.size() == 1) return model_moves_[0];
    model_score_.resize(model_moves_.size());
    for (std::size_t i = 0; i < model_moves_.size(); ++i)
      model_score_[i] = one_ply_score(state, mover, model_moves_[i]);
    return best_scored_move();
  }

  // The move of model_moves_ with the highest score in model_score_, ties broken uniformly at
  // random (reservoir sampling: each tie kept with chance 1/ties).
  Move best_scored_move() {
    double best = -std::numeric_limits<double>::infinity();
    uint32_t ties = 0;
    Move pick = model_moves_[0];
    for (std::size_t i = 0; i < model_moves_.size(); ++i) {
      const double v = model_score_[i];
      if (v > best + 1e-9) {
        best = v;
        ties = 1;
        pick = model_moves_[i];
      } else if (v >= best - 1e-9 && rng_.uniform(++ties) == 0) {
        pick = model_moves_[i];
      }
    }
    return pick;
  }

  // At `node` with the sample's legal moves in moves_: adds a child for an untried move (setting
  // `expanded`) or picks an available child by UCB. Sets `move`; returns the child, or kNone when
  // an untried move was picked but the tree is full. On a shared tree it holds the node's lock
  // throughout and puts the iteration's virtual loss on the child it returns.
  uint32_t select(uint32_t node, Seat mover, const Config& config, Move& move, bool& expanded) {
    const uint32_t k = uint32_t(moves_.size());
    const uint64_t fp = fingerprint(moves_);
    NodeLock hold(*this, node);
    Node& n = tree_.nodes[node];
    uint32_t child = kNone;
    // The fast path: the children are exactly this legal set (the count guards against children
    // added, for other samples, after the fingerprint was taken).
    const bool all_children = n.legal_count == k && n.child_count == k && n.legal_fp == fp;
    if (!all_children) {
      // Which children are legal in this sample, and which legal moves have no child yet.
      mark_.assign(n.child_count, 0);
      untried_.clear();
      for (Move m : moves_) {
        const uint32_t slot = find_slot(node, m);
        if (slot == kNone)
          untried_.push_back(m);
        else
          mark_[slot - n.child_begin] = 1;
      }
      // First-play urgency (SearchOptions::fpu): an untried move scores fpu + c * sqrt(ln
      // visits), as if tried once at value fpu; a tried move that scores more is visited first.
      if (!untried_.empty() &&
          (config.fpu < 0 || n.child_count == 0 ||
           best_available(node, config) <
               config.fpu + config.c * std::sqrt(ln(std::max<uint32_t>(1, own_visits(n)))))) {
        for (uint32_t i = 0; i < n.child_count; ++i)
          if (mark_[i]) ++tree_.nodes[tree_.children[n.child_begin + i].node].avail;
        move = config.mast > 0 ? untried_[mast_pick(config, mover, untried_)]
                               : untried_[rng_.uniform(uint32_t(untried_.size()))];
        if (tree_.children.size() + 1 + std::max<std::size_t>(4, 2u * n.child_cap) >
            config.max_nodes)
          return kNone;
        child = insert_child(node, move, mover);
        expanded = true;
        if (untried_.size() == 1 && n.child_count == k) {
          n.legal_count = uint16_t(k);
          n.legal_fp = fp;
        }
      } else if (untried_.empty() && n.child_count == k) {
        // the children are exactly this legal set
        n.legal_count = uint16_t(k);
        n.legal_fp = fp;
      }
    }
    if (child == kNone) {
      const uint32_t slot = pick_available(node, all_children, config);
      move = tree_.children[slot].move;
      child = tree_.children[slot].node;
    }
    if (shared_) {
      Node& c = tree_.nodes[child];
      set_visits(c, c.visits + 1);
      c.value += virtual_loss_;
    }
    return child;
  }

  // SearchOptions::mast: an index into `moves` by move-average sampling for `mover`.
  std::size_t mast_pick(const Config& config, Seat mover, const MoveList& moves) {
    return gibbs_pick(*averages_, mover, moves, tree_.lo.load(std::memory_order_relaxed),
                      tree_.hi.load(std::memory_order_relaxed), config.mast, rng_, mast_weights_);
  }
  // SearchOptions::mast: a move played after the tree's last node (the playout's, the modelled
  // opponents'), whose average takes this iteration's return; the first kAveragedPlies only.
  void note_played(const Config& config, Seat mover, Move move) {
    if (config.mast > 0 && averaged_.size() < kAveragedPlies) averaged_.push_back({mover, move});
  }

  // The value selection reads for child `c`: its mean return, mixed with its implicit minimax
  // value when SearchOptions::minimax is on.
  static double mean_value(const Node& c, const Config& config) {
    const double mean = c.value / c.visits;
    return config.minimax > 0 ? (1 - config.minimax) * mean + config.minimax * c.best : mean;
  }

  // The UCB score of the best child of `node` marked available in mark_ (-infinity when none);
  // changes nothing.
  double best_available(uint32_t node, const Config& config) const {
    const Node& n = tree_.nodes[node];
    const double lo = tree_.lo.load(std::memory_order_relaxed);
    const double hi = tree_.hi.load(std::memory_order_relaxed);
    const double scale = hi > lo ? 1.0 / (hi - lo) : 0.0;
    double best_score = -std::numeric_limits<double>::infinity();
    for (uint32_t i = 0; i < n.child_count; ++i) {
      if (!mark_[i]) continue;
      const Node& c = tree_.nodes[tree_.children[n.child_begin + i].node];
      const double q = (mean_value(c, config) - lo) * scale;
      best_score =
          std::max(best_score, q + config.c * std::sqrt(ln(availability(n, c) + 1) / c.visits));
    }
    return best_score;
  }

  // Counts one more availability for every available child of `node` and returns the child-list
  // slot of the one with the best UCB score.
  uint32_t pick_available(uint32_t node, bool all, const Config& config) {
    Node& n = tree_.nodes[node];
    const double lo = tree_.lo.load(std::memory_order_relaxed);
    const double hi = tree_.hi.load(std::memory_order_relaxed);
    const double scale = hi > lo ? 1.0 / (hi - lo) : 0.0;
    double best_score = -std::numeric_limits<double>::infinity();
    uint32_t best = kNone;
    const uint32_t begin = n.child_begin, count = n.child_count;
    if (all) ++n.fast;
    for (uint32_t i = 0; i < count; ++i) {
      if (!all && !mark_[i]) continue;
      Node& c = tree_.nodes[tree_.children[begin + i].node];
      if (!all) ++c.avail;
      const double q = (mean_value(c, config) - lo) * scale;
      const double score = q + config.c * std::sqrt(ln(availability(n, c)) / c.visits);
      if (score > best_score) {
        best_score = score;
        best = begin + i;
      }
    }
    assert(best != kNone);
    return best;
  }

  // Child `c`'s availability under its parent `n`.
  static uint32_t availability(const Node& n, const Node& c) {
    return c.avail + (n.fast - c.avail_base);
  }

  // Adds a child for `move` under `parent` (whose lock a shared tree's caller holds), keeping the
  // child list sorted by move; returns the new node.
  uint32_t insert_child(uint32_t parent, Move move, Seat mover) {
    Node& p = tree_.nodes[parent];
    uint32_t fresh;
    {
      std::unique_lock<std::mutex> allocating =
          shared_ ? std::unique_lock<std::mutex>(tree_.allocation) : std::unique_lock<std::mutex>();
      if (p.child_count == p.child_cap) {
        const uint32_t cap = std::max<uint32_t>(4, 2u * p.child_cap);
        const uint32_t begin = tree_.children.allocate(cap);
        if (p.child_count > 0)
          std::copy_n(&tree_.children[p.child_begin], p.child_count, &tree_.children[begin]);
        p.child_begin = begin;
        p.child_cap = uint16_t(std::min<uint32_t>(cap, 0xffff));
      }
      fresh = tree_.nodes.allocate(1);
    }
    Node& c = tree_.nodes[fresh];
    c.move = move;
    c.mover = int8_t(mover);
    c.avail = 1;
    c.avail_base = p.fast;
    Child* first = &tree_.children[p.child_begin];
    Child* last = first + p.child_count;
    Child* at = std::lower_bound(first, last, move,
                                 [](const Child& ch, Move m) { return ch.move.bits < m.bits; });
    std::move_backward(at, last, last + 1);
    *at = {move, fresh};
    ++p.child_count;
    tree_.live.fetch_add(1, std::memory_order_relaxed);
    return fresh;
  }

  Rng rng_;
  std::unique_ptr<Tree> own_;
  Tree& tree_;
  bool shared_;  // the tree is searched by other threads too: take the node locks
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
  // SearchOptions::mast: this thread's move averages, the moves of the iteration outside the tree
  // (reserved once: pushing never allocates), and gibbs_pick's scratch.
  static constexpr std::size_t kAveragedPlies = 4096;
  std::unique_ptr<MoveAverages> averages_;
  std::vector<std::pair<Seat, Move>> averaged_;
  std::vector<double> mast_weights_;
  LockCounts lock_counts_;
};

namespace {

// A search option that is one of two words: false when `key` is absent or `first`, true when it is
// `second`; any other value throws BadParams naming it, then "is not " and `what`.
bool second_word(const AgentSpec& spec, const char* key, std::string_view first,
                 std::string_view second, const char* what) {
  const auto it = spec.options.find(key);
  if (it == spec.options.end()) return false;
  if (it->second != first && it->second != second)
    throw BadParams(spec.name + ": " + key + "=" + quote(it->second) + " is not " + what);
  return it->second == second;
}

}  // namespace

SearchOptions SearchOptions::from_spec(const AgentSpec& spec) {
  spec.allow_only(
      "iterations,time,c,threads,depth,reuse,nodes,prior,prior_samples,fpu,own_turn,baseline,"
      "minimax,opponents,parallel,playout,anchor,mast");
  SearchOptions o;
  o.iterations = int(spec.integer("iterations", 0, 1, 1'000'000'000));
  o.time_ms = spec.number("time", 0, 1, 1e8);
  if (o.iterations == 0 && o.time_ms == 0) o.iterations = kDefaultIterations;
  o.c = spec.number("c", o.c, 0, 100);
  o.threads = int(spec.integer("threads", 1, 1, 256));
  o.depth = int(spec.integer("depth", -1, -1, 1'000'000));
  o.reuse = spec.integer("reuse", 1, 0, 1) != 0;
  o.prior = int(spec.integer("prior", o.prior, 0, 1'000'000));
  o.prior_samples = int(spec.integer("prior_samples", o.prior_samples, 1, 1000));
  o.fpu = spec.number("fpu", o.fpu, -1, 1);
  o.own_turn = spec.integer("own_turn", 0, 0, 1) != 0;
  o.baseline = spec.integer("baseline", 0, 0, 1) != 0;
  o.minimax = spec.number("minimax", o.minimax, 0, 1);
  o.anchor = spec.number("anchor", o.anchor, 0, 1000);
  o.mast = spec.number("mast", o.mast, 0, 100);
  if (spec.options.count("opponents")) {
    const std::string& model = spec.options.at("opponents");
    if (model != "greedy" && model != "search")
      throw BadParams("ismcts: opponents=" + model +
                      " is not a model of the other seats: use opponents=search (the default: "
                      "the tree searches every seat) or opponents=greedy");
    o.model_opponents = model == "greedy";
  }
  o.greedy_playout = second_word(spec, "playout", "random", "greedy",
                                 "a playout policy: use playout=random (the default) or "
                                 "playout=greedy (each ply greedy's move on the sample)");
  o.max_nodes = uint32_t(spec.integer("nodes", 4'000'000, 1000, 1'000'000'000));
  o.tree_parallel = second_word(spec, "parallel", "root", "tree",
                                "a way to share the threads: use parallel=root (the default: one "
                                "tree per thread, root visits summed) or parallel=tree (one shared "
                                "tree)");
  return o;
}

MctsAgent::MctsAgent(const Game& game, SearchOptions options, bool information_sets, uint64_t seed,
                     std::string spec_text)
    : options_(options), seed_(seed), spec_(std::move(spec_text)) {
  const bool hidden = game.info().hidden_information;
  if (!information_sets && hidden)
    throw BadParams(
        "mcts searches perfect-information games, and " + game.info().id +
        " hides information: use ismcts, which takes the same options (e.g. ismcts:time=2000)");
  reuse_allowed_ = options_.reuse;
  own_moves_only_ = hidden;
  for (int t = 0; t < options_.threads; ++t)
    trees_.push_back(
        std::make_unique<SearchTree>(seed * 0x9e3779b97f4a7c15ULL + uint64_t(t) * 7919 + 1,
                                     options_.tree_parallel && t > 0 ? trees_[0].get() : nullptr));
}

MctsAgent::~MctsAgent() = default;

void MctsAgent::set_clock(std::function<Clock::time_point()> clock) {
  clock_ = std::move(clock);
}

Move MctsAgent::choose(const State& state) {
  auto read_clock = [this] { return clock_ ? clock_() : Clock::now(); };
  const auto start = read_clock();
  const Seat seat = state.current_player();
  seat_ = seat;
  MoveList legal;
  state.legal_moves(legal);
  ++decisions_;
  stats_ = SearchStats{};
  root_visits_.clear();
  root_values_.clear();
  root_priors_.clear();
  if (legal.size() == 1) {
    note_ = own_moves_only_ ? "" : "the only legal move";
    stats_.best_share = 1;
    root_visits_.push_back({legal[0], 0});
    root_values_.push_back(std::numeric_limits<double>::quiet_NaN());
    root_priors_.push_back(std::numeric_limits<double>::quiet_NaN());
    if (tree_ply_ != state.ply()) tree_ply_ = -1;
    return legal[0];
  }
  if (!reuse_allowed_ || tree_ply_ != state.ply())
    for (auto& tree : trees_)
      if (tree->owns_tree()) tree->reset();
  tree_ply_ = reuse_allowed_ ? state.ply() : -1;

  // The sample source: the state without its log, journal or chance stream (so copies are cheap).
  std::unique_ptr<State> base = state.clone();
  base->log().clear();
  base->log().set_enabled(false);
  base->chance() = Chance(0);
  Returns probe{};
  const bool estimates = base->estimate_returns(probe);
  const int depth = options_.depth >= 0 ? options_.depth
                    : estimates         ? SearchOptions::kDefaultDepth
                                        : SearchOptions::kDefaultDepthWithoutEstimate;
  // The prior's virtual visits of every root move, per tree: left out of the visits reported.
  const uint32_t prior_visits = options_.prior > 0 && estimates ? uint32_t(options_.prior) : 0;
  const bool baseline = options_.baseline && estimates;
  std::size_t tree_count = 0;  // distinct trees: one with tree parallelism
  for (auto& tree : trees_) {
    tree->clear_lock_counts();
    if (!tree->owns_tree()) continue;
    ++tree_count;
    if (baseline) tree->set_offset(*base, seat, options_.prior_samples);
    if (prior_visits) tree->seed_root(*base, seat, prior_visits, options_.prior_samples);
  }
  if (options_.mast > 0)
    for (auto& tree : trees_) tree->start_move_averages();
  const SearchTree::Config config{.c = options_.c,
                                  .fpu = options_.fpu,
                                  .depth = depth,
                                  .own_turn = options_.own_turn && estimates,
                                  .baseline = baseline,
                                  .max_nodes = options_.max_nodes,
                                  .minimax = options_.minimax,
                                  .model_opponents = options_.model_opponents && estimates,
                                  .greedy_playout = options_.greedy_playout && estimates,
                                  .mast = options_.mast};

  const int threads = options_.threads;
  const bool timed = options_.time_ms > 0;
  const auto deadline = start + std::chrono::microseconds(int64_t(options_.time_ms * 1000));
  std::vector<uint64_t> iterations(std::size_t(threads), 0), plies(std::size_t(threads), 0);
  auto work = [&](int t) {
    SearchTree& tree = *trees_[std::size_t(t)];
    // Every thread makes at least one iteration.
    const uint64_t budget =
        options_.iterations > 0
            ? std::max<uint64_t>(1, uint64_t(options_.iterations / threads +
                                             (t < options_.iterations % threads ? 1 : 0)))
            : 0;
    const bool reports = t == 0 && bool(progress_);
    auto last_report = start;
    for (uint64_t i = 0;; ++i) {
      if (budget && i >= budget) break;
      if (i > 0 && (timed || (reports && i % 64 == 0))) {
        const auto now = read_clock();
        if (timed && now >= deadline) break;
        if (reports && now - last_report >= std::chrono::milliseconds(100)) {
          last_report = now;
          const double done =
              std::max(timed ? std::chrono::duration<double, std::milli>(now - start).count() /
                                   options_.time_ms
                             : 0.0,
                       budget ? double(i) / double(budget) : 0.0);
          uint32_t best_visits = 0, total = 0;
          Move best{0};
          SearchTree::NodeLock hold(tree, 0);
          for (Move m : legal) {
            const uint32_t c = tree.find_child(0, m);
            const uint32_t v = c == kNone ? 0 : tree.node(c).visits - prior_visits;
            total += v;
            if (v > best_visits) best_visits = v, best = m;
          }
          char share[32];
          std::snprintf(share, sizeof share, " %.0f%%", total ? 100.0 * best_visits / total : 0.0);
          // Hidden information: progress only (agent.h), never the candidate it prefers.
          progress_(std::min(done, 1.0),
                    total && !own_moves_only_ ? state.move_to_string(best) + share : std::string());
        }
      }
      plies[std::size_t(t)] += tree.iterate(*base, seat, config);
      ++iterations[std::size_t(t)];
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();

  // Sum the root children over the trees, over the moves legal in the real state.
  uint64_t total = 0;
  std::size_t best_index = 0;
  uint32_t best_visits = 0;
  double best_value = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < legal.size(); ++i) {
    uint32_t visits = 0;
    double value = 0;
    for (auto& tree : trees_) {
      if (!tree->owns_tree()) continue;
      const uint32_t c = tree->find_child(0, legal[i]);
      if (c == kNone) continue;
      visits += tree->node(c).visits;
      value += tree->node(c).value;
    }
    const double mean = visits ? value / visits : -std::numeric_limits<double>::infinity();
    visits -= std::min<uint32_t>(visits, prior_visits * uint32_t(tree_count));
    root_visits_.push_back({legal[i], visits});
    root_values_.push_back(std::isinf(mean) ? std::numeric_limits<double>::quiet_NaN() : mean);
    total += visits;
    if (visits > best_visits || (visits == best_visits && mean > best_value)) {
      best_visits = visits;
      best_value = mean;
      best_index = i;
    }
  }
  root_priors_.assign(legal.size(), std::numeric_limits<double>::quiet_NaN());
  if (prior_visits)
    for (auto& tree : trees_)
      if (tree->owns_tree()) {
        for (std::size_t i = 0; i < legal.size(); ++i)
          root_priors_[i] = tree->prior_score(legal[i], i);
        break;
      }
  if (options_.anchor > 0 && prior_visits) {
    const std::size_t anchor = anchor_move(legal, best_index, prior_visits);
    if (anchor != best_index) {
      stats_.anchored = true;
      best_index = anchor;
      best_visits = root_visits_[anchor].second;
      best_value = root_values_[anchor];
    }
  }
  SearchTree::LockCounts locks;
  for (std::size_t t = 0; t < trees_.size(); ++t) {
    stats_.iterations += iterations[t];
    stats_.plies += plies[t];
    if (trees_[t]->owns_tree()) stats_.nodes += trees_[t]->live_nodes();
    locks.taken += trees_[t]->lock_counts().taken;
    locks.waited += trees_[t]->lock_counts().waited;
  }
  if (locks.taken > 0) stats_.lock_waits = double(locks.waited) / double(locks.taken);
  stats_.seconds = std::chrono::duration<double>(read_clock() - start).count();
  stats_.best_share = total ? double(best_visits) / double(total) : 0;
  stats_.best_value = best_visits ? best_value : 0;
  char note[160];
  const double speed = stats_.seconds > 0 ? double(stats_.iterations) / stats_.seconds : 0.0;
  if (own_moves_only_)  // figures that say nothing of the decision (agent.h)
    std::snprintf(note, sizeof note, "%llu iterations, %.2f s, %.0f it/s",
                  (unsigned long long)stats_.iterations, stats_.seconds, speed);
  else
    std::snprintf(note, sizeof note, "visits %.0f%% of %llu, value %+.2f, %.2f s, %.0f it/s",
                  100 * stats_.best_share, (unsigned long long)total, stats_.best_value,
                  stats_.seconds, speed);
  note_ = note;
  if (tree_count < trees_.size()) {  // parallel=tree
    std::snprintf(note, sizeof note, ", one tree: %.1f%% of node locks waited",
                  100 * stats_.lock_waits);
    note_ += note;
  }
  return legal[best_index];
}

std::size_t MctsAgent::anchor_move(const MoveList& legal, std::size_t chosen,
                                   uint32_t prior_visits) const {
  // Each root move's prior score (root_priors_: the first tree's samples), and its iterations'
  // count, mean and variance summed over the trees, each tree's prior visits and values taken out.
  struct Tally {
    double score, n = 0, sum = 0, sq = 0;
  };
  std::vector<Tally> tally(legal.size());
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < legal.size(); ++i) {
    tally[i].score = root_priors_[i];
    if (std::isnan(tally[i].score)) return chosen;  // no prior this decision: nothing to anchor to
    for (auto& tree : trees_) {
      if (!tree->owns_tree()) continue;
      const double score = tree->prior_score(legal[i], i);
      const uint32_t c = tree->find_child(0, legal[i]);
      if (c == kNone) continue;
      const auto& node = tree->node(c);
      tally[i].n += double(node.visits) - prior_visits;
      tally[i].sum += node.value - score * prior_visits;
      tally[i].sq += node.value_sq;
    }
    top = std::max(top, tally[i].score);
  }
  auto greedy_best = [&](std::size_t i) { return tally[i].score >= top - 1e-12; };
  if (greedy_best(chosen)) return chosen;
  std::size_t anchor = chosen;
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (greedy_best(i) && (anchor == chosen || tally[i].n > tally[anchor].n)) anchor = i;
  const Tally& a = tally[chosen];
  const Tally& b = tally[anchor];
  if (a.n < 2 || b.n < 2) return anchor;
  auto mean = [](const Tally& t) { return t.sum / t.n; };
  auto variance = [&](const Tally& t) {
    return std::max(0.0, t.sq / t.n - mean(t) * mean(t)) * t.n / (t.n - 1);
  };
  const double error = std::sqrt(variance(a) / a.n + variance(b) / b.n);
  return mean(a) - mean(b) > options_.anchor * error ? chosen : anchor;
}

void MctsAgent::observe(const State& before, Move move) {
  if (tree_ply_ < 0) return;
  // On a hidden-information game only this seat's own moves are known to it: another seat's move
  // ends the reuse, unread.
  // With modelled opponents the tree holds only this seat's moves: another seat's move ends it too.
  const bool others_unread = own_moves_only_ || options_.model_opponents;
  if (before.ply() != tree_ply_ || (others_unread && before.current_player() != seat_)) {
    tree_ply_ = -1;
    return;
  }
  for (auto& tree : trees_)
    if (tree->owns_tree()) tree->advance(move);
  tree_ply_ = before.ply() + 1;
}

std::string MctsAgent::last_decision_note() const {
  return note_;
}

}  // namespace tabletop::ai
