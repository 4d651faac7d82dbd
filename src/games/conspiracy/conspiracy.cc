#include "games/conspiracy/conspiracy.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

#include "games/conspiracy/conspiracy_internal.h"

namespace tabletop::conspiracy {
namespace {

// Value a coin or die shows when counted as a number: blank 0, spiral 1.
int value_of(int piece) {
  return rank_of(piece);
}

}  // namespace

std::string piece_name(int piece) {
  return std::string{kSuitLetters[suit_of(piece)], char('0' + rank_of(piece))};
}
std::string square_name(int sq) {
  return std::string(1, char('a' + square_col(sq))) + std::to_string(square_row(sq) + 1);
}
std::string position_name(int pos) {
  return std::string(1, kColumnLetters[pos_column(pos)]) +
         (pos_row(pos) == 0 ? std::string("P") : std::to_string(pos_row(pos)));
}
std::string direction_name(int dir) {
  return kDirNames[dir];
}

int square_toward(int sq, int dir) {
  const int r = square_row(sq) + kDirRow[dir], c = square_col(sq) + kDirCol[dir];
  if (r < 0 || r >= kSquareRows || c < 0 || c >= kSquareColumns) return -1;
  return r * kSquareColumns + c;
}

// ---------------------------------------------------------------------------------------------
// Game

// The parameters: what entry() lists and what ConspiracyGame reads.
static const std::vector<ParamSpec>& param_specs() {
  static const std::vector<ParamSpec> specs = {
      {"players", ParamSpec::Type::kInt, 4, 3, 5,
       "3, 4 or 5 (4 is the rulebook's count; 3 and 5 are variants)", "players"},
      {"progress_markers", ParamSpec::Type::kBool, true, std::nullopt, std::nullopt,
       "false plays without the progress marker (victory needs no earlier mark)", "variant"},
      {"max_rounds", ParamSpec::Type::kInt, kNoRoundCap, 0, 1000000,
       "simulation parameter, not a rule: 0 plays on until somebody wins (the rules start the "
       "next round); N > 0 ends the game after round N with no winner (simulations of random play)",
       "engine", ParamSpec::Setter::kAnyone, kNetworkMaxRounds},
      {"spiral_any_number", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "a wild spiral pointing at a coin to reveal counts as any number at all, not only 0-5 "
       "(Rulings 6)",
       "variant"}};
  return specs;
}

ConspiracyGame::ConspiracyGame(const json& params)
    : Game(entry().info, [&] {
        ParamReader reader("conspiracy", params);
        reader.get_all(param_specs());
        return reader.finish();
      }()) {
  players_ = this->params()["players"];
  markers_ = this->params()["progress_markers"];
  max_rounds_ = this->params()["max_rounds"];
  spiral_any_number_ = this->params()["spiral_any_number"];
}

std::unique_ptr<State> ConspiracyGame::new_initial_state(Chance chance) const {
  auto state = std::make_unique<ConspiracyState>(shared_from_this(), std::move(chance));
  state->setup();
  return state;
}

// ---------------------------------------------------------------------------------------------
// State basics

ConspiracyState::ConspiracyState(std::shared_ptr<const Game> game, Chance chance)
    : State(std::move(game), std::move(chance)) {
  coin_at_.fill(-1);
  tile_at_.fill(-1);
  coin_loc_.fill(kBag);
  tile_loc_.fill(kHeld);
  setup_owner_.fill(-1);
  goal_suit_.fill(-1);
  goal_rank_.fill(-1);
  marker_.fill(-1);
  marker_round_.fill(0);
  marked_ever_.fill(0);
  order_.fill(-1);
  last_order_.fill(-1);
}

const ConspiracyGame& ConspiracyState::rules() const {
  return static_cast<const ConspiracyGame&>(game());
}

std::unique_ptr<State> ConspiracyState::clone() const {
  return std::make_unique<ConspiracyState>(*this);
}

Seat ConspiracyState::current_player() const {
  return phase_ == Phase::kOver ? kTerminal : to_move_;
}

Returns ConspiracyState::returns() const {
  Returns r{};
  if (phase_ != Phase::kOver || winner_ < 0) return r;
  for (int s = 0; s < players(); ++s) r[std::size_t(s)] = s == winner_ ? 1.0 : -1.0;
  return r;
}

void ConspiracyState::seat_figures(SeatFigures& out) const {
  SeatFigures::Values& coins = out.add(
      "coins_held", "Coins each seat holds: in hand, saved for its next turn or paid to it.");
  SeatFigures::Values& tiles =
      out.add("tiles_held", "Tiles each seat still holds (dealt at setup, placed as it plays).");
  const int n = num_players();
  for (int16_t loc : coin_loc_)
    for (int base : {kHand, kSaved, kBonus})
      if (loc >= base && loc < base + n) coins[std::size_t(loc - base)] += 1;
  for (Seat s = 0; s < n; ++s) tiles[std::size_t(s)] = tiles_held(s);
}

void ConspiracyState::figures(Figures& out) const {
  out.add("capped", capped_ ? 1 : 0);
  out.add("rounds", round_);
  if (winner_ < 0) return;
  out.add("winner_goal_suit", goal_suit_[std::size_t(winner_)]);
  out.add("winner_goal_number", goal_rank_[std::size_t(winner_)]);
}

int ConspiracyState::coins_at(int location) const {
  int n = 0;
  for (int16_t loc : coin_loc_) n += loc == location;
  return n;
}

int ConspiracyState::tiles_held(Seat seat) const {
  int n = 0;
  for (int16_t loc : tile_loc_) n += loc == kHeld + seat;
  return n;
}

bool ConspiracyState::knows_coin(Seat v, int coin) const {
  const uint8_t k = coin_known_[std::size_t(coin)];
  return (k & kPublic) || (v >= 0 && (k >> v) & 1);
}
bool ConspiracyState::knows_tile(Seat v, int tile) const {
  const uint8_t k = tile_known_[std::size_t(tile)];
  return (k & kPublic) || (v >= 0 && (k >> v) & 1);
}

void ConspiracyState::log_all(const std::string& text) {
  if (!log().enabled()) return;
  if (!pending_log_.empty()) pending_log_ += "; ";
  pending_log_ += text;
}

void ConspiracyState::log_private(uint64_t seen_by, std::string text, std::string masked) {
  flush_log();  // what happened before comes first in the log
  log().add(seen_by, std::move(text), std::move(masked));
}

void ConspiracyState::flush_log() {
  if (pending_log_.empty()) return;
  log().add(pending_log_);
  pending_log_.clear();
}

// ---------------------------------------------------------------------------------------------
// Pieces moving

void ConspiracyState::move_coin(int coin, int location) {
  const int old = coin_loc_[std::size_t(coin)];
  if (old < kSquares) coin_at_[std::size_t(old)] = -1;
  coin_loc_[std::size_t(coin)] = int16_t(location);
  if (location < kSquares) coin_at_[std::size_t(location)] = int8_t(coin);
}

void ConspiracyState::coin_to_bag(int coin) {
  move_coin(coin, kBag);
  coin_up_[std::size_t(coin)] = false;
  coin_dir_[std::size_t(coin)] = 0;
  coin_known_[std::size_t(coin)] = 0;
}

int ConspiracyState::draw_coin(Seat seat) {
  const int in_bag = coins_at(kBag);
  assert(in_bag > 0);
  int k = int(chance().draw(uint32_t(in_bag)));
  for (int c = 0; c < kPieces; ++c) {
    if (coin_loc_[std::size_t(c)] != kBag) continue;
    if (k-- == 0) {
      move_coin(c, kHand + seat);
      coin_known_[std::size_t(c)] = uint8_t(1u << seat);
      return c;
    }
  }
  assert(false);
  return -1;
}

void ConspiracyState::hand_play_forgets(Seat seat, int coin) {
  // `seat` puts `coin` where only its number shows. Another seat keeps track of it only if it knew
  // every coin in the hand and no other coin of that number was there; otherwise it forgets every
  // coin of that number it knew in the hand (any of them may be the one played).
  const int rank = rank_of(coin);
  for (Seat w = 0; w < players(); ++w) {
    if (w == seat) continue;
    bool all_known = true;
    int same_rank = 0;
    for (int c = 0; c < kPieces; ++c) {
      if (coin_loc_[std::size_t(c)] != kHand + seat) continue;
      all_known = all_known && ((coin_known_[std::size_t(c)] >> w) & 1);
      same_rank += rank_of(c) == rank;
    }
    if (all_known && same_rank == 1) continue;
    for (int c = 0; c < kPieces; ++c)
      if (coin_loc_[std::size_t(c)] == kHand + seat && rank_of(c) == rank)
        coin_known_[std::size_t(c)] &= uint8_t(~(1u << w));
  }
}

void ConspiracyState::hand_pay_forgets(Seat seat) {
  // A payment shows others only that some coin changed hands: unless the hand held a single coin,
  // onlookers forget which coins they knew in it.
  if (hand_count(seat) <= 1) return;
  for (int c = 0; c < kPieces; ++c)
    if (coin_loc_[std::size_t(c)] == kHand + seat)
      coin_known_[std::size_t(c)] &= uint8_t(1u << seat);
}

void ConspiracyState::remove_markers(int tile) {
  for (Seat s = 0; s < players(); ++s)
    if (marker_[std::size_t(s)] == tile) {
      marker_[std::size_t(s)] = -1;
      if (log().enabled()) log_all("the marker of " + game().seat_name(s) + " goes back to it");
    }
}

void ConspiracyState::tile_to_seat(int tile, Seat seat) {
  const int pos = tile_loc_[std::size_t(tile)];
  if (pos < kPositions) {
    tile_at_[std::size_t(pos)] = -1;
    for (int k = 0; k < 4; ++k) {
      const int c = coin_at_[std::size_t(square_of(pos, k))];
      if (c >= 0) coin_to_bag(c);
    }
  }
  remove_markers(tile);
  tile_loc_[std::size_t(tile)] = int16_t(kHeld + seat);
  tile_known_[std::size_t(tile)] |= uint8_t(1u << seat);
  if (log().enabled()) {
    const std::string where = pos < kPositions ? " from " + position_name(pos) : "";
    if (tile_known_[std::size_t(tile)] & kPublic)
      log_all(game().seat_name(seat) + " receives tile " + piece_name(tile) + where);
    else
      log_private(uint64_t(1) << seat,
                  game().seat_name(seat) + " receives tile " + piece_name(tile) + where,
                  game().seat_name(seat) + " receives a face-down tile" + where);
  }
}

bool ConspiracyState::any_future_tiles() const {
  for (int pos = kColumns; pos < kPositions; ++pos)
    if (tile_at_[std::size_t(pos)] >= 0) return true;
  return false;
}

void ConspiracyState::advance_column(int column, Seat active) {
  if (log().enabled()) log_all(std::string("column ") + kColumnLetters[column] + " advances");
  const int present = position(column, 0), f1 = position(column, 1);
  const int f1_tile = tile_at_[std::size_t(f1)];
  if (f1_tile >= 0 && tile_up_[std::size_t(f1_tile)]) {
    // a: the Present tile (if any) goes to the active player.
    if (tile_at_[std::size_t(present)] >= 0) tile_to_seat(tile_at_[std::size_t(present)], active);
  } else if (f1_tile >= 0) {
    // b: a face-down Future-1 tile is removed, its coins to the bag.
    tile_to_seat(f1_tile, active);
  }
  // c: every Future tile moves up one row, with its coins.
  for (int row = 1; row < kMaxRows; ++row) {
    const int from = position(column, row), to = position(column, row - 1);
    const int tile = tile_at_[std::size_t(from)];
    if (tile < 0) continue;
    assert(tile_at_[std::size_t(to)] < 0);
    tile_at_[std::size_t(from)] = -1;
    tile_at_[std::size_t(to)] = int8_t(tile);
    tile_loc_[std::size_t(tile)] = int16_t(to);
    for (int k = 0; k < 4; ++k) {
      const int c = coin_at_[std::size_t(square_of(from, k))];
      if (c >= 0) move_coin(c, square_of(to, k));
    }
  }
}

int ConspiracyState::column_successes(int column, const std::array<int, 4>& dice) const {
  int best[kSuits];
  best_face_up_ranks(column, best);
  int successes = 0;
  for (int suit = 0; suit < kSuits; ++suit) {
    const int d = dice[std::size_t(suit)];
    if (d == 1 || (d >= 2 && d <= best[suit])) ++successes;
  }
  return successes;
}

void ConspiracyState::time_marches_on(int column, Seat active) {
  std::array<int, 4> dice{};
  for (int& d : dice) d = chance().roll_die();
  const int successes = column_successes(column, dice);
  if (log().enabled()) {
    std::string text = std::string("column ") + kColumnLetters[column] + " dice";
    for (int s = 0; s < kSuits; ++s)
      text += std::string(" ") + kSuitLetters[s] + std::to_string(dice[std::size_t(s)]);
    if (log().enabled()) log_all(text + ": " + std::to_string(successes) + " successes");
  }
  if (successes >= 2) advance_column(column, active);
}

void ConspiracyState::unexpected_effects() {
  const int column = chance().roll_die() / 2;
  const int row = chance().roll_die();
  const int pos = position(column, row);
  const int tile = tile_at_[std::size_t(pos)];
  if (log().enabled())
    log_all("unexpected effects at " + position_name(pos) +
            (tile < 0 ? ": no tile, no effect" : ""));
  if (tile < 0) return;
  if (row == 0) {
    tile_to_seat(tile, active_);
  } else if (tile_up_[std::size_t(tile)]) {
    tile_up_[std::size_t(tile)] = false;
    if (log().enabled()) log_all("tile " + piece_name(tile) + " turns face down");
  } else {
    turn_face_up(pos, tile);
    if (log().enabled())
      log_all("tile " + piece_name(tile) + " turns face up; its coins go back to the bag");
  }
}

void ConspiracyState::turn_face_up(int pos, int tile) {
  for (int k = 0; k < 4; ++k) {
    const int c = coin_at_[std::size_t(square_of(pos, k))];
    if (c >= 0) coin_to_bag(c);
  }
  tile_up_[std::size_t(tile)] = true;
  tile_known_[std::size_t(tile)] = kPublic;
}

int ConspiracyState::tile_support(int pos, int tile) const {
  int total = 0;
  for (int k = 0; k < 4; ++k) {
    const int c = coin_at_[std::size_t(square_of(pos, k))];
    if (c < 0 || !coin_up_[std::size_t(c)]) continue;
    if (suit_of(c) == suit_of(tile))
      total += value_of(c);
    else if (opposed(suit_of(c), suit_of(tile)))
      total -= value_of(c);
    else
      total += 1;
  }
  return total;
}

void ConspiracyState::resolve_reveal_tile(int pos) {
  const int tile = tile_at_[std::size_t(pos)];
  const int support = tile_support(pos, tile);
  turn_face_up(pos, tile);
  if (log().enabled())
    log_all("tile at " + position_name(pos) + " is " + piece_name(tile) + ", support " +
            std::to_string(support));
  if (support < rank_of(tile)) tile_to_seat(tile, to_move_);
}

void ConspiracyState::reveal_coin(int sq) {
  const int c = coin_at_[std::size_t(sq)];
  coin_up_[std::size_t(c)] = true;
  coin_known_[std::size_t(c)] = kPublic;
  if (log().enabled()) log_all("coin on " + square_name(sq) + " is revealed: " + piece_name(c));
}

void ConspiracyState::chain_reaction() {
  bool again = true;
  while (again) {
    again = false;
    for (int c = 0; c < kPieces; ++c) {
      const int sq = coin_loc_[std::size_t(c)];
      if (sq >= kSquares || coin_up_[std::size_t(c)]) continue;
      int symbols = 0;
      for (int d = 0; d < 8; ++d) {
        const int from = square_toward(sq, d);
        if (from < 0) continue;
        const int p = coin_at_[std::size_t(from)];
        if (p >= 0 && coin_up_[std::size_t(p)] && coin_dir_[std::size_t(p)] == (d + 4) % 8)
          ++symbols;
      }
      if (symbols >= 2) {
        reveal_coin(sq);
        again = true;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Placement rules

bool ConspiracyState::face_up_square(int sq) const {
  const int tile = tile_at_[std::size_t(position_of_square(sq))];
  return tile >= 0 && tile_up_[std::size_t(tile)];
}

bool ConspiracyState::square_open(int sq) const {
  // Adjacency (ii.b) for an empty square: next to a coin or a face-up tile, or the top of Future 1.
  if (square_row(sq) == 2) return true;
  for (int d = 0; d < 8; ++d) {
    const int n = square_toward(sq, d);
    if (n >= 0 && (coin_at_[std::size_t(n)] >= 0 || face_up_square(n))) return true;
  }
  return false;
}

bool ConspiracyState::direction_ok(int sq, int dir, bool attack) const {
  const int t = square_toward(sq, dir);
  if (t < 0) return false;
  if (coin_at_[std::size_t(t)] >= 0) return true;
  if (attack) return false;
  if (face_up_square(t)) return true;
  return square_row(sq) == 2 && square_row(t) == 1;  // the Present-row exception
}

template <class F>
void ConspiracyState::for_each_placement(bool attack, int only_pos, F&& f) const {
  // By position, never by tile: a face-down tile's identity is hidden.
  for (int pos = 0; pos < kPositions; ++pos) {
    const int tile = tile_at_[std::size_t(pos)];
    if (tile < 0 || tile_up_[std::size_t(tile)]) continue;
    if (only_pos >= 0 && pos != only_pos) continue;
    for (int k = 0; k < 4; ++k) {
      const int sq = square_of(pos, k);
      if (coin_at_[std::size_t(sq)] >= 0 || !square_open(sq)) continue;
      for (int d = 0; d < 8; ++d)
        if (direction_ok(sq, d, attack)) f(sq, d);
    }
  }
}

bool ConspiracyState::placement_possible(bool attack) const {
  if (any_placement(attack)) return true;
  if (tiles_held(to_move_) == 0) return false;
  for (int pos = kColumns; pos < kPositions; ++pos)
    if (tile_position_ok(pos, attack)) return true;
  return false;
}

bool ConspiracyState::tile_revealable(int pos) const {
  const int tile = tile_at_[std::size_t(pos)];
  if (tile < 0 || tile_up_[std::size_t(tile)]) return false;
  int symbols = 0;
  for (int k = 0; k < 4; ++k) {
    const int c = coin_at_[std::size_t(square_of(pos, k))];
    symbols += c >= 0 && coin_up_[std::size_t(c)];
  }
  return symbols >= 2;
}

bool ConspiracyState::any_placement(bool attack) const {
  bool found = false;
  for_each_placement(attack, -1, [&](int, int) { found = true; });
  return found;
}

bool ConspiracyState::tile_position_ok(int pos, bool attack) const {
  // iii: an empty position of a Future row, in Future 1 or orthogonally next to a tile, where the
  // coin can then be placed on the new tile.
  const int row = pos_row(pos), column = pos_column(pos);
  if (row < 1 || row >= kMaxRows || tile_at_[std::size_t(pos)] >= 0) return false;
  if (row > 1) {
    bool next_to = tile_at_[std::size_t(position(column, row - 1))] >= 0 ||
                   (row + 1 < kMaxRows && tile_at_[std::size_t(position(column, row + 1))] >= 0);
    if (column > 0) next_to = next_to || tile_at_[std::size_t(position(column - 1, row))] >= 0;
    if (column < 2) next_to = next_to || tile_at_[std::size_t(position(column + 1, row))] >= 0;
    if (!next_to) return false;
  }
  for (int k = 0; k < 4; ++k) {
    const int sq = square_of(pos, k);
    if (!square_open(sq)) continue;
    for (int d = 0; d < 8; ++d)
      if (direction_ok(sq, d, attack)) return true;
  }
  return false;
}

bool ConspiracyState::can_reveal_coin(int sq) const {
  const int target = coin_at_[std::size_t(sq)];
  if (target < 0 || coin_up_[std::size_t(target)]) return false;
  int pointers = 0, sum = 0;
  bool wild = false, exact = false;
  for (int d = 0; d < 8; ++d) {
    const int from = square_toward(sq, d);
    if (from < 0) continue;
    const int p = coin_at_[std::size_t(from)];
    if (p < 0 || coin_up_[std::size_t(p)] || coin_dir_[std::size_t(p)] != (d + 4) % 8) continue;
    ++pointers;
    if (rank_of(p) == 1) {
      wild = true;
      // A wild spiral counts as any number a coin shows, at most 5 (Rulings 6); with
      // spiral_any_number as any number at all, so two or more pointers with a spiral always
      // make a sum greater than the target.
      sum += rules().spiral_any_number() ? kRanks * kPieces : 5;
    } else {
      sum += value_of(p);
      exact = value_of(p) == value_of(target);
    }
  }
  if (pointers == 1) return wild || exact;
  return pointers >= 2 && sum > value_of(target);
}

bool ConspiracyState::mark_ok(Seat seat, int column) const {
  if (!rules().progress_markers()) return false;
  const int tile = tile_at_[std::size_t(position(column, 0))];
  if (tile < 0 || marker_[std::size_t(seat)] == tile) return false;
  return suit_of(tile) == goal_suit_[std::size_t(seat)] ||
         rank_of(tile) == goal_rank_[std::size_t(seat)];
}

bool ConspiracyState::victory_ready(Seat seat) const {
  if (!rules().progress_markers()) return any_shown_apart(seat, [](int, int) { return true; });
  return marker_round_[std::size_t(seat)] < round_ && marker_on_shown_pair(seat);
}

bool ConspiracyState::marker_on_shown_pair(Seat seat) const {
  const int m = marker_[std::size_t(seat)];
  return any_shown_apart(
      seat, [&](int suit_tile, int number_tile) { return m == suit_tile || m == number_tile; });
}

// ---------------------------------------------------------------------------------------------
// Setup and flow

void ConspiracyState::setup() {
  std::array<int8_t, kPieces> tiles{};
  for (int t = 0; t < kPieces; ++t) tiles[std::size_t(t)] = int8_t(t);
  chance().shuffle(tiles.data(), tiles.data() + kPieces);
  for (int i = 0; i < kPieces; ++i) {
    const int t = tiles[std::size_t(i)];
    tile_loc_[std::size_t(t)] = int16_t(kHeld + i % players());
    tile_known_[std::size_t(t)] = uint8_t(1u << (i % players()));
  }
  for (Seat s = 0; s < players(); ++s)
    for (int k = 0; k < kHandSize; ++k) setup_owner_[std::size_t(draw_coin(s))] = int8_t(s);
  if (log().enabled())
    for (Seat s = 0; s < players(); ++s) {
      std::string text = game().seat_name(s) + " is dealt tiles";
      for (int t = 0; t < kPieces; ++t)
        if (tile_loc_[std::size_t(t)] == kHeld + s) text += " " + piece_name(t);
      text += " and draws coins";
      for (int c = 0; c < kPieces; ++c)
        if (coin_loc_[std::size_t(c)] == kHand + s) text += " " + piece_name(c);
      log_private(uint64_t(1) << s, text,
                  game().seat_name(s) + " is dealt " + std::to_string(tiles_held(s)) +
                      " tiles and draws 3 coins");
    }
  phase_ = Phase::kGoal;
  to_move_ = 0;
  flush_log();
}

void ConspiracyState::roll_off(int8_t* seats, int count) {
  if (count <= 1) return;
  int rolls[kMaxSeats];
  for (int i = 0; i < count; ++i) rolls[i] = chance().roll_die();
  if (log().enabled()) {
    std::string text = "roll-off:";
    for (int i = 0; i < count; ++i)
      text += " " + game().seat_name(seats[i]) + " rolls " + std::to_string(rolls[i]);
    if (log().enabled()) log_all(text);
  }
  // Insertion sort, highest roll first (stable).
  for (int i = 1; i < count; ++i)
    for (int j = i; j > 0 && rolls[j] > rolls[j - 1]; --j) {
      std::swap(rolls[j], rolls[j - 1]);
      std::swap(seats[j], seats[j - 1]);
    }
  for (int i = 0; i < count;) {
    int j = i + 1;
    while (j < count && rolls[j] == rolls[i]) ++j;
    roll_off(seats + i, j - i);
    i = j;
  }
}

void ConspiracyState::start_round() {
  if (rules().max_rounds() > 0 && round_ >= rules().max_rounds()) {
    capped_ = true;
    phase_ = Phase::kOver;
    if (log().enabled()) log_all("the engine's round cap ends the game without a winner");
    return;
  }
  ++round_;
  wild_ = 0;
  played_ = 0;
  order_count_ = order_next_ = last_count_ = last_next_ = 0;
  asked_ = jumping_ = 0;
  order_.fill(-1);
  last_order_.fill(-1);
  int value[kMaxSeats] = {};
  for (int c = 0; c < kPieces; ++c) {
    const int loc = coin_loc_[std::size_t(c)];
    if (loc < kSaved || loc >= kSaved + players()) continue;
    if (rank_of(c) == 1)
      wild_ |= uint8_t(1u << (loc - kSaved));
    else
      value[loc - kSaved] = rank_of(c);
  }
  for (Seat s = 0; s < players(); ++s)
    if (!((wild_ >> s) & 1)) order_[std::size_t(order_count_++)] = int8_t(s);
  // Descending saved numbers; equal numbers roll off.
  for (int i = 1; i < order_count_; ++i)
    for (int j = i; j > 0 && value[order_[std::size_t(j)]] > value[order_[std::size_t(j - 1)]]; --j)
      std::swap(order_[std::size_t(j)], order_[std::size_t(j - 1)]);
  for (int i = 0; i < order_count_;) {
    int j = i + 1;
    while (j < order_count_ && value[order_[std::size_t(j)]] == value[order_[std::size_t(i)]]) ++j;
    roll_off(order_.data() + i, j - i);
    i = j;
  }
  if (log().enabled()) {
    std::string text = "round " + std::to_string(round_) + " order:";
    for (int i = 0; i < order_count_; ++i) text += " " + std::to_string(order_[std::size_t(i)]);
    if (wild_) text += "; spiral holders may jump in:";
    for (Seat s = 0; s < players(); ++s)
      if ((wild_ >> s) & 1) text += " " + std::to_string(s);
    if (log().enabled()) log_all(text);
  }
  if (any_future_tiles()) {
    Seat active = order_count_ > 0 ? order_[0] : -1;
    if (active < 0) {
      int8_t seats[kMaxSeats];
      int n = 0;
      for (Seat s = 0; s < players(); ++s) seats[n++] = int8_t(s);
      roll_off(seats, n);
      active = seats[0];
    }
    active_ = active;
    for (int column = 0; column < kColumns; ++column) time_marches_on(column, active);
  }
  next_turn();
}

void ConspiracyState::next_turn() {
  const uint8_t waiting = wild_ & uint8_t(~played_);
  asked_ = jumping_ = 0;
  if (order_next_ < order_count_) {
    if (waiting) {
      phase_ = Phase::kJump;
      to_move_ = __builtin_ctz(waiting);
      return;
    }
    start_turn(order_[std::size_t(order_next_++)]);
    return;
  }
  if (waiting) {
    if (last_count_ == 0) {
      for (Seat s = 0; s < players(); ++s)
        if ((waiting >> s) & 1) last_order_[std::size_t(last_count_++)] = int8_t(s);
      roll_off(last_order_.data(), last_count_);
    }
    start_turn(last_order_[std::size_t(last_next_++)]);
    return;
  }
  start_round();
}

void ConspiracyState::finish_jump_answers() {
  const uint8_t jumpers = jumping_;
  asked_ = jumping_ = 0;
  if (jumpers == 0) {
    start_turn(order_[std::size_t(order_next_++)]);
    return;
  }
  int8_t seats[kMaxSeats];
  int n = 0;
  for (Seat s = 0; s < players(); ++s)
    if ((jumpers >> s) & 1) seats[n++] = int8_t(s);
  roll_off(seats, n);
  start_turn(seats[0]);
}

void ConspiracyState::start_turn(Seat seat) {
  to_move_ = active_ = seat;
  played_ |= uint8_t(1u << seat);
  for (int c = 0; c < kPieces; ++c)
    if (coin_loc_[std::size_t(c)] == kSaved + seat) move_coin(c, kHand + seat);
  int need = kHandSize - hand_count(seat);
  int drawn = 0;
  auto draw_some = [&](int n) {
    for (int i = 0; i < n; ++i) draw_coin(seat);
    drawn += n;
    need -= n;
  };
  draw_some(std::min(need, coins_at(kBag)));
  if (need > 0) {
    // Mandatory advancements of all three columns, until the bag can fill the hand.
    while (coins_at(kBag) < need && any_future_tiles()) {
      if (log().enabled()) log_all("the bag is short: mandatory advancement of every column");
      for (int column = 0; column < kColumns; ++column) advance_column(column, seat);
    }
    draw_some(std::min(need, coins_at(kBag)));
  }
  if (log().enabled()) {
    std::string text = game().seat_name(seat) + "'s turn; holds";
    for (int c = 0; c < kPieces; ++c)
      if (coin_loc_[std::size_t(c)] == kHand + seat) text += " " + piece_name(c);
    log_private(uint64_t(1) << seat, text,
                game().seat_name(seat) + "'s turn; draws " + std::to_string(drawn) + " coins");
  }
  for (int c = 0; c < kPieces; ++c)
    if (coin_loc_[std::size_t(c)] == kBonus + seat) move_coin(c, kHand + seat);
  ap_ = 2;
  action_ = Action::kNone;
  phase_ = Phase::kAction;
}

void ConspiracyState::end_turn() {
  next_turn();
}

void ConspiracyState::next_step() {
  if (ap_ > 0) {
    phase_ = Phase::kAction;
  } else if (hand_count(to_move_) > 0) {
    phase_ = Phase::kSave;
  } else {
    enter_declare();
  }
}

void ConspiracyState::enter_declare() {
  // With no tile in the Present row nothing can be marked or won (public knowledge): the turn ends.
  for (int column = 0; column < kColumns; ++column)
    if (tile_at_[std::size_t(position(column, 0))] >= 0) {
      phase_ = Phase::kDeclare;
      return;
    }
  end_turn();
}

// ---------------------------------------------------------------------------------------------
// Moves

Move ConspiracyState::paid_move(MoveKind kind, int target, int paid, Seat payee) {
  // The payment rides in every paid move: attack (a coin, b paid), reveal (a paid, b square or
  // position), remove (a paid); the payee in c.
  if (kind == MoveKind::kAttack) return make_move(kind, target, paid, payee);
  return make_move(kind, paid, target, payee);
}

void ConspiracyState::push_payments(MoveList& out, MoveKind kind, int target, int exclude) const {
  const Seat me = to_move_;
  for (int c = 0; c < kPieces; ++c) {
    if (coin_loc_[std::size_t(c)] != kHand + me || c == exclude) continue;
    for (Seat s = 0; s < players(); ++s)
      if (s != me) out.push_back(paid_move(kind, target, c, s));
  }
}

void ConspiracyState::pay(int coin, Seat payee) {
  const Seat me = to_move_;
  hand_pay_forgets(me);
  move_coin(coin, kBonus + payee);
  coin_known_[std::size_t(coin)] |= uint8_t(1u << payee);
  if (log().enabled())
    log_private(
        (uint64_t(1) << me) | (uint64_t(1) << payee),
        game().seat_name(me) + " pays " + piece_name(coin) + " to " + game().seat_name(payee),
        game().seat_name(me) + " pays a coin to " + game().seat_name(payee));
}

void ConspiracyState::do_legal_moves(MoveList& out) const {
  const Seat me = to_move_;
  switch (phase_) {
    case Phase::kOver:
      return;
    case Phase::kGoal: {
      unsigned suits = 0, ranks = 0;
      for (int c = 0; c < kPieces; ++c)
        if (setup_owner_[std::size_t(c)] == me) {
          suits |= 1u << suit_of(c);
          ranks |= 1u << rank_of(c);
        }
      for (int s = 0; s < kSuits; ++s)
        for (int r = 0; r < kRanks; ++r)
          if ((suits >> s & 1) && (ranks >> r & 1)) out.push_back(make_move(MoveKind::kGoal, s, r));
      return;
    }
    case Phase::kJump:
      out.push_back(make_move(MoveKind::kJump));
      out.push_back(make_move(MoveKind::kWait));
      return;
    case Phase::kAction: {
      const int hand = hand_count(me);
      if (ap_ >= 1 && hand >= 1) {
        const bool place = placement_possible(false),
                   attack = hand >= 2 && placement_possible(true);
        for (int c = 0; c < kPieces; ++c) {
          if (coin_loc_[std::size_t(c)] != kHand + me) continue;
          if (place) out.push_back(make_move(MoveKind::kPlace, c));
          if (attack) push_payments(out, MoveKind::kAttack, c, c);
        }
        // By square, never by coin: a symbol-side-up coin's identity is hidden.
        for (int sq = 0; sq < kSquares; ++sq)
          if (coin_at_[std::size_t(sq)] >= 0 && can_reveal_coin(sq))
            push_payments(out, MoveKind::kRevealCoin, sq, -1);
      }
      if (ap_ >= 2) {
        if (hand >= 1)
          for (int pos = kColumns; pos < kPositions; ++pos)
            if (tile_revealable(pos)) push_payments(out, MoveKind::kRevealTile, pos, -1);
        for (int column = 0; column < kColumns; ++column)
          out.push_back(make_move(MoveKind::kAdvance, column));
      }
      out.push_back(make_move(MoveKind::kEnd));
      return;
    }
    case Phase::kAttackEnd:
      out.push_back(make_move(MoveKind::kFlip));
      push_payments(out, MoveKind::kRemove, 0, act_coin_);
      return;
    case Phase::kPlaceWhere:
    case Phase::kPlaceOnTile: {
      const bool attack = action_ == Action::kAttack;
      for_each_placement(attack, phase_ == Phase::kPlaceOnTile ? new_tile_pos_ : -1,
                         [&](int sq, int d) { out.push_back(make_move(MoveKind::kAt, 0, sq, d)); });
      if (phase_ == Phase::kPlaceWhere && tiles_held(me) > 0)
        for (int pos = kColumns; pos < kPositions; ++pos) {
          if (!tile_position_ok(pos, attack)) continue;
          for (int t = 0; t < kPieces; ++t)
            if (tile_loc_[std::size_t(t)] == kHeld + me)
              out.push_back(make_move(MoveKind::kTile, t, pos));
        }
      return;
    }
    case Phase::kSave:
      for (int c = 0; c < kPieces; ++c)
        if (coin_loc_[std::size_t(c)] == kHand + me) out.push_back(make_move(MoveKind::kSave, c));
      out.push_back(make_move(MoveKind::kSaveNone));
      return;
    case Phase::kDeclare:
      for (int column = 0; column < kColumns; ++column)
        if (mark_ok(me, column)) out.push_back(make_move(MoveKind::kMark, column));
      if (victory_ready(me)) out.push_back(make_move(MoveKind::kWin));
      out.push_back(make_move(MoveKind::kPass));
      return;
  }
}

std::string ConspiracyState::why_illegal(Move move) const {
  if (phase_ == Phase::kOver) return "the game is over";
  const Seat me = to_move_;
  const MoveKind kind = move_kind(move);
  const int a = move_a(move), b = move_b(move), c = move_c(move);
  auto in_hand = [&](int coin) {
    return coin >= 0 && coin < kPieces && coin_loc_[std::size_t(coin)] == kHand + me;
  };
  const std::string phase_name = kPhaseNames[int(phase_)];
  auto wrong_phase = [&](const char* what) {
    return std::string(what) + " is not a decision now (the game waits for a " + phase_name +
           " move)";
  };
  if (move.bits >> 40) return "not a Conspiracy move";
  switch (kind) {
    case MoveKind::kGoal: {
      if (phase_ != Phase::kGoal) return wrong_phase("choosing a goal");
      if (a >= kSuits || b >= kRanks) return "no such goal";
      bool suit = false, rank = false;
      for (int k = 0; k < kPieces; ++k)
        if (setup_owner_[std::size_t(k)] == me) {
          suit = suit || suit_of(k) == a;
          rank = rank || rank_of(k) == b;
        }
      if (!suit) return std::string("none of your 3 coins is a ") + kSuitNames[a] + " coin";
      if (!rank) return "none of your 3 coins shows " + std::to_string(b);
      return (c == 0 && move.bits == make_move(kind, a, b).bits) ? "" : "malformed goal move";
    }
    case MoveKind::kJump:
    case MoveKind::kWait:
      if (phase_ != Phase::kJump) return wrong_phase("jumping in or waiting");
      return move.bits == make_move(kind).bits ? "" : "malformed move";
    case MoveKind::kPlace:
    case MoveKind::kAttack:
    case MoveKind::kRevealCoin:
    case MoveKind::kRevealTile:
    case MoveKind::kAdvance:
    case MoveKind::kEnd: {
      if (phase_ != Phase::kAction) return wrong_phase("choosing an action");
      if (kind == MoveKind::kEnd) return move.bits == make_move(kind).bits ? "" : "malformed move";
      const int cost = (kind == MoveKind::kRevealTile || kind == MoveKind::kAdvance) ? 2 : 1;
      if (ap_ < cost)
        return "that action costs " + std::to_string(cost) + " action points and " +
               std::to_string(ap_) + " remain";
      if (kind == MoveKind::kAdvance)
        return a < kColumns && move.bits == make_move(kind, a).bits ? ""
                                                                    : "the columns are L, M and R";
      if (kind == MoveKind::kPlace) {
        if (!in_hand(a)) return "coin " + piece_name(a % kPieces) + " is not in your hand";
        if (move.bits != make_move(kind, a).bits) return "malformed move";
        return placement_possible(false) ? "" : "there is nowhere to place a coin";
      }
      const int paid = kind == MoveKind::kAttack ? b : a;
      if (!in_hand(paid))
        return "coin " + piece_name(paid % kPieces) + " is not in your hand to pay with";
      if (c == me || c >= players()) return "the payment must go to another seat";
      if (kind == MoveKind::kAttack) {
        if (!in_hand(a)) return "coin " + piece_name(a % kPieces) + " is not in your hand";
        if (a == b) return "the attacking coin cannot also be the payment";
        if (move.bits != paid_move(kind, a, b, c).bits) return "malformed move";
        return placement_possible(true) ? "" : "no placement can point at a coin";
      }
      if (kind == MoveKind::kRevealCoin) {
        if (b >= kSquares || move.bits != paid_move(kind, b, a, c).bits) return "malformed move";
        return can_reveal_coin(b)
                   ? ""
                   : "the coin there cannot be revealed (it needs one pointer with its "
                     "exact number or two whose sum is greater)";
      }
      if (b >= kPositions || move.bits != paid_move(kind, b, a, c).bits) return "malformed move";
      return tile_revealable(b)
                 ? ""
                 : "only a face-down tile with at least 2 symbol-side-up coins can be revealed";
    }
    case MoveKind::kRemove:
      if (phase_ != Phase::kAttackEnd) return wrong_phase("removing the attacked coin");
      if (!in_hand(a) || a == act_coin_)
        return "coin " + piece_name(a % kPieces) + " is not in your hand to give";
      if (c == me || c >= players()) return "the coin must go to another seat";
      return move.bits == make_move(kind, a, 0, c).bits ? "" : "malformed move";
    case MoveKind::kFlip:
      if (phase_ != Phase::kAttackEnd) return wrong_phase("flipping the attacked coin");
      return move.bits == make_move(kind).bits ? "" : "malformed move";
    case MoveKind::kTile: {
      if (phase_ != Phase::kPlaceWhere) return wrong_phase("laying a tile");
      if (a >= kPieces || tile_loc_[std::size_t(a)] != kHeld + me)
        return "you do not hold tile " + piece_name(a % kPieces);
      if (b >= kPositions || !tile_position_ok(b, action_ == Action::kAttack))
        return "a new tile goes face down in an empty Future-1 position or next to another tile, "
               "where the coin can then be placed";
      return move.bits == make_move(kind, a, b).bits ? "" : "malformed move";
    }
    case MoveKind::kAt: {
      if (phase_ != Phase::kPlaceWhere && phase_ != Phase::kPlaceOnTile)
        return wrong_phase("placing the coin");
      if (b >= kSquares || c >= 8 || a != 0) return "malformed move";
      const int pos = position_of_square(b);
      const int tile = tile_at_[std::size_t(pos)];
      if (phase_ == Phase::kPlaceOnTile && pos != new_tile_pos_)
        return "the coin must go on the tile just laid";
      if (tile < 0 || tile_up_[std::size_t(tile)])
        return "coins go only on the backs of face-down tiles";
      if (coin_at_[std::size_t(b)] >= 0) return square_name(b) + " is not empty";
      if (!square_open(b)) return square_name(b) + " touches no coin and no face-up tile";
      if (!direction_ok(b, c, action_ == Action::kAttack))
        return action_ == Action::kAttack ? "the attacking coin must point at a coin"
                                          : "the coin must point at a coin or a face-up tile (or "
                                            "up into the Present row from the top of Future 1)";
      return "";
    }
    case MoveKind::kSave:
      if (phase_ != Phase::kSave) return wrong_phase("saving");
      if (!in_hand(a)) return "coin " + piece_name(a % kPieces) + " is not in your hand";
      return move.bits == make_move(kind, a).bits ? "" : "malformed move";
    case MoveKind::kSaveNone:
      if (phase_ != Phase::kSave) return wrong_phase("saving");
      return move.bits == make_move(kind).bits ? "" : "malformed move";
    case MoveKind::kMark:
      if (phase_ != Phase::kDeclare) return wrong_phase("marking");
      if (a >= kColumns || !mark_ok(me, a))
        return "you may mark only a Present tile showing your goal suit or number (and not the one "
               "already marked)";
      return move.bits == make_move(kind, a).bits ? "" : "malformed move";
    case MoveKind::kWin:
      if (phase_ != Phase::kDeclare) return wrong_phase("declaring victory");
      if (!victory_ready(me))
        return "victory needs your suit and your number on two different Present tiles, one marked "
               "by you on an earlier turn";
      return move.bits == make_move(kind).bits ? "" : "malformed move";
    case MoveKind::kPass:
      if (phase_ != Phase::kDeclare) return wrong_phase("passing");
      return move.bits == make_move(kind).bits ? "" : "malformed move";
  }
  return "not a Conspiracy move";
}

void ConspiracyState::resolve_attack() {
  const int attacker = act_coin_;
  const int target = attack_sq_ >= 0 ? coin_at_[std::size_t(attack_sq_)] : -1;
  const bool attacker_there = coin_loc_[std::size_t(attacker)] < kSquares;
  if (target >= 0 && attacker_there) {
    const bool wild = rank_of(attacker) == 1;
    if (!coin_up_[std::size_t(target)]) {
      if (wild || value_of(attacker) >= value_of(target)) {
        if (log().enabled()) log_all("the attack removes the coin on " + square_name(attack_sq_));
        coin_to_bag(target);
      } else {
        if (log().enabled()) log_all("the attack fails");
      }
    } else {
      int strongest = 0;
      for (int d = 0; d < 8; ++d) {
        const int from = square_toward(attack_sq_, d);
        if (from < 0) continue;
        const int p = coin_at_[std::size_t(from)];
        if (p >= 0 && !coin_up_[std::size_t(p)] && coin_dir_[std::size_t(p)] == (d + 4) % 8)
          strongest = std::max(strongest, value_of(p));
      }
      if (wild || value_of(attacker) >= strongest) {
        if (hand_count(to_move_) > 0) {
          phase_ = Phase::kAttackEnd;
          return;
        }
        coin_up_[std::size_t(target)] = false;
        if (log().enabled())
          log_all("the attack flips the coin on " + square_name(attack_sq_) +
                  " to its number side");
      } else {
        if (log().enabled()) log_all("the attack fails");
      }
    }
  }
  finish_action();
}

void ConspiracyState::finish_action() {
  action_ = Action::kNone;
  act_coin_ = act_target_ = attack_sq_ = new_tile_pos_ = -1;
  next_step();
}

void ConspiracyState::choose_goal(Seat me, int suit, int rank) {
  goal_suit_[std::size_t(me)] = int8_t(suit);
  goal_rank_[std::size_t(me)] = int8_t(rank);
  for (int k = 0; k < kPieces; ++k)
    if (coin_loc_[std::size_t(k)] == kHand + me) coin_to_bag(k);
  if (log().enabled()) {
    const std::string who = game().seat_name(me);
    log_private(uint64_t(1) << me,
                who + " chooses the goal " + kSuitNames[suit] + " and " + std::to_string(rank),
                who + " notes a secret goal and returns the coins");
  }
  if (me + 1 < players()) {
    to_move_ = me + 1;
  } else {
    start_round();
  }
}

void ConspiracyState::answer_spiral(Seat me, bool jump) {
  asked_ |= uint8_t(1u << me);
  if (jump) jumping_ |= uint8_t(1u << me);
  const uint8_t unasked = wild_ & uint8_t(~played_) & uint8_t(~asked_);
  if (unasked) {
    to_move_ = __builtin_ctz(unasked);
    return;
  }
  if (log().enabled()) {
    std::string text = "spiral holders answer:";
    for (Seat s = 0; s < players(); ++s)
      if ((asked_ >> s) & 1)
        text += " " + game().seat_name(s) + ((jumping_ >> s) & 1 ? " jumps" : " waits");
    log_all(text);
  }
  finish_jump_answers();
}

void ConspiracyState::lay_tile(Seat me, int tile, int pos) {
  // Onlookers who knew tiles in the hand (even tiles everyone saw face up) cannot tell which one
  // went down, unless only one was held.
  if (tiles_held(me) > 1)
    for (int t = 0; t < kPieces; ++t)
      if (tile_loc_[std::size_t(t)] == kHeld + me) tile_known_[std::size_t(t)] = uint8_t(1u << me);
  tile_loc_[std::size_t(tile)] = int16_t(pos);
  tile_at_[std::size_t(pos)] = int8_t(tile);
  tile_up_[std::size_t(tile)] = false;
  new_tile_pos_ = pos;
  phase_ = Phase::kPlaceOnTile;
  if (log().enabled()) {
    const std::string who = game().seat_name(me);
    log_private(uint64_t(1) << me,
                who + " lays tile " + piece_name(tile) + " face down at " + position_name(pos),
                who + " lays a tile face down at " + position_name(pos));
  }
}

void ConspiracyState::play_coin_at(Seat me, int square, int dir) {
  const int coin = act_coin_;
  hand_play_forgets(me, coin);
  move_coin(coin, square);
  coin_dir_[std::size_t(coin)] = uint8_t(dir);
  coin_up_[std::size_t(coin)] = false;
  act_target_ = square;
  if (log().enabled())
    log_all(game().seat_name(me) +
            (action_ == Action::kAttack ? " attacks with a " : " places a ") +
            std::to_string(rank_of(coin)) + " on " + square_name(square) + " pointing " +
            kDirNames[dir]);
  const bool attack = action_ == Action::kAttack;
  if (attack) attack_sq_ = square_toward(square, dir);
  if (rank_of(coin) == 1) unexpected_effects();
  if (attack) {
    resolve_attack();
  } else {
    finish_action();
  }
}

void ConspiracyState::save_coin(Seat me, int coin) {
  if (coin >= 0) {
    hand_play_forgets(me, coin);
    move_coin(coin, kSaved + me);
    coin_up_[std::size_t(coin)] = false;
    if (log().enabled())
      log_all(game().seat_name(me) + " saves a " + std::to_string(rank_of(coin)));
  }
  for (int k = 0; k < kPieces; ++k)
    if (coin_loc_[std::size_t(k)] == kHand + me) coin_to_bag(k);
  if (coin >= 0 && rank_of(coin) == 1) unexpected_effects();
  enter_declare();
}

void ConspiracyState::do_apply(Move move) {
  apply_move(move);
  flush_log();
}

void ConspiracyState::apply_move(Move move) {
  assert(why_illegal(move).empty());
  const Seat me = to_move_;
  const int a = move_a(move), b = move_b(move), c = move_c(move);
  // Log text is built only when the log is on (apply never allocates otherwise).
  const auto who = [this, me] { return game().seat_name(me); };
  switch (move_kind(move)) {
    case MoveKind::kGoal:
      choose_goal(me, a, b);
      return;
    case MoveKind::kJump:
    case MoveKind::kWait:
      answer_spiral(me, move_kind(move) == MoveKind::kJump);
      return;
    case MoveKind::kPlace:
    case MoveKind::kAttack:
      ap_ -= 1;
      action_ = move_kind(move) == MoveKind::kPlace ? Action::kPlace : Action::kAttack;
      act_coin_ = a;
      if (action_ == Action::kAttack) pay(b, c);
      phase_ = Phase::kPlaceWhere;
      return;
    case MoveKind::kRevealCoin:
      ap_ -= 1;
      pay(a, c);
      reveal_coin(b);
      chain_reaction();
      finish_action();
      return;
    case MoveKind::kRevealTile:
      ap_ -= 2;
      pay(a, c);
      resolve_reveal_tile(b);
      finish_action();
      return;
    case MoveKind::kAdvance:
      ap_ -= 2;
      if (log().enabled()) log_all(who() + " tries to advance column " + kColumnLetters[a]);
      time_marches_on(a, me);
      finish_action();
      return;
    case MoveKind::kEnd:
      ap_ = 0;
      next_step();
      return;
    case MoveKind::kRemove:
      pay(a, c);
      if (log().enabled())
        log_all("the attacked coin on " + square_name(attack_sq_) + " is removed");
      coin_to_bag(coin_at_[std::size_t(attack_sq_)]);
      finish_action();
      return;
    case MoveKind::kFlip:
      coin_up_[std::size_t(coin_at_[std::size_t(attack_sq_)])] = false;
      if (log().enabled())
        log_all("the attacked coin on " + square_name(attack_sq_) + " flips to its number side");
      finish_action();
      return;
    case MoveKind::kTile:
      lay_tile(me, a, b);
      return;
    case MoveKind::kAt:
      play_coin_at(me, b, c);
      return;
    case MoveKind::kSave:
    case MoveKind::kSaveNone:
      save_coin(me, move_kind(move) == MoveKind::kSave ? a : -1);
      return;
    case MoveKind::kMark: {
      const int tile = tile_at_[std::size_t(position(a, 0))];
      marker_[std::size_t(me)] = int8_t(tile);
      marker_round_[std::size_t(me)] = int16_t(round_);
      marked_ever_[std::size_t(me)] |= 1u << tile;
      if (log().enabled()) log_all(who() + " marks " + piece_name(tile) + " to declare progress");
      end_turn();
      return;
    }
    case MoveKind::kWin:
      winner_ = me;
      phase_ = Phase::kOver;
      if (log().enabled())
        log_all(who() + " reveals the goal " + kSuitNames[goal_suit_[std::size_t(me)]] + " and " +
                std::to_string(goal_rank_[std::size_t(me)]) + " and wins");
      return;
    case MoveKind::kPass:
      end_turn();
      return;
  }
}

void ConspiracyState::check_invariants() const {
  auto fail = [](const std::string& why) { throw InvariantError("conspiracy: " + why); };
  const int n = players();
  for (int c = 0; c < kPieces; ++c) {
    const int loc = coin_loc_[std::size_t(c)];
    if (loc < kSquares) {
      if (coin_at_[std::size_t(loc)] != c)
        fail("coin " + piece_name(c) + " and its square disagree");
      const int tile = tile_at_[std::size_t(position_of_square(loc))];
      if (tile < 0 || tile_up_[std::size_t(tile)])
        fail("coin " + piece_name(c) + " is not on a face-down tile");
    } else if (!(loc == kBag || (loc >= kHand && loc < kHand + n) ||
                 (loc >= kSaved && loc < kSaved + n) || (loc >= kBonus && loc < kBonus + n))) {
      fail("coin " + piece_name(c) + " is nowhere");
    }
    if (coin_up_[std::size_t(c)] && loc >= kSquares)
      fail("coin " + piece_name(c) + " is symbol side up off the board");
    if (loc == kBag && coin_known_[std::size_t(c)]) fail("a coin in the bag is tracked");
  }
  int on_squares = 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    const int c = coin_at_[std::size_t(sq)];
    if (c < 0) continue;
    ++on_squares;
    if (c >= kPieces || coin_loc_[std::size_t(c)] != sq)
      fail("a square holds a coin that is elsewhere");
  }
  for (int t = 0; t < kPieces; ++t) {
    const int loc = tile_loc_[std::size_t(t)];
    if (loc < kPositions) {
      if (tile_at_[std::size_t(loc)] != t)
        fail("tile " + piece_name(t) + " and its position disagree");
      if (pos_row(loc) == 0 && !tile_up_[std::size_t(t)])
        fail("a face-down tile is in the Present row");
    } else if (!(loc >= kHeld && loc < kHeld + n)) {
      fail("tile " + piece_name(t) + " is nowhere");
    }
  }
  for (int pos = 0; pos < kPositions; ++pos) {
    const int t = tile_at_[std::size_t(pos)];
    if (t >= 0 && (t >= kPieces || tile_loc_[std::size_t(t)] != pos))
      fail("a position holds a tile that is elsewhere");
  }
  for (Seat s = 0; s < n; ++s) {
    if (coins_at(kSaved + s) > 1) fail("a seat saved more than one coin");
    const int m = marker_[std::size_t(s)];
    if (m >= 0 &&
        !(tile_loc_[std::size_t(m)] < kPositions && pos_row(tile_loc_[std::size_t(m)]) == 0))
      fail("a marker is on a tile outside the Present row");
    if (phase_ != Phase::kGoal && goal_suit_[std::size_t(s)] < 0)
      fail("a seat has no goal after setup");
    if (phase_ != Phase::kGoal &&
        (s != to_move_ || (phase_ != Phase::kAction && phase_ != Phase::kPlaceWhere &&
                           phase_ != Phase::kPlaceOnTile && phase_ != Phase::kAttackEnd &&
                           phase_ != Phase::kSave && phase_ != Phase::kGoal))) {
      if (coins_at(kHand + s) > 0) fail(game().seat_name(s) + " holds coins out of turn");
    }
  }
  if ((phase_ == Phase::kPlaceWhere || phase_ == Phase::kPlaceOnTile ||
       phase_ == Phase::kAttackEnd) &&
      act_coin_ < 0)
    fail("a placement without its coin");
  (void)on_squares;
  // Hands and held tiles belong to their seats: the holder knows each of them.
  for (int p = 0; p < kPieces; ++p) {
    const int loc = coin_loc_[std::size_t(p)];
    if (loc >= kHand && loc < kHand + n && !(coin_known_[std::size_t(p)] >> (loc - kHand) & 1))
      fail("coins: " + piece_name(p) + " is in seat " + std::to_string(loc - kHand) +
           "'s hand but that seat does not know it");
    const int tloc = tile_loc_[std::size_t(p)];
    if (tloc >= kHeld && tloc < kHeld + n && !(tile_known_[std::size_t(p)] >> (tloc - kHeld) & 1))
      fail("tiles: " + piece_name(p) + " is held by seat " + std::to_string(tloc - kHeld) +
           " but that seat does not know it");
  }
  for (Seat s = 0; s < n; ++s) {
    const int m = marker_[std::size_t(s)];
    if (m >= kPieces || (m >= 0 && !(marked_ever_[std::size_t(s)] >> m & 1)))
      fail("seats: a marker on a tile never marked");
    // Goals are chosen in seat order during setup.
    if (phase_ == Phase::kGoal && (goal_suit_[std::size_t(s)] >= 0) != (s < to_move_))
      fail("seats: in the goal phase exactly the seats before the one to move have goals");
  }
  if (ap_ < 0 || ap_ > 2) fail("turn: action points outside 0..2");
  if ((winner_ >= 0 || capped_) != (phase_ == Phase::kOver))
    fail("turn: the phase is over exactly when there is a winner or the round cap stopped it");
  if (winner_ >= 0 && capped_) fail("turn: a winner and the round cap together");
  uint8_t ordered = 0;
  for (int i = 0; i < order_count_; ++i) {
    const int seat = order_[std::size_t(i)];
    if (seat < 0 || seat >= n || (ordered >> seat & 1)) fail("turn: the order repeats a seat");
    ordered |= uint8_t(1u << seat);
  }
  uint8_t last = 0;
  for (int i = 0; i < last_count_; ++i) {
    const int seat = last_order_[std::size_t(i)];
    if (seat < 0 || seat >= n || (last >> seat & 1)) fail("turn: the last order repeats a seat");
    last |= uint8_t(1u << seat);
  }
}

// ---------------------------------------------------------------------------------------------
// Editing (tests and tools)

void ConspiracyState::edit_tile(int tile, int pos, bool face_up) {
  const int old = tile_loc_[std::size_t(tile)];
  if (old < kPositions) tile_at_[std::size_t(old)] = -1;
  tile_loc_[std::size_t(tile)] = int16_t(pos);
  tile_up_[std::size_t(tile)] = pos < kPositions && face_up;
  if (pos < kPositions) {
    tile_at_[std::size_t(pos)] = int8_t(tile);
    tile_known_[std::size_t(tile)] = face_up ? kPublic : 0;
  } else {
    tile_known_[std::size_t(tile)] = uint8_t(1u << (pos - kHeld));
  }
}

void ConspiracyState::edit_coin(int coin, int location, bool symbol_up, int dir) {
  move_coin(coin, location);
  coin_up_[std::size_t(coin)] = symbol_up;
  coin_dir_[std::size_t(coin)] = uint8_t(dir);
  if (location == kBag)
    coin_known_[std::size_t(coin)] = 0;
  else if (symbol_up)
    coin_known_[std::size_t(coin)] = kPublic;
  else if (location >= kHand)
    coin_known_[std::size_t(coin)] = uint8_t(1u << (location % 100));
  else
    coin_known_[std::size_t(coin)] = 0;
}

void ConspiracyState::edit_goal(Seat seat, int suit, int rank) {
  goal_suit_[std::size_t(seat)] = int8_t(suit);
  goal_rank_[std::size_t(seat)] = int8_t(rank);
}

void ConspiracyState::edit_start_actions(Seat seat, int ap) {
  for (Seat s = 0; s < players(); ++s)
    if (goal_suit_[std::size_t(s)] < 0) edit_goal(s, 0, 0);
  if (round_ == 0) round_ = 1;
  for (int c = 0; c < kPieces; ++c)
    if (coin_loc_[std::size_t(c)] >= kHand && coin_loc_[std::size_t(c)] < kHand + kMaxSeats &&
        coin_loc_[std::size_t(c)] != kHand + seat)
      coin_to_bag(c);
  to_move_ = active_ = seat;
  played_ |= uint8_t(1u << seat);
  ap_ = ap;
  action_ = Action::kNone;
  act_coin_ = act_target_ = attack_sq_ = new_tile_pos_ = -1;
  phase_ = Phase::kAction;
}

void ConspiracyState::edit_start_round(int round) {
  for (Seat s = 0; s < players(); ++s)
    if (goal_suit_[std::size_t(s)] < 0) edit_goal(s, 0, 0);
  for (int c = 0; c < kPieces; ++c)
    if (coin_loc_[std::size_t(c)] >= kHand && coin_loc_[std::size_t(c)] < kHand + kMaxSeats)
      coin_to_bag(c);
  round_ = round - 1;
  start_round();
  flush_log();
}

// ---------------------------------------------------------------------------------------------

GameEntry entry() {
  GameEntry e;
  e.info = GameInfo{
      "conspiracy", "Conspiracy (piecepack edition)", "conspiracy-piecepack.txt", 3, 5, true, true};
  e.rules_source = {"Conspiracy (piecepack edition), version 2.1.1 (2002)", "Bradley T. Johnson",
                    "copyright, no licence given", "", false};
  // The search's tuned lines (docs/games/conspiracy.md, "Computer players"): move-average
  // playouts at three players, and at every count a stop at the 5,000 iterations it was measured
  // at (more won no more games against greedy-only seats).
  e.info.search_lines = {
      {3, "mast=0.03,depth=10,iterations=5000"}, {4, "iterations=5000"}, {5, "iterations=5000"}};
  e.make = [](const json& params) -> std::shared_ptr<const Game> {
    return std::make_shared<ConspiracyGame>(params);
  };
  e.params = param_specs();
  e.places_choice = "the direction a placed coin points, or which held tile is laid";
  // Random play takes about 30 rounds to produce a win; the conformance suite's playouts stop at
  // 8 rounds (an engine cap, not a rule) to keep its sanitizer run within budget.
  e.test_params = {{"max_rounds", 8}};
  return e;
}

}  // namespace tabletop::conspiracy
