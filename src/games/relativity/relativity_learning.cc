// Relativity for learning algorithms (core/game.h, "For learning"): action numbering and the
// observation tensor, as laid out in relativity.h.
#include <algorithm>

#include "games/relativity/relativity.h"

namespace tabletop::relativity {
namespace {

// The swap of every action, in action order.
struct PairTable {
  std::array<Move, kActions> moves{};
  PairTable() {
    for (int a = 0; a < kSquares; ++a)
      for (int b = a + 1; b < kSquares; ++b)
        moves[std::size_t(pair_action(a, b))] = swap_move(a, b);
  }
};

const PairTable& pair_table() {
  static const PairTable table;
  return table;
}

// Where each section of the tensor begins (relativity.h).
constexpr int kRankPlanes = 0, kReversal = 144, kRoundAt = 168, kRoleAt = 170, kMoverAt = 172,
              kTrophiesAt = 174, kViewerAt = 198, kOverAt = 200, kPliesAt = 201;

}  // namespace

int RelativityState::action_index(Move move) const {
  return pair_action(swap_low(move), swap_high(move));
}

Move RelativityState::action_move(int action) const {
  if (action < 0 || action >= kActions)
    throw BadMove("action " + std::to_string(action) + " is not one of 0.." +
                  std::to_string(kActions - 1));
  const Move move = pair_table().moves[std::size_t(action)];
  // The rules' test without why_illegal's sentence (built only for the error).
  const int a = swap_low(move), b = swap_high(move);
  const bool legal = !over_ && !(reversal_forbidden() && a == last_low_ && b == last_high_) &&
                     (role_to_move_ == kSpace
                          ? torus_neighbours(a, b)
                          : sequence_neighbours(board_[std::size_t(a)], board_[std::size_t(b)]));
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
