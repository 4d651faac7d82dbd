#include "ai/mast.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace tabletop::ai {

MoveAverages::MoveAverages(uint32_t slots) : slots_(slots), mask_(slots - 1) {
  assert(slots > 0 && (slots & (slots - 1)) == 0 && "MoveAverages: slots must be a power of two");
}

void MoveAverages::clear() {
  if (used_ == 0) return;
  std::fill(slots_.begin(), slots_.end(), Slot{});
  used_ = 0;
}

uint64_t MoveAverages::key(Seat mover, Move move) {
  uint64_t z = move.bits + 0x9e3779b97f4a7c15ULL * uint64_t(mover + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return z ? z : 1;
}

const MoveAverages::Slot* MoveAverages::find(uint64_t k) const {
  for (uint32_t i = uint32_t(k) & mask_;; i = (i + 1) & mask_) {
    const Slot& s = slots_[i];
    if (s.key == k) return &s;
    if (s.key == 0) return nullptr;
  }
}

void MoveAverages::add(Seat mover, Move move, double value) {
  const uint64_t k = key(mover, move);
  for (uint32_t i = uint32_t(k) & mask_;; i = (i + 1) & mask_) {
    Slot& s = slots_[i];
    if (s.key == 0) {
      if (4 * uint64_t(used_ + 1) > 3 * uint64_t(slots_.size())) return;  // full: no new pairs
      s.key = k;
      ++used_;
    }
    if (s.key == k) {
      ++s.count;
      s.sum += value;
      return;
    }
  }
}

double MoveAverages::mean(Seat mover, Move move) const {
  const Slot* s = find(key(mover, move));
  return s ? s->sum / s->count : std::numeric_limits<double>::quiet_NaN();
}

std::size_t gibbs_pick(const MoveAverages& averages, Seat mover, const MoveList& moves, double lo,
                       double hi, double temperature, Rng& rng, std::vector<double>& weights) {
  assert(moves.size() > 0 && temperature > 0);
  if (weights.size() < moves.size()) weights.resize(moves.size());
  const double scale = hi > lo ? 1.0 / (hi - lo) : 0.0;
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const double m = averages.mean(mover, moves[i]);
    weights[i] = std::isnan(m) || scale == 0 ? 0.5 : (m - lo) * scale;
    top = std::max(top, weights[i]);
  }
  double total = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    weights[i] = std::exp((weights[i] - top) / temperature);  // the largest is 1: no overflow
    total += weights[i];
  }
  double x = rng.unit() * total;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return moves.size() - 1;
}

}  // namespace tabletop::ai
