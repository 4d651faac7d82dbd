// Conspiracy for learning algorithms: action numbering and the observation tensor (the layout is
// documented at ConspiracyGame in conspiracy.h and in docs/games/conspiracy.md, "For learning").
#include <algorithm>
#include <array>
#include <cstdint>

#include "games/conspiracy/conspiracy.h"

namespace tabletop::conspiracy {
namespace {

constexpr int kDirections = 8;
constexpr int kPhases = 9;

// The blocks of the action space, in order: the move kind and the block's size for P players.
struct Block {
  MoveKind kind;
  int size;
};

std::array<Block, 18> blocks(int p) {
  return {{{MoveKind::kGoal, kSuits * kRanks},
           {MoveKind::kJump, 1},
           {MoveKind::kWait, 1},
           {MoveKind::kPlace, kPieces},
           {MoveKind::kAttack, kPieces * kPieces * p},
           {MoveKind::kRevealCoin, kSquares * kPieces * p},
           {MoveKind::kRevealTile, kPositions * kPieces * p},
           {MoveKind::kAdvance, kColumns},
           {MoveKind::kEnd, 1},
           {MoveKind::kTile, kPieces * kPositions},
           {MoveKind::kAt, kSquares * kDirections},
           {MoveKind::kFlip, 1},
           {MoveKind::kRemove, kPieces * p},
           {MoveKind::kSave, kPieces},
           {MoveKind::kSaveNone, 1},
           {MoveKind::kMark, kColumns},
           {MoveKind::kWin, 1},
           {MoveKind::kPass, 1}}};
}

// The offset of `kind`'s block (and its size in `size`).
int block_offset(int players, MoveKind kind, int& size) {
  int offset = 0;
  for (const Block& b : blocks(players)) {
    if (b.kind == kind) {
      size = b.size;
      return offset;
    }
    offset += b.size;
  }
  size = 0;
  return -1;
}

}  // namespace

int ConspiracyGame::num_distinct_actions() const {
  int n = 0;
  for (const Block& b : blocks(players_)) n += b.size;
  return n;
}

int ConspiracyGame::max_game_length() const {
  if (max_rounds_ <= 0) return 0;
  const int64_t p = players_;
  const int64_t bound = p + int64_t(max_rounds_) * p * (12 + p);
  return int(std::min<int64_t>(bound, INT32_MAX));
}

int ConspiracyState::action_index(Move move) const {
  const int p = players();
  const int a = move_a(move), b = move_b(move), c = move_c(move);
  int size = 0;
  const int offset = block_offset(p, move_kind(move), size);
  switch (move_kind(move)) {
    case MoveKind::kGoal:
      return offset + a * kRanks + b;
    case MoveKind::kPlace:
    case MoveKind::kSave:
    case MoveKind::kAdvance:
    case MoveKind::kMark:
      return offset + a;
    case MoveKind::kAttack:
      return offset + (a * kPieces + b) * p + c;
    case MoveKind::kRevealCoin:
    case MoveKind::kRevealTile:
      return offset + (b * kPieces + a) * p + c;
    case MoveKind::kTile:
      return offset + a * kPositions + b;
    case MoveKind::kAt:
      return offset + b * kDirections + c;
    case MoveKind::kRemove:
      return offset + a * p + c;
    default:
      return offset;
  }
}

Move ConspiracyState::action_move(int action) const {
  const int p = players();
  int offset = 0;
  for (const Block& block : blocks(p)) {
    if (action < offset || action >= offset + block.size) {
      offset += block.size;
      continue;
    }
    const int i = action - offset;
    Move m{};
    switch (block.kind) {
      case MoveKind::kGoal:
        m = make_move(block.kind, i / kRanks, i % kRanks);
        break;
      case MoveKind::kPlace:
      case MoveKind::kSave:
      case MoveKind::kAdvance:
      case MoveKind::kMark:
        m = make_move(block.kind, i);
        break;
      case MoveKind::kAttack:
        m = make_move(block.kind, i / p / kPieces, i / p % kPieces, i % p);
        break;
      case MoveKind::kRevealCoin:
      case MoveKind::kRevealTile:
        m = make_move(block.kind, i / p % kPieces, i / p / kPieces, i % p);
        break;
      case MoveKind::kTile:
        m = make_move(block.kind, i / kPositions, i % kPositions);
        break;
      case MoveKind::kAt:
        m = make_move(block.kind, 0, i / kDirections, i % kDirections);
        break;
      case MoveKind::kRemove:
        m = make_move(block.kind, i / p, 0, i % p);
        break;
      default:
        m = make_move(block.kind);
    }
    const std::string why = why_illegal(m);
    if (!why.empty())
      throw BadMove("action " + std::to_string(action) + " (" + move_to_string(m) +
                    ") is not legal here: " + why);
    return m;
  }
  throw BadMove("action " + std::to_string(action) + " is not one of 0.." +
                std::to_string(offset - 1));
}

void ConspiracyState::write_observation_tensor(Seat v, std::span<float> out) const {
  using G = ConspiracyGame;
  float* x = out.data();
  // Squares: coin, symbol side up, rank (shown or known), suit (shown or known), direction, the
  // square just placed on, the square attacked.
  for (int sq = 0; sq < kSquares; ++sq, x += G::kSquareFeatures) {
    if (sq == act_target_) x[19] = 1;
    if (sq == attack_sq_) x[20] = 1;
    const int c = coin_at_[std::size_t(sq)];
    if (c < 0) continue;
    const bool up = coin_up_[std::size_t(c)], known = knows_coin(v, c);
    x[0] = 1;
    x[1] = up;
    if (!up || known) x[2 + rank_of(c)] = 1;
    if (up || known) x[8 + suit_of(c)] = 1;
    x[12 + coin_dir_[std::size_t(c)] % kDirections] = 1;
  }
  // Positions: tile, face up, suit and rank (face up or known), each seat's marker, the tile just
  // laid.
  for (int pos = 0; pos < kPositions; ++pos, x += G::kPositionFeatures) {
    if (pos == new_tile_pos_) x[17] = 1;
    const int t = tile_at_[std::size_t(pos)];
    if (t < 0) continue;
    x[0] = 1;
    x[1] = tile_up_[std::size_t(t)];
    if (tile_up_[std::size_t(t)] || knows_tile(v, t)) {
      x[2 + suit_of(t)] = 1;
      x[6 + rank_of(t)] = 1;
    }
    for (Seat s = 0; s < players(); ++s)
      if (marker_[std::size_t(s)] == t) x[12 + s] = 1;
  }
  // Seats (kMaxSeats blocks, those not in play all zero).
  auto order_place = [](const std::array<int8_t, kMaxSeats>& order, int count, Seat s) {
    for (int i = 0; i < count; ++i)
      if (order[std::size_t(i)] == s) return i;
    return -1;
  };
  for (Seat s = 0; s < kMaxSeats; ++s, x += G::kSeatFeatures) {
    if (s >= players()) continue;
    x[0] = 1;
    x[1] = s == v;
    x[2] = phase_ != Phase::kOver && s == to_move_;
    x[3] = s == active_;
    x[4] = s == winner_;
    for (int c = 0; c < kPieces; ++c) {
      const int loc = coin_loc_[std::size_t(c)];
      const bool known = knows_coin(v, c);
      if (loc == kHand + s) {
        x[5] += 1;
        if (known) x[6 + c] = 1;
      } else if (loc == kBonus + s) {
        x[30] += 1;
        if (known) x[31 + c] = 1;
      } else if (loc == kSaved + s) {
        x[80] = 1;
        x[81 + rank_of(c)] = 1;
        if (known) x[87 + suit_of(c)] = 1;
      }
      if (tile_loc_[std::size_t(c)] == kHeld + s) {
        x[55] += 1;
        if (knows_tile(v, c)) x[56 + c] = 1;
      }
      if ((marked_ever_[std::size_t(s)] >> c) & 1) x[92 + c] = 1;
    }
    x[91] = marker_round_[std::size_t(s)];
    const int gs = goal_suit_[std::size_t(s)];
    x[116] = gs >= 0;
    if (gs >= 0 && (s == v || (phase_ == Phase::kOver && winner_ == s))) {
      x[117 + gs] = 1;
      x[121 + goal_rank_[std::size_t(s)]] = 1;
    }
    x[127] = (wild_ >> s) & 1;
    x[128] = (played_ >> s) & 1;
    x[129] = (asked_ >> s) & 1;
    const int normal = order_place(order_, order_count_, s);
    if (normal >= 0) x[130 + normal] = 1;
    const int last = order_place(last_order_, last_count_, s);
    if (last >= 0) x[135 + last] = 1;
  }
  // Global: round, phase, action points, the action under way and its coin (where the viewer
  // knows it), the bag, the places in the turn orders, the cap, the viewer's setup coins and its
  // own jump answer.
  x[0] = round_;
  x[1 + int(phase_)] = 1;
  x[1 + kPhases] = ap_;
  x[11 + int(action_)] = 1;
  if (act_coin_ >= 0 && knows_coin(v, act_coin_)) {
    x[14 + suit_of(act_coin_)] = 1;
    x[18 + rank_of(act_coin_)] = 1;
  }
  x[24] = coins_at(kBag);
  x[25] = order_next_;
  x[26] = last_next_;
  x[27] = capped_;
  if (v >= 0) {
    for (int c = 0; c < kPieces; ++c)
      if (setup_owner_[std::size_t(c)] == v) x[28 + c] = 1;
    if (phase_ == Phase::kJump && ((asked_ >> v) & 1)) x[((jumping_ >> v) & 1) ? 52 : 53] = 1;
  }
}

}  // namespace tabletop::conspiracy
