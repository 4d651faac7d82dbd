#include "server/room.h"

#include <ctime>

#include "ai/agent.h"
#include "server/catalog.h"
#include "server/json_input.h"
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

Room::Room(StoredMatch stored, const Registry& registry, Store& store, Scheduler scheduler)
    : id_(stored.id),
      game_id_(stored.game),
      params_(stored.params),
      seed_(stored.seed),
      undo_(stored.undo),
      takeover_after_s_(stored.takeover_after_s),
      created_at_(stored.created_at),
      seq_(stored.seq),
      store_(store),
      scheduler_(std::move(scheduler)) {
  for (const json& s : stored.seats) {
    SeatInfo seat;
    seat.kind = s.value("kind", "human");
    seat.strength = s.value("strength", "");
    seat.token_hash = s.value("token_hash", "");
    seat.open = s.value("open", false);
    if (s.contains("taken_over_at")) seat.taken_over_at = s["taken_over_at"].get<long long>();
    seats_.push_back(std::move(seat));
  }
  match_ = std::make_unique<Match>(registry.make(game_id_, params_), seed_, record_seats());
  board_places_ = json(match_->state().game().board_places()).dump();
  for (const std::string& text : stored.moves) apply_stored(text, match_->state().current_player());
  finished_stored_ = stored.status == "finished";
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
  schedule_computer();
}

json Room::seats_json() const {
  json out = json::array();
  for (const SeatInfo& s : seats_) {
    json j{{"kind", s.kind}};
    if (!s.strength.empty()) j["strength"] = s.strength;
    if (!s.token_hash.empty()) j["token_hash"] = s.token_hash;
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

json Room::public_seats() const {
  json out = json::array();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const SeatInfo& s = seats_[i];
    json j{{"seat", i}, {"kind", s.kind}};
    if (s.kind == "computer") {
      j["strength"] = s.strength;
      j["name"] = "computer (" + s.strength + ")";
      j["connected"] = true;
    } else {
      j["name"] = "seat " + std::to_string(i);
      j["claimed"] = !s.token_hash.empty();
      j["connected"] = s.connections > 0;
    }
    if (s.open) j["open"] = true;
    if (s.taken_over_at) j["taken_over_at"] = *s.taken_over_at;
    out.push_back(std::move(j));
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

json Room::summary() const {
  std::lock_guard lock(mutex_);
  const State& state = match_->state();
  return {{"id", id_},
          {"game", game_id_},
          {"params", match_->state().game().params()},
          {"status", status()},
          {"seq", seq_},
          {"undo", undo_},
          {"takeover_after_s", takeover_after_s_ ? json(*takeover_after_s_) : json(nullptr)},
          {"created_at", created_at_},
          {"seats", public_seats()},
          {"to_move", state.is_terminal() ? json(nullptr) : json(state.current_player())},
          {"result", result()}};
}

SeatMask Room::seats_for(const std::vector<std::string>& tokens) const {
  std::lock_guard lock(mutex_);
  SeatMask mask = 0;
  for (const std::string& token : tokens) {
    bool found = false;
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      if (!seats_[i].token_hash.empty() && token_matches(token, seats_[i].token_hash)) {
        mask |= SeatMask(1) << i;
        found = true;
      }
    }
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
  try {
    store_.update_seats(id_, seats_json(), status(), seq_);
  } catch (...) {
    s.token_hash.clear();
    throw;
  }
  broadcast();
  return token;
}

json Room::record() const {
  std::lock_guard lock(mutex_);
  if (!match_->state().is_terminal())
    throw NotYet("the record of match " + id_ + " is public only once the match is finished");
  Record r = match_->record();
  r.seats = record_seats();
  return r.to_json();
}

json Room::replay_steps() const {
  std::lock_guard lock(mutex_);
  if (!match_->state().is_terminal())
    throw NotYet("the replay of match " + id_ + " is public only once the match is finished");
  Match again(match_->state().game_ptr(), seed_);
  json steps = json::array();
  std::size_t seen = 0;
  auto step = [&](json move) {
    const State& s = again.state();
    steps.push_back({{"move", std::move(move)},
                     {"observation", s.observation(kSpectator)},
                     {"log", s.log().for_viewer(kSpectator, seen)}});
    seen = s.log().events().size();
  };
  step(nullptr);
  for (const std::string& text : match_->record().moves) {
    again.play_text(text);
    step(text);
  }
  return {{"steps", std::move(steps)}};
}

void Room::subscribe(const std::shared_ptr<Viewer>& viewer, SeatMask seats) {
  std::lock_guard lock(mutex_);
  subscribers_.push_back({viewer, viewer.get(), seats});
  bool seat_joined = false;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats & (SeatMask(1) << i)) seat_joined |= seats_[i].connections++ == 0;
  if (seat_joined)
    broadcast();
  else
    viewer->deliver(std::make_shared<const std::string>(state_message_locked(seats)));
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
      }
    }
    it = subscribers_.erase(it);
  }
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
  return state_message_locked(seats);
}

namespace {

// `text` as a JSON string literal, appended to `out`.
void append_string(std::string& out, const std::string& text) {
  out += json(text).dump();
}

}  // namespace

std::string Room::state_message_locked(SeatMask seats) const {
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
  out += state.game().params().dump();
  out += R"(,"status":)";
  append_string(out, status());
  out += R"(,"undo":)";
  out += undo_ ? "true" : "false";
  out += R"(,"takeover_after_s":)";
  out += takeover_after_s_ ? std::to_string(*takeover_after_s_) : "null";
  out += R"(,"board_places":)";
  out += board_places_;
  out += R"(,"seats":)";
  out += public_seats().dump();
  out += R"(},"to_move":)";
  out += to_move == kTerminal ? "null" : std::to_string(to_move);
  out += R"(,"views":[)";
  bool first_view = true;
  // Once the match is over its record is public (the seed, every chance outcome, every move), so
  // every view is the record's: the whole log, and what each seat saw (Conspiracy's goals).
  const bool over = state.is_terminal();
  auto full_log = [&](std::vector<int>& plies) {
    std::vector<std::string> lines;
    for (const EventLog::Event& e : state.log().events()) {
      lines.push_back(e.text);
      plies.push_back(e.ply);
    }
    return lines;
  };
  auto view = [&](Seat viewer) {
    out += first_view ? R"({"seat":)" : R"(,{"seat":)";
    first_view = false;
    out += std::to_string(viewer);
    out += R"(,"observation":)";
    out += state.observation(viewer).dump();
    std::vector<int> plies;  // the move that wrote each line (0: the setup)
    out += R"(,"log":)";
    out += json(over ? full_log(plies) : state.log().for_viewer(viewer, 0, &plies)).dump();
    out += R"(,"log_plies":)";
    out += json(plies).dump();
    out += R"(,"legal":[)";
    if (viewer != kSpectator && viewer == to_move) {
      bool first_move = true;
      for (Move m : state.legal_moves()) {
        const std::string text = json(state.move_to_string(m)).dump();
        out += first_move ? R"({"move":)" : R"(,{"move":)";
        first_move = false;
        out += text;
        out += R"(,"places":[)";
        bool first_place = true;
        for (const std::string& place : state.move_places(m)) {
          if (!first_place) out += ',';
          first_place = false;
          append_string(out, place);
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
  }
  out += R"(,"result":)";
  out += result().dump();
  out += R"(,"thinking":)";
  out +=
      thinking_ ? json{{"seat", thinking_->first}, {"progress", thinking_->second}}.dump() : "null";
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
}

Room::Answer Room::move(SeatMask held, int seat, long long seq, const std::string& text,
                        Viewer* from) {
  std::lock_guard lock(mutex_);
  try {
    check_seat(held, seat);
  } catch (const BadInput& e) {
    return {e.what()};
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
  store_.append_move(id_, (long long)movers_.size(), canonical, seq_ + 1);
  apply_stored(canonical, seat);
  ++seq_;
  thinking_.reset();
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
  store_.truncate_moves(id_, (long long)keep, seq_ + 1);
  match_->undo_own(seat);
  movers_.resize(keep);
  ++seq_;
  thinking_.reset();
  if (from) from->deliver(shared(json{{"type", "ack"}, {"seq", seq_}}));
  broadcast();
  schedule_computer();
  return {};
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
  s.kind = "computer";
  s.strength = "medium";
  s.taken_over_at = (long long)movers_.size();
  try {
    store_.update_seats(id_, seats_json(), status(), seq_ + 1);
  } catch (...) {
    s.kind = "human";
    s.strength.clear();
    s.taken_over_at.reset();
    throw;
  }
  ++seq_;
  if (from) from->deliver(shared(json{{"type", "ack"}, {"seq", seq_}}));
  broadcast();
  schedule_computer();
  return {};
}

void Room::broadcast() {
  // One message per distinct seat set (most viewers of a match share one).
  std::vector<std::pair<SeatMask, std::shared_ptr<const std::string>>> built;
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    std::shared_ptr<Viewer> viewer = it->viewer.lock();
    if (!viewer) {
      it = subscribers_.erase(it);
      continue;
    }
    std::shared_ptr<const std::string> message;
    for (const auto& [mask, m] : built)
      if (mask == it->seats) message = m;
    if (!message) {
      message = std::make_shared<const std::string>(state_message_locked(it->seats));
      built.emplace_back(it->seats, message);
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
  const State& state = match_->state();
  if (state.is_terminal()) return;
  const Seat seat = state.current_player();
  if (seats_[std::size_t(seat)].kind != "computer" || computer_seq_ == seq_) return;
  computer_seq_ = seq_;
  const std::string spec = strength_spec(seats_[std::size_t(seat)].strength);
  const uint64_t seed = decision_seed(seed_, seat, state.ply());
  std::shared_ptr<State> position(state.clone().release());
  const long long seq = seq_;
  std::weak_ptr<Room> self = weak_from_this();
  scheduler_([self, position, spec, seed, seat, seq] {
    std::string text;
    try {
      std::unique_ptr<ai::Agent> agent = ai::make_agent(spec, position->game(), seed);
      agent->set_progress([self, seat, seq](double done, const std::string&) {
        if (auto room = self.lock()) room->progress(seat, seq, done);
      });
      text = position->move_to_string(agent->choose(*position));
    } catch (const std::exception&) {
      return;  // a broken agent leaves the seat to move; nothing is stored
    }
    if (auto room = self.lock()) room->computer_moved(seat, seq, text);
  });
}

void Room::computer_moved(int seat, long long seq, const std::string& text) {
  std::lock_guard lock(mutex_);
  if (seq != seq_ || seats_[std::size_t(seat)].kind != "computer") {
    if (computer_seq_ == seq) computer_seq_ = -1;
    schedule_computer();
    return;
  }
  try {
    store_.append_move(id_, (long long)movers_.size(), text, seq_ + 1);
  } catch (const std::exception&) {
    // Not stored, so not played: the seat stays to move (a later change schedules it again).
    computer_seq_ = -1;
    return;
  }
  apply_stored(text, seat);
  ++seq_;
  thinking_.reset();
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
  if (seq != seq_ || now - last_progress_ < std::chrono::milliseconds(250)) return;
  last_progress_ = now;
  thinking_ = {seat, done};
  send_all(shared(json{{"type", "thinking"}, {"seat", seat}, {"progress", done}}));
}

}  // namespace tabletop::server
