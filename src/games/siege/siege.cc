#include "games/siege/siege.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <sstream>

#include "core/text.h"

namespace tabletop::siege {
namespace {

// Grid squares row by row from the bottom (see the diagram in siege.h).
constexpr const char* kSquareNames[kGridSquares] = {
    "b1", "c1",                          // row 1: 0-1
    "b2", "c2", "g2", "h2",              // row 2: 2-5
    "c3", "d3", "e3", "f3", "g3", "h3",  // row 3: 6-11
    "c4", "d4", "e4", "f4",              // row 4: 12-15
    "c5", "d5", "e5", "f5",              // row 5: 16-19
    "a6", "b6", "c6", "d6", "e6", "f6",  // row 6: 20-25
    "a7", "b7", "f7", "g7",              // row 7: 26-29
    "f8", "g8"};                         // row 8: 30-31
constexpr const char* kCompassNames[kMaxSeats] = {"NE", "SE", "SW", "NW"};
constexpr const char* kSuitNames[kMaxSeats] = {"Suns", "Moons", "Crowns", "Arms"};
// Each compass point's arm tile (removed with its Home Base when the seat is unused) and gate.
constexpr uint8_t kArmSquares[kMaxSeats][4] = {
    {28, 29, 30, 31}, {4, 5, 10, 11}, {0, 1, 2, 3}, {20, 21, 26, 27}};
constexpr uint8_t kGate[kMaxSeats] = {31, 5, 0, 26};
// Seats' compass points by player count (RULINGS).
constexpr uint8_t kSeatCompass[3][kMaxSeats] = {{kNE, kSW}, {kNE, kSE, kSW}, {kNE, kSE, kSW, kNW}};

int column_of(int square) {
  return kSquareNames[square][0] - 'a';
}
int row_of(int square) {
  return kSquareNames[square][1] - '1';
}

// The compass direction of the step from `from` to its neighbour `to`: 0 east, 1 west, 2 north,
// 3 south. A Home Base lies beyond its gate: NE north of g8, SE east of h2, SW south of b1, NW west
// of a7.
int step_direction(int from, int to) {
  constexpr int kIntoHome[kMaxSeats] = {2, 0, 3, 1};  // NE, SE, SW, NW
  if (is_home(to)) return kIntoHome[to - kGridSquares];
  if (is_home(from)) return kIntoHome[from - kGridSquares] ^ 1;  // back out through the gate
  const int dc = column_of(to) - column_of(from), dr = row_of(to) - row_of(from);
  return dc > 0 ? 0 : dc < 0 ? 1 : dr > 0 ? 2 : 3;
}

char value_char(int value) {
  return char('0' + value);
}

// An Army's value as the rulebook names it in words: "Null", "Ace", "2" … "5".
std::string army_value_name(int value) {
  return value == 0 ? "Null" : value == 1 ? "Ace" : std::string(1, value_char(value));
}

int die_of_char(char c) {
  switch (std::tolower(static_cast<unsigned char>(c))) {
    case 'n':
      return 0;
    case 'a':
      return 1;
    default:
      return c >= '0' && c <= '5' ? c - '0' : -1;
  }
}

// The space-separated words of `text`.
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

void sort_dice(std::array<uint8_t, kMaxDice>& dice, int count) {
  for (int i = 1; i < count; ++i)
    for (int j = i; j > 0 && dice[std::size_t(j - 1)] > dice[std::size_t(j)]; --j)
      std::swap(dice[std::size_t(j - 1)], dice[std::size_t(j)]);
}

}  // namespace

std::string square_name(int square) {
  if (square >= 0 && square < kGridSquares) return kSquareNames[square];
  if (is_home(square)) return kCompassNames[square - kGridSquares];
  return "?";
}

int square_of_name(std::string_view name) {
  const std::string lower = lower_ascii(name);
  for (int s = 0; s < kGridSquares; ++s)
    if (lower == kSquareNames[s]) return s;
  for (int c = 0; c < kMaxSeats; ++c) {
    const std::string home{char(std::tolower(kCompassNames[c][0])),
                           char(std::tolower(kCompassNames[c][1]))};
    if (lower == home) return home_square(c);
  }
  return -1;
}

Outcome army_vs_army(int attacker, int defender) {
  if (attacker == defender) return Outcome::kDraw;
  if (attacker == 0 && defender == 5) return Outcome::kAttackerWins;
  if (attacker == 5 && defender == 0) return Outcome::kDefenderWins;
  return attacker > defender ? Outcome::kAttackerWins : Outcome::kDefenderWins;
}

Outcome army_vs_commander(int attacker) {
  return attacker <= 1 ? Outcome::kAttackerWins : Outcome::kDefenderWins;
}

// ---------------------------------------------------------------------------------------------
// SiegeGame

// The parameters: what entry() lists and what SiegeGame reads.
static const std::vector<ParamSpec>& param_specs() {
  static const std::vector<ParamSpec> specs = {
      {"players", ParamSpec::Type::kInt, 4, 2, 4,
       "seats: 2 (NE, SW), 3 (NE, SE, SW) or 4 (NE, SE, SW, NW)", "players"},
      {"max_plies", ParamSpec::Type::kInt, kDefaultMaxPlies, 10, 100000000,
       "engine ply cap (not a rule): the game then ends with no winner", "engine",
       ParamSpec::Setter::kAnyone, kDefaultMaxPlies},
      {"straight_moves", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "each move goes in one straight line, no turning within one die's move (Rulings 12)",
       "variant"}};
  return specs;
}

SiegeGame::SiegeGame(const json& params)
    : Game(entry().info, [&] {
        ParamReader reader("siege", params);
        reader.get_all(param_specs());
        return reader.finish();
      }()) {
  players_ = this->params()["players"];
  max_plies_ = this->params()["max_plies"];
  straight_moves_ = this->params()["straight_moves"];
  seat_at_.fill(-1);
  for (Seat s = 0; s < players_; ++s) {
    compass_[std::size_t(s)] = kSeatCompass[players_ - 2][s];
    seat_at_[compass_[std::size_t(s)]] = int8_t(s);
  }
  // The centre and the arms of the seats in play, then their Home Bases.
  for (int s = 0; s < kGridSquares; ++s) {
    bool on_an_arm = false;
    for (int c = 0; c < kMaxSeats; ++c)
      for (uint8_t a : kArmSquares[c])
        if (a == s) on_an_arm = true;
    if (!on_an_arm) in_play_ |= uint64_t(1) << s;
  }
  for (int c = 0; c < kMaxSeats; ++c) {
    if (seat_at_[std::size_t(c)] < 0) continue;
    for (uint8_t a : kArmSquares[c]) in_play_ |= uint64_t(1) << a;
    in_play_ |= uint64_t(1) << home_square(c);
  }
  auto link = [&](int a, int b) {
    if (!in_play(a) || !in_play(b)) return;
    neighbours_[std::size_t(a)][neighbour_count_[std::size_t(a)]++] = uint8_t(b);
    neighbours_[std::size_t(b)][neighbour_count_[std::size_t(b)]++] = uint8_t(a);
  };
  for (int a = 0; a < kGridSquares; ++a)
    for (int b = a + 1; b < kGridSquares; ++b)
      if (std::abs(column_of(a) - column_of(b)) + std::abs(row_of(a) - row_of(b)) == 1) link(a, b);
  for (int c = 0; c < kMaxSeats; ++c) link(home_square(c), kGate[c]);
  build_move_table();
}

std::unique_ptr<State> SiegeGame::new_initial_state(Chance chance) const {
  auto state = std::make_unique<SiegeState>(shared_from_this(), std::move(chance));
  state->setup();
  return state;
}

std::unique_ptr<State> SiegeGame::restore_state(const json& fields, Chance chance) const {
  return position(fields, std::move(chance));
}

std::unique_ptr<SiegeState> SiegeGame::position(const json& f, Chance chance) const {
  auto fail = [](const std::string& why) { throw BadRecord("siege state: " + why); };
  auto state = std::make_unique<SiegeState>(shared_from_this(), std::move(chance));
  SiegeState& s = *state;
  try {
    if (!f.is_object()) fail("expected an object");
    static const char* kKnown[] = {
        "board",   "stacks",        "revealed", "to_move", "dice",
        "moved",   "first_player",  "winner",   "over",    "stopped_by_ply_cap",
        "battles", "besieged_turns"};
    for (auto it = f.begin(); it != f.end(); ++it)
      if (std::find_if(std::begin(kKnown), std::end(kKnown),
                       [&](const char* k) { return it.key() == k; }) == std::end(kKnown))
        fail("unknown field '" + it.key() + "'");
    auto seat_of_compass_text = [&](const std::string& text) {
      const int c = square_of_name(text) - kGridSquares;
      if (c < 0 || c >= kMaxSeats || seat_at(c) < 0)
        fail(quote(text) + " is not the compass point of a seat in play");
      return seat_at(c);
    };
    auto seat_field = [&](const char* key, int fallback, int min) {
      return f.contains(key) ? int(saved_int(f.at(key), key, min, players_ - 1)) : fallback;
    };
    auto value = [&](const json& v) { return int(saved_int(v, "dice", 0, 5)); };

    s.board_.fill(kEmpty);
    for (const std::string& token : words(f.at("board").get<std::string>())) {
      const auto eq = token.find('=');
      const int sq = square_of_name(token.substr(0, eq));
      if (eq == std::string::npos || sq < 0 || !in_play(sq))
        fail("board: " + quote(token) + " is not square=piece on a square in play (e.g. c3=NE4)");
      const std::string text = token.substr(eq + 1);
      if (text.size() != 3)
        fail("board: " + quote(token) + " is not square=piece (e.g. c3=NE4, g8=SWC)");
      const Seat seat = seat_of_compass_text(text.substr(0, 2));
      const char k = char(std::toupper(static_cast<unsigned char>(text[2])));
      const int kind = k == 'C' ? kCommander : (k >= '0' && k <= '5') ? k - '0' : -1;
      if (kind < 0) fail("board: " + quote(token) + " is not square=piece (e.g. c3=NE4, g8=SWC)");
      if (s.board_[std::size_t(sq)] != kEmpty) fail("board: two pieces on " + square_name(sq));
      s.board_[std::size_t(sq)] = make_piece(seat, kind);
    }
    auto digits = [&](const json& text, const char* what) {
      std::vector<int> out;
      for (char c : text.get<std::string>()) {
        if (c < '0' || c > '5')
          fail(std::string(what) + ": " + quote(std::string(1, c)) + " is not a coin value 0..5");
        out.push_back(c - '0');
      }
      return out;
    };
    const json& stacks = f.at("stacks");
    if (!stacks.is_array() || int(stacks.size()) != players_)
      fail("stacks: expected one string of values (top first) per seat");
    for (Seat seat = 0; seat < players_; ++seat) {
      const std::vector<int> stack = digits(stacks.at(std::size_t(seat)), "stacks");
      if (stack.size() > kArmies) fail("stacks: a stack holds 0..6 coins");
      for (int v : stack)
        s.stack_[std::size_t(seat)][s.stack_size_[std::size_t(seat)]++] = uint8_t(v);
    }
    if (f.contains("revealed")) {
      const json& revealed = f.at("revealed");
      if (!revealed.is_array() || int(revealed.size()) != players_)
        fail("revealed: expected one string of values per seat");
      for (Seat seat = 0; seat < players_; ++seat)
        for (int v : digits(revealed.at(std::size_t(seat)), "revealed"))
          s.revealed_[std::size_t(seat)] |= uint8_t(1u << v);
    }
    s.to_move_ = int8_t(seat_field("to_move", 0, 0));
    s.first_player_ = int8_t(seat_field("first_player", 0, 0));
    s.winner_ = int8_t(seat_field("winner", -1, -1));
    s.over_ = f.contains("over") && saved_bool(f.at("over"), "over");
    s.stopped_by_cap_ = f.contains("stopped_by_ply_cap") &&
                        saved_bool(f.at("stopped_by_ply_cap"), "stopped_by_ply_cap");
    // The lab's counters: at most one battle or besieged turn per ply.
    if (f.contains("battles"))
      s.battles_ = uint16_t(saved_int(f.at("battles"), "battles", 0, 65535));
    if (f.contains("besieged_turns"))
      s.besieged_turns_ = uint16_t(saved_int(f.at("besieged_turns"), "besieged_turns", 0, 65535));
    const json& dice = f.at("dice");
    if (!dice.is_array() || dice.size() > kMaxDice) fail("dice: expected an array of 0..4 dice");
    for (const json& d : dice) s.dice_[s.dice_count_++] = uint8_t(value(d));
    sort_dice(s.dice_, s.dice_count_);
    if (f.contains("moved"))
      for (const std::string& name : words(f.at("moved").get<std::string>())) {
        const int sq = square_of_name(name);
        if (sq < 0) fail("moved: " + quote(name) + " is not a square");
        s.moved_ |= uint64_t(1) << sq;
      }
    // Every coin exactly once (board or stack) before the position is indexed.
    for (Seat seat = 0; seat < players_; ++seat) {
      int count[kKinds] = {};
      for (int sq = 0; sq < kSquares; ++sq)
        if (s.board_[std::size_t(sq)] != kEmpty && piece_seat(s.board_[std::size_t(sq)]) == seat)
          ++count[piece_kind(s.board_[std::size_t(sq)])];
      for (int i = 0; i < s.stack_size_[std::size_t(seat)]; ++i)
        ++count[s.stack_[std::size_t(seat)][std::size_t(i)]];
      for (int k = 0; k < kKinds; ++k)
        if (count[k] > 1 || (k < kArmies && count[k] != 1))
          fail(std::string(kCompassNames[compass_of(seat)]) +
               (k == kCommander ? "'s Commander" : "'s Army ") +
               (k == kCommander ? "" : army_value_name(k)) + " is in " + std::to_string(count[k]) +
               " places");
    }
    s.rebuild_where();
    s.check_invariants();
  } catch (const json::exception& e) {
    throw BadRecord(std::string("siege state: ") + e.what());
  } catch (const InvariantError& e) {
    throw BadRecord(std::string("siege state is impossible: ") + e.what());
  }
  return state;
}

// ---------------------------------------------------------------------------------------------
// SiegeState

SiegeState::SiegeState(std::shared_ptr<const Game> game, Chance chance)
    : State(std::move(game), std::move(chance)) {
  board_.fill(kEmpty);
  for (auto& seat : where_) seat.fill(kNoSquare);
}

const SiegeGame& SiegeState::rules() const {
  return static_cast<const SiegeGame&>(game());
}

int SiegeState::compass_of(Seat seat) const {
  return rules().compass_of(seat);
}

void SiegeState::rebuild_where() {
  for (auto& seat : where_) seat.fill(kNoSquare);
  for (int sq = 0; sq < kSquares; ++sq)
    if (board_[std::size_t(sq)] != kEmpty) {
      const uint8_t p = board_[std::size_t(sq)];
      where_[std::size_t(piece_seat(p))][std::size_t(piece_kind(p))] = uint8_t(sq);
    }
}

void SiegeState::setup() {
  const int n = num_players();
  for (Seat seat = 0; seat < n; ++seat) {
    auto& stack = stack_[std::size_t(seat)];
    for (int v = 0; v < kArmies; ++v) stack[std::size_t(v)] = uint8_t(v);
    chance().shuffle(stack.begin(), stack.end());
    stack_size_[std::size_t(seat)] = kArmies;
  }
  // Each seat rolls its own die; the largest goes first; a tie for the largest: all roll again.
  while (true) {
    int rolls[kMaxSeats] = {};
    int best = -1, at_best = 0;
    for (Seat seat = 0; seat < n; ++seat) {
      rolls[seat] = chance().roll_die();
      if (rolls[seat] > best) {
        best = rolls[seat];
        at_best = 0;
        first_player_ = int8_t(seat);
      }
      at_best += rolls[seat] == best;
    }
    if (log().enabled()) {
      std::string text = "Starting roll:";
      for (Seat seat = 0; seat < n; ++seat)
        text +=
            std::string(seat ? ", " : " ") + game().seat_name(seat) + " " + value_char(rolls[seat]);
      log().add(text + (at_best > 1 ? " (a tie for the largest: all roll again)" : ""));
    }
    if (at_best == 1) break;
  }
  to_move_ = first_player_;
  if (log().enabled()) log().add(game().seat_name(to_move_) + " goes first");
  begin_turn();
}

void SiegeState::place(int square, uint8_t piece) {
  assert(board_[std::size_t(square)] == kEmpty);
  board_[std::size_t(square)] = piece;
  where_[std::size_t(piece_seat(piece))][std::size_t(piece_kind(piece))] = uint8_t(square);
}

void SiegeState::lift(int square) {
  const uint8_t piece = board_[std::size_t(square)];
  assert(piece != kEmpty);
  where_[std::size_t(piece_seat(piece))][std::size_t(piece_kind(piece))] = kNoSquare;
  board_[std::size_t(square)] = kEmpty;
  moved_ &= ~(uint64_t(1) << square);
}

void SiegeState::to_stack_bottom(Seat seat, int value) {
  stack_[std::size_t(seat)][stack_size_[std::size_t(seat)]++] = uint8_t(value);
}

void SiegeState::begin_turn() {
  // One log event per turn: what phase 1 added and what phase 2 rolled.
  const int n = num_players();
  for (int tries = 0; tries <= n; ++tries) {
    const Seat seat = to_move_;
    const int home = home_square(compass_of(seat));
    auto& stack = stack_[std::size_t(seat)];
    uint8_t& size = stack_size_[std::size_t(seat)];
    int added = -1;
    // Phase 1: add to Home Base.
    if (board_[std::size_t(home)] == kEmpty) {
      if (size > 0) {
        added = stack[0];
        for (int i = 1; i < size; ++i) stack[std::size_t(i - 1)] = stack[std::size_t(i)];
        --size;
        place(home, make_piece(seat, added));
      } else if (where_[std::size_t(seat)][kCommander] == kNoSquare) {
        added = kCommander;
        place(home, make_piece(seat, kCommander));
      }
    }
    // Phase 2: one die per piece on the board, at most four.
    int pieces = 0;
    for (uint8_t sq : where_[std::size_t(seat)]) pieces += sq != kNoSquare;
    dice_count_ = uint8_t(std::min(pieces, kMaxDice));
    for (int i = 0; i < dice_count_; ++i) dice_[std::size_t(i)] = uint8_t(chance().roll_die());
    sort_dice(dice_, dice_count_);
    moved_ = 0;
    if (log().enabled()) {
      std::string text = game().seat_name(seat);
      if (added == kCommander)
        text += " adds its Commander to its Home Base,";
      else if (added >= 0)
        text += " adds its top Army" +
                (revealed(seat, added) ? std::string(" (") + value_char(added) + ")" : "") +
                " to its Home Base,";
      if (pieces == 0)
        text += " has no piece on the board: no turn (its Home Base is besieged)";
      else
        text += " rolls";
      for (int i = 0; i < dice_count_; ++i)
        text += std::string(" ") + value_char(dice_[std::size_t(i)]);
      log().add(text);
    }
    if (pieces > 0) return;
    ++besieged_turns_;
    to_move_ = int8_t((seat + 1) % n);
  }
  throw InvariantError("siege: no seat has a piece on the board");
}

void SiegeState::end_turn() {
  dice_count_ = 0;
  moved_ = 0;
  to_move_ = int8_t((to_move_ + 1) % num_players());
  begin_turn();
}

bool SiegeState::has_unmoved_piece(Seat seat) const {
  for (uint8_t sq : where_[std::size_t(seat)])
    if (sq != kNoSquare && !(moved_ >> sq & 1)) return true;
  return false;
}

Seat SiegeState::current_player() const {
  return over_ ? kTerminal : to_move_;
}

void SiegeState::reachable(int from, int reach, std::array<uint8_t, kSquares>& dist) const {
  // Breadth-first over squares in play. An Army steps only onto empty squares; a Commander also
  // onto its own Armies (walking over them), though it may not stop there. With straight_moves
  // every step of one move goes the way the first went.
  const SiegeGame& g = rules();
  const uint8_t mover = board_[std::size_t(from)];
  const bool commander = piece_kind(mover) == kCommander;
  const int seat = piece_seat(mover);
  dist.fill(0xff);
  dist[std::size_t(from)] = 0;
  auto passable = [&](int t) {
    const uint8_t p = board_[std::size_t(t)];
    return p == kEmpty || (commander && piece_seat(p) == seat && piece_kind(p) != kCommander);
  };
  if (g.straight_moves()) {
    for (int k0 = 0; k0 < g.neighbour_count(from); ++k0) {
      int t = g.neighbour(from, k0);
      const int direction = step_direction(from, t);
      for (int steps = 1; steps <= reach && passable(t); ++steps) {
        dist[std::size_t(t)] = uint8_t(std::min<int>(dist[std::size_t(t)], steps));
        const int q = t;
        t = -1;
        for (int k = 0; k < g.neighbour_count(q) && t < 0; ++k)
          if (step_direction(q, g.neighbour(q, k)) == direction) t = g.neighbour(q, k);
        if (t < 0) break;
      }
    }
    return;
  }
  uint8_t queue[kSquares];
  int head = 0, tail = 0;
  queue[tail++] = uint8_t(from);
  while (head < tail) {
    const int q = queue[head++];
    if (dist[std::size_t(q)] >= reach) continue;
    for (int k = 0; k < g.neighbour_count(q); ++k) {
      const int t = g.neighbour(q, k);
      if (dist[std::size_t(t)] != 0xff || !passable(t)) continue;
      dist[std::size_t(t)] = uint8_t(dist[std::size_t(q)] + 1);
      queue[tail++] = uint8_t(t);
    }
  }
}

void SiegeState::do_legal_moves(MoveList& out) const {
  if (over_) return;
  out.push_back(kEndTurn);
  const SiegeGame& g = rules();
  const Seat seat = to_move_;
  const int max_die = dice_[std::size_t(dice_count_ - 1)];
  std::array<uint8_t, kSquares> dist;
  // The seat's pieces by square (never by an Army's hidden value: the order must not tell it).
  for (int from = 0; from < kSquares; ++from) {
    const uint8_t piece = board_[std::size_t(from)];
    if (piece == kEmpty || piece_seat(piece) != seat || (moved_ >> from & 1)) continue;
    const int kind = piece_kind(piece);
    reachable(from, max_die, dist);
    // The squares it may end on, nearest first, with their distance.
    uint8_t ends[kSquares], steps[kSquares];
    int count = 0;
    for (int d = 0; d <= max_die; ++d)
      for (int sq = 0; sq < kSquares; ++sq)
        if (dist[std::size_t(sq)] == d && (sq == from || board_[std::size_t(sq)] == kEmpty)) {
          ends[count] = uint8_t(sq);
          steps[count++] = uint8_t(d);
        }
    for (int i = 0; i < dice_count_; ++i) {
      const int die = dice_[std::size_t(i)];
      if (i > 0 && die == dice_[std::size_t(i - 1)]) continue;
      for (int e = 0; e < count && steps[e] <= die; ++e) {
        const int to = ends[e];
        if (to != from) out.push_back(make_move(die, from, to));
        if (kind == kCommander) continue;
        for (int k = 0; k < g.neighbour_count(to); ++k) {
          const int t = g.neighbour(to, k);
          const uint8_t p = board_[std::size_t(t)];
          if (p != kEmpty && piece_seat(p) != seat) out.push_back(make_move(die, from, to, t));
        }
      }
    }
  }
}

std::string SiegeState::why_illegal(Move move) const {
  if (over_) return "the game is over";
  if (move == kEndTurn) return {};
  if (move.bits >> 21) return "not a Siege move";
  const MoveParts m = move_parts(move);
  const SiegeGame& g = rules();
  if (m.die > 5) return "a die shows 0..5";
  for (int sq : {m.from, m.to})
    if (sq >= kSquares || !g.in_play(sq))
      return "square " + square_name(sq) + " is not on the board with " +
             std::to_string(num_players()) + " players";
  if (m.target != kNoSquare && (m.target >= kSquares || !g.in_play(m.target)))
    return "square " + square_name(m.target) + " is not on the board";
  bool have_die = false;
  std::string dice;
  for (int i = 0; i < dice_count_; ++i) {
    have_die |= dice_[std::size_t(i)] == m.die;
    dice += std::string(dice.empty() ? "" : " ") + value_char(dice_[std::size_t(i)]);
  }
  if (!have_die)
    return std::string("no die showing ") + value_char(m.die) + " is left (dice left: " + dice +
           ")";
  const uint8_t piece = board_[std::size_t(m.from)];
  const std::string from = square_name(m.from), to = square_name(m.to);
  if (piece == kEmpty) return "there is no piece on " + from;
  if (piece_seat(piece) != to_move_) return "the piece on " + from + " is not yours";
  if (moved_ >> m.from & 1) return "the piece on " + from + " has already moved this turn";
  const bool commander = piece_kind(piece) == kCommander;
  if (m.to == m.from && m.target == kNoSquare)
    return "staying on " + from + " without attacking changes nothing: play 'end' to stop moving";
  if (m.to != m.from) {
    if (board_[std::size_t(m.to)] != kEmpty) return to + " is not empty";
    std::array<uint8_t, kSquares> dist;
    reachable(m.from, m.die, dist);
    if (dist[std::size_t(m.to)] > m.die)
      return to + " is not within " + value_char(m.die) +
             (g.straight_moves() ? " steps in a straight line from " : " orthogonal steps of ") +
             from +
             (commander ? " (a Commander passes over its own Armies only)"
                        : " (an Army cannot pass over pieces)");
  }
  if (m.target != kNoSquare) {
    const std::string target = square_name(m.target);
    if (commander) return "a Commander cannot attack";
    bool adjacent = false;
    for (int k = 0; k < g.neighbour_count(m.to); ++k) adjacent |= g.neighbour(m.to, k) == m.target;
    if (!adjacent) return target + " is not next to " + to;
    const uint8_t p = m.target == m.from ? kEmpty : board_[std::size_t(m.target)];
    if (p == kEmpty) return "there is nothing to attack on " + target;
    if (piece_seat(p) == to_move_) return target + " holds your own piece";
  }
  return {};
}

std::string SiegeState::battle(int attacker_square, int defender_square) {
  const uint8_t a = board_[std::size_t(attacker_square)], d = board_[std::size_t(defender_square)];
  const Seat a_seat = piece_seat(a), d_seat = piece_seat(d);
  const int a_value = piece_kind(a);
  ++battles_;
  revealed_[std::size_t(a_seat)] |= uint8_t(1u << a_value);
  Outcome outcome;
  if (piece_kind(d) == kCommander) {
    outcome = army_vs_commander(a_value);
    if (outcome == Outcome::kAttackerWins) {
      lift(defender_square);
    } else {
      lift(attacker_square);
      to_stack_bottom(a_seat, a_value);
    }
  } else {
    const int d_value = piece_kind(d);
    revealed_[std::size_t(d_seat)] |= uint8_t(1u << d_value);
    outcome = army_vs_army(a_value, d_value);
    if (outcome == Outcome::kAttackerWins) {
      lift(defender_square);
      to_stack_bottom(d_seat, d_value);
    } else if (outcome == Outcome::kDefenderWins) {
      lift(attacker_square);
      to_stack_bottom(a_seat, a_value);
    }
  }
  if (!log().enabled()) return {};
  std::string text = ", Army " + army_value_name(a_value) + " against " +
                     (piece_kind(d) == kCommander ? std::string("Commander")
                                                  : "Army " + army_value_name(piece_kind(d)));
  return text + (outcome == Outcome::kDraw           ? ": a draw, both stay"
                 : outcome == Outcome::kAttackerWins ? ": the attacker wins"
                                                     : ": the defender wins");
}

void SiegeState::do_apply(Move move) {
  assert(why_illegal(move).empty());
  const Seat seat = to_move_;
  if (move == kEndTurn) {
    if (log().enabled()) log().add(game().seat_name(seat) + " ends its turn");
    end_turn();
  } else {
    const MoveParts m = move_parts(move);
    int i = 0;
    while (dice_[std::size_t(i)] != m.die) ++i;
    for (; i + 1 < dice_count_; ++i) dice_[std::size_t(i)] = dice_[std::size_t(i + 1)];
    --dice_count_;
    const uint8_t piece = board_[std::size_t(m.from)];
    if (m.to != m.from) {
      lift(m.from);
      place(m.to, piece);
    }
    moved_ |= uint64_t(1) << m.to;
    if (piece_kind(piece) == kCommander && is_home(m.to) && m.to != home_square(compass_of(seat))) {
      winner_ = int8_t(seat);
      over_ = true;
      dice_count_ = 0;
      if (log().enabled())
        log().add(game().seat_name(seat) + ": " + move_to_string(move) + ": its Commander takes " +
                  square_name(m.to) + "'s Home Base and wins");
      return;
    }
    const std::string fought = m.target != kNoSquare ? battle(m.to, m.target) : std::string();
    if (log().enabled()) log().add(game().seat_name(seat) + ": " + move_to_string(move) + fought);
    if (dice_count_ == 0 || !has_unmoved_piece(seat)) end_turn();
  }
  if (!over_ && ply() + 1 >= rules().max_plies()) {
    over_ = true;
    stopped_by_cap_ = true;
  }
}

void SiegeState::siege_steps(std::array<uint8_t, kMaxSeats>& steps) const {
  const SiegeGame& g = rules();
  const int n = num_players();
  steps.fill(0xff);
  // Whether `seat`'s Army of value `value` is known not to beat `piece` (both values public).
  auto known_not_to_beat = [&](Seat seat, int value, uint8_t piece) {
    if (!revealed(seat, value)) return false;
    if (piece_kind(piece) == kCommander) return army_vs_commander(value) != Outcome::kAttackerWins;
    return revealed(piece_seat(piece), piece_kind(piece)) &&
           army_vs_army(value, piece_kind(piece)) != Outcome::kAttackerWins;
  };
  for (int compass = 0; compass < kMaxSeats; ++compass) {
    const int home = home_square(compass);
    const uint8_t holder = board_[std::size_t(home)];
    if (!g.in_play(home) || holder == kEmpty) continue;
    const int gate = kGate[compass];
    const uint8_t on_gate = board_[std::size_t(gate)];
    // Steps to a square next to the piece to attack (for each seat whose Army is not on the gate),
    // one more when that is the gate's piece (the holder is next).
    const int target = on_gate == kEmpty ? home : gate;
    const uint8_t victim = board_[std::size_t(target)];
    const int extra = target == gate ? 1 : 0;
    std::array<uint8_t, kSquares> dist;
    dist.fill(0xff);
    uint8_t queue[kSquares];
    int head = 0, tail = 0;
    for (int k = 0; k < g.neighbour_count(target); ++k) {
      const int t = g.neighbour(target, k);
      if (board_[std::size_t(t)] != kEmpty) continue;
      dist[std::size_t(t)] = 0;
      queue[tail++] = uint8_t(t);
    }
    while (head < tail) {
      const int q = queue[head++];
      for (int k = 0; k < g.neighbour_count(q); ++k) {
        const int t = g.neighbour(q, k);
        if (dist[std::size_t(t)] != 0xff || is_home(t) || board_[std::size_t(t)] != kEmpty)
          continue;
        dist[std::size_t(t)] = uint8_t(dist[std::size_t(q)] + 1);
        queue[tail++] = uint8_t(t);
      }
    }
    for (Seat s = 0; s < n; ++s) {
      if (piece_seat(holder) == s) continue;
      if (on_gate != kEmpty && piece_seat(on_gate) == s) {
        // Its own piece on the gate: an Army there attacks the holder now; a Commander only
        // blocks the way.
        if (piece_kind(on_gate) != kCommander && !known_not_to_beat(s, piece_kind(on_gate), holder))
          steps[std::size_t(s)] = 0;
        continue;
      }
      for (int value = 0; value < kArmies; ++value) {
        const int at = where_[std::size_t(s)][std::size_t(value)];
        if (at == kNoSquare || is_home(at) || known_not_to_beat(s, value, victim)) continue;
        int best = 0xff;
        for (int k = 0; k < g.neighbour_count(at); ++k) {
          const int t = g.neighbour(at, k);
          if (t == target)
            best = 0;
          else if (dist[std::size_t(t)] != 0xff)
            best = std::min<int>(best, dist[std::size_t(t)] + 1);
        }
        if (best != 0xff)
          steps[std::size_t(s)] = uint8_t(std::min<int>(steps[std::size_t(s)], best + extra));
      }
    }
  }
}

bool SiegeState::estimate_returns(Returns& out) const {
  constexpr double kWinThisTurn = 3.0;
  constexpr double kSiegeWeight = 0.3;
  if (over_) {
    out = returns();
    return true;
  }
  const int n = num_players();
  double score[kMaxSeats] = {};
  double mean = 0;
  std::array<uint8_t, kSquares> dist;
  std::array<uint8_t, kMaxSeats> sieges;
  sieges.fill(0xff);
  // Two players only: where the stalls were (research/siege-search.md, 2026-12-02).
  if (n == 2) siege_steps(sieges);
  for (Seat s = 0; s < n; ++s) {
    if (sieges[std::size_t(s)] != 0xff) score[s] += kSiegeWeight / (1 + sieges[std::size_t(s)]);
    for (int k = 0; k < kArmies; ++k)
      score[s] += where_[std::size_t(s)][std::size_t(k)] != kNoSquare ? 0.15 : 0;
    const uint8_t on_home = board_[std::size_t(home_square(compass_of(s)))];
    if (on_home != kEmpty && piece_seat(on_home) != s) score[s] -= 0.4;
    const int commander = where_[std::size_t(s)][kCommander];
    if (commander != kNoSquare) {
      score[s] += 0.5;
      reachable(commander, kSquares, dist);
      int nearest = 0xff;  // the nearest base it could take, as steps
      int open = 0xff;     // the nearest empty one
      for (Seat e = 0; e < n; ++e) {
        if (e == s) continue;
        const int home = home_square(compass_of(e));
        const uint8_t held = board_[std::size_t(home)];
        if (held == kEmpty) {
          open = std::min<int>(open, dist[std::size_t(home)]);
        } else if (piece_seat(held) == s && commander != kGate[compass_of(e)] &&
                   dist[std::size_t(home)] != 0xff) {
          // The seat's own Army holds the base: one more step (it must step out to the gate
          // first, the Commander then walks over it), unless the Commander stands on the gate,
          // the base's only way out.
          nearest = std::min<int>(nearest, dist[std::size_t(home)] + 1);
        }
      }
      nearest = std::min(nearest, open);
      if (nearest != 0xff) score[s] += 1.5 / (1 + nearest);
      // A win this turn: the seat to move still has its Commander to move and a die that takes
      // it onto an empty enemy base. One ply of lookahead in the estimate, so that the move that
      // clears the way (an Army stepping off a base it holds, an attack that empties one) scores
      // as what it is.
      if (s == to_move_ && dice_count_ > 0 && !has_moved(commander) &&
          open <= dice_[std::size_t(dice_count_ - 1)])
        score[s] += kWinThisTurn;
    }
    mean += score[s] / n;
  }
  out = Returns{};
  for (Seat s = 0; s < n; ++s) out[std::size_t(s)] = std::tanh(score[s] - mean);
  return true;
}

Returns SiegeState::returns() const {
  Returns r{};
  if (!over_ || winner_ < 0) return r;
  const int n = num_players();
  for (Seat s = 0; s < n; ++s) r[std::size_t(s)] = s == winner_ ? 1.0 : -1.0 / (n - 1);
  return r;
}

void SiegeState::seat_figures(SeatFigures& out) const {
  SeatFigures::Values& armies =
      out.add("armies_on_board", "Armies each seat has on the board (the rest wait in its stack).");
  SeatFigures::Values& strength =
      out.add("strength_on_board",
              "The sum of the values of each seat's Armies on the board, hidden values included "
              "(Null counts 0, Ace 1).");
  for (Seat s = 0; s < num_players(); ++s)
    for (int value = 0; value < kArmies; ++value)
      if (where_[std::size_t(s)][std::size_t(value)] != kNoSquare) {
        armies[std::size_t(s)] += 1;
        strength[std::size_t(s)] += value;
      }
}

void SiegeState::figures(Figures& out) const {
  out.add("capped", stopped_by_cap_ ? 1 : 0);
  out.add("battles", battles_);
  out.add("besieged_turns", besieged_turns_);
  out.add("first_player", first_player_);
  out.add("first_player_won", winner_ >= 0 && winner_ == first_player_ ? 1 : 0);
}

std::unique_ptr<State> SiegeState::clone() const {
  return std::make_unique<SiegeState>(*this);
}

std::string SiegeState::move_to_string(Move move) const {
  if (move == kEndTurn) return "end";
  const MoveParts m = move_parts(move);
  std::string text = std::string(1, value_char(m.die)) + ":" + square_name(m.from);
  if (m.to != m.from) text += "-" + square_name(m.to);
  if (m.target != kNoSquare) text += "x" + square_name(m.target);
  return text;
}

Move SiegeState::parse_move(std::string_view text) const {
  const std::string t = compact_lower(text);
  if (t == "end" || t == "pass") return kEndTurn;
  const std::string quoted = quote(text);
  const auto colon = t.find(':');
  if (colon != 1 || die_of_char(t[0]) < 0)
    throw BadMove(quoted +
                  " is not a Siege move: write die:from-to (e.g. 3:c3-c5), add xSQUARE to "
                  "attack (3:c3-c5xd5, 0:c3xd3), or 'end'");
  const int die = die_of_char(t[0]);
  std::string rest = t.substr(2), target_text;
  if (const auto x = rest.find('x'); x != std::string::npos) {
    target_text = rest.substr(x + 1);
    rest = rest.substr(0, x);
  }
  std::string from_text = rest, to_text = rest;
  if (const auto dash = rest.find('-'); dash != std::string::npos) {
    from_text = rest.substr(0, dash);
    to_text = rest.substr(dash + 1);
  }
  auto square = [&](const std::string& name) {
    const int sq = square_of_name(name);
    if (sq < 0)
      throw BadMove(quoted + ": '" + name +
                    "' is not a square (a1..h8 on the pinwheel, or the Home Bases NE SE SW NW)");
    return sq;
  };
  const int from = square(from_text), to = square(to_text);
  const int target =
      target_text.empty() && t.find('x') == std::string::npos ? kNoSquare : square(target_text);
  return make_move(die, from, to, target);
}

std::string SiegeState::piece_text(uint8_t piece, bool show_value) const {
  std::string text = kCompassNames[compass_of(piece_seat(piece))];
  const int kind = piece_kind(piece);
  text += kind == kCommander ? 'C' : show_value ? value_char(kind) : '?';
  return text;
}

std::string SiegeState::board_text(bool truth) const {
  char text[kSquares * 7];
  std::size_t n = 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    const uint8_t p = board_[std::size_t(sq)];
    if (p == kEmpty) continue;
    if (n) text[n++] = ' ';
    const char* name = sq < kGridSquares ? kSquareNames[sq] : kCompassNames[sq - kGridSquares];
    const char* owner = kCompassNames[compass_of(piece_seat(p))];
    const int kind = piece_kind(p);
    text[n++] = name[0];
    text[n++] = name[1];
    text[n++] = '=';
    text[n++] = owner[0];
    text[n++] = owner[1];
    text[n++] = kind == kCommander                       ? 'C'
                : truth || revealed(piece_seat(p), kind) ? value_char(kind)
                                                         : '?';
  }
  return std::string(text, n);
}

std::string SiegeState::moved_text() const {
  std::string text;
  for (int sq = 0; sq < kSquares; ++sq)
    if (moved_ >> sq & 1) text += (text.empty() ? "" : " ") + square_name(sq);
  return text;
}

json SiegeState::state_json() const {
  const int n = num_players();
  json stacks = json::array(), seen = json::array(), dice = json::array();
  for (Seat s = 0; s < n; ++s) {
    std::string stack, values;
    for (int i = 0; i < stack_size_[std::size_t(s)]; ++i)
      stack += value_char(stack_[std::size_t(s)][std::size_t(i)]);
    for (int v = 0; v < kArmies; ++v)
      if (revealed(s, v)) values += value_char(v);
    stacks.push_back(stack);
    seen.push_back(values);
  }
  for (int i = 0; i < dice_count_; ++i) dice.push_back(dice_[std::size_t(i)]);
  // Built by moving the parts in (an initializer list would copy them).
  json j = json::object();
  j["board"] = board_text(true);
  j["stacks"] = std::move(stacks);
  j["revealed"] = std::move(seen);
  j["to_move"] = to_move_;
  j["first_player"] = first_player_;
  j["dice"] = std::move(dice);
  j["moved"] = moved_text();
  j["winner"] = winner_;
  j["over"] = over_;
  j["stopped_by_ply_cap"] = stopped_by_cap_;
  j["battles"] = battles_;
  j["besieged_turns"] = besieged_turns_;
  return j;
}

void SiegeState::sample_hidden(Seat viewer, Rng& rng) {
  // Nobody knows an unrevealed Army, so the sample is the same whoever asks.
  for (Seat s = 0; s < num_players(); ++s) {
    uint8_t* places[kArmies];
    uint8_t values[kArmies];
    int count = 0;
    for (int sq = 0; sq < kSquares; ++sq) {
      const uint8_t p = board_[std::size_t(sq)];
      if (p != kEmpty && piece_seat(p) == s && piece_kind(p) != kCommander &&
          !revealed(s, piece_kind(p))) {
        places[count] = &board_[std::size_t(sq)];
        values[count++] = uint8_t(piece_kind(p));
      }
    }
    for (int i = 0; i < stack_size_[std::size_t(s)]; ++i) {
      uint8_t& v = stack_[std::size_t(s)][std::size_t(i)];
      if (!revealed(s, v)) {
        places[count] = &v;
        values[count++] = v;
      }
    }
    for (int k = count; k > 1; --k) std::swap(values[k - 1], values[rng.uniform(uint32_t(k))]);
    for (int i = 0; i < count; ++i) {
      const bool on_board = places[i] >= board_.data() && places[i] < board_.data() + kSquares;
      *places[i] = on_board ? make_piece(s, values[i]) : values[i];
    }
  }
  rebuild_where();
}

MovePlaces SiegeState::move_places(Move move) const {
  if (move == kEndTurn) return {};
  const MoveParts m = move_parts(move);
  // In sequence: the army, where it goes, what it attacks.
  MovePlaces places{{square_name(m.from)}};
  if (m.to != m.from) places.push_back({square_name(m.to)});
  if (m.target != kNoSquare) places.push_back({square_name(m.target)});
  return places;
}

bool SiegeState::reveals(Move move) const {
  if (move == kEndTurn) return false;
  const MoveParts m = move_parts(move);
  if (m.target == kNoSquare) return false;
  const uint8_t a = board_[std::size_t(m.from)], d = board_[std::size_t(m.target)];
  if (!revealed(piece_seat(a), piece_kind(a))) return true;
  return piece_kind(d) != kCommander && !revealed(piece_seat(d), piece_kind(d));
}

std::vector<std::string> SiegeGame::board_places() const {
  std::vector<std::string> places;
  for (int square = 0; square < kSquares; ++square)
    if (in_play(square)) places.push_back(square_name(square));
  return places;
}

json SiegeState::observation(Seat viewer) const {
  // Nobody sees an unrevealed Army, so every viewer gets the same.
  const int n = num_players();
  std::string seats;
  json stacks = json::array(), commanders = json::array(), dice = json::array();
  for (Seat s = 0; s < n; ++s) {
    seats += std::string(s ? " " : "") + kCompassNames[compass_of(s)];
    std::string stack;
    for (int i = 0; i < stack_size_[std::size_t(s)]; ++i) {
      const int v = stack_[std::size_t(s)][std::size_t(i)];
      stack += revealed(s, v) ? value_char(v) : '?';
    }
    stacks.push_back(stack);
    const int commander = where_[std::size_t(s)][kCommander];
    commanders.push_back(commander == kNoSquare ? json(nullptr) : json(square_name(commander)));
  }
  for (int i = 0; i < dice_count_; ++i) dice.push_back(dice_[std::size_t(i)]);
  json obs = json::object();
  obs["game"] = "siege";
  obs["seats"] = std::move(seats);
  obs["board"] = board_text(false);
  obs["stacks"] = std::move(stacks);
  obs["commanders"] = std::move(commanders);
  obs["dice"] = std::move(dice);
  obs["moved"] = moved_text();
  obs["first_player"] = first_player_;
  obs["ply"] = ply();
  obs["terminal"] = over_;
  obs["to_move"] = over_ ? json(nullptr) : json(to_move_);
  if (over_) {
    obs["winner"] = winner_ >= 0 ? json(winner_) : json(nullptr);
    obs["stopped_by_ply_cap"] = stopped_by_cap_;
  }
  return obs;
}

json SiegeState::record_observation() const {
  SiegeState all(*this);
  all.revealed_.fill(0xFF);
  return all.observation(kSpectator);
}

std::string SiegeState::render(Seat viewer) const {
  // Once the game is over its record is public: the last board shows every Army's value.
  if (over_ &&
      std::any_of(revealed_.begin(), revealed_.end(), [](uint8_t r) { return r != 0xFF; })) {
    SiegeState all(*this);
    all.revealed_.fill(0xFF);
    return all.render(viewer);
  }
  // A 10 x 10 picture: columns NW-base, a..h, SE-base; rows SW-base, 1..8, NE-base.
  const SiegeGame& g = rules();
  static const std::array<std::array<int8_t, 10>, 10> at_cell = [] {
    std::array<std::array<int8_t, 10>, 10> table;
    for (auto& row : table) row.fill(-1);
    for (int sq = 0; sq < kGridSquares; ++sq)
      table[std::size_t(row_of(sq) + 1)][std::size_t(column_of(sq) + 1)] = int8_t(sq);
    table[9][7] = int8_t(home_square(kNE));
    table[2][9] = int8_t(home_square(kSE));
    table[0][2] = int8_t(home_square(kSW));
    table[7][0] = int8_t(home_square(kNW));
    return table;
  }();
  // Each square is a 5-column cell with its content centred, its column letter over the middle.
  constexpr int kCell = 5;
  auto cell = [&](int sq) -> std::string {
    if (sq < 0 || !g.in_play(sq)) return std::string(kCell, ' ');
    const uint8_t p = board_[std::size_t(sq)];
    if (p == kEmpty) return centred(is_home(sq) ? "[" + square_name(sq) + "]" : ".", kCell);
    return centred(piece_text(p, revealed(piece_seat(p), piece_kind(p))), kCell);
  };
  std::ostringstream out;
  std::string letters(3 + kCell, ' ');
  for (int column = 0; column < 8; ++column)
    letters += centred(std::string(1, char('a' + column)), kCell);
  letters.erase(letters.find_last_not_of(' ') + 1);
  out << letters << "\n";
  for (int row = 9; row >= 0; --row) {
    std::string line = (row >= 1 && row <= 8) ? " " + std::to_string(row) + " " : "   ";
    for (int column = 0; column < 10; ++column)
      line += cell(at_cell[std::size_t(row)][std::size_t(column)]);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
  for (Seat s = 0; s < num_players(); ++s) {
    out << " " << game().seat_name(s) << ", " << kSuitNames[compass_of(s)] << ": stack";
    if (stack_size_[std::size_t(s)] == 0) out << " empty";
    for (int i = 0; i < stack_size_[std::size_t(s)]; ++i) {
      const int v = stack_[std::size_t(s)][std::size_t(i)];
      out << ' ' << (revealed(s, v) ? value_char(v) : '?');
    }
    out << " (top first), Commander "
        << (where_[std::size_t(s)][kCommander] == kNoSquare
                ? "off the board"
                : "on " + square_name(where_[std::size_t(s)][kCommander]))
        << "\n";
  }
  if (over_) {
    out << " Game over: "
        << (winner_ >= 0
                ? game().seat_name(winner_) + " wins: its Commander took an opponent's Home Base"
                : std::string("no winner (engine ply cap reached)"))
        << "\n";
  } else {
    out << " " << game().seat_name(to_move_) << " to move\n";  // the dice: turn_status
  }
  return out.str();
}

std::string SiegeState::turn_status(Seat viewer) const {
  if (over_) return {};
  auto die_text = [](int d) {
    return d == 0 ? std::string("0 (Null)") : d == 1 ? "1 (Ace)" : std::string(1, value_char(d));
  };
  std::string text = game().seat_name(to_move_) + ": dice left";
  std::string forms;
  for (int i = 0; i < dice_count_; ++i) {
    const int d = dice_[std::size_t(i)];
    text += (i ? ", " : " ") + die_text(d);
    if (i && dice_[std::size_t(i - 1)] == d) continue;
    const std::string die(1, value_char(d));
    forms += (forms.empty() ? "" : ", ") +
             (d == 0 ? "0:FROMxTARGET" : die + ":FROM-TO or " + die + ":FROM-TOxTARGET");
  }
  if (moved_) {
    text += "; moved this turn:";
    for (int sq = 0; sq < kSquares; ++sq)
      if (moved_ >> sq & 1) text += " " + square_name(sq);
  }
  return text + ". Next: one die moves or attacks with a piece not moved yet (" + forms +
         "), or end.";
}

void SiegeState::check_invariants() const {
  auto fail = [](const std::string& why) { throw InvariantError("siege: " + why); };
  const SiegeGame& g = rules();
  const int n = num_players();
  for (int sq = 0; sq < kSquares; ++sq) {
    const uint8_t p = board_[std::size_t(sq)];
    if (p == kEmpty) continue;
    if (!g.in_play(sq)) fail("a piece stands on " + square_name(sq) + ", which is not in play");
    if (piece_seat(p) >= n || piece_kind(p) >= kKinds)
      fail("a bad piece stands on " + square_name(sq));
    if (where_[std::size_t(piece_seat(p))][std::size_t(piece_kind(p))] != sq)
      fail("the piece on " + square_name(sq) + " is recorded elsewhere");
  }
  for (Seat s = 0; s < kMaxSeats; ++s) {
    int places[kArmies] = {};
    for (int k = 0; k < kKinds; ++k) {
      const int sq = where_[std::size_t(s)][std::size_t(k)];
      if (sq == kNoSquare) continue;
      if (s >= n) fail("a seat not in play has a piece on the board");
      if (sq >= kSquares || board_[std::size_t(sq)] != make_piece(s, k))
        fail("a piece is recorded on a square that does not hold it");
      if (k < kArmies) ++places[k];
    }
    const int size = stack_size_[std::size_t(s)];
    if (s >= n && size != 0) fail("a seat not in play has a stack");
    if (size > kArmies) fail("a stack holds more than six coins");
    bool revealed_seen = false;
    for (int i = 0; i < size; ++i) {
      const int v = stack_[std::size_t(s)][std::size_t(i)];
      if (v >= kArmies) fail("a stack holds a bad coin");
      ++places[v];
      if (revealed(s, v))
        revealed_seen = true;
      else if (revealed_seen)
        fail("an unrevealed coin lies under a revealed one in a stack");
    }
    for (int v = 0; v < kArmies && s < n; ++v)
      if (places[v] != 1)
        fail(std::string(kCompassNames[compass_of(s)]) + "'s Army " + army_value_name(v) +
             " is in " + std::to_string(places[v]) + " places");
  }
  if (dice_count_ > kMaxDice) fail("more than four dice");
  for (int i = 0; i < dice_count_; ++i)
    if (dice_[std::size_t(i)] > 5 || (i > 0 && dice_[std::size_t(i - 1)] > dice_[std::size_t(i)]))
      fail("the dice are not sorted values 0..5");
  for (int sq = 0; sq < kSquares; ++sq)
    if ((moved_ >> sq & 1) &&
        (board_[std::size_t(sq)] == kEmpty || piece_seat(board_[std::size_t(sq)]) != to_move_))
      fail("a moved mark on " + square_name(sq) + " does not sit on a piece of the seat to move");
  if (to_move_ < 0 || to_move_ >= n || first_player_ < 0 || first_player_ >= n) fail("bad seat");
  if (winner_ >= 0) {
    if (!over_) fail("a winner but the game goes on");
    const int c = where_[std::size_t(winner_)][kCommander];
    if (c == kNoSquare || !is_home(c) || c == home_square(compass_of(winner_)))
      fail("the winner's Commander is not on an enemy Home Base");
  } else if (over_ != stopped_by_cap_) {
    fail("the game is over without a winner or a ply cap");
  }
  if (!over_) {
    if (dice_count_ == 0) fail("the seat to move has no dice");
    if (!has_unmoved_piece(to_move_)) fail("the seat to move has no piece left to move");
  }
}

GameEntry entry() {
  GameEntry e;
  e.info = GameInfo{"siege", "Siege by Number", "siege-by-number.txt", 2, 4, true, true};
  e.rules_source = {"Siege by Number, version 1.0 (2003)", "Matt Worden",
                    "the rules may be freely distributed; the author keeps the copyright", "",
                    true};
  e.make = [](const json& params) -> std::shared_ptr<const Game> {
    return std::make_shared<SiegeGame>(params);
  };
  e.params = param_specs();
  e.places_choice = "the die (when several dice could make the same move)";
  e.test_params = json{{"max_plies", kConformanceMaxPlies}};
  return e;
}

}  // namespace tabletop::siege
