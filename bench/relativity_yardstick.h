// The yardstick for Relativity's random playouts (issue: the generic playout must run at least half
// as fast as a loop written for the one game): one function that plays a whole game of Relativity
// with uniformly random swaps, with no State, no list of moves, no Move, no virtual call, the same
// rules as games/relativity (Space's 96 torus swaps, Time's swaps of ranks next in N-A-2-3-4-5-N,
// no reversal of the opponent's last swap in the same round, molecules taking the round's trophies,
// five trophies ending the Night round with a fresh deal, six or the Day's fifth ending the game,
// the engine's ply cap). It numbers the swaps in the engine's order and draws from the same Rng,
// so from the same deals and seed it plays the very games RelativityState plays.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "core/rng.h"

namespace tabletop::relativity_yardstick {

using Board = std::array<uint8_t, 24>;

// Plays one game from `night` (and `day` for the second round); returns its plies.
inline int play_random_game(const Board& night, const Board& day, Rng& rng, int max_plies) {
  constexpr int kSquares = 24, kColumns = 6, kRanks = 6;
  // Space's swaps (8-neighbours on the 4x6 torus), low square first, in ascending order.
  static const auto kSpace = [] {
    std::array<std::array<uint8_t, 2>, 96> pairs{};
    int n = 0;
    for (int a = 0; a < kSquares; ++a)
      for (int b = a + 1; b < kSquares; ++b) {
        const int dr = (a / kColumns - b / kColumns + 4) % 4;
        const int dc = (a % kColumns - b % kColumns + kColumns) % kColumns;
        if ((dr <= 1 || dr == 3) && (dc <= 1 || dc == kColumns - 1))
          pairs[std::size_t(n++)] = {uint8_t(a), uint8_t(b)};
      }
    return pairs;
  }();
  // Where each Space swap stands in kSpace, by low * 32 + high (-1: no Space swap).
  static const auto kSpaceIndex = [] {
    std::array<int8_t, 24 * 32> index;
    index.fill(-1);
    for (int k = 0; k < 96; ++k)
      index[std::size_t(kSpace[std::size_t(k)][0] * 32 + kSpace[std::size_t(k)][1])] = int8_t(k);
    return index;
  }();
  auto molecule = [](uint32_t mask) {  // four orthogonally connected squares, no wrap
    constexpr uint32_t kColumnA = 0x041041, kColumnF = kColumnA << 5, kAll = (1u << 24) - 1;
    uint32_t reached = mask & (~mask + 1);
    for (int step = 0; step < 3; ++step)
      reached |= ((reached << kColumns) | (reached >> kColumns) | ((reached << 1) & ~kColumnA) |
                  ((reached >> 1) & ~kColumnF)) &
                 mask & kAll;
    return reached == mask;
  };
  Board board = night;
  std::array<uint32_t, kRanks> squares_of{};
  auto index = [&] {
    squares_of.fill(0);
    for (int s = 0; s < kSquares; ++s) squares_of[board[std::size_t(s)]] |= 1u << s;
  };
  index();
  int round = 0, role = 0, trophies_taken = 0, last_low = -1, last_high = -1;
  std::array<int, 2> trophies{};
  std::array<std::array<bool, kRanks>, 2> owned{};
  for (int ply = 0;; ++ply) {
    // The k-th legal swap in the engine's order, drawn directly (no list): Space's table, or
    // Time's pairs r * 16 + i * 4 + j (rank r's i-th square with rank r+1's j-th), either without
    // the reversal of the opponent's last swap (`cut`, its place in that order).
    int a, b;
    if (role == 0) {
      const int cut = last_low < 0 ? -1 : kSpaceIndex[std::size_t(last_low * 32 + last_high)];
      int k = int(rng.uniform(cut < 0 ? 96u : 95u));
      k += cut >= 0 && k >= cut;
      a = kSpace[std::size_t(k)][0];
      b = kSpace[std::size_t(k)][1];
    } else {
      int cut = -1;
      if (last_low >= 0) {
        const int rank_low = board[std::size_t(last_low)],
                  rank_high = board[std::size_t(last_high)];
        auto place = [&](int r, int square) {  // its index among the squares of its rank
          return std::popcount(squares_of[std::size_t(r)] & ((1u << square) - 1));
        };
        if ((rank_low + 1) % kRanks == rank_high)
          cut = rank_low * 16 + place(rank_low, last_low) * 4 + place(rank_high, last_high);
        else if ((rank_high + 1) % kRanks == rank_low)
          cut = rank_high * 16 + place(rank_high, last_high) * 4 + place(rank_low, last_low);
      }
      int k = int(rng.uniform(cut < 0 ? 96u : 95u));
      k += cut >= 0 && k >= cut;
      const int r = k / 16, i = k / 4 % 4, j = k % 4;
      uint32_t low = squares_of[std::size_t(r)], high = squares_of[std::size_t((r + 1) % kRanks)];
      for (int x = 0; x < i; ++x) low &= low - 1;
      for (int x = 0; x < j; ++x) high &= high - 1;
      a = std::countr_zero(low);
      b = std::countr_zero(high);
      if (a > b) std::swap(a, b);
    }
    const int mover = role ^ round;
    std::swap(board[std::size_t(a)], board[std::size_t(b)]);
    if (board[std::size_t(a)] != board[std::size_t(b)]) {
      squares_of[board[std::size_t(a)]] ^= (1u << a) | (1u << b);
      squares_of[board[std::size_t(b)]] ^= (1u << a) | (1u << b);
    }
    last_low = a;
    last_high = b;
    bool took = false;
    for (int r : {int(board[std::size_t(a)]), int(board[std::size_t(b)])})
      if (!owned[std::size_t(round)][std::size_t(r)] && molecule(squares_of[std::size_t(r)])) {
        owned[std::size_t(round)][std::size_t(r)] = true;
        ++trophies[std::size_t(mover)];
        ++trophies_taken;
        took = true;
      }
    role ^= 1;
    if (took) {
      if (trophies[std::size_t(mover)] >= 6) return ply + 1;
      if (trophies_taken >= 5) {
        if (round == 1) return ply + 1;
        round = 1;
        role = 0;
        trophies_taken = 0;
        last_low = last_high = -1;  // no reversal across rounds
        board = day;
        index();
      }
    }
    if (ply + 1 >= max_plies) return ply + 1;
  }
}

}  // namespace tabletop::relativity_yardstick
