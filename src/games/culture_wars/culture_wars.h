// Culture Wars (George Harnish, 2006, version 0.5 beta), a piecepack wargame for 2 to 4 players:
// shared/rules/culture-wars.txt, with the map and open points settled in RULINGS.md and in
// docs/games/culture-wars.md ("Rulings").
//
// The map. The 24 tiles lie grid side up in a 5x5 square without its centre tile: 10x10 land
// squares around a 2x2 hole (the inner sea). During setup players move tiles, so the map lives in a
// 26x26 window of squares large enough for any legal sequence of setup moves: columns a-z left to
// right, rows 1-26 bottom to top. The starting map covers i9 (lower left) to r18 (upper right), the
// hole is m13 n13 m14 n14. A tile is named by its lower-left square. A sea is a 4-connected region
// of non-land squares (everything outside the map is one outer sea); a coastal square is a land
// square orthogonally next to a sea square. Seas are fixed once the setup's tile moves are done.
//
// Pieces. Each seat has one suit of coins and 36 tokens. Its Null coins decide turn order (a
// uniformly random order, drawn from the state's chance, whenever the rules mix the Nulls). Its Ace
// is kept in front of it: the 10-token settlement. Its 2, 3, 4 and 5 start mixed suit side up in
// its reserve: nobody, not even the owner, knows which number is under which coin, so a coin taken
// from there is drawn at random. A coin on the map is number side up (a resource that supports as
// many tokens as its number) or suit side up (during setup, before the coins are turned; after it,
// a settlement of the coin's suit). A coin's number becomes public knowledge once it has been seen
// number side up; coins handed back to their owner keep that knowledge.
//
// Setup (each step a decision of the seat named, in the order of a random mix of the Nulls):
//   1. tile moves: each seat in turn (each seat twice with 2 players) moves a tile next to the hole
//      (a tile with a square edge-adjacent to a non-land square inside the starting map's
//      footprint) to any place in the window where it overlaps no tile and shares a square edge
//      with another ("takes any tile adjacent to the hole": with 3 or 4 players a tile moved
//      before may move again); with 2 players, "so that four tiles get moved", a tile moved once
//      in setup is not moved again, unless every tile next to the hole has been moved
//      (setup_tiles_differ; the variants below turn either count the other way);
//   2. coin placement: in reverse order, seats take turns placing a coin from their reserve (drawn
//      unseen) on a land square at Chebyshev distance >= 3 from every coin, skipping seats that
//      cannot; when nobody can, every coin on the map is turned number side up;
//   3. token placement: continuing in reverse order from the seat after the last one that placed
//      a coin, each seat places two tokens on land squares.
// A round (repeated until somebody wins):
//   1. a new random turn order;
//   2. expansion, in order: one more token on every square holding the seat's tokens. Automatic,
//      unless the reserve is short: then the seat picks the squares (`grow:k12`) until it is empty;
//   3. movement, in reverse order: tokens that have not moved this round step to an orthogonal
//      land square, or take a virtual boat from a square on or next to one of their own coastal
//      settlements to a coastal square of the same sea next to another settlement on that sea;
//      `done` ends;
//   4. conflicts (automatic): squares where two or more seats' tokens exceed the square's support
//      (a settlement's square supports none, so its owner's tokens there fight invaders like any
//      others) lose tokens, fewest first, alternately, equal counts together, until the square
//      supports what is left; then tokens still in an opponent's settlement turn it number side
//      up (an Ace goes back to its owner), the owner adds five defenders from reserve (as many as
//      it has), and the square is resolved the same way, down to the coin's support even when
//      the invaders stand alone. Everything at the round's end (steps 4, 6 and 7) is decided as
//      if at once, never by the order squares are looked at: Technological Advantage counts the
//      settlements held when the step begins, and where one reserve serves several squares
//      (defenders, abandonment) it is shared out one token a square in passes, the last pass's
//      tokens to the highest coin numbers first (`share_out`);
//   5. settlements, in order: ten tokens on a square without a coin may become the seat's Ace;
//      five tokens on a resource coin remove the tokens and turn the coin suit side up; a coin of
//      another suit goes back to its owner and the seat puts one of its own reserve coins there
//      (its choice among the numbers it knows, the Ace, or an unseen one; none: the coin is still
//      removed). Each is a decision (`settle:k12`, `settle:k12=3`, `settle:k12=a`,
//      `settle:k12=?`); `done` ends;
//   6. excess population is removed: a resource square supports its number, an empty square 2, a
//      settlement none;
//   7. settlements with fewer than five friendly tokens in the eight squares around them are
//      abandoned: turned number side up with that many of the owner's tokens on them (an Ace is
//      removed to its owner and leaves one token).
// The game ends after a round in which a seat holds N settlements and held N at the end of the
// round before (N = 4 with 2 players, 3 otherwise); several such seats: more settlements wins, an
// exact tie is shared. Returns: each winner +1, every other seat -1/(n-1). The engine ends a game
// that reaches `max_rounds` (not a rule) with returns 0 for all.
//
// Notation: `tile:m15-g21` moves the tile whose lower-left square is m15 so that its lower-left
// square is g21; `coin:k12`, `token:k12`, `grow:k12`; `k12-k13` moves one token, `3k12-k13` three
// (also by boat); `settle:k12[=v]`; `done`.
//
// Move packing: kind (bits 0-3) | from (4-13) | to (14-23) | count (24-29) | coin choice (30-33).
//
// For learning (core/game.h). Squares in actions are land indices: a land square's place among the
// 96 land squares in square order (the map is public; it is final once setup's tile moves are
// done). Actions, kActions in all, by kind:
//   [kTileActions)  a tile move: the tile's place among the 24 tiles by lower-left square (in
//   square
//                   order) * 625 + the destination's lower-left square, row * 25 + column;
//   kCoinActions + land index: `coin:`; kTokenActions + land index: `token:`; kGrowActions + land
//   index: `grow:`;
//   kSettleActions + land index * 7 + choice: `settle:`, choice 0 (own coin, ten tokens or no
//                   coin to put down), 1..5 (that known reserve coin), 6 (an unseen one);
//   kStepActions + (from * 96 + to) * 36 + count - 1: `3k12-k13` (from, to land indices);
//   kDoneAction: `done`.
// Observation tensor (every viewer sees the same, but for its own seat one-hot; n = players), a
// flat vector of tensor_size(n) floats: planes of the 676 squares of the window (square = row * 26
// + column, a1 first), plane p at p * 676:
//   0        land;
//   1        a tile's lower-left square;
//   2        the lower-left square of a tile moved in setup (during the tile moves only);
//   3 + s    seat s's tokens there (a count);
//   3 + n    the tokens of the seat to move that have moved this round (movement) or the square
//            has grown (expansion), a count; 0 in the other phases;
//   4 + n + s  a coin of seat s's suit;
//   4 + 2n   the coin lies suit side up;
//   4 + 2n + v  (v = 1..5) the coin's number is known to be v;
//   10 + 2n  nobody has seen the coin's number;
// then per seat, 9 numbers: reserve tokens, its known reserve coins 1..5 (five 0/1), its unseen
// reserve coins, its settlements, its settlements at the last round's end; then the round; the
// phase, one-hot of 7 (Phase order); the turn order, n one-hots of n (position i's seat); the seat
// to move, one-hot (none once over); tokens still to place (token placement, else 0); the viewer,
// one-hot (a spectator: none); the winners (1 each); 1 when the round cap ended the game.
// utility: a winner +1, every other seat -1/(n-1), not constant-sum (a shared win gives several
// seats +1); max_game_length: setup's moves (tile moves, four coins and three tokens a seat) plus
// max_rounds rounds of at most kMaxPliesPerSeatRound per seat; max_chance_outcomes: 4 (the turn
// order's shuffle of up to four seats; a draw among four unseen coins).
//
// Params: players (2..4, default 4), tech_advantage (the optional Technological Advantage rule,
// default false), handicap_seat (-1: none; that seat places three tokens in setup), max_rounds.
// Variant flags, each another reasonable reading of an unclear sentence (the default is the more
// literal one; docs/games/culture-wars.md, Rulings, quotes each sentence):
//   conflict_stops_at_one_seat: conflict removal stops once one seat is left on the square (its
//     excess is removed at step 6, after settlements; invaders of a settlement with no defenders
//     keep theirs through step 5), instead of going on "until the square can support all
//     remaining tokens";
//   tech_inferior_loses_all_first: with Technological Advantage, the inferior seats lose all their
//     tokens before the advanced lose any, instead of only beginning the alternation;
//   setup_tiles_move_again: with 2 players a tile already moved in setup may be moved again (or
//     back), instead of "four tiles get moved" being four different tiles;
//   setup_tiles_move_once: with 3 or 4 players too, a tile moved in setup is not moved again
//     (unless every tile next to the hole has been moved), instead of "takes any tile adjacent to
//     the hole" each time;
//   tokens_restart_reverse_order: token placement starts again with the last seat of the order,
//     instead of "continuing in reverse order" from where coin placement stopped.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/registry.h"

namespace tabletop::culture_wars {

inline constexpr int kWidth = 26;
inline constexpr int kSquares = kWidth * kWidth;
inline constexpr int kMapOrigin = 8;  // the starting map spans columns and rows 8..17 (i..r, 9..18)
inline constexpr int kTiles = 24;
inline constexpr int kTokens = 36;
inline constexpr int kMaxSeats = 4;
inline constexpr int kNoSquare = 1023;
inline constexpr int kDefaultMaxRounds = 200;

// The learning contract's action numbering and sizes (the layout is in the header comment).
inline constexpr int kLandSquares = kTiles * 4;
inline constexpr int kTileDestinations = (kWidth - 1) * (kWidth - 1);
inline constexpr int kSettleChoices = 7;
inline constexpr int kTileActions = kTiles * kTileDestinations;
inline constexpr int kCoinActions = kTileActions;
inline constexpr int kTokenActions = kCoinActions + kLandSquares;
inline constexpr int kGrowActions = kTokenActions + kLandSquares;
inline constexpr int kSettleActions = kGrowActions + kLandSquares;
inline constexpr int kStepActions = kSettleActions + kLandSquares * kSettleChoices;
inline constexpr int kDoneAction = kStepActions + kLandSquares * kLandSquares * kTokens;
inline constexpr int kActions = kDoneAction + 1;
inline constexpr int tensor_size(int players) {
  return kSquares * (11 + 2 * players) + players * 9 + 1 + 7 + players * players + 3 * players + 2;
}
// Plies one seat can take in a round: a grow per reserve token, a step per token and `done`, a
// settlement per five tokens and `done`.
inline constexpr int kMaxPliesPerSeatRound = kTokens + (kTokens + 1) + (kTokens / 5 + 1);

// Coin values 0 = Null, 1 = Ace, 2..5. A coin is seat * 6 + value.
inline constexpr int kCoinValues = 6;
inline constexpr uint8_t kNoCoin = 0xff;

enum class Phase : uint8_t {
  kTileMoves,
  kCoinPlacement,
  kTokenPlacement,
  kExpansion,  // a short seat choosing where to grow
  kMovement,
  kSettlement,
  kOver,
};

enum MoveKind : uint8_t {
  kTileMove = 1,
  kPlaceCoin,
  kPlaceToken,
  kGrow,
  kStep,    // tokens move (on foot or by boat)
  kSettle,  // form a settlement
  kDone,
};

// Which coin a settlement on another suit's coin is made with.
inline constexpr int kChooseOwnCoin =
    0;  // the square's coin is the seat's own (or the 10-token Ace)
inline constexpr int kChooseUnseen = 7;  // one of the reserve coins nobody has seen, at random
// Values 1..5 name a known reserve coin (1 = the Ace).

struct MoveParts {
  int kind, from, to, count, choice;
};
inline Move make_move(int kind, int from = 0, int to = 0, int count = 0, int choice = 0) {
  return Move{uint64_t(kind) | uint64_t(from) << 4 | uint64_t(to) << 14 | uint64_t(count) << 24 |
              uint64_t(choice) << 30};
}
inline MoveParts move_parts(Move m) {
  return {int(m.bits & 15), int(m.bits >> 4 & 1023), int(m.bits >> 14 & 1023),
          int(m.bits >> 24 & 63), int(m.bits >> 30 & 15)};
}

// "k12". Precondition: 0 <= square < kSquares.
std::string square_name(int square);
// The square named `name` (case-insensitive), or -1.
int square_of_name(std::string_view name);
inline int column_of(int square) {
  return square % kWidth;
}
inline int row_of(int square) {
  return square / kWidth;
}
inline int square_at(int column, int row) {
  return row * kWidth + column;
}

class CultureWarsGame;

class CultureWarsState final : public State {
 public:
  CultureWarsState(std::shared_ptr<const Game> game, Chance chance);

  Seat current_player() const override;
  std::string why_illegal(Move move) const override;
  Returns returns() const override;
  std::unique_ptr<State> clone() const override;
  std::string move_to_string(Move move) const override;
  Move parse_move(std::string_view text) const override;
  // The same for every viewer: nobody knows a coin that has not been seen number side up.
  json observation(Seat viewer) const override;
  // At the end, every coin's number, on the map and in reserve (none left unseen).
  json record_observation() const override;
  // `tile:m15-g21` -> m15, g21 (the tile's lower-left square, then where it goes); `3k12-k13` ->
  // k12, k13 (the count is chosen after the clicks); `coin:`, `token:`, `grow:`, `settle:k12[=v]`
  // -> k12 (the coin after the click); `done` -> none.
  MovePlaces move_places(Move move) const override;
  // The move (or what it sets off: coins turned number side up at the end of coin placement, in
  // conflicts or when a settlement is abandoned) shows a coin's number nobody had seen.
  bool reveals(Move move) const override;
  // The same for every viewer. One line per row of squares, each square its coin (`3B`: seat B's
  // 3 number side up; `[B]`: seat B's coin suit side up, as everybody sees it at the table) then
  // its tokens (`A:4`; `*:6` for several seats', listed under the map), so that neither reads as
  // a square name (`a3`), centred in its column under the column's letter; `~` sea; box lines
  // where a tile ends (Game::board_key is the key); then each seat's reserve (tokens, coins as
  // known to all) and settlements.
  std::string render(Seat viewer) const override;
  // The same for every viewer: the step of setup (tile move k of n, coins left to draw, tokens
  // left to place), the expansion squares still to choose, the tokens not moved yet this round and
  // where, or the squares the seat may settle; then the kind of move that comes next.
  std::string turn_status(Seat viewer) const override;
  // 24 tiles without overlap; every coin in exactly one place (reserve or one square), no Null on
  // the map, no coin of a seat not in play; each seat's tokens on the map plus in reserve make 36;
  // tokens only on land; the order is every seat once; the round is 0 exactly in setup; the phase
  // is over exactly when there are winners (seats in play) or the round cap stopped the game; the
  // seat to move is the one the phase's order and step name (tile moves in order, coins and tokens
  // in reverse order from placement_start, expansion and settlement in order, movement in
  // reverse), with 1 to 2 tokens to place (3 for the handicap seat); no more tokens marked moved
  // than the mover has there. The saved-state reader (restore_state) reads every number with
  // saved_int, so a float or an out-of-range value is refused naming its field.
  void check_invariants() const override;
  // For searches (not a rule); MCTS evaluates every new leaf with it, so it must reward each
  // token step toward holding the settlements to win. It first plays the round out as it would
  // end if no seat moved again (`project_round_end`: conflicts, every seat still to decide
  // settling wherever it can, excess removal, abandonment), then scores each seat on that:
  //   - held: 10 per settlement it holds at the round's end (with its five supporters), 3 more per
  //     settlement it also held at the last round's end, 40 more when it held the settlements to
  //     win then and holds them again (the game is won), 0.1 per supporter beyond five (up to
  //     two: a margin against invaders), 0.4 per supporter of a settlement it is about to lose;
  //   - candidate coins, for the settlements it still lacks (its best resource coins, one more at
  //     0.3 weight; another suit's coin only while it has a reserve coin to put there), each up to
  //     6: 0.6 per token that can be on the coin at the next round's settlement (its own, grown by
  //     one, plus what the four orthogonal neighbours, grown by one, can send, surplus over two
  //     first; at most five), 0.6 per supporter left in the eight squares around (at most two a
  //     square, five in all), and for the tokens still missing of those ten, 0.6 * w per token
  //     from the nearest squares outside the 3x3 block, w = 0.6 - 0.1 steps over land to reach
  //     it (up to five steps), then falling from 0.083 at six to 0.017 at ten (0.1 * (11 - steps)
  //     / 6), so that every step toward the coin counts, from across the map too (a coin beyond
  //     five steps used to be worth no step at all), and entering the block counts most.
  //     A coin whose eight squares cannot keep five supporters is no candidate. While the seat
  //     can still move this round, a coin it can complete now (five on it from its unmoved
  //     orthogonal neighbours, five supporters left) is worth 6 + 0.8 per token already on it,
  //     rising to the settlement's 10;
  //   - the ten-token settlement, while the seat's Ace is at home: one more candidate, its best
  //     empty square with no coin in the eight around (their tokens count for that coin), worth
  //     0.6 * (half the tokens that can be on it next round, at most ten, plus the supporters
  //     left, at most five), up to 6; one it can complete now (ten from its unmoved orthogonal
  //     neighbours, five supporters left) 6 + 0.4 per token already on it. Without it a seat
  //     whose coins left lay out of reach (on an island, or looted) saw no way forward;
  //   - territory, in setup (and at half weight in round 1, not after): 0.2 per land square its
  //     tokens reach (in steps over land, from the projected round end) before every other
  //     seat's, and a candidate coin another seat's tokens reach as soon is worth 0.75 of its
  //     value above, sooner (or no token of the seat reaches it) 0.5. Three-player games are
  //     mostly decided by the position setup leaves (who has land and coins to itself;
  //     docs/games/culture-wars.md has the check), where the other terms, a round's reach, hardly
  //     told the seats apart. Kept out of later rounds: there it drew tokens apart instead of
  //     onto coins (three-player greedy games ran three times as long);
  //   - growth: 0.15 per square it occupies, up to its reserve (each grows a token next round),
  //     and 0.03 per token on the map;
  //   - setup: 0.5 * (8 - distance) for each pair of its own coins, so one people can settle them.
  // A seat's estimate is x = (its score - the mean of the others') / (10 N + 5) with N the
  // settlements to win (holding them is about 1), linear up to |x| = 0.8 and then softly bounded
  // by 1 (a tanh tail); a finished game gives its returns.
  bool estimate_returns(Returns& out) const override;
  // Features of the position setup leaves, for tools/culture_wars_fit.cc, which fits a choice
  // model of who wins on them (McFadden's conditional logit: seat s's utility w . f(s), its chance
  // exp(u(s)) over the sum) to ask whether a fitted setup estimate tells setup's outcomes apart
  // better than the score above. It does, a little, and the search gained nothing from it:
  // docs/games/culture-wars.md ("The fourteenth session"), so the estimate does not use them. The
  // features of seat s, in order:
  //   0. the hand-weighted score above (divided by 10): what the estimate says;
  //   1. its coins on the map;
  //   2. closeness of its coins: the sum over pairs of max(0, 8 - distance in squares), / 10;
  //   3. land its coins reach first: land squares strictly nearer (in steps over land) to one of
  //      its coins than to any other seat's, / 10;
  //   4. land its tokens reach first: the same from its tokens, / 10 (0 before tokens are placed);
  //   5. its coins its tokens reach strictly first; 6. as soon as another seat's tokens;
  //   7. later than another seat's (or never);
  //   8. other seats' coins its tokens reach strictly first;
  //   9. its tokens on the map;
  //  10. the steps over land from its tokens to its coins: the sum of min(12, steps), / 10;
  //  11. other seats' tokens within three steps over land of its coins; 12. its own tokens there;
  //  13. its tokens within three steps of other seats' coins.
  static constexpr int kSetupFeatures = 14;
  using SetupFeatures = std::array<std::array<double, kSetupFeatures>, kMaxSeats>;
  // The features above of every seat, in any state.
  void setup_features(SetupFeatures& out) const;
  // The lab's figures: "capped" (the round cap ended it), "rounds", "conflicts" (contested squares
  // resolved), "settlements_attacked", "settlements_made", "settlements_abandoned", "settlements"
  // (held by all seats at the end) and "shared_win" (1 when several seats won).
  void figures(Figures& out) const override;
  // For learning (the numbering and layout are in the header comment).
  int action_index(Move move) const override;
  Move action_move(int action) const override;
  void write_observation_tensor(Seat viewer, std::span<float> out) const override;
  // The lab's seat figures (trajectories): "population" (each seat's tokens on the map),
  // "squares" (the squares it occupies), "settlements" (those it holds now) and "reserve" (its
  // reserve tokens).
  void seat_figures(SeatFigures& out) const override;

  Phase phase() const { return phase_; }
  int round() const { return round_; }
  bool is_land(int square) const { return land_[std::size_t(square)]; }
  // Tokens of `seat` on `square`.
  int tokens(Seat seat, int square) const {
    return tokens_[std::size_t(seat)][std::size_t(square)];
  }
  int reserve_tokens(Seat seat) const { return reserve_tokens_[std::size_t(seat)]; }
  // The coin on `square` (seat * 6 + value) or kNoCoin; `settlement` is true when it lies suit up.
  uint8_t coin_at(int square) const { return coin_at_[std::size_t(square)]; }
  bool suit_up(int square) const { return suit_up_[std::size_t(square)]; }
  // Settlements of `seat` on the map now.
  int settlements(Seat seat) const;
  // The seats' turn order this round (or in setup).
  Seat order(int index) const { return order_[std::size_t(index)]; }
  // True when the square is a land square next to a sea.
  bool coastal(int square) const;
  // The sea region of a non-land square (0 is the outer sea), valid once the setup's tile moves
  // are done.
  // Bit s set: seat s wins (set once the game is over by the rules).
  uint8_t winners() const { return winners_; }

 protected:
  void do_legal_moves(MoveList& out) const override;
  void do_apply(Move move) override;
  json state_json() const override;
  // Shuffles, seat by seat, the values of the coins nobody has seen among their places.
  void sample_hidden(Seat viewer, Rng& rng) override;

 private:
  friend class CultureWarsGame;
  const CultureWarsGame& rules() const;
  int num_seats() const;

  // Setup.
  void lay_out_starting_map();
  void mix_order();
  // A tile next to the hole (see the rules summary above).
  bool tile_can_move(int tile) const;
  // tile_can_move, and not moved before in setup unless the rules allow it (see the summary).
  bool tile_may_move(int tile) const;
  bool tile_fits(int tile, int origin) const;
  void compute_seas();
  // Once the map is final (setup's tile moves done): reach_ (culture_wars_estimate.cc).
  void compute_reach();
  // Steps over land from `square`'s 3x3 block to every land square (0 in the block, -1 beyond the
  // estimate's reach or off land).
  void block_steps(int square, std::array<int8_t, kSquares>& steps) const;
  bool coin_fits(int square) const;
  bool seat_can_place_coin(Seat seat) const;
  int reserve_coins_unseen(Seat seat) const;
  // Draws one of the seat's unseen reserve coins (a chance event).
  int draw_unseen_coin(Seat seat);
  void advance_coin_placement();
  void begin_token_placement();
  void advance_token_placement();

  // Rounds.
  void begin_round();
  void begin_expansion();
  void advance_expansion();
  void begin_movement();
  void advance_movement();
  void resolve_conflicts();
  // Removes tokens until the square supports what is left (see the rules summary above); `tech`
  // is each seat's settlements when the step began (all 0 without Technological Advantage).
  void resolve_square(int square, int support, const std::array<int, kMaxSeats>& tech);
  // Settlements per seat now for the Technological Advantage rule, or all 0 without it.
  std::array<int, kMaxSeats> tech_levels() const;
  // Puts up to need[i] of `seat`'s reserve tokens on squares[i] (i < count), as if at once: one
  // token on every square still short in each pass, until the squares have their need or the
  // reserve is empty; a pass the reserve cannot complete serves squares in the order given (the
  // callers give the seat's settlements highest coin number first: the numbers differ, so the
  // order never depends on where the settlements lie).
  void share_out(Seat seat, const int* squares, const int* need, int count);
  void begin_settlement();
  void advance_settlement();
  bool can_settle_anywhere(Seat seat) const;
  void settle(Seat seat, int square, int choice);
  void end_round();
  int support_of(int square) const;
  // render's lines under the board: each seat's reserve (tokens, coins as known to all) and
  // settlements, then who won once the game is over.
  void render_seats(std::ostream& out) const;
  // Every land square, tile by tile (the four squares of each tile in tile_origin_).
  void land_squares(std::array<int16_t, kTiles * 4>& out) const;
  // The round's end as it would come if no seat moved again (estimate_returns).
  struct RoundEnd;
  void project_round_end(RoundEnd& end) const;
  // The hand-weighted score of every seat (estimate_returns explains the terms).
  void seat_scores(std::array<double, kMaxSeats>& score) const;
  // Its steps (culture_wars_estimate.cc): each seat's best resource coins to settle, and its
  // ten-token settlement while its Ace is at home, offered to ScoreWork::best.
  struct ScoreWork;
  void coin_scores(ScoreWork& w) const;
  void settlement_scores(ScoreWork& w) const;
  int seats_on(int square) const;
  void add_tokens(Seat seat, int square, int count);
  void remove_tokens(Seat seat, int square, int count);
  void put_coin(int coin, int square, bool suit_up);
  void take_coin(int square);
  bool boat_source(Seat seat, int square) const;
  void boat_destinations(Seat seat, int from, std::array<bool, kSquares>& to) const;
  void step_moves(MoveList& out) const;
  void settle_moves(MoveList& out) const;
  // Land indices (For learning): the square's place among the land squares, and back.
  int land_index(int square) const;
  int land_square(int index) const;
  std::string coin_text(uint8_t coin) const;

  // The map.
  std::array<bool, kSquares> land_{};
  std::array<int16_t, kTiles> tile_origin_{};
  std::array<uint8_t, kSquares> sea_{};  // sea id of non-land squares (after setup's tile moves)
  // block_steps from every land square, for the estimate's coins: built once the map is final
  // (null during setup's tile moves) and shared by every copy, since the map never changes again.
  struct Reach;
  std::shared_ptr<const Reach> reach_;
  // Pieces.
  std::array<std::array<uint8_t, kSquares>, kMaxSeats> tokens_{};
  std::array<uint8_t, kMaxSeats> reserve_tokens_{};
  std::array<uint8_t, kSquares> coin_at_{};
  std::array<bool, kSquares> suit_up_{};
  // Per coin (seat * 6 + value): its square, or kNoSquare in its owner's reserve.
  std::array<int16_t, kMaxSeats * kCoinValues> coin_square_{};
  std::array<bool, kMaxSeats * kCoinValues> coin_seen_{};  // number seen by everyone
  // Turn structure.
  Phase phase_ = Phase::kTileMoves;
  std::array<uint8_t, kMaxSeats> order_{};
  int step_ = 0;                           // position in the phase's sequence of seats
  Seat to_move_ = 0;                       // the seat deciding now
  int round_ = 0;                          // 0 during setup
  std::array<uint8_t, kSquares> moved_{};  // tokens of the mover that already moved this round
  std::array<uint8_t, kMaxSeats> settlements_last_round_{};
  int tokens_to_place_ = 0;
  int placement_start_ = 0;   // token placement: the reverse-order position it began at
  uint32_t moved_tiles_ = 0;  // bit t: tile t was moved in setup
  uint8_t winners_ = 0;
  bool stopped_by_cap_ = false;
  // Counters for the lab's figures (State::figures), kept with the state.
  uint16_t conflicts_ = 0;             // contested squares resolved (tokens against tokens)
  uint16_t settlements_attacked_ = 0;  // settlements invaded by another seat's tokens
  uint16_t settlements_made_ = 0;      // settle moves made
  uint16_t settlements_abandoned_ = 0;
};

class CultureWarsGame final : public Game {
 public:
  explicit CultureWarsGame(const json& params);
  int num_players() const override { return players_; }
  // The notation for people (core/game.h; written in culture_wars_notation.cc).
  std::vector<NotationKind> notation() const override;
  std::string seat_name(Seat seat) const override;
  // The key to render's signs (coins, tokens, sea, tile edges), which render does not repeat.
  std::string board_key() const override;
  std::unique_ptr<State> new_initial_state(Chance chance) const override;
  // Every square of the 26x26 window, a1..z26.
  std::vector<std::string> board_places() const override;
  // For learning (the header comment has the numbering and the layout).
  int num_distinct_actions() const override { return kActions; }
  std::vector<int> observation_tensor_shape() const override { return {tensor_size(players_)}; }
  Utility utility() const override { return {loss_return(), 1.0, false, 0.0}; }
  int max_game_length() const override {
    return setup_tile_moves() + players_ * (4 + 3) + max_rounds_ * players_ * kMaxPliesPerSeatRound;
  }
  int max_chance_outcomes() const override { return kMaxSeats; }

  bool tech_advantage() const { return tech_advantage_; }
  int handicap_seat() const { return handicap_seat_; }
  int max_rounds() const { return max_rounds_; }
  bool conflict_stops_at_one_seat() const { return conflict_stops_at_one_seat_; }
  bool tech_inferior_loses_all_first() const { return tech_inferior_loses_all_first_; }
  bool setup_tiles_move_again() const { return setup_tiles_move_again_; }
  bool setup_tiles_move_once() const { return setup_tiles_move_once_; }
  // Whether the setup's tile moves go to different tiles (a moved tile moves again only when no
  // tile next to the hole is left unmoved): with 2 players unless setup_tiles_move_again, with 3
  // or 4 only with setup_tiles_move_once.
  bool setup_tiles_differ() const {
    return players_ == 2 ? !setup_tiles_move_again_ : setup_tiles_move_once_;
  }
  bool tokens_restart_reverse_order() const { return tokens_restart_reverse_order_; }
  // Settlements to hold for two round ends in a row.
  int settlements_to_win() const { return players_ == 2 ? 4 : 3; }
  // Tile moves in setup: one per seat, two per seat with two players.
  int setup_tile_moves() const { return players_ == 2 ? 4 : players_; }

 protected:
  std::unique_ptr<State> restore_state(const json& fields, Chance chance) const override;

 private:
  int players_;
  bool tech_advantage_;
  int handicap_seat_;
  int max_rounds_;
  bool conflict_stops_at_one_seat_;
  bool tech_inferior_loses_all_first_;
  bool setup_tiles_move_again_;
  bool setup_tiles_move_once_;
  bool tokens_restart_reverse_order_;
};

// The registry entry for Culture Wars.
GameEntry entry();

}  // namespace tabletop::culture_wars
