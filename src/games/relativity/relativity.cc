#include "games/relativity/relativity.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cctype>
#include <cmath>
#include <cstring>
#include <sstream>

#include "core/text.h"
#include "games/relativity/relativity_ppn.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TABLETOP_RELATIVITY_AVX2 1
#endif

namespace tabletop::relativity {
namespace {

constexpr const char* kRankChars = "na2345";
constexpr const char* kRoleNames[2] = {"Space", "Time"};
constexpr const char* kRankWords[6] = {"Null", "Ace", "2", "3", "4", "5"};
constexpr const char* kRoundNames[2] = {"Night", "Day"};

int row_of(int square) {
  return square / kColumns;
}
int column_of(int square) {
  return square % kColumns;
}

// The 96 Space swaps (8-neighbour pairs on the 4x6 torus), low square first, as moves, and where
// each swap stands in that list (by its move bits; -1 for a pair that is no Space swap). Space's
// legal moves are that list, or it without the one swap the opponent's last swap forbids: each of
// those 97 lists is a row of `lists` (row 0 whole, row k + 1 without swap k), so a position shows
// its row (MoveList::show) and copies nothing.
struct SpacePairs {
  static constexpr int kCount = kSpaceSwaps;
  std::array<Move, kCount> moves{};
  std::array<int8_t, kSquares * 32> index{};
  std::array<std::array<Move, kCount>, kCount + 1> lists{};
  SpacePairs() {
    index.fill(-1);
    int count = 0;
    for (int a = 0; a < kSquares; ++a)
      for (int b = a + 1; b < kSquares; ++b)
        if (torus_neighbours(a, b)) {
          index[std::size_t(swap_move(a, b).bits)] = int8_t(count);
          moves[std::size_t(count++)] = swap_move(a, b);
        }
    assert(count == kCount);
    lists[0] = moves;
    for (int cut = 0; cut < kCount; ++cut) {
      auto& row = lists[std::size_t(cut + 1)];
      std::copy_n(moves.begin(), cut, row.begin());
      std::copy(moves.begin() + cut + 1, moves.end(), row.begin() + cut);
    }
  }
};

// The molecule test on the four squares of one rank (bit = square): a flood fill from the lowest
// through orthogonal, non-wrapping steps; four squares are connected within three steps.
bool molecule(uint32_t mask) {
  constexpr uint32_t kColumnA = 0x041041, kColumnF = kColumnA << 5, kAll = (1u << kSquares) - 1;
  assert(std::popcount(mask) == 4);
  uint32_t reached = mask & (~mask + 1);
  for (int step = 0; step < 3; ++step)
    reached |= ((reached << kColumns) | (reached >> kColumns) | ((reached << 1) & ~kColumnA) |
                ((reached >> 1) & ~kColumnF)) &
               mask & kAll;
  return reached == mask;
}
// The four squares of `mask` (one rank's), a byte each, ascending from the low byte; computed in
// registers (bytes stored one at a time and read back as one word would stall the load).
inline uint32_t pack_squares(uint32_t mask) {
  assert(std::popcount(mask) == 4);
  uint32_t packed = 0;
  for (int i = 0; i < 4; ++i, mask &= mask - 1)  // mask is never 0 here: no test for it
    packed |= uint32_t(__builtin_ctz(mask)) << (8 * i);
  return packed;
}
// Time's sixteen swaps between the squares of one rank (`low4`, ascending, a byte each from the
// lowest) and of the next (`high4`): low's i-th with high's j-th is out[i * 4 + j], as the move of
// its two squares. Which square of a pair is lower is a coin toss, so it is settled by min/max,
// never by a branch (one would mispredict half the time); on x86-64 all sixteen at once in SSE2
// registers.
inline __attribute__((always_inline)) void write_time_pairs(uint32_t low4, uint32_t high4,
                                                            Move* out) {
#if defined(__SSE2__)
  __m128i a = _mm_cvtsi32_si128(int(low4));
  a = _mm_unpacklo_epi8(a, a);
  a = _mm_unpacklo_epi16(a, a);  // low[0] x4, low[1] x4, low[2] x4, low[3] x4
  const __m128i b = _mm_shuffle_epi32(_mm_cvtsi32_si128(int(high4)), 0);  // high[0..3] x4
  const __m128i first = _mm_min_epu8(a, b), second = _mm_max_epu8(a, b), zero = _mm_setzero_si128();
  const __m128i codes[2] = {// first * 32 + second, as 16-bit numbers
                            _mm_or_si128(_mm_slli_epi16(_mm_unpacklo_epi8(first, zero), 5),
                                         _mm_unpacklo_epi8(second, zero)),
                            _mm_or_si128(_mm_slli_epi16(_mm_unpackhi_epi8(first, zero), 5),
                                         _mm_unpackhi_epi8(second, zero))};
  auto* words = reinterpret_cast<__m128i*>(out);
  for (int half = 0; half < 2; ++half) {
    const __m128i quads[2] = {_mm_unpacklo_epi16(codes[half], zero),
                              _mm_unpackhi_epi16(codes[half], zero)};
    for (int q = 0; q < 2; ++q) {
      _mm_storeu_si128(words++, _mm_unpacklo_epi32(quads[q], zero));
      _mm_storeu_si128(words++, _mm_unpackhi_epi32(quads[q], zero));
    }
  }
#else
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const uint64_t x = (low4 >> (8 * i)) & 0xff, y = (high4 >> (8 * j)) & 0xff;
      const uint64_t first = x ^ ((x ^ y) & (0 - uint64_t(y < x)));  // min(x, y)
      out[i * 4 + j] = Move{first * 32 + (x ^ y ^ first)};
    }
#endif
}

// Time's moves, rank after rank (write_time_pairs), into `to`; `cut` (or -1) is the place of the
// one swap that may not be made, left out by closing the rest of its row over it and writing the
// ranks after it one step earlier. Writes 96 moves, or 95 with a cut.
inline __attribute__((always_inline)) void write_time_rows(const uint32_t by_rank[kRanks], int cut,
                                                           Move* to) {
  const int cut_rank = cut >= 0 ? cut / 16 : kRanks;
  for (int r = 0; r < kRanks; ++r) {
    Move* row = to + r * 16 - (r > cut_rank);
    write_time_pairs(by_rank[r], by_rank[r + 1 == kRanks ? 0 : r + 1], row);
    if (r == cut_rank)
      for (int k = cut % 16; k < 15; ++k) row[k] = row[k + 1];
  }
}

#if defined(TABLETOP_RELATIVITY_AVX2)
// The byte shuffles that spread a rank's four squares (low) and the next rank's (high) over a row's
// sixteen swaps, low's i-th with high's j-th at i * 4 + j: row k < 16 of each table leaves out
// swap k (its last byte repeats the one before), row 16 leaves out none.
struct TimeSpreads {
  alignas(16) std::array<std::array<uint8_t, 16>, 17> low{}, high{};
  constexpr TimeSpreads() {
    for (int cut = 0; cut <= 16; ++cut)
      for (int k = 0, at = 0; k < 16; ++k) {
        if (k == cut) continue;
        low[std::size_t(cut)][std::size_t(at)] = uint8_t(k / 4);
        high[std::size_t(cut)][std::size_t(at++)] = uint8_t(k % 4);
        if (k == 15 || (k == 14 && cut == 15)) {
          low[std::size_t(cut)][15] = uint8_t(k / 4);
          high[std::size_t(cut)][15] = uint8_t(k % 4);
        }
      }
  }
};
constexpr TimeSpreads kTimeSpreads;

// The squares of rank r's sixteen Time swaps (fifteen and a repeat on the cut's rank), the lower of
// each pair in `low` and the higher in `high`, a byte a swap: the byte shuffles both AVX2 writers
// below start from.
struct TimeRowSquares {
  __m128i low, high;
};
__attribute__((target("avx2"))) inline TimeRowSquares time_row_squares(
    const uint32_t by_rank[kRanks], int r, int cut_rank, int cut) {
  const std::size_t spread = r == cut_rank ? std::size_t(cut % 16) : 16;
  const __m128i a = _mm_shuffle_epi8(
      _mm_cvtsi32_si128(int(by_rank[r])),
      _mm_load_si128(reinterpret_cast<const __m128i*>(kTimeSpreads.low[spread].data())));
  const __m128i b = _mm_shuffle_epi8(
      _mm_cvtsi32_si128(int(by_rank[r + 1 == kRanks ? 0 : r + 1])),
      _mm_load_si128(reinterpret_cast<const __m128i*>(kTimeSpreads.high[spread].data())));
  return {_mm_min_epu8(a, b), _mm_max_epu8(a, b)};
}

// write_time_rows with AVX2, which widens sixteen 16-bit codes to moves four at a time (half the
// instructions and stores of SSE2), for the processors that have it (time_rows picks); the cut
// swap is left out by the row's byte shuffle, with no loop.
__attribute__((target("avx2"))) void write_time_rows_avx2(const uint32_t by_rank[kRanks], int cut,
                                                          Move* to) {
  const int cut_rank = cut >= 0 ? cut / 16 : kRanks;
  for (int r = 0; r < kRanks; ++r) {
    Move* row = to + r * 16 - (r > cut_rank);
    const TimeRowSquares sq = time_row_squares(by_rank, r, cut_rank, cut);
    const __m256i codes = _mm256_or_si256(_mm256_slli_epi16(_mm256_cvtepu8_epi16(sq.low), 5),
                                          _mm256_cvtepu8_epi16(sq.high));
    const __m128i first8 = _mm256_castsi256_si128(codes),
                  last8 = _mm256_extracti128_si256(codes, 1);
    auto* words = reinterpret_cast<__m256i*>(row);
    _mm256_storeu_si256(words, _mm256_cvtepu16_epi64(first8));
    _mm256_storeu_si256(words + 1, _mm256_cvtepu16_epi64(_mm_unpackhi_epi64(first8, first8)));
    _mm256_storeu_si256(words + 2, _mm256_cvtepu16_epi64(last8));
    _mm256_storeu_si256(words + 3, _mm256_cvtepu16_epi64(_mm_unpackhi_epi64(last8, last8)));
  }
}

// Time's legal actions (the learning API's numbering, pair_action) in the same order, as
// write_time_rows_avx2 writes its moves: the action of squares lo < hi is lo * (45 - lo) / 2 + hi -
// 1, sixteen at a time in 16-bit lanes, widened to ints eight at a time. Writes 96 ints, or 95 (and
// one more the caller drops) with a cut.
__attribute__((target("avx2"))) void write_time_actions_avx2(const uint32_t by_rank[kRanks],
                                                             int cut, int* to) {
  static_assert(kSquares == 24, "lo * (45 - lo) / 2 + hi - 1 is pair_action on 24 squares");
  const int cut_rank = cut >= 0 ? cut / 16 : kRanks;
  const __m256i forty_five = _mm256_set1_epi16(45), one = _mm256_set1_epi16(1);
  for (int r = 0; r < kRanks; ++r) {
    int* row = to + r * 16 - (r > cut_rank);
    const TimeRowSquares sq = time_row_squares(by_rank, r, cut_rank, cut);
    const __m256i lo = _mm256_cvtepu8_epi16(sq.low), hi = _mm256_cvtepu8_epi16(sq.high);
    const __m256i actions = _mm256_sub_epi16(
        _mm256_add_epi16(
            _mm256_srli_epi16(_mm256_mullo_epi16(lo, _mm256_sub_epi16(forty_five, lo)), 1), hi),
        one);
    auto* words = reinterpret_cast<__m256i*>(row);
    _mm256_storeu_si256(words, _mm256_cvtepu16_epi32(_mm256_castsi256_si128(actions)));
    _mm256_storeu_si256(words + 1, _mm256_cvtepu16_epi32(_mm256_extracti128_si256(actions, 1)));
  }
}

const bool kHasAvx2 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();
#endif

// write_time_rows with the widest instructions this processor has.
inline void time_rows(const uint32_t by_rank[kRanks], int cut, Move* to) {
#if defined(TABLETOP_RELATIVITY_AVX2)
  if (kHasAvx2) return write_time_rows_avx2(by_rank, cut, to);
#endif
  write_time_rows(by_rank, cut, to);
}

// Time's legal actions in order, without AVX2: from the same order, one pair at a time.
void write_time_actions(const uint32_t by_rank[kRanks], int cut, int* to) {
  int n = 0;
  for (int r = 0; r < kRanks; ++r) {
    const uint32_t low = by_rank[r], high = by_rank[r + 1 == kRanks ? 0 : r + 1];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        const int x = int(low >> (8 * i) & 0xff), y = int(high >> (8 * j) & 0xff);
        to[n++] = pair_action(std::min(x, y), std::max(x, y));
      }
  }
  if (cut >= 0) std::copy(to + cut + 1, to + n, to + cut);
}

const SpacePairs& space_pairs() {
  static const SpacePairs table;
  return table;
}

}  // namespace

char rank_char(int rank) {
  return kRankChars[rank];
}

int rank_of_char(char c) {
  switch (std::tolower(static_cast<unsigned char>(c))) {
    case 'n':
    case '0':
      return 0;
    case 'a':
    case '1':
      return 1;
    case '2':
      return 2;
    case '3':
      return 3;
    case '4':
      return 4;
    case '5':
      return 5;
    default:
      return -1;
  }
}

std::string square_name(int square) {
  return std::string{char('a' + column_of(square)), char('1' + row_of(square))};
}

bool torus_neighbours(int a, int b) {
  if (a == b) return false;
  const int dr = (row_of(a) - row_of(b) + kRows) % kRows;
  const int dc = (column_of(a) - column_of(b) + kColumns) % kColumns;
  const bool row_close = dr == 0 || dr == 1 || dr == kRows - 1;
  const bool column_close = dc == 0 || dc == 1 || dc == kColumns - 1;
  return row_close && column_close;
}

bool sequence_neighbours(int rank_a, int rank_b) {
  const int d = (rank_a - rank_b + kRanks) % kRanks;
  return d == 1 || d == kRanks - 1;
}

bool has_molecule(const Board& board, int rank) {
  uint32_t mask = 0;
  for (int s = 0; s < kSquares; ++s) mask |= uint32_t(board[std::size_t(s)] == rank) << s;
  return molecule(mask);
}

Board parse_coins(const std::string& text, bool refuse_molecule) {
  Board board{};
  int counts[kRanks] = {};
  int row = kRows - 1, column = 0;
  for (char c : text) {
    if (c == '/') {
      if (column != kColumns)
        throw BadParams("coins: row " + std::to_string(row + 1) + " has " + std::to_string(column) +
                        " coins, expected 6 (" + quote(text) + ")");
      if (--row < 0) throw BadParams("coins: more than 4 rows in " + quote(text));
      column = 0;
      continue;
    }
    const int rank = rank_of_char(c);
    if (rank < 0)
      throw BadParams(std::string("coins: '") + c + "' is not a rank (use n a 2 3 4 5) in " +
                      quote(text));
    if (column >= kColumns)
      throw BadParams("coins: row " + std::to_string(row + 1) + " has more than 6 coins in " +
                      quote(text));
    board[std::size_t(row * kColumns + column)] = uint8_t(rank);
    ++counts[rank];
    ++column;
  }
  if (row != 0 || column != kColumns)
    throw BadParams("coins: expected 4 rows of 6 coins separated by '/', got " + quote(text));
  for (int r = 0; r < kRanks; ++r)
    if (counts[r] != 4)
      throw BadParams(std::string("coins: rank ") + rank_char(r) + " appears " +
                      std::to_string(counts[r]) + " times, expected 4, in " + quote(text));
  for (int r = 0; r < kRanks && refuse_molecule; ++r)
    if (has_molecule(board, r))
      throw BadParams(std::string("coins: the deal already holds a DNA molecule of ") +
                      rank_char(r) + " (a misdeal) in " + quote(text));
  return board;
}

std::string coins_string(const Board& board) {
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) {
    for (int column = 0; column < kColumns; ++column)
      out += rank_char(board[std::size_t(row * kColumns + column)]);
    if (row) out += '/';
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// RelativityGame

// The parameters: what entry() lists and what RelativityGame reads.
static const std::vector<ParamSpec>& param_specs() {
  static const std::vector<ParamSpec> specs = {
      {"players", ParamSpec::Type::kInt, 2, 2, 2, "two players", "players"},
      {"coins", ParamSpec::Type::kString, "", std::nullopt, std::nullopt,
       "round-1 deal in PPN Coins form, top row first, e.g. n45a5n/3a2243/3n4a2n/a25345 (empty: "
       "random)",
       "engine"},
      {"coins2", ParamSpec::Type::kString, "", std::nullopt, std::nullopt,
       "round-2 deal, same form (empty: random)", "engine"},
      {"max_plies", ParamSpec::Type::kInt, kDefaultMaxPlies, 10, 100000000,
       "engine ply cap (not a rule): the game is then scored as it stands", "engine",
       ParamSpec::Setter::kAnyone, kDefaultMaxPlies}};
  return specs;
}

RelativityGame::RelativityGame(const json& params)
    : Game(entry().info, [&] {
        ParamReader reader("relativity", params);
        reader.get_all(param_specs());
        const std::string coins = reader.value("coins"), coins2 = reader.value("coins2");
        if (!coins.empty()) parse_coins(coins);
        try {
          if (!coins2.empty()) parse_coins(coins2);
        } catch (const BadParams& e) {  // the parser names "coins": say which
          throw BadParams(std::string("coins2 (") + e.what() + ")");
        }
        return reader.finish();
      }()) {
  const std::string coins = this->params()["coins"], coins2 = this->params()["coins2"];
  if (!coins.empty()) fixed_deal_[kNight] = parse_coins(coins);
  if (!coins2.empty()) fixed_deal_[kDay] = parse_coins(coins2);
  max_plies_ = this->params()["max_plies"];
}

std::unique_ptr<State> RelativityGame::new_initial_state(Chance chance) const {
  auto state = std::make_unique<RelativityState>(shared_from_this(), std::move(chance));
  state->deal(kNight);
  return state;
}

std::unique_ptr<State> RelativityGame::restore_state(const json& f, Chance chance) const {
  auto state = std::make_unique<RelativityState>(shared_from_this(), std::move(chance));
  try {
    state->board_ = parse_coins(f.at("board").get<std::string>(), false);
  } catch (const BadParams& e) {
    throw BadRecord(std::string("board: ") + e.what());
  }
  state->index_board();
  state->round_ = uint8_t(saved_int(f.at("round"), "round", kNight, kDay));
  state->role_to_move_ = uint8_t(saved_int(f.at("role_to_move"), "role_to_move", kSpace, kTime));
  const json& owners = f.at("trophy_owner");
  for (int round = 0; round < 2; ++round)
    for (int r = 0; r < kRanks; ++r)
      state->trophy_owner_[std::size_t(round)][std::size_t(r)] = int8_t(
          saved_int(owners.at(std::size_t(round)).at(std::size_t(r)), "trophy_owner", -1, 1));
  state->trophy_lead_ = int8_t(state->trophies_of(0) - state->trophies_of(1));
  state->trophies_taken_ = uint8_t(state->trophies_taken(kNight) + state->trophies_taken(kDay));
  // A square 0..23, or 255 for both before any swap (check_invariants checks the pair).
  state->last_low_ = uint8_t(saved_int(f.at("last_swap").at(0), "last_swap", 0, 255));
  state->last_high_ = uint8_t(saved_int(f.at("last_swap").at(1), "last_swap", 0, 255));
  state->last_trophies_ =
      uint8_t(saved_int(f.at("last_trophies"), "last_trophies", 0, (1 << kRanks) - 1));
  state->last_swap_round_ =
      uint8_t(saved_int(f.at("last_swap_round"), "last_swap_round", kNight, kDay));
  state->over_ = saved_bool(f.at("over"), "over");
  state->stopped_by_cap_ = saved_bool(f.at("stopped_by_ply_cap"), "stopped_by_ply_cap");
  return state;
}

// ---------------------------------------------------------------------------------------------
// RelativityState

RelativityState::RelativityState(std::shared_ptr<const Game> game, Chance chance)
    : State(std::move(game), std::move(chance)) {
  for (auto& round : trophy_owner_) round.fill(-1);
}

const RelativityGame& RelativityState::rules() const {
  return static_cast<const RelativityGame&>(game());
}

void RelativityState::deal(Round round) {
  if (rules().fixed_deal(round)) {
    board_ = *rules().fixed_deal(round);
  } else {
    // Each 2x3 block holds one suit's six coins (one of each rank) in random order; a deal holding
    // any DNA molecule is a misdeal and is dealt again.
    while (true) {
      for (int block = 0; block < 4; ++block) {
        uint8_t ranks[kRanks] = {0, 1, 2, 3, 4, 5};
        chance().shuffle(ranks, ranks + kRanks);
        const int row0 = (block / 2) * 2, column0 = (block % 2) * 3;
        for (int k = 0; k < kRanks; ++k)
          board_[std::size_t((row0 + k / 3) * kColumns + column0 + k % 3)] = ranks[k];
      }
      bool misdeal = false;
      for (int r = 0; r < kRanks && !misdeal; ++r) misdeal = has_molecule(board_, r);
      if (!misdeal) break;
      log().add(std::string(kRoundNames[round]) + ": misdeal, the coins are dealt again");
    }
  }
  index_board();
  round_ = round;
  role_to_move_ = kSpace;
  if (log().enabled())
    log().add(std::string(kRoundNames[round]) + " round dealt: " + coins_string(board_));
}

void RelativityState::index_board() {
  squares_of_.fill(0);
  for (int s = 0; s < kSquares; ++s) squares_of_[board_[std::size_t(s)]] |= 1u << s;
  for (int r = 0; r < kRanks; ++r)
    rank_squares_[std::size_t(r)] = pack_squares(squares_of_[std::size_t(r)]);
}

Seat RelativityState::current_player() const {
  return over_ ? kTerminal : seat_of(Role(role_to_move_));
}

int RelativityState::space_cut() const {
  return reversal_forbidden() ? space_pairs().index[std::size_t(last_low_) * 32 + last_high_] : -1;
}

int RelativityState::time_cut() const {
  // Where the reversed swap stands in Time's order, when it is a Time swap at all.
  if (!reversal_forbidden()) return -1;
  const int rank_low = board_[last_low_], rank_high = board_[last_high_];
  auto place = [&](int r, int square) {  // its index among the squares of its rank
    const uint32_t squares = rank_squares_[std::size_t(r)];
    return int((squares >> 8 & 0xff) <= uint32_t(square)) +
           int((squares >> 16 & 0xff) <= uint32_t(square)) +
           int((squares >> 24) <= uint32_t(square));
  };
  auto position = [&](int r, int square_r, int square_next) {
    return r * 16 + place(r, square_r) * 4 + place(r + 1 == kRanks ? 0 : r + 1, square_next);
  };
  if (rank_high == (rank_low + 1 == kRanks ? 0 : rank_low + 1))
    return position(rank_low, last_low_, last_high_);
  if (rank_low == (rank_high + 1 == kRanks ? 0 : rank_high + 1))
    return position(rank_high, last_high_, last_low_);
  return -1;
}

void RelativityState::do_legal_moves(MoveList& out) const {
  if (over_) return;
  if (role_to_move_ == kSpace) {
    // The table in order, without the reversed swap (a Space swap itself, when forbidden).
    const int cut = space_cut();
    out.show(space_pairs().lists[std::size_t(cut + 1)].data(),
             std::size_t(kSpaceSwaps - (cut >= 0)));
    return;
  }
  // Time: every pair is written in place, sixteen at a time.
  const int cut = time_cut();
  time_rows(rank_squares_.data(), cut, out.grow(std::size_t(kRanks * 16)));
  if (cut >= 0) out.drop_last(1);
}

int RelativityState::time_action_indices(int* out) const {
  const int cut = time_cut();
#if defined(TABLETOP_RELATIVITY_AVX2)
  if (kHasAvx2) {
    write_time_actions_avx2(rank_squares_.data(), cut, out);
    return kTimeSwaps - (cut >= 0);
  }
#endif
  write_time_actions(rank_squares_.data(), cut, out);
  return kTimeSwaps - (cut >= 0);
}

std::string RelativityState::why_illegal(Move move) const {
  if (over_) return "the game is over";
  const int a = swap_low(move), b = swap_high(move);
  if (a >= kSquares || b >= kSquares || a >= b) return "a swap needs two different squares a1..f4";
  const std::string pair = square_name(a) + " and " + square_name(b);
  if (reversal_forbidden() && a == last_low_ && b == last_high_)
    return "swapping " + pair + " would reverse the opponent's last swap";
  if (role_to_move_ == kSpace) {
    if (!torus_neighbours(a, b))
      return "Space swaps only neighbouring coins (the 8 around a coin, wrapping at the edges): " +
             pair + " are not neighbours";
  } else if (!sequence_neighbours(board_[std::size_t(a)], board_[std::size_t(b)])) {
    return std::string(
               "Time swaps only coins whose numbers are next in the cycle N-A-2-3-4-5-N: ") +
           square_name(a) + " holds " + rank_char(board_[std::size_t(a)]) + " and " +
           square_name(b) + " holds " + rank_char(board_[std::size_t(b)]);
  }
  return {};
}

void RelativityState::do_apply(Move move) {
  assert(why_illegal(move).empty());
  const int a = swap_low(move), b = swap_high(move);
  const Seat mover = seat_of(Role(role_to_move_));  // a legal move: the game is not over
  std::swap(board_[std::size_t(a)], board_[std::size_t(b)]);
  const int rank_a = board_[std::size_t(a)], rank_b = board_[std::size_t(b)];
  if (rank_a != rank_b) {
    const uint32_t moved = (1u << a) | (1u << b);
    for (const int r : {rank_a, rank_b}) {
      squares_of_[std::size_t(r)] ^= moved;
      rank_squares_[std::size_t(r)] = pack_squares(squares_of_[std::size_t(r)]);
    }
  }
  last_low_ = uint8_t(a);
  last_high_ = uint8_t(b);
  last_swap_round_ = round_;
  last_trophies_ = 0;
  // Only the two moved ranks can have formed a new molecule.
  for (const int r : {rank_a, rank_b}) {
    if (trophy_owner_[round_][std::size_t(r)] < 0 && molecule(squares_of_[std::size_t(r)])) {
      trophy_owner_[round_][std::size_t(r)] = int8_t(mover);
      trophy_lead_ = int8_t(trophy_lead_ + (mover == 0 ? 1 : -1));
      ++trophies_taken_;
      last_trophies_ |= uint8_t(1u << r);
    }
  }
  if (log().enabled()) [[unlikely]]
    log_swap(mover, move);
  role_to_move_ ^= 1;
  if (last_trophies_) [[unlikely]]
    after_trophies(mover);
  if (!over_ && ply() + 1 >= rules().max_plies()) [[unlikely]] {
    over_ = true;
    stopped_by_cap_ = true;
  }
  if (over_ && log().enabled()) [[unlikely]]
    log().add(result_text());
}

void RelativityState::log_swap(Seat mover, Move move) {
  std::string text = game().seat_name(mover) + " (" + kRoleNames[role_to_move_] + ") swaps " +
                     move_to_string(move);
  for (int r = 0; r < kRanks; ++r)
    if (last_trophies_ & (1u << r))
      text += std::string(", takes the ") + (round_ == kNight ? "Moon " : "Sun ") +
              kRankWords[std::size_t(r)] + " trophy";
  log().add(text);
}

void RelativityState::after_trophies(Seat mover) {
  if (trophies_of(mover) >= kTrophiesToWin) {
    over_ = true;
  } else if (trophies_taken(Round(round_)) >= kTrophiesPerRound) {
    if (round_ == kNight) {
      if (log().enabled())
        log().add("The Night round is over (five Moon trophies taken): the seats swap roles, " +
                  game().seat_name(Seat(int(kSpace) ^ int(kDay))) +
                  " now plays Space and moves first");
      deal(kDay);
    } else {
      over_ = true;
    }
  }
}

std::string RelativityState::result_text() const {
  const int t0 = trophies_of(0), t1 = trophies_of(1);
  const std::string score = std::to_string(t0) + "-" + std::to_string(t1);
  if (t0 != t1)
    return "Game over: " + game().seat_name(t0 > t1 ? 0 : 1) + " wins, " + score + " in trophies" +
           (stopped_by_cap_ ? " (stopped at the engine's ply cap)" : "");
  if (stopped_by_cap_) return "Game over at the engine's ply cap: " + score + ", a draw";
  return "Game over: " + score + " in trophies; the tie goes to " +
         game().seat_name(Seat(int(kSpace) ^ int(kNight))) +
         ", who played Space in the Night round";
}

int RelativityState::trophies_of(Seat seat) const {
  int n = 0;
  for (const auto& round : trophy_owner_)
    for (int8_t owner : round) n += owner == seat;
  return n;
}

int RelativityState::trophies_taken(Round round) const {
  int n = 0;
  for (int8_t owner : trophy_owner_[round]) n += owner >= 0;
  return n;
}

namespace {

// The estimate tanh((lead + 0.5) / (1 + 0.5 * left)) for each lead (seat 0's trophies minus seat
// 1's) and count of trophies left, computed once: the lab reads the estimate at every ply.
constexpr int kTrophies = 2 * kTrophiesPerRound;
using EstimateTable = std::array<std::array<double, kTrophies + 1>, 2 * kTrophies + 1>;
const EstimateTable kEstimate = [] {
  EstimateTable t{};
  for (int lead = -kTrophies; lead <= kTrophies; ++lead)
    for (int left = 0; left <= kTrophies; ++left)
      t[std::size_t(lead + kTrophies)][std::size_t(left)] =
          std::tanh((lead + 0.5) / (1.0 + 0.5 * left));
  return t;
}();

}  // namespace

bool RelativityState::estimate_returns(Returns& out) const {
  // (At most five trophies a round are taken; the clamps only keep the index in the table.)
  const int lead = std::clamp(int(trophy_lead_), -kTrophies, kTrophies);
  const int left = kTrophies - std::min(int(trophies_taken_), kTrophies);
  const double v = kEstimate[std::size_t(lead + kTrophies)][std::size_t(left)];
  out = Returns{};
  out[0] = v;
  out[1] = -v;
  return true;
}

Returns RelativityState::returns() const {
  Returns r{};
  if (!over_) return r;
  const int t0 = trophies_of(0), t1 = trophies_of(1);
  Seat winner = -1;
  if (t0 != t1)
    winner = t0 > t1 ? 0 : 1;
  else if (!stopped_by_cap_)
    winner = 0;  // five each: the seat that played Space in round 1
  if (winner >= 0) {
    r[std::size_t(winner)] = 1;
    r[std::size_t(1 - winner)] = -1;
  }
  return r;
}

void RelativityState::seat_figures(SeatFigures& out) const {
  SeatFigures::Values& trophies =
      out.add("trophies", "Trophies each seat holds, both rounds counted: most trophies wins.");
  for (Seat s = 0; s < 2; ++s) trophies[std::size_t(s)] = trophies_of(s);
}

void RelativityState::figures(Figures& out) const {
  static constexpr const char* kPerRank[2][kRanks] = {
      {"space_trophy_n", "space_trophy_a", "space_trophy_2", "space_trophy_3", "space_trophy_4",
       "space_trophy_5"},
      {"time_trophy_n", "time_trophy_a", "time_trophy_2", "time_trophy_3", "time_trophy_4",
       "time_trophy_5"}};
  out.add("capped", stopped_by_cap_ ? 1 : 0);
  out.add("rounds", round_ + 1);
  out.add("tie_five_five", !stopped_by_cap_ && trophies_of(0) == 5 && trophies_of(1) == 5);
  std::array<std::array<int, kRanks>, 2> by_role{};
  for (int round = kNight; round <= kDay; ++round)
    for (int rank = 0; rank < kRanks; ++rank) {
      const int owner = trophy_owner_[std::size_t(round)][std::size_t(rank)];
      if (owner < 0) continue;
      const int role = owner ^ round;  // seat_of(role) = role ^ round
      ++by_role[std::size_t(role)][std::size_t(rank)];
    }
  for (int role = kSpace; role <= kTime; ++role) {
    int total = 0;
    for (int rank = 0; rank < kRanks; ++rank)
      total += by_role[std::size_t(role)][std::size_t(rank)];
    out.add(role == kSpace ? "space_trophies" : "time_trophies", total);
  }
  for (int role = kSpace; role <= kTime; ++role)
    for (int rank = 0; rank < kRanks; ++rank)
      out.add(kPerRank[role][rank], by_role[std::size_t(role)][std::size_t(rank)]);
}

std::unique_ptr<State> RelativityState::clone() const {
  return std::make_unique<RelativityState>(*this);
}

std::string RelativityState::move_to_string(Move move) const {
  return square_name(swap_low(move)) + "#" + square_name(swap_high(move));
}

Move RelativityState::parse_move(std::string_view text) const {
  const std::string t = compact_lower(text);
  const auto hash = t.find('#');
  if (hash == std::string::npos)
    throw BadMove(quote(text) + " is not a swap: write two squares joined by '#', e.g. d3#e3");
  auto square = [&](const std::string& s) {
    if (s.size() != 2 || s[0] < 'a' || s[0] > 'f' || s[1] < '1' || s[1] > '4')
      throw BadMove(quote(s) + " is not a square: columns are a-f and rows 1-4 (e.g. d3)");
    return (s[1] - '1') * kColumns + (s[0] - 'a');
  };
  const int a = square(t.substr(0, hash)), b = square(t.substr(hash + 1));
  if (a == b) throw BadMove(quote(text) + " swaps a square with itself");
  return swap_move(a, b);
}

json RelativityState::state_json() const {
  json owners = json::array();
  for (const auto& round : trophy_owner_)
    owners.push_back(std::vector<int>(round.begin(), round.end()));
  return json{{"board", coins_string(board_)},        {"round", round_},
              {"role_to_move", role_to_move_},        {"trophy_owner", owners},
              {"last_swap", {last_low_, last_high_}}, {"last_trophies", last_trophies_},
              {"last_swap_round", last_swap_round_},  {"over", over_},
              {"stopped_by_ply_cap", stopped_by_cap_}};
}

MovePlaces RelativityState::move_places(Move move) const {
  // A swap names its two squares in no order: one step, clicked either way round.
  return {{square_name(swap_low(move)), square_name(swap_high(move))}};
}

std::vector<std::string> RelativityGame::board_places() const {
  std::vector<std::string> places;
  for (int square = 0; square < kSquares; ++square) places.push_back(square_name(square));
  return places;
}

json RelativityState::observation(Seat viewer) const {
  // Relativity has no hidden information: every viewer sees the same.
  json rows = json::array();
  const std::string coins = coins_string(board_);
  for (int row = 0; row < kRows; ++row) rows.push_back(coins.substr(std::size_t(row * 7), 6));
  json trophies = json::array();
  for (Seat seat = 0; seat < 2; ++seat) {
    json held{{"night", json::array()}, {"day", json::array()}};
    for (int round = 0; round < 2; ++round)
      for (int r = 0; r < kRanks; ++r)
        if (trophy_owner_[std::size_t(round)][std::size_t(r)] == seat)
          held[round == kNight ? "night" : "day"].push_back(std::string(1, rank_char(r)));
    held["count"] = trophies_of(seat);
    trophies.push_back(held);
  }
  json obs{{"game", "relativity"},
           {"round", kRoundNames[round_]},
           {"round_number", round_ + 1},
           {"board", rows},
           {"coins", coins},
           {"roles", {{"space", seat_of(kSpace)}, {"time", seat_of(kTime)}}},
           {"trophies", trophies},
           {"ply", ply()},
           {"terminal", over_}};
  if (over_) {
    obs["to_move"] = nullptr;
    const Returns r = returns();
    obs["winner"] = r[0] > 0 ? json(0) : r[1] > 0 ? json(1) : json(nullptr);
    obs["stopped_by_ply_cap"] = stopped_by_cap_;
  } else {
    obs["to_move"] = current_player();
    obs["role_to_move"] = role_to_move_ == kSpace ? "space" : "time";
  }
  if (last_low_ != 0xff) {
    obs["last_swap"] = square_name(last_low_) + "#" + square_name(last_high_);
    obs["last_swap_round"] = kRoundNames[last_swap_round_];
    json taken = json::array();
    for (int r = 0; r < kRanks; ++r)
      if (last_trophies_ & (1u << r)) taken.push_back(std::string(1, rank_char(r)));
    obs["last_trophies"] = taken;
  } else {
    obs["last_swap"] = nullptr;
  }
  return obs;
}

std::string RelativityState::turn_status(Seat viewer) const {
  if (over_) return {};
  std::string text =
      game().seat_name(current_player()) + " (" + kRoleNames[role_to_move_] +
      "): one swap, of two " +
      (role_to_move_ == kSpace ? "neighbouring coins (the board wraps at every edge)"
                               : "coins whose numbers are next in the cycle N-A-2-3-4-5-N");
  if (reversal_forbidden())
    text += ", but not " + square_name(last_low_) + "#" + square_name(last_high_) +
            " back (the opponent's last swap)";
  const int left = kTrophiesPerRound - trophies_taken(Round(round_));
  return text + "; " + std::to_string(left) + " " + (round_ == kNight ? "Moon" : "Sun") +
         (left == 1 ? " trophy" : " trophies") + " left this round. Next: FROM#TO.";
}

std::string RelativityState::render(Seat viewer) const {
  std::ostringstream out;
  out << kRoundNames[round_] << " round (" << (round_ == kNight ? "Moon" : "Sun") << " trophies)  ";
  out << "Space: " << game().seat_name(seat_of(kSpace))
      << "  Time: " << game().seat_name(seat_of(kTime)) << "\n";
  out << "     a  b  c  d  e  f\n";
  out << "   ┌──────────────────┐\n";
  for (int row = kRows - 1; row >= 0; --row) {
    out << " " << row + 1 << " │";
    for (int column = 0; column < kColumns; ++column) {
      const int s = row * kColumns + column;
      const bool moved = reversal_forbidden() && (s == last_low_ || s == last_high_);
      const char c =
          char(std::toupper(static_cast<unsigned char>(rank_char(board_[std::size_t(s)]))));
      out << (moved ? '[' : ' ') << c << (moved ? ']' : ' ');
    }
    out << "│\n";
  }
  out << "   └──────────────────┘\n";
  for (Seat seat = 0; seat < 2; ++seat) {
    out << " " << game().seat_name(seat) << " trophies (" << trophies_of(seat) << "):";
    for (int round = 0; round < 2; ++round)
      for (int r = 0; r < kRanks; ++r)
        if (trophy_owner_[std::size_t(round)][std::size_t(r)] == seat)
          out << ' ' << (round == kNight ? "☾" : "☀")
              << char(std::toupper(static_cast<unsigned char>(rank_char(r))));
    out << "\n";
  }
  if (over_) {
    out << " " << result_text() << "\n";
  } else {
    out << " " << game().seat_name(current_player()) << " (" << kRoleNames[role_to_move_]
        << ") to move\n";
  }
  return out.str();
}

void RelativityState::check_invariants() const {
  int counts[kRanks] = {};
  for (uint8_t r : board_) {
    if (r >= kRanks) throw InvariantError("relativity: a square holds no valid rank");
    ++counts[r];
  }
  for (int r = 0; r < kRanks; ++r)
    if (counts[r] != 4) throw InvariantError("relativity: a rank does not appear exactly 4 times");
  for (int s = 0; s < kSquares; ++s)
    for (int r = 0; r < kRanks; ++r)
      if ((squares_of_[std::size_t(r)] >> s & 1) != (board_[std::size_t(s)] == r))
        throw InvariantError("relativity: the squares by rank disagree with the board");
  for (int r = 0; r < kRanks; ++r)
    if (rank_squares_[std::size_t(r)] != pack_squares(squares_of_[std::size_t(r)]))
      throw InvariantError("relativity: the packed squares by rank disagree with the board");
  if (round_ > kDay || role_to_move_ > kTime)
    throw InvariantError("relativity: round or role_to_move out of range");
  for (int round = 0; round < 2; ++round) {
    if (trophies_taken(Round(round)) > kRanks)
      throw InvariantError("relativity: too many trophies");
    for (int r = 0; r < kRanks; ++r) {
      const int owner = trophy_owner_[std::size_t(round)][std::size_t(r)];
      if (owner < -1 || owner > 1) throw InvariantError("relativity: bad trophy owner");
      if (round > round_ && owner >= 0)
        throw InvariantError("relativity: trophy_owner: a Day trophy taken in the Night round");
    }
  }
  if (trophy_lead_ != trophies_of(0) - trophies_of(1) ||
      trophies_taken_ != trophies_taken(kNight) + trophies_taken(kDay))
    throw InvariantError("relativity: the trophy counts disagree with trophy_owner");
  // A molecule on the board took its trophy the moment it formed (deals hold none).
  for (int r = 0; r < kRanks; ++r)
    if (trophy_owner_[round_][std::size_t(r)] < 0 && has_molecule(board_, r))
      throw InvariantError(std::string("relativity: board: a molecule of ") + rank_char(r) +
                           " stands but its trophy_owner is -1");
  if (round_ == kDay && trophies_taken(kNight) < kTrophiesPerRound)
    throw InvariantError("relativity: Day round began before Night ended");
  if (!over_ && trophies_taken(Round(round_)) >= kTrophiesPerRound)
    throw InvariantError(
        "relativity: trophy_owner: the round's five trophies are taken but it "
        "goes on");
  if (!over_ && trophies_of(0) >= kTrophiesToWin)
    throw InvariantError("relativity: seat 0 should have won");
  if (!over_ && trophies_of(1) >= kTrophiesToWin)
    throw InvariantError("relativity: seat 1 should have won");
  if (stopped_by_cap_ && !over_)
    throw InvariantError("relativity: stopped_by_ply_cap but not over");
  // The last swap: none (both 255, no trophies) or two squares, low before high, made in this
  // round or the one before; the trophies it took are owned in that round.
  if (last_low_ == 0xff || last_high_ == 0xff) {
    if (last_low_ != last_high_ || last_trophies_ || ply() > 0)
      throw InvariantError("relativity: last_swap: no swap recorded after a move");
  } else {
    if (last_low_ >= last_high_ || last_high_ >= kSquares)
      throw InvariantError("relativity: last_swap: not two squares, low before high");
    if (last_swap_round_ > round_ || ply() == 0)
      throw InvariantError(
          "relativity: last_swap_round: a swap from a later round or before any "
          "move");
  }
  for (int r = 0; r < kRanks; ++r)
    if ((last_trophies_ >> r & 1) && trophy_owner_[last_swap_round_][std::size_t(r)] < 0)
      throw InvariantError("relativity: last_trophies: a trophy nobody owns");
  // Space moves first and the roles alternate: in the Night round the role follows the ply.
  if (round_ == kNight && !over_ && role_to_move_ != ply() % 2)
    throw InvariantError("relativity: role_to_move: " + std::string(kRoleNames[role_to_move_]) +
                         " to move at ply " + std::to_string(ply()) + " of the Night round");
}

GameEntry entry() {
  GameEntry e;
  e.info = GameInfo{"relativity", "Relativity", "relativity.txt", 2, 2, false, true};
  e.rules_source = {"Relativity, version 110808a", "Marty and Ron Hale-Evans", "CC BY-SA 3.0",
                    "https://creativecommons.org/licenses/by-sa/3.0/", true};
  e.make = [](const json& params) -> std::shared_ptr<const Game> {
    return std::make_shared<RelativityGame>(params);
  };
  e.params = param_specs();
  e.ppn_name = "Relativity";
  e.replay_ppn = [](const std::vector<ppn::Record>& documents) { return replay_ppn(documents); };
  e.record_ppn = record_ppn;
  return e;
}

}  // namespace tabletop::relativity
