// Culture Wars: the round (expansion, movement and boats, conflicts, settlements, the round's end).
#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <cstring>
#include <sstream>

#include "games/culture_wars/culture_wars_internal.h"

namespace tabletop::culture_wars {

void resolve_counts(std::array<int, kMaxSeats>& count, const std::array<int, kMaxSeats>& tech,
                    int seats, int support, ConflictRule rule) {
  int total = 0;
  for (int s = 0; s < seats; ++s) total += count[std::size_t(s)];
  auto present = [&] {
    int n = 0;
    for (int s = 0; s < seats; ++s) n += count[std::size_t(s)] > 0;
    return n;
  };
  auto go_on = [&] { return total > support && (!rule.stop_at_one_seat || present() >= 2); };
  while (go_on()) {
    std::array<int, kMaxSeats> order{};
    int n = 0;
    for (int s = 0; s < seats; ++s)
      if (count[std::size_t(s)] > 0) order[std::size_t(n++)] = s;
    auto before = [&](int a, int b) {
      if (tech[std::size_t(a)] != tech[std::size_t(b)])
        return tech[std::size_t(a)] < tech[std::size_t(b)];
      return count[std::size_t(a)] < count[std::size_t(b)];
    };
    for (int i = 1; i < n; ++i)  // insertion sort of at most four seats
      for (int j = i; j > 0 && before(order[std::size_t(j)], order[std::size_t(j - 1)]); --j)
        std::swap(order[std::size_t(j)], order[std::size_t(j - 1)]);
    if (rule.inferior_all_first)  // only the seats with the fewest settlements lose this pass
      while (n > 1 && tech[std::size_t(order[std::size_t(n - 1)])] != tech[std::size_t(order[0])])
        --n;
    for (int i = 0; i < n && go_on();) {
      int j = i;
      while (j < n &&
             tech[std::size_t(order[std::size_t(j)])] == tech[std::size_t(order[std::size_t(i)])] &&
             count[std::size_t(order[std::size_t(j)])] == count[std::size_t(order[std::size_t(i)])])
        ++j;
      for (int k = i; k < j; ++k) {
        --count[std::size_t(order[std::size_t(k)])];
        --total;
      }
      i = j;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Rounds

void CultureWarsState::begin_round() {
  ++round_;
  log().add("round " + std::to_string(round_));
  mix_order();
  begin_expansion();
}

void CultureWarsState::begin_expansion() {
  step_ = 0;
  advance_expansion();
}

void CultureWarsState::advance_expansion() {
  // Each seat in order: one token more on every square it holds; a seat short of tokens chooses.
  for (; step_ < num_seats(); ++step_) {
    const Seat seat = order_[std::size_t(step_)];
    int squares = 0;
    for (int square = 0; square < kSquares; ++square)
      squares += tokens_[std::size_t(seat)][std::size_t(square)] > 0;
    if (squares == 0) continue;
    if (reserve_tokens_[std::size_t(seat)] == 0) {
      if (log().enabled())
        log().add("growth: " + game().seat_name(seat) +
                  " has no token in reserve and does not grow");
      continue;
    }
    if (squares <= reserve_tokens_[std::size_t(seat)]) {
      std::string grown;
      for (int square = 0; square < kSquares; ++square)
        if (tokens_[std::size_t(seat)][std::size_t(square)] > 0) {
          add_tokens(seat, square, 1);
          if (log().enabled()) grown += (grown.empty() ? "" : ", ") + square_name(square);
        }
      if (log().enabled())
        log().add("growth: " + game().seat_name(seat) + " gains a token on each of its " +
                  std::to_string(squares) + (squares == 1 ? " square: " : " squares: ") + grown);
      continue;
    }
    phase_ = Phase::kExpansion;
    to_move_ = seat;
    moved_.fill(0);  // marks the squares that have grown
    return;
  }
  begin_movement();
}

void CultureWarsState::begin_movement() {
  phase_ = Phase::kMovement;
  step_ = 0;
  advance_movement();
}

void CultureWarsState::advance_movement() {
  // Reverse order; a seat with no token on the map has nothing to move.
  for (; step_ < num_seats(); ++step_) {
    const Seat seat = order_[std::size_t(num_seats() - 1 - step_)];
    bool any = false;
    for (int square = 0; square < kSquares && !any; ++square)
      any = tokens_[std::size_t(seat)][std::size_t(square)] > 0;
    if (!any) continue;
    to_move_ = seat;
    moved_.fill(0);
    return;
  }
  resolve_conflicts();
  begin_settlement();
}

int CultureWarsState::support_of(int square) const {
  const uint8_t coin = coin_at_[std::size_t(square)];
  if (coin == kNoCoin) return 2;
  if (suit_up_[std::size_t(square)]) return 0;
  return coin_value(coin);
}

int CultureWarsState::seats_on(int square) const {
  int n = 0;
  for (int s = 0; s < num_seats(); ++s) n += tokens_[std::size_t(s)][std::size_t(square)] > 0;
  return n;
}

int CultureWarsState::settlements(Seat seat) const {
  if (round_ == 0) return 0;  // coins lie suit side up during setup, but they are no settlements
  int n = 0;
  for (int v = 1; v < kCoinValues; ++v) {
    const int square = coin_square_[make_coin(seat, v)];
    n += square != kNoSquare && suit_up_[std::size_t(square)];
  }
  return n;
}

std::array<int, kMaxSeats> CultureWarsState::tech_levels() const {
  std::array<int, kMaxSeats> tech{};
  if (rules().tech_advantage())
    for (int s = 0; s < num_seats(); ++s) tech[std::size_t(s)] = settlements(s);
  return tech;
}

void CultureWarsState::resolve_square(int square, int support,
                                      const std::array<int, kMaxSeats>& tech) {
  std::array<int, kMaxSeats> count{};
  for (int s = 0; s < num_seats(); ++s)
    count[std::size_t(s)] = tokens_[std::size_t(s)][std::size_t(square)];
  resolve_counts(count, tech, num_seats(), support,
                 {rules().conflict_stops_at_one_seat(), rules().tech_inferior_loses_all_first()});
  for (int s = 0; s < num_seats(); ++s) {
    const int lost = tokens_[std::size_t(s)][std::size_t(square)] - count[std::size_t(s)];
    if (lost > 0) {
      remove_tokens(s, square, lost);
      if (log().enabled())
        log().add("conflict on " + square_name(square) + ": " + game().seat_name(s) + " loses " +
                  std::to_string(lost));
    }
  }
}

void CultureWarsState::share_out(Seat seat, const int* squares, const int* need, int count) {
  std::array<int, kMaxSeats * kCoinValues> given{};
  for (;;) {
    int short_of = 0;
    for (int i = 0; i < count; ++i) short_of += given[std::size_t(i)] < need[i];
    if (short_of == 0 || reserve_tokens_[std::size_t(seat)] == 0) break;
    // A full pass while the reserve covers every square still short; the last, partial pass in
    // the order given (the caller's: highest coin number first).
    for (int i = 0; i < count && reserve_tokens_[std::size_t(seat)] > 0; ++i)
      if (given[std::size_t(i)] < need[i]) {
        add_tokens(seat, squares[i], 1);
        ++given[std::size_t(i)];
      }
  }
}

void CultureWarsState::resolve_conflicts() {
  // As if at once: Technological Advantage counts the settlements held now (an attacked one still
  // counts), every token-only conflict (settlement squares included, where the square supports
  // none) is resolved before any settlement is turned over, and each owner's defenders come from
  // its reserve as it stands then, shared among its attacked settlements.
  const std::array<int, kMaxSeats> tech = tech_levels();
  for (int square = 0; square < kSquares; ++square) {
    if (!land_[std::size_t(square)]) continue;
    int total = 0;
    for (int s = 0; s < num_seats(); ++s) total += tokens_[std::size_t(s)][std::size_t(square)];
    if (seats_on(square) >= 2 && total > support_of(square)) {
      ++conflicts_;
      resolve_square(square, support_of(square), tech);
    }
  }
  std::array<int, kMaxSeats * kCoinValues> attacked{};  // the settlements' squares
  int n_attacked = 0;
  for (int square = 0; square < kSquares; ++square) {
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin == kNoCoin || !suit_up_[std::size_t(square)]) continue;
    const Seat owner = coin_seat(coin);
    bool invaded = false;
    for (int s = 0; s < num_seats(); ++s)
      invaded |= s != owner && tokens_[std::size_t(s)][std::size_t(square)] > 0;
    if (invaded) {
      ++settlements_attacked_;
      attacked[std::size_t(n_attacked++)] = square;
    }
  }
  if (n_attacked == 0) return;
  // 1. Each settlement is turned number side up; an Ace goes back to its owner.
  std::array<uint8_t, kMaxSeats * kCoinValues> coin_of{};
  for (int i = 0; i < n_attacked; ++i) {
    const int square = attacked[std::size_t(i)];
    const uint8_t coin = coin_at_[std::size_t(square)];
    coin_of[std::size_t(i)] = coin;
    suit_up_[std::size_t(square)] = false;
    coin_seen_[coin] = true;
    if (log().enabled())
      log().add(std::string("the settlement on ") + square_name(square) +
                " is attacked: " + coin_text(coin));
    if (coin_value(coin) == kAce) take_coin(square);
  }
  // 2. Five defenders each from the owner's reserve, as many as there are.
  for (int s = 0; s < num_seats(); ++s) {
    std::array<int, kMaxSeats * kCoinValues> squares{}, need{};
    int k = 0;
    for (int value = kCoinValues - 1; value >= kAce; --value)  // highest number first
      for (int i = 0; i < n_attacked; ++i)
        if (coin_of[std::size_t(i)] == make_coin(s, value)) {
          squares[std::size_t(k)] = attacked[std::size_t(i)];
          need[std::size_t(k++)] = 5;
        }
    share_out(s, squares.data(), need.data(), k);
  }
  // 3. Each square resolved as tokens against tokens ("proceed as above"): until the square
  // supports what is left, a lone attacker facing no defenders included.
  for (int i = 0; i < n_attacked; ++i) {
    const int square = attacked[std::size_t(i)];
    int total = 0;
    for (int s = 0; s < num_seats(); ++s) total += tokens_[std::size_t(s)][std::size_t(square)];
    if (total > support_of(square)) resolve_square(square, support_of(square), tech);
  }
}

void CultureWarsState::begin_settlement() {
  phase_ = Phase::kSettlement;
  step_ = 0;
  advance_settlement();
}

bool CultureWarsState::can_settle_anywhere(Seat seat) const {
  const bool ace_home = coin_square_[make_coin(seat, kAce)] == kNoSquare;
  for (int square = 0; square < kSquares; ++square) {
    const int t = tokens_[std::size_t(seat)][std::size_t(square)];
    if (t < 5) continue;
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin == kNoCoin ? (t >= 10 && ace_home) : !suit_up_[std::size_t(square)]) return true;
  }
  return false;
}

void CultureWarsState::advance_settlement() {
  for (; step_ < num_seats(); ++step_) {
    const Seat seat = order_[std::size_t(step_)];
    if (!can_settle_anywhere(seat)) continue;
    to_move_ = seat;
    return;
  }
  end_round();
}

void CultureWarsState::settle(Seat seat, int square, int choice) {
  const uint8_t coin = coin_at_[std::size_t(square)];
  if (coin == kNoCoin) {
    // Ten tokens become the seat's Ace.
    remove_tokens(seat, square, 10);
    put_coin(make_coin(seat, kAce), square, true);
    log().add(game().seat_name(seat) + " builds a settlement of ten on " + square_name(square));
    return;
  }
  remove_tokens(seat, square, tokens_[std::size_t(seat)][std::size_t(square)]);
  if (coin_seat(coin) == seat) {
    suit_up_[std::size_t(square)] = true;
    log().add(game().seat_name(seat) + " settles on its own " +
              (coin_value(coin) == kAce ? std::string("Ace") : std::to_string(coin_value(coin))) +
              " at " + square_name(square));
    return;
  }
  take_coin(square);  // handed to its owner
  if (choice == kChooseOwnCoin) {
    log().add(game().seat_name(seat) + " loots " + coin_text(coin) + " at " + square_name(square) +
              " (no coin in reserve)");
    return;
  }
  const int own = choice == kChooseUnseen ? draw_unseen_coin(seat) : make_coin(seat, choice);
  put_coin(uint8_t(own), square, true);
  log().add(game().seat_name(seat) + " takes " + coin_text(coin) + " at " + square_name(square) +
            " and settles with " +
            (coin_seen_[std::size_t(own)] ? coin_text(uint8_t(own)) : "an unseen coin"));
}

void CultureWarsState::end_round() {
  // 6. Excess population (conflicts again where several seats share a square that cannot
  // support them; Technological Advantage counts the settlements held now).
  const std::array<int, kMaxSeats> tech = tech_levels();
  for (int square = 0; square < kSquares; ++square) {
    if (!land_[std::size_t(square)]) continue;
    const int support = support_of(square);
    int total = 0;
    for (int s = 0; s < num_seats(); ++s) total += tokens_[std::size_t(s)][std::size_t(square)];
    if (total <= support) continue;
    if (support == 0 || seats_on(square) == 1) {
      for (int s = 0; s < num_seats(); ++s) {
        const int t = tokens_[std::size_t(s)][std::size_t(square)];
        if (t <= support) continue;
        remove_tokens(s, square, t - support);
        if (log().enabled())
          log().add("excess population: " + game().seat_name(s) + " loses " +
                    std::to_string(t - support) + (t - support == 1 ? " token" : " tokens") +
                    " on " + square_name(square) + " (" +
                    (support == 0 ? std::string("a settlement supports none")
                                  : "it supports " + std::to_string(support)) +
                    ")");
      }
    } else {
      resolve_square(square, support, tech);
    }
  }
  // 7. Unsupported settlements are abandoned, as if at once: which ones is decided before any is
  // turned over (the tokens an abandoned settlement leaves support no other), and each owner's
  // reserve is shared among its abandoned settlements.
  std::array<int, kMaxSeats * kCoinValues> abandoned{};
  int n_abandoned = 0;
  for (int square = 0; square < kSquares; ++square) {
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin == kNoCoin || !suit_up_[std::size_t(square)]) continue;
    const Seat owner = coin_seat(coin);
    int friends = 0;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (!dr && !dc) continue;
        const int c = column_of(square) + dc, r = row_of(square) + dr;
        if (c < 0 || r < 0 || c >= kWidth || r >= kWidth) continue;
        friends += tokens_[std::size_t(owner)][std::size_t(square_at(c, r))];
      }
    if (friends < 5) {
      ++settlements_abandoned_;
      abandoned[std::size_t(n_abandoned++)] = square;
    }
  }
  std::array<uint8_t, kMaxSeats * kCoinValues> coin_of{};
  for (int i = 0; i < n_abandoned; ++i) {
    const int square = abandoned[std::size_t(i)];
    const uint8_t coin = coin_at_[std::size_t(square)];
    coin_of[std::size_t(i)] = coin;
    suit_up_[std::size_t(square)] = false;
    coin_seen_[coin] = true;
    if (log().enabled())
      log().add(std::string("the settlement on ") + square_name(square) +
                " is abandoned: " + coin_text(coin));
    if (coin_value(coin) == kAce) take_coin(square);
  }
  // "place that number of tokens in the square"; an Ace is removed and leaves one token.
  for (int s = 0; s < num_seats() && n_abandoned > 0; ++s) {
    std::array<int, kMaxSeats * kCoinValues> squares{}, need{};
    int k = 0;
    for (int value = kCoinValues - 1; value >= kAce; --value)  // highest number first
      for (int i = 0; i < n_abandoned; ++i)
        if (coin_of[std::size_t(i)] == make_coin(s, value)) {
          squares[std::size_t(k)] = abandoned[std::size_t(i)];
          need[std::size_t(k++)] = value == kAce ? 1 : value;
        }
    share_out(s, squares.data(), need.data(), k);
  }
  // The end: N settlements now and at the end of the round before.
  const int need = rules().settlements_to_win();
  int best = -1;
  std::array<int, kMaxSeats> now{};
  for (int s = 0; s < num_seats(); ++s) {
    now[std::size_t(s)] = settlements(s);
    if (now[std::size_t(s)] >= need && settlements_last_round_[std::size_t(s)] >= need)
      best = std::max(best, now[std::size_t(s)]);
  }
  if (best >= 0)
    for (int s = 0; s < num_seats(); ++s)
      if (now[std::size_t(s)] == best && settlements_last_round_[std::size_t(s)] >= need)
        winners_ |= uint8_t(1u << s);
  // Now the round that ended, the final one too: the game's end shows its counts.
  for (int s = 0; s < num_seats(); ++s)
    settlements_last_round_[std::size_t(s)] = uint8_t(now[std::size_t(s)]);
  if (best >= 0) {
    phase_ = Phase::kOver;
    log().add("the game is over");
    return;
  }
  if (round_ >= rules().max_rounds()) {
    phase_ = Phase::kOver;
    stopped_by_cap_ = true;
    log().add("the engine's round cap of " + std::to_string(rules().max_rounds()) +
              " rounds ends the game: no winner, every seat scores 0 (max_rounds, a limit for "
              "simulations, not a rule)");
    return;
  }
  begin_round();
}

void CultureWarsState::add_tokens(Seat seat, int square, int count) {
  assert(count <= reserve_tokens_[std::size_t(seat)]);
  tokens_[std::size_t(seat)][std::size_t(square)] =
      uint8_t(tokens_[std::size_t(seat)][std::size_t(square)] + count);
  reserve_tokens_[std::size_t(seat)] = uint8_t(reserve_tokens_[std::size_t(seat)] - count);
}

void CultureWarsState::remove_tokens(Seat seat, int square, int count) {
  assert(count <= tokens_[std::size_t(seat)][std::size_t(square)]);
  tokens_[std::size_t(seat)][std::size_t(square)] =
      uint8_t(tokens_[std::size_t(seat)][std::size_t(square)] - count);
  reserve_tokens_[std::size_t(seat)] = uint8_t(reserve_tokens_[std::size_t(seat)] + count);
}

void CultureWarsState::put_coin(int coin, int square, bool suit_up) {
  coin_at_[std::size_t(square)] = uint8_t(coin);
  suit_up_[std::size_t(square)] = suit_up;
  coin_square_[std::size_t(coin)] = int16_t(square);
}

void CultureWarsState::take_coin(int square) {
  const uint8_t coin = coin_at_[std::size_t(square)];
  coin_square_[coin] = kNoSquare;
  coin_at_[std::size_t(square)] = kNoCoin;
  suit_up_[std::size_t(square)] = false;
}

bool CultureWarsState::boat_source(Seat seat, int square) const {
  auto own_coastal_settlement = [&](int s) {
    const uint8_t coin = coin_at_[std::size_t(s)];
    return coin != kNoCoin && suit_up_[std::size_t(s)] && coin_seat(coin) == seat && coastal(s);
  };
  if (own_coastal_settlement(square)) return true;
  for (int d = 0; d < 4; ++d) {
    const int n = neighbour(square, d);
    if (n >= 0 && own_coastal_settlement(n)) return true;
  }
  return false;
}

void CultureWarsState::boat_destinations(Seat seat, int from,
                                         std::array<bool, kSquares>& to) const {
  // From a square on or next to a friendly coastal settlement S, to a square next to another
  // settlement T that lies on one of S's seas, the square itself coastal on that same sea.
  auto seas_of = [&](int square, uint8_t* seas) {
    int n = 0;
    for (int d = 0; d < 4; ++d) {
      const int m = neighbour(square, d);
      if (m < 0 || land_[std::size_t(m)]) continue;
      const uint8_t id = sea_[std::size_t(m)];
      if (std::find(seas, seas + n, id) == seas + n) seas[n++] = id;
    }
    return n;
  };
  int sources[5];
  int ns = 0;
  auto consider = [&](int s) {
    const uint8_t coin = coin_at_[std::size_t(s)];
    if (coin != kNoCoin && suit_up_[std::size_t(s)] && coin_seat(coin) == seat && coastal(s))
      sources[ns++] = s;
  };
  consider(from);
  for (int d = 0; d < 4; ++d) {
    const int n = neighbour(from, d);
    if (n >= 0) consider(n);
  }
  for (int i = 0; i < ns; ++i) {
    uint8_t source_seas[4];
    const int nss = seas_of(sources[i], source_seas);
    for (int t = 0; t < kSquares; ++t) {
      const uint8_t coin = coin_at_[std::size_t(t)];
      if (t == sources[i] || coin == kNoCoin || !suit_up_[std::size_t(t)]) continue;
      uint8_t target_seas[4];
      const int nts = seas_of(t, target_seas);
      uint8_t shared[4];
      int nshared = 0;
      for (int a = 0; a < nss; ++a)
        if (std::find(target_seas, target_seas + nts, source_seas[a]) != target_seas + nts)
          shared[nshared++] = source_seas[a];
      if (nshared == 0) continue;
      for (int d = 0; d < 4; ++d) {
        const int landing = neighbour(t, d);
        if (landing < 0 || landing == from || !land_[std::size_t(landing)]) continue;
        uint8_t landing_seas[4];
        const int nls = seas_of(landing, landing_seas);
        for (int a = 0; a < nls; ++a)
          if (std::find(shared, shared + nshared, landing_seas[a]) != shared + nshared)
            to[std::size_t(landing)] = true;
      }
    }
  }
}

void CultureWarsState::step_moves(MoveList& out) const {
  const Seat seat = to_move_;
  std::array<bool, kSquares> to;
  auto emit = [&](int from, int dest, int free) {
    for (int count = 1; count <= free; ++count) out.push_back(make_move(kStep, from, dest, count));
  };
  const auto& mine = tokens_[std::size_t(seat)];
  for (int from = 0; from < kSquares; ++from) {
    // A seat's tokens stand on a few dozen of the squares: skip eight empty ones at a time.
    if (from % 8 == 0 && from + 8 <= kSquares) {
      uint64_t eight;
      std::memcpy(&eight, mine.data() + from, sizeof eight);
      if (eight == 0) {
        from += 7;
        continue;
      }
    }
    const int free = mine[std::size_t(from)] - moved_[std::size_t(from)];
    if (free <= 0) continue;
    // The land squares next to it, in ascending order as the boat case's scan lists them.
    std::array<int, 4> next;
    int count = 0;
    for (int d = 0; d < 4; ++d) {
      const int n = neighbour(from, d);
      if (n < 0 || !land_[std::size_t(n)]) continue;
      int i = count++;
      for (; i > 0 && next[std::size_t(i - 1)] > n; --i)
        next[std::size_t(i)] = next[std::size_t(i - 1)];
      next[std::size_t(i)] = n;
    }
    if (!boat_source(seat, from)) {
      for (int i = 0; i < count; ++i) emit(from, next[std::size_t(i)], free);
      continue;
    }
    to.fill(false);
    for (int i = 0; i < count; ++i) to[std::size_t(next[std::size_t(i)])] = true;
    boat_destinations(seat, from, to);
    for (int dest = 0; dest < kSquares; ++dest)
      if (to[std::size_t(dest)]) emit(from, dest, free);
  }
}

void CultureWarsState::settle_moves(MoveList& out) const {
  const Seat seat = to_move_;
  const bool ace_home = coin_square_[make_coin(seat, kAce)] == kNoSquare;
  // The reserve coins this seat could put on another suit's coin.
  bool known[kCoinValues] = {};
  bool any_known = false;
  for (int v = 1; v < kCoinValues; ++v) {
    const uint8_t coin = make_coin(seat, v);
    if (coin_square_[coin] == kNoSquare && coin_seen_[coin]) known[v] = any_known = true;
  }
  const bool any_unseen = reserve_coins_unseen(seat) > 0;
  for (int square = 0; square < kSquares; ++square) {
    const int t = tokens_[std::size_t(seat)][std::size_t(square)];
    if (t < 5) continue;
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin == kNoCoin) {
      if (t >= 10 && ace_home) out.push_back(make_move(kSettle, square, 0, 0, kChooseOwnCoin));
      continue;
    }
    if (suit_up_[std::size_t(square)]) continue;
    if (coin_seat(coin) == seat || (!any_known && !any_unseen)) {
      out.push_back(make_move(kSettle, square, 0, 0, kChooseOwnCoin));
      continue;
    }
    for (int v = 1; v < kCoinValues; ++v)
      if (known[v]) out.push_back(make_move(kSettle, square, 0, 0, v));
    if (any_unseen) out.push_back(make_move(kSettle, square, 0, 0, kChooseUnseen));
  }
}

}  // namespace tabletop::culture_wars
