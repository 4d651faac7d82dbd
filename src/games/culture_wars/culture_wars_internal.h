// Internal to the Culture Wars sources (not part of the game's interface): small helpers shared by
// culture_wars.cc, culture_wars_setup.cc, culture_wars_round.cc and culture_wars_estimate.cc.
#pragma once

#include <array>
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

// The orthogonal neighbour of `square` in direction d, or -1 outside the window.
inline int neighbour(int square, int d) {
  const int c = column_of(square) + kDirections[d][0], r = row_of(square) + kDirections[d][1];
  if (c < 0 || c >= kWidth || r < 0 || r >= kWidth) return -1;
  return square_at(c, r);
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
