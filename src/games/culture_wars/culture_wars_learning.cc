// Culture Wars for learning algorithms (core/game.h, "For learning"): action numbering by land
// index and the observation tensor, as laid out in culture_wars.h.
#include <algorithm>

#include "games/culture_wars/culture_wars_internal.h"

namespace tabletop::culture_wars {
namespace {

[[noreturn]] void no_action(int action, const std::string& why) {
  throw BadMove("action " + std::to_string(action) + ": " + why);
}

}  // namespace

int CultureWarsState::land_index(int square) const {
  int index = 0;
  for (int s = 0; s < square; ++s) index += land_[std::size_t(s)];
  return index;
}

int CultureWarsState::land_square(int index) const {
  for (int s = 0; s < kSquares; ++s)
    if (land_[std::size_t(s)] && index-- == 0) return s;
  return -1;
}

int CultureWarsState::action_index(Move move) const {
  const MoveParts m = move_parts(move);
  switch (m.kind) {
    case kTileMove: {
      int tile = 0;  // the tile's place by lower-left square
      for (int16_t origin : tile_origin_) tile += origin < m.from;
      return tile * kTileDestinations + row_of(m.to) * (kWidth - 1) + column_of(m.to);
    }
    case kPlaceCoin:
      return kCoinActions + land_index(m.from);
    case kPlaceToken:
      return kTokenActions + land_index(m.from);
    case kGrow:
      return kGrowActions + land_index(m.from);
    case kSettle:
      return kSettleActions + land_index(m.from) * kSettleChoices +
             (m.choice == kChooseUnseen ? kSettleChoices - 1 : m.choice);
    case kStep:
      return kStepActions + (land_index(m.from) * kLandSquares + land_index(m.to)) * kTokens +
             m.count - 1;
    case kDone:
      return kDoneAction;
    default:
      return -1;
  }
}

Move CultureWarsState::action_move(int action) const {
  if (action < 0 || action >= kActions)
    no_action(action, "not one of 0.." + std::to_string(kActions - 1));
  Move move;
  if (action < kTileActions) {
    std::array<int16_t, kTiles> sorted = tile_origin_;
    std::sort(sorted.begin(), sorted.end());
    const int to = action % kTileDestinations;
    move = make_move(kTileMove, sorted[std::size_t(action / kTileDestinations)],
                     square_at(to % (kWidth - 1), to / (kWidth - 1)));
  } else if (action < kTokenActions) {
    move = make_move(kPlaceCoin, land_square(action - kCoinActions));
  } else if (action < kGrowActions) {
    move = make_move(kPlaceToken, land_square(action - kTokenActions));
  } else if (action < kSettleActions) {
    move = make_move(kGrow, land_square(action - kGrowActions));
  } else if (action < kStepActions) {
    const int a = action - kSettleActions, choice = a % kSettleChoices;
    move = make_move(kSettle, land_square(a / kSettleChoices), 0, 0,
                     choice == kSettleChoices - 1 ? kChooseUnseen : choice);
  } else if (action < kDoneAction) {
    const int a = action - kStepActions, pair = a / kTokens;
    move = make_move(kStep, land_square(pair / kLandSquares), land_square(pair % kLandSquares),
                     a % kTokens + 1);
  } else {
    move = make_move(kDone);
  }
  const std::string why = why_illegal(move);
  if (!why.empty()) no_action(action, "(" + move_to_string(move) + ") " + why);
  return move;
}

void CultureWarsState::write_observation_tensor(Seat viewer, std::span<float> out) const {
  const int n = num_seats();
  auto plane = [&](int p, int square) -> float& { return out[std::size_t(p * kSquares + square)]; };
  for (int t = 0; t < kTiles; ++t) {
    plane(1, tile_origin_[std::size_t(t)]) = 1;
    if (phase_ == Phase::kTileMoves && (moved_tiles_ >> t & 1))
      plane(2, tile_origin_[std::size_t(t)]) = 1;
  }
  const bool marks = phase_ == Phase::kMovement || phase_ == Phase::kExpansion;
  for (int sq = 0; sq < kSquares; ++sq) {
    plane(0, sq) = land_[std::size_t(sq)];
    for (int s = 0; s < n; ++s) plane(3 + s, sq) = tokens_[std::size_t(s)][std::size_t(sq)];
    if (marks) plane(3 + n, sq) = moved_[std::size_t(sq)];
    const uint8_t coin = coin_at_[std::size_t(sq)];
    if (coin == kNoCoin) continue;
    plane(4 + n + coin_seat(coin), sq) = 1;
    if (suit_up_[std::size_t(sq)]) plane(4 + 2 * n, sq) = 1;
    plane(coin_seen_[coin] ? 4 + 2 * n + coin_value(coin) : 10 + 2 * n, sq) = 1;
  }
  std::size_t at = std::size_t(kSquares * (11 + 2 * n));
  for (int s = 0; s < n; ++s) {
    out[at++] = reserve_tokens_[std::size_t(s)];
    for (int v = 1; v < kCoinValues; ++v) {
      const uint8_t coin = make_coin(s, v);
      out[at++] = coin_square_[coin] == kNoSquare && coin_seen_[coin] ? 1 : 0;
    }
    out[at++] = float(reserve_coins_unseen(s));
    out[at++] = float(settlements(s));
    out[at++] = settlements_last_round_[std::size_t(s)];
  }
  out[at++] = float(round_);
  out[at + std::size_t(phase_)] = 1;
  at += 7;
  for (int i = 0; i < n; ++i, at += std::size_t(n)) out[at + order_[std::size_t(i)]] = 1;
  if (phase_ != Phase::kOver) out[at + std::size_t(to_move_)] = 1;
  at += std::size_t(n);
  if (phase_ == Phase::kTokenPlacement) out[at] = float(tokens_to_place_);
  ++at;
  if (viewer >= 0) out[at + std::size_t(viewer)] = 1;
  at += std::size_t(n);
  for (int s = 0; s < n; ++s) out[at++] = winners_ >> s & 1;
  out[at] = stopped_by_cap_ ? 1 : 0;
}

}  // namespace tabletop::culture_wars
