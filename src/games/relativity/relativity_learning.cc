// Relativity for learning algorithms (core/game.h, "For learning"): action numbering and the
// observation tensor, as laid out in relativity.h.
#include <algorithm>

#include "games/relativity/relativity.h"

namespace tabletop::relativity {
namespace {

// The swap of every action, in action order, and whether it is a Space swap (torus neighbours).
struct PairTable {
  std::array<Move, kActions> moves{};
  std::array<bool, kActions> space{};
  PairTable() {
    for (int a = 0; a < kSquares; ++a)
      for (int b = a + 1; b < kSquares; ++b) {
        moves[std::size_t(pair_action(a, b))] = swap_move(a, b);
        space[std::size_t(pair_action(a, b))] = torus_neighbours(a, b);
      }
  }
};

const PairTable& pair_table() {
  static const PairTable table;
  return table;
}

// Space's swaps as actions, in the generator's order (ascending squares).
struct ActionTables {
  std::array<int, kSpaceSwaps> space{};
  ActionTables() {
    int n = 0;
    for (int a = 0; a < kSquares; ++a)
      for (int b = a + 1; b < kSquares; ++b)
        if (torus_neighbours(a, b)) space[std::size_t(n++)] = pair_action(a, b);
  }
};

const ActionTables& action_tables() {
  static const ActionTables tables;
  return tables;
}

// Where each section of the tensor begins (relativity.h).
constexpr int kRankPlanes = 0, kReversal = 144, kRoundAt = 168, kRoleAt = 170, kMoverAt = 172,
              kTrophiesAt = 174, kViewerAt = 198, kOverAt = 200, kPliesAt = 201;

}  // namespace

int RelativityState::action_index(Move move) const {
  return pair_action(swap_low(move), swap_high(move));
}

int RelativityState::legal_action_indices(std::span<int> out) const {
  // A buffer shorter than the longest list may still hold this one: the default counts first.
  if (out.size() < std::size_t(kTimeSwaps)) return State::legal_action_indices(out);
  if (over_) return 0;
  const ActionTables& tables = action_tables();
  if (role_to_move_ == kSpace) {
    const int cut = space_cut();
    if (cut < 0) {
      std::copy(tables.space.begin(), tables.space.end(), out.begin());
      return kSpaceSwaps;
    }
    std::copy_n(tables.space.begin(), cut, out.begin());
    std::copy(tables.space.begin() + cut + 1, tables.space.end(), out.begin() + cut);
    return kSpaceSwaps - 1;
  }
  return time_action_indices(out.data());
}

Move RelativityState::action_move(int action) const {
  if (action < 0 || action >= kActions)
    throw BadMove("action " + std::to_string(action) + " is not one of 0.." +
                  std::to_string(kActions - 1));
  const PairTable& pairs = pair_table();
  const Move move = pairs.moves[std::size_t(action)];
  // The rules' test without why_illegal's sentence (built only for the error), from the table
  // (Space) and the ranks' difference (Time: next in the cycle, 5 and N included).
  const int a = swap_low(move), b = swap_high(move);
  const int rank_gap = board_[std::size_t(a)] - board_[std::size_t(b)];
  const bool legal =
      !over_ && !(reversal_forbidden() && a == last_low_ && b == last_high_) &&
      (role_to_move_ == kSpace
           ? pairs.space[std::size_t(action)]
           : rank_gap == 1 || rank_gap == -1 || rank_gap == kRanks - 1 || rank_gap == 1 - kRanks);
  if (!legal)
    throw BadMove("action " + std::to_string(action) + " (" + move_to_string(move) +
                  "): " + why_illegal(move));
  return move;
}

void RelativityState::write_observation_tensor(Seat viewer, std::span<float> out) const {
  for (int s = 0; s < kSquares; ++s)
    out[std::size_t(kRankPlanes + board_[std::size_t(s)] * kSquares + s)] = 1;
  if (!over_ && reversal_forbidden()) {
    out[std::size_t(kReversal + last_low_)] = 1;
    out[std::size_t(kReversal + last_high_)] = 1;
  }
  out[std::size_t(kRoundAt + round_)] = 1;
  if (!over_) {
    out[std::size_t(kRoleAt + role_to_move_)] = 1;
    out[std::size_t(kMoverAt + current_player())] = 1;
  }
  for (int seat = 0; seat < 2; ++seat)
    for (int round = 0; round < 2; ++round)
      for (int r = 0; r < kRanks; ++r)
        if (trophy_owner_[std::size_t(round)][std::size_t(r)] == seat)
          out[std::size_t(kTrophiesAt + seat * 12 + round * kRanks + r)] = 1;
  if (viewer >= 0) out[std::size_t(kViewerAt + viewer)] = 1;
  out[kOverAt] = over_ ? 1 : 0;
  out[kPliesAt] = float(ply()) / float(rules().max_plies());
}

}  // namespace tabletop::relativity
