// Siege by Number for learning algorithms (core/game.h, "For learning"): the table of every move
// and the observation tensor, as laid out in siege.h.
#include <algorithm>

#include "games/siege/siege.h"

namespace tabletop::siege {

void SiegeGame::build_move_table() {
  // Steps over the board in play between every two places (a piece's reach ignores what stands
  // in its way here: the table holds every move some state may offer).
  std::array<std::array<uint8_t, kSquares>, kSquares> steps;
  for (int from = 0; from < kSquares; ++from) {
    std::array<uint8_t, kSquares>& dist = steps[std::size_t(from)];
    dist.fill(0xff);
    if (!in_play(from)) continue;
    uint8_t queue[kSquares];
    int head = 0, tail = 0;
    dist[std::size_t(from)] = 0;
    queue[tail++] = uint8_t(from);
    while (head < tail) {
      const int q = queue[head++];
      for (int k = 0; k < neighbour_count(q); ++k) {
        const int t = neighbour(q, k);
        if (dist[std::size_t(t)] != 0xff) continue;
        dist[std::size_t(t)] = uint8_t(dist[std::size_t(q)] + 1);
        queue[tail++] = uint8_t(t);
      }
    }
  }
  move_table_.clear();
  for (int die = 0; die <= 5; ++die)
    for (int from = 0; from < kSquares; ++from)
      for (int to = 0; to < kSquares; ++to) {
        if (steps[std::size_t(from)][std::size_t(to)] > die) continue;
        if (to != from) move_table_.push_back(make_move(die, from, to).bits);
        for (int k = 0; k < neighbour_count(to); ++k)
          if (neighbour(to, k) != from || to == from)
            move_table_.push_back(make_move(die, from, to, neighbour(to, k)).bits);
      }
  move_table_.push_back(kEndTurn.bits);
  std::sort(move_table_.begin(), move_table_.end());
}

int SiegeState::action_index(Move move) const {
  const std::vector<uint64_t>& table = rules().move_table();
  const auto at = std::lower_bound(table.begin(), table.end(), move.bits);
  return at != table.end() && *at == move.bits ? int(at - table.begin()) : -1;
}

Move SiegeState::action_move(int action) const {
  const std::vector<uint64_t>& table = rules().move_table();
  if (action < 0 || std::size_t(action) >= table.size())
    throw BadMove("action " + std::to_string(action) + " is not one of 0.." +
                  std::to_string(table.size() - 1));
  const Move move{table[std::size_t(action)]};
  const std::string why = why_illegal(move);
  if (!why.empty())
    throw BadMove("action " + std::to_string(action) + " (" + move_to_string(move) + "): " + why);
  return move;
}

void SiegeState::write_observation_tensor(Seat viewer, std::span<float> out) const {
  const int n = num_players();
  auto plane = [&](int p, int square) -> float& { return out[std::size_t(p * kSquares + square)]; };
  const SiegeGame& g = rules();
  for (int sq = 0; sq < kSquares; ++sq) {
    if (g.in_play(sq)) plane(2 * n + 8, sq) = 1;
    if (moved_ >> sq & 1) plane(2 * n + 7, sq) = 1;
    const uint8_t p = board_[std::size_t(sq)];
    if (p == kEmpty) continue;
    const int seat = piece_seat(p), kind = piece_kind(p);
    if (kind == kCommander) {
      plane(2 * seat + 1, sq) = 1;
      continue;
    }
    plane(2 * seat, sq) = 1;
    plane(revealed(seat, kind) ? 2 * n + kind : 2 * n + 6, sq) = 1;
  }
  std::size_t at = std::size_t(kSquares * (2 * n + 9));
  for (Seat s = 0; s < n; ++s)
    for (int i = 0; i < kArmies; ++i, at += 7) {
      if (i >= stack_size_[std::size_t(s)]) continue;
      const int v = stack_[std::size_t(s)][std::size_t(i)];
      out[at + (revealed(s, v) ? std::size_t(1 + v) : 0)] = 1;
    }
  for (int i = 0; i < dice_count_; ++i) out[at + dice_[std::size_t(i)]] += 1;
  at += 6;
  if (!over_) out[at + std::size_t(to_move_)] = 1;
  at += std::size_t(n);
  out[at + std::size_t(first_player_)] = 1;
  at += std::size_t(n);
  if (viewer >= 0) out[at + std::size_t(viewer)] = 1;
  at += std::size_t(n);
  if (winner_ >= 0) out[at + std::size_t(winner_)] = 1;
  at += std::size_t(n);
  out[at++] = over_ ? 1 : 0;
  out[at++] = stopped_by_cap_ ? 1 : 0;
  out[at++] = float(ply()) / float(g.max_plies());
}

}  // namespace tabletop::siege
