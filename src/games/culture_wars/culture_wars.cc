#include "games/culture_wars/culture_wars.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <sstream>

namespace tabletop::culture_wars {
namespace {

constexpr int kDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr const char* kPhaseNames[] = {"tile moves", "coin placement", "token placement",
                                       "expansion",  "movement",       "settlement",
                                       "over"};
constexpr int kAce = 1;

int coin_seat(uint8_t coin) {
  return coin / kCoinValues;
}
int coin_value(uint8_t coin) {
  return coin % kCoinValues;
}
uint8_t make_coin(int seat, int value) {
  return uint8_t(seat * kCoinValues + value);
}

// The orthogonal neighbour of `square` in direction d, or -1 outside the window.
int neighbour(int square, int d) {
  const int c = column_of(square) + kDirections[d][0], r = row_of(square) + kDirections[d][1];
  if (c < 0 || c >= kWidth || r < 0 || r >= kWidth) return -1;
  return square_at(c, r);
}

bool in_starting_footprint(int square) {
  const int c = column_of(square), r = row_of(square);
  return c >= kMapOrigin && c < kMapOrigin + 10 && r >= kMapOrigin && r < kMapOrigin + 10;
}

char seat_letter(int seat) {
  return char('A' + seat);
}

// Fewest tokens first (with the Technological Advantage rule: fewest settlements, `tech`, first),
// one token each in turn, equal counts together, until the square supports what is left or only
// one seat is left.
void resolve_counts(std::array<int, kMaxSeats>& count, const std::array<int, kMaxSeats>& tech,
                    int seats, int support) {
  int total = 0;
  for (int s = 0; s < seats; ++s) total += count[std::size_t(s)];
  auto present = [&] {
    int n = 0;
    for (int s = 0; s < seats; ++s) n += count[std::size_t(s)] > 0;
    return n;
  };
  while (total > support && present() >= 2) {
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
    for (int i = 0; i < n && total > support && present() >= 2;) {
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

}  // namespace

std::string square_name(int square) {
  return std::string(1, char('a' + column_of(square))) + std::to_string(row_of(square) + 1);
}

int square_of_name(std::string_view name) {
  if (name.size() < 2 || name.size() > 3) return -1;
  const char c = char(std::tolower(static_cast<unsigned char>(name[0])));
  if (c < 'a' || c >= 'a' + kWidth) return -1;
  int row = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return -1;
    row = row * 10 + (name[i] - '0');
  }
  if (row < 1 || row > kWidth) return -1;
  return square_at(c - 'a', row - 1);
}

// ---------------------------------------------------------------------------------------------
// CultureWarsGame

// The parameters: what entry() lists and what CultureWarsGame reads.
static const std::vector<ParamSpec>& param_specs() {
  static const std::vector<ParamSpec> specs = {
      {"players", ParamSpec::Type::kInt, 4, 2, 4, "2 to 4 players", "players"},
      {"tech_advantage", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "the optional Technological Advantage rule", "variant"},
      {"handicap_seat", ParamSpec::Type::kInt, -1, -1, kMaxSeats - 1,
       "this seat places a third token in setup (the text's handicap); -1: none; below players",
       "variant"},
      {"max_rounds", ParamSpec::Type::kInt, kDefaultMaxRounds, 1, 100000,
       "engine round cap (not a rule): the game then ends with no winner", "engine"}};
  return specs;
}

CultureWarsGame::CultureWarsGame(const json& params)
    : Game(entry().info, [&] {
        ParamReader reader("culture-wars", params);
        reader.get_all(param_specs());
        const int players = reader.value("players"), handicap = reader.value("handicap_seat");
        if (handicap >= players)
          reader.fail("handicap_seat", std::to_string(handicap) + " is out of range -1.." +
                                           std::to_string(players - 1) + " for " +
                                           std::to_string(players) + " players");
        return reader.finish();
      }()) {
  players_ = this->params()["players"];
  tech_advantage_ = this->params()["tech_advantage"];
  handicap_seat_ = this->params()["handicap_seat"];
  max_rounds_ = this->params()["max_rounds"];
}

std::unique_ptr<State> CultureWarsGame::new_initial_state(Chance chance) const {
  auto state = std::make_unique<CultureWarsState>(shared_from_this(), std::move(chance));
  state->lay_out_starting_map();
  state->mix_order();
  state->phase_ = Phase::kTileMoves;
  state->step_ = 0;
  state->to_move_ = state->order_[0];
  return state;
}

// ---------------------------------------------------------------------------------------------
// Setup

CultureWarsState::CultureWarsState(std::shared_ptr<const Game> game, Chance chance)
    : State(std::move(game), std::move(chance)) {
  coin_at_.fill(kNoCoin);
  coin_square_.fill(kNoSquare);
  for (int seat = 0; seat < kMaxSeats; ++seat) {
    reserve_tokens_[std::size_t(seat)] = kTokens;
    // The Null (turn-order lot) and the Ace (kept in front of its owner) are known to everyone.
    coin_seen_[std::size_t(make_coin(seat, 0))] = true;
    coin_seen_[std::size_t(make_coin(seat, kAce))] = true;
  }
}

const CultureWarsGame& CultureWarsState::rules() const {
  return static_cast<const CultureWarsGame&>(game());
}

int CultureWarsState::num_seats() const {
  return rules().num_players();
}

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
      text += std::string(" ") + seat_letter(order_[std::size_t(i)]);
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
  begin_token_placement();
}

void CultureWarsState::begin_token_placement() {
  phase_ = Phase::kTokenPlacement;
  step_ = 0;
  const Seat seat = order_[std::size_t(num_seats() - 1)];
  to_move_ = seat;
  tokens_to_place_ = seat == rules().handicap_seat() ? 3 : 2;
}

void CultureWarsState::advance_token_placement() {
  if (--tokens_to_place_ > 0) return;
  if (++step_ < num_seats()) {
    const Seat seat = order_[std::size_t(num_seats() - 1 - step_)];
    to_move_ = seat;
    tokens_to_place_ = seat == rules().handicap_seat() ? 3 : 2;
    return;
  }
  begin_round();
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
    if (squares == 0 || reserve_tokens_[std::size_t(seat)] == 0) continue;
    if (squares <= reserve_tokens_[std::size_t(seat)]) {
      for (int square = 0; square < kSquares; ++square)
        if (tokens_[std::size_t(seat)][std::size_t(square)] > 0) add_tokens(seat, square, 1);
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

void CultureWarsState::resolve_square(int square, int support, Seat defended_settlement) {
  std::array<int, kMaxSeats> count{};
  std::array<int, kMaxSeats> tech{};
  for (int s = 0; s < num_seats(); ++s) {
    count[std::size_t(s)] = tokens_[std::size_t(s)][std::size_t(square)];
    tech[std::size_t(s)] =
        rules().tech_advantage() ? settlements(s) + (s == defended_settlement) : 0;
  }
  resolve_counts(count, tech, num_seats(), support);
  for (int s = 0; s < num_seats(); ++s) {
    const int lost = tokens_[std::size_t(s)][std::size_t(square)] - count[std::size_t(s)];
    if (lost > 0) {
      remove_tokens(s, square, lost);
      if (log().enabled())
        log().add(std::string("conflict on ") + square_name(square) + ": " + seat_letter(s) +
                  " loses " + std::to_string(lost));
    }
  }
}

void CultureWarsState::resolve_conflicts() {
  // Tokens against tokens first, then tokens against settlements.
  for (int square = 0; square < kSquares; ++square) {
    if (!land_[std::size_t(square)]) continue;
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin != kNoCoin && suit_up_[std::size_t(square)]) continue;
    int total = 0;
    for (int s = 0; s < num_seats(); ++s) total += tokens_[std::size_t(s)][std::size_t(square)];
    if (seats_on(square) >= 2 && total > support_of(square))
      resolve_square(square, support_of(square));
  }
  for (int square = 0; square < kSquares; ++square) {
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin == kNoCoin || !suit_up_[std::size_t(square)]) continue;
    const Seat owner = coin_seat(coin);
    bool invaded = false;
    for (int s = 0; s < num_seats(); ++s)
      invaded |= s != owner && tokens_[std::size_t(s)][std::size_t(square)] > 0;
    if (!invaded) continue;
    // 1. The settlement is turned number side up; an Ace goes back to its owner.
    suit_up_[std::size_t(square)] = false;
    coin_seen_[coin] = true;
    if (log().enabled())
      log().add(std::string("the settlement on ") + square_name(square) +
                " is attacked: " + coin_text(coin));
    if (coin_value(coin) == kAce) take_coin(square);
    // 2. Five defenders from the owner's reserve, as many as there are.
    add_tokens(owner, square, std::min<int>(5, reserve_tokens_[std::size_t(owner)]));
    // 3. Resolved as tokens against tokens; with Technological Advantage the square still counts
    // as the owner's settlement.
    int total = 0;
    for (int s = 0; s < num_seats(); ++s) total += tokens_[std::size_t(s)][std::size_t(square)];
    if (seats_on(square) >= 2 && total > support_of(square))
      resolve_square(square, support_of(square), owner);
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
    log().add(std::string(1, seat_letter(seat)) + " builds a settlement of ten on " +
              square_name(square));
    return;
  }
  remove_tokens(seat, square, tokens_[std::size_t(seat)][std::size_t(square)]);
  if (coin_seat(coin) == seat) {
    suit_up_[std::size_t(square)] = true;
    log().add(std::string(1, seat_letter(seat)) + " settles on its own " + coin_text(coin) +
              " at " + square_name(square));
    return;
  }
  take_coin(square);  // handed to its owner
  if (choice == kChooseOwnCoin) {
    log().add(std::string(1, seat_letter(seat)) + " loots " + coin_text(coin) + " at " +
              square_name(square) + " (no coin in reserve)");
    return;
  }
  const int own = choice == kChooseUnseen ? draw_unseen_coin(seat) : make_coin(seat, choice);
  put_coin(uint8_t(own), square, true);
  log().add(std::string(1, seat_letter(seat)) + " takes " + coin_text(coin) + " at " +
            square_name(square) + " and settles with " +
            (coin_seen_[std::size_t(own)] ? coin_text(uint8_t(own)) : "an unseen coin"));
}

void CultureWarsState::end_round() {
  // 6. Excess population.
  for (int square = 0; square < kSquares; ++square) {
    if (!land_[std::size_t(square)]) continue;
    const int support = support_of(square);
    int total = 0;
    for (int s = 0; s < num_seats(); ++s) total += tokens_[std::size_t(s)][std::size_t(square)];
    if (total <= support) continue;
    if (support == 0 || seats_on(square) == 1) {
      for (int s = 0; s < num_seats(); ++s) {
        const int t = tokens_[std::size_t(s)][std::size_t(square)];
        if (t > support) remove_tokens(s, square, t - support);
      }
    } else {
      resolve_square(square, support);
    }
  }
  // 7. Unsupported settlements are abandoned.
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
    if (friends >= 5) continue;
    suit_up_[std::size_t(square)] = false;
    coin_seen_[coin] = true;
    if (log().enabled())
      log().add(std::string("the settlement on ") + square_name(square) +
                " is abandoned: " + coin_text(coin));
    if (coin_value(coin) == kAce) {
      take_coin(square);
      add_tokens(owner, square, std::min<int>(1, reserve_tokens_[std::size_t(owner)]));
    } else {
      add_tokens(owner, square,
                 std::min<int>(coin_value(coin), reserve_tokens_[std::size_t(owner)]));
    }
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
  if (best >= 0) {
    for (int s = 0; s < num_seats(); ++s)
      if (now[std::size_t(s)] == best && settlements_last_round_[std::size_t(s)] >= need)
        winners_ |= uint8_t(1u << s);
    phase_ = Phase::kOver;
    log().add("the game is over");
    return;
  }
  for (int s = 0; s < num_seats(); ++s)
    settlements_last_round_[std::size_t(s)] = uint8_t(now[std::size_t(s)]);
  if (round_ >= rules().max_rounds()) {
    phase_ = Phase::kOver;
    stopped_by_cap_ = true;
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

// ---------------------------------------------------------------------------------------------
// Moves

Seat CultureWarsState::current_player() const {
  return phase_ == Phase::kOver ? kTerminal : to_move_;
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
  // From a square on or next to a friendly coastal settlement S, to a coastal square next to
  // another settlement T that lies on one of S's seas.
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
      bool shared = false;
      for (int a = 0; a < nss && !shared; ++a)
        shared = std::find(target_seas, target_seas + nts, source_seas[a]) != target_seas + nts;
      if (!shared) continue;
      for (int d = 0; d < 4; ++d) {
        const int landing = neighbour(t, d);
        if (landing >= 0 && landing != from && coastal(landing)) to[std::size_t(landing)] = true;
      }
    }
  }
}

void CultureWarsState::step_moves(MoveList& out) const {
  const Seat seat = to_move_;
  std::array<bool, kSquares> to;
  for (int from = 0; from < kSquares; ++from) {
    const int free = tokens_[std::size_t(seat)][std::size_t(from)] - moved_[std::size_t(from)];
    if (free <= 0) continue;
    to.fill(false);
    for (int d = 0; d < 4; ++d) {
      const int n = neighbour(from, d);
      if (n >= 0 && land_[std::size_t(n)]) to[std::size_t(n)] = true;
    }
    if (boat_source(seat, from)) boat_destinations(seat, from, to);
    for (int dest = 0; dest < kSquares; ++dest)
      if (to[std::size_t(dest)])
        for (int count = 1; count <= free; ++count)
          out.push_back(make_move(kStep, from, dest, count));
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

void CultureWarsState::do_legal_moves(MoveList& out) const {
  switch (phase_) {
    case Phase::kTileMoves: {
      // A moved tile touches another: its lower-left square lies within two squares of the land.
      int c0 = kWidth, c1 = 0, r0 = kWidth, r1 = 0;
      for (int16_t origin : tile_origin_) {
        c0 = std::min(c0, column_of(origin));
        c1 = std::max(c1, column_of(origin) + 1);
        r0 = std::min(r0, row_of(origin));
        r1 = std::max(r1, row_of(origin) + 1);
      }
      c0 = std::max(c0 - 2, 0), r0 = std::max(r0 - 2, 0);
      c1 = std::min(c1 + 1, kWidth - 2), r1 = std::min(r1 + 1, kWidth - 2);
      for (int tile = 0; tile < kTiles; ++tile) {
        if (!tile_can_move(tile)) continue;
        for (int r = r0; r <= r1; ++r)
          for (int c = c0; c <= c1; ++c)
            if (tile_fits(tile, square_at(c, r)))
              out.push_back(make_move(kTileMove, tile_origin_[std::size_t(tile)], square_at(c, r)));
      }
      break;
    }
    case Phase::kCoinPlacement:
      for (int square = 0; square < kSquares; ++square)
        if (land_[std::size_t(square)] && coin_fits(square))
          out.push_back(make_move(kPlaceCoin, square));
      break;
    case Phase::kTokenPlacement:
      for (int square = 0; square < kSquares; ++square)
        if (land_[std::size_t(square)]) out.push_back(make_move(kPlaceToken, square));
      break;
    case Phase::kExpansion:
      for (int square = 0; square < kSquares; ++square)
        if (tokens_[std::size_t(to_move_)][std::size_t(square)] > 0 && !moved_[std::size_t(square)])
          out.push_back(make_move(kGrow, square));
      break;
    case Phase::kMovement:
      step_moves(out);
      out.push_back(make_move(kDone));
      break;
    case Phase::kSettlement:
      settle_moves(out);
      out.push_back(make_move(kDone));
      break;
    case Phase::kOver:
      break;
  }
}

std::string CultureWarsState::why_illegal(Move move) const {
  if (phase_ == Phase::kOver) return "the game is over";
  const MoveParts p = move_parts(move);
  static constexpr int kKindOfPhase[] = {kTileMove, kPlaceCoin, kPlaceToken, kGrow, kStep, kSettle};
  const int expected = kKindOfPhase[int(phase_)];
  if (p.kind != expected &&
      !(p.kind == kDone && (phase_ == Phase::kMovement || phase_ == Phase::kSettlement)))
    return std::string("it is the ") + kPhaseNames[int(phase_)] + " phase";
  // Checked directly (not by searching the legal moves): the same conditions as do_legal_moves.
  auto in_window = [](int square) { return square >= 0 && square < kSquares; };
  if (!in_window(p.from) || !in_window(p.to)) return "a square is outside the map's window";
  switch (p.kind) {
    case kTileMove: {
      int tile = -1;
      for (int t = 0; t < kTiles; ++t)
        if (tile_origin_[std::size_t(t)] == p.from) tile = t;
      if (tile < 0) return "no tile has its lower-left square on " + square_name(p.from);
      if (!tile_can_move(tile))
        return "the tile at " + square_name(p.from) + " is not next to the hole";
      if (!tile_fits(tile, p.to))
        return "the tile cannot go to " + square_name(p.to) +
               ": it must overlap no tile and share a square edge with another tile";
      return {};
    }
    case kPlaceCoin:
      if (!land_[std::size_t(p.from)]) return square_name(p.from) + " is not land";
      if (!coin_fits(p.from)) return square_name(p.from) + " is within two squares of another coin";
      return {};
    case kPlaceToken:
      return land_[std::size_t(p.from)] ? "" : square_name(p.from) + " is not land";
    case kGrow:
      if (tokens_[std::size_t(to_move_)][std::size_t(p.from)] == 0 || moved_[std::size_t(p.from)])
        return square_name(p.from) + " holds none of your tokens, or has grown already";
      return {};
    case kStep: {
      const int free =
          tokens_[std::size_t(to_move_)][std::size_t(p.from)] - moved_[std::size_t(p.from)];
      if (p.count < 1 || free < p.count)
        return square_name(p.from) + " has " + std::to_string(std::max(free, 0)) +
               " of your tokens that have not moved this round";
      if (!land_[std::size_t(p.to)]) return square_name(p.to) + " is not land";
      for (int d = 0; d < 4; ++d)
        if (neighbour(p.from, d) == p.to) return {};
      if (boat_source(to_move_, p.from)) {
        std::array<bool, kSquares> by_boat{};
        boat_destinations(to_move_, p.from, by_boat);
        if (by_boat[std::size_t(p.to)]) return {};
      }
      return "tokens step to an orthogonal neighbour, or sail from your coastal settlement to a "
             "coastal square "
             "next to another settlement on the same sea: " +
             square_name(p.from) + " to " + square_name(p.to) + " is neither";
    }
    case kSettle: {
      MoveList legal;
      settle_moves(legal);
      if (legal.contains(move)) return {};
      return "you cannot settle on " + square_name(p.from) +
             " that way: ten of your tokens on an empty square (with your Ace at home), or five on "
             "a coin, "
             "and a coin you hold for another suit's coin";
    }
    case kDone:
      return {};
    default:
      return move_to_string(move) + " is not a legal move here";
  }
}

void CultureWarsState::do_apply(Move move) {
  assert(why_illegal(move).empty());
  const MoveParts p = move_parts(move);
  const Seat seat = to_move_;
  switch (p.kind) {
    case kTileMove: {
      for (int t = 0; t < kTiles; ++t) {
        if (tile_origin_[std::size_t(t)] != p.from) continue;
        for (int k = 0; k < 4; ++k) land_[std::size_t(p.from + (k % 2) + (k / 2) * kWidth)] = false;
        for (int k = 0; k < 4; ++k) land_[std::size_t(p.to + (k % 2) + (k / 2) * kWidth)] = true;
        tile_origin_[std::size_t(t)] = int16_t(p.to);
        break;
      }
      if (log().enabled())
        log().add(std::string(1, seat_letter(seat)) + " moves the tile at " + square_name(p.from) +
                  " to " + square_name(p.to));
      if (++step_ < rules().setup_tile_moves()) {
        to_move_ = order_[std::size_t(step_ % num_seats())];
      } else {
        compute_seas();
        phase_ = Phase::kCoinPlacement;
        step_ = 0;
        advance_coin_placement();
      }
      break;
    }
    case kPlaceCoin: {
      const int coin = draw_unseen_coin(seat);
      put_coin(coin, p.from, true);
      log().add(std::string(1, seat_letter(seat)) + " places a coin suit side up on " +
                square_name(p.from));
      ++step_;
      advance_coin_placement();
      break;
    }
    case kPlaceToken:
      if (log().enabled())
        log().add(std::string(1, seat_letter(seat)) + " places a token on " + square_name(p.from));
      add_tokens(seat, p.from, 1);
      advance_token_placement();
      break;
    case kGrow:
      if (log().enabled())
        log().add(std::string(1, seat_letter(seat)) + " grows on " + square_name(p.from));
      add_tokens(seat, p.from, 1);
      moved_[std::size_t(p.from)] = 1;
      if (reserve_tokens_[std::size_t(seat)] == 0) {
        phase_ = Phase::kExpansion;
        ++step_;
        advance_expansion();
      }
      break;
    case kStep:
      if (log().enabled())
        log().add(std::string(1, seat_letter(seat)) + " moves " + std::to_string(p.count) +
                  " token" + (p.count > 1 ? "s " : " ") + square_name(p.from) + "-" +
                  square_name(p.to));
      remove_tokens(seat, p.from, p.count);
      add_tokens(seat, p.to, p.count);
      moved_[std::size_t(p.to)] = uint8_t(moved_[std::size_t(p.to)] + p.count);
      break;
    case kSettle:
      settle(seat, p.from, p.choice);
      if (!can_settle_anywhere(seat)) {
        ++step_;
        advance_settlement();
      }
      break;
    case kDone:
      log().add(std::string(1, seat_letter(seat)) + " is done " +
                (phase_ == Phase::kMovement ? "moving" : "settling"));
      ++step_;
      if (phase_ == Phase::kMovement)
        advance_movement();
      else
        advance_settlement();
      break;
  }
}

Returns CultureWarsState::returns() const {
  Returns r{};
  if (phase_ != Phase::kOver || winners_ == 0) return r;
  const int n = num_seats();
  for (int s = 0; s < n; ++s) r[std::size_t(s)] = (winners_ >> s & 1) ? 1.0 : -1.0 / (n - 1);
  return r;
}

struct CultureWarsState::RoundEnd {
  std::array<std::array<uint8_t, kSquares>, kMaxSeats> tokens;
  std::array<uint8_t, kSquares> coin;  // kNoCoin once an Ace went home or a coin was looted
  std::array<int8_t, kSquares> owner;  // the seat whose settlement stands here, or -1
  std::array<int8_t, kSquares> support;
  std::array<int, kMaxSeats> reserve;
  std::array<int, kMaxSeats> lost_friends;  // supporters of settlements abandoned
  std::array<int16_t, kTiles * 4> land;
};

void CultureWarsState::project_round_end(RoundEnd& e) const {
  const int n = num_seats();
  e.tokens = tokens_;
  e.coin = coin_at_;
  e.owner.fill(-1);
  for (int s = 0; s < n; ++s) {
    e.reserve[std::size_t(s)] = reserve_tokens_[std::size_t(s)];
    e.lost_friends[std::size_t(s)] = 0;
  }
  int lands = 0;
  for (int16_t origin : tile_origin_)
    for (int k = 0; k < 4; ++k)
      e.land[std::size_t(lands++)] = int16_t(origin + k % 2 + k / 2 * kWidth);
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
    resolve_counts(count, tech, n, e.support[std::size_t(square)]);
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
    // 4. Conflicts: tokens against tokens, then tokens in a settlement.
    for (int16_t square : e.land)
      if (e.owner[std::size_t(square)] < 0 && seats_here(square, total) >= 2 &&
          total > e.support[std::size_t(square)])
        resolve(square);
    for (int16_t square : e.land) {
      const int owner = e.owner[std::size_t(square)];
      if (owner < 0 ||
          seats_here(square, total) == (e.tokens[std::size_t(owner)][std::size_t(square)] > 0))
        continue;
      turn_over(square);
      put(owner, square, 5);
      if (seats_here(square, total) >= 2 && total > e.support[std::size_t(square)]) resolve(square);
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

bool CultureWarsState::estimate_returns(Returns& out) const {
  if (phase_ == Phase::kOver) {
    out = returns();
    return true;
  }
  RoundEnd e;
  project_round_end(e);
  const int n = num_seats(), need = rules().settlements_to_win();
  auto at = [&](int s, int square) {  // off the window (a map at its edge): none
    return square < 0 || square >= kSquares ? 0
                                            : int(e.tokens[std::size_t(s)][std::size_t(square)]);
  };
  std::array<double, kMaxSeats> score{};
  std::array<int, kMaxSeats> held{};
  // The best candidate coins of each seat: value, and whether it is another suit's coin (which
  // takes one of the seat's reserve coins).
  std::array<std::array<std::pair<double, bool>, 8>, kMaxSeats> best{};
  std::array<int, kMaxSeats> occupied{};
  std::array<int8_t, kSquares> dist;     // steps from a coin's 3x3 block
  std::array<int16_t, kTiles * 4> path;  // the squares at 1 to 5 steps, nearest first
  // Seats that can still move tokens this round (movement runs in reverse order).
  std::array<bool, kMaxSeats> moves_left{};
  for (int i = 0; i < n; ++i)
    moves_left[order_[std::size_t(i)]] =
        phase_ == Phase::kExpansion || (phase_ == Phase::kMovement && n - 1 - i >= step_);
  for (int s = 0; s < n; ++s) score[std::size_t(s)] = 0.4 * e.lost_friends[std::size_t(s)];
  for (int16_t square : e.land) {
    for (int s = 0; s < n; ++s)
      if (at(s, square) > 0) {
        ++occupied[std::size_t(s)];
        score[std::size_t(s)] += 0.03 * at(s, square);
      }
    const int owner = e.owner[std::size_t(square)];
    if (owner >= 0) {
      int friends = 0;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc)
          if (dr || dc) friends += at(owner, square + dr * kWidth + dc);
      ++held[std::size_t(owner)];
      score[std::size_t(owner)] += 10 + 0.1 * std::min(2, friends - 5);
      continue;
    }
    const uint8_t coin = e.coin[std::size_t(square)];
    if (coin == kNoCoin) continue;
    int room = 0;  // supporters the eight squares around can keep: a coin without five is no use
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int sq = square + dr * kWidth + dc;
        if ((dr || dc) && sq >= 0 && sq < kSquares && land_[std::size_t(sq)])
          room += e.support[std::size_t(sq)];
      }
    if (room < 5) continue;
    // Steps over land from the 3x3 block, up to five (the squares reached, in order).
    dist.fill(-1);
    int reached = 0;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int sq = square + dr * kWidth + dc;
        if (sq >= 0 && sq < kSquares && land_[std::size_t(sq)]) dist[std::size_t(sq)] = 0;
      }
    for (int dr = -1; dr <= 1; ++dr)  // the block's squares seed the search but are not listed
      for (int dc = -1; dc <= 1; ++dc) {
        const int sq = square + dr * kWidth + dc;
        if (sq < 0 || sq >= kSquares || !land_[std::size_t(sq)]) continue;
        for (int d = 0; d < 4; ++d) {
          const int next = neighbour(sq, d);
          if (next < 0 || !land_[std::size_t(next)] || dist[std::size_t(next)] >= 0) continue;
          dist[std::size_t(next)] = 1;
          path[std::size_t(reached++)] = int16_t(next);
        }
      }
    for (int i = 0; i < reached; ++i) {
      const int sq = path[std::size_t(i)];
      if (dist[std::size_t(sq)] >= 5) continue;
      for (int d = 0; d < 4; ++d) {
        const int next = neighbour(sq, d);
        if (next < 0 || !land_[std::size_t(next)] || dist[std::size_t(next)] >= 0) continue;
        dist[std::size_t(next)] = int8_t(dist[std::size_t(sq)] + 1);
        path[std::size_t(reached++)] = int16_t(next);
      }
    }
    // A resource coin: how close each seat is to settling it at the next round's end.
    for (int s = 0; s < n; ++s) {
      if (coin_seat(coin) != s) {
        bool reserve_coin = false;
        for (int v = 1; v < kCoinValues; ++v)
          reserve_coin |= coin_square_[make_coin(s, v)] == kNoSquare;
        if (!reserve_coin) continue;
      }
      const bool grows = e.reserve[std::size_t(s)] > 0;
      auto grown = [&](int sq) { return at(s, sq) + (grows && at(s, sq) > 0); };
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
      std::array<int, 8> steps{};
      for (int i = 0; i < reached; ++i)
        steps[std::size_t(dist[std::size_t(path[std::size_t(i)])])] += at(s, path[std::size_t(i)]);
      int missing = 10 - std::min(5, on) - std::min(5, ring);
      for (int d = 1; d < 6 && missing > 0; ++d) {
        const int fetched = std::min(missing, steps[std::size_t(d)]);
        near += fetched * (0.6 - 0.1 * d);
        missing -= fetched;
      }
      double value = 0.6 * (std::min(5, on) + std::min(5, ring) + near);
      if (moves_left[std::size_t(s)] && !suit_up_[std::size_t(square)]) {
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
      auto& top = best[std::size_t(s)];
      for (std::pair<double, bool> v{value, coin_seat(coin) != s}; auto& b : top)
        if (v.first > b.first) std::swap(v, b);
    }
  }
  for (int s = 0; s < n; ++s) {
    const int h = held[std::size_t(s)], last = settlements_last_round_[std::size_t(s)];
    score[std::size_t(s)] += 3.0 * std::min(h, last) + (h >= need && last >= need ? 40.0 : 0.0);
    const int lacking = std::max(0, need - h);
    score[std::size_t(s)] += 0.15 * std::min(occupied[std::size_t(s)], e.reserve[std::size_t(s)]);
    int foreign = 0, counted = 0;
    for (int v = 1; v < kCoinValues; ++v) foreign += coin_square_[make_coin(s, v)] == kNoSquare;
    for (const auto& [value, other_suit] : best[std::size_t(s)]) {
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

std::unique_ptr<State> CultureWarsState::clone() const {
  return std::make_unique<CultureWarsState>(*this);
}

std::string CultureWarsState::move_to_string(Move move) const {
  const MoveParts p = move_parts(move);
  switch (p.kind) {
    case kTileMove:
      return "tile:" + square_name(p.from) + "-" + square_name(p.to);
    case kPlaceCoin:
      return "coin:" + square_name(p.from);
    case kPlaceToken:
      return "token:" + square_name(p.from);
    case kGrow:
      return "grow:" + square_name(p.from);
    case kStep:
      return (p.count > 1 ? std::to_string(p.count) : "") + square_name(p.from) + "-" +
             square_name(p.to);
    case kSettle: {
      std::string text = "settle:" + square_name(p.from);
      if (p.choice == kChooseUnseen)
        text += "=?";
      else if (p.choice == kAce)
        text += "=a";
      else if (p.choice > 0)
        text += "=" + std::to_string(p.choice);
      return text;
    }
    case kDone:
      return "done";
    default:
      return "?";
  }
}

Move CultureWarsState::parse_move(std::string_view raw) const {
  std::string text;
  for (char c : raw)
    if (!std::isspace(static_cast<unsigned char>(c)))
      text += char(std::tolower(static_cast<unsigned char>(c)));
  auto square = [&](const std::string& name) {
    const int s = square_of_name(name);
    if (s < 0)
      throw BadMove("'" + name +
                    "' is not a square: columns a-z, rows 1-26 (the map starts at i9-r18)");
    return s;
  };
  auto split = [&](const std::string& body) {
    const auto dash = body.find('-');
    if (dash == std::string::npos)
      throw BadMove("'" + std::string(raw) + "' needs two squares joined by '-'");
    return std::pair{square(body.substr(0, dash)), square(body.substr(dash + 1))};
  };
  if (text == "done" || text == "end" || text == "pass") return make_move(kDone);
  const auto colon = text.find(':');
  if (colon != std::string::npos) {
    const std::string word = text.substr(0, colon), body = text.substr(colon + 1);
    if (word == "tile") {
      const auto [from, to] = split(body);
      return make_move(kTileMove, from, to);
    }
    if (word == "coin") return make_move(kPlaceCoin, square(body));
    if (word == "token") return make_move(kPlaceToken, square(body));
    if (word == "grow") return make_move(kGrow, square(body));
    if (word == "settle") {
      const auto eq = body.find('=');
      int choice = kChooseOwnCoin;
      if (eq != std::string::npos) {
        const std::string v = body.substr(eq + 1);
        if (v == "?")
          choice = kChooseUnseen;
        else if (v == "a" || v == "1")
          choice = kAce;
        else if (v.size() == 1 && v[0] >= '2' && v[0] <= '5')
          choice = v[0] - '0';
        else
          throw BadMove("'" + v + "' is not a coin to settle with: use a, 2-5 or ?");
      }
      return make_move(kSettle, square(body.substr(0, eq)), 0, 0, choice);
    }
    throw BadMove("'" + word + "' is not a move word: use tile, coin, token, grow or settle");
  }
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  const int count = digits ? std::stoi(text.substr(0, std::min<std::size_t>(digits, 3))) : 1;
  if (count < 1 || count > kTokens)
    throw BadMove("'" + std::string(raw) + "': a count of 1 to 36 tokens");
  const auto [from, to] = split(text.substr(digits));
  return make_move(kStep, from, to, count);
}

std::string CultureWarsState::coin_text(uint8_t coin) const {
  static constexpr const char* kValues[] = {"Null", "Ace", "2", "3", "4", "5"};
  return std::string(kValues[coin_value(coin)]) + " of " + seat_letter(coin_seat(coin));
}

// ---------------------------------------------------------------------------------------------
// Views

std::vector<std::string> CultureWarsState::move_places(Move move) const {
  const MoveParts p = move_parts(move);
  switch (p.kind) {
    case kTileMove:
    case kStep:
      return {square_name(p.from), square_name(p.to)};
    case kPlaceCoin:
    case kPlaceToken:
    case kGrow:
    case kSettle:
      return {square_name(p.from)};
    default:
      return {};
  }
}

std::vector<std::string> CultureWarsGame::board_places() const {
  std::vector<std::string> places;
  for (int square = 0; square < kSquares; ++square) places.push_back(square_name(square));
  return places;
}

json CultureWarsState::observation(Seat viewer) const {
  json tiles = json::array();
  std::array<int16_t, kTiles> sorted = tile_origin_;
  std::sort(sorted.begin(), sorted.end());
  for (int16_t origin : sorted) tiles.push_back(square_name(origin));
  json coins = json::array();
  json tokens = json::array();
  json reserves = json::array();
  for (int square = 0; square < kSquares; ++square) {
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin == kNoCoin) continue;
    json c{{"square", square_name(square)},
           {"suit", coin_seat(coin)},
           {"face", suit_up_[std::size_t(square)] ? "suit" : "number"}};
    c["value"] = coin_seen_[coin] ? json(coin_value(coin)) : json(nullptr);
    coins.push_back(c);
  }
  for (int s = 0; s < num_seats(); ++s) {
    json on_map = json::object();
    for (int square = 0; square < kSquares; ++square)
      if (tokens_[std::size_t(s)][std::size_t(square)])
        on_map[square_name(square)] = tokens_[std::size_t(s)][std::size_t(square)];
    tokens.push_back(on_map);
    json known = json::array();
    for (int v = 1; v < kCoinValues; ++v) {
      const uint8_t coin = make_coin(s, v);
      if (coin_square_[coin] == kNoSquare && coin_seen_[coin]) known.push_back(v);
    }
    reserves.push_back({{"tokens", reserve_tokens_[std::size_t(s)]},
                        {"coins", known},
                        {"unseen_coins", reserve_coins_unseen(s)},
                        {"settlements", settlements(s)},
                        {"settlements_last_round", settlements_last_round_[std::size_t(s)]}});
  }
  json order = json::array();
  for (int i = 0; i < num_seats(); ++i) order.push_back(order_[std::size_t(i)]);
  json obs{{"game", "culture-wars"}, {"round", round_},   {"phase", kPhaseNames[int(phase_)]},
           {"order", order},         {"tiles", tiles},    {"coins", coins},
           {"tokens", tokens},       {"seats", reserves}, {"terminal", phase_ == Phase::kOver}};
  obs["to_move"] = phase_ == Phase::kOver ? json(nullptr) : json(to_move_);
  if (phase_ == Phase::kMovement || phase_ == Phase::kExpansion) {
    json moved = json::object();
    for (int square = 0; square < kSquares; ++square)
      if (moved_[std::size_t(square)]) moved[square_name(square)] = moved_[std::size_t(square)];
    obs[phase_ == Phase::kMovement ? "moved" : "grown"] = moved;
  }
  if (phase_ == Phase::kTokenPlacement) obs["tokens_to_place"] = tokens_to_place_;
  if (phase_ == Phase::kOver) {
    json winners = json::array();
    for (int s = 0; s < num_seats(); ++s)
      if (winners_ >> s & 1) winners.push_back(s);
    obs["winners"] = winners;
    obs["stopped_by_round_cap"] = stopped_by_cap_;
  }
  return obs;
}

std::string CultureWarsState::render(Seat viewer) const {
  int c0 = kWidth, c1 = 0, r0 = kWidth, r1 = 0;
  for (int square = 0; square < kSquares; ++square)
    if (land_[std::size_t(square)]) {
      c0 = std::min(c0, column_of(square));
      c1 = std::max(c1, column_of(square));
      r0 = std::min(r0, row_of(square));
      r1 = std::max(r1, row_of(square));
    }
  std::ostringstream out;
  out << "Culture Wars — round " << round_ << ", " << kPhaseNames[int(phase_)];
  if (phase_ != Phase::kOver)
    out << ", seat " << seat_letter(to_move_) << " (" << to_move_ << ") to move";
  out << "\n  cells: coin (2-5 resource, A-D settlement of that seat, ? unseen), then tokens (a3 = "
         "seat A's 3; "
         "+5 = several seats)\n     ";
  for (int c = c0; c <= c1; ++c) out << ' ' << char('a' + c) << "   ";
  out << "\n";
  for (int r = r1; r >= r0; --r) {
    char label[16];
    std::snprintf(label, sizeof label, "%3d ", r + 1);
    out << label;
    for (int c = c0; c <= c1; ++c) {
      const int square = square_at(c, r);
      if (!land_[std::size_t(square)]) {
        out << " ~~~ ";
        continue;
      }
      const uint8_t coin = coin_at_[std::size_t(square)];
      char coin_char = '.';
      if (coin != kNoCoin) {
        if (suit_up_[std::size_t(square)])
          coin_char = phase_ == Phase::kCoinPlacement ? '?' : seat_letter(coin_seat(coin));
        else
          coin_char = char('0' + coin_value(coin));
      }
      int seats = 0, total = 0, only = 0;
      for (int s = 0; s < num_seats(); ++s)
        if (tokens_[std::size_t(s)][std::size_t(square)]) {
          ++seats;
          total += tokens_[std::size_t(s)][std::size_t(square)];
          only = s;
        }
      char cell[32];
      if (seats == 0)
        std::snprintf(cell, sizeof cell, " %c   ", coin_char);
      else if (seats == 1)
        std::snprintf(cell, sizeof cell, " %c%c%-2d", coin_char, char('a' + only), total);
      else
        std::snprintf(cell, sizeof cell, " %c+%-2d", coin_char, total);
      out << cell;
    }
    out << "\n";
  }
  for (int s = 0; s < num_seats(); ++s) {
    out << " seat " << seat_letter(s) << " (" << s << "): reserve "
        << int(reserve_tokens_[std::size_t(s)]) << " tokens, settlements " << settlements(s)
        << " (last round " << int(settlements_last_round_[std::size_t(s)]) << ")\n";
  }
  if (phase_ == Phase::kOver) {
    out << " Game over:";
    if (!winners_) out << " no winner (engine round cap)";
    for (int s = 0; s < num_seats(); ++s)
      if (winners_ >> s & 1) out << " seat " << seat_letter(s) << " wins";
    out << "\n";
  }
  return out.str();
}

void CultureWarsState::check_invariants() const {
  std::array<int, kSquares> cover{};
  for (int16_t origin : tile_origin_)
    for (int k = 0; k < 4; ++k) ++cover[std::size_t(origin + (k % 2) + (k / 2) * kWidth)];
  for (int square = 0; square < kSquares; ++square) {
    if (cover[std::size_t(square)] > 1)
      throw InvariantError("culture-wars: tiles overlap on " + square_name(square));
    if ((cover[std::size_t(square)] == 1) != land_[std::size_t(square)])
      throw InvariantError("culture-wars: land does not match the tiles on " + square_name(square));
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin != kNoCoin && coin_square_[coin] != square)
      throw InvariantError("culture-wars: coin bookkeeping differs on " + square_name(square));
    if (!land_[std::size_t(square)]) {
      if (coin != kNoCoin) throw InvariantError("culture-wars: a coin lies in the sea");
      for (int s = 0; s < kMaxSeats; ++s)
        if (tokens_[std::size_t(s)][std::size_t(square)])
          throw InvariantError("culture-wars: tokens in the sea");
    }
  }
  for (int coin = 0; coin < kMaxSeats * kCoinValues; ++coin) {
    const int square = coin_square_[std::size_t(coin)];
    if (square != kNoSquare && coin_at_[std::size_t(square)] != coin)
      throw InvariantError("culture-wars: a coin is in two places");
    if (coin_value(uint8_t(coin)) == 0 && square != kNoSquare)
      throw InvariantError("culture-wars: a Null on the map");
  }
  for (int s = 0; s < kMaxSeats; ++s) {
    int total = reserve_tokens_[std::size_t(s)];
    for (int square = 0; square < kSquares; ++square)
      total += tokens_[std::size_t(s)][std::size_t(square)];
    if (total != kTokens) throw InvariantError("culture-wars: a seat's tokens do not add up to 36");
  }
}

json CultureWarsState::state_json() const {
  json tokens = json::array();
  for (int s = 0; s < num_seats(); ++s) {
    json pairs = json::array();
    for (int square = 0; square < kSquares; ++square)
      if (tokens_[std::size_t(s)][std::size_t(square)])
        pairs.push_back({square, tokens_[std::size_t(s)][std::size_t(square)]});
    tokens.push_back(pairs);
  }
  json moved = json::array();
  for (int square = 0; square < kSquares; ++square)
    if (moved_[std::size_t(square)]) moved.push_back({square, moved_[std::size_t(square)]});
  json coins = json::array();
  for (int coin = 0; coin < num_seats() * kCoinValues; ++coin) {
    const int square = coin_square_[std::size_t(coin)];
    coins.push_back({square, coin_seen_[std::size_t(coin)],
                     square != kNoSquare && suit_up_[std::size_t(square)]});
  }
  return json{
      {"tiles", std::vector<int>(tile_origin_.begin(), tile_origin_.end())},
      {"tokens", tokens},
      {"reserve_tokens",
       std::vector<int>(reserve_tokens_.begin(), reserve_tokens_.begin() + num_seats())},
      {"coins", coins},
      {"phase", int(phase_)},
      {"order", std::vector<int>(order_.begin(), order_.begin() + num_seats())},
      {"step", step_},
      {"to_move", to_move_},
      {"round", round_},
      {"moved", moved},
      {"settlements_last_round", std::vector<int>(settlements_last_round_.begin(),
                                                  settlements_last_round_.begin() + num_seats())},
      {"tokens_to_place", tokens_to_place_},
      {"winners", winners_},
      {"stopped_by_round_cap", stopped_by_cap_}};
}

std::unique_ptr<State> CultureWarsGame::restore_state(const json& f, Chance chance) const {
  auto s = std::make_unique<CultureWarsState>(shared_from_this(), std::move(chance));
  const int n = players_;
  const auto tiles = f.at("tiles").get<std::vector<int>>();
  if (tiles.size() != std::size_t(kTiles)) throw BadRecord("culture-wars: expected 24 tiles");
  for (int t = 0; t < kTiles; ++t) {
    const int origin = tiles[std::size_t(t)];
    if (origin < 0 || column_of(origin) + 1 >= kWidth || row_of(origin) + 1 >= kWidth)
      throw BadRecord("culture-wars: a tile lies outside the window");
    s->tile_origin_[std::size_t(t)] = int16_t(origin);
    for (int k = 0; k < 4; ++k) s->land_[std::size_t(origin + (k % 2) + (k / 2) * kWidth)] = true;
  }
  const json& tokens = f.at("tokens");
  for (int seat = 0; seat < n; ++seat)
    for (const json& pair : tokens.at(std::size_t(seat))) {
      const int square = pair.at(0).get<int>();
      if (square < 0 || square >= kSquares)
        throw BadRecord("culture-wars: a token square is out of range");
      s->tokens_[std::size_t(seat)][std::size_t(square)] = pair.at(1).get<uint8_t>();
    }
  const auto reserve = f.at("reserve_tokens").get<std::vector<int>>();
  const json& coins = f.at("coins");
  if (reserve.size() != std::size_t(n) || coins.size() != std::size_t(n * kCoinValues))
    throw BadRecord("culture-wars: seat arrays have the wrong length");
  for (int seat = 0; seat < n; ++seat)
    s->reserve_tokens_[std::size_t(seat)] = uint8_t(reserve[std::size_t(seat)]);
  for (int coin = 0; coin < n * kCoinValues; ++coin) {
    const json& c = coins.at(std::size_t(coin));
    const int square = c.at(0).get<int>();
    s->coin_seen_[std::size_t(coin)] = c.at(1).get<bool>();
    if (square == kNoSquare) continue;
    if (square < 0 || square >= kSquares)
      throw BadRecord("culture-wars: a coin square is out of range");
    s->put_coin(coin, square, c.at(2).get<bool>());
  }
  s->phase_ = Phase(f.at("phase").get<int>());
  if (int(s->phase_) > int(Phase::kOver)) throw BadRecord("culture-wars: unknown phase");
  const auto order = f.at("order").get<std::vector<int>>();
  if (order.size() != std::size_t(n)) throw BadRecord("culture-wars: order has the wrong length");
  for (int i = 0; i < n; ++i) s->order_[std::size_t(i)] = uint8_t(order[std::size_t(i)]);
  s->step_ = f.at("step").get<int>();
  s->to_move_ = f.at("to_move").get<int>();
  s->round_ = f.at("round").get<int>();
  for (const json& pair : f.at("moved")) {
    const int square = pair.at(0).get<int>();
    if (square < 0 || square >= kSquares)
      throw BadRecord("culture-wars: a moved square is out of range");
    s->moved_[std::size_t(square)] = pair.at(1).get<uint8_t>();
  }
  const auto last = f.at("settlements_last_round").get<std::vector<int>>();
  for (int i = 0; i < n && i < int(last.size()); ++i)
    s->settlements_last_round_[std::size_t(i)] = uint8_t(last[std::size_t(i)]);
  s->tokens_to_place_ = f.at("tokens_to_place").get<int>();
  s->winners_ = f.at("winners").get<uint8_t>();
  s->stopped_by_cap_ = f.at("stopped_by_round_cap").get<bool>();
  if (s->phase_ != Phase::kTileMoves) s->compute_seas();
  s->check_invariants();
  return s;
}

void CultureWarsState::sample_hidden(Seat viewer, Rng& rng) {
  // Nobody knows an unseen coin: permute each seat's unseen values among their places.
  for (int seat = 0; seat < num_seats(); ++seat) {
    uint8_t coins[4];
    int16_t places[4];
    int n = 0;
    for (int v = 2; v < kCoinValues; ++v) {
      const uint8_t coin = make_coin(seat, v);
      if (coin_seen_[coin]) continue;
      coins[n] = coin;
      places[n++] = coin_square_[coin];
    }
    for (int i = n - 1; i > 0; --i) std::swap(places[i], places[rng.uniform(uint32_t(i + 1))]);
    for (int i = 0; i < n; ++i) {
      coin_square_[coins[i]] = places[i];
      if (places[i] != kNoSquare) coin_at_[std::size_t(places[i])] = coins[i];
    }
  }
}

GameEntry entry() {
  GameEntry e;
  e.info = GameInfo{"culture-wars", "Culture Wars", "culture-wars.txt", 2, 4, true, true};
  e.make = [](const json& params) -> std::shared_ptr<const Game> {
    return std::make_shared<CultureWarsGame>(params);
  };
  // Random play almost never wins (it would need three settlements held for two round ends): the
  // conformance suite's playouts stop at the engine's round cap after 3 rounds.
  e.test_params = {{"max_rounds", 3}};
  e.params = param_specs();
  e.places_choice =
      "how many tokens move (a step), or which coin settles another suit's coin (=3, =a, =?)";
  return e;
}

}  // namespace tabletop::culture_wars
