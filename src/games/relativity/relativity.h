// Relativity (Marty and Ron Hale-Evans), a piecepack game for two: shared/rules/relativity.txt.
//
// Board: 4 rows x 6 columns of coins, number side up. Squares are named as in Portable Piecepack
// Notation: columns a-f left to right, rows 1-4 bottom to top ("d3"). Internally a square is
// row * 6 + column (a1 = 0, f4 = 23). Ranks are 0 = Null, 1 = Ace, 2..5, written n a 2 3 4 5.
//
// Roles: Space swaps a coin with any of its 8 neighbours on a torus (both edges wrap); Time swaps
// any two coins whose ranks are neighbours in the cycle N-A-2-3-4-5-N. Neither may swap back the
// two squares the opponent's last swap exchanged. Space moves first in both rounds; seat 0 is Space
// in round 1 (Night, Moon trophies) and Time in round 2 (Day, Sun trophies).
//
// After every swap the swapping seat takes every still-available trophy of the round whose DNA
// molecule exists: the four coins of that rank orthogonally connected, with no wrap. Round 1 ends
// when five trophies are taken (the last is set aside); round 2 is a fresh deal and ends the game
// when its fifth trophy is taken or a seat holds six or more. Most trophies wins; at five each, the
// seat that was Space in round 1 (seat 0) wins.
//
// Move packing: bits = low * 32 + high, the two squares of the swap with low < high. Notation:
// "d3#e3" (either order parses; the lower square index is printed first: "d1#d3").
//
// For learning (core/game.h): action = the index of the swap's pair of squares among the 276
// pairs low < high, in order (a1#b1 = 0, a1#c1 = 1, ..., e4#f4 = 275): low * 23 - low * (low - 1)
// / 2 + high - low - 1. Observation tensor (every viewer sees the same, but for its own seat
// one-hot), a flat vector of kTensorSize floats:
//   [0, 144)   6 planes of 24 squares (square = row * 6 + column, a1 first): plane r has 1 where
//              the coin shows rank r (0 Null, 1 Ace, 2..5);
//   [144, 168) the swap that may not be reversed: 1 on the opponent's last swap's two squares
//              (none in a round's first swap and once the game is over);
//   [168, 170) the round, one-hot (Night, Day);
//   [170, 172) the role to move, one-hot (Space, Time); zero once over;
//   [172, 174) the seat to move, one-hot; zero once over;
//   [174, 198) the trophies: seat * 12 + round * 6 + rank has 1 when that seat holds that round's
//              trophy of that rank;
//   [198, 200) the viewer's seat, one-hot (a spectator: both 0);
//   [200]      1 once the game is over; [201] the plies played over max_plies (the cap's share).
// utility: -1 to 1, zero-sum (a capped game with equal trophies gives 0 to both);
// max_game_length: max_plies; max_chance_outcomes: 6 (a deal shuffles each suit's six coins).
//
// Params: `coins` / `coins2` fix the round-1 / round-2 deals in PPN's Coins form, top row first
// ("n45a5n/3a2243/3n4a2n/a25345"); `max_plies` is the engine's safeguard against endless play.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/game.h"
#include "core/registry.h"

namespace tabletop::relativity {

inline constexpr int kRows = 4;
inline constexpr int kColumns = 6;
inline constexpr int kSquares = kRows * kColumns;
inline constexpr int kRanks = 6;
inline constexpr int kTrophiesPerRound = 5;  // the sixth is set aside
inline constexpr int kTrophiesToWin = 6;
inline constexpr int kDefaultMaxPlies = 10000;
// The learning contract's sizes (the layout is in the header comment above).
inline constexpr int kActions = kSquares * (kSquares - 1) / 2;  // 276 pairs of squares
inline constexpr int kTensorSize = 202;
// Legal swaps: Space always has the 96 torus neighbours, Time 96 pairs of ranks next in the cycle
// (16 per pair of ranks), less one when the reversal rule forbids one.
inline constexpr int kSpaceSwaps = kSquares * 4;
inline constexpr int kTimeSwaps = kRanks * 16;

enum Role : uint8_t { kSpace = 0, kTime = 1 };
enum Round : uint8_t { kNight = 0, kDay = 1 };

// Coins on the board: rank per square.
using Board = std::array<uint8_t, kSquares>;

// "n", "a", "2".."5".
char rank_char(int rank);
// -1 when `c` is not a rank letter.
int rank_of_char(char c);
// "d3".
std::string square_name(int square);

// Parses PPN's Coins form (top row first, '/' between rows, four of each rank). Throws BadParams
// naming the problem; refuses a board that already holds a DNA molecule.
// With `refuse_molecule` false it reads any board (saved states mid-game).
Board parse_coins(const std::string& text, bool refuse_molecule = true);
// The inverse of parse_coins.
std::string coins_string(const Board& board);

// True when the four coins of `rank` form a DNA molecule (orthogonally connected, no wrap).
bool has_molecule(const Board& board, int rank);
// True when the two squares are 8-neighbours on the torus.
bool torus_neighbours(int a, int b);
// True when the two ranks are neighbours in N-A-2-3-4-5-N.
bool sequence_neighbours(int rank_a, int rank_b);

inline Move swap_move(int a, int b) {
  return a < b ? Move{uint64_t(a) * 32 + uint64_t(b)} : Move{uint64_t(b) * 32 + uint64_t(a)};
}
inline int swap_low(Move m) {
  return int(m.bits / 32);
}
inline int swap_high(Move m) {
  return int(m.bits % 32);
}
// The action of the swap of `low` < `high` (both squares).
inline int pair_action(int low, int high) {
  return low * (kSquares - 1) - low * (low - 1) / 2 + high - low - 1;
}

class RelativityGame;

class RelativityState final : public State {
 public:
  RelativityState(std::shared_ptr<const Game> game, Chance chance);

  Seat current_player() const override;
  std::string why_illegal(Move move) const override;
  Returns returns() const override;
  std::unique_ptr<State> clone() const override;
  std::string move_to_string(Move move) const override;
  Move parse_move(std::string_view text) const override;
  json observation(Seat viewer) const override;
  std::string render(Seat viewer) const override;
  // The seat to move, its role and the swap it may make (Space: two neighbouring coins; Time: two
  // numbers next in the cycle), the swap it may not reverse, and the trophies left this round.
  std::string turn_status(Seat viewer) const override;
  // The two squares of the swap, lower index first as in the notation ("d3#e3" -> d3, e3); a
  // client may accept them in either order.
  MovePlaces move_places(Move move) const override;
  // What a saved state (Game::state_from_json) must satisfy, else refused naming the field: each
  // rank on exactly 4 squares; round, role_to_move, trophy owners (-1, 0, 1) and last_trophies in
  // range; no Day trophy in the Night round; a molecule on the board has its trophy; a round with
  // five trophies, or a seat with six, is over; last_swap is none (255, 255) only at ply 0, else
  // two squares low before high from this round or the last, and last_trophies are owned; in the
  // Night round role_to_move is Space at even plies.
  void check_invariants() const override;
  // The AI hook: seat 0's value is tanh((trophy lead + 0.5) / (1 + trophies still to take / 2)),
  // the +0.5 because seat 0 wins a 5-5 tie; seat 1's is its negation. A search estimate, not a
  // rule.
  bool estimate_returns(Returns& out) const override;
  // The lab's figures: "capped", "rounds" (1 or 2), "tie_five_five" (1 when the game ended five
  // trophies each, decided by the tie rule for seat 0), "space_trophies" / "time_trophies" (taken
  // by whichever seat played that role in the round), and per rank "space_trophy_n" ..
  // "time_trophy_5": how many trophies of that rank (0..2, one per round) the role took.
  void figures(Figures& out) const override;
  // The lab's seat figures (trajectories): "trophies" (held by each seat, both rounds counted).
  void seat_figures(SeatFigures& out) const override;
  // For learning (the layout and numbering are in the header comment).
  int action_index(Move move) const override;
  Move action_move(int action) const override;
  // In the legal moves' order from the generator's own tables, with no call per move.
  int legal_action_indices(std::span<int> out) const override;
  void write_observation_tensor(Seat viewer, std::span<float> out) const override;

  const Board& board() const { return board_; }
  Round round() const { return Round(round_); }
  Role role_to_move() const { return Role(role_to_move_); }
  // The seat playing `role` in the current round.
  Seat seat_of(Role role) const { return Seat(role ^ round_); }
  // The seat holding the trophy of `rank` in `round`, or -1.
  int trophy_owner(Round round, int rank) const { return trophy_owner_[round][rank]; }
  int trophies_of(Seat seat) const;
  // Trophies taken in `round` (including by the last swap).
  int trophies_taken(Round round) const;
  // Bit r set: the last swap took the trophy of rank r (in the round it was made in).
  uint8_t last_trophies() const { return last_trophies_; }
  // The round the last swap was made in.
  Round last_swap_round() const { return Round(last_swap_round_); }
  // True when the game stopped at the engine's ply cap rather than by the rules.
  bool stopped_by_ply_cap() const { return stopped_by_cap_; }

 protected:
  void do_legal_moves(MoveList& out) const override;
  void do_apply(Move move) override;
  json state_json() const override;

 private:
  // do_apply's rarer steps, out of its hot path: the log line of the swap `mover` just made, and
  // what the trophies it took end (the game, with six; the round, with its fifth: the Day's deal).
  void log_swap(Seat mover, Move move);
  void after_trophies(Seat mover);
  // The log's last line once over: the winner, the score and the reason (the tie-break at 5-5).
  std::string result_text() const;

  friend class RelativityGame;
  const RelativityGame& rules() const;
  void deal(Round round);
  // Recomputes squares_of_ and rank_squares_ from board_ (after a deal or a restore).
  void index_board();
  // The opponent's last swap was on this board, so it may not be swapped straight back.
  bool reversal_forbidden() const { return last_low_ != 0xff && last_swap_round_ == round_; }
  // The legal moves' order (do_legal_moves, legal_action_indices). Space: its 96 torus swaps in
  // ascending order, less the one at space_cut() (-1: none). Time: rank r's i-th square (ascending,
  // rank_squares_[r]) with rank r+1's j-th (mod 6) at r * 16 + i * 4 + j, less the one at
  // time_cut() (-1: none).
  int space_cut() const;
  int time_cut() const;
  // Time's legal actions in that order into `out` (room for kTimeSwaps); returns their count.
  int time_action_indices(int* out) const;

  Board board_{};
  // Per rank, the squares holding it (bit s: square s), kept in step with board_ (index_board):
  // the molecule test and the Time moves read them instead of scanning the board.
  std::array<uint32_t, kRanks> squares_of_{};
  // Per rank, its four squares a byte each, ascending from the low byte (the Time moves' order),
  // kept in step with squares_of_: a swap repacks only the two ranks it moved.
  std::array<uint32_t, kRanks> rank_squares_{};
  uint8_t round_ = kNight;
  uint8_t role_to_move_ = kSpace;
  std::array<std::array<int8_t, kRanks>, 2> trophy_owner_{};
  // Kept in step with trophy_owner_, for the estimate (read at every ply by the lab): seat 0's
  // trophies minus seat 1's, and the trophies taken.
  int8_t trophy_lead_ = 0;
  uint8_t trophies_taken_ = 0;
  uint8_t last_low_ = 0xff, last_high_ = 0xff;  // the last swap made, or 0xff before any
  uint8_t last_trophies_ = 0;
  uint8_t last_swap_round_ = kNight;
  bool over_ = false;
  bool stopped_by_cap_ = false;
};

class RelativityGame final : public Game {
 public:
  explicit RelativityGame(const json& params);
  int num_players() const override { return 2; }
  // The notation for people (core/game.h; written in relativity_notation.cc).
  std::vector<NotationKind> notation() const override;
  // "seat 0", "seat 1": the roles swap after the Night round, so a role is no part of a seat's
  // name; log lines and the board add the role after it ("seat 1 (Time) swaps d3#d1").
  std::string seat_name(Seat seat) const override { return "seat " + std::to_string(seat); }
  std::unique_ptr<State> new_initial_state(Chance chance) const override;
  // The 24 squares a1..f4.
  std::vector<std::string> board_places() const override;
  // For learning (the header comment has the layout).
  int num_distinct_actions() const override { return kActions; }
  std::vector<int> observation_tensor_shape() const override { return {kTensorSize}; }
  int max_game_length() const override { return max_plies_; }
  int max_chance_outcomes() const override { return kRanks; }

  const std::optional<Board>& fixed_deal(Round round) const { return fixed_deal_[round]; }
  int max_plies() const { return max_plies_; }

 protected:
  std::unique_ptr<State> restore_state(const json& fields, Chance chance) const override;

 private:
  std::array<std::optional<Board>, 2> fixed_deal_;
  int max_plies_;
};

// The registry entry for Relativity (with its PPN replayer).
GameEntry entry();

}  // namespace tabletop::relativity
