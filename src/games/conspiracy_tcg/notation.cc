// Conspiracy TCG: move notation (see conspiracy_tcg.h) and why a move is illegal.
#include <bit>
#include <cctype>
#include <sstream>
#include <vector>

#include "core/text.h"
#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {

namespace {

std::string at(uint16_t agent) {
  return "@" + std::to_string(agent);
}

std::string change_text(uint16_t x) {
  return std::string(mode_name(x >> 4)) + ">" + mode_name(x & 15);
}

std::string seats_text(uint16_t mask) {
  std::string out;
  for (int s = 0; s < kMaxSeats; ++s)
    if (mask >> s & 1) out += (out.empty() ? "" : "+") + std::to_string(s);
  return out;
}

struct ProWord {
  ProMove pro;
  const char* word;
};
constexpr ProWord kProWords[] = {
    {kGettingTheBallRolling, "rolling"}, {kLegalManeuvering, "legal"}, {kTabulaRecta, "tabula"},
    {kSpySatellite, "spysat"},           {kWiretap, "wiretap"},        {kClockwork, "clockwork"},
    {kPaperwork, "paperwork"},           {kPlantingBombs, "bomb"},     {kShakeup, "shakeup"},
    {kHostileTakeover, "takeover"},      {kBigCon, "bigcon"},
};

std::string place_text(int place, int column) {
  switch (place) {
    case kNewColumn:
      return "new";
    case kFront:
      return "front c" + std::to_string(column + 1);
    case kBack:
      return "back c" + std::to_string(column + 1);
    default:
      return "span c" + std::to_string(column + 1);
  }
}

constexpr const char* kPlanWords[kMasterPlans] = {"ancient", "chemtrails", "fluoride",
                                                  "beast",   "soylent",    "vaccines"};

[[noreturn]] void bad(std::string_view text, const std::string& why) {
  throw BadMove("\"" + std::string(text) + "\": " + why);
}

uint16_t parse_agent(std::string_view text, const std::string& word) {
  if (word.size() < 2 || word[0] != '@')
    bad(text, "expected an agent like @17, not \"" + word + "\"");
  int n = 0;
  for (std::size_t i = 1; i < word.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(word[i])) || n > kMaxAgents)
      bad(text, "expected an agent like @17, not \"" + word + "\"");
    n = n * 10 + (word[i] - '0');
  }
  if (n >= kMaxAgents) bad(text, "no agent " + word);
  return uint16_t(n);
}

int parse_seat(std::string_view text, const std::string& word) {
  if (word.size() != 1 || word[0] < '0' || word[0] >= '0' + kMaxSeats)
    bad(text, "expected a seat number 0..5, not \"" + word + "\"");
  return word[0] - '0';
}

uint16_t parse_seats(std::string_view text, const std::string& word) {
  uint16_t mask = 0;
  std::size_t start = 0;
  while (start <= word.size()) {
    std::size_t end = word.find('+', start);
    if (end == std::string::npos) end = word.size();
    mask |= uint16_t(1u << parse_seat(text, word.substr(start, end - start)));
    start = end + 1;
  }
  return mask;
}

int parse_column(std::string_view text, const std::string& word) {
  if (word.size() < 2 || (word[0] != 'c' && word[0] != 'C'))
    bad(text, "expected a column like c1, not \"" + word + "\"");
  int n = 0;
  for (std::size_t i = 1; i < word.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(word[i])))
      bad(text, "expected a column like c1, not \"" + word + "\"");
    n = n * 10 + (word[i] - '0');
  }
  if (n < 1 || n > kMaxColumns) bad(text, "no column " + word);
  return n - 1;
}

uint16_t parse_change(std::string_view text, const std::string& word) {
  const std::size_t gt = word.find('>');
  if (gt == std::string::npos)
    bad(text, "expected a mode change like none>AAA, not \"" + word + "\"");
  const int from = mode_of_name(word.substr(0, gt)), to = mode_of_name(word.substr(gt + 1));
  if (from < 0 || to < 0 || to == kNoMode) bad(text, "unknown attack mode in \"" + word + "\"");
  return mode_change(from, to);
}

// A move's words (split at white space), with the checks every reader of one makes: enough
// words, no word left over, each failure a BadMove naming the text.
class Words {
 public:
  explicit Words(std::string_view move) : text_(move), w_(split_words(move)) {
    if (w_.empty()) fail("empty move");
  }
  std::string_view text() const { return text_; }
  std::size_t size() const { return w_.size(); }
  const std::string& operator[](std::size_t i) const { return w_[i]; }
  [[noreturn]] void fail(const std::string& why) const { bad(text_, why); }
  void need(std::size_t n) const {
    if (w_.size() < n) fail("too few words");
  }
  void no_more(std::size_t n) const {
    if (w_.size() > n) fail("unexpected \"" + w_[n] + "\"");
  }
  uint16_t agent(std::size_t i) const { return parse_agent(text_, w_[i]); }
  // "new", "front c2", "back c2", "span c2" from word i into q's place; the index after it.
  std::size_t place(std::size_t i, MoveParts& q) const {
    need(i + 1);
    if (w_[i] == "new") {
      q.y = kNewColumn;
      return i + 1;
    }
    if (w_[i] != "front" && w_[i] != "back" && w_[i] != "span")
      fail("expected new, front, back or span, not \"" + w_[i] + "\"");
    need(i + 2);
    q.y = w_[i] == "front" ? kFront : w_[i] == "back" ? kBack : kSpan;
    q.z = uint8_t(parse_column(text_, w_[i + 1]));
    return i + 2;
  }

 private:
  std::string_view text_;
  std::vector<std::string> w_;
};

// "put AGENT new|span|behind COLUMN" (Shakeup, Hostile Takeover).
Move parse_put(const Words& w) {
  w.need(3);
  MoveParts p;
  p.kind = kPut;
  p.agent = w.agent(1);
  if (w[2] == "new" || w[2] == "span") {
    w.no_more(3);
    p.y = w[2] == "new" ? kPutNew : kPutSpan;
  } else if (w[2] == "behind") {
    w.need(4);
    w.no_more(4);
    p.y = kPutBehind;
    p.z = uint8_t(parse_column(w.text(), w[3]));
  } else {
    w.fail("expected new, behind COLUMN or span, not \"" + w[2] + "\"");
  }
  return pack(p);
}

// "arrange 3 1 | 2": the scried cards kept on top, then those put at the bottom.
Move parse_arrange(const Words& w) {
  Arrangement a;
  bool bottom = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (w[i] == "|") {
      if (bottom) w.fail("two '|'");
      bottom = true;
      continue;
    }
    if (w[i].size() != 1 || w[i][0] < '1' || w[i][0] > '0' + kScryCards)
      w.fail("expected card positions 1..5, not \"" + w[i] + "\"");
    uint8_t& count = bottom ? a.bottom_count : a.top_count;
    if (a.top_count + a.bottom_count >= kScryCards) w.fail("more than five cards");
    (bottom ? a.bottom : a.top)[count++] = uint8_t(w[i][0] - '1');
  }
  return pack_arrangement(a);
}

// "deploy AGENT PLACE [plan WORD | hack|scry|eye SEAT | legal|surge CHANGE]".
Move parse_deploy(const Words& w) {
  w.need(3);
  MoveParts p;
  p.kind = kDeploy;
  p.agent = w.agent(1);
  const std::size_t i = w.place(2, p);
  if (w.size() == i) return pack(p);
  const std::string& opt = w[i];
  w.need(i + 2);
  w.no_more(i + 2);
  if (opt == "plan") {
    for (int k = 0; k < kMasterPlans; ++k)
      if (w[i + 1] == kPlanWords[k]) p.pro = uint8_t(kMasterPlanAncientSecrets + k);
    if (p.pro == kNoPro)
      w.fail("unknown master plan \"" + w[i + 1] +
             "\" (ancient, chemtrails, fluoride, beast, soylent, vaccines)");
  } else if (opt == "hack" || opt == "scry" || opt == "eye") {
    p.pro = opt == "hack" ? kHacking : opt == "scry" ? kScrying : kAllSeeingEye;
    p.x = uint16_t(parse_seat(w.text(), w[i + 1]));
  } else if (opt == "legal") {
    p.x = parse_change(w.text(), w[i + 1]);
    p.pro = kLegalManeuvering;
  } else if (opt == "surge") {
    p.x = parse_change(w.text(), w[i + 1]);
    const int net = p.x & 15;
    if (net != kReptiliansMode && net != kAgencyMode && net != kIlluminatiMode)
      w.fail("a Shadow Surge sets REPTILIANS, ILLUMINATI or AGENCY");
    p.pro = net == kReptiliansMode ? kTempleOfDagon
            : net == kAgencyMode   ? kBigBrother
                                   : kSecretHandshake;
  } else {
    w.fail("unknown deployment option \"" + opt + "\"");
  }
  return pack(p);
}

// "attack AGENT SEATS [all | ninja COLUMN | onslaught|inside|burglary AGENT]".
Move parse_attack(const Words& w) {
  w.need(3);
  MoveParts p;
  p.kind = kAttack;
  p.agent = w.agent(1);
  p.y = parse_seats(w.text(), w[2]);
  p.x = kNoAgent;
  p.z = kNormal << 4;
  if (w.size() == 3) return pack(p);
  const std::string& opt = w[3];
  if (opt == "all") {
    w.no_more(4);
    p.z = kTenthDan << 4;
    p.pro = kTenthDanNinjaOps;
    return pack(p);
  }
  w.need(5);
  w.no_more(5);
  if (opt == "ninja") {
    p.z = uint8_t(kNinja << 4 | parse_column(w.text(), w[4]));
    p.pro = kNinjaOps;
  } else if (opt == "onslaught" || opt == "inside") {
    p.x = w.agent(4);
    p.pro = opt == "onslaught" ? kOnslaught : kInsideJob;
  } else if (opt == "burglary") {
    p.x = w.agent(4);
    p.z = kBurglary << 4;
    p.pro = std::popcount(unsigned(p.y)) > 1 ? kSecondRateBurglary : kThirdRateBurglary;
  } else {
    w.fail("unknown attack option \"" + opt + "\"");
  }
  return pack(p);
}

// "pro WORD AGENT [SEAT | SEAT+ | SEAT- | CHANGE]", "pro bomb|defuse AGENT AGENT AGENT".
Move parse_pro(const Words& w) {
  w.need(3);
  MoveParts p;
  p.kind = kPro;
  const std::string& word = w[1];
  p.agent = w.agent(2);
  if (word == "bomb" || word == "defuse") {
    w.need(5);
    w.no_more(5);
    p.pro = kPlantingBombs;
    p.x = w.agent(3);
    p.y = w.agent(4);
    p.z = word == "bomb";
    return pack(p);
  }
  for (const ProWord& pw : kProWords)
    if (word == pw.word) p.pro = pw.pro;
  if (p.pro == kNoPro) w.fail("unknown pro move word \"" + word + "\"");
  if (p.pro == kClockwork || p.pro == kShakeup || p.pro == kBigCon) {
    w.no_more(3);
    return pack(p);
  }
  w.need(4);
  w.no_more(4);
  if (p.pro == kHostileTakeover) {
    p.x = uint16_t(parse_seat(w.text(), w[3]));
  } else if (p.pro == kPaperwork) {
    const std::string& arg = w[3];
    if (arg.size() != 2 || (arg[1] != '+' && arg[1] != '-'))
      w.fail("expected a seat and + or -, like 2-");
    p.x = uint16_t(parse_seat(w.text(), arg.substr(0, 1)));
    p.y = arg[1] == '+';
  } else {
    p.x = parse_change(w.text(), w[3]);
  }
  return pack(p);
}

}  // namespace

std::string TcgState::move_to_string(Move move) const {
  const MoveParts p = unpack(move);
  switch (p.kind) {
    case kPass:
      return "pass";
    case kAllow:
      return "allow";
    case kEmergency:
      return "place " + at(p.agent);
    case kOldSchoolBlock:
      return "oldschool " + at(p.agent);
    case kSave:
      return "save " + at(p.agent) + " " + at(p.x);
    case kDisguiseSwap:
      return "disguise " + at(p.agent) + " " + at(p.x);
    case kSurgeStart:
      return "surge " + at(p.agent) + " " + change_text(p.x);
    case kDone:
      return "done";
    case kReplace:
      return "replace " + at(p.agent) + " " + at(p.x);
    case kPut:
      return "put " + at(p.agent) + " " +
             (p.y == kPutNew    ? std::string("new")
              : p.y == kPutSpan ? std::string("span")
                                : "behind c" + std::to_string(p.z + 1));
    case kBrainwash:
      return "brainwash " + at(p.agent) + " " + (p.x == kNoAgent ? "" : at(p.x) + " ") +
             place_text(p.y, p.z);
    case kArrange: {
      const Arrangement a = unpack_arrangement(move);
      std::string out = "arrange";
      for (int i = 0; i < a.top_count; ++i) out += " " + std::to_string(a.top[std::size_t(i)] + 1);
      if (a.bottom_count) {
        out += " |";
        for (int i = 0; i < a.bottom_count; ++i)
          out += " " + std::to_string(a.bottom[std::size_t(i)] + 1);
      }
      return out;
    }
    case kDeploy: {
      std::string out = "deploy " + at(p.agent) + " " + place_text(p.y, p.z);
      if (p.pro == kNoPro) return out;
      const ProMove pro = ProMove(p.pro);
      if (pro == kHacking) return out + " hack " + std::to_string(p.x);
      if (pro == kScrying) return out + " scry " + std::to_string(p.x);
      if (pro == kAllSeeingEye) return out + " eye " + std::to_string(p.x);
      if (pro == kLegalManeuvering) return out + " legal " + change_text(p.x);
      if (is_master_plan(pro)) return out + " plan " + kPlanWords[pro - kMasterPlanAncientSecrets];
      return out + " surge " + change_text(p.x);
    }
    case kAttack: {
      std::string out = "attack " + at(p.agent) + " " + seats_text(p.y);
      const AttackStyle style = AttackStyle(p.z >> 4);
      if (style == kNinja) out += " ninja c" + std::to_string((p.z & 15) + 1);
      if (style == kTenthDan) out += " all";
      if (p.pro == kOnslaught) out += " onslaught " + at(p.x);
      if (p.pro == kInsideJob) out += " inside " + at(p.x);
      if (p.pro == kThirdRateBurglary || p.pro == kSecondRateBurglary)
        out += " burglary " + at(p.x);
      return out;
    }
    case kPro: {
      const char* word = "?";
      for (const ProWord& w : kProWords)
        if (w.pro == p.pro) word = w.word;
      std::string out = std::string("pro ") + word + " " + at(p.agent);
      if (p.pro == kClockwork || p.pro == kShakeup || p.pro == kBigCon) return out;
      if (p.pro == kHostileTakeover) return out + " " + std::to_string(p.x);
      if (p.pro == kPaperwork) return out + " " + std::to_string(p.x) + (p.y ? "+" : "-");
      if (p.pro == kPlantingBombs)
        return std::string("pro ") + (p.z ? "bomb " : "defuse ") + at(p.agent) + " " + at(p.x) +
               " " + at(p.y);
      return out + " " + change_text(p.x);
    }
  }
  return "?";
}

Move TcgState::parse_move(std::string_view text) const {
  const Words w(text);
  const std::string& verb = w[0];
  if (verb == "deploy") return parse_deploy(w);
  if (verb == "attack") return parse_attack(w);
  if (verb == "pro") return parse_pro(w);
  if (verb == "arrange") return parse_arrange(w);
  if (verb == "put") return parse_put(w);
  MoveParts p;
  if (verb == "pass" || verb == "allow" || verb == "done") {
    w.no_more(1);
    p.kind = verb == "pass" ? kPass : verb == "allow" ? kAllow : kDone;
    return pack(p);
  }
  if (verb == "brainwash") {
    w.need(3);
    p.kind = kBrainwash;
    p.agent = w.agent(1);
    p.x = kNoAgent;
    std::size_t i = 2;
    if (w[2].starts_with("@")) p.x = w.agent(i++);
    w.no_more(w.place(i, p));
    return pack(p);
  }
  if (verb == "place" || verb == "oldschool") {
    w.need(2);
    w.no_more(2);
    p.kind = verb == "place" ? kEmergency : kOldSchoolBlock;
    p.agent = w.agent(1);
    return pack(p);
  }
  if (verb == "save" || verb == "disguise" || verb == "replace") {
    w.need(3);
    w.no_more(3);
    p.kind = verb == "save" ? kSave : verb == "disguise" ? kDisguiseSwap : kReplace;
    p.agent = w.agent(1);
    p.x = w.agent(2);
    return pack(p);
  }
  if (verb == "surge") {
    w.need(3);
    w.no_more(3);
    p.kind = kSurgeStart;
    p.agent = w.agent(1);
    p.x = parse_change(text, w[2]);
    // The surge's own pro move is read from the card.
    const ProMoveSet q = p.agent < rules().agent_count() ? rules().card(p.agent).pro_moves : 0;
    for (ProMove sg : {kTempleOfDagon, kBigBrother, kSecretHandshake})
      if ((q >> sg & 1) && (p.x & 15) == (sg == kTempleOfDagon ? kReptiliansMode
                                          : sg == kBigBrother  ? kAgencyMode
                                                               : kIlluminatiMode))
        p.pro = sg;
    if (p.pro == kNoPro) w.fail("that agent has no Shadow Surge to that network");
    return pack(p);
  }
  w.fail(
      "unknown move (deploy, attack, pro, surge, arrange, place, oldschool, save, disguise, "
      "brainwash, put, replace, done, allow, pass)");
}

std::string TcgState::why_illegal(Move move) const {
  const MoveParts p = unpack(move);
  MoveList legal;
  // Only the moves of the same kind (and agent) are generated: cheaper, and the same answer.
  if (over_) return "the game is over";
  if (phase_ == kMain && p.kind == kDeploy && hand_index(to_move_, p.agent) >= 0)
    legal_deploy(legal, p.agent);
  else if (phase_ == kMain && p.kind == kAttack && modes_.count() == 2)
    legal_attacks(legal);
  else if (phase_ == kMain && p.kind == kPro && p.agent < rules().agent_count())
    legal_pro(legal, p.agent, hand_index(to_move_, p.agent) >= 0);
  else
    legal_moves(legal);
  if (p.kind == kPro && phase_ == kMain && hand_index(to_move_, p.agent) < 0 &&
      field_owner(p.agent) != to_move_)
    legal.clear();
  if (legal.contains(move)) return {};
  const Seat s = current_player();
  if (std::string why = why_illegal_run(p); !why.empty()) return why;
  if (phase_ == kOldSchoolWindow && p.kind != kAllow && p.kind != kOldSchoolBlock)
    return game().seat_name(s) + " must answer a change of attack modes: allow or oldschool";
  if (phase_ == kEmergencyPlacement && p.kind != kEmergency)
    return game().seat_name(s) + " has no field agent and must place one from its hand";
  if (phase_ == kAttackReaction && p.kind != kAllow && p.kind != kSave && p.kind != kDisguiseSwap)
    return game().seat_name(s) + " is attacked and must answer: save, disguise or allow";
  if (phase_ == kArranging && p.kind != kArrange)
    return game().seat_name(s) + " must arrange the cards it looked at";
  if (p.kind == kAttack && modes_.count() < 2)
    return "attacking is not an option until two attack modes have been selected";
  if ((p.kind == kDeploy || p.kind == kEmergency) && hand_index(s, p.agent) < 0)
    return at(p.agent) + " is not in " + game().seat_name(s) + "'s hand";
  if (p.kind == kAttack && p.pro == kNoPro && field_owner(p.agent) == s &&
      !can_launch(p.agent, false))
    return at(p.agent) + " cannot launch an attack (not rearmost, or Home Turf forbids it)";
  if (p.kind == kPass) return "passing is only allowed when no action is possible";
  if (p.kind == kDeploy && p.y == kSpan &&
      !(rules().card(p.agent).pro_moves >> kSecurityPerimeter & 1))
    return at(p.agent) + " has no Security Perimeter: it cannot stand in front of two columns";
  if (p.kind == kDeploy && p.y == kSpan)
    return "a perimeter stands in front of two neighbouring columns that no other perimeter "
           "touches";
  if (p.kind == kDeploy && p.y == kFront && p.z < seat(s).columns &&
      ((seat(s).bridges | seat(s).bridges << 1) >> p.z & 1))
    return "c" + std::to_string(p.z + 1) +
           " stands behind or is a perimeter: in front of it is the middle of a column";
  if (p.kind == kPro && (p.pro == kHostileTakeover || p.pro == kBigCon) &&
      p.agent < rules().agent_count() && (rules().card(p.agent).pro_moves >> p.pro & 1) &&
      master_plans(s) < 1)
    return std::string(pro_move_name(ProMove(p.pro))) + " needs a master plan (M1)";
  if (p.kind == kSurgeStart && turn_begun_)
    return "a Shadow Surge agent is discarded only at the beginning of its owner's turn";
  if (p.kind == kPro && p.agent < rules().agent_count() &&
      !(rules().card(p.agent).pro_moves >> p.pro & 1))
    return at(p.agent) + " does not qualify for " + pro_move_name(ProMove(p.pro));
  if (p.kind == kPro && p.agent < rules().agent_count() && !may_use(p.agent, ProMove(p.pro)))
    return at(p.agent) + " holds a master plan and may exercise no other pro move";
  return "not a legal move here (" + std::to_string(legal.size()) +
         " legal moves; attack modes and positions decide which)";
}

}  // namespace tabletop::conspiracy_tcg
