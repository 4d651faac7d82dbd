#include "server/room_views.h"

#include <algorithm>

#include "core/game.h"
#include "server/json_input.h"
#include "server/log_window.h"

namespace tabletop::server {

namespace {

// `text` as a JSON string literal, appended to `out`.
void append_string(std::string& out, const std::string& text) {
  out += json(text).dump();
}

}  // namespace

void MatchViews::add(const std::shared_ptr<Viewer>& viewer, SeatMask seats) {
  subscribers_.push_back({viewer, viewer.get(), seats, {}});
}

void MatchViews::deliver_to_newest(const StateFacts& facts) {
  Subscriber& newest = subscribers_.back();
  if (auto viewer = newest.viewer.lock())
    viewer->deliver(
        std::make_shared<const std::string>(state_message(facts, newest.seats, newest.mark)));
}

SeatMask MatchViews::remove(const Viewer* viewer) {
  SeatMask held = 0;
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    if (it->key != viewer) {
      ++it;
      continue;
    }
    held |= it->seats;
    it = subscribers_.erase(it);
  }
  return held;
}

bool MatchViews::watched() const {
  for (const Subscriber& s : subscribers_)
    if (!s.viewer.expired()) return true;
  return false;
}

bool MatchViews::holds(const Viewer* viewer, int seat) const {
  for (const Subscriber& s : subscribers_)
    if (s.key == viewer && (s.seats & (SeatMask(1) << seat))) return true;
  return false;
}

std::string MatchViews::fresh_state_message(const StateFacts& facts, SeatMask seats) const {
  LogMark fresh;
  return state_message(facts, seats, fresh);
}

void MatchViews::append_view(std::string& out, const StateFacts& facts, Seat viewer, bool reset,
                             const LogMark& mark, std::size_t& sent) {
  const State& state = *facts.state;
  const bool over = facts.over;
  out += R"({"seat":)";
  out += std::to_string(viewer);
  out += R"(,"observation":)";
  out += state.observation(viewer).dump();
  // Only the lines this viewer has not had: those of the events since its last state, each with
  // the move (ply) that wrote it (0: the setup).
  LogWindow window;
  if (reset) {
    window = log_tail(state.log(), viewer, over, kStateLogLines);
  } else if (over) {  // the record's lines since: one per event
    window = log_window(state.log(), viewer, true, sent, state.log().events().size());
  } else {
    window.from = sent;
    window.lines = state.log().for_viewer(viewer, mark.events, &window.plies);
  }
  sent = window.from;
  out += R"(,"log_from":)";
  out += std::to_string(sent);
  if (reset) out += R"(,"log_reset":true)";
  out += R"(,"log":)";
  out += json(window.lines).dump();
  out += R"(,"log_plies":)";
  out += json(window.plies).dump();
  sent += window.lines.size();
  out += R"(,"legal":[)";
  if (!over && viewer != kSpectator && viewer == state.current_player()) {
    bool first_move = true;
    for (Move m : state.legal_moves()) {
      const std::string text = json(state.move_to_string(m)).dump();
      out += first_move ? R"({"move":)" : R"(,{"move":)";
      first_move = false;
      out += text;
      // The places in click order, and how many of them each step holds (a step's places are
      // clicked in any order: core/picker.h).
      const MovePlaces places = state.move_places(m);
      out += R"(,"places":[)";
      bool first_place = true;
      for (const std::string& place : flat_places(places)) {
        if (!first_place) out += ',';
        first_place = false;
        append_string(out, place);
      }
      out += R"(],"steps":[)";
      for (std::size_t i = 0; i < places.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(places[i].size());
      }
      out += R"(],"text":)";
      out += text;
      out += R"(,"undoable":)";
      out += facts.undoable && facts.undoable(m) ? "true" : "false";
      out += '}';
    }
  }
  out += ']';
  if (viewer != kSpectator) {
    const std::string why = facts.why_no_undo(viewer);
    out += R"(,"can_undo":)";
    out += why.empty() ? "true" : "false";
    out += R"(,"why_no_undo":)";
    append_string(out, why);
  }
  out += '}';
}

std::string MatchViews::state_message(const StateFacts& facts, SeatMask seats,
                                      LogMark& mark) const {
  // Written as text piece by piece (the parts that are trees are dumped by nlohmann): this runs
  // for every move and every distinct viewer, and a tree of JSON objects for ~100 legal moves
  // costs more allocations than the rest of the move together (docs/server.md, Load).
  const State& state = *facts.state;
  std::string out;
  out.reserve(4096);
  out += facts.head;
  if (!mark.started) {
    out += R"(,"board_places":)";
    out += board_places_;
  }
  out += facts.seats;
  out += R"(,"views":[)";
  // Once the match is over its record is public (the seed, every chance outcome, every move), so
  // every view is the record's: the record's log (started afresh), and what each seat saw
  // (Conspiracy's goals).
  const bool over = facts.over;
  // A log started afresh carries only its last lines (a hello costs the same however long the
  // match); earlier ones come on request (log_page).
  const bool reset = mark.fresh || (over && !mark.record);
  std::size_t view_index = 0;
  if (!mark.started || reset) mark.lines.clear();
  auto view = [&](Seat viewer) {
    if (view_index > 0) out += ',';
    if (mark.lines.size() <= view_index) mark.lines.resize(view_index + 1, 0);
    append_view(out, facts, viewer, reset, mark, mark.lines[view_index++]);
  };
  if (seats == 0) view(kSpectator);
  for (std::size_t i = 0; i < facts.seat_count; ++i)
    if (seats & (SeatMask(1) << i)) view(Seat(i));
  out += ']';
  if (over) {
    json seen = json::array();
    for (Seat seat = 0; seat < state.num_players(); ++seat) seen.push_back(state.observation(seat));
    out += R"(,"revealed":)";
    out += seen.dump();
    // And what the record makes public besides: pieces no seat ever saw
    // (State::record_observation).
    out += R"(,"record_view":)";
    out += state.record_observation().dump();
  }
  mark.started = true;
  mark.fresh = false;
  mark.record = over;
  mark.events = state.log().events().size();
  out += facts.tail;
  return out;
}

void MatchViews::broadcast(const StateFacts& facts) {
  // One message per distinct seat set and log mark (most viewers of a match share one).
  struct Built {
    SeatMask seats;
    LogMark before, after;
    std::shared_ptr<const std::string> message;
  };
  std::vector<Built> built;
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    std::shared_ptr<Viewer> viewer = it->viewer.lock();
    if (!viewer) {
      it = subscribers_.erase(it);
      continue;
    }
    std::shared_ptr<const std::string> message;
    for (const Built& b : built)
      if (b.seats == it->seats && b.before == it->mark) {
        message = b.message;
        it->mark = b.after;
        break;
      }
    if (!message) {
      Built b{it->seats, it->mark, it->mark, nullptr};
      message = b.message =
          std::make_shared<const std::string>(state_message(facts, it->seats, b.after));
      it->mark = b.after;
      built.push_back(std::move(b));
    }
    viewer->deliver(message);
    ++it;
  }
}

void MatchViews::send_all(const std::shared_ptr<const std::string>& message) const {
  for (const Subscriber& s : subscribers_)
    if (auto viewer = s.viewer.lock()) viewer->deliver(message);
}

void MatchViews::send_where(const std::shared_ptr<const std::string>& message,
                            const std::function<bool(SeatMask)>& to) const {
  for (const Subscriber& s : subscribers_)
    if (to(s.seats))
      if (auto viewer = s.viewer.lock()) viewer->deliver(message);
}

void MatchViews::restart_logs() {
  for (Subscriber& s : subscribers_) {
    s.mark.fresh = true;
    s.mark.record = false;
    s.mark.events = 0;
    s.mark.lines.assign(s.mark.lines.size(), 0);
  }
}

json MatchViews::log_page(const State& state, bool over, std::size_t seat_count, SeatMask held,
                          int seat, long long before) {
  if (seat < -1 || seat >= int(seat_count))
    throw BadInput("seat " + std::to_string(seat) + " does not exist in this match");
  if (seat >= 0 && !(held & (SeatMask(1) << seat)))
    throw BadInput("you do not hold seat " + std::to_string(seat));
  if (before < 0) throw BadInput("field 'before' must be a line number from 0");
  const std::size_t end = std::size_t(before);
  const LogWindow window =
      log_window(state.log(), seat, over, end - std::min(end, kLogPageLines), end);
  return {{"type", "log"},
          {"seat", seat},
          {"from", window.from},
          {"log", window.lines},
          {"log_plies", window.plies}};
}

}  // namespace tabletop::server
