// Internal to the Culture Wars sources (not part of the game's interface): small helpers shared by
// culture_wars.cc, culture_wars_setup.cc, culture_wars_round.cc and culture_wars_estimate.cc.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "games/culture_wars/culture_wars.h"

namespace tabletop::culture_wars {

inline constexpr int kDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
inline constexpr int kAce = 1;

inline int coin_seat(uint8_t coin) {
  return coin / kCoinValues;
}
inline int coin_value(uint8_t coin) {
  return coin % kCoinValues;
}
inline uint8_t make_coin(int seat, int value) {
  return uint8_t(seat * kCoinValues + value);
}

// Every square's orthogonal neighbours by direction, -1 outside the window: a table, since the
// search's estimate walks them for every coin of every position it values.
inline constexpr auto kNeighbours = [] {
  std::array<std::array<int16_t, 4>, kSquares> table{};
  for (int square = 0; square < kSquares; ++square)
    for (int d = 0; d < 4; ++d) {
      const int c = square % kWidth + kDirections[d][0], r = square / kWidth + kDirections[d][1];
      table[std::size_t(square)][std::size_t(d)] =
          int16_t(c < 0 || c >= kWidth || r < 0 || r >= kWidth ? -1 : r * kWidth + c);
    }
  return table;
}();

// The orthogonal neighbour of `square` in direction d, or -1 outside the window.
inline int neighbour(int square, int d) {
  assert(square >= 0 && square < kSquares);
  return kNeighbours[std::size_t(square)][std::size_t(d)];
}

// True inside the starting map's 10x10 footprint (i9-r18).
inline bool in_starting_footprint(int square) {
  const int c = column_of(square), r = row_of(square);
  return c >= kMapOrigin && c < kMapOrigin + 10 && r >= kMapOrigin && r < kMapOrigin + 10;
}

inline char seat_letter(int seat) {
  return char('A' + seat);
}

// How a conflict removes tokens (the game's variant flags).
struct ConflictRule {
  bool stop_at_one_seat = false;    // conflict_stops_at_one_seat
  bool inferior_all_first = false;  // tech_inferior_loses_all_first
};

// A conflict on one square: `count` tokens per seat (updated in place), `tech` each seat's
// settlements under Technological Advantage (all equal without it). In passes, fewest
// settlements first and then fewest tokens first, each seat loses one token in turn, seats equal
// in both losing together, until the square supports what is left (`support`), or, with
// `stop_at_one_seat`, until only one seat is left. With `inferior_all_first` only the seats with
// the fewest settlements lose tokens until none of them is left.
void resolve_counts(std::array<int, kMaxSeats>& count, const std::array<int, kMaxSeats>& tech,
                    int seats, int support, ConflictRule rule);

}  // namespace tabletop::culture_wars
