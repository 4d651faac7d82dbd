// Conspiracy TCG: the pro moves that are runs of decisions by the seat to move — Brainwashing
// (after an attack), Shakeup and Hostile Takeover (a field built anew, agent by agent) and Big Con
// (field agents replaced from the hand, one at a time). See conspiracy_tcg.h and the Rulings of
// docs/games/conspiracy-tcg.md.
#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {

namespace {

std::string at(uint16_t agent) {
  return "@" + std::to_string(agent);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Brainwashing: dH or dF, after an attack that defeats agents.

bool TcgState::can_brainwash() const {
  if (pending_count_ == 0) return false;
  const SeatState& st = seat(to_move_);
  // Any hand card may be a psychotherapist: the others must not learn whether one is there, so
  // a seat holding cards is always asked (it may only answer `done`).
  if (st.hand_count > 0) return true;
  for (int c = 0; c < st.columns; ++c)
    for (int d = 0; d < st.col_len[std::size_t(c)]; ++d)
      if (may_use(st.col[std::size_t(c)][std::size_t(d)], kBrainwashing)) return true;
  return false;
}

void TcgState::legal_brainwash(MoveList& out) const {
  const Seat s = to_move_;
  const SeatState& st = seat(s);
  MoveParts done;
  done.kind = kDone;
  out.push_back(pack(done));
  std::array<uint16_t, kMaxHandSize + kMaxColumns * kMaxDepth> therapists{};
  int nt = 0;
  if (!brain_started_) {
    for (int i = 0; i < st.hand_count; ++i)
      if (may_use(st.hand[std::size_t(i)], kBrainwashing))
        therapists[std::size_t(nt++)] = st.hand[std::size_t(i)];
    for (int c = 0; c < st.columns; ++c)
      for (int d = 0; d < st.col_len[std::size_t(c)]; ++d)
        if (may_use(st.col[std::size_t(c)][std::size_t(d)], kBrainwashing))
          therapists[std::size_t(nt++)] = st.col[std::size_t(c)][std::size_t(d)];
  } else {
    therapists[std::size_t(nt++)] = kNoAgent;
  }
  std::array<std::pair<Place, int>, 2 + 3 * kMaxColumns> places;
  for (int i = 0; i < pending_count_; ++i) {
    const uint16_t victim = pending_[std::size_t(i)];
    const int np = placements(s, rules().card(victim).pro_moves >> kSecurityPerimeter & 1, places);
    for (int t = 0; t < nt; ++t)
      for (int k = 0; k < np; ++k) {
        MoveParts p;
        p.kind = kBrainwash;
        p.agent = victim;
        p.x = therapists[std::size_t(t)];
        p.y = places[std::size_t(k)].first;
        p.z = uint8_t(places[std::size_t(k)].second);
        out.push_back(pack(p));
      }
  }
}

void TcgState::apply_brainwash(const MoveParts& p) {
  if (p.kind == kDone) return resolve_attack();
  const Seat s = to_move_;
  for (int i = 0; i < pending_count_; ++i)
    if (pending_[std::size_t(i)] == p.agent) {
      pending_[std::size_t(i)] = pending_[std::size_t(pending_count_ - 1)];
      pending_[std::size_t(--pending_count_)] = 0;
      break;
    }
  // The victim changes sides: out of its field (its master plan goes; its bombs stay, unless the
  // variant brainwashing_defuses_bombs), into ours. It is placed before the therapist leaves, so
  // the place named is the place seen.
  Seat owner;
  int c, d;
  if (field_position(p.agent, owner, c, d)) lift(owner, c, d);
  release(p.agent, !rules().brainwashing_defuses_bombs());
  place(s, p.agent, Place(p.y), p.z);
  if (log().enabled())
    log().add("Brainwashing: " + agent_text(p.agent) + " joins the field of " +
              game().seat_name(s));
  if (p.x != kNoAgent) {
    discard_source(p.x);
    brain_started_ = true;
    brain_left_ = uint8_t(master_plans(s));
  } else if (brain_left_ > 0) {
    --brain_left_;
  }
  if (brain_left_ == 0 || pending_count_ == 0) resolve_attack();
}

// ---------------------------------------------------------------------------------------------
// Shakeup (T dF) and Hostile Takeover (T dF M1): the field of `rearranged_` is built anew in
// `built_`, front to back, one agent a decision; the old field stands until the last agent is put.

void TcgState::start_rearranging(Seat target, bool keep_columns) {
  if (seat(target).columns == 0) return settle();
  rearranged_ = int8_t(target);
  keep_columns_ = keep_columns ? seat(target).columns : 0;
  built_ = BuiltField{};
  built_count_ = 0;
  phase_ = kRearranging;
  if (log().enabled())
    log().add(game().seat_name(to_move_) + " rearranges the field of " + game().seat_name(target) +
              (keep_columns ? " in " + std::to_string(keep_columns_) + " columns" : ""));
}

int TcgState::rearrange_needs() const {
  int needs = keep_columns_ > built_.columns ? keep_columns_ - built_.columns : 0;
  for (int c = 0; c < built_.columns; ++c) {
    if (built_.col_len[std::size_t(c)] == 0) ++needs;
    if ((built_.bridges >> c & 1) && built_.col_len[std::size_t(c)] == 1) ++needs;
  }
  return needs;
}

void TcgState::legal_puts(MoveList& out) const {
  const SeatState& st = seat(rearranged_);
  const int remaining = field_count(rearranged_) - built_count_;
  const int limit = keep_columns_ ? keep_columns_ : kMaxColumns;
  const int needs = rearrange_needs();
  auto placed = [&](uint16_t a) {
    for (int c = 0; c < built_.columns; ++c)
      for (int d = 0; d < built_.col_len[std::size_t(c)]; ++d)
        if (built_.col[std::size_t(c)][std::size_t(d)] == a) return true;
    return false;
  };
  for (int c0 = 0; c0 < st.columns; ++c0)
    for (int d0 = 0; d0 < st.col_len[std::size_t(c0)]; ++d0) {
      const uint16_t a = st.col[std::size_t(c0)][std::size_t(d0)];
      if (placed(a)) continue;
      MoveParts p;
      p.kind = kPut;
      p.agent = a;
      // Each put meets at most one need; a put that meets none must leave enough agents.
      if (built_.columns < limit) {
        const bool meets = keep_columns_ > built_.columns;
        if (needs - meets <= remaining - 1) {
          p.y = kPutNew;
          out.push_back(pack(p));
        }
      }
      for (int c = 0; c < built_.columns; ++c) {
        const int len = built_.col_len[std::size_t(c)];
        if (len >= kMaxDepth) continue;
        const bool meets = len == 0 || ((built_.bridges >> c & 1) && len == 1);
        if (needs - meets > remaining - 1) continue;
        p.y = kPutBehind;
        p.z = uint8_t(c);
        out.push_back(pack(p));
      }
      if (built_.columns + 2 <= limit && may_use(a, kSecurityPerimeter)) {
        const int deficit = keep_columns_ > built_.columns ? keep_columns_ - built_.columns : 0;
        // Two columns: up to two of the deficit met, two new needs (behind it, and the other).
        const int after = needs - std::min(deficit, 2) + 2;
        if (after <= remaining - 1) {
          p.y = kPutSpan;
          p.z = 0;
          out.push_back(pack(p));
        }
      }
    }
}

TcgState::BuiltField TcgState::planned_field() const {
  BuiltField f = built_;
  const SeatState& st = seat(rearranged_);
  int extra = -1;  // the column the agents still to put go into
  for (int c0 = 0; c0 < st.columns; ++c0)
    for (int d0 = 0; d0 < st.col_len[std::size_t(c0)]; ++d0) {
      const uint16_t a = st.col[std::size_t(c0)][std::size_t(d0)];
      bool placed = false;
      for (int c = 0; c < built_.columns && !placed; ++c)
        for (int d = 0; d < built_.col_len[std::size_t(c)]; ++d)
          placed = placed || built_.col[std::size_t(c)][std::size_t(d)] == a;
      if (placed) continue;
      if (extra < 0 || f.col_len[std::size_t(extra)] >= kMaxDepth) {
        if (f.columns < kMaxColumns) {
          extra = f.columns++;
          f.col_len[std::size_t(extra)] = 0;
        } else {
          extra = -1;
          for (int c = 0; c < f.columns && extra < 0; ++c)
            if (f.col_len[std::size_t(c)] < kMaxDepth) extra = c;
          if (extra < 0) return f;  // no room: cannot happen (the old field fitted)
        }
      }
      f.col[std::size_t(extra)][f.col_len[std::size_t(extra)]++] = a;
    }
  return f;
}

void TcgState::apply_put(const MoveParts& p) {
  int c = p.z;
  if (p.y == kPutNew || p.y == kPutSpan) {
    c = built_.columns++;
    built_.col_len[std::size_t(c)] = 0;
  }
  if (p.y == kPutSpan) {
    built_.bridges = uint8_t(built_.bridges | 1u << c);
    built_.col_len[std::size_t(built_.columns++)] = 0;
  }
  built_.col[std::size_t(c)][built_.col_len[std::size_t(c)]++] = p.agent;
  ++built_count_;
  if (built_count_ < field_count(rearranged_)) return;
  SeatState& st = seat(rearranged_);
  st.col = built_.col;
  st.col_len = built_.col_len;
  st.columns = built_.columns;
  st.bridges = built_.bridges;
  if (log().enabled())
    log().add("the field of " + game().seat_name(rearranged_) + " is rearranged");
  rearranged_ = -1;
  keep_columns_ = 0;
  built_ = BuiltField{};
  built_count_ = 0;
  phase_ = kMain;
  settle();
}

// ---------------------------------------------------------------------------------------------
// Big Con (T dH M1): up to five field agents replaced from the hand, in place.

void TcgState::legal_big_con(MoveList& out) const {
  const SeatState& st = seat(to_move_);
  MoveParts done;
  done.kind = kDone;
  out.push_back(pack(done));
  for (int c = 0; c < st.columns; ++c)
    for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
      // A perimeter place keeps its shape only with another Security Perimeter agent.
      const bool perimeter = d == 0 && (st.bridges >> c & 1);
      for (int i = 0; i < st.hand_count; ++i) {
        const uint16_t h = st.hand[std::size_t(i)];
        if (perimeter && !may_use(h, kSecurityPerimeter)) continue;
        MoveParts p;
        p.kind = kReplace;
        p.agent = st.col[std::size_t(c)][std::size_t(d)];
        p.x = h;
        out.push_back(pack(p));
      }
    }
}

void TcgState::apply_replace(const MoveParts& p) {
  const Seat s = to_move_;
  Seat owner;
  int c, d;
  field_position(p.agent, owner, c, d);
  remove_from_hand(s, hand_index(s, p.x));
  seat(s).col[std::size_t(c)][std::size_t(d)] = p.x;
  discarded_[p.agent] = true;
  release(p.agent);
  claim(p.x, s);
  if (log().enabled())
    log().add("Big Con: " + agent_text(p.x) + " takes the place of " + agent_text(p.agent));
  if (--con_left_ == 0 || seat(s).hand_count == 0) end_big_con();
}

void TcgState::end_big_con() {
  con_left_ = 0;
  phase_ = kMain;
  settle();
}

// ---------------------------------------------------------------------------------------------
// Why a move of these runs is illegal.

std::string TcgState::why_illegal_run(const MoveParts& p) const {
  const Seat s = current_player();
  const std::string who = "seat " + std::to_string(s);
  if (phase_ == kBrainwashPhase && p.kind != kBrainwash && p.kind != kDone)
    return who + " is brainwashing after its attack: brainwash or done";
  if (phase_ == kRearranging && p.kind != kPut)
    return who + " is rearranging seat " + std::to_string(rearranged_) + "'s field: put an agent";
  if (phase_ == kBigConning && p.kind != kReplace && p.kind != kDone)
    return who + " is running a Big Con: replace or done";
  if (p.kind == kBrainwash || p.kind == kPut || p.kind == kReplace || p.kind == kDone) {
    if (phase_ != kBrainwashPhase && phase_ != kRearranging && phase_ != kBigConning)
      return "no Brainwashing, rearrangement or Big Con is under way";
    if (phase_ == kBrainwashPhase && p.kind == kBrainwash) {
      bool defeated = false;
      for (int i = 0; i < pending_count_; ++i) defeated |= pending_[std::size_t(i)] == p.agent;
      if (!defeated) return at(p.agent) + " was not defeated in this attack";
      if (brain_started_ && p.x != kNoAgent)
        return "the psychotherapist is already discarded: name only the agent and its place";
      if (!brain_started_ && p.x == kNoAgent)
        return "the first capture names the psychotherapist discarded for it";
      if (!brain_started_ && !may_use(p.x, kBrainwashing))
        return at(p.x) + " is not a psychotherapist of seat " + std::to_string(s) +
               " who may brainwash";
      return "no room for " + at(p.agent) + " there";
    }
    if (phase_ == kRearranging && p.kind == kPut) {
      if (field_owner(p.agent) != rearranged_)
        return at(p.agent) + " is not in seat " + std::to_string(rearranged_) + "'s field";
      for (int c = 0; c < built_.columns; ++c)
        for (int d = 0; d < built_.col_len[std::size_t(c)]; ++d)
          if (built_.col[std::size_t(c)][std::size_t(d)] == p.agent)
            return at(p.agent) + " is already placed";
      if (p.y == kPutSpan && !may_use(p.agent, kSecurityPerimeter))
        return at(p.agent) + " has no Security Perimeter: it cannot stand in front of two columns";
      if (keep_columns_ && (p.y == kPutNew || p.y == kPutSpan))
        return "Hostile Takeover keeps the " + std::to_string(keep_columns_) +
               " columns of the original arrangement";
      if (p.y == kPutBehind && p.z >= built_.columns) return "no such column yet";
      return "the agents left could no longer fill every column (and stand behind every "
             "perimeter)";
    }
    if (phase_ == kBigConning && p.kind == kReplace) {
      if (field_owner(p.agent) != s) return at(p.agent) + " is not in your field";
      if (hand_index(s, p.x) < 0) return at(p.x) + " is not in your hand";
      return "Big Con leaves the defensive arrangement the same: " + at(p.agent) +
             " stands in front of two columns and " + at(p.x) + " has no Security Perimeter";
    }
  }
  return {};
}

}  // namespace tabletop::conspiracy_tcg
