// Conspiracy TCG for learning algorithms: action numbering by slots the seat to move sees, and
// the observation tensor (the layout is documented at TcgGame in conspiracy_tcg.h and in
// docs/games/conspiracy-tcg.md, "For learning").
#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {
namespace {

constexpr int kH = kMaxHandSize;                         // a slot of the hand of the seat to move
constexpr int kF = kMaxColumns * kMaxDepth;              // a place (column, depth) in one field
constexpr int kO = kH + kF;                              // the hand, then the own field
constexpr int kChanges = (kModeCount + 1) * kModeCount;  // old mode (none first) x new mode
constexpr int kPlaces = 4 * kMaxColumns;                 // Place x column
constexpr int kPending = 64;                             // TcgState::pending_
constexpr std::array<ProMove, 3> kSurges = {kTempleOfDagon, kBigBrother, kSecretHandshake};
constexpr std::array<ProMove, 5> kModePros = {kGettingTheBallRolling, kLegalManeuvering,
                                              kTabulaRecta, kSpySatellite, kWiretap};

enum Block {
  kBPass,
  kBAllow,
  kBDone,
  kBEmergency,
  kBOldSchool,
  kBSave,
  kBDisguise,
  kBSurge,
  kBDeploy,
  kBAttack,
  kBNinja,
  kBTenthDan,
  kBOnslaught,
  kBBurglary3,
  kBBurglary2,
  kBInside,
  kBPro,
  kBArrange,
  kBBrainwash,
  kBPut,
  kBReplace,
  kBlocks
};

// Every arrangement of up to kScryCards shown cards, sorted by packing: an action is its place.
const std::vector<uint64_t>& arrangements() {
  static const std::vector<uint64_t> table = [] {
    std::vector<uint64_t> out;
    for (int k = 0; k <= kScryCards; ++k) {
      std::array<uint8_t, kScryCards> perm{};
      for (int i = 0; i < k; ++i) perm[std::size_t(i)] = uint8_t(i);
      do {
        for (int j = 0; j <= k; ++j) {
          Arrangement a;
          a.top_count = uint8_t(k - j);
          a.bottom_count = uint8_t(j);
          for (int i = 0; i < k - j; ++i) a.top[std::size_t(i)] = perm[std::size_t(i)];
          for (int i = 0; i < j; ++i) a.bottom[std::size_t(i)] = perm[std::size_t(k - j + i)];
          out.push_back(pack_arrangement(a).bits);
        }
      } while (std::next_permutation(perm.begin(), perm.begin() + k));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }();
  return table;
}

int deploy_options(int p) {
  return 1 + 3 * p + kChanges + int(kSurges.size()) * kChanges + kMasterPlans;
}
int pro_options(int p) {
  return int(kModePros.size()) * kChanges + 3 + p + 2 * p + p * kMaxColumns * kMaxColumns +
         kMaxBombs;
}

// The size of each block for `p` players.
std::array<int, kBlocks> block_sizes(int p) {
  const int m = 1 << p;
  return {1,
          1,
          1,
          kH,
          kF,
          kF * kF,
          kF * kO,
          kF * int(kSurges.size()) * kChanges,
          kH * kPlaces * deploy_options(p),
          kF * p,
          kF * p * kMaxColumns,
          kF * p,
          kF * kH * m,
          kF * kF * p,
          kF * kF * m,
          p * kF * kF * p,
          kO * pro_options(p),
          int(arrangements().size()),
          kPending * (kO + 1) * kPlaces,
          kF * 3 * kMaxColumns,
          kF * kH};
}

int block_offset(int p, Block b) {
  const std::array<int, kBlocks> sizes = block_sizes(p);
  int offset = 0;
  for (int i = 0; i < b; ++i) offset += sizes[std::size_t(i)];
  return offset;
}

int change_index(uint16_t x) {
  const int old_mode = x >> 4, new_mode = x & 15;
  return (old_mode == kNoMode ? 0 : old_mode + 1) * kModeCount + new_mode;
}
uint16_t change_of(int i) {
  const int old_slot = i / kModeCount;
  return mode_change(old_slot == 0 ? int(kNoMode) : old_slot - 1, i % kModeCount);
}

template <std::size_t N>
int index_in(const std::array<ProMove, N>& list, int pro) {
  for (std::size_t i = 0; i < N; ++i)
    if (list[i] == pro) return int(i);
  return -1;
}

}  // namespace

int TcgGame::num_distinct_actions() const {
  int n = 0;
  for (int size : block_sizes(players_)) n += size;
  return n;
}

int TcgGame::max_chance_outcomes() const {
  std::size_t n = 0;
  for (const std::vector<uint16_t>& deck : decks_) n = std::max(n, deck.size());
  return int(n);
}

// Slots: a place in one seat's field (column * kMaxDepth + depth), or the hand's slots then the
// field's places (the hand's slot is hand_index, rules.cc).
int TcgState::field_slot(Seat s, uint16_t agent) const {
  Seat owner;
  int c, d;
  return field_position(agent, owner, c, d) && owner == s ? c * kMaxDepth + d : -1;
}
int TcgState::own_slot(Seat s, uint16_t agent) const {
  const int h = hand_index(s, agent);
  if (h >= 0) return h;
  const int f = field_slot(s, agent);
  return f < 0 ? -1 : kH + f;
}
uint16_t TcgState::hand_agent(Seat s, int slot) const {
  return slot >= 0 && slot < seat(s).hand_count ? seat(s).hand[std::size_t(slot)] : kNoAgent;
}
uint16_t TcgState::field_agent_at(Seat s, int slot) const {
  const int c = slot / kMaxDepth, d = slot % kMaxDepth;
  if (s < 0 || s >= num_players() || slot < 0 || c >= seat(s).columns ||
      d >= seat(s).col_len[std::size_t(c)])
    return kNoAgent;
  return seat(s).col[std::size_t(c)][std::size_t(d)];
}
uint16_t TcgState::own_agent(Seat s, int slot) const {
  return slot < kH ? hand_agent(s, slot) : field_agent_at(s, slot - kH);
}

int TcgState::action_index(Move move) const {
  const int p = num_players();
  const Seat me = current_player();
  const MoveParts m = unpack(move);
  auto at = [&](Block b, int local) { return block_offset(p, b) + local; };
  auto target = [&] { return std::countr_zero(unsigned(m.y)); };
  switch (m.kind) {
    case kPass:
      return at(kBPass, 0);
    case kAllow:
      return at(kBAllow, 0);
    case kDone:
      return at(kBDone, 0);
    case kEmergency:
      return at(kBEmergency, hand_index(me, m.agent));
    case kOldSchoolBlock:
      return at(kBOldSchool, field_slot(me, m.agent));
    case kSave:
      return at(kBSave, field_slot(me, m.agent) * kF + field_slot(me, m.x));
    case kDisguiseSwap:
      return at(kBDisguise, field_slot(me, m.agent) * kO + own_slot(me, m.x));
    case kSurgeStart:
      return at(
          kBSurge,
          (field_slot(me, m.agent) * int(kSurges.size()) + index_in(kSurges, m.pro)) * kChanges +
              change_index(m.x));
    case kDeploy: {
      int option = 0;
      if (m.pro == kHacking) option = 1 + m.x;
      if (m.pro == kScrying) option = 1 + p + m.x;
      if (m.pro == kAllSeeingEye) option = 1 + 2 * p + m.x;
      if (m.pro == kLegalManeuvering) option = 1 + 3 * p + change_index(m.x);
      if (index_in(kSurges, m.pro) >= 0)
        option = 1 + 3 * p + kChanges * (1 + index_in(kSurges, m.pro)) + change_index(m.x);
      if (m.pro != kNoPro && is_master_plan(ProMove(m.pro)))
        option =
            1 + 3 * p + kChanges * (1 + int(kSurges.size())) + (m.pro - kMasterPlanAncientSecrets);
      return at(kBDeploy,
                (hand_index(me, m.agent) * kPlaces + m.y * kMaxColumns + m.z) * deploy_options(p) +
                    option);
    }
    case kAttack: {
      const int launcher = field_slot(me, m.agent);
      switch (m.pro) {
        case kNinjaOps:
          return at(kBNinja, (launcher * p + target()) * kMaxColumns + (m.z & 15));
        case kTenthDanNinjaOps:
          return at(kBTenthDan, launcher * p + target());
        case kOnslaught:
          return at(kBOnslaught, (launcher * kH + hand_index(me, m.x)) * (1 << p) + m.y);
        case kThirdRateBurglary:
          return at(kBBurglary3, (launcher * kF + field_slot(me, m.x)) * p + target());
        case kSecondRateBurglary:
          return at(kBBurglary2, (launcher * kF + field_slot(me, m.x)) * (1 << p) + m.y);
        case kInsideJob: {
          const Seat owner = field_owner(m.agent);
          return at(kBInside,
                    ((owner * kF + field_slot(owner, m.agent)) * kF + field_slot(me, m.x)) * p +
                        target());
        }
        default:
          return at(kBAttack, launcher * p + target());
      }
    }
    case kPro: {
      int option = 0;
      const int mode_pro = index_in(kModePros, m.pro);
      const int base = int(kModePros.size()) * kChanges;
      if (mode_pro >= 0) option = mode_pro * kChanges + change_index(m.x);
      if (m.pro == kClockwork) option = base;
      if (m.pro == kShakeup) option = base + 1;
      if (m.pro == kBigCon) option = base + 2;
      if (m.pro == kHostileTakeover) option = base + 3 + m.x;
      if (m.pro == kPaperwork) option = base + 3 + p + m.x * 2 + (m.y ? 1 : 0);
      if (m.pro == kPlantingBombs && m.z) {
        const Seat t = field_owner(m.x);
        option = base + 3 + 3 * p +
                 (t * kMaxColumns + field_slot(t, m.x) / kMaxDepth) * kMaxColumns +
                 field_slot(t, m.y) / kMaxDepth;
      } else if (m.pro == kPlantingBombs) {
        int b = 0;
        while (b < bomb_count_ &&
               !(bombs_[std::size_t(b)][0] == m.x && bombs_[std::size_t(b)][1] == m.y))
          ++b;
        option = base + 3 + 3 * p + p * kMaxColumns * kMaxColumns + b;
      }
      return at(kBPro, own_slot(me, m.agent) * pro_options(p) + option);
    }
    case kArrange: {
      const std::vector<uint64_t>& table = arrangements();
      return at(kBArrange,
                int(std::lower_bound(table.begin(), table.end(), move.bits) - table.begin()));
    }
    case kBrainwash: {
      int victim = 0;
      while (victim < pending_count_ && pending_[std::size_t(victim)] != m.agent) ++victim;
      const int therapist = m.x == kNoAgent ? 0 : 1 + own_slot(me, m.x);
      return at(kBBrainwash, (victim * (kO + 1) + therapist) * kPlaces + m.y * kMaxColumns + m.z);
    }
    case kPut:
      return at(kBPut, (field_slot(rearranged_, m.agent) * 3 + m.y) * kMaxColumns + m.z);
    case kReplace:
      return at(kBReplace, field_slot(me, m.agent) * kH + hand_index(me, m.x));
  }
  return -1;
}

namespace {

// The next digit of an action's number within its block (action_index composes them with the
// last radix outermost, so the digits come off in the reverse order of composing).
int take(int& i, int radix) {
  const int r = i % radix;
  i /= radix;
  return r;
}

}  // namespace

bool TcgState::deploy_of_action(int i, MoveParts& m) const {
  const int p = num_players();
  const Seat me = current_player();
  m.kind = kDeploy;
  int option = take(i, deploy_options(p));
  m.z = uint8_t(take(i, kMaxColumns));
  m.y = uint16_t(take(i, 4));
  m.agent = hand_agent(me, i);
  if (option == 0) return m.agent != kNoAgent;
  if (--option < 3 * p) {
    m.pro = option < p ? kHacking : option < 2 * p ? kScrying : kAllSeeingEye;
    m.x = uint16_t(option % p);
  } else if ((option -= 3 * p) < kChanges * (1 + int(kSurges.size()))) {
    m.pro = option < kChanges ? kLegalManeuvering : kSurges[std::size_t(option / kChanges - 1)];
    m.x = change_of(option % kChanges);
  } else {
    m.pro = uint8_t(kMasterPlanAncientSecrets + option - kChanges * (1 + int(kSurges.size())));
  }
  return m.agent != kNoAgent;
}

bool TcgState::attack_of_action(int block, int i, MoveParts& m) const {
  const int p = num_players();
  const Seat me = current_player();
  const Block b = Block(block);
  m.kind = kAttack;
  m.x = kNoAgent;
  bool ok = true;
  if (b == kBInside) {
    m.pro = kInsideJob;
    m.y = uint16_t(1u << take(i, p));
    m.x = field_agent_at(me, take(i, kF));
    const int slot = take(i, kF);
    m.agent = field_agent_at(Seat(i), slot);
    return m.x != kNoAgent && m.agent != kNoAgent;
  }
  if (b == kBOnslaught || b == kBBurglary2) {
    m.y = uint16_t(take(i, 1 << p));
  } else if (b == kBNinja) {
    m.z = uint8_t(kNinja << 4 | take(i, kMaxColumns));
    m.y = uint16_t(1u << take(i, p));
  } else {
    m.y = uint16_t(1u << take(i, p));
  }
  if (b == kBOnslaught) {
    m.x = hand_agent(me, take(i, kH));
    ok = m.x != kNoAgent;
  }
  if (b == kBBurglary2 || b == kBBurglary3) {
    m.x = field_agent_at(me, take(i, kF));
    ok = m.x != kNoAgent;
    m.z = kBurglary << 4;
  }
  if (b == kBTenthDan) m.z = kTenthDan << 4;
  m.pro = b == kBNinja       ? kNinjaOps
          : b == kBTenthDan  ? kTenthDanNinjaOps
          : b == kBOnslaught ? kOnslaught
          : b == kBBurglary3 ? kThirdRateBurglary
          : b == kBBurglary2 ? kSecondRateBurglary
                             : kNoPro;
  m.agent = field_agent_at(me, i);
  return ok && m.agent != kNoAgent;
}

bool TcgState::pro_of_action(int i, MoveParts& m) const {
  const int p = num_players();
  m.kind = kPro;
  int option = take(i, pro_options(p));
  m.agent = own_agent(current_player(), i);
  bool ok = m.agent != kNoAgent;
  const int base = int(kModePros.size()) * kChanges;
  if (option < base) {
    m.pro = kModePros[std::size_t(option / kChanges)];
    m.x = change_of(option % kChanges);
  } else if ((option -= base) < 3) {
    m.pro = option == 0 ? kClockwork : option == 1 ? kShakeup : kBigCon;
  } else if ((option -= 3) < p) {
    m.pro = kHostileTakeover;
    m.x = uint16_t(option);
  } else if ((option -= p) < 2 * p) {
    m.pro = kPaperwork;
    m.x = uint16_t(option / 2);
    m.y = uint16_t(option % 2);
  } else if ((option -= 2 * p) < p * kMaxColumns * kMaxColumns) {
    m.pro = kPlantingBombs;
    const Seat t = Seat(option / (kMaxColumns * kMaxColumns));
    m.x = field_agent_at(t, option / kMaxColumns % kMaxColumns * kMaxDepth);
    m.y = field_agent_at(t, option % kMaxColumns * kMaxDepth);
    m.z = 1;
    ok = ok && m.x != kNoAgent && m.y != kNoAgent;
  } else {
    option -= p * kMaxColumns * kMaxColumns;
    m.pro = kPlantingBombs;
    ok = ok && option < bomb_count_;
    if (ok) {
      m.x = bombs_[std::size_t(option)][0];
      m.y = bombs_[std::size_t(option)][1];
    }
  }
  return ok;
}

Move TcgState::action_move(int action) const {
  const int p = num_players();
  const Seat me = current_player();
  const std::array<int, kBlocks> sizes = block_sizes(p);
  int offset = 0, b = 0;
  while (b < kBlocks && action >= offset + sizes[std::size_t(b)]) offset += sizes[std::size_t(b++)];
  if (action < 0 || b == kBlocks)
    throw BadMove("action " + std::to_string(action) + " is not one of 0.." +
                  std::to_string(offset - 1));
  int i = action - offset;
  MoveParts m;
  bool ok = me >= 0;
  auto need = [&](uint16_t agent) {
    ok = ok && agent != kNoAgent;
    return agent;
  };
  Move move{};
  switch (Block(b)) {
    case kBPass:
      m.kind = kPass;
      break;
    case kBAllow:
      m.kind = kAllow;
      break;
    case kBDone:
      m.kind = kDone;
      break;
    case kBEmergency:
      m.kind = kEmergency;
      m.agent = need(hand_agent(me, i));
      break;
    case kBOldSchool:
      m.kind = kOldSchoolBlock;
      m.agent = need(field_agent_at(me, i));
      break;
    case kBSave:
      m.kind = kSave;
      m.x = need(field_agent_at(me, take(i, kF)));
      m.agent = need(field_agent_at(me, i));
      break;
    case kBDisguise:
      m.kind = kDisguiseSwap;
      m.x = need(own_agent(me, take(i, kO)));
      m.agent = need(field_agent_at(me, i));
      break;
    case kBSurge:
      m.kind = kSurgeStart;
      m.x = change_of(take(i, kChanges));
      m.pro = kSurges[std::size_t(take(i, int(kSurges.size())))];
      m.agent = need(field_agent_at(me, i));
      break;
    case kBDeploy:
      ok = ok && deploy_of_action(i, m);
      break;
    case kBAttack:
    case kBNinja:
    case kBTenthDan:
    case kBOnslaught:
    case kBBurglary3:
    case kBBurglary2:
    case kBInside:
      ok = ok && attack_of_action(b, i, m);
      break;
    case kBPro:
      ok = ok && pro_of_action(i, m);
      break;
    case kBArrange:
      move = Move{arrangements()[std::size_t(i)]};
      break;
    case kBBrainwash: {
      m.kind = kBrainwash;
      m.z = uint8_t(take(i, kMaxColumns));
      m.y = uint16_t(take(i, 4));
      const int therapist = take(i, kO + 1);
      m.x = therapist == 0 ? kNoAgent : need(own_agent(me, therapist - 1));
      ok = ok && i < pending_count_;
      if (ok) m.agent = pending_[std::size_t(i)];
      break;
    }
    case kBPut:
      m.kind = kPut;
      m.z = uint8_t(take(i, kMaxColumns));
      m.y = uint16_t(take(i, 3));
      m.agent = need(field_agent_at(rearranged_, i));
      break;
    case kBReplace:
      m.kind = kReplace;
      m.x = need(hand_agent(me, take(i, kH)));
      m.agent = need(field_agent_at(me, i));
      break;
    case kBlocks:
      break;
  }
  if (b != kBArrange) move = pack(m);
  const std::string why = ok ? why_illegal(move) : "it names no agent here";
  if (!why.empty())
    throw BadMove("action " + std::to_string(action) + " is not legal here: " + why);
  return move;
}

}  // namespace tabletop::conspiracy_tcg
