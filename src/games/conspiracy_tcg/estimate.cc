// Conspiracy TCG: the estimate for computer players (TcgState::estimate_returns; the model is
// explained in conspiracy_tcg.h and docs/games/conspiracy-tcg.md, "Computer players").
#include <algorithm>
#include <cmath>

#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {

namespace {

// The weights of the model (conspiracy_tcg.h, estimate_returns).
constexpr double kFieldBonus = 0.1;     // per field agent, on top of its card
constexpr double kNextAttacker = 0.7;   // share of its best attack the next seat to act makes
constexpr double kLaterAttacker = 0.3;  // and every other seat
constexpr double kPendingLoss = 1.0;    // an agent an attack being resolved defeats
// Win chance ∝ life ^ kSharpness.
constexpr double kSharpness = 2;
// Per card that can change the modes, at most kChangers of them.
constexpr double kChanger = 0.4;
constexpr int kChangers = 3;
// The pro moves that change the attack modes, from the hand or the field.
constexpr ProMoveSet kChangesModes = bit(kClockwork) | bit(kLegalManeuvering) | bit(kTabulaRecta) |
                                     bit(kSpySatellite) | bit(kWiretap) | bit(kTempleOfDagon) |
                                     bit(kBigBrother) | bit(kSecretHandshake);

// The best attack of one seat: how many agents it kills (net of a Crash Clinic save) and whether
// the launcher dies.
struct Attack {
  double kills = 0;
  bool dies = false;
  Seat victim = -1;
};

}  // namespace

void TcgState::threat_losses(const ModePair& modes, std::array<double, kMaxSeats>& life) const {
  const TcgGame& g = rules();
  const int n = num_players();
  // The fields as they will stand: a field being rearranged is the one being built.
  std::array<BuiltField, kMaxSeats> fields{};
  for (Seat s = 0; s < n; ++s) {
    const SeatState& st = seat(s);
    fields[std::size_t(s)] = {st.col, st.col_len, st.columns, st.bridges};
  }
  if (phase_ == kRearranging && rearranged_ >= 0)
    fields[std::size_t(rearranged_)] = planned_field();
  auto exposed = [&](Seat s, int c, int d) {
    return d == 0 && (c == 0 || !(fields[std::size_t(s)].bridges >> (c - 1) & 1));
  };
  // Countries of every field agent (Foreign Agents launch from any position) and the elected
  // officials whose Home Turf stops launchers.
  std::array<int, kMaxSeats * kMaxColumns * kMaxDepth> countries{};
  int nc = 0;
  std::array<std::pair<int, Seat>, kMaxSeats * kMaxColumns * kMaxDepth> turf{};
  int nt = 0;
  std::array<bool, kMaxSeats> medic{};
  for (Seat s = 0; s < n; ++s)
    for (int c = 0; c < fields[std::size_t(s)].columns; ++c)
      for (int d = 0; d < fields[std::size_t(s)].col_len[std::size_t(c)]; ++d) {
        const uint16_t a = fields[std::size_t(s)].col[std::size_t(c)][std::size_t(d)];
        countries[std::size_t(nc++)] = g.country(a);
        if (g.jurisdiction(a) >= 0 && may_use(a, kHomeTurf))
          turf[std::size_t(nt++)] = {g.jurisdiction(a), s};
        medic[std::size_t(s)] = medic[std::size_t(s)] || may_use(a, kCrashClinic);
      }
  std::sort(countries.begin(), countries.begin() + nc);
  auto launches = [&](Seat s, int c, int d, uint16_t a) {
    if (d != fields[std::size_t(s)].col_len[std::size_t(c)] - 1) {
      const int country = g.country(a);
      if (country < 0 || !may_use(a, kForeignAgents)) return false;
      const auto range = std::equal_range(countries.begin(), countries.begin() + nc, country);
      if (range.second - range.first > 1) return false;
    }
    for (int i = 0; i < nt; ++i)
      if (turf[std::size_t(i)].second != s && turf[std::size_t(i)].first == g.city(a)) return false;
    return true;
  };
  const Seat next = phase_ == kMain ? to_move_ : [&] {
    Seat t = to_move_;
    do t = (t + 1) % n;
    while (seat(t).out && t != to_move_);
    return t;
  }();
  for (Seat t = 0; t < n; ++t) {
    if (seat(t).out) continue;
    const BuiltField& at = fields[std::size_t(t)];
    Attack best;
    double best_value = 0;
    for (int c = 0; c < at.columns; ++c)
      for (int d = 0; d < at.col_len[std::size_t(c)]; ++d) {
        const uint16_t a = at.col[std::size_t(c)][std::size_t(d)];
        if (!launches(t, c, d, a)) continue;
        const CompareKeys& ka = g.keys(a);
        const bool ninja = may_use(a, kNinjaOps);
        const bool tenth = may_use(a, kTenthDanNinjaOps) && master_plans(t) >= 2;
        for (Seat s = 0; s < n; ++s) {
          const BuiltField& vt = fields[std::size_t(s)];
          if (s == t || seat(s).out || vt.columns == 0) continue;
          int kills = 0, column_best = 0, all = 0;
          bool dies = false, column_best_dies = false, all_dies = false;
          for (int vc = 0; vc < vt.columns; ++vc) {
            int column_kills = 0;
            bool column_dies = false;
            for (int vd = 0; vd < vt.col_len[std::size_t(vc)]; ++vd) {
              const CompareKeys& kv = g.keys(vt.col[std::size_t(vc)][std::size_t(vd)]);
              const auto [killed, beaten] = both_ways(ka, kv, modes);
              column_kills += killed;
              column_dies = column_dies || beaten;
              if (exposed(s, vc, vd)) {
                kills += killed;
                dies = dies || beaten;
              }
              if (!ninja && !tenth) break;  // only the front can be exposed
            }
            if (column_kills > column_best)
              column_best = column_kills, column_best_dies = column_dies;
            all += column_kills;
            all_dies = all_dies || column_dies;
          }
          // Ninja Ops hits one column, Tenth-Dan every agent.
          int hit = kills;
          bool hurt = dies;
          if (ninja && column_best > hit) hit = column_best, hurt = column_best_dies;
          if (tenth && all > hit) hit = all, hurt = all_dies;
          const double net = std::max(0, hit - (hit > 0 && medic[std::size_t(s)] ? 1 : 0));
          const double value = net - (hurt ? 1 : 0);
          if (value > best_value) best_value = value, best = {net, hurt, s};
        }
      }
    if (best.victim < 0) continue;
    const double w = t == next ? kNextAttacker : kLaterAttacker;
    life[std::size_t(best.victim)] -= w * best.kills;
    if (best.dies) life[std::size_t(t)] -= w;
  }
}

bool TcgState::estimate_returns(Returns& out) const {
  out = Returns{};
  const int n = num_players();
  if (over_) {
    out = returns();
    return true;
  }
  const TcgGame& g = rules();
  std::array<double, kMaxSeats> life{};
  for (Seat s = 0; s < n; ++s) {
    const SeatState& st = seat(s);
    if (st.out) continue;
    const int field = field_count(s);
    int changers = 0;
    auto count_changer = [&](uint16_t a) {
      const ProMoveSet moves = g.card(a).pro_moves & kChangesModes;
      if (!moves) return;
      for (int p = 0; p < kProMoveCount; ++p)
        if (moves >> p & 1 && may_use(a, ProMove(p))) {
          ++changers;
          return;
        }
    };
    for (int i = 0; i < st.hand_count; ++i) count_changer(st.hand[std::size_t(i)]);
    for (int c = 0; c < st.columns; ++c)
      for (int d = 0; d < st.col_len[std::size_t(c)]; ++d)
        count_changer(st.col[std::size_t(c)][std::size_t(d)]);
    life[std::size_t(s)] = (1 + kFieldBonus) * field + st.hand_count + st.pile_count +
                           kChanger * std::min(changers, kChangers);
  }
  auto has_medic = [&](Seat s) {
    for (int c = 0; c < seat(s).columns; ++c)
      for (int d = 0; d < seat(s).col_len[std::size_t(c)]; ++d)
        if (may_use(seat(s).col[std::size_t(c)][std::size_t(d)], kCrashClinic)) return true;
    return false;
  };
  auto lose = [&](uint16_t agent, double amount) {
    const Seat owner = field_owner(agent);
    if (owner >= 0) life[std::size_t(owner)] -= amount;
  };
  // An attack being resolved: the defeated are as good as gone (a save or a switch is the
  // defender's decision, which its own move then shows), and a beaten attacker with them.
  if (phase_ == kAttackReaction || phase_ == kBrainwashPhase) {
    std::array<bool, kMaxSeats> saves{};
    for (int i = 0; i < pending_count_; ++i) {
      const uint16_t a = pending_[std::size_t(i)];
      const Seat owner = field_owner(a);
      if (owner < 0) continue;
      // A seat still to answer with a medic in its field saves one of them (as in the threats).
      const bool may_save =
          phase_ == kAttackReaction && !saves[std::size_t(owner)] &&
          (owner == reacting_ ? !(react_used_ & 1) : !(asked_reaction_ >> owner & 1)) &&
          has_medic(owner);
      if (may_save) {
        saves[std::size_t(owner)] = true;
        continue;
      }
      life[std::size_t(owner)] -= kPendingLoss;
    }
    if (attacker_dies_ && attacker_ != kNoAgent) lose(attacker_, 1);
  }
  if (doomed_ != kNoAgent) lose(doomed_, 1);

  // The threats under the active modes (those proposed, while Old School may still veto them).
  const ModePair& modes = phase_ == kOldSchoolWindow ? proposed_ : modes_;
  if (modes.count() == 2) threat_losses(modes, life);

  std::array<double, kMaxSeats> score{};
  double total = 0;
  for (Seat s = 0; s < n; ++s) {
    if (seat(s).out) continue;
    score[std::size_t(s)] = std::pow(std::max(0.25, life[std::size_t(s)]), kSharpness);
    total += score[std::size_t(s)];
  }
  for (Seat s = 0; s < n; ++s) {
    const double p = total > 0 ? score[std::size_t(s)] / total : 1.0 / n;
    out[std::size_t(s)] = (n * p - 1) / (n - 1);
  }
  return true;
}

}  // namespace tabletop::conspiracy_tcg
