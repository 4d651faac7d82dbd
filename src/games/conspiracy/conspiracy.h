// Conspiracy, piecepack edition (Brad Johnson, 2002): shared/rules/conspiracy-piecepack.txt.
// 4 players by default; 3 and 5 are variants. docs/games/conspiracy.md maps every clause to a test.
//
// Pieces. Suits 0 Suns (S), 1 Moons (M), 2 Crowns (C), 3 Arms (A); Suns oppose Moons, Crowns oppose
// Arms. Ranks 0 blank, 1 ace (a spiral on coins, a symbol on tiles and dice), 2..5. Coin and tile
// ids are suit * 6 + rank and are written suit letter + rank digit: "M0" is the blank Moon, "S1"
// the Sun spiral coin (or the Sun ace tile).
//
// Board. Three tile columns L, M, R; tile rows P (Present, row 0), then Future 1, 2, ...
// (rows 1..). A tile position is written column + row: "MP", "L1", "R12". A tile's back is 2x2
// squares, so coins live on a square grid 6 squares wide: square columns a-f (L = a b, M = c d, R =
// e f), square rows numbered from the top, 1-2 in the Present row, 3-4 in Future 1, 2k+1 and 2k+2
// in Future k. A square is written "c3" (top-left square of the Future-1 tile of column M). A coin
// points in one of 8 directions n ne e se s sw w nw; n points toward the Present. Flipping a coin
// keeps its direction.
//
// Flow. Setup: the tiles are dealt (shuffled, dealt round-robin from seat 0, so with 5 players
// seats 0-3 get 5 and seat 4 gets 4); every seat draws 3 coins; seats choose their secret goal in
// seat order (each chooser's coins go back to the bag as he chooses). Each round: player order
// (saved coin numbers, die roll-offs; spiral holders are out of the order and may jump in before
// any turn), Time Marches On (skipped when no tile is in a Future row), then the turns. A turn:
// pick up the saved coin, draw to 3 (mandatory advancements when the bag runs short), take the
// bonus coins, spend up to 2 action points, save at most one coin, then declare progress or
// victory.
//
// Moves (one per decision; the notation, case-insensitive):
//   goal C3          choose the secret goal suit C and number 3 (setup)
//   jump / wait      a spiral holder jumps in now, or waits (answers are hidden until all answered)
//   place C3         Place Coin with coin C3 (1 AP); then optionally "tile A4 M2", then "c5 ne"
//   attack C3 pay C2 to 3   Attack Coin with C3, paying C2 to seat 3 (1 AP); then optionally a
//                    tile, then the square and direction (pointing at the attacked coin)
//   reveal c5 pay C2 to 3   Reveal Coin on square c5 (1 AP), paying C2 to seat 3
//   reveal M2 pay C2 to 3   Reveal Tile at position M2 (2 AP), paying C2 to seat 3
//   advance M        Advance Column M (2 AP)
//   end              end the actions
//   tile A4 M2       put held tile A4 face down at M2 (the first step of a placement)
//   c5 ne            put the chosen coin on square c5 pointing north-east
//   flip / remove C2 to 3   after a successful attack on a symbol-side-up coin
//   save C3 / save none     keep one coin for next turn, the rest go back to the bag
//   mark M / win / pass     declare progress on the Present tile of column M, declare victory, or
//   not
//
// Move packing: bits 0-7 kind, 8-15 a (coin, tile, suit, column, or the coin paid by a reveal or
// remove), 16-31 b (square, position, rank, or the coin paid by an attack), 32-39 c (direction or
// the seat paid).
//
// Hidden information: goals, hands, held tiles, face-down tile faces, the bag, a saved coin's suit
// and payments (known to payer and payee). Each coin and tile carries the set of seats that know
// its identity where it lies (docs/games/conspiracy.md, Rulings, "Knowledge model"); observation(v)
// shows exactly those, and determinize(v) redeals everything else.
//
// Returns: the winner +1 and every other seat -1; all 0 when the engine's round cap ends the game.
//
// Params: players (3..5, default 4); progress_markers (default true; false plays "without it":
// victory needs no earlier mark); max_rounds (a simulation parameter, not a rule: default 0, no
// cap, as people play; N > 0 ends the game after round N with no winner; the conformance suite
// plays with 8 and simulations of random play pass one, e.g. 60); spiral_any_number (variant,
// default false: a wild spiral pointer counts as any number a coin shows, 0-5; true: any number).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "core/game.h"
#include "core/registry.h"

namespace tabletop::conspiracy {

inline constexpr int kSuits = 4;
inline constexpr int kRanks = 6;
inline constexpr int kPieces = 24;  // coins and tiles each
inline constexpr int kColumns = 3;
// Present + 31 Future rows: an engine limit (docs/games/conspiracy.md, Rulings 16). A position or
// square deeper is refused with an error naming the limit.
inline constexpr int kMaxRows = 32;
inline constexpr int kPositions = kColumns * kMaxRows;
inline constexpr int kSquareColumns = 6;
inline constexpr int kSquareRows = 2 * kMaxRows;
inline constexpr int kSquares = kSquareColumns * kSquareRows;
inline constexpr int kMaxSeats = 5;
inline constexpr int kHandSize = 3;
// The largest max_rounds a network client may set (0, no cap, included): a simulation's cap is 60.
inline constexpr int kNetworkMaxRounds = 100;
inline constexpr int kNoRoundCap = 0;  // max_rounds' default: play on until somebody wins

enum Suit : uint8_t { kSuns = 0, kMoons = 1, kCrowns = 2, kArms = 3 };
inline int suit_of(int piece) {
  return piece / kRanks;
}
inline int rank_of(int piece) {
  return piece % kRanks;
}
inline int piece_id(int suit, int rank) {
  return suit * kRanks + rank;
}
inline bool opposed(int a, int b) {
  return (a ^ 1) == b;
}

// Squares and positions.
inline int square_row(int sq) {
  return sq / kSquareColumns;
}
inline int square_col(int sq) {
  return sq % kSquareColumns;
}
inline int position_of_square(int sq) {
  return (square_row(sq) / 2) * kColumns + square_col(sq) / 2;
}
inline int position(int column, int row) {
  return row * kColumns + column;
}
inline int pos_column(int pos) {
  return pos % kColumns;
}
inline int pos_row(int pos) {
  return pos / kColumns;
}
// The four squares of a tile position, top-left first, row by row.
inline int square_of(int pos, int k) {
  return (pos_row(pos) * 2 + k / 2) * kSquareColumns + pos_column(pos) * 2 + k % 2;
}

// Names: "C3" (coin or tile), "c5" (square), "M2" / "LP" (tile position), "ne" (direction).
std::string piece_name(int piece);
std::string square_name(int sq);
std::string position_name(int pos);
// Board places of the pieces a client draws beside the board (ConspiracyGame::board_places): a coin
// of the hand ("hand-C3", which a tile position such as "M2" could not be told from without the
// prefix) and a seat to pay ("seat-1").
std::string hand_place(int piece);
std::string seat_place(int seat);
std::string direction_name(int dir);
// The square `dir` points to from `sq`, or -1 off the board.
int square_toward(int sq, int dir);

// Where a coin is. Board squares are 0..kSquares-1; the rest are these bases plus a seat.
inline constexpr int kBag = 1000;
inline constexpr int kHand = 1100;   // kHand + seat
inline constexpr int kSaved = 1200;  // kSaved + seat: saved face up, number side public
inline constexpr int kBonus = 1300;  // kBonus + seat: paid to the seat, waiting for its next turn
// Where a tile is: a board position 0..kPositions-1, or kHeld + seat.
inline constexpr int kHeld = 1400;

// Who knows a piece's identity where it lies: bit s for seat s; kPublic for everyone.
inline constexpr uint8_t kPublic = 0x80;

enum class Phase : uint8_t {
  kGoal,         // a seat chooses its secret goal
  kJump,         // a waiting spiral holder answers jump / wait
  kAction,       // the seat to move chooses an action or ends
  kPlaceWhere,   // choose a held tile to lay first, or the square and direction
  kPlaceOnTile,  // the square and direction on the tile just laid
  kAttackEnd,    // flip the attacked symbol-side-up coin, or pay a second coin to remove it
  kSave,         // save one coin or none
  kDeclare,      // mark a tile, declare victory, or pass
  kOver,
};

// The placement in progress (paid reveals and advances resolve within their own move).
enum class Action : uint8_t { kNone, kPlace, kAttack };

enum class MoveKind : uint8_t {
  kGoal = 1,
  kJump,
  kWait,
  kPlace,
  kAttack,
  kRevealCoin,
  kRevealTile,
  kAdvance,
  kEnd,
  kTile,
  kAt,
  kFlip,
  kRemove,
  kSave,
  kSaveNone,
  kMark,
  kWin,
  kPass,
};

inline Move make_move(MoveKind kind, int a = 0, int b = 0, int c = 0) {
  return Move{uint64_t(kind) | uint64_t(a & 0xff) << 8 | uint64_t(b & 0xffff) << 16 |
              uint64_t(c & 0xff) << 32};
}
inline MoveKind move_kind(Move m) {
  return MoveKind(m.bits & 0xff);
}
inline int move_a(Move m) {
  return int((m.bits >> 8) & 0xff);
}
inline int move_b(Move m) {
  return int((m.bits >> 16) & 0xffff);
}
inline int move_c(Move m) {
  return int((m.bits >> 32) & 0xff);
}

class ConspiracyGame;

class ConspiracyState final : public State {
 public:
  ConspiracyState(std::shared_ptr<const Game> game, Chance chance);

  Seat current_player() const override;
  std::string why_illegal(Move move) const override;
  Returns returns() const override;
  // The AI hook: each seat's expected return, 2 * its chance to win minus the chance that anyone
  // wins (the round cap gives nobody anything), from win_chances with the fitted weights. Reads the
  // goals (searches call it on sampled states).
  bool estimate_returns(Returns& out) const override;
  // The lab's figures: "capped" (the round cap ended it), "rounds" (rounds begun), and when a seat
  // won, "winner_goal_suit" (0 Suns .. 3 Arms) and "winner_goal_number" (0..5) of its goal.
  void figures(Figures& out) const override;
  // The lab's seat figures (trajectories): "coins_held" (each seat's coins in hand, saved or
  // waiting as bonus) and "tiles_held" (tiles in its hand, not yet placed).
  void seat_figures(SeatFigures& out) const override;
  std::unique_ptr<State> clone() const override;
  std::string move_to_string(Move move) const override;
  Move parse_move(std::string_view text) const override;
  // parse_move on the words in lower case (parse_move quotes them back as written in errors).
  Move parse_lowered(std::string_view text) const;
  json observation(Seat viewer) const override;
  // At the end, every tile and coin named (face down ones in brackets, as a seat that knew them
  // sees them: "M2 (C3)", "c5 3 ne C3"), every hand and every goal.
  json record_observation() const override;
  // `reveal c5 ...` and `c5 ne` -> c5 (the payment or direction after the click); `reveal M2 ...`
  // and `tile A4 M2` -> M2 (the held tile after the click); `mark M` -> MP (the Present tile of the
  // column); every other move (from the hand, or a yes/no) -> none.
  MovePlaces move_places(Move move) const override;
  // The move lets some seat know a coin or tile it did not know (a reveal, a flip, a payment, a
  // tile turned face up), puts the chosen coin on the board (`c5 ne`: its face shows), or ends the
  // jump answers (they become public).
  bool reveals(Move move) const override;
  std::string render(Seat viewer) const override;
  // The step the seat to move is at and what is left of its turn: its action points and coins in
  // hand (counts, public), the placement or attack under way (the coin named only to a viewer who
  // knows it), an attack's choice to flip or to pay for a removal, saving, declaring; then the
  // kinds of move that come next. To the seat to move only, one legal example of each kind (its
  // hand decides them); to everyone else the kinds alone.
  std::string turn_status(Seat viewer) const override;
  // For learning (conspiracy_learning.cc; docs/games/conspiracy.md, "For learning"): the action
  // numbering and the observation tensor described at ConspiracyGame below. Every move names only
  // what its seat sees (coins of its hand, held tiles, squares, positions, seats), so the numbers
  // are the same on every state the seat cannot tell apart.
  int action_index(Move move) const override;
  Move action_move(int action) const override;
  void write_observation_tensor(Seat viewer, std::span<float> out) const override;
  // 24 tiles and 24 coins each in exactly one place, boards and locations agreeing, coins only on
  // face-down tiles, no face-down tile in the Present row, hands and saved coins within bounds;
  // every coin in a hand and tile held known to its holder; a marker only on a tile the seat has
  // marked; goals chosen in seat order in the goal phase; the phase over exactly when there is a
  // winner or the round cap stopped the game; the turn orders repeat no seat. The saved-state
  // reader (restore_state) also reads every number with saved_int (a float or an out-of-range
  // value is refused naming its field), refuses knowledge by seats not in play, and checks that
  // each seat drew 3 coins at setup and that its goal is made of them.
  void check_invariants() const override;

  // --- What the estimate reads ------------------------------------------------------------------
  // The estimate is a conditional logit (McFadden): seat s's utility is a weighted sum of the
  // features of its position below, and each seat wins with probability
  //   exp(u_s) / (exp(u_none) + sum over seats t of exp(u_t)),
  // where u_none, a fitted constant, stands for a game the round cap ends. The weights
  // (kValueWeights in conspiracy.cc) are the maximum-likelihood fit of the eventual winner to these
  // features over states sampled from thousands of games: tools/conspiracy_fit.cc, which
  // docs/games/conspiracy.md (Computer players) describes with the weights it found.
  //
  // The features of one seat, in order, for each half of its goal (suit, then number), a tile
  // "matching" when it shows that half:
  //   0 present            a matching tile in the Present row (0/1)
  //   1 present, held      it stays: 1, or 1 - the column's advance chance when a face-up tile
  //                        that does not match waits behind it in Future 1 (best column)
  //   2 up in Future 1     a face-up matching tile in Future 1 (0/1)
  //   3 ..., advance chance   the best advance chance of a column with one
  //   4 up deeper          0.8^(row - 2) for the highest face-up matching tile below Future 1
  //   5 face-down ladder   the best face-down matching tile: 0.1, + 0.03 per coin on it, + 0.08
  //                        per symbol-side-up coin (two count), + 0.04 per coin that could be
  //                        revealed now (up to two with the symbol-side-up ones), + 0.1 when its
  //                        symbol-side-up coins already support it; times 0.9^(row - 1)
  //   6 face-down tiles    matching face-down tiles on the board (at most 3)
  //   7 tiles held         matching tiles the seat holds (at most 3)
  // then (16-23): both halves shown by two different Present tiles; the seat has a marker; placed
  // in an earlier round; it could declare victory (rule 10, markers as the params say); the same
  // while its turn this round is still to come or under way (it can declare before Time Marches
  // On); its turn is still to come or under way; near victory: one half shown in the Present row
  // and the other face up in Future 1 of another column (that column's advance chance, the best
  // such); the same with the seat's marker from an earlier round on the shown tile; (24) victory
  // pending: both halves shown apart with the seat's marker, placed this round, on one of the two
  // (a victory at its next turn if the tiles stay).
  static constexpr int kValueFeatures = 25;
  static const std::array<const char*, kValueFeatures> kValueFeatureNames;
  // `advance`: advance_chance of each column. Writes kValueFeatures numbers to `out`.
  void value_features(Seat seat, const double (&advance)[kColumns], double* out) const;
  // Each seat's chance to win under `weights` (kValueFeatures feature weights, then u_none), into
  // `chance[seat]`. estimate_returns uses the fitted weights; the fitting tool tries its own.
  void win_chances(const double* weights, double* chance) const;
  // estimate_returns under `weights`: each seat's 2 * chance - the chance that anyone wins (the
  // returns themselves once the game is over).
  void estimate_with(const double* weights, Returns& out) const;
  // The fitted weights estimate_returns uses.
  static const std::array<double, kValueFeatures + 1>& value_weights();
  // The chance that `column` advances on one roll of the four dice (Time Marches On 3-4), from the
  // face-up tiles in its Future rows.
  double advance_chance(int column) const;

  // --- Reading the position -------------------------------------------------------------------
  Phase phase() const { return phase_; }
  int round() const { return round_; }
  int action_points() const { return ap_; }
  // The tile at a position, or -1; whether it is face up.
  int tile_at(int pos) const { return tile_at_[std::size_t(pos)]; }
  bool tile_face_up(int tile) const { return tile_up_[std::size_t(tile)]; }
  int tile_location(int tile) const { return tile_loc_[std::size_t(tile)]; }
  // The coin on a square, or -1; a coin's place, side and direction.
  int coin_at(int sq) const { return coin_at_[std::size_t(sq)]; }
  int coin_location(int coin) const { return coin_loc_[std::size_t(coin)]; }
  bool coin_symbol_up(int coin) const { return coin_up_[std::size_t(coin)]; }
  int coin_direction(int coin) const { return coin_dir_[std::size_t(coin)]; }
  int coins_at(int location) const;  // how many coins are in the bag / a hand / ...
  int tiles_held(Seat seat) const;
  // A seat's secret goal (-1 before it is chosen) and marker (-1: none).
  int goal_suit(Seat seat) const { return goal_suit_[std::size_t(seat)]; }
  int goal_rank(Seat seat) const { return goal_rank_[std::size_t(seat)]; }
  int marker(Seat seat) const { return marker_[std::size_t(seat)]; }
  // The order of the seats without a spiral this round, and the spiral holders (bit per seat).
  const std::array<int8_t, kMaxSeats>& normal_order() const { return order_; }
  int normal_count() const { return order_count_; }
  int spiral_holders() const { return wild_; }
  Seat winner() const { return winner_; }
  bool stopped_by_round_cap() const { return capped_; }

  // Successes of 4 dice (one per suit, S M C A, 0 blank, 1 symbol, 2..5) against column `column`:
  // a symbol succeeds; a number succeeds when it is at most the highest face-up tile of the die's
  // suit in the column's Future rows; a blank never does.
  int column_successes(int column, const std::array<int, 4>& dice) const;
  // Support of the symbol-side-up coins on the tile at `pos` against `tile` (Reveal Tile iv.a).
  int tile_support(int pos, int tile) const;
  // Turns the tile at `pos` face up for everyone to see; the coins on it go back to the bag.
  void turn_face_up(int pos, int tile);

  // Position editing, for tests, puzzles and tools (no rules applied; invariants kept).
  //
  // Moves a tile onto the board (face up or down) or into a seat's hand (pos = kHeld + seat). An
  // edited tile is known to its holder, to everyone when face up, to no one when face down.
  void edit_tile(int tile, int pos, bool face_up);
  // Moves a coin onto a square (side, direction) or to kBag / kHand+s / kSaved+s / kBonus+s; it is
  // known to the seat holding it, to everyone when symbol side up, otherwise to no one.
  void edit_coin(int coin, int location, bool symbol_up = false, int dir = 0);
  void edit_goal(Seat seat, int suit, int rank);
  // Starts `seat`'s action step in the current round (as if it had drawn), with `ap` points; coins
  // in other seats' hands go back to the bag.
  void edit_start_actions(Seat seat, int ap = 2);
  // Ends setup and starts round `round` with order determination and Time Marches On, as the
  // engine does (chance is drawn for roll-offs and dice); coins in hands go back to the bag.
  void edit_start_round(int round);

 protected:
  void do_legal_moves(MoveList& out) const override;
  void do_apply(Move move) override;
  json state_json() const override;
  void sample_hidden(Seat viewer, Rng& rng) override;
  // Its steps (conspiracy_observation.cc): the coins whose identity `viewer` does not know are
  // redealt among their slots (a slot showing its number keeps its rank); the tiles likewise
  // (held or face down); the other seats' setup draws and goals redrawn to fit what they marked.
  void sample_coins(Seat viewer, Rng& rng);
  void sample_tiles(Seat viewer, Rng& rng);
  void sample_setups(Seat viewer, Rng& rng);

 private:
  friend class ConspiracyGame;
  const ConspiracyGame& rules() const;
  int players() const { return num_players(); }
  uint8_t all_seats() const { return uint8_t((1u << players()) - 1); }
  bool knows_coin(Seat v, int coin) const;
  bool knows_tile(Seat v, int tile) const;

  // Setup and flow.
  void setup();
  void start_round();
  void roll_off(int8_t* seats, int count);
  void next_turn();
  void start_turn(Seat seat);
  void end_turn();
  // After an action: more actions, or saving, or declaring (skipped when the Present row is empty).
  void next_step();
  void enter_declare();
  void finish_jump_answers();
  // Board mechanics.
  int draw_coin(Seat seat);
  void move_coin(int coin, int location);
  void coin_to_bag(int coin);
  void tile_to_seat(int tile, Seat seat);
  void remove_markers(int tile);
  bool any_future_tiles() const;
  void advance_column(int column, Seat active);
  void time_marches_on(int column, Seat active);
  void unexpected_effects();
  void reveal_coin(int sq);
  void chain_reaction();
  void resolve_reveal_tile(int pos);
  void resolve_attack();
  // Paid actions carry their payment: the coin given and the seat it goes to.
  static Move paid_move(MoveKind kind, int target, int paid, Seat payee);
  void push_payments(MoveList& out, MoveKind kind, int target, int exclude) const;
  void pay(int coin, Seat payee);
  void hand_play_forgets(Seat seat, int coin);
  void hand_pay_forgets(Seat seat);
  // Placement rules.
  bool face_up_square(int sq) const;
  bool square_open(int sq) const;
  bool direction_ok(int sq, int dir, bool attack) const;
  bool can_reveal_coin(int sq) const;
  bool victory_ready(Seat seat) const;
  // Whether `seat`'s marker is on one of a pair of Present tiles showing its goal apart.
  bool marker_on_shown_pair(Seat seat) const;
  // Whether f(suit_tile, number_tile) holds for some pair of different Present tiles showing
  // `seat`'s goal suit and goal number (rule 10's "2 separate tiles").
  template <class F>
  bool any_shown_apart(Seat seat, F&& f) const {
    const int gs = goal_suit_[std::size_t(seat)], gr = goal_rank_[std::size_t(seat)];
    for (int a = 0; a < kColumns; ++a)
      for (int b = 0; b < kColumns; ++b) {
        const int ta = tile_at_[std::size_t(position(a, 0))],
                  tb = tile_at_[std::size_t(position(b, 0))];
        if (a != b && ta >= 0 && tb >= 0 && suit_of(ta) == gs && rank_of(tb) == gr && f(ta, tb))
          return true;
      }
    return false;
  }
  // The highest rank of a face-up tile of each suit in the Future rows of `column` (-1: none): what
  // the dice of an advancement are read against.
  void best_face_up_ranks(int column, int (&best)[kSuits]) const;
  bool mark_ok(Seat seat, int column) const;
  // Calls f(square, dir) for every legal placement; restricted to the tile at `only_pos` if >= 0.
  template <class F>
  void for_each_placement(bool attack, int only_pos, F&& f) const;
  bool any_placement(bool attack) const;
  // A placement exists on the board or on a tile the seat to move could lay first.
  bool placement_possible(bool attack) const;
  // A face-down tile with at least two symbol-side-up coins.
  bool tile_revealable(int pos) const;
  bool tile_position_ok(int pos, bool attack) const;
  int hand_count(Seat seat) const { return coins_at(kHand + seat); }
  // Public events of one move are gathered into one log line (flushed at the end of the move);
  // private ones (draws, payments, face-down tiles) go to the log with their masks through
  // log_private, which first flushes the public events gathered so far, so the log keeps the
  // order in which things happen (the roll-off before the turn it orders).
  void log_all(const std::string& text);
  void log_private(uint64_t seen_by, std::string text, std::string masked);
  void flush_log();
  void apply_move(Move move);
  // apply_move's steps: the goal chosen, a spiral holder's answer (jump or wait), a tile laid face
  // down, the acting coin played on a square, a coin saved (-1: none) and the hand discarded.
  void choose_goal(Seat me, int suit, int rank);
  void answer_spiral(Seat me, bool jump);
  void lay_tile(Seat me, int tile, int pos);
  void play_coin_at(Seat me, int square, int dir);
  void save_coin(Seat me, int coin);
  // An action is over: nothing acting, nothing attacked, the turn's next step.
  void finish_action();
  std::string pending_log_;

  // Pieces.
  std::array<int16_t, kPieces> coin_loc_{};
  std::array<uint8_t, kPieces> coin_dir_{};
  std::array<bool, kPieces> coin_up_{};
  std::array<uint8_t, kPieces> coin_known_{};
  std::array<int8_t, kSquares> coin_at_{};
  std::array<int16_t, kPieces> tile_loc_{};
  std::array<bool, kPieces> tile_up_{};
  std::array<uint8_t, kPieces> tile_known_{};
  std::array<int8_t, kPositions> tile_at_{};
  // Seats.
  std::array<int8_t, kPieces> setup_owner_{};  // who drew the coin at setup, -1 nobody
  std::array<int8_t, kMaxSeats> goal_suit_{}, goal_rank_{};
  std::array<int8_t, kMaxSeats> marker_{};  // marked tile or -1
  std::array<int16_t, kMaxSeats> marker_round_{};
  std::array<uint32_t, kMaxSeats> marked_ever_{};  // bit per tile, for goal sampling
  // Round.
  int round_ = 0;
  std::array<int8_t, kMaxSeats> order_{};
  int order_count_ = 0, order_next_ = 0;
  uint8_t wild_ = 0, played_ = 0;
  std::array<int8_t, kMaxSeats> last_order_{};  // spiral holders forced to play last
  int last_count_ = 0, last_next_ = 0;
  uint8_t asked_ = 0, jumping_ = 0;  // jump answers so far (hidden choices)
  // Turn.
  Phase phase_ = Phase::kGoal;
  Seat to_move_ = 0;
  Seat active_ = 0;  // who receives tiles removed by advancements and effects
  int ap_ = 0;
  Action action_ = Action::kNone;
  int act_coin_ = -1;    // the coin being placed or attacking
  int act_target_ = -1;  // square or position or column of the action
  int new_tile_pos_ = -1;
  int attack_sq_ = -1;  // the attacked square
  Seat winner_ = -1;
  bool capped_ = false;
};

class ConspiracyGame final : public Game {
 public:
  explicit ConspiracyGame(const json& params);
  int num_players() const override { return players_; }
  // Every seat but the winner gets -1 (returns above).
  double loss_return() const override { return -1; }
  // The notation for people (core/game.h; written in conspiracy_notation.cc).
  std::vector<NotationKind> notation() const override;
  // The key to render's signs ([X], ###, (X), 3#↗, C*↗, mN), printed once by `tabletop play`.
  std::string board_key() const override;
  std::unique_ptr<State> new_initial_state(Chance chance) const override;
  // Every tile position (LP..R31) and square (a1..f64).
  std::vector<std::string> board_places() const override;

  // ---- For learning (core/game.h; conspiracy_learning.cc) ----
  // Actions: one block per kind of move, in this order, each numbered within its block in
  // mixed radix (last factor fastest); P = players, coins and tiles are piece ids (suit * 6 +
  // rank), squares 0..383 (row * 6 + column), positions 0..95 (row * 3 + column), seats 0..P-1:
  //   goal (suit, rank) 24 | jump 1 | wait 1 | place (coin) 24 | attack (coin, paid, payee)
  //   24*24*P | reveal coin (square, paid, payee) 384*24*P | reveal tile (position, paid, payee)
  //   96*24*P | advance (column) 3 | end 1 | tile (tile, position) 24*96 | at (square, direction)
  //   384*8 | flip 1 | remove (paid, payee) 24*P | save (coin) 24 | save none 1 | mark (column) 3
  //   | win 1 | pass 1.
  // 41,821 actions with 3 players, 53,941 with 4, 66,061 with 5.
  int num_distinct_actions() const override;
  // The observation tensor, shape {kTensorSize}: sections of floats, one-hot where categorical,
  // each a fixed block per square, position or seat (kSquareFeatures etc. below; the layout is
  // in docs/games/conspiracy.md, "For learning"). Built from what observation(viewer) holds: a
  // coin's or tile's identity only where the viewer knows it, a goal only the viewer's own (or
  // the winner's at the end). The knowledge model keeps what a seat has learned of each piece
  // where it lies, so the information-state tensor is this one.
  static constexpr int kSquareFeatures = 21;
  static constexpr int kPositionFeatures = 18;
  static constexpr int kSeatFeatures = 140;
  static constexpr int kGlobalFeatures = 54;
  static constexpr int kTensorSize = kSquares * kSquareFeatures + kPositions * kPositionFeatures +
                                     kMaxSeats * kSeatFeatures + kGlobalFeatures;
  std::vector<int> observation_tensor_shape() const override { return {kTensorSize}; }
  // The winner +1, every other seat -1 (so not constant-sum); 0 for all under the round cap.
  Utility utility() const override { return {-1.0, 1.0, false, 0.0}; }
  // With a round cap N: the goals (P plies), then per round and seat at most P jump answers and
  // 11 plies of its turn (two actions of up to 4 plies, end, save, declare): P + N * P * (12 +
  // P), a bound with slack. 0 (none declared) without a cap: the rules set no limit.
  int max_game_length() const override;
  // The deal shuffles the 24 tiles; coins are drawn from the bag (at most 24), dice have 6 faces.
  int max_chance_outcomes() const override { return kPieces; }
  bool progress_markers() const { return markers_; }
  // The simulation round cap, or 0 (kNoRoundCap): none.
  int max_rounds() const { return max_rounds_; }
  // The spiral_any_number variant (see the params above).
  bool spiral_any_number() const { return spiral_any_number_; }

 protected:
  std::unique_ptr<State> restore_state(const json& fields, Chance chance) const override;

 private:
  int players_;
  bool markers_;
  int max_rounds_;
  bool spiral_any_number_ = false;
};

GameEntry entry();

}  // namespace tabletop::conspiracy
