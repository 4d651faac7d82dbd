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
  int left = 0;
  for (Seat s = 0; s < num_players(); ++s) left += seat(s).out ? 0 : 1;
  out.add("seats_left", left);
  out.add("winner_master_plans", winner_ >= 0 ? master_plans(winner_) : 0);
  for (int k = 0; k < kProMoveCount; ++k)
    if (kProFigure[std::size_t(k)])
      out.add(kProFigure[std::size_t(k)], tally_.pro_used[std::size_t(k)]);
}

}  // namespace tabletop::conspiracy_tcg
