// Conspiracy TCG: the balance lab's figures (figures.h, TcgState::figures).
#include "games/conspiracy_tcg/figures.h"

#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {
namespace {

// The figure of each pro move; none for those no move names (they act by themselves: Capable of
// Anything, Foreign Agents, Home Turf).
constexpr std::array<const char*, kProMoveCount> kProFigure = {
    "pro_big_con",
    "pro_brainwashing",
    nullptr,  // Capable of Anything
    "pro_clockwork",
    "pro_crash_clinic",
    "pro_disguise",
    nullptr,  // Foreign Agents
    "pro_getting_the_ball_rolling",
    "pro_hacking",
    nullptr,  // Home Turf
    "pro_inside_job",
    "pro_legal_maneuvering",
    "pro_master_plan_ancient_secrets",
    "pro_master_plan_chemtrails",
    "pro_master_plan_fluoride",
    "pro_master_plan_mark_of_the_beast",
    "pro_master_plan_soylent",
    "pro_master_plan_vaccines",
    "pro_ninja_ops",
    "pro_tenth_dan_ninja_ops",
    "pro_old_school",
    "pro_onslaught",
    "pro_paperwork",
    "pro_planting_bombs",
    "pro_scrying",
    "pro_all_seeing_eye",
    "pro_security_perimeter",
    "pro_shadow_surge_temple_of_dagon",
    "pro_shadow_surge_big_brother",
    "pro_shadow_surge_secret_handshake",
    "pro_shakeup",
    "pro_hostile_takeover",
    "pro_tabula_recta",
    "pro_third_rate_burglary",
    "pro_second_rate_burglary",
    "pro_spy_satellite",
    "pro_wiretap",
};

void bump(uint16_t& counter) {
  if (counter < UINT16_MAX) ++counter;
}

}  // namespace

void FigureTally::count(Move move) {
  const MoveParts p = unpack(move);
  switch (p.kind) {
    case kPass:
      bump(passes);
      return;
    case kDeploy:
      bump(deploys);
      if (p.y == kSpan) bump(pro_used[kSecurityPerimeter]);  // in front of two columns
      break;
    case kAttack:
      bump(attacks);
      break;
    case kPro:
    case kSurgeStart:
      break;
    case kOldSchoolBlock:
      bump(pro_used[kOldSchool]);
      return;
    case kSave:
      bump(pro_used[kCrashClinic]);
      return;
    case kDisguiseSwap:
      bump(pro_used[kDisguise]);
      return;
    case kBrainwash:  // each capture (declining the rest is `done`)
      bump(pro_used[kBrainwashing]);
      return;
    default:  // arrange (packed otherwise), place, allow and the steps of a pro move's run
      return;
  }
  if (p.pro < kProMoveCount) bump(pro_used[p.pro]);
}

json FigureTally::to_json() const {
  json j = json::array({deploys, attacks, passes});
  for (uint16_t n : pro_used) j.push_back(n);
  return j;
}

void FigureTally::restore(const json& saved) {
  *this = FigureTally();
  if (saved.is_null()) return;
  if (!saved.is_array() || saved.size() != 3 + pro_used.size())
    throw BadRecord("figures: " + std::to_string(3 + pro_used.size()) + " counts");
  auto at = [&](std::size_t i) {
    if (!saved[i].is_number_unsigned() || saved[i].get<uint64_t>() > UINT16_MAX)
      throw BadRecord("figures: counts are whole numbers up to 65535");
    return saved[i].get<uint16_t>();
  };
  deploys = at(0);
  attacks = at(1);
  passes = at(2);
  for (std::size_t k = 0; k < pro_used.size(); ++k) pro_used[k] = at(3 + k);
}

bool TcgState::kill_possible(const ModePair& modes) const {
  for (Seat s = 0; s < num_players(); ++s) {
    if (seat(s).out) continue;
    bool kill = false;
    for_each_card(s, [&](uint16_t a) {
      for (Seat t = 0; t < num_players() && !kill; ++t)
        if (t != s && !seat(t).out)
          for_each_card(t, [&](uint16_t b) {
            kill = kill || beats_in_both(rules().keys(a), rules().keys(b), modes);
          });
    });
    if (kill) return true;
  }
  return false;
}

bool TcgState::attack_kills() const {
  if (modes_.count() < 2) return false;
  const TcgGame& g = rules();
  // Whether a Crash Clinic medic of `t` may save its agent at (lc, ld), as in a reaction.
  auto saveable = [&](Seat t, int lc, int ld) {
    bool any = false;
    for_each_saving_medic(t, lc, ld, [&](uint16_t) { any = true; });
    return any;
  };
  return any_launcher_against([&](uint16_t a, Seat t, bool ninja) {
    const SeatState& vt = seat(t);
    int kills = 0;
    bool saved = false;
    for (int vc = 0; vc < vt.columns; ++vc)
      for (int vd = 0; vd < vt.col_len[std::size_t(vc)]; ++vd)
        if ((ninja || is_exposed(t, vc, vd)) &&
            beats_in_both(g.keys(a), g.keys(vt.col[std::size_t(vc)][std::size_t(vd)]), modes_)) {
          ++kills;
          saved = saved || saveable(t, vc, vd);
        }
    return kills > (saved ? 1 : 0);
  });
}

void TcgState::seat_figures(SeatFigures& out) const {
  SeatFigures::Values& field = out.add(
      "field_agents", "Agents in each seat's field; a seat with none left is out of the game.");
  SeatFigures::Values& hand = out.add("hand_cards", "Cards in each seat's hand.");
  SeatFigures::Values& pile = out.add("pile_cards", "Cards left in each seat's draw pile.");
  SeatFigures::Values& plans =
      out.add("master_plans", "Master plans held by each seat's field agents.");
  for (Seat s = 0; s < num_players(); ++s) {
    const auto i = std::size_t(s);
    field[i] = field_count(s);
    hand[i] = hand_count(s);
    pile[i] = pile_count(s);
    plans[i] = master_plans(s);
  }
}

void TcgState::figures(Figures& out) const {
  out.add("capped", capped_ ? 1 : 0);
  out.add("deploys", tally_.deploys);
  out.add("attacks", tally_.attacks);
  out.add("passes", tally_.passes);
  out.add("seats_left", seats_in());
  out.add("winner_master_plans", winner_ >= 0 ? master_plans(winner_) : 0);
  const bool no_attack = capped_ && !attack_kills();
  const bool no_kill_now = capped_ && !(modes_.count() == 2 && kill_possible(modes_));
  bool stalemate = false;
  if (no_attack) {
    bool any_pair = false;
    for (int a = 0; a < kModeCount && !any_pair; ++a)
      for (int b = a + 1; b < kModeCount && !any_pair; ++b) {
        const ModePair p = make_pair_of(a, b);
        any_pair = allowed(p) && kill_possible(p);
      }
    // The pro moves that change the modes, and those a field agent enacts by leaving the field
    // (dF: which changes the field it leaves) or that change a field's order; not Old School
    // (only against a change of the modes, which one of these starts) nor Brainwashing (only
    // after a kill); Getting the Ball Rolling only while a place is empty (no move empties one).
    const ProMoveSet changers =
        bit(kClockwork) | (modes_.count() < 2 ? bit(kGettingTheBallRolling) : ProMoveSet(0)) |
        bit(kLegalManeuvering) | bit(kTabulaRecta) | bit(kSpySatellite) | bit(kWiretap) |
        bit(kTempleOfDagon) | bit(kBigBrother) | bit(kSecretHandshake);
    const ProMoveSet field_acts = changers | bit(kInsideJob) | bit(kPlantingBombs) | bit(kShakeup) |
                                  bit(kHostileTakeover) | bit(kThirdRateBurglary) |
                                  bit(kSecondRateBurglary);
    bool changer = false, acts = false;
    for (Seat s = 0; s < num_players(); ++s) {
      if (seat(s).out) continue;
      for_each_card(s,
                    [&](uint16_t a) { changer = changer || (pro_moves_in_play(s, a) & changers); });
      // A card in a hand or a pile may still be deployed, anywhere in the field.
      acts = acts || seat(s).hand_count > 0 || seat(s).pile_count > 0;
      for (int c = 0; c < seat(s).columns; ++c)
        for (int d = 0; d < seat(s).col_len[std::size_t(c)]; ++d)
          acts = acts ||
                 (pro_moves_in_play(s, seat(s).col[std::size_t(c)][std::size_t(d)]) & field_acts);
    }
    stalemate = !any_pair || (no_kill_now && !changer) || !acts;
  }
  out.add("capped_no_attack_kills", no_attack ? 1 : 0);
  out.add("capped_no_kill_now", no_kill_now ? 1 : 0);
  out.add("capped_stalemate", stalemate ? 1 : 0);
  for (int k = 0; k < kProMoveCount; ++k)
    if (kProFigure[std::size_t(k)])
      out.add(kProFigure[std::size_t(k)], tally_.pro_used[std::size_t(k)]);
}

}  // namespace tabletop::conspiracy_tcg
