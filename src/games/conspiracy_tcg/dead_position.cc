// Conspiracy TCG: the dead position (TcgState::dead_position, conspiracy_tcg.h; ruling 27 of
// docs/games/conspiracy-tcg.md).
#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {

bool TcgState::dead_position() const {
  if (over_ || phase_ != kMain || modes_.count() < 2) return false;
  for (Seat s = 0; s < num_players(); ++s)
    if (!seat(s).out && (seat(s).hand_count > 0 || seat(s).pile_count > 0)) return false;
  if (kill_possible(modes_) && some_attack_changes_a_field()) return false;
  // The pro moves a field agent may enact whatever the position, each discarding it (dF): the
  // mode changes, Inside Job, Planting Bombs, Shakeup, Hostile Takeover. The others wait for
  // what cannot come: a kill (Brainwashing, Crash Clinic, Disguise), a change of the modes (Old
  // School), an empty place (Getting the Ball Rolling), a deployment or a hand card; the
  // Burglaries for an elected official in another seat's field.
  constexpr ProMoveSet acts = bit(kClockwork) | bit(kLegalManeuvering) | bit(kTabulaRecta) |
                              bit(kSpySatellite) | bit(kWiretap) | bit(kTempleOfDagon) |
                              bit(kBigBrother) | bit(kSecretHandshake) | bit(kInsideJob) |
                              bit(kPlantingBombs) | bit(kShakeup) | bit(kHostileTakeover);
  constexpr ProMoveSet burglaries = bit(kThirdRateBurglary) | bit(kSecondRateBurglary);
  for (Seat s = 0; s < num_players(); ++s) {
    if (seat(s).out) continue;
    bool dead = true;
    for_each_card(s, [&](uint16_t a) {
      const ProMoveSet p = rules().card(a).pro_moves;
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
  return true;
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
