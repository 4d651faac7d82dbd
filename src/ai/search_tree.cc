#include "ai/search_tree.h"

#include <thread>

namespace tabletop::ai {

namespace {

// Waits a moment in a spin loop (the CPU's pause hint where it has one).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

}  // namespace

SearchTree::NodeLock::NodeLock(SearchTree& tree, uint32_t node, LockCounts& counts)
    : tree_(tree.shared_ ? &tree : nullptr), node_(node) {
  if (tree_) tree_->lock(node_, counts);
}

SearchTree::NodeLock::~NodeLock() {
  if (tree_) tree_->unlock(node_);
}

SearchTree::SearchTree() {
  reset();
}

SearchTree::~SearchTree() = default;

void SearchTree::lock(uint32_t node, LockCounts& counts) {
  std::atomic_ref<uint8_t> flag(nodes_[node].lock);
  ++counts.taken;
  if (flag.exchange(1, std::memory_order_acquire) == 0) return;
  ++counts.waited;
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

void SearchTree::unlock(uint32_t node) {
  std::atomic_ref<uint8_t>(nodes_[node].lock).store(0, std::memory_order_release);
}

void SearchTree::reset() {
  root_seeded = false;
  nodes_.clear();
  children_.clear();
  nodes_.allocate(1);
  live_ = 1;
  lo_ = std::numeric_limits<double>::infinity();
  hi_ = -std::numeric_limits<double>::infinity();
}

void SearchTree::advance(Move move) {
  const uint32_t child = find_child(0, move);
  if (child == kNone) return reset();
  Pool<Node>& nodes = scratch_nodes_;
  Pool<Child>& children = scratch_children_;
  nodes.clear();
  children.clear();
  nodes[nodes.allocate(1)] = nodes_[child];
  uint32_t live = 1;
  // Breadth first (one node at a time: the node pool has no unused slots).
  for (uint32_t i = 0; i < nodes.size(); ++i) {
    Node& n = nodes[i];
    const uint32_t count = n.child_count, from = n.child_begin;
    n.child_cap = uint16_t(count);
    if (count == 0) continue;
    const uint32_t begin = children.allocate(count);
    for (uint32_t j = 0; j < count; ++j) {
      const Child c = children_[from + j];
      const uint32_t copy = nodes.allocate(1);
      nodes[copy] = nodes_[c.node];
      children[begin + j] = {c.move, copy};
    }
    n.child_begin = begin;
    live += count;
  }
  nodes_.swap(nodes);
  children_.swap(children);
  live_ = live;
  root_seeded = false;
}

uint32_t SearchTree::find_slot(uint32_t parent, Move move) const {
  const Node& p = nodes_[parent];
  if (p.child_count == 0) return kNone;
  const Child* first = &children_[p.child_begin];
  const Child* last = first + p.child_count;
  const Child* it = std::lower_bound(first, last, move,
                                     [](const Child& c, Move m) { return c.move.bits < m.bits; });
  return it != last && it->move == move ? p.child_begin + uint32_t(it - first) : kNone;
}

uint32_t SearchTree::insert_child(uint32_t parent, Move move, Seat mover) {
  Node& p = nodes_[parent];
  uint32_t fresh;
  {
    std::unique_lock<std::mutex> allocating =
        shared_ ? std::unique_lock<std::mutex>(allocation_) : std::unique_lock<std::mutex>();
    if (p.child_count == p.child_cap) {
      const uint32_t cap = std::max<uint32_t>(4, 2u * p.child_cap);
      const uint32_t begin = children_.allocate(cap);
      if (p.child_count > 0)
        std::copy_n(&children_[p.child_begin], p.child_count, &children_[begin]);
      p.child_begin = begin;
      p.child_cap = uint16_t(std::min<uint32_t>(cap, 0xffff));
    }
    fresh = nodes_.allocate(1);
  }
  Node& c = nodes_[fresh];
  c.move = move;
  c.mover = int8_t(mover);
  c.avail = 1;
  c.avail_base = p.fast;
  Child* first = &children_[p.child_begin];
  Child* last = first + p.child_count;
  Child* at = std::lower_bound(first, last, move,
                               [](const Child& ch, Move m) { return ch.move.bits < m.bits; });
  std::move_backward(at, last, last + 1);
  *at = {move, fresh};
  ++p.child_count;
  live_.fetch_add(1, std::memory_order_relaxed);
  return fresh;
}

void SearchTree::widen_range(double v) {
  double lo = lo_.load(std::memory_order_relaxed);
  while (v < lo && !lo_.compare_exchange_weak(lo, v, std::memory_order_relaxed)) {
  }
  double hi = hi_.load(std::memory_order_relaxed);
  while (v > hi && !hi_.compare_exchange_weak(hi, v, std::memory_order_relaxed)) {
  }
}

}  // namespace tabletop::ai
