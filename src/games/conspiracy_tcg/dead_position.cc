// Conspiracy TCG: the dead position (TcgState::dead_position, conspiracy_tcg.h; ruling 27 of
// docs/games/conspiracy-tcg.md).
#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {

bool TcgState::dead_position() const {
  if (over_ || phase_ != kMain || modes_.count() < 2) return false;
  for (Seat s = 0; s < num_players(); ++s)
    if (!seat(s).out && (seat(s).hand_count > 0 || seat(s).pile_count > 0)) return false;
  // The pro moves a field agent may enact whatever the position, each discarding it (dF): the
  // mode changes, Inside Job, Planting Bombs, Shakeup, Hostile Takeover, as far as the position
  // leaves them in play (pro_moves_in_play). The others wait for what cannot come: a kill
  // (Brainwashing, Crash Clinic, Disguise), a change of the modes (Old School), an empty place
  // (Getting the Ball Rolling), a deployment or a hand card; the Burglaries for an elected
  // official in another seat's field.
  constexpr ProMoveSet acts = bit(kClockwork) | bit(kLegalManeuvering) | bit(kTabulaRecta) |
                              bit(kSpySatellite) | bit(kWiretap) | bit(kTempleOfDagon) |
                              bit(kBigBrother) | bit(kSecretHandshake) | bit(kInsideJob) |
                              bit(kPlantingBombs) | bit(kShakeup) | bit(kHostileTakeover);
  constexpr ProMoveSet burglaries = bit(kThirdRateBurglary) | bit(kSecondRateBurglary);
  for (Seat s = 0; s < num_players(); ++s) {
    if (seat(s).out) continue;
    bool dead = true;
    for_each_card(s, [&](uint16_t a) {
      const ProMoveSet p = pro_moves_in_play(s, a);
      if (p & acts) dead = false;
      if (!(p & burglaries)) return;
      for (Seat t = 0; t < num_players(); ++t)
        if (t != s && !seat(t).out)
          for_each_card(t, [&](uint16_t b) {
            if (rules().card(b).pro_moves & bit(kHomeTurf)) dead = false;
          });
    });
    if (!dead) return false;
  }
  // The modes and the cards are fixed now: only attacks change the fields.
  if (!kill_possible(modes_) || !some_attack_changes_a_field()) return true;
  return !a_last_player_may_remain();
}

bool TcgState::a_last_player_may_remain() const {
  const TcgGame& g = rules();
  // A captured agent changes sides: where Brainwashing may follow a kill, no bound is drawn.
  for (Seat s = 0; s < num_players(); ++s)
    if (!seat(s).out) {
      bool brainwasher = false;
      for_each_card(s, [&](uint16_t a) { brainwasher = brainwasher || may_use(a, kBrainwashing); });
      if (brainwasher) return true;
    }
  // mortal[a]: some agent of another seat still in beats field agent a in both modes, which is
  // what it takes to kill a (attacking it) and to make a die launching (exposed to it).
  std::bitset<kMaxAgents> mortal;
  for (Seat t = 0; t < num_players(); ++t) {
    if (seat(t).out) continue;
    for_each_card(t, [&](uint16_t x) {
      for (Seat u = 0; u < num_players(); ++u)
        if (u != t && !seat(u).out)
          for_each_card(u, [&](uint16_t y) {
            if (beats_in_both(g.keys(y), g.keys(x), modes_)) mortal.set(x);
          });
    });
  }
  // An attack that kills one agent of a bomb's pair kills both.
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < bomb_count(); ++i) {
      const auto [a, b] = bomb(i);
      if (mortal[a] != mortal[b]) mortal.set(a).set(b), grew = true;
    }
  }
  int can_go_out = 0;  // seats whose every field agent can be lost
  for (Seat t = 0; t < num_players(); ++t) {
    if (seat(t).out) continue;
    bool any = false, all = true, disguise = false;
    for_each_card(t, [&](uint16_t x) {
      any = any || mortal[x];
      all = all && mortal[x];
      disguise = disguise || may_use(x, kDisguise);
    });
    // Disguise: the seat may lose any of its agents in place of one it would have lost.
    if (all || (any && disguise)) ++can_go_out;
  }
  return can_go_out >= seats_in() - 1;
}

ProMoveSet TcgState::pro_moves_in_play(Seat owner, uint16_t a) const {
  ProMoveSet in_play = rules().card(a).pro_moves;
  for (int k = 0; k < kMasterPlans; ++k)  // as may_use: a plan holder uses its plan only
    if (plan_holder_[std::size_t(k)] == a) in_play &= bit(ProMove(kMasterPlanAncientSecrets + k));
  if (seats_in() < 3) in_play &= ~bit(kInsideJob);
  for (ProMove surge : {kTempleOfDagon, kBigBrother, kSecretHandshake})
    if (modes_.has(surge_mode(surge))) in_play &= ~bit(surge);
  if ((in_play & bit(kPlantingBombs)) && bomb_count() == 0) {
    // Two exposed agents of one other player: at most one a column, and with no card left to
    // deploy no seat gains a column (Shakeup and Hostile Takeover, which could, are moves in play).
    bool two = false;
    for (Seat t = 0; t < num_players(); ++t) {
      if (t == owner || seat(t).out) continue;
      int columns = 0;
      for (int c = 0; c < seat(t).columns; ++c) columns += seat(t).col_len[std::size_t(c)] > 0;
      two = two || columns >= 2;
    }
    if (!two) in_play &= ~bit(kPlantingBombs);
  }
  return in_play;
}

bool TcgState::some_attack_changes_a_field() const {
  const TcgGame& g = rules();
  return any_launcher_against([&](uint16_t a, Seat t, bool ninja) {
    const SeatState& vt = seat(t);
    for (int vc = 0; vc < vt.columns; ++vc)
      for (int vd = 0; vd < vt.col_len[std::size_t(vc)]; ++vd) {
        if (!ninja && !is_exposed(t, vc, vd)) continue;
        const uint16_t v = vt.col[std::size_t(vc)][std::size_t(vd)];
        if (beats_in_both(g.keys(a), g.keys(v), modes_) ||
            beats_in_both(g.keys(v), g.keys(a), modes_))
          return true;
      }
    return false;
  });
}

bool TcgState::ended_dead() const {
  if (!over_ || capped_ || winner_ >= 0) return false;
  for (Seat s = 0; s < num_players(); ++s)
    if (!seat(s).out) return true;
  return false;
}

}  // namespace tabletop::conspiracy_tcg
