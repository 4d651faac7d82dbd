// Move and MoveList: the small values every game's legal-move generator produces.
//
// A Move is one complete rulebook decision packed into 64 bits by its game (each game documents its
// packing in its header). Moves are compared bit for bit; a game must pack each distinct decision
// one way only, so that equal decisions compare equal.
//
// MoveList is a fixed-capacity list that lives on the stack: generating moves never touches the
// heap. A generator whose moves in some position are a constant table of its own may show that
// table instead of copying it (MoveList::show).
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace tabletop {

struct Move {
  uint64_t bits;

  friend bool operator==(Move a, Move b) { return a.bits == b.bits; }
  friend bool operator<(Move a, Move b) { return a.bits < b.bits; }
};

class MoveList {
 public:
  // Large enough for the widest decision of any game in Tabletop.
  static constexpr std::size_t kCapacity = 4096;

  MoveList() = default;
  MoveList(const MoveList&) = delete;
  MoveList& operator=(const MoveList&) = delete;

  void push_back(Move m) {
    assert(size_ < kCapacity && "MoveList overflow: raise kCapacity");
    own();
    moves_[size_++] = m;
  }
  // Appends [first, last) at once: a generator that fills a local buffer and appends it keeps its
  // count in a register (a push_back per move must store size_ each time, since moves and size_
  // share a type and may alias).
  void append(const Move* first, const Move* last) {
    const std::size_t n = std::size_t(last - first);
    assert(size_ + n <= kCapacity && "MoveList overflow: raise kCapacity");
    own();
    std::copy(first, last, moves_ + size_);
    size_ += n;
  }
  // Room for `n` more moves at the end, returned for the caller to fill in place (all n of them,
  // or drop_last what it left unfilled) before the list is read: a generator writing its moves
  // straight into the list copies nothing.
  Move* grow(std::size_t n) {
    assert(size_ + n <= kCapacity && "MoveList overflow: raise kCapacity");
    own();
    Move* first = moves_ + size_;
    size_ += n;
    return first;
  }
  // Makes the `n` moves at `first` the list's moves without copying them: a generator whose moves
  // here are a constant table of its own (storage that outlives every list, never written) shows
  // it, and the list reads the table until the next clear(). Only on an empty list. Appending
  // afterwards first copies the table into the list (it never writes the table).
  void show(const Move* first, std::size_t n) {
    assert(size_ == 0 && n <= kCapacity);
    shown_ = first;
    size_ = n;
  }
  // Forgets the last `n` moves.
  void drop_last(std::size_t n) {
    assert(n <= size_);
    size_ -= n;
  }
  void clear() {
    size_ = 0;
    shown_ = moves_;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return shown_[i]; }
  const Move* begin() const { return shown_; }
  const Move* end() const { return shown_ + size_; }
  bool contains(Move m) const {
    for (std::size_t i = 0; i < size_; ++i)
      if (shown_[i] == m) return true;
    return false;
  }

 private:
  // Before writing: a list showing a table copies it into its own storage first.
  void own() {
    if (shown_ != moves_) [[unlikely]] {
      std::copy_n(shown_, size_, moves_);
      shown_ = moves_;
    }
  }

  std::size_t size_ = 0;
  // The moves read: moves_, or the table show() was given. (The list is neither copied nor moved,
  // so pointing into itself is safe.)
  const Move* shown_ = moves_;
  Move moves_[kCapacity];  // deliberately left uninitialised
};

}  // namespace tabletop

template <>
struct std::hash<tabletop::Move> {
  std::size_t operator()(tabletop::Move m) const noexcept { return std::hash<uint64_t>{}(m.bits); }
};
