#include "server/room.h"

#include <algorithm>
#include <ctime>

#include "ai/agent.h"
#include "core/error.h"
#include "server/catalog.h"
#include "server/json_input.h"
#include "server/log.h"
#include "server/log_window.h"
#include "server/secrets.h"

namespace tabletop::server {

namespace {

std::shared_ptr<const std::string> shared(const json& message) {
  return std::make_shared<const std::string>(message.dump());
}

// The agent seed of a decision: the match seed, the seat and the ply mixed (SplitMix64), so a
// restarted server makes the same decision and the seed itself stays inside.
uint64_t decision_seed(uint64_t seed, int seat, int ply) {
  uint64_t z = seed ^ (uint64_t(seat) << 56) ^ (uint64_t(ply) * 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

Room::Room(StoredMatch stored, const Registry& registry, Store& store, ComputerSettings computers)
    : id_(stored.id),
      game_id_(stored.game),
      params_(stored.params),
      seed_(stored.seed),
      undo_(stored.undo),
      hints_(stored.hints),
      takeover_after_s_(stored.takeover_after_s),
      created_at_(stored.created_at),
      seq_(stored.seq),
      store_(store),
      computers_(computers) {
  seats_ = seat_infos(stored.seats);
  stored_seats_ = stored.seats;
  // A new match is watched by its creator; one loaded back counts as unwatched since long ago.
  if (stored.moves.empty()) watched_at_ = std::chrono::steady_clock::now();
  // The parameters were checked when the match was made; made again as the server's own, no file
  // can open (ParamOrigin::kEmbedder).
  match_ = std::make_unique<Match>(registry.make(game_id_, params_, ParamOrigin::kEmbedder), seed_,
                                   record_seats());
  public_params_ = registry.public_params(game_id_, params_);
  board_places_ = json(match_->state().game().board_places()).dump();
  for (const std::string& text : stored.moves) apply_stored(text, match_->state().current_player());
  finished_stored_ = stored.status == "finished";
  row_knows_to_move_ = stored.to_move.has_value() || finished_stored_;
}

std::vector<Room::SeatInfo> Room::seat_infos(const json& stored) {
  std::vector<SeatInfo> seats;
  for (const json& s : stored) {
    SeatInfo seat;
    seat.kind = s.value("kind", "human");
    seat.strength = s.value("strength", "");
    seat.token_hash = s.value("token_hash", "");
    seat.revoked_hash = s.value("revoked_token_hash", "");
    seat.open = s.value("open", false);
    if (s.contains("taken_over_at")) seat.taken_over_at = s["taken_over_at"].get<long long>();
    seats.push_back(std::move(seat));
  }
  return seats;
}

bool Room::catch_up_locked() {
  // Only the moves this room lacks. Every seq step since ours is a move (the log grew by as many
  // moves as seq by steps) exactly when no undo or takeover came between: then the log extends
  // ours; else the whole match is read and replayed.
  const long long mine = (long long)movers_.size();
  std::optional<StoredMatch> stored = store_.load_from(id_, mine);
  if (!stored || (stored->seq == seq_ && stored->seats == stored_seats_)) return false;
  const bool extends = stored->moves_total >= mine &&
                       stored->moves_total - mine == stored->seq - seq_ &&
                       std::size_t(stored->moves_total - mine) == stored->moves.size();
  if (!extends && !(stored = store_.load(id_))) return false;
  // The seats as stored; who is connected is this process's own knowledge.
  std::vector<SeatInfo> seats = seat_infos(stored->seats);
  for (std::size_t i = 0; i < seats.size() && i < seats_.size(); ++i) {
    seats[i].connections = seats_[i].connections;
    seats[i].left_at = seats_[i].left_at;
  }
  seats_ = std::move(seats);
  stored_seats_ = stored->seats;
  const std::vector<std::string>& played = match_->moves();
  if (!extends && (stored->moves.size() < played.size() ||
                   !std::equal(played.begin(), played.end(), stored->moves.begin()))) {
    // Another history (an undo): replayed from the start, and every viewer gets whole logs.
    match_ = std::make_unique<Match>(match_->state().game_ptr(), seed_, record_seats());
    movers_.clear();
    restart_logs_locked();
    replay_ = {};
  }
  // The stored moves from `first` on are the ones the room lacks.
  const std::size_t first = extends ? 0 : movers_.size();
  for (std::size_t i = first; i < stored->moves.size(); ++i)
    apply_stored(stored->moves[i], match_->state().current_player());
  seq_ = stored->seq;
  finished_stored_ = stored->status == "finished";
  thinking_.reset();
  waiting_for_computer_ = false;
  last_activity_ = std::chrono::steady_clock::now();
  return true;
}

void Room::catch_up() {
  std::lock_guard lock(mutex_);
  if (!catch_up_locked()) return;
  broadcast();
  schedule_computer();
}

void Room::changed_locked() {
  if (!store_.shared()) return;
  // Other processes look for computer seats to play, and list the match, by its row.
  try {
    const State& state = match_->state();
    store_.set_to_move(id_, state.is_terminal() ? -1 : int(state.current_player()), seq_);
  } catch (const std::exception& e) {
    // The row then does not say who is to move: other processes read the match to know.
    log_match(spdlog::level::warn, id_,
              std::string("noting who is to move in the store failed: ") + e.what());
  }
}

void Room::note_presence_locked(int seat, bool connected) {
  if (!store_.shared()) return;
  try {
    store_.note_presence(id_, seat, connected);
  } catch (const std::exception& e) {
    // Not noted: a takeover asked through another process sees only its own viewers meanwhile.
    log_match(
        spdlog::level::warn, id_,
        "noting seat " + std::to_string(seat) + "'s presence in the store failed: " + e.what());
  }
}

void Room::apply_stored(const std::string& text, int seat) {
  match_->play_text(text);
  movers_.push_back(seat);
}

void Room::resume() {
  std::lock_guard lock(mutex_);
  if (match_->state().is_terminal() && !finished_stored_) {
    store_.finish(id_, result());
    finished_stored_ = true;
  }
  if (!row_knows_to_move_) {
    // A new match, or one whose row fell behind (a crash): the lobby list reads it from the row.
    const State& state = match_->state();
    store_.set_to_move(id_, state.is_terminal() ? -1 : int(state.current_player()), seq_);
    row_knows_to_move_ = true;
  }
  schedule_computer();
}

json Room::seats_json() const {
  json out = json::array();
  for (const SeatInfo& s : seats_) {
    json j{{"kind", s.kind}};
    if (!s.strength.empty()) j["strength"] = s.strength;
    if (!s.token_hash.empty()) j["token_hash"] = s.token_hash;
    if (!s.revoked_hash.empty()) j["revoked_token_hash"] = s.revoked_hash;
    if (s.open) j["open"] = true;
    if (s.taken_over_at) j["taken_over_at"] = *s.taken_over_at;
    out.push_back(std::move(j));
  }
  return out;
}

std::string Room::status() const {
  if (match_->state().is_terminal()) return "finished";
  for (const SeatInfo& s : seats_)
    if (s.kind == "human" && s.token_hash.empty()) return "open";
  return "running";
}

namespace {

json public_seat(std::size_t i, const std::string& kind, const std::string& strength, bool claimed,
                 bool open, std::optional<long long> taken_over_at, bool connected) {
  json j{{"seat", i}, {"kind", kind}};
  if (kind == "computer") {
    j["strength"] = strength;
    j["name"] = "computer (" + strength + ")";
    j["connected"] = true;
  } else {
    j["name"] = "seat " + std::to_string(i);
    j["claimed"] = claimed;
    j["connected"] = connected;
  }
  if (open) j["open"] = true;
  if (taken_over_at) j["taken_over_at"] = *taken_over_at;
  return j;
}

json summary_json(const StoredMatch& m, json params, json seats, json to_move) {
  return {{"id", m.id},
          {"game", m.game},
          {"params", std::move(params)},
          {"status", m.status},
          {"seq", m.seq},
          {"undo", m.undo},
          {"hints", m.hints},
          {"takeover_after_s", m.takeover_after_s ? json(*m.takeover_after_s) : json(nullptr)},
          {"created_at", m.created_at},
          {"seats", std::move(seats)},
          {"to_move", std::move(to_move)},
          {"result", m.result}};
}

}  // namespace

std::optional<json> summary_of(const Registry& registry, const StoredMatch& row) {
  if (row.status != "finished" && !row.to_move) return std::nullopt;
  json seats = json::array();
  for (std::size_t i = 0; i < row.seats.size(); ++i) {
    const json& s = row.seats[i];
    std::optional<long long> taken_over_at;
    if (s.contains("taken_over_at")) taken_over_at = s["taken_over_at"].get<long long>();
    seats.push_back(public_seat(i, s.value("kind", "human"), s.value("strength", ""),
                                !s.value("token_hash", "").empty(), s.value("open", false),
                                taken_over_at, false));
  }
  return summary_json(row, registry.public_params(row.game, row.params), std::move(seats),
                      row.to_move ? json(*row.to_move) : json(nullptr));
}

json Room::public_seats() const {
  json out = json::array();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const SeatInfo& s = seats_[i];
    out.push_back(public_seat(i, s.kind, s.strength, !s.token_hash.empty(), s.open, s.taken_over_at,
                              s.connections > 0));
  }
  return out;
}

json Room::result() const {
  const State& state = match_->state();
  if (!state.is_terminal()) return nullptr;
  const Returns r = state.returns();
  json takeovers = json::array();
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].taken_over_at)
      takeovers.push_back(
          {{"seat", i}, {"at_move", *seats_[i].taken_over_at}, {"strength", seats_[i].strength}});
  // The reason is the last line of the public log: the game's own account of how it ended.
  const std::vector<std::string> public_log = state.log().for_viewer(kSpectator);
  return {{"returns", std::vector<double>(r.begin(), r.begin() + state.num_players())},
          {"reason", public_log.empty() ? "" : public_log.back()},
          {"takeovers", std::move(takeovers)}};
}

std::vector<std::string> Room::record_seats() const {
  std::vector<std::string> out;
  for (const SeatInfo& s : seats_) {
    if (s.kind == "human") {
      out.push_back("human");
    } else {
      std::string spec = strength_spec(s.strength);
      if (s.taken_over_at)
        spec = "human, then " + spec + " from move " + std::to_string(*s.taken_over_at + 1);
      out.push_back(spec);
    }
  }
  return out;
}

StoredMatch Room::row() const {
  StoredMatch m;
  m.id = id_;
  m.game = game_id_;
  m.params = match_->state().game().params();
  m.seed = seed_;
  m.seats = seats_json();
  m.undo = undo_;
  m.hints = hints_;
  m.takeover_after_s = takeover_after_s_;
  m.status = status();
  m.seq = seq_;
  m.created_at = created_at_;
  m.result = result();
  const State& state = match_->state();
  if (!state.is_terminal()) m.to_move = state.current_player();
  return m;
}

json Room::summary() const {
  std::lock_guard lock(mutex_);
  const StoredMatch m = row();
  return summary_json(m, public_params_, public_seats(),
                      m.to_move ? json(*m.to_move) : json(nullptr));
}

void Room::note_to_move() const {
  std::lock_guard lock(mutex_);
  const State& state = match_->state();
  store_.set_to_move(id_, state.is_terminal() ? -1 : int(state.current_player()), seq_);
}

bool Room::idle_since(std::chrono::steady_clock::time_point before) const {
  std::lock_guard lock(mutex_);
  if (last_activity_ >= before || computers_.pool->busy(id_) || hint_running_) return false;
  for (const Subscriber& s : subscribers_)
    if (!s.viewer.expired()) return false;
  return true;
}

SeatMask Room::seats_for(const std::vector<std::string>& tokens) {
  std::lock_guard lock(mutex_);
  try {
    return seats_for_locked(tokens);
  } catch (const BadInput&) {
    // A seat claimed through another process a moment ago: read the match and look again.
    if (!store_.shared() || !catch_up_locked()) throw;
    broadcast();
    schedule_computer();
    return seats_for_locked(tokens);
  }
}

SeatMask Room::seats_for_locked(const std::vector<std::string>& tokens) const {
  SeatMask mask = 0;
  for (const std::string& token : tokens) {
    bool found = false;
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      if (!seats_[i].token_hash.empty() && token_matches(token, seats_[i].token_hash)) {
        mask |= SeatMask(1) << i;
        found = true;
      }
    }
    if (!found)
      for (std::size_t i = 0; i < seats_.size(); ++i)
        if (!seats_[i].revoked_hash.empty() && token_matches(token, seats_[i].revoked_hash))
          throw BadInput("seat " + std::to_string(i) + " of match " + id_ +
                         " was handed to a computer (takeover): its token no longer holds it");
    if (!found) throw BadInput("a token matches no seat of match " + id_);
  }
  return mask;
}

std::string Room::claim(int seat) {
  std::lock_guard lock(mutex_);
  if (seat < 0 || seat >= int(seats_.size()))
    throw BadInput("seat " + std::to_string(seat) + " does not exist in this match");
  SeatInfo& s = seats_[std::size_t(seat)];
  if (s.kind != "human" || !s.open) throw Conflict("seat " + std::to_string(seat) + " is not open");
  if (!s.token_hash.empty())
    throw Conflict("seat " + std::to_string(seat) + " has already been claimed");
  const std::string token = new_token();
  s.token_hash = hash_token(token);
  Write written = Write::kStale;
  try {
    written = store_.update_seats(id_, stored_seats_, seq_, seats_json(), status(), seq_);
  } catch (...) {
    s.token_hash.clear();
    throw;
  }
  if (written == Write::kStale) {
    // Another process changed the match first (claimed this seat, or another): read it and answer.
    s.token_hash.clear();
    if (catch_up_locked()) {
      broadcast();
      schedule_computer();
    }
    throw Conflict("seat " + std::to_string(seat) +
                   " was changed by another request at the same moment; look again");
  }
  stored_seats_ = seats_json();
  broadcast();
  return token;
}

json Room::record() const {
  std::lock_guard lock(mutex_);
  if (!match_->state().is_terminal())
    throw NotYet("the record of match " + id_ + " is public only once the match is finished");
  Record r = match_->record();
  r.seats = record_seats();
  json j = r.to_json();
  if (hints_) j["hints"] = true;  // the record says the players could ask for hints
  return j;
}

void Room::subscribe(const std::shared_ptr<Viewer>& viewer, SeatMask seats) {
  std::lock_guard lock(mutex_);
  subscribers_.push_back({viewer, viewer.get(), seats, {}});
  watched_at_ = std::chrono::steady_clock::now();
  bool seat_joined = false;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if ((seats & (SeatMask(1) << i)) && seats_[i].connections++ == 0) {
      seat_joined = true;
      note_presence_locked(int(i), true);
    }
  if (seat_joined)
    broadcast();
  else
    viewer->deliver(
        std::make_shared<const std::string>(state_message_locked(seats, subscribers_.back().mark)));
  if (paused_) {  // watched again: the computers play on
    paused_ = false;
    schedule_computer();
  }
}

void Room::unsubscribe(const Viewer* viewer) {
  std::lock_guard lock(mutex_);
  bool seat_left = false;
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    if (it->key != viewer) {
      ++it;
      continue;
    }
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      if (!(it->seats & (SeatMask(1) << i))) continue;
      if (--seats_[i].connections == 0) {
        seats_[i].left_at = std::chrono::steady_clock::now();
        seat_left = true;
        note_presence_locked(int(i), false);
      }
    }
    it = subscribers_.erase(it);
  }
  last_activity_ = std::chrono::steady_clock::now();
  watched_at_ = last_activity_;
  if (seat_left) broadcast();
}

long long Room::seq() const {
  std::lock_guard lock(mutex_);
  return seq_;
}

void Room::inspect_truth(const std::function<void(const State&)>& look) const {
  std::lock_guard lock(mutex_);
  look(match_->state());
}

std::string Room::state_message(SeatMask seats) const {
  std::lock_guard lock(mutex_);
  LogMark fresh;
  return state_message_locked(seats, fresh);
}

namespace {

// `text` as a JSON string literal, appended to `out`.
void append_string(std::string& out, const std::string& text) {
  out += json(text).dump();
}

}  // namespace

std::string Room::state_message_locked(SeatMask seats, LogMark& mark) const {
  // Written as text piece by piece (the parts that are trees are dumped by nlohmann): this runs
  // for every move and every distinct viewer, and a tree of JSON objects for ~100 legal moves
  // costs more allocations than the rest of the move together (docs/server.md, Load).
  const State& state = match_->state();
  const Seat to_move = state.current_player();
  std::string out;
  out.reserve(4096);
  out += R"({"type":"state","seq":)";
  out += std::to_string(seq_);
  out += R"(,"match":{"id":)";
  append_string(out, id_);
  out += R"(,"game":)";
  append_string(out, game_id_);
  out += R"(,"params":)";
  out += public_params_.dump();
  out += R"(,"status":)";
  append_string(out, status());
  out += R"(,"undo":)";
  out += undo_ ? "true" : "false";
  out += R"(,"hints":)";
  out += hints_ ? "true" : "false";
  out += R"(,"takeover_after_s":)";
  out += takeover_after_s_ ? std::to_string(*takeover_after_s_) : "null";
  if (!mark.started) {
    out += R"(,"board_places":)";
    out += board_places_;
  }
  out += R"(,"seats":)";
  out += public_seats().dump();
  out += R"(},"to_move":)";
  out += to_move == kTerminal ? "null" : std::to_string(to_move);
  out += R"(,"views":[)";
  bool first_view = true;
  // Once the match is over its record is public (the seed, every chance outcome, every move), so
  // every view is the record's: the record's log (started afresh), and what each seat saw
  // (Conspiracy's goals).
  const bool over = state.is_terminal();
  // A log started afresh carries only its last lines (a hello costs the same however long the
  // match); earlier ones come on request (log_page).
  const bool reset = mark.fresh || (over && !mark.record);
  std::size_t view_index = 0;
  if (!mark.started || reset) mark.lines.clear();
  auto view = [&](Seat viewer) {
    out += first_view ? R"({"seat":)" : R"(,{"seat":)";
    first_view = false;
    out += std::to_string(viewer);
    out += R"(,"observation":)";
    out += state.observation(viewer).dump();
    // Only the lines this viewer has not had: those of the events since its last state, each with
    // the move (ply) that wrote it (0: the setup).
    if (mark.lines.size() <= view_index) mark.lines.resize(view_index + 1, 0);
    std::size_t& sent = mark.lines[view_index++];
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
    if (viewer != kSpectator && viewer == to_move) {
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
        out += '}';
      }
    }
    out += ']';
    if (viewer != kSpectator) {
      const std::string why = why_no_undo(viewer);
      out += R"(,"can_undo":)";
      out += why.empty() ? "true" : "false";
      out += R"(,"why_no_undo":)";
      append_string(out, why);
    }
    out += '}';
  };
  if (seats == 0) view(kSpectator);
  for (std::size_t i = 0; i < seats_.size(); ++i)
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
  out += R"(,"result":)";
  out += result().dump();
  out += R"(,"thinking":)";
  json thinking = nullptr;
  if (thinking_) thinking = {{"seat", thinking_->first}, {"progress", thinking_->second}};
  if (thinking_ && waiting_for_computer_) thinking["waiting"] = true;
  out += thinking.dump();
  out += '}';
  return out;
}

std::string Room::why_no_undo(int seat) const {
  if (!undo_) return "undo is off in this match";
  // The game's own policy (core Match): back to the seat's own last decision, never across a
  // chance outcome, a reveal of hidden information or another human seat's move.
  return match_->why_no_undo(seat);
}

void Room::check_seat(SeatMask held, int seat) const {
  if (seat < 0 || seat >= int(seats_.size()))
    throw BadInput("seat " + std::to_string(seat) + " does not exist in this match");
  if (!(held & (SeatMask(1) << seat)))
    throw BadInput("you do not hold seat " + std::to_string(seat));
  if (seats_[std::size_t(seat)].kind != "human")
    throw BadInput("seat " + std::to_string(seat) +
                   " is played by a computer (taken over): it accepts no move from a person");
}

void Room::restart_logs_locked() {
  for (Subscriber& s : subscribers_) {
    s.mark.fresh = true;
    s.mark.record = false;
    s.mark.events = 0;
    s.mark.lines.assign(s.mark.lines.size(), 0);
  }
}

bool Room::computer_only() const {
  for (const SeatInfo& s : seats_)
    if (s.kind != "computer") return false;
  return true;
}

bool Room::watched_locked() const {
  for (const Subscriber& s : subscribers_)
    if (!s.viewer.expired()) return true;
  return false;
}

bool Room::playing_unattended() const {
  std::lock_guard lock(mutex_);
  return computer_only() && !paused_ && !match_->state().is_terminal();
}

bool Room::paused() const {
  std::lock_guard lock(mutex_);
  return paused_;
}

Room::Answer Room::move(SeatMask held, int seat, long long seq, const std::string& text,
                        Viewer* from) {
  std::lock_guard lock(mutex_);
  try {
    check_seat(held, seat);
  } catch (const BadInput& e) {
    return {e.what()};
  }
  // A client that knows a later seq saw it through another process: read the match first.
  if (seq > seq_ && store_.shared() && catch_up_locked()) {
    broadcast();
    schedule_computer();
  }
  State& state = match_->state();
  if (state.is_terminal()) return {"the match is over"};
  if (seq != seq_)
    return {"stale: the match is at seq " + std::to_string(seq_) + ", not " + std::to_string(seq)};
  if (state.current_player() != seat)
    return {"out of turn: seat " + std::to_string(state.current_player()) + " is to move"};
  Move m;
  try {
    m = state.parse_move(text);
  } catch (const Error& e) {
    return {e.what()};
  }
  if (std::string why = state.why_illegal(m); !why.empty()) return {why};
  const std::string canonical = state.move_to_string(m);
  if (store_.append_move(id_, (long long)movers_.size(), canonical, seq_ + 1) == Write::kStale)
    return stale_locked(seq);
  apply_stored(canonical, seat);
  ++seq_;
  changed_locked();
  thinking_.reset();
  waiting_for_computer_ = false;
  if (match_->state().is_terminal()) {
    store_.finish(id_, result());
    finished_stored_ = true;
  }
  if (from) from->deliver(shared(json{{"type", "ack"}, {"seq", seq_}}));
  broadcast();
  schedule_computer();
  return {};
}

Room::Answer Room::undo(SeatMask held, int seat, long long seq, Viewer* from) {
  std::lock_guard lock(mutex_);
  try {
    check_seat(held, seat);
  } catch (const BadInput& e) {
    return {e.what()};
  }
  if (seq != seq_)
    return {"stale: the match is at seq " + std::to_string(seq_) + ", not " + std::to_string(seq)};
  if (std::string why = why_no_undo(seat); !why.empty()) return {why};
  std::size_t last = movers_.size();
  while (movers_[last - 1] != seat) --last;
  const std::size_t keep = last - 1;
  if (store_.truncate_moves(id_, (long long)keep, seq_ + 1) == Write::kStale)
    return stale_locked(seq);
  match_->undo_own(seat);
  movers_.resize(keep);
  // The logs were rewound: every viewer starts them afresh.
  restart_logs_locked();
  ++seq_;
  changed_locked();
  thinking_.reset();
  waiting_for_computer_ = false;
  if (from) from->deliver(shared(json{{"type", "ack"}, {"seq", seq_}}));
  broadcast();
  schedule_computer();
  return {};
}

Room::Answer Room::stale_locked(long long seq) {
  if (catch_up_locked()) {
    broadcast();
    schedule_computer();
  }
  return {"stale: the match is at seq " + std::to_string(seq_) + ", not " + std::to_string(seq)};
}

Room::Answer Room::takeover(SeatMask held, int seat, Viewer* from) {
  std::lock_guard lock(mutex_);
  if (seat < 0 || seat >= int(seats_.size()))
    return {"seat " + std::to_string(seat) + " does not exist in this match"};
  if (held == 0) return {"only a player of this match may hand a seat to a computer"};
  if (held & (SeatMask(1) << seat)) return {"you hold seat " + std::to_string(seat) + " yourself"};
  if (!takeover_after_s_) return {"this match was created without takeover"};
  if (match_->state().is_terminal()) return {"the match is over"};
  SeatInfo& s = seats_[std::size_t(seat)];
  if (s.kind != "human") return {"seat " + std::to_string(seat) + " is not a human seat"};
  if (s.connections > 0) return {"seat " + std::to_string(seat) + " is connected"};
  const auto gone = std::chrono::steady_clock::now() - s.left_at;
  if (gone < std::chrono::seconds(*takeover_after_s_))
    return {"seat " + std::to_string(seat) + " has been gone for less than " +
            std::to_string(*takeover_after_s_) + " s"};
  if (store_.shared() && store_.seen_elsewhere(id_, seat, *takeover_after_s_))
    return {"seat " + std::to_string(seat) +
            " is connected through another server, or has been "
            "gone from it for less than " +
            std::to_string(*takeover_after_s_) + " s"};
  // The seat's token is revoked with it: kept (hashed) only to name why it no longer works.
  const SeatInfo before = s;
  s.kind = "computer";
  s.strength = "medium";
  s.taken_over_at = (long long)movers_.size();
  s.revoked_hash = s.token_hash;
  s.token_hash.clear();
  Write written = Write::kStale;
  try {
    written = store_.update_seats(id_, stored_seats_, seq_, seats_json(), status(), seq_ + 1);
  } catch (...) {
    s = before;
    throw;
  }
  if (written == Write::kStale) {
    s = before;
    return stale_locked(seq_);
  }
  stored_seats_ = seats_json();
  ++seq_;
  changed_locked();
  if (from) from->deliver(shared(json{{"type", "ack"}, {"seq", seq_}}));
  broadcast();
  schedule_computer();
  return {};
}

void Room::broadcast() {
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
          std::make_shared<const std::string>(state_message_locked(it->seats, b.after));
      it->mark = b.after;
      built.push_back(std::move(b));
    }
    viewer->deliver(message);
    ++it;
  }
}

void Room::send_all(const std::shared_ptr<const std::string>& message) {
  for (const Subscriber& s : subscribers_)
    if (auto viewer = s.viewer.lock()) viewer->deliver(message);
}

void Room::schedule_computer() {
  last_activity_ = std::chrono::steady_clock::now();
  const State& state = match_->state();
  if (state.is_terminal()) return;
  const Seat seat = state.current_player();
  if (seats_[std::size_t(seat)].kind != "computer" || computer_seq_ == seq_) return;
  // Nobody watches a computer-only match: it pauses until a viewer comes (subscribe).
  if (computers_.unwatched_pause_s > 0 && !store_.shared() && computer_only() &&
      !watched_locked() &&
      (!watched_at_ || std::chrono::steady_clock::now() - *watched_at_ >=
                           std::chrono::duration<double>(computers_.unwatched_pause_s))) {
    paused_ = true;
    return;
  }
  // With several processes, only the one holding the match's lease plays its computer seats
  // (the others hear of its moves; the lobby tries again when the lease expires).
  try {
    if (!store_.claim_lease(id_)) return;
  } catch (const std::exception& e) {
    log_match(spdlog::level::warn, id_,
              "claiming the lease of its computer seats failed (tried again at the next change): " +
                  std::string(e.what()));
    return;
  }
  computer_seq_ = seq_;
  // Each search thread counts against the pool's cap (expert searches with several).
  const std::string spec = spec_with_threads(strength_spec(seats_[std::size_t(seat)].strength),
                                             computers_.pool->workers());
  const uint64_t seed = decision_seed(seed_, seat, state.ply());
  std::shared_ptr<State> position(state.clone().release());
  const long long seq = seq_;
  std::weak_ptr<Room> self = weak_from_this();
  const bool waits = computers_.pool->submit(
      id_,
      [self, id = id_, position, spec, seed, seat, seq](const std::atomic<bool>& hurry) {
        if (auto room = self.lock(); !room || !room->search_starting(seat, seq)) return;
        // The search holds no reference: a room that leaves meanwhile only loses its answer.
        const std::string text = think(self, id, seat, seq, spec, seed, *position, hurry);
        if (text.empty()) return;  // a broken agent leaves the seat to move; nothing is stored
        if (auto room = self.lock()) room->computer_moved(seat, seq, text);
      },
      owner_, spec_threads(spec));
  if (waits) {
    thinking_ = {seat, 0.0};
    waiting_for_computer_ = true;
    send_all(
        shared(json{{"type", "thinking"}, {"seat", seat}, {"progress", 0}, {"waiting", true}}));
  }
}

std::string Room::think(const std::weak_ptr<Room>& self, const std::string& id, int seat,
                        long long seq, const std::string& spec, uint64_t seed,
                        const State& position, const std::atomic<bool>& hurry) {
  try {
    std::unique_ptr<ai::Agent> agent = ai::make_agent(spec, position.game(), seed);
    double hurried_ms = 0;
    if (auto room = self.lock()) hurried_ms = room->computers_.hurried_search_ms;
    const auto start = std::chrono::steady_clock::now();
    // Once another match waits and `hurried_ms` have passed, the search is stopped (its progress
    // comes a few times a second) and answers with its best move so far.
    agent->set_progress(
        [self, seat, seq, &agent, &hurry, hurried_ms, start](double done, const std::string&) {
          if (auto room = self.lock()) room->progress(seat, seq, done);
          if (hurried_past(hurry, hurried_ms, start)) agent->stop();
        });
    return position.move_to_string(agent->choose(position));
  } catch (const std::exception& e) {
    log_match(spdlog::level::err, id,
              "seat " + std::to_string(seat) + "'s computer (" + spec +
                  ") failed and the seat stays to move: " + e.what());
    return {};
  }
}

bool Room::search_starting(int seat, long long seq) {
  std::lock_guard lock(mutex_);
  if (seq != seq_ || seats_[std::size_t(seat)].kind != "computer") {
    // Stale (an undo or a takeover came first): nothing to think about.
    if (computer_seq_ == seq) computer_seq_ = -1;
    schedule_computer();
    return false;
  }
  if (waiting_for_computer_) {
    waiting_for_computer_ = false;
    thinking_ = {seat, 0.0};
    send_all(shared(json{{"type", "thinking"}, {"seat", seat}, {"progress", 0}}));
  }
  return true;
}

void Room::computer_moved(int seat, long long seq, const std::string& text) {
  std::lock_guard lock(mutex_);
  if (seq != seq_ || seats_[std::size_t(seat)].kind != "computer") {
    if (computer_seq_ == seq) computer_seq_ = -1;
    schedule_computer();
    return;
  }
  Write written = Write::kStale;
  try {
    written = store_.append_move(id_, (long long)movers_.size(), text, seq_ + 1);
  } catch (const std::exception& e) {
    // Not stored, so not played: the seat stays to move (a later change schedules it again).
    log_match(spdlog::level::err, id_,
              "storing seat " + std::to_string(seat) + "'s computer move " + quote(text) +
                  " failed and the seat stays to move: " + e.what());
    computer_seq_ = -1;
    return;
  }
  if (written == Write::kStale) {
    // Another process played first (its lease and ours overlapped): its move stands.
    computer_seq_ = -1;
    if (catch_up_locked()) broadcast();
    schedule_computer();
    return;
  }
  apply_stored(text, seat);
  ++seq_;
  changed_locked();
  thinking_.reset();
  waiting_for_computer_ = false;
  if (match_->state().is_terminal()) {
    store_.finish(id_, result());
    finished_stored_ = true;
  }
  broadcast();
  schedule_computer();
}

void Room::progress(int seat, long long seq, double done) {
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (seq != seq_ || waiting_for_computer_ || now - last_progress_ < std::chrono::milliseconds(250))
    return;
  last_progress_ = now;
  thinking_ = {seat, done};
  send_all(shared(json{{"type", "thinking"}, {"seat", seat}, {"progress", done}}));
}

}  // namespace tabletop::server
