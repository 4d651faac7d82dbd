// The search tree of MCTS (mcts.h): its nodes, how a node gains a child, how the tree is kept
// between decisions, and how several threads share one tree (SearchOptions' parallel=tree).
//
// The tree is open loop: a node stands for a sequence of moves from the root, not for a state.
// It is two pools: nodes (the move into the node, its statistics, where its children are) and
// child lists (each node's children as (move, node) pairs sorted by move, contiguous). A node
// never moves once added; a child list grows by moving to a larger slot range. The pools grow by
// chunks of 65,536 slots that never move, so growing the tree inside an iteration never copies it
// (a vector's reallocation did, and made timed decisions of large trees overshoot); they are
// reused (compacted by advance) between decisions.
//
// Sharing: a tree made with `share()` called is grown by several threads at once. Every node then
// has a spinlock (Node::lock, taken with NodeLock) that guards its child list and its children's
// statistics: a thread selects at a node, and backs up into its children, holding that node's
// lock alone, so threads descending different parts of the tree never wait for each other. A
// node's own fields that its parent's lock guards but its own selection reads (its visits) are
// written and read atomically (set_visits, own_visits). No thread holds two node locks at once.
// The pools hand out slots under a mutex (insert_child). reset and advance are called only while
// no thread searches. On a tree of one thread no lock is ever taken.
#pragma once

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

#include "core/game.h"

namespace tabletop::ai {

class SearchTree {
 public:
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

  struct Node {
    Move move{0};              // the move from the parent
    uint64_t legal_fp = 0;     // with legal_count: the legal set whose every move has a child, and
    uint16_t legal_count = 0;  //   no child besides (0: not known)
    uint16_t child_count = 0;
    uint16_t child_cap = 0;
    int8_t mover = -1;  // the seat that made `move` when the node was added
    uint8_t lock = 0;   // shared tree: held (1) by the thread selecting at or backing up into it
    uint32_t child_begin = 0;  // its child list's first slot
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
    double value = 0;  // sum of the returns of the seat moving into this node
  };

  // One slot of a child list.
  struct Child {
    Move move;
    uint32_t node;
  };

  // How often a thread's node locks were taken, and how often one was held by another thread
  // when it asked (shared tree only).
  struct LockCounts {
    uint64_t taken = 0, waited = 0;
  };

  // A node's lock held for a scope on a shared tree (nothing on a tree of one thread), counted in
  // the thread's `counts`. Spins a while with the CPU's pause hint, then yields the core between
  // tries (more threads than cores: the holder may be waiting for one).
  class NodeLock {
   public:
    NodeLock(SearchTree& tree, uint32_t node, LockCounts& counts);
    ~NodeLock();
    NodeLock(const NodeLock&) = delete;
    NodeLock& operator=(const NodeLock&) = delete;

   private:
    SearchTree* tree_;
    uint32_t node_;
  };

  SearchTree();
  ~SearchTree();

  // From now on other threads search this tree too: take the node locks.
  void share() { shared_ = true; }
  bool shared() const { return shared_; }

  // Empties the tree to its root.
  void reset();
  // Makes the root's child for `move` the root, keeping its subtree; resets when there is none.
  void advance(Move move);

  Node& node(uint32_t index) { return nodes_[index]; }
  const Node& node(uint32_t index) const { return nodes_[index]; }
  const Child& child(uint32_t slot) const { return children_[slot]; }
  // The slot of `parent`'s child for `move`, or kNone. On a shared tree the caller holds
  // `parent`'s lock, or the threads are not running.
  uint32_t find_slot(uint32_t parent, Move move) const;
  // `parent`'s child for `move`, or kNone (as find_slot).
  uint32_t find_child(uint32_t parent, Move move) const {
    const uint32_t slot = find_slot(parent, move);
    return slot == kNone ? kNone : children_[slot].node;
  }
  // Adds a child for `move` made by `mover` under `parent` (whose lock a shared tree's caller
  // holds), keeping the child list sorted by move; returns the new node.
  uint32_t insert_child(uint32_t parent, Move move, Seat mover);
  // Whether a child more under `parent` could take the child-list slots past `max_nodes`.
  bool full(const Node& parent, uint32_t max_nodes) const {
    return children_.size() + 1 + std::max<std::size_t>(4, 2u * parent.child_cap) > max_nodes;
  }
  uint32_t live_nodes() const { return live_.load(std::memory_order_relaxed); }

  // The smallest and largest return seen since reset (infinite before the first).
  double lo() const { return lo_.load(std::memory_order_relaxed); }
  double hi() const { return hi_.load(std::memory_order_relaxed); }
  // Widens that range to take in `v`.
  void widen_range(double v);

  // Whether the root got its prior this decision (SearchPolicy::seed_root); reset and advance
  // clear it.
  bool root_seeded = false;

  // A node's visits: written under its parent's lock, read also by a selection at the node
  // itself (under its own lock), so every write and that reading are atomic.
  static void set_visits(Node& n, uint32_t visits) {
    std::atomic_ref<uint32_t>(n.visits).store(visits, std::memory_order_relaxed);
  }
  static uint32_t own_visits(Node& n) {
    return std::atomic_ref<uint32_t>(n.visits).load(std::memory_order_relaxed);
  }
  // Child `c`'s availability under its parent `n`.
  static uint32_t availability(const Node& n, const Node& c) {
    return c.avail + (n.fast - c.avail_base);
  }

 private:
  // Slots addressed by index, in chunks of kChunk that never move: growing the tree costs one
  // chunk now and then and never copies what is there. `allocate(n)` hands out n contiguous
  // slots, starting a new chunk when the current one has less room; the slots left at the end of
  // a chunk stay unused. The table of chunks is reserved for the whole 32-bit index space at
  // construction, so adding a chunk never moves the table under another thread's reading; on a
  // shared tree allocate() is called under `allocation_`.
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

  void lock(uint32_t node, LockCounts& counts);
  void unlock(uint32_t node);

  Pool<Node> nodes_;
  Pool<Child> children_;
  Pool<Node> scratch_nodes_;  // advance()'s copies
  Pool<Child> scratch_children_;
  // Apart from everything above and below (a cache line each), as the pools' sizes are: `live_`
  // changes with every node added, the range seldom, and every selection reads the range.
  alignas(64) std::atomic<uint32_t> live_{1};
  alignas(64) std::atomic<double> lo_, hi_;
  alignas(64) std::mutex allocation_;  // shared tree: held while the pools hand out slots
  bool shared_ = false;
};

}  // namespace tabletop::ai
