// Culture Wars: the estimate for searches (not a rule): the round played out, then scored.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cctype>
#include <cmath>
#include <sstream>

#include "games/culture_wars/culture_wars_internal.h"

namespace tabletop::culture_wars {
struct CultureWarsState::RoundEnd {
  std::array<std::array<uint8_t, kSquares>, kMaxSeats> tokens;
  std::array<uint8_t, kSquares> coin;  // kNoCoin once an Ace went home or a coin was looted
  std::array<int8_t, kSquares> owner;  // the seat whose settlement stands here, or -1
  std::array<int8_t, kSquares> support;
  std::array<int, kMaxSeats> reserve;
  std::array<int, kMaxSeats> lost_friends;  // supporters of settlements abandoned
  std::array<int16_t, kTiles * 4> land;
};

void CultureWarsState::land_squares(std::array<int16_t, kTiles * 4>& out) const {
  int count = 0;
  for (int16_t origin : tile_origin_)
    for (int k = 0; k < 4; ++k)
      out[std::size_t(count++)] = int16_t(origin + k % 2 + k / 2 * kWidth);
}

void CultureWarsState::project_round_end(RoundEnd& e) const {
  const int n = num_seats();
  e.tokens = tokens_;
  e.coin = coin_at_;
  e.owner.fill(-1);
  for (int s = 0; s < n; ++s) {
    e.reserve[std::size_t(s)] = reserve_tokens_[std::size_t(s)];
    e.lost_friends[std::size_t(s)] = 0;
  }
  land_squares(e.land);
  for (int16_t square : e.land) {
    const uint8_t coin = e.coin[std::size_t(square)];
    if (coin != kNoCoin && suit_up_[std::size_t(square)] && round_ > 0)
      e.owner[std::size_t(square)] = int8_t(coin_seat(coin));
    e.support[std::size_t(square)] = int8_t(coin == kNoCoin                     ? 2
                                            : e.owner[std::size_t(square)] >= 0 ? 0
                                                                                : coin_value(coin));
  }
  if (round_ == 0 || phase_ == Phase::kOver) return;
  auto resolve = [&](int square) {
    std::array<int, kMaxSeats> count{}, tech{};
    for (int s = 0; s < n; ++s)
      count[std::size_t(s)] = e.tokens[std::size_t(s)][std::size_t(square)];
    resolve_counts(count, tech, n, e.support[std::size_t(square)],
                   {rules().conflict_stops_at_one_seat(), false});
    for (int s = 0; s < n; ++s) {
      e.reserve[std::size_t(s)] +=
          e.tokens[std::size_t(s)][std::size_t(square)] - count[std::size_t(s)];
      e.tokens[std::size_t(s)][std::size_t(square)] = uint8_t(count[std::size_t(s)]);
    }
  };
  auto seats_here = [&](int square, int& total) {
    int seats = 0;
    total = 0;
    for (int s = 0; s < n; ++s) {
      seats += e.tokens[std::size_t(s)][std::size_t(square)] > 0;
      total += e.tokens[std::size_t(s)][std::size_t(square)];
    }
    return seats;
  };
  auto put = [&](int s, int square, int count) {
    count = std::min(count, e.reserve[std::size_t(s)]);
    e.tokens[std::size_t(s)][std::size_t(square)] =
        uint8_t(e.tokens[std::size_t(s)][std::size_t(square)] + count);
    e.reserve[std::size_t(s)] -= count;
  };
  auto turn_over = [&](int square) {
    const uint8_t coin = e.coin[std::size_t(square)];
    e.owner[std::size_t(square)] = -1;
    e.support[std::size_t(square)] = int8_t(coin_value(coin));
    if (coin_value(coin) == kAce) {
      e.coin[std::size_t(square)] = kNoCoin;
      e.support[std::size_t(square)] = 2;
    }
  };
  int total = 0;
  if (phase_ == Phase::kExpansion || phase_ == Phase::kMovement) {
    // 4. Conflicts: tokens against tokens (on settlements too, which support none), then tokens
    // in a settlement.
    for (int16_t square : e.land)
      if (seats_here(square, total) >= 2 && total > e.support[std::size_t(square)]) resolve(square);
    for (int16_t square : e.land) {
      const int owner = e.owner[std::size_t(square)];
      if (owner < 0 ||
          seats_here(square, total) == (e.tokens[std::size_t(owner)][std::size_t(square)] > 0))
        continue;
      turn_over(square);
      put(owner, square, 5);
      seats_here(square, total);
      if (total > e.support[std::size_t(square)]) resolve(square);  // invaders alone too
    }
  }
  // 5. Settlements, by every seat still to decide, wherever it can.
  for (int i = phase_ == Phase::kSettlement ? step_ : 0; i < n; ++i) {
    const Seat s = order_[std::size_t(i)];
    int coins = 0;
    for (int v = 1; v < kCoinValues; ++v) coins += coin_square_[make_coin(s, v)] == kNoSquare;
    bool ace_home = coin_square_[make_coin(s, kAce)] == kNoSquare;
    for (int16_t square : e.land) {
      const int t = e.tokens[std::size_t(s)][std::size_t(square)];
      const uint8_t coin = e.coin[std::size_t(square)];
      if (t < 5 || e.owner[std::size_t(square)] >= 0) continue;
      if (coin == kNoCoin) {
        if (t < 10 || !ace_home) continue;
        ace_home = false;
        e.tokens[std::size_t(s)][std::size_t(square)] = uint8_t(t - 10);
        e.reserve[std::size_t(s)] += 10;
      } else {
        e.tokens[std::size_t(s)][std::size_t(square)] = 0;
        e.reserve[std::size_t(s)] += t;
        if (coin_seat(coin) != s && coins-- <= 0) {  // looted
          e.coin[std::size_t(square)] = kNoCoin;
          e.support[std::size_t(square)] = 2;
          continue;
        }
      }
      e.owner[std::size_t(square)] = int8_t(s);
      e.support[std::size_t(square)] = 0;
    }
  }
  // 6. Excess population.
  for (int16_t square : e.land) {
    const int support = e.support[std::size_t(square)];
    const int seats = seats_here(square, total);
    if (total <= support) continue;
    if (support > 0 && seats >= 2) {
      resolve(square);
      continue;
    }
    for (int s = 0; s < n; ++s) {
      const int t = e.tokens[std::size_t(s)][std::size_t(square)];
      if (t <= support) continue;
      e.tokens[std::size_t(s)][std::size_t(square)] = uint8_t(support);
      e.reserve[std::size_t(s)] += t - support;
    }
  }
  // 7. Settlements without five supporters are abandoned.
  for (int16_t square : e.land) {
    const int owner = e.owner[std::size_t(square)];
    if (owner < 0) continue;
    int friends = 0;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc)
        if ((dr || dc) && square + dr * kWidth + dc >= 0 && square + dr * kWidth + dc < kSquares)
          friends += e.tokens[std::size_t(owner)][std::size_t(square + dr * kWidth + dc)];
    if (friends >= 5) continue;
    e.lost_friends[std::size_t(owner)] += friends;
    const bool ace = coin_value(e.coin[std::size_t(square)]) == kAce;
    turn_over(square);
    put(owner, square, ace ? 1 : coin_value(e.coin[std::size_t(square)]));
  }
}

namespace {
// Steps over land from a coin's 3x3 block within which tokens count toward settling it.
constexpr int kReach = 10;
// Territory: worth of a land square the seat's tokens reach first; the share of a candidate
// coin's worth when another seat reaches it as soon (shared) or sooner (behind). Both count in
// setup, half in round 1, not after (culture_wars.h says why).
constexpr double kLand = 0.2, kShared = 0.75, kBehind = 0.5;

// Steps over land from the nearest square with `source` set, -1 where none reaches.
template <class Source>
void land_steps(const std::array<bool, kSquares>& land,
                const std::array<int16_t, kLandSquares>& lands, Source source,
                std::array<int8_t, kSquares>& steps) {
  steps.fill(-1);
  std::array<int16_t, kLandSquares> queue;
  int head = 0, tail = 0;
  for (int16_t square : lands)
    if (source(square)) {
      steps[std::size_t(square)] = 0;
      queue[std::size_t(tail++)] = square;
    }
  while (head < tail) {
    const int square = queue[std::size_t(head++)];
    for (int d = 0; d < 4; ++d) {
      const int next = neighbour(square, d);
      if (next < 0 || !land[std::size_t(next)] || steps[std::size_t(next)] >= 0) continue;
      steps[std::size_t(next)] = int8_t(std::min(100, steps[std::size_t(square)] + 1));
      queue[std::size_t(tail++)] = int16_t(next);
    }
  }
}

// Bit s set for the seats whose `steps` to the square are the fewest, or 0 when none reaches it.
int nearest_seats(const std::array<std::array<int8_t, kSquares>, kMaxSeats>& steps, int n,
                  int square) {
  int closest = 127, seats = 0;
  for (int s = 0; s < n; ++s) {
    const int d = steps[std::size_t(s)][std::size_t(square)];
    if (d < 0 || d > closest) continue;
    if (d < closest) seats = 0;
    closest = d;
    seats |= 1 << s;
  }
  return seats;
}
}  // namespace

struct CultureWarsState::Reach {
  std::array<int8_t, kSquares> index;  // a land square's position in `steps`; -1 off land
  // steps[index of the block's centre][index of a land square]: block_steps.
  std::array<std::array<int8_t, kLandSquares>, kLandSquares> steps;
};

void CultureWarsState::block_steps(int square, std::array<int8_t, kSquares>& steps) const {
  steps.fill(-1);
  std::array<int16_t, kLandSquares> path;  // the squares at 1 to kReach steps, nearest first
  int reached = 0;
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      const int sq = square + dr * kWidth + dc;
      if (sq >= 0 && sq < kSquares && land_[std::size_t(sq)]) steps[std::size_t(sq)] = 0;
    }
  for (int dr = -1; dr <= 1; ++dr)  // the block's squares seed the search but are not listed
    for (int dc = -1; dc <= 1; ++dc) {
      const int sq = square + dr * kWidth + dc;
      if (sq < 0 || sq >= kSquares || !land_[std::size_t(sq)]) continue;
      for (int d = 0; d < 4; ++d) {
        const int next = neighbour(sq, d);
        if (next < 0 || !land_[std::size_t(next)] || steps[std::size_t(next)] >= 0) continue;
        steps[std::size_t(next)] = 1;
        path[std::size_t(reached++)] = int16_t(next);
      }
    }
  for (int i = 0; i < reached; ++i) {
    const int sq = path[std::size_t(i)];
    if (steps[std::size_t(sq)] >= kReach) continue;
    for (int d = 0; d < 4; ++d) {
      const int next = neighbour(sq, d);
      if (next < 0 || !land_[std::size_t(next)] || steps[std::size_t(next)] >= 0) continue;
      steps[std::size_t(next)] = int8_t(steps[std::size_t(sq)] + 1);
      path[std::size_t(reached++)] = int16_t(next);
    }
  }
}

void CultureWarsState::compute_reach() {
  auto reach = std::make_shared<Reach>();
  reach->index.fill(-1);
  std::array<int16_t, kLandSquares> lands;  // the land squares in order of their index
  int count = 0;
  for (int square = 0; square < kSquares; ++square)
    if (land_[std::size_t(square)]) {
      assert(count < kLandSquares);
      reach->index[std::size_t(square)] = int8_t(count);
      lands[std::size_t(count++)] = int16_t(square);
    }
  std::array<int8_t, kSquares> steps;
  for (int from = 0; from < count; ++from) {
    block_steps(lands[std::size_t(from)], steps);
    for (int to = 0; to < count; ++to)
      reach->steps[std::size_t(from)][std::size_t(to)] = steps[std::size_t(lands[std::size_t(to)])];
  }
  reach_ = std::move(reach);
}

// seat_scores' working state over one projected round end, shared by its steps.
struct CultureWarsState::ScoreWork {
  RoundEnd e;
  int n = 0;
  // The weight of territory this round (1 at setup, then 0.5, then 0) and each seat's steps over
  // land from its nearest token (filled while the weight is not 0).
  double territory = 0;
  std::array<std::array<int8_t, kSquares>, kMaxSeats> from;
  // Each seat's occupied land squares after the round (the first `occupied` of them).
  std::array<std::array<int16_t, kLandSquares>, kMaxSeats> peopled;
  std::array<int, kMaxSeats> occupied{};
  // Seats that can still move tokens this round (movement runs in reverse order).
  std::array<bool, kMaxSeats> moves_left{};
  // The best candidate coins of each seat: value, and whether it is another suit's coin (which
  // takes one of the seat's reserve coins).
  std::array<std::array<std::pair<double, bool>, 8>, kMaxSeats> best{};

  // Seat s's tokens on `square` after the round; off the window (a map at its edge): none.
  int at(int s, int square) const {
    return square < 0 || square >= kSquares ? 0
                                            : int(e.tokens[std::size_t(s)][std::size_t(square)]);
  }
  // The seats nearest to `square` (bit s), or 0 when no token can reach it or territory no
  // longer counts.
  int nearest(int square) const { return territory > 0 ? nearest_seats(from, n, square) : 0; }
};

void CultureWarsState::seat_scores(std::array<double, kMaxSeats>& score) const {
  ScoreWork w;
  const RoundEnd& e = w.e;
  project_round_end(w.e);
  const int n = w.n = num_seats(), need = rules().settlements_to_win();
  auto at = [&](int s, int square) { return w.at(s, square); };
  score.fill(0);
  std::array<int, kMaxSeats> held{};
  for (int i = 0; i < n; ++i)
    w.moves_left[order_[std::size_t(i)]] =
        phase_ == Phase::kExpansion || (phase_ == Phase::kMovement && n - 1 - i >= step_);
  for (int s = 0; s < n; ++s) score[std::size_t(s)] = 0.4 * e.lost_friends[std::size_t(s)];
  // Territory: each seat's steps over land from its nearest token to every land square.
  const double territory = w.territory = round_ == 0 ? 1.0 : round_ == 1 ? 0.5 : 0.0;
  for (int s = 0; s < (territory > 0 ? n : 0); ++s)
    land_steps(
        land_, e.land, [&](int square) { return at(s, square) > 0; }, w.from[std::size_t(s)]);
  for (int16_t square : e.land) {
    const int seats = w.nearest(square);
    if (std::popcount(unsigned(seats)) == 1)
      score[std::size_t(std::countr_zero(unsigned(seats)))] += territory * kLand;
  }
  // Each seat's occupied land squares after the round, for the tokens a coin could fetch (a seat
  // holds a dozen or two of them, a coin's reach covers most of the map), its tokens, and the
  // settlements held; then the coins, which read the whole list.
  for (int16_t square : e.land) {
    for (int s = 0; s < n; ++s)
      if (at(s, square) > 0) {
        w.peopled[std::size_t(s)][std::size_t(w.occupied[std::size_t(s)]++)] = square;
        score[std::size_t(s)] += 0.03 * at(s, square);
      }
    const int owner = e.owner[std::size_t(square)];
    if (owner < 0) continue;
    int friends = 0;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc)
        if (dr || dc) friends += at(owner, square + dr * kWidth + dc);
    ++held[std::size_t(owner)];
    score[std::size_t(owner)] += 10 + 0.1 * std::min(2, friends - 5);
  }
  coin_scores(w);
  settlement_scores(w);
  for (int s = 0; s < n; ++s) {
    const int h = held[std::size_t(s)], last = settlements_last_round_[std::size_t(s)];
    score[std::size_t(s)] += 3.0 * std::min(h, last) + (h >= need && last >= need ? 40.0 : 0.0);
    const int lacking = std::max(0, need - h);
    score[std::size_t(s)] += 0.15 * std::min(w.occupied[std::size_t(s)], e.reserve[std::size_t(s)]);
    int foreign = 0, counted = 0;
    for (int v = 1; v < kCoinValues; ++v) foreign += coin_square_[make_coin(s, v)] == kNoSquare;
    for (const auto& [value, other_suit] : w.best[std::size_t(s)]) {
      if (counted > lacking) break;
      if (other_suit && foreign-- <= 0) continue;
      score[std::size_t(s)] += (counted++ < lacking ? 1.0 : 0.3) * value;
    }
    if (round_ == 0)  // setup: the seat's own coins close together, for one people to settle
      for (int a = 2; a < kCoinValues; ++a)
        for (int b = a + 1; b < kCoinValues; ++b) {
          const int p = coin_square_[make_coin(s, a)], q = coin_square_[make_coin(s, b)];
          if (p == kNoSquare || q == kNoSquare) continue;
          const int d =
              std::max(std::abs(column_of(p) - column_of(q)), std::abs(row_of(p) - row_of(q)));
          score[std::size_t(s)] += 0.5 * std::max(0, 8 - d);
        }
  }
}

void CultureWarsState::coin_scores(ScoreWork& w) const {
  std::array<int8_t, kSquares> dist;  // steps from a coin's 3x3 block, while the map can change
  for (int16_t square : w.e.land) {
    if (w.e.owner[std::size_t(square)] >= 0) continue;
    const uint8_t coin = w.e.coin[std::size_t(square)];
    if (coin == kNoCoin) continue;
    int room = 0;  // supporters the eight squares around can keep: a coin without five is no use
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int sq = square + dr * kWidth + dc;
        if ((dr || dc) && sq >= 0 && sq < kSquares && land_[std::size_t(sq)])
          room += w.e.support[std::size_t(sq)];
      }
    if (room < 5) continue;
    const int first = w.nearest(square);  // the seats reaching the coin first
    // Steps over land from the coin's 3x3 block: the map's table once the map is final.
    const int8_t* reach_row =
        reach_ ? reach_->steps[std::size_t(reach_->index[std::size_t(square)])].data() : nullptr;
    if (!reach_) block_steps(square, dist);
    auto steps_to = [&](int sq) {
      return reach_row ? int(reach_row[std::size_t(reach_->index[std::size_t(sq)])])
                       : int(dist[std::size_t(sq)]);
    };
#ifndef NDEBUG
    if (reach_) {  // the table is the walk (checked where asserts are on: the sanitizer build)
      block_steps(square, dist);
      for (int16_t sq : w.e.land) assert(steps_to(sq) == dist[std::size_t(sq)]);
    }
#endif
    // A resource coin: how close each seat is to settling it at the next round's end.
    for (int s = 0; s < w.n; ++s) {
      if (coin_seat(coin) != s) {
        bool reserve_coin = false;
        for (int v = 1; v < kCoinValues; ++v)
          reserve_coin |= coin_square_[make_coin(s, v)] == kNoSquare;
        if (!reserve_coin) continue;
      }
      const bool grows = w.e.reserve[std::size_t(s)] > 0;
      auto grown = [&](int sq) { return w.at(s, sq) + (grows && w.at(s, sq) > 0); };
      int on = grown(square), ring = 0;
      double near = 0;
      std::array<int, 4> side{};
      for (int d = 0; d < 4; ++d) side[std::size_t(d)] = grown(neighbour(square, d));
      for (int pass = 0; pass < 2; ++pass)  // surplus over two first, then the supporters
        for (int& m : side) {
          const int sent = std::clamp(std::min(m - (pass == 0 ? 2 : 0), 5 - on), 0, 5);
          m -= sent;
          on += sent;
        }
      for (int m : side) ring += std::min(2, m);
      for (int dr = -1; dr <= 1; dr += 2)
        for (int dc = -1; dc <= 1; dc += 2) ring += std::min(2, grown(square + dr * kWidth + dc));
      // The tokens still missing, fetched from the nearest squares outside the 3x3 block: each is
      // worth less the more steps it needs to reach the block.
      std::array<int, kReach + 1> steps{};  // the seat's tokens at each number of steps
      for (int i = 0; i < w.occupied[std::size_t(s)]; ++i) {
        const int sq = w.peopled[std::size_t(s)][std::size_t(i)], d = steps_to(sq);
        if (d > 0) steps[std::size_t(d)] += w.at(s, sq);  // 0: in the block; -1: out of reach
      }
      int missing = 10 - std::min(5, on) - std::min(5, ring);
      for (int d = 1; d <= kReach && missing > 0; ++d) {
        const int fetched = std::min(missing, steps[std::size_t(d)]);
        near += fetched * (d <= 5 ? 0.6 - 0.1 * d : 0.1 * (kReach + 1 - d) / (kReach - 4));
        missing -= fetched;
      }
      double value = 0.6 * (std::min(5, on) + std::min(5, ring) + near);
      if (w.moves_left[std::size_t(s)] && !suit_up_[std::size_t(square)]) {
        // This round: the tokens on the coin now and the unmoved ones next to it that make five.
        auto now = [&](int sq) {
          return sq < 0 || sq >= kSquares ? 0 : int(tokens_[std::size_t(s)][std::size_t(sq)]);
        };
        const bool moving = s == to_move_ && phase_ == Phase::kMovement;
        std::array<int, 4> left{}, free{};
        for (int d = 0; d < 4; ++d) {
          const int sq = neighbour(square, d);
          left[std::size_t(d)] = now(sq);
          free[std::size_t(d)] = now(sq) - (moving && sq >= 0 ? moved_[std::size_t(sq)] : 0);
        }
        on = now(square);
        for (int pass = 0; pass < 2; ++pass)
          for (int d = 0; d < 4; ++d) {
            const int can = pass == 0 ? std::min(free[std::size_t(d)], left[std::size_t(d)] - 2)
                                      : free[std::size_t(d)];
            const int sent = std::clamp(std::min(can, 5 - on), 0, 5);
            left[std::size_t(d)] -= sent;
            free[std::size_t(d)] -= sent;
            on += sent;
          }
        ring = 0;
        for (int d = 0; d < 4; ++d) ring += std::min(2, left[std::size_t(d)]);
        for (int dr = -1; dr <= 1; dr += 2)
          for (int dc = -1; dc <= 1; dc += 2) ring += std::min(2, now(square + dr * kWidth + dc));
        if (on >= 5 && ring >= 5) value = std::max(value, 6.0 + 0.8 * std::min(4, now(square)));
      }
      // A coin another seat reaches first is half its worth, shared three quarters.
      value *= 1.0 - w.territory * (first == 1 << s  ? 0.0
                                    : first >> s & 1 ? 1 - kShared
                                                     : 1 - kBehind);
      auto& top = w.best[std::size_t(s)];
      for (std::pair<double, bool> v{value, coin_seat(coin) != s}; auto& b : top)
        if (v.first > b.first) std::swap(v, b);
    }
  }
}

void CultureWarsState::settlement_scores(ScoreWork& w) const {
  // The ten-token settlement, while the seat's Ace is at home: its best empty square, away from
  // every coin (the tokens around a coin are counted for it, or for its settlement).
  std::array<bool, kTiles * 4> clear{};
  for (std::size_t i = 0; i < w.e.land.size(); ++i) {
    clear[i] = true;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int sq = w.e.land[i] + dr * kWidth + dc;
        clear[i] = clear[i] && (sq < 0 || sq >= kSquares || coin_at_[std::size_t(sq)] == kNoCoin);
      }
  }
  for (int s = 0; s < w.n; ++s) {
    if (coin_square_[make_coin(s, kAce)] != kNoSquare) continue;
    const bool grows = w.e.reserve[std::size_t(s)] > 0;
    auto grown = [&](int sq) { return w.at(s, sq) + (grows && w.at(s, sq) > 0); };
    auto now = [&](int sq) {
      return sq < 0 || sq >= kSquares ? 0 : int(tokens_[std::size_t(s)][std::size_t(sq)]);
    };
    const bool moving = s == to_move_ && phase_ == Phase::kMovement;
    double value = 0;
    for (std::size_t i = 0; i < w.e.land.size(); ++i) {
      const int square = w.e.land[i];
      if (!clear[i]) continue;
      std::array<int, 4> side{}, left{}, free{};
      int on = grown(square), on_now = now(square), reach = on;
      for (int d = 0; d < 4; ++d) {
        const int sq = neighbour(square, d);
        side[std::size_t(d)] = grown(sq);
        left[std::size_t(d)] = now(sq);
        free[std::size_t(d)] = now(sq) - (moving && sq >= 0 ? moved_[std::size_t(sq)] : 0);
        reach += side[std::size_t(d)];
      }
      if (reach < 5) continue;
      for (int pass = 0; pass < 2; ++pass)  // surplus over two first, then the supporters
        for (int d = 0; d < 4; ++d) {
          const int keep = pass == 0 ? 2 : 0;
          const int sent = std::clamp(std::min(side[std::size_t(d)] - keep, 10 - on), 0, 10);
          side[std::size_t(d)] -= sent;
          on += sent;
          const int can = std::min(free[std::size_t(d)], left[std::size_t(d)] - keep);
          const int now_sent = std::clamp(std::min(can, 10 - on_now), 0, 10);
          left[std::size_t(d)] -= now_sent;
          free[std::size_t(d)] -= now_sent;
          on_now += now_sent;
        }
      int ring = 0, ring_now = 0;
      for (int d = 0; d < 4; ++d) {
        ring += std::min(2, side[std::size_t(d)]);
        ring_now += std::min(2, left[std::size_t(d)]);
      }
      for (int dr = -1; dr <= 1; dr += 2)
        for (int dc = -1; dc <= 1; dc += 2) {
          ring += std::min(2, grown(square + dr * kWidth + dc));
          ring_now += std::min(2, now(square + dr * kWidth + dc));
        }
      double v = 0.6 * (0.5 * std::min(10, on) + std::min(5, ring));
      if (w.moves_left[std::size_t(s)] && on_now >= 10 && ring_now >= 5)
        v = std::max(v, 6.0 + 0.4 * std::min(9, now(square)));
      value = std::max(value, v);
    }
    auto& top = w.best[std::size_t(s)];
    for (std::pair<double, bool> v{value, false}; auto& b : top)
      if (v.first > b.first) std::swap(v, b);
  }
}

bool CultureWarsState::estimate_returns(Returns& out) const {
  if (phase_ == Phase::kOver) {
    out = returns();
    return true;
  }
  const int n = num_seats(), need = rules().settlements_to_win();
  std::array<double, kMaxSeats> score;
  seat_scores(score);
  double total = 0;
  for (int s = 0; s < n; ++s) total += score[std::size_t(s)];
  out = Returns{};
  for (int s = 0; s < n; ++s) {
    const double others = (total - score[std::size_t(s)]) / (n - 1);
    // Linear up to 0.8 (holding the settlements to win is about 1), then softly bounded.
    const double x = (score[std::size_t(s)] - others) / (10.0 * need + 5.0);
    out[std::size_t(s)] =
        std::abs(x) <= 0.8 ? x : std::copysign(0.8 + 0.2 * std::tanh((std::abs(x) - 0.8) / 0.2), x);
  }
  return true;
}

void CultureWarsState::setup_features(SetupFeatures& out) const {
  const int n = num_seats();
  for (auto& f : out) f.fill(0);
  std::array<double, kMaxSeats> score;
  seat_scores(score);
  std::array<int16_t, kLandSquares> lands;
  land_squares(lands);
  std::array<std::array<int8_t, kSquares>, kMaxSeats> by_coin, by_token;
  for (int s = 0; s < n; ++s) {
    land_steps(
        land_, lands,
        [&](int sq) {
          return coin_at_[std::size_t(sq)] != kNoCoin && coin_seat(coin_at_[std::size_t(sq)]) == s;
        },
        by_coin[std::size_t(s)]);
    land_steps(
        land_, lands, [&](int sq) { return tokens_[std::size_t(s)][std::size_t(sq)] > 0; },
        by_token[std::size_t(s)]);
  }
  for (int s = 0; s < n; ++s) {
    auto& f = out[std::size_t(s)];
    f[0] = score[std::size_t(s)] / 10;
    for (int a = 1; a < kCoinValues; ++a) {
      const int p = coin_square_[make_coin(s, a)];
      if (p == kNoSquare) continue;
      f[1] += 1;
      for (int b = a + 1; b < kCoinValues; ++b) {
        const int q = coin_square_[make_coin(s, b)];
        if (q == kNoSquare) continue;
        const int d =
            std::max(std::abs(column_of(p) - column_of(q)), std::abs(row_of(p) - row_of(q)));
        f[2] += 0.1 * std::max(0, 8 - d);
      }
    }
  }
  for (int16_t square : lands) {
    const int by_coins = nearest_seats(by_coin, n, square);
    if (std::popcount(unsigned(by_coins)) == 1)
      out[std::size_t(std::countr_zero(unsigned(by_coins)))][3] += 0.1;
    const int by_tokens = nearest_seats(by_token, n, square);
    if (std::popcount(unsigned(by_tokens)) == 1)
      out[std::size_t(std::countr_zero(unsigned(by_tokens)))][4] += 0.1;
    for (int s = 0; s < n; ++s)
      out[std::size_t(s)][9] += tokens_[std::size_t(s)][std::size_t(square)];
    for (int s = 0; s < n; ++s) {  // tokens within three steps of a coin
      const int here = tokens_[std::size_t(s)][std::size_t(square)];
      for (int t = 0; t < n && here > 0; ++t) {
        const int steps = by_coin[std::size_t(t)][std::size_t(square)];
        if (steps < 0 || steps > 3) continue;
        if (t == s) {
          out[std::size_t(s)][12] += here;
        } else {
          out[std::size_t(t)][11] += here;
          out[std::size_t(s)][13] += here;
        }
      }
    }
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin == kNoCoin) continue;
    const int owner = coin_seat(coin);
    auto& f = out[std::size_t(owner)];
    const int steps = by_token[std::size_t(owner)][std::size_t(square)];
    f[10] += 0.1 * (steps < 0 ? 12 : std::min(12, steps));
    if (by_tokens == 1 << owner)
      f[5] += 1;
    else if (by_tokens >> owner & 1)
      f[6] += 1;
    else
      f[7] += 1;
    if (std::popcount(unsigned(by_tokens)) == 1 && by_tokens != 1 << owner)
      out[std::size_t(std::countr_zero(unsigned(by_tokens)))][8] += 1;
  }
}

}  // namespace tabletop::culture_wars
