// Culture Wars: setup (the map, tile moves, seas, coin and token placement).
#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <sstream>

#include "games/culture_wars/culture_wars_internal.h"

namespace tabletop::culture_wars {
void CultureWarsState::lay_out_starting_map() {
  int t = 0;
  for (int j = 0; j < 5; ++j)
    for (int i = 0; i < 5; ++i) {
      if (i == 2 && j == 2) continue;  // the hole: the inner sea
      const int origin = square_at(kMapOrigin + 2 * i, kMapOrigin + 2 * j);
      tile_origin_[std::size_t(t++)] = int16_t(origin);
      for (int k = 0; k < 4; ++k) land_[std::size_t(origin + (k % 2) + (k / 2) * kWidth)] = true;
    }
}

void CultureWarsState::mix_order() {
  for (int s = 0; s < kMaxSeats; ++s) order_[std::size_t(s)] = uint8_t(s);
  chance().shuffle(order_.data(), order_.data() + num_seats());
  if (log().enabled()) {
    std::string text = "the Null coins give the order:";
    for (int i = 0; i < num_seats(); ++i)
      text += std::string(i ? ", " : " ") + game().seat_name(order_[std::size_t(i)]);
    log().add(text);
  }
}

bool CultureWarsState::tile_can_move(int tile) const {
  const int origin = tile_origin_[std::size_t(tile)];
  for (int k = 0; k < 4; ++k) {
    const int square = origin + (k % 2) + (k / 2) * kWidth;
    for (int d = 0; d < 4; ++d) {
      const int n = neighbour(square, d);
      if (n >= 0 && !land_[std::size_t(n)] && in_starting_footprint(n)) return true;
    }
  }
  return false;
}

bool CultureWarsState::tile_may_move(int tile) const {
  if (!tile_can_move(tile)) return false;
  if (!rules().setup_tiles_differ() || !(moved_tiles_ >> tile & 1)) return true;
  // "So that four tiles get moved": a moved tile moves again only when no other can.
  for (int t = 0; t < kTiles; ++t)
    if (!(moved_tiles_ >> t & 1) && tile_can_move(t)) return false;
  return true;
}

bool CultureWarsState::tile_fits(int tile, int origin) const {
  const int from = tile_origin_[std::size_t(tile)];
  if (origin == from) return false;
  const int c = column_of(origin), r = row_of(origin);
  if (c < 0 || r < 0 || c + 1 >= kWidth || r + 1 >= kWidth) return false;
  auto own = [&](int square) {
    const int dc = column_of(square) - column_of(from), dr = row_of(square) - row_of(from);
    return dc >= 0 && dc <= 1 && dr >= 0 && dr <= 1;
  };
  bool touches = false;
  for (int k = 0; k < 4; ++k) {
    const int square = origin + (k % 2) + (k / 2) * kWidth;
    if (land_[std::size_t(square)] && !own(square)) return false;  // overlaps another tile
    for (int d = 0; d < 4 && !touches; ++d) {
      const int n = neighbour(square, d);
      if (n < 0 || !land_[std::size_t(n)] || own(n)) continue;
      const int dc = column_of(n) - c, dr = row_of(n) - r;
      if (dc >= 0 && dc <= 1 && dr >= 0 && dr <= 1) continue;  // inside the moved tile itself
      touches = true;
    }
  }
  return touches;
}

void CultureWarsState::compute_seas() {
  // Sea 0 is the region holding the window's corner (outside the map); others are numbered in
  // square order. The window is large enough that the map never touches its edge.
  sea_.fill(0xff);
  int next = 0;
  int stack[kSquares];
  for (int start = 0; start < kSquares; ++start) {
    if (land_[std::size_t(start)] || sea_[std::size_t(start)] != 0xff) continue;
    const uint8_t id = uint8_t(next++);
    int top = 0;
    stack[top++] = start;
    sea_[std::size_t(start)] = id;
    while (top > 0) {
      const int square = stack[--top];
      for (int d = 0; d < 4; ++d) {
        const int n = neighbour(square, d);
        if (n < 0 || land_[std::size_t(n)] || sea_[std::size_t(n)] != 0xff) continue;
        sea_[std::size_t(n)] = id;
        stack[top++] = n;
      }
    }
  }
}

bool CultureWarsState::coastal(int square) const {
  if (!land_[std::size_t(square)]) return false;
  for (int d = 0; d < 4; ++d) {
    const int n = neighbour(square, d);
    if (n < 0 || !land_[std::size_t(n)]) return true;
  }
  return false;
}

bool CultureWarsState::coin_fits(int square) const {
  if (!land_[std::size_t(square)] || coin_at_[std::size_t(square)] != kNoCoin) return false;
  // At least two empty squares in every direction between coins: Chebyshev distance >= 3.
  const int c = column_of(square), r = row_of(square);
  for (int dr = -2; dr <= 2; ++dr)
    for (int dc = -2; dc <= 2; ++dc) {
      const int cc = c + dc, rr = r + dr;
      if (cc < 0 || rr < 0 || cc >= kWidth || rr >= kWidth) continue;
      if (coin_at_[std::size_t(square_at(cc, rr))] != kNoCoin) return false;
    }
  return true;
}

int CultureWarsState::reserve_coins_unseen(Seat seat) const {
  int n = 0;
  for (int v = 2; v < kCoinValues; ++v) {
    const uint8_t coin = make_coin(seat, v);
    n += coin_square_[coin] == kNoSquare && !coin_seen_[coin];
  }
  return n;
}

bool CultureWarsState::seat_can_place_coin(Seat seat) const {
  if (reserve_coins_unseen(seat) == 0) return false;
  for (int square = 0; square < kSquares; ++square)
    if (coin_fits(square)) return true;
  return false;
}

int CultureWarsState::draw_unseen_coin(Seat seat) {
  uint8_t unseen[4];
  int n = 0;
  for (int v = 2; v < kCoinValues; ++v) {
    const uint8_t coin = make_coin(seat, v);
    if (coin_square_[coin] == kNoSquare && !coin_seen_[coin]) unseen[n++] = coin;
  }
  assert(n > 0);
  return unseen[chance().draw(uint32_t(n))];
}

void CultureWarsState::advance_coin_placement() {
  // Reverse order, seat after seat, skipping seats that cannot place; when nobody can, the coins
  // are turned number side up and the tokens are placed.
  const int n = num_seats();
  for (int tries = 0; tries < n; ++tries) {
    const Seat seat = order_[std::size_t(n - 1 - step_ % n)];
    if (seat_can_place_coin(seat)) {
      to_move_ = seat;
      return;
    }
    ++step_;
  }
  for (int square = 0; square < kSquares; ++square) {
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin == kNoCoin) continue;
    suit_up_[std::size_t(square)] = false;
    coin_seen_[coin] = true;
  }
  log().add("every coin on the map is turned number side up");
  // "Continuing in reverse order": from the seat after the last one that placed a coin.
  placement_start_ = rules().tokens_restart_reverse_order() ? 0 : step_ % n;
  begin_token_placement();
}

void CultureWarsState::begin_token_placement() {
  phase_ = Phase::kTokenPlacement;
  step_ = 0;
  const Seat seat = order_[std::size_t(num_seats() - 1 - placement_start_)];
  to_move_ = seat;
  tokens_to_place_ = seat == rules().handicap_seat() ? 3 : 2;
}

void CultureWarsState::advance_token_placement() {
  if (--tokens_to_place_ > 0) return;
  if (++step_ < num_seats()) {
    const Seat seat =
        order_[std::size_t(num_seats() - 1 - (placement_start_ + step_) % num_seats())];
    to_move_ = seat;
    tokens_to_place_ = seat == rules().handicap_seat() ? 3 : 2;
    return;
  }
  begin_round();
}

}  // namespace tabletop::culture_wars
