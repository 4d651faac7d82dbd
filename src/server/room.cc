#include "server/room.h"

#include <algorithm>
#include <ctime>

#include "core/error.h"
#include "server/catalog.h"
#include "server/json_input.h"
#include "server/log.h"
#include "server/secrets.h"

namespace tabletop::server {

namespace {

std::shared_ptr<const std::string> shared(const json& message) {
  return std::make_shared<const std::string>(message.dump());
}

}  // namespace

Room::Room(StoredMatch stored, const Registry& registry, Store& store, ComputerSettings computers,
           ChatLimits chat, std::vector<ChatLine> chat_lines)
    : id_(stored.id),
      game_id_(stored.game),
      params_(stored.params),
      seed_(stored.seed),
      undo_(stored.undo),
      hints_(stored.hints),
      spectator_chat_(spectator_chat_from(stored.spectator_chat)),
      abandoned_(stored.status == "abandoned"),
      takeover_after_s_(stored.takeover_after_s),
      created_at_(stored.created_at),
      seq_(stored.seq),
      storage_(store.matches(), store.coordination(), store.chat(), stored),
      // A new match is watched by its creator; one loaded back counts as unwatched since long ago.
      computers_(stored.id, computers, !stored.moves.empty()),
      chat_(chat, std::move(chat_lines)) {
  seats_ = MatchStorage::seat_infos(stored.seats);
  clock_ = MatchClock::from_json(stored.clock, int(seats_.size()));
  // The parameters were checked when the match was made; made again as the server's own, no file
  // can open (ParamOrigin::kEmbedder).
  match_ = std::make_unique<Match>(registry.make(game_id_, params_, ParamOrigin::kEmbedder), seed_,
                                   record_seats());
  views_.set_board_places(json(match_->state().game().board_places()).dump());
  public_params_ = registry.public_params(game_id_, params_);
  for (const std::string& text : stored.moves) apply_stored(text, match_->state().current_player());
  // A clock stored before the change it follows was (a process stopped in between): the turn of
  // the seat to move starts now.
  if (stored.clock.is_object() && stored.clock.value("seq", -1LL) != seq_)
    clock_.turn_restarts(to_move(), time_->now_ms());
}

void Room::set_owner(std::string address) {
  computers_.set_owner(std::move(address));
}

std::string Room::owner() const {
  return computers_.owner();
}

bool Room::catch_up_locked() {
  const long long mine = (long long)movers_.size();
  std::optional<MatchStorage::Changes> changes = storage_.read_changes(mine, seq_);
  if (!changes) return false;
  const StoredMatch& stored = changes->stored;
  const bool extends = changes->extends;
  // The seats as stored; who is connected is this process's own knowledge.
  std::vector<SeatInfo> seats = MatchStorage::seat_infos(stored.seats);
  for (std::size_t i = 0; i < seats.size() && i < seats_.size(); ++i) {
    seats[i].connections = seats_[i].connections;
    seats[i].left_at = seats_[i].left_at;
  }
  seats_ = std::move(seats);
  abandoned_ = stored.status == "abandoned";
  const std::vector<std::string>& played = match_->moves();
  if (!extends && (stored.moves.size() < played.size() ||
                   !std::equal(played.begin(), played.end(), stored.moves.begin()))) {
    // Another history (an undo): replayed from the start, and every viewer gets whole logs.
    match_ = std::make_unique<Match>(match_->state().game_ptr(), seed_, record_seats());
    movers_.clear();
    views_.restart_logs();
    replay_ = {};
  }
  // The stored moves from `first` on are the ones the room lacks.
  const std::size_t first = extends ? 0 : movers_.size();
  for (std::size_t i = first; i < stored.moves.size(); ++i)
    apply_stored(stored.moves[i], match_->state().current_player());
  seq_ = stored.seq;
  clock_ = MatchClock::from_json(stored.clock, int(seats_.size()));
  // A clock stored at another seq (a database from before clocks were written with their change):
  // the turn starts now.
  if (stored.clock.is_object() && stored.clock.value("seq", -1LL) != seq_)
    clock_.turn_restarts(to_move(), now_ms());
  computers_.stop_thinking();
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
  ++seq_;
  storage_.changed(to_move(), seq_);
}

void Room::apply_stored(const std::string& text, int seat) {
  match_->play_text(text);
  movers_.push_back(seat);
}

void Room::resume() {
  std::lock_guard lock(mutex_);
  storage_.finish_if_over(over() && !abandoned_, result());
  storage_.note_to_move_if_unknown(to_move(), seq_);
  schedule_computer();
}

bool Room::over() const {
  return abandoned_ || match_->state().is_terminal() || resigned_seat() >= 0;
}

int Room::resigned_seat() const {
  // A seat that resigned and stayed a person's lost by resigning (a computer's plays on).
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].resigned_at && seats_[i].kind == "human") return int(i);
  return -1;
}

int Room::to_move() const {
  return over() ? -1 : int(match_->state().current_player());
}

std::string Room::status() const {
  if (abandoned_) return "abandoned";
  if (over()) return "finished";
  for (const SeatInfo& s : seats_)
    if (s.kind == "human" && s.token_hash.empty()) return "open";
  return "running";
}

namespace {

json public_seat(std::size_t i, const std::string& kind, const std::string& strength, bool claimed,
                 bool open, std::optional<long long> taken_over_at, bool connected,
                 const std::string& player) {
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
  if (!player.empty()) j["player"] = player;
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
          {"spectator_chat", m.spectator_chat},
          {"takeover_after_s", m.takeover_after_s ? json(*m.takeover_after_s) : json(nullptr)},
          {"created_at", m.created_at},
          {"seats", std::move(seats)},
          {"to_move", std::move(to_move)},
          {"result", m.result}};
}

// `text` as a JSON string literal, appended to `out`.
void append_string(std::string& out, const std::string& text) {
  out += json(text).dump();
}

}  // namespace

std::optional<json> summary_of(const Registry& registry, const StoredMatch& row, long long now_ms) {
  if (row.status != "finished" && row.status != "abandoned" && !row.to_move) return std::nullopt;
  json seats = json::array();
  for (std::size_t i = 0; i < row.seats.size(); ++i) {
    const json& s = row.seats[i];
    std::optional<long long> taken_over_at;
    if (s.contains("taken_over_at")) taken_over_at = s["taken_over_at"].get<long long>();
    seats.push_back(public_seat(i, s.value("kind", "human"), s.value("strength", ""),
                                !s.value("token_hash", "").empty(), s.value("open", false),
                                taken_over_at, false, s.value("player", "")));
  }
  json j = summary_json(row, registry.public_params(row.game, row.params), std::move(seats),
                        row.to_move ? json(*row.to_move) : json(nullptr));
  j["clock"] = MatchClock::from_json(row.clock, int(row.seats.size())).view(now_ms);
  return j;
}

json Room::public_seats() const {
  json out = json::array();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const SeatInfo& s = seats_[i];
    out.push_back(public_seat(i, s.kind, s.strength, !s.token_hash.empty(), s.open, s.taken_over_at,
                              s.connections > 0, s.player));
  }
  return out;
}

json Room::result() const {
  json r = result_of_game();
  // The seats' personal names, when any has one (seat_names.h): never in the record.
  json players = json::array();
  bool named = false;
  for (const SeatInfo& s : seats_) {
    players.push_back(s.player.empty() ? json(nullptr) : json(s.player));
    named = named || !s.player.empty();
  }
  if (r.is_object() && named) r["players"] = std::move(players);
  return r;
}

json Room::result_of_game() const {
  const State& state = match_->state();
  if (!over()) return nullptr;
  json takeovers = json::array();
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].taken_over_at)
      takeovers.push_back(
          {{"seat", i}, {"at_move", *seats_[i].taken_over_at}, {"strength", seats_[i].strength}});
  if (abandoned_)
    return {{"returns", nullptr},
            {"reason", "abandoned (by its creator, or for want of moves)"},
            {"abandoned", true},
            {"takeovers", std::move(takeovers)}};
  if (const int resigned = resigned_seat(); resigned >= 0) {
    // The other seat wins (two seats only; room.h).
    std::vector<double> returns(seats_.size(), 1.0);
    returns[std::size_t(resigned)] = state.game().loss_return();
    if (seats_[std::size_t(resigned)].timed_out)
      return {{"returns", std::move(returns)},
              {"reason", state.game().seat_name(resigned) + " lost on time"},
              {"ended_by", "time"},
              {"timed_out", resigned},
              {"takeovers", std::move(takeovers)}};
    return {{"returns", std::move(returns)},
            {"reason", state.game().seat_name(resigned) + " resigned"},
            {"resigned", resigned},
            {"takeovers", std::move(takeovers)}};
  }
  const Returns r = state.returns();
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
  m.seats = MatchStorage::seats_json(seats_);
  m.undo = undo_;
  m.hints = hints_;
  m.spectator_chat = to_string(spectator_chat_);
  m.takeover_after_s = takeover_after_s_;
  m.status = status();
  m.seq = seq_;
  m.created_at = created_at_;
  m.result = result();
  if (!over()) m.to_move = to_move();
  return m;
}

json Room::summary() const {
  std::lock_guard lock(mutex_);
  const StoredMatch m = row();
  json j =
      summary_json(m, public_params_, public_seats(), m.to_move ? json(*m.to_move) : json(nullptr));
  j["clock"] = clock_.view(now_ms());
  return j;
}

void Room::note_to_move() const {
  std::lock_guard lock(mutex_);
  storage_.note_to_move(to_move(), seq_);
}

bool Room::idle_since(std::chrono::steady_clock::time_point before) const {
  std::lock_guard lock(mutex_);
  return last_activity_ < before && !computers_.busy() && !views_.watched();
}

SeatMask Room::seats_for(const std::vector<std::string>& tokens) {
  std::lock_guard lock(mutex_);
  try {
    return seats_for_locked(tokens);
  } catch (const BadInput&) {
    // A seat claimed through another process a moment ago: read the match and look again.
    if (!storage_.shared() || !catch_up_locked()) throw;
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

std::string Room::claim(int seat, const std::string& player) {
  std::lock_guard lock(mutex_);
  if (seat < 0 || seat >= int(seats_.size()))
    throw BadInput("seat " + std::to_string(seat) + " does not exist in this match");
  SeatInfo& s = seats_[std::size_t(seat)];
  if (s.kind != "human" || !s.open) throw Conflict("seat " + std::to_string(seat) + " is not open");
  if (!s.token_hash.empty())
    throw Conflict("seat " + std::to_string(seat) + " has already been claimed");
  std::string name;
  try {
    name = SeatNames::clean(player, seat_labels());
  } catch (const BadInput& e) {
    throw BadInput(std::string("'player': ") + e.what());
  }
  const std::string token = new_token();
  const SeatInfo before = s;
  s.token_hash = hash_token(token);
  s.player = std::move(name);
  Write written = Write::kStale;
  try {
    written = storage_.update_seats(seats_, status(), seq_, seq_, {});
  } catch (...) {
    s = before;
    throw;
  }
  if (written == Write::kStale) {
    // Another process changed the match first (claimed this seat, or another): read it and answer.
    s = before;
    if (catch_up_locked()) {
      broadcast();
      schedule_computer();
    }
    throw Conflict("seat " + std::to_string(seat) +
                   " was changed by another request at the same moment; look again");
  }
  broadcast();
  return token;
}

json Room::record() const {
  std::lock_guard lock(mutex_);
  if (!over())
    throw NotYet("the record of match " + id_ + " is public only once the match is finished");
  Record r = match_->record();
  r.seats = record_seats();
  json j = r.to_json();
  // Ended early: the moves replay to where it stopped; why it stopped is said beside them.
  if (const int resigned = resigned_seat(); resigned >= 0)
    j["resigned"] = {{"seat", resigned},
                     {"at_move", *seats_[std::size_t(resigned)].resigned_at},
                     {"returns", result()["returns"]}};
  // A loss on time ends the match as a resignation does; the record says it was the clock.
  if (const int resigned = resigned_seat();
      resigned >= 0 && seats_[std::size_t(resigned)].timed_out)
    j["resigned"]["ended_by"] = "time";
  if (abandoned_) j["abandoned"] = true;
  if (hints_) j["hints"] = true;  // the record says the players could ask for hints
  return j;
}

void Room::subscribe(const std::shared_ptr<Viewer>& viewer, SeatMask seats) {
  std::lock_guard lock(mutex_);
  views_.add(viewer, seats);
  const bool was_paused = computers_.watched_now();
  bool seat_joined = false;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if ((seats & (SeatMask(1) << i)) && seats_[i].connections++ == 0) {
      seat_joined = true;
      storage_.note_presence(int(i), true);
    }
  if (seat_joined)
    broadcast();
  else
    views_.deliver_to_newest(facts());
  // The table talk's last lines, after the state: with several processes as stored (lines written
  // through another process are not in this room's memory).
  std::vector<ChatLine> recent = chat_.recent();
  if (storage_.shared()) {
    try {
      recent = storage_.recent_chat(int(MatchChat::kRecentLines));
    } catch (const std::exception& e) {
      log_match(
          spdlog::level::warn, id_,
          std::string("reading the table talk failed (this process's lines sent): ") + e.what());
    }
  }
  std::erase_if(recent, [&](const ChatLine& line) {
    return !MatchChat::shows(spectator_chat_, seats, line);
  });
  if (!recent.empty()) viewer->deliver(shared(chat_message(recent, true)));
  if (was_paused) schedule_computer();  // watched again: the computers play on
}

void Room::unsubscribe(const Viewer* viewer) {
  std::lock_guard lock(mutex_);
  const SeatMask held = views_.remove(viewer);
  bool seat_left = false;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!(held & (SeatMask(1) << i))) continue;
    if (--seats_[i].connections == 0) {
      seats_[i].left_at = std::chrono::steady_clock::now();
      seat_left = true;
      storage_.note_presence(int(i), false);
    }
  }
  last_activity_ = std::chrono::steady_clock::now();
  computers_.last_watched_now();
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
  return views_.fresh_state_message(facts(), seats);
}

StateFacts Room::facts() const {
  const State& state = match_->state();
  StateFacts f;
  std::string& out = f.head;
  out.reserve(512);
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
  out += R"(,"spectator_chat":)";
  append_string(out, to_string(spectator_chat_));
  out += R"(,"takeover_after_s":)";
  out += takeover_after_s_ ? std::to_string(*takeover_after_s_) : "null";
  f.seats = R"(,"seats":)";
  f.seats += public_seats().dump();
  f.seats += R"(},"to_move":)";
  f.seats += over() ? "null" : std::to_string(to_move());
  f.tail = R"(,"result":)";
  f.tail += result().dump();
  f.tail += R"(,"clock":)";
  f.tail += clock_.view(now_ms()).dump();
  f.tail += R"(,"thinking":)";
  f.tail += computers_.thinking().dump();
  f.tail += '}';
  f.state = &state;
  f.over = over();
  f.seat_count = seats_.size();
  f.why_no_undo = [this](Seat seat) { return why_no_undo(seat); };
  if (undo_) f.undoable = [this](Move move) { return match_->undoable(move); };
  return f;
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

bool Room::computer_only() const {
  for (const SeatInfo& s : seats_)
    if (s.kind != "computer") return false;
  return true;
}

bool Room::playing_unattended() const {
  std::lock_guard lock(mutex_);
  return computer_only() && !computers_.paused() && !over();
}

bool Room::paused() const {
  std::lock_guard lock(mutex_);
  return computers_.paused();
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
  if (seq > seq_ && storage_.shared() && catch_up_locked()) {
    broadcast();
    schedule_computer();
  }
  if (flag_locked()) return {"out of time: seat " + std::to_string(seat) + "'s clock ran out"};
  State& state = match_->state();
  if (over()) return {"the match is over"};
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
  MatchClock after = clock_after_move(seat, canonical);
  if (storage_.append_move((long long)movers_.size(), canonical, seq_ + 1,
                           clock_to_store(after, seq_ + 1)) == Write::kStale)
    return stale_locked(seq);
  apply_stored(canonical, seat);
  clock_ = std::move(after);
  changed_locked();
  computers_.stop_thinking();
  storage_.finish_if_over(over(), result());
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
  if (flag_locked()) return {"out of time: the clock ran out"};
  if (seq != seq_)
    return {"stale: the match is at seq " + std::to_string(seq_) + ", not " + std::to_string(seq)};
  if (std::string why = why_no_undo(seat); !why.empty()) return {why};
  std::size_t last = movers_.size();
  while (movers_[last - 1] != seat) --last;
  const std::size_t keep = last - 1;
  // The undo gives the turn back to `seat` (it moved at ply `keep`).
  MatchClock after = clock_;
  after.turn_restarts(seat, now_ms());
  if (storage_.truncate_moves((long long)keep, seq_ + 1, clock_to_store(after, seq_ + 1)) ==
      Write::kStale)
    return stale_locked(seq);
  match_->undo_own(seat);
  movers_.resize(keep);
  // The logs were rewound: every viewer starts them afresh.
  views_.restart_logs();
  clock_ = std::move(after);
  changed_locked();
  computers_.stop_thinking();
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
  if (over()) return {"the match is over"};
  SeatInfo& s = seats_[std::size_t(seat)];
  if (s.kind != "human") return {"seat " + std::to_string(seat) + " is not a human seat"};
  if (s.connections > 0) return {"seat " + std::to_string(seat) + " is connected"};
  const auto gone = std::chrono::steady_clock::now() - s.left_at;
  if (gone < std::chrono::seconds(*takeover_after_s_))
    return {"seat " + std::to_string(seat) + " has been gone for less than " +
            std::to_string(*takeover_after_s_) + " s"};
  if (storage_.seen_elsewhere(seat, *takeover_after_s_))
    return {"seat " + std::to_string(seat) +
            " is connected through another server, or has been "
            "gone from it for less than " +
            std::to_string(*takeover_after_s_) + " s"};
  const SeatInfo before = s;
  hand_to_computer(s);
  return seats_changed_locked([&s, before] { s = before; }, from);
}

void Room::hand_to_computer(SeatInfo& s) {
  // The seat's token is revoked with it: kept (hashed) only to name why it no longer works.
  s.kind = "computer";
  s.strength = "medium";
  s.taken_over_at = (long long)movers_.size();
  s.revoked_hash = s.token_hash;
  s.token_hash.clear();
}

Room::Answer Room::seats_changed_locked(const std::function<void()>& restore, Viewer* from) {
  // The seats are changed in memory already: an end stops the clock.
  MatchClock after = clock_;
  if (over()) after.turn_restarts(-1, now_ms());
  Write written = Write::kStale;
  try {
    written =
        storage_.update_seats(seats_, status(), seq_, seq_ + 1, clock_to_store(after, seq_ + 1));
  } catch (...) {
    restore();
    throw;
  }
  if (written == Write::kStale) {
    restore();
    return stale_locked(seq_);
  }
  clock_ = std::move(after);
  changed_locked();
  computers_.stop_thinking();
  storage_.finish_if_over(over() && !abandoned_, result());
  if (from) from->deliver(shared(json{{"type", "ack"}, {"seq", seq_}}));
  broadcast();
  schedule_computer();
  return {};
}

Room::Answer Room::resign(SeatMask held, int seat, Viewer* from) {
  std::lock_guard lock(mutex_);
  try {
    check_seat(held, seat);
  } catch (const BadInput& e) {
    return {e.what()};
  }
  flag_locked();
  if (over()) return {"the match is over"};
  SeatInfo& s = seats_[std::size_t(seat)];
  const SeatInfo before = s;
  s.resigned_at = (long long)movers_.size();
  // The game's rule (the other seat wins) in a two-seat match; a computer otherwise (room.h).
  if (s.resign_to_computer || seats_.size() != 2) hand_to_computer(s);
  return seats_changed_locked([&s, before] { s = before; }, from);
}

Room::Answer Room::abandon(SeatMask held, Viewer* from) {
  std::lock_guard lock(mutex_);
  if (over()) return {"the match is over"};
  // The creator holds the first seat the creation answered a token for (a human seat not open).
  int first = -1;
  for (std::size_t i = 0; i < seats_.size() && first < 0; ++i)
    if (seats_[i].kind == "human" && !seats_[i].open) first = int(i);
  if (first < 0 || !(held & (SeatMask(1) << first)))
    return {"only the match's creator (who holds its first seat) may abandon it"};
  const int mover = int(match_->state().current_player());
  const bool started = !movers_.empty();
  const bool waiting_for_another =
      !(held & (SeatMask(1) << mover)) && seats_[std::size_t(mover)].kind == "human" &&
      seats_[std::size_t(mover)].connections == 0 && !storage_.seen_elsewhere(mover, 0);
  if (started && !waiting_for_another)
    return {
        "the match is under way: it may be abandoned before its first move, or while the seat "
        "to move is another person's and nobody holds it"};
  abandoned_ = true;
  return seats_changed_locked([this] { abandoned_ = false; }, from);
}

bool Room::expire() {
  std::lock_guard lock(mutex_);
  if (over()) return false;
  abandoned_ = true;
  return seats_changed_locked([this] { abandoned_ = false; }, nullptr).ok();
}

void Room::chat(SeatMask held, int seat, const std::string& text, const std::string& asker) {
  std::lock_guard lock(mutex_);
  const int speaker_seat = speaker(held, seat);
  const std::string who =
      speaker_seat < 0 ? "spectator " + asker : "seat " + std::to_string(speaker_seat);
  ChatLine line{0, speaker_seat, (long long)std::time(nullptr), chat_.admit(who, text)};
  // Stored first (the store numbers it), then kept and pushed.
  line.n = storage_.add_chat(line.seat, line.at, line.text);
  chat_.add(line);
  push_chat({line});
}

void Room::catch_up_chat() {
  std::lock_guard lock(mutex_);
  push_chat(chat_.merge(storage_.recent_chat(int(MatchChat::kRecentLines))));
}

void Room::push_chat(const std::vector<ChatLine>& lines) {
  for (const bool to_seats : {true, false}) {
    std::vector<ChatLine> shown;
    for (const ChatLine& line : lines)
      if (MatchChat::shows(spectator_chat_, to_seats ? 1 : 0, line)) shown.push_back(line);
    if (shown.empty()) continue;
    views_.send_where(shared(chat_message(shown, false)),
                      [to_seats](SeatMask seats) { return (seats != 0) == to_seats; });
  }
}

json Room::chat_message(const std::vector<ChatLine>& lines, bool recent) const {
  const Game& game = match_->state().game();
  return MatchChat::message(
      lines, [&game](int s) { return game.seat_name(s); },
      [this](int s) {
        return s < int(seats_.size()) ? seats_[std::size_t(s)].player : std::string();
      },
      recent);
}

Room::Answer Room::name_seat(SeatMask held, int seat, const std::string& text, Viewer* from) {
  std::lock_guard lock(mutex_);
  try {
    check_seat(held, seat);
  } catch (const BadInput& e) {
    return {e.what()};
  }
  if (over()) return {"the match is over"};
  SeatInfo& s = seats_[std::size_t(seat)];
  std::string name;
  try {
    name = names_.admit(seat, text, seat_labels());
  } catch (const BadInput& e) {
    return {e.what()};
  }
  const std::string before = s.player;
  s.player = std::move(name);
  return seats_changed_locked([&s, before] { s.player = before; }, from);
}

std::vector<std::string> Room::seat_labels() const {
  std::vector<std::string> labels;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    labels.push_back(match_->state().game().seat_name(int(i)));
  return labels;
}

int Room::speaker(SeatMask held, int seat) const {
  if (held == 0 && spectator_chat_ == SpectatorChat::kApart) return -1;
  if (held == 0)
    throw BadInput(spectator_chat_ == SpectatorChat::kRead
                       ? "spectators read the table talk but do not write in it: join a seat to "
                         "talk"
                       : "spectators have no table talk in this match: join a seat to talk");
  if (seat < 0) {
    for (std::size_t i = 0; i < seats_.size(); ++i)
      if (held & (SeatMask(1) << i)) return int(i);
  }
  if (seat >= int(seats_.size()) || !(held & (SeatMask(1) << seat)))
    throw BadInput("you do not hold seat " + std::to_string(seat));
  return seat;
}

void Room::broadcast() {
  views_.broadcast(facts());
}

void Room::schedule_computer() {
  last_activity_ = std::chrono::steady_clock::now();
  const State& state = match_->state();
  if (over()) return;
  const Seat seat = state.current_player();
  if (seats_[std::size_t(seat)].kind != "computer" || computers_.searching(seq_)) return;
  // Nobody watches a computer-only match: it pauses until a viewer comes (subscribe).
  if (computers_.pause_for_want_of_viewer(computer_only(), storage_.shared(), views_.watched()))
    return;
  // With several processes, only the one holding the match's lease plays its computer seats
  // (the others hear of its moves; the lobby tries again when the lease expires).
  if (!storage_.claim_lease()) return;
  computers_.start_search(weak_from_this(), seat, seats_[std::size_t(seat)].strength, seed_, state,
                          seq_, views_);
}

bool Room::search_starting(int seat, long long seq) {
  std::lock_guard lock(mutex_);
  if (seq != seq_ || seats_[std::size_t(seat)].kind != "computer") {
    // Stale (an undo or a takeover came first): nothing to think about.
    computers_.search_dropped(seq);
    schedule_computer();
    return false;
  }
  computers_.search_runs(seat, views_);
  return true;
}

void Room::computer_moved(int seat, long long seq, const std::string& text) {
  std::lock_guard lock(mutex_);
  if (seq != seq_ || seats_[std::size_t(seat)].kind != "computer") {
    computers_.search_dropped(seq);
    schedule_computer();
    return;
  }
  MatchClock after = clock_after_move(seat, text);
  Write written = Write::kStale;
  try {
    written = storage_.append_move((long long)movers_.size(), text, seq_ + 1,
                                   clock_to_store(after, seq_ + 1));
  } catch (const std::exception& e) {
    // Not stored, so not played: the seat stays to move (a later change schedules it again).
    log_match(spdlog::level::err, id_,
              "storing seat " + std::to_string(seat) + "'s computer move " + quote(text) +
                  " failed and the seat stays to move: " + e.what());
    computers_.search_dropped(seq);
    return;
  }
  if (written == Write::kStale) {
    // Another process played first (its lease and ours overlapped): its move stands.
    computers_.search_dropped(seq);
    if (catch_up_locked()) broadcast();
    schedule_computer();
    return;
  }
  apply_stored(text, seat);
  clock_ = std::move(after);
  changed_locked();
  computers_.stop_thinking();
  storage_.finish_if_over(over(), result());
  broadcast();
  schedule_computer();
}

void Room::search_progress(int seat, long long seq, double done) {
  std::lock_guard lock(mutex_);
  if (seq != seq_) return;
  computers_.progress(seat, done, views_);
}

}  // namespace tabletop::server
