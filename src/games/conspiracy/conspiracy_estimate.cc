// The estimate: each seat's chance to win from its position (ConspiracyState::estimate_returns).
#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

#include "games/conspiracy/conspiracy.h"
#include "games/conspiracy/conspiracy_internal.h"

namespace tabletop::conspiracy {

void ConspiracyState::best_face_up_ranks(int column, int (&best)[kSuits]) const {
  for (int& b : best) b = -1;
  for (int row = 1; row < kMaxRows; ++row) {
    const int tile = tile_at_[std::size_t(position(column, row))];
    if (tile >= 0 && tile_up_[std::size_t(tile)])
      best[suit_of(tile)] = std::max(best[suit_of(tile)], rank_of(tile));
  }
}

double ConspiracyState::advance_chance(int column) const {
  int best[kSuits];
  best_face_up_ranks(column, best);
  // Each die succeeds on its symbol face, or on a number 2-5 no higher than the best face-up tile
  // of its suit; the column advances on two or more successes of the four dice.
  double none = 1, one = 0;
  for (int suit = 0; suit < kSuits; ++suit) {
    const double p = (1 + std::max(0, best[suit] - 1)) / 6.0;
    one = one * (1 - p) + none * p;
    none *= 1 - p;
  }
  return 1 - none - one;
}

const std::array<const char*, ConspiracyState::kValueFeatures> ConspiracyState::kValueFeatureNames =
    {"suit present",
     "suit present, held",
     "suit up in Future 1",
     "suit up in Future 1, advance chance",
     "suit up deeper",
     "suit face-down ladder",
     "suit face-down tiles",
     "suit tiles held",
     "number present",
     "number present, held",
     "number up in Future 1",
     "number up in Future 1, advance chance",
     "number up deeper",
     "number face-down ladder",
     "number face-down tiles",
     "number tiles held",
     "both present apart",
     "marker",
     "marker from an earlier round",
     "victory ready",
     "victory ready, turn to come",
     "turn to come",
     "near victory",
     "near victory, marked",
     "victory pending"};

void ConspiracyState::value_features(Seat seat, const double (&advance)[kColumns],
                                     double* out) const {
  for (int half = 0; half < 2; ++half) {
    const bool by_suit = half == 0;
    const int want = by_suit ? goal_suit_[std::size_t(seat)] : goal_rank_[std::size_t(seat)];
    auto matches = [&](int tile) {
      return tile >= 0 && (by_suit ? suit_of(tile) : rank_of(tile)) == want;
    };
    double present = 0, held_there = 0, up1 = 0, up1_advance = 0, deeper = 0, ladder = 0;
    int down = 0, in_hand = 0;
    for (int column = 0; column < kColumns; ++column) {
      const int next = tile_at_[std::size_t(position(column, 1))];
      if (matches(tile_at_[std::size_t(position(column, 0))])) {
        present = 1;
        // It stays unless a face-up tile that does not match waits behind it.
        const bool threat = next >= 0 && tile_up_[std::size_t(next)] && !matches(next);
        held_there = std::max(held_there, threat ? 1 - advance[column] : 1.0);
      }
      for (int row = 1; row < kMaxRows; ++row) {
        const int pos = position(column, row);
        const int tile = tile_at_[std::size_t(pos)];
        if (!matches(tile)) continue;
        if (tile_up_[std::size_t(tile)]) {
          if (row == 1) {
            up1 = 1;
            up1_advance = std::max(up1_advance, advance[column]);
          } else {
            deeper = std::max(deeper, std::pow(0.8, row - 2));
          }
          continue;
        }
        ++down;
        // A face-down tile climbs a ladder: coins on it, coins ready to be revealed, symbol-side-up
        // coins (two let it be revealed), and enough support for it to stay face up.
        int coins = 0, up = 0, revealable = 0;
        for (int k = 0; k < 4; ++k) {
          const int sq = square_of(pos, k);
          const int c = coin_at_[std::size_t(sq)];
          if (c < 0) continue;
          ++coins;
          if (coin_up_[std::size_t(c)])
            ++up;
          else if (can_reveal_coin(sq))
            ++revealable;
        }
        double v = 0.1 + 0.03 * coins + 0.08 * std::min(up, 2) +
                   0.04 * std::min(revealable, 2 - std::min(up, 2));
        if (up >= 2 && tile_support(pos, tile) >= rank_of(tile)) v += 0.1;
        ladder = std::max(ladder, v * std::pow(0.9, row - 1));
      }
    }
    for (int tile = 0; tile < kPieces; ++tile)
      in_hand += tile_loc_[std::size_t(tile)] == kHeld + seat && matches(tile);
    double* f = out + 8 * half;
    f[0] = present;
    f[1] = held_there;
    f[2] = up1;
    f[3] = up1_advance;
    f[4] = deeper;
    f[5] = ladder;
    f[6] = std::min(down, 3);
    f[7] = std::min(in_hand, 3);
  }
  const int gs = goal_suit_[std::size_t(seat)], gr = goal_rank_[std::size_t(seat)];
  const bool apart = any_shown_apart(seat, [](int, int) { return true; });
  const bool marked = marker_[std::size_t(seat)] >= 0;
  const bool marked_earlier = marked && marker_round_[std::size_t(seat)] < round_;
  const bool ready = victory_ready(seat);
  // The seat's turn this round is still to come or under way: it may declare before Time Marches
  // On changes the Present row.
  const bool to_come =
      !((played_ >> seat) & 1) || (to_move_ == seat && phase_ != Phase::kJump &&
                                   phase_ != Phase::kGoal && phase_ != Phase::kOver);
  // One half shown in the Present row of column a, the other face up in Future 1 of column b: the
  // victory comes with b's advance (the better such b; "marked": the seat's marker, from an earlier
  // round, is on a's tile).
  double near = 0, near_marked = 0;
  for (int a = 0; a < kColumns; ++a) {
    const int shown = tile_at_[std::size_t(position(a, 0))];
    if (shown < 0) continue;
    const bool marked_here = marked_earlier && marker_[std::size_t(seat)] == shown;
    for (int b = 0; b < kColumns; ++b) {
      const int coming = tile_at_[std::size_t(position(b, 1))];
      if (a == b || coming < 0 || !tile_up_[std::size_t(coming)]) continue;
      if ((suit_of(shown) == gs && rank_of(coming) == gr) ||
          (rank_of(shown) == gr && suit_of(coming) == gs)) {
        near = std::max(near, advance[b]);
        if (marked_here) near_marked = std::max(near_marked, advance[b]);
      }
    }
  }
  out[16] = apart;
  out[17] = marked;
  out[18] = marked_earlier;
  out[19] = ready;
  out[20] = ready && to_come;
  out[21] = to_come;
  out[22] = near;
  out[23] = near_marked;
  out[24] = marked && !marked_earlier && marker_on_shown_pair(seat);
}

// Fitted by tools/conspiracy_fit.cc (`conspiracy_fit --games 6000`): the feature weights in
// kValueFeatureNames order, then the utility of "no winner" (the round cap).
constexpr std::array<double, ConspiracyState::kValueFeatures + 1> kValueWeights = {
    -0.9348, +1.3211, +0.4729, -0.5043, +0.4064, -0.2189, +0.1493, +0.0218, -1.2263,
    +1.7394, +0.6638, -0.6765, +0.5833, -0.1393, +0.1552, -0.1232, +1.6536, +0.0237,
    -0.0661, +0.2877, +2.1013, +0.0020, +3.8156, +0.8240, +0.3756, -0.7550};

const std::array<double, ConspiracyState::kValueFeatures + 1>& ConspiracyState::value_weights() {
  return kValueWeights;
}

void ConspiracyState::win_chances(const double* weights, double* chance) const {
  double advance[kColumns];
  for (int column = 0; column < kColumns; ++column) advance[column] = advance_chance(column);
  double utility[kMaxSeats];
  double top = weights[kValueFeatures];
  for (Seat s = 0; s < players(); ++s) {
    double f[kValueFeatures];
    value_features(s, advance, f);
    double u = 0;
    for (int i = 0; i < kValueFeatures; ++i) u += weights[i] * f[i];
    utility[s] = u;
    top = std::max(top, u);
  }
  double sum = std::exp(weights[kValueFeatures] - top);
  for (Seat s = 0; s < players(); ++s) sum += chance[s] = std::exp(utility[s] - top);
  for (Seat s = 0; s < players(); ++s) chance[s] /= sum;
}

bool ConspiracyState::estimate_returns(Returns& out) const {
  estimate_with(kValueWeights.data(), out);
  return true;
}

void ConspiracyState::estimate_with(const double* weights, Returns& out) const {
  out = Returns{};
  if (phase_ == Phase::kOver) {
    out = returns();
    return;
  }
  double chance[kMaxSeats];
  win_chances(weights, chance);
  double anyone = 0;
  for (Seat s = 0; s < players(); ++s) anyone += chance[s];
  // The winner gets +1, the others -1, nobody anything when the cap ends the game.
  for (Seat s = 0; s < players(); ++s) out[std::size_t(s)] = 2 * chance[s] - anyone;
}

}  // namespace tabletop::conspiracy
