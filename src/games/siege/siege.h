// Siege by Number (Matt Worden, 2003), a piecepack battle game for 2 to 4 players:
// shared/rules/siege-by-number.txt, with the board and open points settled in RULINGS.md.
//
// Board (RULINGS): a pinwheel of 32 quarter-tile squares plus four one-square Home Bases. Squares
// are named like a chessboard laid over the pinwheel: columns a-h left to right, rows 1-8 bottom to
// top (RULINGS' x 2..9 / y 2..9); a Home Base is named by its compass point. Seats sit at NE, SE,
// SW, NW (clockwise); with 2 players NE and SW, with 3 NE, SE and SW; an unused seat's arm tile and
// Home Base are not on the board.
//
//                                          NE                 gates: NE-g8, SE-h2, SW-b1, NW-a7
//      8                             f8  g8
//      7   NW  a7  b7                f7  g7
//      6       a6  b6  c6  d6  e6  f6
//      5               c5  d5  e5  f5
//      4               c4  d4  e4  f4
//      3               c3  d3  e3  f3  g3  h3
//      2           b2  c2                g2  h2  SE
//      1           b1  c1
//                SW
//
// Two squares are adjacent when they share an edge; a Home Base is adjacent only to its gate.
// Internally squares are numbered 0..31 row by row from b1 (see kSquareNames) and 32 + compass for
// the Home Bases (NE 32, SE 33, SW 34, NW 35).
//
// Pieces: each seat has six Armies (coins, values 0 = Null, 1 = Ace, 2..5) and a Commander (pawn).
// An Army's value is unknown to every seat, its owner included, until a battle turns it up; from
// then on it is public (`revealed`). Armies off the board sit in their seat's stack (a queue: Home
// Base reinforcements come off the top, battle losers go to the bottom).
//
// A turn: (1) Add to Home Base, automatic: if the Home Base is empty the top Army, or, once no Army
// is off the board, the Commander if it is off the board; (2) roll one shared die per own piece on
// the board, at most 4, automatic; (3) the player's moves, one per die. A seat with no piece on the
// board after phase 1 (its base besieged) has no turn.
//
// Moves. One move = one die moves one piece that has not moved this turn to a square within the
// die's number (orthogonal steps; Armies never pass over pieces, a Commander passes over its own
// Armies; it ends on an empty square or an empty Home Base), then, for an Army, attacks one
// orthogonally adjacent enemy piece or not. A piece may also stay where it is and attack (with any
// die; a 0 allows nothing else). `end` stops moving and gives up the unused dice; a move that
// neither moves nor attacks is never offered (it changes nothing that `end` does not). The turn
// ends by itself when no die is left or no own piece that has not moved is on the board.
//
// Notation: `3:c3-c5xd5` = the die showing 3 moves the piece on c3 to c5, which then attacks d5;
// `3:c3-c5` moves without attacking; `0:c3xd3` stays on c3 and attacks d3; `end` ends the turn.
// Dice are written 0..5 (`n` and `a` are read as 0 and 1); squares are case-insensitive.
//
// Chance, in the order drawn (tests and records script it): at the deal each seat's stack shuffle,
// seat by seat (Chance::shuffle of the values 0..5 listed top first: draws of 6, 5, 4, 3, 2), then
// one die per seat per starting roll until a single seat has the largest, then each turn's dice as
// the turn begins (phase 2), ascending order being restored after the roll.
//
// Move packing: bits = die | from << 3 | to << 9 | target << 15 (target 63 = no attack);
// `end` is kEndTurn (bit 21 alone).
//
// Returns: the winner +1, every other seat -1/(n-1). A game stopped by the engine's ply cap
// (`max_plies`, not a rule: random play can wander for a long time) scores 0 for everyone.
//
// For learning (core/game.h). Actions: every move any state of this game can offer, numbered in
// the order of their packed bits (a table built once per game, SiegeGame::move_table): for each
// die 0..5, square in play and square within that many steps over the board in play (itself
// included), no attack or an attack on a square in play next to where the piece ends (never the
// square it left); then `end`, the last action. Observation tensor (every viewer sees the same,
// but for its own seat one-hot; n = players), a flat vector of tensor_size(n) floats:
//   planes of 36 places (the square numbers above: 0..31 the grid from b1, 32.. the Home Bases
//   NE SE SW NW), plane p at p * 36:
//     2s, 2s + 1   seat s's Army, seat s's Commander (s < n);
//     2n + v       an Army whose value v (0..5) has been turned up;
//     2n + 6       an Army whose value nobody knows;
//     2n + 7       the piece there has moved this turn;
//     2n + 8       the place is on the board with this player count;
//   then per seat s, its stack top first, six slots of seven: slot i's value unknown, or 0..5,
//     one-hot (all 0 past the stack's end);
//   then the dice left: how many show 0, 1, ..., 5 (six counts);
//   then one-hots of n: the seat to move (none once over), the first player, the viewer (a
//     spectator: none), the winner (none before the end or at the cap);
//   then 1 once over, 1 when stopped by the ply cap, and the plies played over max_plies.
// utility: the winner 1, the others -1/(n-1), 0 for all at the cap (zero-sum); max_game_length:
// max_plies; max_chance_outcomes: 6 (a die; a stack's shuffle of six).
//
// Params: players (2..4, default 4), max_plies (default kDefaultMaxPlies), straight_moves (variant,
// default false: a move's orthogonal steps may turn; true: they all go one way, see the doc's
// Rulings).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/registry.h"

namespace tabletop::siege {

inline constexpr int kGridSquares = 32;
inline constexpr int kSquares = 36;  // grid squares then the four Home Bases
inline constexpr int kNoSquare = 63;
inline constexpr int kArmies = 6;
inline constexpr int kCommander = 6;  // piece kind of the Commander; Armies are kinds 0..5 = value
inline constexpr int kKinds = 7;
inline constexpr int kMaxDice = 4;
inline constexpr int kMaxSeats = 4;
inline constexpr int kDefaultMaxPlies = 20000;
// The learning tensor's size with `players` seats (the layout is in the header comment above).
inline constexpr int tensor_size(int players) {
  return kSquares * (2 * players + 9) + players * kArmies * 7 + 6 + 4 * players + 3;
}
// The cap the shared conformance suite plays with (GameEntry::test_params): random games rarely end
// before tens of thousands of plies, and checking every ply of 600 of them must stay quick.
inline constexpr int kConformanceMaxPlies = 250;

// Compass points of the seats' Home Bases, clockwise from NE.
enum Compass : uint8_t { kNE = 0, kSE = 1, kSW = 2, kNW = 3 };

inline constexpr int home_square(int compass) {
  return kGridSquares + compass;
}
inline constexpr bool is_home(int square) {
  return square >= kGridSquares && square < kSquares;
}

// "d4", or "NE" for a Home Base. Precondition: 0 <= square < kSquares.
std::string square_name(int square);
// The square named `name` (case-insensitive), or -1.
int square_of_name(std::string_view name);

// A square's content: kEmpty or a piece = seat * 8 + kind.
inline constexpr uint8_t kEmpty = 0xff;
inline constexpr uint8_t make_piece(int seat, int kind) {
  return uint8_t(seat * 8 + kind);
}
inline constexpr int piece_seat(uint8_t piece) {
  return piece >> 3;
}
inline constexpr int piece_kind(uint8_t piece) {
  return piece & 7;
}

// Battles (the two tables of the rules). Values are 0 = Null, 1 = Ace, 2..5.
enum class Outcome : uint8_t { kAttackerWins, kDefenderWins, kDraw };
// Army against Army: the higher value wins, except that Null defeats 5; equal values draw.
Outcome army_vs_army(int attacker, int defender);
// An Army attacking a Commander wins with Null or Ace and loses with anything else.
Outcome army_vs_commander(int attacker);

// One move, unpacked. `to == from` means the piece stays; `target == kNoSquare` means no attack.
struct MoveParts {
  int die, from, to, target;
};
inline constexpr Move kEndTurn{uint64_t(1) << 21};
inline Move make_move(int die, int from, int to, int target = kNoSquare) {
  return Move{uint64_t(die) | uint64_t(from) << 3 | uint64_t(to) << 9 | uint64_t(target) << 15};
}
inline MoveParts move_parts(Move m) {
  return {int(m.bits & 7), int(m.bits >> 3 & 63), int(m.bits >> 9 & 63), int(m.bits >> 15 & 63)};
}

class SiegeGame;

class SiegeState final : public State {
 public:
  SiegeState(std::shared_ptr<const Game> game, Chance chance);

  Seat current_player() const override;
  std::string why_illegal(Move move) const override;
  Returns returns() const override;
  std::unique_ptr<State> clone() const override;
  std::string move_to_string(Move move) const override;
  Move parse_move(std::string_view text) const override;
  // The same for every viewer (nobody knows an unrevealed Army): the board with `?` for unrevealed
  // Armies, each stack top to bottom, the dice left, the pieces that moved this turn, and so on.
  json observation(Seat viewer) const override;
  // At the end, every Army's value, on the board and in the stacks (none left as '?').
  json record_observation() const override;
  // The piece's square, where it ends (if it moves), the attacked square (if any): "3:c3-c5xd5" ->
  // c3, c5, d5; "0:c3xd3" -> c3, d3; `end` -> none. The die is chosen after the clicks.
  MovePlaces move_places(Move move) const override;
  // An attack whose battle turns up an Army value not yet revealed (the attacker's, or the
  // defending Army's).
  bool reveals(Move move) const override;
  // At the end (the record public) every Army's value, on the board and in the stacks.
  std::string render(Seat viewer) const override;
  // The dice left and the pieces moved this turn, then the steps that can come next: a move or an
  // attack with one of those dice by a piece not moved yet, or `end` (all public).
  std::string turn_status(Seat viewer) const override;
  // Every coin and pawn in exactly one place, no two on a square, nothing on squares not in play,
  // unrevealed coins only on top of the stacks, dice and turn bookkeeping consistent.
  void check_invariants() const override;
  // A heuristic for computer players, on the scale of returns() (it sums to about 0): per seat,
  // 0.15 per own Army on the board, 0.5 for a Commander on the board plus 1.5 / (1 + d) for its
  // walking distance d to the nearest enemy Home Base it could take: an empty one, or one the
  // seat's own Army holds at one step more (the Army must step out first; not while the
  // Commander stands on that base's gate, the Army's only way out); +3 for the seat to move when
  // its Commander has not moved and one of its dice reaches an empty enemy base (a win this turn,
  // so the move that clears the way scores as one); and -0.4 while an enemy piece sits on its own
  // Home Base. At two players also 0.3 / (1 + s) for the fewest steps s one of the seat's Armies
  // needs to attack a piece that holds a Home Base against it (siege_steps: the enemy's base held
  // by the enemy, or the seat's own held by the enemy), so that a seat shut out of every base
  // still has a plan to follow. Each seat's estimate is tanh of its score minus the mean score.
  // It reads nothing hidden. The final returns once the game is over.
  bool estimate_returns(Returns& out) const override;
  // The lab's figures: "capped", "battles" (attacks resolved), "besieged_turns" (turns lost to a
  // besieged Home Base), "first_player_won" (1 when the winner of the starting roll won the game)
  // and "first_player" (that seat).
  void figures(Figures& out) const override;
  // For learning (the numbering and layout are in the header comment).
  int action_index(Move move) const override;
  Move action_move(int action) const override;
  void write_observation_tensor(Seat viewer, std::span<float> out) const override;
  // The lab's seat figures (trajectories): "armies_on_board" (each seat's Armies on the board)
  // and "strength_on_board" (the sum of their values, hidden ones included: the lab reads the
  // truth).
  void seat_figures(SeatFigures& out) const override;

  // The piece on `square`, or kEmpty.
  uint8_t at(int square) const { return board_[std::size_t(square)]; }
  // The square of `seat`'s piece of `kind`, or kNoSquare when it is off the board.
  int square_of(Seat seat, int kind) const { return where_[std::size_t(seat)][std::size_t(kind)]; }
  // `seat`'s stack, top first.
  int stack_size(Seat seat) const { return stack_size_[std::size_t(seat)]; }
  int stack_value(Seat seat, int index) const {
    return stack_[std::size_t(seat)][std::size_t(index)];
  }
  // True once a battle has turned up `seat`'s Army of `value`.
  bool revealed(Seat seat, int value) const { return revealed_[std::size_t(seat)] >> value & 1; }
  // The dice not yet used this turn, ascending.
  int dice_left() const { return dice_count_; }
  int die(int index) const { return dice_[std::size_t(index)]; }
  // True when the piece now on `square` has moved this turn.
  bool has_moved(int square) const { return moved_ >> square & 1; }
  // The seat that won the starting roll.
  Seat first_player() const { return first_player_; }
  // The winner, or -1.
  Seat winner() const { return winner_; }
  bool stopped_by_ply_cap() const { return stopped_by_cap_; }
  // The compass point of `seat` with this player count.
  int compass_of(Seat seat) const;

 protected:
  void do_legal_moves(MoveList& out) const override;
  void do_apply(Move move) override;
  json state_json() const override;
  // Shuffles, seat by seat, the values of that seat's unrevealed Armies among their places (board
  // squares and stack slots): nobody, the owner included, knows them.
  void sample_hidden(Seat viewer, Rng& rng) override;

 private:
  friend class SiegeGame;
  const SiegeGame& rules() const;
  // Deals: shuffles the stacks, rolls for the starting player, begins the first turn.
  void setup();
  // Phases 1 and 2 for the seat to move, passing on from any seat with no piece on the board.
  void begin_turn();
  void end_turn();
  void place(int square, uint8_t piece);
  void lift(int square);
  // Puts `seat`'s Army of `value` at the bottom of its stack (after losing a battle).
  void to_stack_bottom(Seat seat, int value);
  // Resolves an attack; returns its account for the log (empty when the log is off).
  std::string battle(int attacker_square, int defender_square);
  // True when `seat` has a piece on the board that has not moved this turn.
  bool has_unmoved_piece(Seat seat) const;
  // Fills `dist` with the number of steps from `from` for the piece there, up to `reach` steps.
  void reachable(int from, int reach, std::array<uint8_t, kSquares>& dist) const;
  // For each seat, the fewest steps one of its Armies on the grid needs to attack a piece that
  // holds a Home Base against the seat (any base, the seat's own included, held by a piece of
  // another seat), 0xff where no Army can. The piece to attack is the holder, from the base's
  // gate, when the gate is empty or the seat's own Army stands on it; else the piece on the gate,
  // from a square next to it, and one step more (it must be beaten first). Steps go over empty
  // grid squares, as an Army walks. An Army known not to beat the piece (both values turned up: a
  // draw or a loss) is not counted; an unknown value might. Reads nothing hidden: a turned-up
  // value stays known wherever its coin goes (SiegeHidden tests).
  void siege_steps(std::array<uint8_t, kMaxSeats>& steps) const;
  std::string piece_text(uint8_t piece, bool show_value) const;
  // "c3=NE? g8=SWC": the occupied squares in square order, values shown when `truth` or known.
  std::string board_text(bool truth) const;
  // "c3 d4": the squares of the pieces that moved this turn.
  std::string moved_text() const;
  void rebuild_where();

  std::array<uint8_t, kSquares> board_{};
  std::array<std::array<uint8_t, kKinds>, kMaxSeats> where_{};
  std::array<std::array<uint8_t, kArmies>, kMaxSeats> stack_{};
  std::array<uint8_t, kMaxSeats> stack_size_{};
  std::array<uint8_t, kMaxSeats> revealed_{};
  std::array<uint8_t, kMaxDice> dice_{};
  uint8_t dice_count_ = 0;
  uint64_t moved_ = 0;  // bit per square: the piece there has moved this turn
  int8_t to_move_ = 0;
  int8_t first_player_ = 0;
  int8_t winner_ = -1;
  bool over_ = false;
  bool stopped_by_cap_ = false;
  uint16_t battles_ = 0;         // attacks resolved so far (for the lab's figures)
  uint16_t besieged_turns_ = 0;  // turns lost because a seat had no piece on the board
};

class SiegeGame final : public Game {
 public:
  explicit SiegeGame(const json& params);
  int num_players() const override { return players_; }
  // The notation for people (core/game.h; written in siege_notation.cc).
  std::vector<NotationKind> notation() const override;
  std::string seat_name(Seat seat) const override;
  // The key to render's signs (NE?, NE3, NEC, [NE]), printed once by `tabletop play`.
  std::string board_key() const override;
  using Game::new_initial_state;
  std::unique_ptr<State> new_initial_state(Chance chance) const override;
  // The squares and Home Bases in play with this player count.
  std::vector<std::string> board_places() const override;

  // A state from the game's own fields (the "state" part of State::to_json) and a chance stream:
  // how tests and tools set up a position. `board` ("c3=NE4 g8=SWC"), `stacks` (one string of
  // values per seat, top first) and `dice` are required; `revealed` (one string of values per
  // seat), `moved` ("c5 d4"), `to_move`, `first_player`, `winner`, `over` and `stopped_by_ply_cap`
  // default to none, none, 0, 0, -1, false, false. Throws BadRecord naming what is wrong (a coin in
  // two places, a square not in play, a seat to move without dice...).
  std::unique_ptr<SiegeState> position(const json& fields, Chance chance = Chance()) const;

  // For learning (the header comment has the numbering and the layout).
  int num_distinct_actions() const override { return int(move_table_.size()); }
  std::vector<int> observation_tensor_shape() const override { return {tensor_size(players_)}; }
  int max_game_length() const override { return max_plies_; }
  int max_chance_outcomes() const override { return 6; }
  // Every move any state can offer, by ascending bits: action a is move_table()[a].
  const std::vector<uint64_t>& move_table() const { return move_table_; }

  int max_plies() const { return max_plies_; }
  // The straight_moves variant: every step of one move in the same compass direction.
  bool straight_moves() const { return straight_moves_; }
  int compass_of(Seat seat) const { return compass_[std::size_t(seat)]; }
  // The seat whose Home Base is at `compass`, or -1 when that seat is not in play.
  Seat seat_at(int compass) const { return seat_at_[std::size_t(compass)]; }
  bool in_play(int square) const { return in_play_ >> square & 1; }
  // The squares adjacent to `square` among those in play.
  int neighbour_count(int square) const { return neighbour_count_[std::size_t(square)]; }
  int neighbour(int square, int k) const {
    return neighbours_[std::size_t(square)][std::size_t(k)];
  }

 protected:
  std::unique_ptr<State> restore_state(const json& fields, Chance chance) const override;

 private:
  int players_;
  int max_plies_;
  bool straight_moves_ = false;
  std::array<uint8_t, kMaxSeats> compass_{};
  std::array<int8_t, kMaxSeats> seat_at_{};
  uint64_t in_play_ = 0;
  std::array<std::array<uint8_t, 4>, kSquares> neighbours_{};
  std::array<uint8_t, kSquares> neighbour_count_{};
  // Fills move_table_ from the board in play (siege_learning.cc).
  void build_move_table();
  std::vector<uint64_t> move_table_;
};

// The registry entry for Siege by Number.
GameEntry entry();

}  // namespace tabletop::siege
