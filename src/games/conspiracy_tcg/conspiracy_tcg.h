// Conspiracy: The Largest Trading Card Game on Earth (Mad Sheep Games, 2014 version), 2 to 6
// players: shared/rules/conspiracy-tcg.txt with the army triangle, card data, Near/Far and phone
// rulings of RULINGS.md. Cards and decks: cards.h, vcard.h; modes and comparisons: modes.h. The
// rule → test table, the keyword table and every ruling are in docs/games/conspiracy-tcg.md.
//
// Agents. Every distinct card of the decks in play is one agent, numbered 0..agents-1 in deck
// order (seat 0's deck first); a card that appears in two decks (same `Card::key`) is one agent.
// Agents are unique: an agent is claimed when it is deployed (or placed at setup) or used in a pro
// move; a claimed agent drawn later is revealed, discarded and replaced, and one held in another
// hand at the moment it is claimed is revealed, discarded and replaced at once.
//
// Setup: each seat's deck is shuffled (seat by seat), then each seat in turn draws six cards and
// places three more face up as three one-agent columns. No attack modes. Seat 0 starts.
//
// Field: each seat's agents stand in columns, front (index 0) to rear, ordered left to right (c1
// is the leftmost; a new column goes to the right). A lone agent is both front and rear. The
// frontmost agent of each column is exposed; the rearmost may launch attacks. Security Perimeter:
// the front agent of column c may also stand in front of column c + 1 (bit c of the seat's
// `bridges`); it then defends both columns, and the front of column c + 1 is not exposed. A
// bridge needs someone behind it in column c, and columns touch at most one bridge. At most
// kMaxColumns columns of at most kMaxDepth agents (an engine limit, documented).
//
// A turn: at its beginning the seat may discard Shadow Surge agents it deployed earlier (one
// decision each, the turn goes on); then exactly one action — deploy a hand card (`deploy`),
// attack (`attack`, once two modes are active) or a pro move that takes the turn (`pro`); `pass`
// only when none is possible. Capable of Anything lets one turn-taking pro move be followed by an
// action. At the end of the turn an attacker that an exposed agent beat in both modes dies, then
// the hand is refilled to the seat's hand size (six; Paperwork changes it, never below three).
//
// Decisions of other seats, in the middle of a turn (current_player() names who decides):
//   - Old School: when anyone tries to change the attack modes, each other seat with an Old
//     School agent in the field, in turn order, may discard it to prevent the change (`oldschool
//     @a`) or let it pass (`allow`);
//   - emergency placement: a seat left with no field agent places one from its hand at once
//     (`place @a`); with an empty hand it is eliminated. The last seat standing wins.
//   - Scrying / All-Seeing Eye: the deploying seat arranges the cards it saw (`arrange ...`).
//   - Crash Clinic and Disguise: after an attack is compared and before anyone dies, each attacked
//     seat that loses agents and can react (in turn order after the attacker) may save one of them
//     with a medic in its field (`save @lost @medic`), switch one with another of its agents or a
//     hand card (`disguise @lost @other`), each at most once per attack, then `allow`.
//
// Runs of decisions by the seat to move (one step each, after the pro move that starts them):
//   - Brainwashing: once the attack's reactions are over, the attacker's seat may discard a
//     psychotherapist (hand or field) to re-deploy one defeated agent into its own field, one more
//     per master plan (`brainwash @victim @therapist PLACE`, then `brainwash @victim PLACE`),
//     or `done`; the rest die. A seat holding cards is always asked (whether it holds a
//     psychotherapist stays hidden).
//   - Shakeup / Hostile Takeover: the field is built anew, agent by agent, front to back (`put @a
//     new | behind c2 | span`); Hostile Takeover keeps the number of columns.
//   - Big Con: up to five `replace @field @hand`, each keeping the place, then `done`.
//
// Notation (agents are `@N`, seats are 0-based digits, columns `c1`.. from the left, modes by
// name — AAA ZZZ 000 999 NEAR FAR REPTILIANS ILLUMINATI AGENCY, `none` for an empty place):
//   deploy @17 new | front c2 | back c2 | span c2   [hack 1 | scry 1 | eye 1 | legal OLD>NEW |
//                                          surge OLD>NEW | plan vaccines]
//   attack @17 2 [ninja c1 | all]   attack @17 1+2 onslaught @9   attack @17 2 burglary @4
//   attack @17 1+2 burglary @4 (second-rate)   attack @30 2 inside @5 (@30 is seat 1's agent)
//   pro rolling|legal|tabula|spysat|wiretap @5 OLD>NEW   pro clockwork @5   pro paperwork @5 2-
//   pro bomb @5 @40 @41   pro defuse @5 @40 @41   pro shakeup @5   pro takeover @5 2   pro bigcon
//   @5 brainwash @12 @30 new | brainwash @12 back c2   put @12 new | behind c2 | span replace @12
//   @31   done surge @5 OLD>NEW   arrange 3 1 2 5 4 [| 2]   place @17   oldschool @8   allow   pass
//   save @12 @30   disguise @12 @31
//
// Move packing (64 bits): kind (4) | agent << 4 (10) | x << 14 (10) | y << 24 (10) | z << 34 (8)
// | pro << 42 (6); `arrange` packs the top count, bottom count and ten 3-bit positions instead.
//
// Returns: the last seat standing +1, every other seat -1/(n-1). A game stopped by the engine's
// ply cap (`max_plies`; random play may never select modes or never finish) scores 0 for every
// seat: a draw. A game that reaches a dead position (TcgState::dead_position, ruling 27) ends
// there: a draw, 0 for every seat (no one is the last remaining player); under the variant
// dead_position_shared the seats still in share the win, (n-k)/((n-1)k) each for k of them, the
// others -1/(n-1).
//
// Params: players (2..6, default 4); decks (comma-separated sample deck names or .json/.vcf file
// paths; seat s plays deck s mod count; default the four sample decks); venue ("lat,lon" or a city
// name the gazetteer knows, "Paris" or "Paris, FR"; default Philadelphia 39.9526,-75.1652);
// max_plies (default 1000); perimeter_in_both_columns (variant, default true: a Security
// Perimeter agent belongs to both columns it stands in front of, so a Ninja Ops attack on either
// takes it; false: only to its own, the left one); brainwashing_defuses_bombs (variant, default
// false: a bombed agent captured by Brainwashing keeps its bomb, as the text says; true: ruling
// 21's old reading, the bomb is removed); dead_position_shared (variant, default false: a dead
// position is a draw; true: the seats still in share the win); library_order (variant:
// "word-by-word", the default, or "letter-by-letter"; see library_key in modes.h); uploaded_decks
// (engine, set by the embedding program alone: decks by content, "upload:KEY" names the embedding
// program's deck source answers — see set_deck_source in cards.h; when given it replaces decks, and
// no file is read; any other name is refused, never read as a path). decks and gazetteer name
// files: only the command line sets them (ParamSpec::Setter). A deck with cards that still need an
// army (cards.h, ArmySource) is refused, the cards listed.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/registry.h"
#include "games/conspiracy_tcg/cards.h"
#include "games/conspiracy_tcg/figures.h"
#include "games/conspiracy_tcg/modes.h"

namespace tabletop::conspiracy_tcg {

inline constexpr int kMaxSeats = 6;
inline constexpr int kMaxAgents = 1000;
inline constexpr int kMaxPile = 160;
static_assert(std::size_t(kMaxPile) == kMaxDeckCards,
              "a deck the game deals is a deck a server takes");
inline constexpr int kMaxHandSize = 9;
inline constexpr int kMinHandSize = 3;
inline constexpr int kStartHandSize = 6;
inline constexpr int kMaxColumns = 8;
inline constexpr int kMaxDepth = 6;
inline constexpr int kMaxBombs = 16;
inline constexpr int kMasterPlans = 6;
inline constexpr int kScryCards = 5;
inline constexpr uint16_t kNoAgent = 1023;
inline constexpr int kNoPro = 63;
inline constexpr int kDefaultMaxPlies = 1000;
inline constexpr int kConformanceMaxPlies = 50;
// How far a card placed by the gazetteer from its city alone may be from the city's point.
inline constexpr double kCityRadiusKm = 25;

class Gazetteer;

enum MoveKind : uint8_t {
  kPass,
  kDeploy,
  kAttack,
  kPro,
  kSurgeStart,
  kArrange,
  kEmergency,
  kOldSchoolBlock,
  kAllow,
  kSave,          // Crash Clinic: agent = the agent saved, x = the medic
  kDisguiseSwap,  // Disguise: agent = the agent that would be lost, x = the one switched in
  kBrainwash,     // Brainwashing: agent = the victim, x = the psychotherapist (first capture
                  // only, else kNoAgent), y = Place, z = column
  kPut,           // Shakeup / Hostile Takeover: agent, y = PutWhere, z = column of the new field
  kReplace,       // Big Con: agent = the field agent replaced, x = the hand card taking its place
  kDone,          // ends a run of Big Con replacements or Brainwashing captures
};
// kSpan: Security Perimeter, in front of columns z and z + 1 at once.
enum Place : uint8_t { kNewColumn, kFront, kBack, kSpan };
// Where a rearranged agent goes in the field being built: a new column on the right, behind the
// last agent of a column, or (Security Perimeter) in front of two new columns.
enum PutWhere : uint8_t { kPutNew, kPutBehind, kPutSpan };
enum AttackStyle : uint8_t { kNormal, kNinja, kTenthDan, kBurglary };
enum Phase : uint8_t {
  kMain,
  kOldSchoolWindow,
  kArranging,
  kEmergencyPlacement,
  kAttackReaction,
  kBrainwashPhase,  // the attacker's seat may re-deploy defeated agents (`brainwash`, `done`)
  kRearranging,     // Shakeup / Hostile Takeover: the seat to move builds a field (`put`)
  kBigConning,      // Big Con: the seat to move replaces field agents from its hand (`replace`)
};

struct MoveParts {
  MoveKind kind = kPass;
  uint16_t agent = kNoAgent, x = 0, y = 0;
  uint8_t z = 0, pro = kNoPro;
};
inline Move pack(const MoveParts& p) {
  return Move{uint64_t(p.kind) | uint64_t(p.agent) << 4 | uint64_t(p.x) << 14 |
              uint64_t(p.y) << 24 | uint64_t(p.z) << 34 | uint64_t(p.pro) << 42};
}
inline MoveParts unpack(Move m) {
  MoveParts p;
  p.kind = MoveKind(m.bits & 15);
  p.agent = uint16_t(m.bits >> 4 & 1023);
  p.x = uint16_t(m.bits >> 14 & 1023);
  p.y = uint16_t(m.bits >> 24 & 1023);
  p.z = uint8_t(m.bits >> 34 & 255);
  p.pro = uint8_t(m.bits >> 42 & 63);
  return p;
}
// A mode change as packed in a move: old mode (kNoMode: fill an empty place) and new mode.
inline uint16_t mode_change(int old_mode, int new_mode) {
  return uint16_t(old_mode << 4 | new_mode);
}

// Scrying arrangement: `top` lists the shown cards (0 = the top one as shown) in their new order
// from the top; `bottom` those sent to the bottom of the pile, in order (All-Seeing Eye only).
struct Arrangement {
  uint8_t top_count = 0, bottom_count = 0;
  std::array<uint8_t, kScryCards> top{}, bottom{};
};
Move pack_arrangement(const Arrangement& a);
Arrangement unpack_arrangement(Move m);

class TcgGame;

class TcgState final : public State {
 public:
  TcgState(std::shared_ptr<const Game> game, Chance chance);

  Seat current_player() const override;
  std::string why_illegal(Move move) const override;
  Returns returns() const override;
  std::unique_ptr<State> clone() const override;
  std::string move_to_string(Move move) const override;
  Move parse_move(std::string_view text) const override;
  // Public: fields, modes, master plans, bombs, discards, hand and pile sizes, open hands, the
  // phase. Private to `viewer`: its own hand, cards of other hands and piles it has seen (Hacking,
  // Scrying), and the cards being arranged when it is the scryer. `cards` holds the face (name,
  // occupation, organisation, phone, city, country, army, pro moves) of exactly the agents the
  // rest of the observation shows, for clients that draw the cards.
  json observation(Seat viewer) const override;
  // The modes, bombs, each seat's columns and the cards of its hand the viewer sees, one card a
  // line; a line longer than 80 columns goes on below, indented (a terminal's width).
  std::string render(Seat viewer) const override;
  // What is left to each seat (cards to draw, in hand, agents in the field, as all may count
  // them) and what the seat to move decides now; to that seat, one example of each kind of move
  // it may make.
  std::string turn_status(Seat viewer) const override;
  // Every agent of every deck in exactly one place per copy, claimed agents in no hand, fields
  // within limits, master plan holders in the field, bombs on exposed... field agents.
  void check_invariants() const override;
  // The game's own judgement of a position (estimate.cc; docs/games/conspiracy-tcg.md, "Computer
  // players"). A seat is out when its last card is gone (field, hand and draw pile: the hand
  // refills from the pile, and an empty field is refilled from the hand), so what a seat has left
  // is every card it still holds, wherever it is:
  //   life = cards in the field × 1.1 + in the hand + in the pile
  //          + 0.4 per card that can change the attack modes (at most 3; a mode change is what
  //            turns a field no attack can touch into one that loses agents)
  // A draw or a deployment moves a card and is no progress; a kill is. Then the threats:
  //   - an attack being answered (Crash Clinic, Disguise, Brainwashing): its defeated agents are
  //     lost, less one per attacked seat that still has a medic to answer with; a beaten attacker
  //     with them;
  //   - under two active modes (while Old School may still veto a change, the proposed ones):
  //     every seat's best single attack — a launcher (a rear agent or a Foreign Agent not blocked
  //     by Home Turf) against the exposed agents of one seat (Ninja Ops: one column, Tenth-Dan:
  //     all of them) — kills its agents beaten in both modes (one fewer when the seat has a
  //     medic) and the launcher dies when one of them beats it in both; the seat that acts next
  //     makes 0.7 of it, every other seat 0.3. A field being rearranged (Shakeup, Hostile
  //     Takeover) counts as it is being built (planned_field), not as the old one that stands
  //     until the last put, so each put is judged by where it puts the agent.
  // Win chance p = life² / Σ life² over the seats still in; the returns are (n·p − 1)/(n − 1).
  bool estimate_returns(Returns& out) const override;
  // The agents a move names, in notation order (`@17`; bombs: the planter and the two agents),
  // after a deploy's card where it goes (`new`, `front c2`, `back c1`), after an attack's launcher
  // the seats attacked (`seat 1`); none for pass, allow and arrange (docs/games/conspiracy-tcg.md,
  // "Places").
  MovePlaces move_places(Move move) const override;
  // True for a move after which some hand or pile changes other than by the card the move names
  // (a draw, a card seen by Hacking or Scrying, a claimed card revealed), or a hand opens.
  bool reveals(Move move) const override;
  // The lab's figures (figures.cc): "capped" (the ply cap ended it); "deploys", "attacks",
  // "passes" (moves of each kind); "seats_left" (seats not eliminated at the end);
  // "winner_master_plans" (master plans the winner holds at the end, 0 without a winner); and per
  // pro move a move can name, "pro_<name>" (pro_hacking, pro_ninja_ops, ...): the moves that used
  // it (a deploy or attack with its option, a pro action, a Shadow Surge discard, an Old School
  // veto, a Crash Clinic save, a Disguise switch). Why a capped game did not end, read from its
  // final position among the seats still in, with every card they hold wherever it is (field,
  // hand, pile; positions, Home Turf and Crash Clinic ignored, so "no kill" is never claimed
  // where one could happen): "capped_no_attack_kills" (1 in a capped game where no agent that may
  // launch now beats an agent it could attack, exposed or, for Ninja Ops, in a column, in both
  // active modes, other than the one a Crash Clinic medic saves: the fields as they stand allow
  // no lasting kill), "capped_no_kill_now" (1 in a capped
  // game where no card of one seat
  // beats a card of another in both active modes) and "capped_stalemate" (1 in a capped game the
  // rules cannot end: no attack kills for good now, and either no kill under any allowed pair of
  // modes, or none under the active pair and no card left, anywhere, that can still change the
  // modes, or nothing left that can change a field or the modes: no card in a hand or pile and no
  // field agent with a pro move in play (pro_moves_in_play) it enacts from the field or that
  // changes the modes or a field's order).
  // A seat is out only when its last card is gone, and no rule ends a game otherwise.
  void figures(Figures& out) const override;
  // Whether some card of one seat still in beats a card of another seat still in, in both modes
  // of `modes` (wherever the cards are; see figures). Precondition: modes.count() == 2.
  bool kill_possible(const ModePair& modes) const;
  // Whether some agent that may launch now (any seat's) beats, in both active modes, an agent of
  // another seat it could attack (an exposed one, or with Ninja Ops any one) and that no Crash
  // Clinic medic can save (one of its victims, when there are several: see figures).
  bool attack_kills() const;
  // The lab's seat figures (figures.cc; trajectories): "field_agents" (each seat's agents in its
  // field), "hand_cards", "pile_cards" (its draw pile) and "master_plans" (those its field agents
  // hold).
  void seat_figures(SeatFigures& out) const override;
  // For learning (learning.cc, learning_tensor.cc; the numbering and the layout are described at
  // TcgGame below). A move's agents are numbered by the slot the seat to move sees them in, never
  // by their identity: a slot of its hand, a place (column, depth) of a field, a defeated agent's
  // place in the attack's list, a bomb's place in the list of bombs.
  int action_index(Move move) const override;
  Move action_move(int action) const override;
  void write_observation_tensor(Seat viewer, std::span<float> out) const override;

  // Accessors (tests, rendering, the estimate).
  Phase phase() const { return phase_; }
  Seat to_move() const { return to_move_; }
  const ModePair& modes() const { return modes_; }
  bool eliminated(Seat s) const { return seat(s).out; }
  int hand_count(Seat s) const { return seat(s).hand_count; }
  uint16_t hand_card(Seat s, int i) const { return seat(s).hand[std::size_t(i)]; }
  int hand_size(Seat s) const { return seat(s).hand_size; }
  bool hand_open(Seat s) const { return seat(s).hand_open; }
  int pile_count(Seat s) const { return seat(s).pile_count; }
  // Index 0 is the top of the pile.
  uint16_t pile_card(Seat s, int i) const {
    return seat(s).pile[std::size_t(seat(s).pile_count - 1 - i)];
  }
  int columns(Seat s) const { return seat(s).columns; }
  // Security Perimeter: whether the front agent of column c also stands in front of column c + 1.
  bool bridges(Seat s, int c) const { return seat(s).bridges >> c & 1; }
  // Whether the agent at (c, depth) of `s` is exposed: the front of a column no bridge defends.
  bool is_exposed(Seat s, int c, int depth) const {
    return depth == 0 && (c == 0 || !(seat(s).bridges >> (c - 1) & 1));
  }
  int column_length(Seat s, int c) const { return seat(s).col_len[std::size_t(c)]; }
  // depth 0 = front.
  uint16_t field_agent(Seat s, int c, int depth) const {
    return seat(s).col[std::size_t(c)][std::size_t(depth)];
  }
  int field_count(Seat s) const;
  // The seat whose field holds `agent`, or -1.
  Seat field_owner(uint16_t agent) const;
  bool claimed(uint16_t agent) const { return claimed_[agent]; }
  bool discarded(uint16_t agent) const { return discarded_[agent]; }
  // The agent holding master plan `k` (0 = Ancient Secrets ... 5 = Vaccines), or kNoAgent.
  uint16_t plan_holder(int k) const { return plan_holder_[std::size_t(k)]; }
  // How many master plans `s` holds.
  int master_plans(Seat s) const;
  // How many seats are still in (not eliminated).
  int seats_in() const {
    int in = 0;
    for (Seat s = 0; s < num_players(); ++s) in += seat(s).out ? 0 : 1;
    return in;
  }
  int bomb_count() const { return bomb_count_; }
  std::pair<uint16_t, uint16_t> bomb(int i) const {
    return {bombs_[std::size_t(i)][0], bombs_[std::size_t(i)][1]};
  }
  Seat winner() const { return winner_; }
  bool stopped_by_ply_cap() const { return capped_; }
  // Whether the game ended in a dead position (below): over, not by the cap, without a winner
  // and with seats still in.
  bool ended_dead() const;
  // A dead position (ruling 27, docs/games/conspiracy-tcg.md): no sequence of moves can leave a
  // last player standing, so the game ends as soon as a move leaves one. It is one when two modes
  // are active in the main phase, no seat still in holds a card in hand or pile (no deployment,
  // no hand pro move, no draw), no field agent may enact a pro move from the field that discards
  // it (a mode change that can still change a mode, Inside Job while three seats are in, Planting
  // Bombs while it has agents to link or a bomb to remove, Shakeup, Hostile Takeover; a Burglary
  // only with an elected official, a Home Turf card, in another seat's field to attack:
  // pro_moves_in_play), so the modes and the cards are fixed and only attacks change the fields,
  // and either no attack changes a field — no card of one seat still in beats a card of another in
  // both modes, or, the fields being fixed, no agent that may launch (rear, foreign, not held by
  // Home Turf) beats an agent it may attack (exposed; with Ninja Ops, any of the seat's) in both
  // modes or is beaten so by one (so no kill, lost launcher, Brainwashing, bomb, medic or
  // Disguise): every move left is an attack that changes nothing or a pass — or attacks may change
  // the fields but two seats or more each keep an agent they can never lose
  // (a_last_player_may_remain is false).
  bool dead_position() const;
  // Whether `agent`, in the field or hand, may exercise pro move `p` now: it qualifies and is not
  // a master plan holder (which exercises no other pro move).
  bool may_use(uint16_t agent, ProMove p) const;
  // Whether `agent` qualifies for Crash Clinic (a medical agent, which no medic saves).
  bool medical(uint16_t agent) const;
  // Crash Clinic: calls f(medic) for every medic of `t` that may save its field agent at (lc, ld):
  // not the agent itself, not a medical agent, not an agent defending the medic (in front of it
  // in its column, or across a perimeter into the next column's front).
  template <class F>
  void for_each_saving_medic(Seat t, int lc, int ld, F&& f) const {
    const SeatState& st = seat(t);
    const uint16_t lost = st.col[std::size_t(lc)][std::size_t(ld)];
    if (medical(lost)) return;
    for (int c = 0; c < st.columns; ++c)
      for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
        const uint16_t medic = st.col[std::size_t(c)][std::size_t(d)];
        if (medic == lost || !may_use(medic, kCrashClinic)) continue;
        if (c == lc && ld < d) continue;
        if (c == lc + 1 && ld == 0 && (st.bridges >> lc & 1)) continue;  // a perimeter
        f(medic);
      }
  }
  // The exposed agents of `s` (the front of each column).
  int exposed(Seat s, std::array<uint16_t, kMaxColumns>& out) const;

 protected:
  void do_legal_moves(MoveList& out) const override;
  void do_apply(Move move) override;
  json state_json() const override;
  // Per seat, the cards of its hand and pile that `viewer` has not seen are shuffled among those
  // places (claimed duplicates only among pile places: a hand never holds a claimed agent).
  void sample_hidden(Seat viewer, Rng& rng) override;

 private:
  friend class TcgGame;
  struct SeatState {
    std::array<uint16_t, kMaxPile> pile{};      // top = pile[pile_count - 1]
    std::array<uint8_t, kMaxPile> pile_seen{};  // bit v: seat v knows this card
    std::array<uint16_t, kMaxHandSize> hand{};
    std::array<uint8_t, kMaxHandSize> hand_seen{};
    std::array<std::array<uint16_t, kMaxDepth>, kMaxColumns> col{};
    std::array<uint8_t, kMaxColumns> col_len{};
    uint8_t pile_count = 0, hand_count = 0, columns = 0;
    uint8_t hand_size = kStartHandSize;
    uint8_t bridges = 0;  // bit c: column c's front also stands in front of column c + 1
    bool hand_open = false, out = false;
  };
  const TcgGame& rules() const;
  // Whether some agent that may launch now beats an agent it may attack in both modes, or is
  // beaten so by one (dead_position; every agent of the seat for Ninja Ops).
  bool some_attack_changes_a_field() const;
  // The pro moves agent `a` of seat `owner` may still enact in this position however the game
  // goes on, once no card is left to deploy (dead_position; the lab's capped_stalemate): those of
  // its card it may use (a master plan holder uses only its plan), less Inside Job with fewer than
  // three seats still in (it needs a third player), a Shadow Surge for a network already active
  // (the two modes always differ, so setting either to it changes nothing) and Planting Bombs
  // with no bomb to remove and no other seat with two columns (it links two exposed agents of
  // one other player).
  ProMoveSet pro_moves_in_play(Seat owner, uint16_t a) const;
  // Whether, the modes and the cards being fixed (dead_position's other conditions), every seat
  // still in but one could still lose all its field agents: each agent beaten in both modes by an
  // agent of another seat still in (so an attack may kill it, or it may die launching), bombed to
  // such an agent, or the seat holds a Disguise agent and some agent it could lose. True wherever
  // Brainwashing may follow a kill (a captured agent changes sides).
  bool a_last_player_may_remain() const;
  // Calls f(a, t, ninja) for every field agent a that may launch an attack now and every other
  // seat t still in (ninja: a may attack any agent of t's field, not only the exposed ones);
  // true at the first call that returns true (attack_kills, some_attack_changes_a_field).
  template <class F>
  bool any_launcher_against(F&& f) const {
    for (Seat s = 0; s < num_players(); ++s) {
      if (seat(s).out) continue;
      const SeatState& st = seat(s);
      for (int c = 0; c < st.columns; ++c)
        for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
          const uint16_t a = st.col[std::size_t(c)][std::size_t(d)];
          if (!can_launch(a, false)) continue;
          const bool ninja = may_use(a, kNinjaOps) || may_use(a, kTenthDanNinjaOps);
          for (Seat t = 0; t < num_players(); ++t)
            if (t != s && !seat(t).out && f(a, t, ninja)) return true;
        }
    }
    return false;
  }
  const SeatState& seat(Seat s) const { return seats_[std::size_t(s)]; }
  SeatState& seat(Seat s) { return seats_[std::size_t(s)]; }
  // Calls f(agent) for every card `s` holds: its field, its hand and its pile.
  template <class F>
  void for_each_card(Seat s, F&& f) const {
    const SeatState& st = seat(s);
    for (int c = 0; c < st.columns; ++c)
      for (int d = 0; d < st.col_len[std::size_t(c)]; ++d)
        f(st.col[std::size_t(c)][std::size_t(d)]);
    for (int i = 0; i < st.hand_count; ++i) f(st.hand[std::size_t(i)]);
    for (int i = 0; i < st.pile_count; ++i) f(st.pile[std::size_t(i)]);
  }
  // Knowledge masks: bit s for seat s, bit 7 for spectators (who see what is shown to everyone).
  uint8_t everyone() const { return uint8_t(((1u << num_players()) - 1) | 0x80); }
  static uint8_t viewer_bit(Seat v) { return v < 0 ? uint8_t(0x80) : uint8_t(1u << v); }

  // --- rules.cc
  void setup();
  void draw(Seat s);
  void refill(Seat s);
  void claim(uint16_t agent, Seat by);
  void remove_from_hand(Seat s, int index);
  int hand_index(Seat s, uint16_t agent) const;
  bool field_position(uint16_t agent, Seat& s, int& c, int& d) const;
  void place(Seat s, uint16_t agent, Place where, int column);
  // Takes `agent` out of the field (to the discard pile, freeing its master plan and bombs).
  void discard_from_field(uint16_t agent);
  // Takes `agent` out of the field of `s` at (c, d), keeping the bridges right; not discarded.
  void lift(Seat s, int c, int d);
  // The agent leaves play or changes hands: its master plan is freed and its bombs removed.
  // `agent` leaves its master plan and (unless `keep_bombs`) its bombs.
  void release(uint16_t agent, bool keep_bombs = false);
  void discard_source(uint16_t agent);  // dH or dF, whichever holds it
  bool can_launch(uint16_t agent, bool ignore_home_turf) const;
  bool foreign_agent(uint16_t agent) const;
  bool home_turf_blocks(uint16_t agent) const;
  bool elected(uint16_t agent) const;
  void legal_main(MoveList& out) const;
  void legal_deploy(MoveList& out, uint16_t agent) const;
  // The places a new agent of seat `s` may take (Security Perimeter spans only when `span`).
  int placements(Seat s, bool span,
                 std::array<std::pair<Place, int>, 2 + 3 * kMaxColumns>& out) const;

  // --- pro_moves.cc: Brainwashing, Shakeup, Hostile Takeover, Big Con.
  bool can_brainwash() const;
  void legal_brainwash(MoveList& out) const;
  void apply_brainwash(const MoveParts& p);
  // Starts a rearrangement of `target`'s field (keep_columns: Hostile Takeover).
  void start_rearranging(Seat target, bool keep_columns);
  void legal_puts(MoveList& out) const;
  void apply_put(const MoveParts& p);
  // How many more agents the field being built needs before it is valid.
  int rearrange_needs() const;
  void legal_big_con(MoveList& out) const;
  void apply_replace(const MoveParts& p);
  void end_big_con();
  // Why a move of the new phases is illegal ("" when no specific reason is known).
  std::string why_illegal_run(const MoveParts& p) const;
  void legal_attacks(MoveList& out) const;
  void legal_pro(MoveList& out, uint16_t agent, bool in_hand) const;
  void push_mode_changes(MoveList& out, MoveParts p, int only_new_a, int only_new_b,
                         bool or_replace = false) const;
  void legal_arrangements(MoveList& out) const;
  void apply_deploy(const MoveParts& p);
  void apply_attack(const MoveParts& p);
  void apply_pro(const MoveParts& p);
  void apply_arrange(Move m);
  // Proposes new modes: opens the Old School window or applies them at once.
  void propose_modes(const ModePair& pair, Seat actor);
  void kill(uint16_t agent, std::string& account);
  // Attack reactions: whether seat `t` can still save or switch one of the agents it would lose;
  // asks the next seat that can, or resolves the attack.
  bool can_react(Seat t) const;
  void next_reaction();
  void finish_attack();
  // After a move: the game ends at a dead position (ruling 27) or at the engine's ply cap.
  void end_if_dead_or_capped();
  // After the reactions and Brainwashing: the defeated die, the attacker may be doomed.
  void resolve_attack();
  void legal_reactions(MoveList& out) const;
  bool pending_kill(uint16_t agent) const;
  // After an action (or a reaction) is resolved: eliminations and emergency placements, then the
  // turn goes on (`continue_turn_`) or ends.
  void settle();
  void end_turn();
  void next_turn();
  std::string agent_text(uint16_t agent) const;

  // --- learning.cc: slots. The place of `agent` in the field of `s` (column * kMaxDepth + depth;
  // -1: none); its slot among the hand's kMaxHandSize slots (hand_index) then the field's places.
  // The inverses give kNoAgent for an empty or impossible slot.
  int field_slot(Seat s, uint16_t agent) const;
  int own_slot(Seat s, uint16_t agent) const;
  uint16_t hand_agent(Seat s, int slot) const;
  uint16_t field_agent_at(Seat s, int slot) const;
  uint16_t own_agent(Seat s, int slot) const;
  // --- estimate.cc: estimate_returns' threats: under `modes` (two active), each seat's best
  // single attack, weighted by how soon it can make it, taken from the life of its victim (and
  // of the attacker when it would die).
  void threat_losses(const ModePair& modes, std::array<double, kMaxSeats>& life) const;
  // action_move's decoding of the blocks whose actions carry options: `i` is the action's number
  // within its block, `m` is filled; false when a slot it names is empty.
  bool deploy_of_action(int i, MoveParts& m) const;
  bool attack_of_action(int block, int i, MoveParts& m) const;
  bool pro_of_action(int i, MoveParts& m) const;

  // --- observation.cc
  json seat_json(Seat s, Seat viewer, bool truth) const;
  // The field being built by Shakeup / Hostile Takeover, and reading it back (BadRecord).
  json built_json() const;
  void restore_built(const json& j);

  std::array<SeatState, kMaxSeats> seats_{};
  std::bitset<kMaxAgents> claimed_, discarded_;
  ModePair modes_;
  std::array<uint16_t, kMasterPlans> plan_holder_{};
  std::array<std::array<uint16_t, 2>, kMaxBombs> bombs_{};
  uint8_t bomb_count_ = 0;
  Phase phase_ = kMain;
  int8_t to_move_ = 0;
  bool turn_begun_ = false;     // the turn's action (or a surge) has been taken
  bool continue_turn_ = false;  // after settling, the seat acts again (Capable of Anything)
  bool coa_used_ = false;
  bool ending_ = false;         // the turn is ending: after settling, refill and pass the turn
  uint16_t doomed_ = kNoAgent;  // the attacker who dies at the end of the turn
  // Old School window: the proposed modes, who proposed them, the seat asked now.
  ModePair proposed_;
  int8_t proposer_ = -1, asked_ = -1;
  // Scrying: the scryer's target, how many cards are shown, how many may go to the bottom.
  int8_t scry_target_ = -1;
  uint8_t scry_count_ = 0, scry_bottom_ = 0;
  // An attack being resolved: the agents that would die, the attacker and whether it dies, the
  // seat reacting now, the seats already asked, and the reactions the reacting seat has used
  // (bit 0 Crash Clinic, bit 1 Disguise).
  std::array<uint16_t, 64> pending_{};
  uint8_t pending_count_ = 0;
  uint16_t attacker_ = kNoAgent;
  bool attacker_dies_ = false;
  int8_t reacting_ = -1;
  uint8_t asked_reaction_ = 0, react_used_ = 0;
  // Brainwashing: captures still allowed (after the first), whether the first is taken.
  uint8_t brain_left_ = 0;
  bool brain_started_ = false;
  // A field being built (Shakeup, Hostile Takeover): whose, how many columns it must have (0:
  // any), its columns so far, how many agents are placed.
  int8_t rearranged_ = -1;
  uint8_t keep_columns_ = 0;
  struct BuiltField {
    std::array<std::array<uint16_t, kMaxDepth>, kMaxColumns> col{};
    std::array<uint8_t, kMaxColumns> col_len{};
    uint8_t columns = 0, bridges = 0;
  };
  BuiltField built_{};
  uint8_t built_count_ = 0;
  // The field being built as the estimate reads it (pro_moves.cc): the agents put so far where
  // they are, then the ones still to put, front to back in their old order, in one new column on
  // the right (behind the last columns when eight are built): the rearranging seat places them
  // before anyone else moves, so the old arrangement no longer stands.
  BuiltField planned_field() const;
  // Big Con: replacements left.
  uint8_t con_left_ = 0;
  // Emergency placement: the seat that must place now.
  int8_t emergency_ = -1;
  int8_t winner_ = -1;
  bool over_ = false, capped_ = false;
  FigureTally tally_;  // for figures(): counted in do_apply, saved with the state
};

class TcgGame final : public Game {
 public:
  explicit TcgGame(const json& params);
  int num_players() const override { return players_; }
  using Game::new_initial_state;
  std::unique_ptr<State> new_initial_state(Chance chance) const override;
  std::vector<NotationKind> notation() const override;
  // The seat's deck and number: "Sample Deck (seat 0)".
  std::string seat_name(Seat seat) const override;
  // Every agent of the decks in play, `@0`.. (the cards a client draws one element for), the
  // deploy targets `new`, `front c1`..`back c8` and the seats `seat 0`...
  std::vector<std::string> board_places() const override;

  int agent_count() const { return int(cards_.size()); }
  const Card& card(uint16_t agent) const { return *cards_[agent]; }
  const CompareKeys& keys(uint16_t agent) const { return keys_[agent]; }
  // Seat `s`'s deck as agents, in file order.
  const std::vector<uint16_t>& deck(Seat s) const { return decks_[std::size_t(s)]; }
  const std::string& deck_name(Seat s) const { return deck_names_[std::size_t(s)]; }
  // Interned, case-folded country / city / jurisdiction of an agent (-1: none).
  int country(uint16_t agent) const { return country_[agent]; }
  int city(uint16_t agent) const { return city_[agent]; }
  int jurisdiction(uint16_t agent) const { return jurisdiction_[agent]; }
  int max_plies() const { return max_plies_; }
  double venue_latitude() const { return venue_lat_; }
  double venue_longitude() const { return venue_lon_; }
  // What placing cards by the gazetteer could not do ("Tom Ames (Paris): not placed, ambiguous:
  // ...; it loses NEAR and FAR"); also logged at setup.
  const std::vector<std::string>& placement_notes() const { return notes_; }
  // Variant: a Security Perimeter agent is in both columns it defends (Ninja Ops).
  bool perimeter_in_both_columns() const { return perimeter_in_both_; }
  // Variant (ruling 21): a bombed agent captured by Brainwashing loses its bomb. Default false:
  // the bomb stays with it in its new field and goes off with its partner.
  bool brainwashing_defuses_bombs() const { return brainwashing_defuses_; }
  // Variant (ruling 27): the seats still in at a dead position share the win. Default false: a
  // draw, as the ply cap scores.
  bool dead_position_shared() const { return dead_position_shared_; }

  // ---- For learning (core/game.h; learning.cc, learning_tensor.cc) ----
  // Actions: one block per kind of move, in this order, each numbered within its block in mixed
  // radix (the last part fastest). P = players; H = a slot of the hand of the seat to move (9);
  // F = a place (column * 6 + depth) in one field (48); O = H then the own field's F (57); a
  // mode change = (old mode + 1, 0 for an empty place) * 9 + new mode (90); a place = Place * 8
  // + column (32); a seat set = a P-bit mask:
  //   pass 1 | allow 1 | done 1 | place (H) | oldschool (F) | save (lost F, medic F) | disguise
  //   (lost F, other O) | surge (F, which of Temple of Dagon / Big Brother / Secret Handshake,
  //   change) | deploy (H, place, option: none, hack seat, scry seat, eye seat, legal change,
  //   surge pro and change, master plan) | attack (launcher F, seat) | ninja (F, seat, column) |
  //   tenth-dan (F, seat) | onslaught (F, dancer H, seat set) | third-rate burglary (F, plumber
  //   F, seat) | second-rate burglary (F, plumber F, seat set) | inside job (seat, its agent F,
  //   decorator F, seat attacked) | pro (agent O, option: rolling / legal / tabula / spysat /
  //   wiretap and change, clockwork, shakeup, bigcon, takeover seat, paperwork seat and -/+, bomb
  //   seat and the two front agents' columns, defuse the i-th bomb) | arrange (the i-th of every
  //   arrangement of up to 5 cards, sorted by packing) | brainwash (the i-th defeated agent,
  //   therapist none or O, place) | put (F of the field rearranged, new/behind/span, column) |
  //   replace (F, H).
  // 306,824 actions with 2 players, 336,755 with 3, 382,238 with 4, 454,217 with 5, 574,580
  // with 6.
  int num_distinct_actions() const override;
  // The observation tensor, shape {agents * kAgentFeatures + 6 * kSeatFeatures +
  // kGlobalFeatures}: a block per agent (where the viewer sees it: field seat, column, depth,
  // exposed; hand seat and slot; pile seat and depth; discarded, claimed, master plan, bombs, in
  // the attack, doomed, in the field being built), a block per seat (counts, bridges, column
  // lengths, its part in the decision under way) and the rest (ply, phase, turn flags, modes,
  // proposed modes, the attack's and runs' counters). Hand and pile cards only where the viewer
  // has seen them (observation's rule); the information-state tensor is the same (a seat's
  // knowledge of each card is kept where the card lies).
  static constexpr int kAgentFeatures = 69;
  static constexpr int kSeatFeatures = 34;
  static constexpr int kGlobalFeatures = 33 + 2 * kModeCount;
  std::vector<int> observation_tensor_shape() const override;
  // The last seat standing +1, every other -1/(n-1), all 0 under the ply cap: the default
  // utility (zero-sum). The ply cap bounds the length.
  int max_game_length() const override { return max_plies_; }
  // The largest deck in play: the deal shuffles each.
  int max_chance_outcomes() const override;

 protected:
  std::unique_ptr<State> restore_state(const json& fields, Chance chance) const override;

 private:
  int players_;
  int max_plies_;
  double venue_lat_, venue_lon_;
  bool perimeter_in_both_ = true;
  bool brainwashing_defuses_ = false;
  bool dead_position_shared_ = false;
  bool letter_by_letter_ = false;  // library_order=letter-by-letter (modes.h, library_key)
  std::vector<Deck> loaded_;       // decks read from files (sample decks are referenced in place)
  std::vector<const Card*> cards_;
  std::vector<CompareKeys> keys_;
  std::vector<std::vector<uint16_t>> decks_;
  std::vector<std::string> deck_names_;
  std::vector<int> country_, city_, jurisdiction_;
  std::deque<Card> placed_;  // copies of city-only cards with the gazetteer's coordinates
  std::vector<std::string> notes_;
  // The gazetteer the `gazetteer` parameter names, or null when it is not installed.
  std::shared_ptr<const Gazetteer> gazetteer() const;
  // Sets the venue from a city name ("Paris, FR"); throws BadParams.
  void place_venue(const std::string& venue);
  // Points the cards that give only a city at copies placed by the gazetteer (notes_ says what
  // could not be placed).
  void place_city_only_cards();
};

// The registry entry for Conspiracy TCG.
GameEntry entry();

}  // namespace tabletop::conspiracy_tcg
