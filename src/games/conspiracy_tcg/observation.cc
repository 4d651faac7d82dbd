// Conspiracy TCG: saved states, observations, hidden-state sampling, rendering and invariants (the
// estimate for computer players is in estimate.cc).
#include <algorithm>
#include <sstream>

#include "core/text.h"
#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {

namespace {

json modes_json(const ModePair& m) {
  json out = json::array();
  for (uint8_t x : m.m)
    if (x != kNoMode) out.push_back(mode_name(x));
  return out;
}

ModePair modes_from(const json& j) {
  if (!j.is_array() || j.size() > 2) throw BadRecord("modes: expected up to two mode names");
  int m[2] = {kNoMode, kNoMode};
  for (std::size_t i = 0; i < j.size(); ++i) {
    m[i] = mode_of_name(j[i].get<std::string>());
    if (m[i] < 0 || m[i] == kNoMode) throw BadRecord("modes: unknown mode " + j[i].dump());
  }
  const ModePair p = make_pair_of(m[0], m[1]);
  if (!allowed(p)) throw BadRecord("modes: " + j.dump() + " may not stand together");
  return p;
}

const char* phase_name(Phase p) {
  switch (p) {
    case kOldSchoolWindow:
      return "old-school";
    case kArranging:
      return "arranging";
    case kEmergencyPlacement:
      return "emergency";
    case kAttackReaction:
      return "attack-reaction";
    case kBrainwashPhase:
      return "brainwashing";
    case kRearranging:
      return "rearranging";
    case kBigConning:
      return "big-con";
    default:
      return "main";
  }
}

std::string cards_text(const uint16_t* agents, const uint8_t* seen, int count) {
  std::string out;
  for (int i = 0; i < count; ++i) {
    if (i) out += ' ';
    out += std::to_string(agents[i]);
    if (seen[i]) out += ':' + std::to_string(seen[i]);
  }
  return out;
}

// Reads cards_text back; returns the count. Throws BadRecord.
int cards_from(const json& j, uint16_t* agents, uint8_t* seen, int capacity, int agent_count) {
  if (!j.is_string()) throw BadRecord("expected a string of agents, not " + j.dump());
  std::istringstream in(j.get<std::string>());
  int n = 0;
  for (std::string word; in >> word;) {
    if (n >= capacity) throw BadRecord("too many agents in \"" + j.get<std::string>() + "\"");
    const std::size_t colon = word.find(':');
    int a = -1, m = 0;
    try {
      std::size_t used = 0;
      a = std::stoi(word.substr(0, colon), &used);
      if (used != std::min(colon, word.size())) a = -1;
      if (colon != std::string::npos) m = std::stoi(word.substr(colon + 1));
    } catch (const std::exception&) {
      a = -1;
    }
    if (a < 0 || a >= agent_count || m < 0 || m > 255)
      throw BadRecord("bad agent \"" + word + "\"");
    agents[n] = uint16_t(a);
    seen[n] = uint8_t(m);
    ++n;
  }
  return n;
}

// What the viewer reads on the face of a card it can see: name, occupation, organisation,
// phone, city, country, shadow army and pro moves (empty fields left out).
json card_face(const Card& c) {
  json j = json::object();
  j["name"] = display_name(c);
  for (const auto& [key, text] :
       {std::pair{"occupation", &c.occupation}, std::pair{"organisation", &c.organisation},
        std::pair{"phone", &c.phone}, std::pair{"city", &c.city}, std::pair{"country", &c.country}})
    if (!text->empty()) j[key] = *text;
  j["army"] = army_name(c.army);
  json moves = json::array();
  for (int p = 0; p < kProMoveCount; ++p)
    if (c.pro_moves >> p & 1) moves.push_back(pro_move_name(ProMove(p)));
  j["pro_moves"] = moves;
  return j;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Saved states.

json TcgState::state_json() const {
  // Piles and hands are compact strings ("12 45:3 7": agent, and after ':' the mask of seats who
  // know the card when any): saved states of this game are large and written often.
  json seats = json::array();
  for (Seat s = 0; s < num_players(); ++s) {
    const SeatState& st = seat(s);
    json cols = json::array();
    for (int c = 0; c < st.columns; ++c) {
      json col = json::array();
      for (int d = 0; d < st.col_len[std::size_t(c)]; ++d)
        col.push_back(st.col[std::size_t(c)][std::size_t(d)]);
      cols.push_back(col);
    }
    json j = json::object();
    j["pile"] = cards_text(st.pile.data(), st.pile_seen.data(), st.pile_count);
    j["hand"] = cards_text(st.hand.data(), st.hand_seen.data(), st.hand_count);
    j["field"] = cols;
    if (st.bridges) j["bridges"] = st.bridges;
    j["hand_size"] = st.hand_size;
    j["hand_open"] = st.hand_open;
    j["out"] = st.out;
    seats.push_back(j);
  }
  std::string claimed, discarded;
  json plans = json::array(), bombs = json::array();
  for (int a = 0; a < rules().agent_count(); ++a) {
    if (claimed_[std::size_t(a)]) claimed += (claimed.empty() ? "" : " ") + std::to_string(a);
    if (discarded_[std::size_t(a)]) discarded += (discarded.empty() ? "" : " ") + std::to_string(a);
  }
  for (uint16_t h : plan_holder_) plans.push_back(h == kNoAgent ? -1 : int(h));
  for (int b = 0; b < bomb_count_; ++b)
    bombs.push_back({bombs_[std::size_t(b)][0], bombs_[std::size_t(b)][1]});
  json j = json::object();
  j["seats"] = seats;
  j["claimed"] = claimed;
  j["discarded"] = discarded;
  j["modes"] = modes_json(modes_);
  j["figures"] = tally_.to_json();
  j["plans"] = plans;
  j["bombs"] = bombs;
  j["phase"] = phase_name(phase_);
  j["to_move"] = to_move_;
  j["turn_begun"] = turn_begun_;
  j["continue_turn"] = continue_turn_;
  j["coa_used"] = coa_used_;
  j["ending"] = ending_;
  j["doomed"] = doomed_ == kNoAgent ? -1 : int(doomed_);
  j["proposed"] = modes_json(proposed_);
  j["proposer"] = proposer_;
  j["asked"] = asked_;
  j["scry"] = {scry_target_, scry_count_, scry_bottom_};
  j["emergency"] = emergency_;
  {
    std::string pending;
    for (int i = 0; i < pending_count_; ++i)
      pending += (i ? " " : "") + std::to_string(pending_[std::size_t(i)]);
    j["attack"] = {pending,         attacker_ == kNoAgent ? -1 : int(attacker_),
                   attacker_dies_,  reacting_,
                   asked_reaction_, react_used_};
  }
  if (phase_ == kBrainwashPhase) j["brainwash"] = {brain_started_, brain_left_};
  if (phase_ == kBigConning) j["big_con"] = con_left_;
  if (phase_ == kRearranging) j["rearrange"] = built_json();
  j["winner"] = winner_;
  j["over"] = over_;
  j["stopped_by_ply_cap"] = capped_;
  return j;
}

std::unique_ptr<State> TcgGame::restore_state(const json& f, Chance chance) const {
  auto state = std::make_unique<TcgState>(shared_from_this(), std::move(chance));
  TcgState& s = *state;
  const int n = num_players();
  auto agent = [&](const json& j) { return uint16_t(saved_int(j, "agent", 0, agent_count() - 1)); };
  const json& seats = f.at("seats");
  if (!seats.is_array() || int(seats.size()) != n) throw BadRecord("seats: one entry per seat");
  for (Seat i = 0; i < n; ++i) {
    const json& j = seats[std::size_t(i)];
    TcgState::SeatState& st = s.seats_[std::size_t(i)];
    const json& field = j.at("field");
    if (field.size() > std::size_t(kMaxColumns))
      throw BadRecord("seat " + std::to_string(i) + ": more than 8 columns");
    st.pile_count = uint8_t(
        cards_from(j.at("pile"), st.pile.data(), st.pile_seen.data(), kMaxPile, agent_count()));
    st.hand_count = uint8_t(
        cards_from(j.at("hand"), st.hand.data(), st.hand_seen.data(), kMaxHandSize, agent_count()));
    st.columns = uint8_t(field.size());
    for (std::size_t c = 0; c < field.size(); ++c) {
      if (field[c].empty() || field[c].size() > std::size_t(kMaxDepth))
        throw BadRecord("seat " + std::to_string(i) + ": a column holds 1 to 6 agents");
      st.col_len[c] = uint8_t(field[c].size());
      for (std::size_t d = 0; d < field[c].size(); ++d) st.col[c][d] = agent(field[c][d]);
    }
    st.bridges = j.contains("bridges") ? uint8_t(saved_int(j.at("bridges"), "bridges", 0, 255)) : 0;
    st.hand_size = uint8_t(saved_int(j.at("hand_size"), "hand_size", kMinHandSize, kMaxHandSize));
    st.hand_open = saved_bool(j.at("hand_open"), "hand_open");
    st.out = saved_bool(j.at("out"), "out");
  }
  {
    std::array<uint16_t, kMaxAgents> list;
    std::array<uint8_t, kMaxAgents> unused;
    const int nc =
        cards_from(f.at("claimed"), list.data(), unused.data(), kMaxAgents, agent_count());
    for (int k = 0; k < nc; ++k) s.claimed_[list[std::size_t(k)]] = true;
    const int nd =
        cards_from(f.at("discarded"), list.data(), unused.data(), kMaxAgents, agent_count());
    for (int k = 0; k < nd; ++k) s.discarded_[list[std::size_t(k)]] = true;
  }
  s.modes_ = modes_from(f.at("modes"));
  s.tally_.restore(f.contains("figures") ? f.at("figures") : json());
  const json& plans = f.at("plans");
  if (!plans.is_array() || plans.size() != std::size_t(kMasterPlans))
    throw BadRecord("plans: six entries");
  for (int k = 0; k < kMasterPlans; ++k)
    s.plan_holder_[std::size_t(k)] =
        saved_int(plans[std::size_t(k)], "plans", -1, agent_count() - 1) < 0
            ? kNoAgent
            : agent(plans[std::size_t(k)]);
  const json& bombs = f.at("bombs");
  if (bombs.size() > std::size_t(kMaxBombs)) throw BadRecord("bombs: too many");
  for (const json& b : bombs) s.bombs_[s.bomb_count_++] = {agent(b.at(0)), agent(b.at(1))};
  const std::string phase = f.at("phase");
  s.phase_ = phase == "old-school"        ? kOldSchoolWindow
             : phase == "arranging"       ? kArranging
             : phase == "emergency"       ? kEmergencyPlacement
             : phase == "attack-reaction" ? kAttackReaction
             : phase == "brainwashing"    ? kBrainwashPhase
             : phase == "rearranging"     ? kRearranging
             : phase == "big-con"         ? kBigConning
             : phase == "main"            ? kMain
                                          : throw BadRecord("phase: unknown \"" + phase + "\"");
  auto seat_or_none = [&](const json& j) { return int8_t(saved_int(j, "seat", -1, n - 1)); };
  s.to_move_ = seat_or_none(f.at("to_move"));
  if (s.to_move_ < 0) throw BadRecord("to_move: a seat");
  s.turn_begun_ = saved_bool(f.at("turn_begun"), "turn_begun");
  s.continue_turn_ = saved_bool(f.at("continue_turn"), "continue_turn");
  s.coa_used_ = saved_bool(f.at("coa_used"), "coa_used");
  s.ending_ = saved_bool(f.at("ending"), "ending");
  s.doomed_ = saved_int(f.at("doomed"), "doomed", -1, agent_count() - 1) < 0
                  ? kNoAgent
                  : agent(f.at("doomed"));
  s.proposed_ = modes_from(f.at("proposed"));
  s.proposer_ = seat_or_none(f.at("proposer"));
  s.asked_ = seat_or_none(f.at("asked"));
  const json& scry = f.at("scry");
  s.scry_target_ = seat_or_none(scry.at(0));
  s.scry_count_ = uint8_t(saved_int(scry.at(1), "scry (count)", 0, kScryCards));
  s.scry_bottom_ = uint8_t(saved_int(scry.at(2), "scry (bottom)", 0, kScryCards));
  s.emergency_ = seat_or_none(f.at("emergency"));
  if (f.contains("attack")) {
    const json& a = f.at("attack");
    std::array<uint8_t, 64> unused;
    s.pending_count_ = uint8_t(cards_from(a.at(0), s.pending_.data(), unused.data(),
                                          int(s.pending_.size()), agent_count()));
    s.attacker_ = saved_int(a.at(1), "attack (attacker)", -1, agent_count() - 1) < 0
                      ? kNoAgent
                      : agent(a.at(1));
    s.attacker_dies_ = saved_bool(a.at(2), "attack (attacker dies)");
    s.reacting_ = seat_or_none(a.at(3));
    s.asked_reaction_ = uint8_t(saved_int(a.at(4), "attack (asked)", 0, 255));
    s.react_used_ = uint8_t(saved_int(a.at(5), "attack (reactions used)", 0, 255));
  }
  if (s.phase_ == kAttackReaction && s.reacting_ < 0)
    throw BadRecord("attack-reaction phase without a seat reacting");
  if (s.phase_ == kBrainwashPhase) {
    const json& b = f.at("brainwash");
    s.brain_started_ = saved_bool(b.at(0), "brainwash (started)");
    s.brain_left_ = uint8_t(saved_int(b.at(1), "brainwash (left)", 0, 255));
    if (s.pending_count_ == 0) throw BadRecord("brainwashing without defeated agents");
  }
  if (s.phase_ == kBigConning) {
    s.con_left_ = uint8_t(saved_int(f.at("big_con"), "big_con", 1, 5));
    if (s.con_left_ < 1 || s.con_left_ > 5) throw BadRecord("big_con: 1 to 5 replacements left");
  }
  if (s.phase_ == kRearranging) s.restore_built(f.at("rearrange"));
  s.winner_ = seat_or_none(f.at("winner"));
  s.over_ = saved_bool(f.at("over"), "over");
  s.capped_ = saved_bool(f.at("stopped_by_ply_cap"), "stopped_by_ply_cap");
  if (s.phase_ == kOldSchoolWindow && (s.asked_ < 0 || s.proposer_ < 0))
    throw BadRecord("old-school phase without a seat asked");
  if (s.phase_ == kEmergencyPlacement && s.emergency_ < 0)
    throw BadRecord("emergency phase without a seat");
  if (s.phase_ == kArranging && (s.scry_target_ < 0 || s.scry_count_ > kScryCards ||
                                 s.scry_count_ > s.seats_[std::size_t(s.scry_target_)].pile_count))
    throw BadRecord("arranging phase without cards to arrange");
  s.check_invariants();
  return state;
}

json TcgState::built_json() const {
  json cols = json::array();
  for (int c = 0; c < built_.columns; ++c) {
    json col = json::array();
    for (int d = 0; d < built_.col_len[std::size_t(c)]; ++d)
      col.push_back(built_.col[std::size_t(c)][std::size_t(d)]);
    cols.push_back(col);
  }
  return {{"seat", rearranged_},
          {"keep_columns", keep_columns_},
          {"field", cols},
          {"bridges", built_.bridges}};
}

void TcgState::restore_built(const json& j) {
  rearranged_ = int8_t(saved_int(j.at("seat"), "rearrange (seat)", 0, num_players() - 1));
  keep_columns_ =
      uint8_t(saved_int(j.at("keep_columns"), "rearrange (keep_columns)", 0, kMaxColumns));
  const json& field = j.at("field");
  if (!field.is_array() || field.size() > std::size_t(kMaxColumns) || keep_columns_ > kMaxColumns)
    throw BadRecord("rearrange: at most 8 columns");
  built_ = BuiltField{};
  built_count_ = 0;
  built_.columns = uint8_t(field.size());
  built_.bridges = uint8_t(saved_int(j.at("bridges"), "rearrange (bridges)", 0, 255));
  for (std::size_t c = 0; c < field.size(); ++c) {
    if (!field[c].is_array() || field[c].size() > std::size_t(kMaxDepth))
      throw BadRecord("rearrange: a column holds up to 6 agents");
    built_.col_len[c] = uint8_t(field[c].size());
    for (std::size_t d = 0; d < field[c].size(); ++d) {
      const int a = int(saved_int(field[c][d], "rearrange (field)", 0, rules().agent_count() - 1));
      if (field_owner(uint16_t(a)) != rearranged_)
        throw BadRecord("rearrange: " + field[c][d].dump() + " is not in that seat's field");
      built_.col[c][d] = uint16_t(a);
      ++built_count_;
    }
  }
  if (built_count_ >= field_count(rearranged_)) throw BadRecord("rearrange: nothing left to put");
}

// ---------------------------------------------------------------------------------------------
// Observations and hidden information.

json TcgState::seat_json(Seat s, Seat viewer, bool truth) const {
  const SeatState& st = seat(s);
  const uint8_t me = viewer_bit(viewer);
  json hand = json::array(), known = json::array(), cols = json::array();
  for (int i = 0; i < st.hand_count; ++i)
    hand.push_back(truth || (st.hand_seen[std::size_t(i)] & me) ? json(st.hand[std::size_t(i)])
                                                                : json(nullptr));
  for (int i = 0; i < st.pile_count; ++i) {
    const int index = st.pile_count - 1 - i;  // from the top
    if (st.pile_seen[std::size_t(index)] & me) known.push_back({i, st.pile[std::size_t(index)]});
  }
  for (int c = 0; c < st.columns; ++c) {
    json col = json::array();
    for (int d = 0; d < st.col_len[std::size_t(c)]; ++d)
      col.push_back(st.col[std::size_t(c)][std::size_t(d)]);
    cols.push_back(col);
  }
  json j = json::object();
  j["deck"] = rules().deck_name(s);
  j["hand"] = hand;
  j["hand_size"] = st.hand_size;
  j["hand_open"] = st.hand_open;
  j["pile_count"] = st.pile_count;
  j["pile_known"] = known;
  j["field"] = cols;
  j["bridges"] = st.bridges;
  j["out"] = st.out;
  return j;
}

json TcgState::observation(Seat viewer) const {
  json seats = json::array();
  for (Seat s = 0; s < num_players(); ++s) seats.push_back(seat_json(s, viewer, false));
  json discarded = json::array(), plans = json::array(), bombs = json::array(),
       claimed = json::array();
  for (int a = 0; a < rules().agent_count(); ++a) {
    if (discarded_[std::size_t(a)]) discarded.push_back(a);
    if (claimed_[std::size_t(a)]) claimed.push_back(a);
  }
  for (uint16_t h : plan_holder_) plans.push_back(h == kNoAgent ? json(nullptr) : json(h));
  for (int b = 0; b < bomb_count_; ++b)
    bombs.push_back({bombs_[std::size_t(b)][0], bombs_[std::size_t(b)][1]});
  json obs = json::object();
  obs["game"] = "conspiracy-tcg";
  obs["viewer"] = viewer;
  obs["ply"] = ply();
  obs["seats"] = seats;
  obs["modes"] = modes_json(modes_);
  obs["master_plans"] = plans;
  obs["bombs"] = bombs;
  obs["claimed"] = claimed;
  obs["discarded"] = discarded;
  obs["phase"] = phase_name(phase_);
  obs["turn_of"] = to_move_;
  obs["turn"] = {turn_begun_, continue_turn_, coa_used_, ending_};
  obs["doomed"] = doomed_ == kNoAgent ? json(nullptr) : json(doomed_);
  if (phase_ == kOldSchoolWindow) obs["proposed"] = modes_json(proposed_);
  obs["old_school"] = {proposer_, asked_};
  obs["emergency"] = emergency_;
  {
    json pending = json::array();
    for (int i = 0; i < pending_count_; ++i) pending.push_back(pending_[std::size_t(i)]);
    obs["attack"] = {{"would_die", pending},
                     {"attacker", attacker_ == kNoAgent ? json(nullptr) : json(attacker_)},
                     {"attacker_dies", attacker_dies_},
                     {"reacting", reacting_},
                     {"asked", asked_reaction_},
                     {"used", react_used_}};
  }
  obs["scry"] = {scry_target_, scry_count_, scry_bottom_};
  if (phase_ == kBrainwashPhase) obs["brainwash"] = {brain_started_, brain_left_};
  if (phase_ == kBigConning) obs["big_con"] = con_left_;
  if (phase_ == kRearranging) obs["rearrange"] = built_json();
  // The faces of the cards the viewer sees (field agents, discards, hand and pile cards it
  // knows), by agent number, so a client can draw them; an agent it cannot see is not listed.
  {
    json faces = json::object();
    auto add = [&](const json& a) {
      if (a.is_number_integer())
        faces[std::to_string(a.get<int>())] = card_face(rules().card(uint16_t(a.get<int>())));
    };
    for (const json& s : seats) {
      for (const json& col : s["field"])
        for (const json& a : col) add(a);
      for (const json& a : s["hand"]) add(a);
      for (const json& k : s["pile_known"]) add(k[1]);
    }
    for (const json& a : discarded) add(a);
    obs["cards"] = faces;
  }
  obs["terminal"] = over_;
  obs["to_move"] = over_ ? json(nullptr) : json(current_player());
  if (over_) {
    obs["winner"] = winner_ >= 0 ? json(winner_) : json(nullptr);
    obs["stopped_by_ply_cap"] = capped_;
  }
  return obs;
}

void TcgState::sample_hidden(Seat viewer, Rng& rng) {
  const uint8_t me = viewer_bit(viewer);
  for (Seat s = 0; s < num_players(); ++s) {
    SeatState& st = seat(s);
    std::array<uint16_t*, kMaxPile + kMaxHandSize> hand_places{}, pile_places{};
    std::array<uint16_t, kMaxPile + kMaxHandSize> free_agents{}, claimed_agents{};
    int nh = 0, np = 0, nf = 0, nc = 0;
    for (int i = 0; i < st.hand_count; ++i)
      if (!(st.hand_seen[std::size_t(i)] & me)) {
        hand_places[std::size_t(nh++)] = &st.hand[std::size_t(i)];
        free_agents[std::size_t(nf++)] = st.hand[std::size_t(i)];
      }
    for (int i = 0; i < st.pile_count; ++i)
      if (!(st.pile_seen[std::size_t(i)] & me)) {
        pile_places[std::size_t(np++)] = &st.pile[std::size_t(i)];
        const uint16_t a = st.pile[std::size_t(i)];
        if (claimed_[a])
          claimed_agents[std::size_t(nc++)] = a;
        else
          free_agents[std::size_t(nf++)] = a;
      }
    // Claimed duplicates go to random pile places; everything else is shuffled over the rest.
    for (int k = np; k > 1; --k)
      std::swap(pile_places[std::size_t(k - 1)], pile_places[rng.uniform(uint32_t(k))]);
    for (int k = 0; k < nc; ++k) *pile_places[std::size_t(k)] = claimed_agents[std::size_t(k)];
    for (int k = nf; k > 1; --k)
      std::swap(free_agents[std::size_t(k - 1)], free_agents[rng.uniform(uint32_t(k))]);
    int next = 0;
    for (int k = 0; k < nh; ++k) *hand_places[std::size_t(k)] = free_agents[std::size_t(next++)];
    for (int k = nc; k < np; ++k) *pile_places[std::size_t(k)] = free_agents[std::size_t(next++)];
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering.

std::string TcgState::render(Seat viewer) const {
  const TcgGame& g = rules();
  std::ostringstream out;
  auto card_line = [&](uint16_t a) {
    const Card& c = g.card(a);
    std::string moves;
    for (int p = 0; p < kProMoveCount; ++p)
      if (c.pro_moves >> p & 1)
        moves += std::string(moves.empty() ? "" : ", ") + pro_move_name(ProMove(p));
    std::string line = "@" + std::to_string(a) + " " + display_name(c) + " [" + army_name(c.army) +
                       "] " + c.occupation;
    if (!moves.empty()) line += " {" + moves + "}";
    for (int k = 0; k < kMasterPlans; ++k)
      if (plan_holder_[std::size_t(k)] == a) line += " <holds the master plan>";
    return line;
  };
  out << "Attack modes: ";
  if (modes_.count() == 0) out << "none";
  for (uint8_t m : modes_.m)
    if (m != kNoMode) out << mode_name(m) << " ";
  out << "\n";
  for (int b = 0; b < bomb_count_; ++b)
    out << "Bomb: @" << bombs_[std::size_t(b)][0] << " + @" << bombs_[std::size_t(b)][1] << "\n";
  const uint8_t me = viewer_bit(viewer);
  for (Seat s = 0; s < num_players(); ++s) {
    const SeatState& st = seat(s);
    out << g.seat_name(s) << (s == viewer ? ", you" : "") << ": " << (st.out ? "ELIMINATED, " : "")
        << int(st.hand_count) << " in hand (size " << int(st.hand_size)
        << (st.hand_open ? ", face up" : "") << "), " << int(st.pile_count) << " to draw\n";
    for (int c = 0; c < st.columns; ++c) {
      out << "  c" << c + 1 << ":";
      if (st.bridges >> c & 1) out << " (Security Perimeter: also in front of c" << c + 2 << ")";
      for (int d = 0; d < st.col_len[std::size_t(c)]; ++d)
        out << (d ? "\n       behind: " : " ") << card_line(st.col[std::size_t(c)][std::size_t(d)]);
      out << "\n";
    }
    for (int i = 0; i < st.hand_count; ++i)
      if (st.hand_seen[std::size_t(i)] & me)
        out << "  hand: " << card_line(st.hand[std::size_t(i)]) << "\n";
  }
  if (over_)
    out << (winner_ >= 0 ? g.seat_name(winner_) + " rules the world.\n"
            : capped_    ? "Stopped by the engine's ply cap of " + std::to_string(g.max_plies()) +
                            " plies: a draw (max_plies, not a rule).\n"
            : !ended_dead() ? std::string("No seat is left: a draw.\n")
            : g.dead_position_shared()
                ? std::string("A dead position: the seats still in share the win.\n")
                : std::string("A dead position: no one can be the last standing; a draw.\n"));
  else
    out << g.seat_name(current_player()) << " to decide (" << phase_name(phase_) << ").\n";
  // Every line fits a terminal's 80 columns: a long one goes on 4 columns further in than it began.
  std::string wrapped;
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);)
    wrapped += wrap_words(line, 80, std::min(line.find_first_not_of(' '), line.size()) + 4) + "\n";
  return wrapped;
}

std::string TcgState::turn_status(Seat viewer) const {
  if (over_) return {};
  const TcgGame& g = rules();
  // What is left to each seat, as everybody may count it.
  std::string text = "Left (to draw/in hand/agents in the field):";
  for (Seat s = 0; s < num_players(); ++s) {
    const SeatState& st = seat(s);
    std::string name = g.seat_name(s);
    if (s == viewer) name.insert(name.size() - 1, ", you");
    text += std::string(s ? ";" : "") + " " + name + " " +
            (st.out ? std::string("eliminated")
                    : std::to_string(st.pile_count) + "/" + std::to_string(st.hand_count) + "/" +
                          std::to_string(field_count(s)));
  }
  const Seat me = current_player();
  static const char* const kWhat[] = {
      "its turn: deploy a card, a pro move, attack or pass",               // kMain
      "may veto the pro move with Old School, or allow it",                // kOldSchoolWindow
      "arranges the cards it scried",                                      // kArranging
      "places an agent from its hand (its field is empty)",                // kEmergencyPlacement
      "answers the attack (a pro move that saves or switches, or allow)",  // kAttackReaction
      "may brainwash the agents it defeated, or done",                     // kBrainwashPhase
      "builds its new field (put)",                                        // kRearranging
      "replaces field agents from its hand (replace), or done",            // kBigConning
  };
  text += ". " + g.seat_name(me) + ": " + kWhat[std::size_t(phase_)];
  if (viewer != me) return text + ".";
  // The seat to move reads one example of each kind of move it may make now (its own hand
  // decides them, so nobody else reads them).
  MoveList moves;
  legal_moves(moves);
  uint32_t kinds = 0;
  std::string examples;
  for (Move m : moves) {
    const uint32_t bit = 1u << unpack(m).kind;
    if (kinds & bit) continue;
    kinds |= bit;
    examples += (examples.empty() ? "" : ", ") + move_to_string(m);
  }
  return text + ". Next: e.g. " + examples + " ('moves' lists them all).";
}

// ---------------------------------------------------------------------------------------------
// Invariants.

void TcgState::check_invariants() const {
  const TcgGame& g = rules();
  std::vector<int> on_field(std::size_t(g.agent_count()), 0);
  for (Seat s = 0; s < num_players(); ++s) {
    const SeatState& st = seat(s);
    if (st.columns > kMaxColumns || st.hand_count > kMaxHandSize || st.hand_size < kMinHandSize ||
        st.hand_size > kMaxHandSize || st.pile_count + st.hand_count > int(g.deck(s).size()))
      throw InvariantError("seat " + std::to_string(s) + ": sizes out of range");
    // Cards are conserved: a seat's pile and hand hold only its own deck's cards, no more copies
    // of one than the deck has (a saved state is refused otherwise: six copies of one card in a
    // hand, another seat's hand, a pile of 40 copies).
    std::vector<int> left(std::size_t(g.agent_count()), 0);
    for (uint16_t a : g.deck(s)) ++left[a];
    auto take = [&](uint16_t a, const char* where) {
      if (a >= left.size() || (!claimed_[a] && --left[a] < 0))
        throw InvariantError("seat " + std::to_string(s) + "'s " + where + " holds @" +
                             std::to_string(a) + ", which its deck has no more copies of");
    };
    for (int i = 0; i < st.pile_count; ++i) take(st.pile[std::size_t(i)], "pile");
    for (int i = 0; i < st.hand_count; ++i) take(st.hand[std::size_t(i)], "hand");
    // A claimed agent in a hand only after Disguise sent it there, face up for everyone.
    for (int i = 0; i < st.hand_count; ++i)
      if (claimed_[st.hand[std::size_t(i)]] && st.hand_seen[std::size_t(i)] != everyone())
        throw InvariantError("seat " + std::to_string(s) + " holds a claimed agent");
    if ((st.bridges & st.bridges << 1) || (st.bridges >> st.columns) ||
        (st.columns > 0 && (st.bridges >> (st.columns - 1) & 1)))
      throw InvariantError("seat " + std::to_string(s) + ": bridges that touch or lead nowhere");
    for (int c = 0; c < st.columns; ++c) {
      if ((st.bridges >> c & 1) && st.col_len[std::size_t(c)] < 2)
        throw InvariantError("seat " + std::to_string(s) + ": a perimeter with no one behind it");
      if (st.col_len[std::size_t(c)] == 0 || st.col_len[std::size_t(c)] > kMaxDepth)
        throw InvariantError("seat " + std::to_string(s) + ": a column of bad length");
      for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
        const uint16_t a = st.col[std::size_t(c)][std::size_t(d)];
        if (!claimed_[a] || discarded_[a] || ++on_field[a] > 1)
          throw InvariantError("@" + std::to_string(a) + " in the field twice or unclaimed");
      }
    }
  }
  for (uint16_t h : plan_holder_)
    if (h != kNoAgent && !on_field[h])
      throw InvariantError("a master plan holder is not in the field");
  for (int b = 0; b < bomb_count_; ++b)
    if (!on_field[bombs_[std::size_t(b)][0]] || !on_field[bombs_[std::size_t(b)][1]])
      throw InvariantError("a bomb on an agent not in the field");
  if (!allowed(modes_)) throw InvariantError("attack modes that may not stand together");
}

}  // namespace tabletop::conspiracy_tcg
