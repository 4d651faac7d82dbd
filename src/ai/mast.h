// Move-average sampling (MAST; Finnsson & Björnsson 2008, the playout policy of CadiaPlayer and of
// TabletopGames' MCTS): what a move tends to be worth wherever it is played.
//
// `MoveAverages` keeps, for every (mover, move) pair played in a decision's iterations, in the
// tree or in the playout, the mean of the mover's returns of those iterations. A move is its
// game's encoding (`Move::bits`), so "the same move" means the same encoding in any position: a
// coin placed on the same square, a card played from the same slot. `gibbs_pick` then draws a move
// with probability proportional to exp(q / temperature), q the mover's mean scaled to [0, 1] by the
// range of returns the search has seen: the moves that did well elsewhere in the tree are played
// more often, the others still sometimes. A move never seen counts as q = 0.5, the middle of the
// range.
//
// The table is a fixed number of slots (open addressing, linear probing), allocated once: adding
// and looking up allocate nothing. Once three quarters of its slots are taken it takes no new
// pairs (their moves stay unseen, q = 0.5); the pairs it has go on counting. `clear` empties it
// for the next decision.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "core/rng.h"

namespace tabletop::ai {

class MoveAverages {
 public:
  // `slots`: a power of two.
  explicit MoveAverages(uint32_t slots = 1u << 14);

  void clear();
  // One more iteration in which `mover` played `move` and got `value`.
  void add(Seat mover, Move move, double value);
  // The mean of the values added for (mover, move); NaN when there are none.
  double mean(Seat mover, Move move) const;
  // The (mover, move) pairs held.
  uint32_t size() const { return used_; }

 private:
  struct Slot {
    uint64_t key = 0;  // 0: empty
    uint32_t count = 0;
    double sum = 0;
  };
  static uint64_t key(Seat mover, Move move);
  const Slot* find(uint64_t key) const;

  std::vector<Slot> slots_;
  uint32_t mask_;
  uint32_t used_ = 0;
};

// An index into `moves` (not empty), drawn with probability proportional to exp(q / temperature),
// q the mean of (mover, move) in `averages` scaled to [0, 1] by [lo, hi] (0.5 when never seen, or
// when hi <= lo). `weights`: scratch space, grown to moves.size() on first use only.
std::size_t gibbs_pick(const MoveAverages& averages, Seat mover, const MoveList& moves, double lo,
                       double hi, double temperature, Rng& rng, std::vector<double>& weights);

}  // namespace tabletop::ai
