// Conspiracy TCG: attacks — who may attack whom (plain, Ninja Ops, Onslaught, Burglaries, Inside
// Job), comparing, bombs, and the attacked seats' reactions (Crash Clinic, Disguise).
#include <algorithm>
#include <bit>

#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {

void TcgState::legal_attacks(MoveList& out) const {
  const Seat s = to_move_;
  const SeatState& st = seat(s);
  const int plans = master_plans(s);
  uint8_t targets = 0, with_elected = 0;
  for (Seat t = 0; t < num_players(); ++t) {
    if (t == s || seat(t).out || seat(t).columns == 0) continue;
    targets |= uint8_t(1u << t);
    for (int c = 0; c < seat(t).columns; ++c)
      for (int d = 0; d < seat(t).col_len[std::size_t(c)]; ++d)
        if (elected(seat(t).col[std::size_t(c)][std::size_t(d)])) with_elected |= uint8_t(1u << t);
  }
  if (!targets) return;
  for (int c = 0; c < st.columns; ++c)
    for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
      const uint16_t a = st.col[std::size_t(c)][std::size_t(d)];
      const bool launches = can_launch(a, false);
      MoveParts p;
      p.kind = kAttack;
      p.agent = a;
      p.x = kNoAgent;
      if (launches)
        for (Seat t = 0; t < num_players(); ++t) {
          if (!(targets >> t & 1)) continue;
          p.y = uint16_t(1u << t);
          p.z = kNormal << 4;
          p.pro = kNoPro;
          out.push_back(pack(p));
          if (may_use(a, kNinjaOps))
            for (int tc = 0; tc < seat(t).columns; ++tc) {
              p.z = uint8_t(kNinja << 4 | tc);
              p.pro = kNinjaOps;
              out.push_back(pack(p));
            }
          if (may_use(a, kTenthDanNinjaOps) && plans >= 2) {
            p.z = kTenthDan << 4;
            p.pro = kTenthDanNinjaOps;
            out.push_back(pack(p));
          }
        }
      // Onslaught: a dancer from the hand lets this attack hit up to 1 + plans seats.
      if (launches && plans >= 1)
        for (int h = 0; h < st.hand_count; ++h) {
          const uint16_t dancer = st.hand[std::size_t(h)];
          if (!may_use(dancer, kOnslaught)) continue;
          // Every set of two to 1 + plans targets (the subsets of `targets`, largest first).
          for (unsigned mask = targets; mask; mask = (mask - 1) & targets) {
            const int n = std::popcount(mask);
            if (n < 2 || n > plans + 1) continue;
            p.x = dancer;
            p.y = uint16_t(mask);
            p.z = kNormal << 4;
            p.pro = kOnslaught;
            out.push_back(pack(p));
          }
        }
      // Burglaries: a plumber in the field is discarded; another agent attacks elected officials.
      if (with_elected && can_launch(a, true))
        for (int pc = 0; pc < st.columns; ++pc)
          for (int pd = 0; pd < st.col_len[std::size_t(pc)]; ++pd) {
            const uint16_t plumber = st.col[std::size_t(pc)][std::size_t(pd)];
            if (plumber == a) continue;
            p.x = plumber;
            p.z = kBurglary << 4;
            if (may_use(plumber, kThirdRateBurglary))
              for (Seat t = 0; t < num_players(); ++t)
                if (with_elected >> t & 1) {
                  p.y = uint16_t(1u << t);
                  p.pro = kThirdRateBurglary;
                  out.push_back(pack(p));
                }
            if (may_use(plumber, kSecondRateBurglary) && plans >= 1 &&
                std::popcount(unsigned(with_elected)) >= 2) {
              p.y = with_elected;
              p.pro = kSecondRateBurglary;
              out.push_back(pack(p));
            }
          }
    }
  // Inside Job: discard an interior decorator; another seat's agent attacks a third seat.
  for (int c = 0; c < st.columns; ++c)
    for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
      const uint16_t decorator = st.col[std::size_t(c)][std::size_t(d)];
      if (!may_use(decorator, kInsideJob)) continue;
      for (Seat u = 0; u < num_players(); ++u) {
        if (u == s || seat(u).out) continue;
        for (int uc = 0; uc < seat(u).columns; ++uc)
          for (int ud = 0; ud < seat(u).col_len[std::size_t(uc)]; ++ud) {
            const uint16_t a = seat(u).col[std::size_t(uc)][std::size_t(ud)];
            if (home_turf_blocks(a)) continue;
            for (Seat t = 0; t < num_players(); ++t) {
              if (t == s || t == u || !(targets >> t & 1)) continue;
              MoveParts p;
              p.kind = kAttack;
              p.agent = a;
              p.x = decorator;
              p.y = uint16_t(1u << t);
              p.z = kNormal << 4;
              p.pro = kInsideJob;
              out.push_back(pack(p));
            }
          }
      }
    }
}

void TcgState::kill(uint16_t agent, std::string& account) {
  if (field_owner(agent) < 0) return;
  std::array<uint16_t, kMaxBombs> partners{};
  int n = 0;
  for (int b = 0; b < bomb_count_; ++b) {
    if (bombs_[std::size_t(b)][0] == agent) partners[std::size_t(n++)] = bombs_[std::size_t(b)][1];
    if (bombs_[std::size_t(b)][1] == agent) partners[std::size_t(n++)] = bombs_[std::size_t(b)][0];
  }
  discard_from_field(agent);
  if (log().enabled()) account += "; " + agent_text(agent) + " is killed";
  for (int i = 0; i < n; ++i) {
    if (log().enabled() && field_owner(partners[std::size_t(i)]) >= 0)
      account += " (its bomb takes " + agent_text(partners[std::size_t(i)]) + ")";
    kill(partners[std::size_t(i)], account);
  }
}

void TcgState::apply_attack(const MoveParts& p) {
  const Seat s = to_move_;
  const TcgGame& g = rules();
  turn_begun_ = true;
  const bool inside_job = p.pro == kInsideJob;
  const bool coa = inside_job && !coa_used_ && [&] {
    for (int c = 0; c < seat(s).columns; ++c)
      for (int d = 0; d < seat(s).col_len[std::size_t(c)]; ++d)
        if (may_use(seat(s).col[std::size_t(c)][std::size_t(d)], kCapableOfAnything)) return true;
    return false;
  }();
  if (p.x != kNoAgent) discard_source(p.x);
  const AttackStyle style = AttackStyle(p.z >> 4);
  std::array<uint16_t, kMaxAgents / 8> defenders;
  int n = 0;
  for (Seat t = 0; t < num_players(); ++t) {
    if (!(p.y >> t & 1)) continue;
    const SeatState& st = seat(t);
    for (int c = 0; c < st.columns; ++c)
      for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
        const uint16_t a = st.col[std::size_t(c)][std::size_t(d)];
        // Ninja Ops: the column, and the perimeter agent in front of it when there is one.
        const int nc = p.z & 15;
        const bool hit = style == kNormal ? is_exposed(t, c, d)
                         : style == kNinja
                             ? c == nc || (c + 1 == nc && d == 0 && (st.bridges >> c & 1) &&
                                           g.perimeter_in_both_columns())
                         : style == kTenthDan ? true
                                              : elected(a);
        if (hit && n < int(defenders.size())) defenders[std::size_t(n++)] = a;
      }
  }
  std::string account;
  std::array<uint16_t, kMaxAgents / 8> killed;
  int nk = 0;
  bool attacker_dies = false;
  const CompareKeys& ka = g.keys(p.agent);
  for (int i = 0; i < n; ++i) {
    const uint16_t d = defenders[std::size_t(i)];
    const CompareKeys& kd = g.keys(d);
    const Outcome o1 = compare(kd, ka, modes_.m[0], modes_.m[1]);
    const Outcome o2 = compare(kd, ka, modes_.m[1], modes_.m[0]);
    if (o1 == Outcome::kLoss && o2 == Outcome::kLoss) killed[std::size_t(nk++)] = d;
    if (o1 == Outcome::kWin && o2 == Outcome::kWin) attacker_dies = true;
    // Each defender's comparison in words, from the defender's side: killed when it loses in
    // both active modes, the attacker dies when the defender wins in both, otherwise it stands.
    if (log().enabled()) {
      const std::string modes = std::string("(") + mode_name(modes_.m[0]) + ": " +
                                outcome_name(o1) + ", " + mode_name(modes_.m[1]) + ": " +
                                outcome_name(o2) + ")";
      account +=
          "; " + agent_text(d) +
          (o1 == Outcome::kLoss && o2 == Outcome::kLoss
               ? " loses in both modes " + modes + ": killed"
           : o1 == Outcome::kWin && o2 == Outcome::kWin
               ? " wins in both modes " + modes + ": the attacker dies at the end of the turn"
               : " " + modes + ": stands (not beaten in both modes)");
    }
  }
  if (log().enabled()) log().add("attack" + account);
  pending_count_ = uint8_t(std::min<int>(nk, int(pending_.size())));
  for (int i = 0; i < pending_count_; ++i) pending_[std::size_t(i)] = killed[std::size_t(i)];
  attacker_ = p.agent;
  attacker_dies_ = attacker_dies;
  asked_reaction_ = 0;
  continue_turn_ = coa;
  if (coa) coa_used_ = true;
  next_reaction();
}

bool TcgState::pending_kill(uint16_t agent) const {
  for (int i = 0; i < pending_count_; ++i)
    if (pending_[std::size_t(i)] == agent) return true;
  return false;
}

void TcgState::legal_reactions(MoveList& out) const {
  const Seat t = reacting_;
  const SeatState& st = seat(t);
  MoveParts allow;
  allow.kind = kAllow;
  out.push_back(pack(allow));
  bool disguise = false;
  for (int c = 0; c < st.columns; ++c)
    for (int d = 0; d < st.col_len[std::size_t(c)]; ++d)
      disguise |= may_use(st.col[std::size_t(c)][std::size_t(d)], kDisguise);
  disguise = disguise && !(react_used_ & 2);
  for (int i = 0; i < pending_count_; ++i) {
    const uint16_t lost = pending_[std::size_t(i)];
    Seat owner;
    int lc, ld;
    if (!field_position(lost, owner, lc, ld) || owner != t) continue;
    // Crash Clinic: a medic saves one agent (for_each_saving_medic).
    if (!(react_used_ & 1))
      for_each_saving_medic(t, lc, ld, [&](uint16_t medic) {
        MoveParts p;
        p.kind = kSave;
        p.agent = lost;
        p.x = medic;
        out.push_back(pack(p));
      });
    // Disguise: switch with any other own agent, in the field or in the hand.
    if (disguise) {
      MoveParts p;
      p.kind = kDisguiseSwap;
      p.agent = lost;
      for (int c = 0; c < st.columns; ++c)
        for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
          const uint16_t other = st.col[std::size_t(c)][std::size_t(d)];
          if (other == lost || pending_kill(other)) continue;
          p.x = other;
          out.push_back(pack(p));
        }
      for (int h = 0; h < st.hand_count; ++h) {
        p.x = st.hand[std::size_t(h)];
        out.push_back(pack(p));
      }
    }
  }
}

bool TcgState::can_react(Seat t) const {
  if (seat(t).out) return false;
  MoveList moves;
  const int8_t saved = reacting_;
  auto* self = const_cast<TcgState*>(this);
  self->reacting_ = int8_t(t);
  legal_reactions(moves);
  self->reacting_ = saved;
  return moves.size() > 1;
}

void TcgState::next_reaction() {
  for (int k = 1; k < num_players(); ++k) {
    const Seat t = (to_move_ + k) % num_players();
    if (asked_reaction_ >> t & 1) continue;
    asked_reaction_ |= uint8_t(1u << t);
    if (can_react(t)) {
      reacting_ = int8_t(t);
      react_used_ = 0;
      phase_ = kAttackReaction;
      return;
    }
  }
  finish_attack();
}

void TcgState::finish_attack() {
  phase_ = kMain;
  reacting_ = -1;
  react_used_ = 0;
  asked_reaction_ = 0;
  if (can_brainwash()) {
    phase_ = kBrainwashPhase;
    brain_started_ = false;
    brain_left_ = 0;
    return;
  }
  resolve_attack();
}

void TcgState::resolve_attack() {
  phase_ = kMain;
  brain_started_ = false;
  brain_left_ = 0;
  std::string account;
  for (int i = 0; i < pending_count_; ++i) kill(pending_[std::size_t(i)], account);
  pending_count_ = 0;
  pending_.fill(0);
  if (attacker_dies_ && field_owner(attacker_) >= 0) {
    doomed_ = attacker_;
    if (log().enabled()) account += "; " + agent_text(attacker_) + " dies at the end of the turn";
  }
  attacker_ = kNoAgent;
  attacker_dies_ = false;
  if (log().enabled() && !account.empty()) log().add("the attack resolves" + account);
  settle();
}

}  // namespace tabletop::conspiracy_tcg
