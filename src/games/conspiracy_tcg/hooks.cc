// Conspiracy TCG: the hooks for clients and for undo (move_places, reveals, board_places) and the
// notation for people (notation, seat_name). See docs/games/conspiracy-tcg.md, "Places" and
// "Notation".
#include <algorithm>
#include <utility>

#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {

namespace {

std::string at(uint16_t agent) {
  return "@" + std::to_string(agent);
}

// The cards of a hand or a pile with who has seen each, sorted (a multiset).
using Cards = std::vector<std::pair<uint16_t, uint8_t>>;

}  // namespace

MovePlaces TcgState::move_places(Move move) const {
  const MoveParts p = unpack(move);
  switch (p.kind) {
    case kDeploy:
      // The card, then where it goes in the deploying seat's field.
      if (p.y == kNewColumn) return {{at(p.agent)}, {"new"}};
      return {{at(p.agent)},
              {std::string(p.y == kFront  ? "front"
                           : p.y == kBack ? "back"
                                          : "span") +
               " c" + std::to_string(p.z + 1)}};
    case kAttack: {
      // The launcher, then the seats attacked, in any order (one attack on them all).
      MovePlaces out{{at(p.agent)}, {}};
      for (Seat s = 0; s < num_players(); ++s)
        if (p.y >> s & 1) out[1].push_back("seat " + std::to_string(s));
      return out;
    }
    case kSurgeStart:
    case kEmergency:
    case kOldSchoolBlock:
    case kPut:
      return {{at(p.agent)}};
    case kBrainwash:
      if (p.x == kNoAgent) return {{at(p.agent)}};
      return {{at(p.agent)}, {at(p.x)}};
    case kReplace:
      return {{at(p.agent)}, {at(p.x)}};
    case kPro:
      if (p.pro == kPlantingBombs) {
        // The agent, then the two exposed agents the bomb goes (or went) between, in any order;
        // the agent may be one of them itself, and is clicked once.
        MovePlaces out{{at(p.agent)}, {}};
        for (uint16_t end : {p.x, p.y})
          if (end != p.agent) out[1].push_back(at(end));
        return out;
      }
      return {{at(p.agent)}};
    case kSave:
    case kDisguiseSwap:
      return {{at(p.agent)}, {at(p.x)}};
    default:  // pass, allow, done, arrange: buttons
      return {};
  }
}

bool TcgState::reveals(Move move) const {
  const MoveParts p = unpack(move);
  // Scrying's arrangement moves cards the others cannot see: over-answer.
  if (p.kind == kArrange) return true;
  TcgState after(*this);
  after.log().set_enabled(false);
  after.chance().set_journal(false);
  after.apply(move);
  auto named = [&](uint16_t a) {
    if (a == p.agent) return true;
    return (p.kind == kSave || p.kind == kDisguiseSwap || p.kind == kPro || p.kind == kAttack ||
            p.kind == kReplace || p.kind == kBrainwash) &&
           (a == p.x || (p.kind == kPro && a == p.y));
  };
  for (Seat s = 0; s < num_players(); ++s) {
    const SeatState &b = seat(s), &a = after.seat(s);
    if (a.hand_open != b.hand_open) return true;
    // A draw, a card put back or moved, or a card of the pile seen by someone.
    if (a.pile_count != b.pile_count) return true;
    for (int i = 0; i < b.pile_count; ++i)
      if (a.pile[std::size_t(i)] != b.pile[std::size_t(i)] ||
          a.pile_seen[std::size_t(i)] != b.pile_seen[std::size_t(i)])
        return true;
    // A hand card that comes or goes (or is seen by someone new) without the move naming it.
    Cards before_hand, after_hand;
    for (int i = 0; i < b.hand_count; ++i)
      before_hand.emplace_back(b.hand[std::size_t(i)], b.hand_seen[std::size_t(i)]);
    for (int i = 0; i < a.hand_count; ++i)
      after_hand.emplace_back(a.hand[std::size_t(i)], a.hand_seen[std::size_t(i)]);
    std::sort(before_hand.begin(), before_hand.end());
    std::sort(after_hand.begin(), after_hand.end());
    Cards gone, came;
    std::set_difference(before_hand.begin(), before_hand.end(), after_hand.begin(),
                        after_hand.end(), std::back_inserter(gone));
    std::set_difference(after_hand.begin(), after_hand.end(), before_hand.begin(),
                        before_hand.end(), std::back_inserter(came));
    // A card put into a hand lands at a place the others do not know (Disguise).
    if (!came.empty()) return true;
    for (const auto& [agent, seen] : gone)
      if (!named(agent)) return true;
    // A named card left a hand from a place some viewers do not know: the cards others have seen
    // there may move.
    if (!gone.empty() && !a.hand_open)
      for (int i = 0; i < a.hand_count; ++i)
        if (a.hand_seen[std::size_t(i)] & ~(1u << s)) return true;
  }
  // Claiming an agent that is in more than one deck shows whether another hand held it (that copy
  // would be revealed and replaced).
  for (int agent = 0; agent < rules().agent_count(); ++agent) {
    if (!after.claimed_[std::size_t(agent)] || claimed_[std::size_t(agent)]) continue;
    int copies = 0;
    for (Seat s = 0; s < num_players(); ++s)
      for (uint16_t d : rules().deck(s)) copies += d == agent;
    if (copies > 1) return true;
  }
  return false;
}

std::vector<std::string> TcgGame::board_places() const {
  std::vector<std::string> places;
  for (int a = 0; a < agent_count(); ++a) places.push_back(at(uint16_t(a)));
  // Where a deployed card goes in the deployer's field, and the seats an attack targets.
  places.push_back("new");
  for (const char* end : {"front", "back"})
    for (int c = 1; c <= kMaxColumns; ++c)
      places.push_back(std::string(end) + " c" + std::to_string(c));
  // Security Perimeter: in front of columns c and c + 1 at once.
  for (int c = 1; c < kMaxColumns; ++c) places.push_back("span c" + std::to_string(c));
  for (Seat s = 0; s < num_players(); ++s) places.push_back("seat " + std::to_string(s));
  return places;
}

std::string TcgGame::seat_name(Seat seat) const {
  return deck_name(seat) + " (seat " + std::to_string(seat) + ")";
}

std::vector<NotationKind> TcgGame::notation() const {
  // The surge example names an agent of the decks in play that has a Shadow Surge.
  std::string surge = "deploy @17 new surge none>AGENCY";
  for (int a = 0; a < agent_count(); ++a) {
    const ProMoveSet q = card(uint16_t(a)).pro_moves;
    const char* net = q >> kTempleOfDagon & 1     ? "REPTILIANS"
                      : q >> kBigBrother & 1      ? "AGENCY"
                      : q >> kSecretHandshake & 1 ? "ILLUMINATI"
                                                  : nullptr;
    if (net) {
      surge = "surge @" + std::to_string(a) + " AAA>" + net;
      break;
    }
  }
  return {
      {"deploy",
       "deploy AGENT new|front COLUMN|back COLUMN|span COLUMN [hack SEAT|scry SEAT|eye SEAT|legal "
       "OLD>NEW|"
       "surge OLD>NEW|plan PLAN]",
       "Deploy a card from your hand into your field: as a new column, or at the front or the "
       "back of a column (c1 is your leftmost), or with Security Perimeter in front of a column "
       "and the next one at once (span c2: c2 and c3). Agents are @N (render lists them); seats "
       "are "
       "0-based numbers; modes are AAA ZZZ 000 999 NEAR FAR REPTILIANS ILLUMINATI AGENCY, and "
       "none for an empty place. A deploy-time pro move follows: Hacking looks at a seat's hand, "
       "Scrying or All-Seeing Eye at the top of a pile, Legal Maneuvering or Shadow Surge "
       "changes a mode, a master plan (ancient chemtrails fluoride beast soylent vaccines) is "
       "taken.",
       {"deploy @17 new", "deploy @17 front c2", "deploy @17 back c1 hack 1",
        "deploy @17 span c1"}},
      {"attack",
       "attack AGENT SEATS [ninja COLUMN|all] [onslaught AGENT|burglary AGENT|inside AGENT]",
       "Attack with a rear agent of yours (once two attack modes are active) the seats named, "
       "joined by + (1+2). Ninja attacks one column, tenth dan all; Onslaught, Burglary and "
       "Inside Job name the agent that helps.",
       {"attack @17 2", "attack @17 1+2 onslaught @9", "attack @17 2 ninja c1"}},
      {"pro",
       "pro rolling|legal|tabula|spysat|wiretap AGENT OLD>NEW  or  pro clockwork AGENT  or  pro "
       "paperwork AGENT N+|N-  or  pro bomb|defuse AGENT AGENT AGENT  or  pro shakeup|bigcon "
       "AGENT  or  pro takeover AGENT SEAT",
       "A pro move that takes your turn: change an attack mode, Clockwork, Paperwork (a hand "
       "size up or down), plant or defuse a bomb between two agents, Shakeup (rearrange your "
       "field), Hostile Takeover (rearrange a seat's field in as many columns), Big Con "
       "(replace up to five field agents from your hand).",
       {"pro clockwork @5", "pro paperwork @5 2-", "pro bomb @5 @40 @41", "pro shakeup @5",
        "pro takeover @5 1", "pro bigcon @5"}},
      {"brainwash",
       "brainwash VICTIM [THERAPIST] new|front COLUMN|back COLUMN|span COLUMN",
       "After your attack defeats agents: discard a psychotherapist (the first time) to "
       "re-deploy a defeated agent into your field; one more per master plan. Then done.",
       {"brainwash @12 @30 new", "brainwash @12 back c2"}},
      {"put",
       "put AGENT new|behind COLUMN|span",
       "Shakeup or Hostile Takeover: build the field anew, front to back: the agent starts a "
       "new column on the right, goes behind the last agent of a column, or (Security "
       "Perimeter) stands in front of two new columns.",
       {"put @12 new", "put @12 behind c1", "put @12 span"}},
      {"replace",
       "replace FIELD_AGENT HAND_CARD",
       "Big Con: the hand card takes the field agent's place; the field agent is discarded. Up "
       "to five, then done.",
       {"replace @12 @31"}},
      {"done", "done", "End your Brainwashing captures or Big Con replacements.", {"done"}},
      {"surge",
       "surge AGENT OLD>NEW",
       "At the start of your turn: discard a Shadow Surge agent you deployed earlier to change a "
       "mode; the turn goes on.",
       {surge}},
      {"arrange",
       "arrange N N N ... [| N ...]",
       "After Scrying or All-Seeing Eye: the cards you saw (1 = the top one as shown) in their "
       "new order from the top; after | those sent to the bottom (All-Seeing Eye only).",
       {"arrange 3 1 2 5 4", "arrange 2 1 | 3"}},
      {"place",
       "place AGENT",
       "Emergency placement: with no agent left in your field, place one from your hand.",
       {"place @17"}},
      {"oldschool",
       "oldschool AGENT",
       "Discard your Old School agent to prevent a change of the attack modes.",
       {"oldschool @8"}},
      {"save",
       "save AGENT MEDIC",
       "Crash Clinic: save an agent you would lose in this attack with a medic in your field.",
       {"save @12 @30"}},
      {"disguise",
       "disguise AGENT OTHER",
       "Disguise: switch an agent you would lose with another of your agents or a hand card.",
       {"disguise @12 @31"}},
      {"allow",
       "allow",
       "Let a mode change pass (Old School), or end your reactions to an attack.",
       {"allow"}},
      {"pass", "pass", "Only when no action is possible: do nothing this turn.", {"pass"}},
  };
}

}  // namespace tabletop::conspiracy_tcg
