#include "server/lobby.h"

#include <malloc.h>

#include <algorithm>
#include <ctime>

#include "ai/agent.h"
#include "core/error.h"
#include "server/catalog.h"
#include "server/json_input.h"
#include "server/log.h"
#include "server/secrets.h"

namespace tabletop::server {

std::string join_url(const std::string& match, int seat, const std::string& token) {
  return "/match/" + match + "?seat=" + std::to_string(seat) + "#token=" + token;
}

Lobby::Lobby(const Registry& registry, Store& store, ComputerSettings computers,
             double idle_seconds, double lease_s, ChatLimits chat, const Clock* clock)
    : registry_(registry),
      store_(store),
      computers_(computers),
      chat_(chat),
      time_(clock ? clock : &SystemClock::instance()),
      idle_(std::max(0.0, idle_seconds)),
      keep_period_(std::clamp(lease_s / 3, 0.05, 60.0)) {
  if (idle_seconds > 0) sweeper_ = std::thread([this] { sweep(); });
  if (store_.coordination().shared()) {
    store_.coordination().listen([this](const Change& change) { changed(change); });
    keeper_ = std::thread([this] { keeper(); });
  }
}

Lobby::~Lobby() {
  store_.coordination().unlisten();
  {
    std::lock_guard lock(sweep_mutex_);
    stopping_ = true;
  }
  sweep_wake_.notify_all();
  if (sweeper_.joinable()) sweeper_.join();
  if (keeper_.joinable()) keeper_.join();
  // The rows say who is to move, so that the next start lists the matches without loading them;
  // the leases go, so that another process plays the computer seats at once.
  for (const auto& [id, room] : rooms_) {
    try {
      room->note_to_move();
      if (store_.coordination().shared()) store_.coordination().release_lease(id);
    } catch (const std::exception& e) {
      log_match(spdlog::level::warn, id,
                std::string("noting who is to move at the stop failed: ") + e.what());
    }
  }
}

void Lobby::changed(const Change& change) {
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mutex_);
    if (change.match.empty()) {
      for (const auto& [id, room] : rooms_) rooms.push_back(room);
    } else if (auto it = rooms_.find(change.match); it != rooms_.end()) {
      rooms.push_back(it->second);
    }
  }
  for (const std::shared_ptr<Room>& room : rooms) {
    try {
      if (change.match.empty() || change.chat) room->catch_up_chat();
      if (!change.chat) room->catch_up();
    } catch (const std::exception& e) {
      // The next change (or a request to the room) reads it again.
      log_match(spdlog::level::warn, room->id(),
                std::string("reading another process's change failed (read again at the next "
                            "one): ") +
                    e.what());
    }
  }
}

std::size_t Lobby::keep() {
  store_.coordination().renew_leases();
  std::size_t started = 0;
  for (const std::string& id : store_.coordination().orphans(16)) {
    std::shared_ptr<Room> room;
    {
      std::lock_guard lock(mutex_);
      if (auto it = rooms_.find(id); it != rooms_.end()) room = it->second;
    }
    if (room) {
      room->catch_up();  // it may have missed what the dead process did
      room->resume();    // claims the lease if the computer is to move
    } else {
      find(id);  // loaded, it resumes itself
    }
    ++started;
  }
  return started;
}

void Lobby::keeper() {
  std::unique_lock lock(sweep_mutex_);
  while (!sweep_wake_.wait_for(lock, keep_period_, [this] { return stopping_; })) {
    lock.unlock();
    try {
      keep();
    } catch (const std::exception& e) {
      // The database is away: the leases lapse and the next round tries again.
      logger().warn(
          "renewing leases and taking over orphaned matches failed (tried again in "
          "{} s): {}",
          keep_period_.count(), one_line(e.what()));
    }
    lock.lock();
  }
}

void Lobby::sweep() {
  // A room leaves between `idle` and `idle` + one period after it fell idle.
  const auto period = std::chrono::duration<double>(std::clamp(idle_.count() / 4, 0.05, 10.0));
  std::unique_lock lock(sweep_mutex_);
  while (!sweep_wake_.wait_for(lock, period, [this] { return stopping_; })) {
    lock.unlock();
    try {
      if (evict_idle() > 0) malloc_trim(0);  // give the freed pages back to the system
    } catch (const std::exception& e) {
      // A database error leaves the rooms where they are; the next sweep tries again.
      logger().warn("unloading idle matches failed (tried again at the next sweep): {}",
                    one_line(e.what()));
    }
    lock.lock();
  }
}

std::size_t Lobby::evict_idle(std::chrono::duration<double> idle) {
  const auto before = std::chrono::steady_clock::now() -
                      std::chrono::duration_cast<std::chrono::steady_clock::duration>(idle);
  std::vector<std::shared_ptr<Room>> leaving;  // destroyed after the lock is released
  std::lock_guard lock(mutex_);
  for (auto it = rooms_.begin(); it != rooms_.end();) {
    // Only the lobby holds it (every other holder copied it from here, under this lock), so
    // nobody can reach it once it is erased.
    if (it->second.use_count() == 1 && it->second->idle_since(before)) {
      it->second->note_to_move();
      if (store_.coordination().shared()) store_.coordination().release_lease(it->first);
      leaving.push_back(std::move(it->second));
      it = rooms_.erase(it);
    } else {
      ++it;
    }
  }
  return leaving.size();
}

void Lobby::forget(const std::string& id) {
  std::shared_ptr<Room> leaving;  // destroyed after the lock is released
  std::lock_guard lock(mutex_);
  if (auto it = rooms_.find(id); it != rooms_.end()) {
    leaving = std::move(it->second);
    rooms_.erase(it);
  }
}

std::shared_ptr<Room> Lobby::add(StoredMatch stored) {
  std::string owner = stored.owner;
  // The table talk's last lines.
  std::vector<ChatLine> chat_lines =
      store_.chat().recent_chat(stored.id, int(MatchChat::kRecentLines));
  auto room = std::make_shared<Room>(std::move(stored), registry_, store_, computers_, chat_,
                                     std::move(chat_lines));
  room->set_owner(std::move(owner));
  room->set_clock_source(*time_);
  {
    std::lock_guard lock(mutex_);
    auto [it, inserted] = rooms_.emplace(room->id(), room);
    if (!inserted) return it->second;
  }
  room->resume();
  return room;
}

json Lobby::create(const json& request, const std::string& address, const json& attached) {
  if (!request.is_object()) throw BadInput("the body must be a JSON object");
  const std::string game = string_field(request, "game");
  const GameEntry* entry = registry_.find(game);
  if (!entry) throw BadInput("unknown game '" + game + "'");
  json params = request.value("params", json::object());
  if (!params.is_object()) throw BadInput("field 'params' must be an object");
  if (!request.contains("seats") || !request["seats"].is_array() || request["seats"].empty())
    throw BadInput("field 'seats' must be a non-empty array (one entry per seat)");
  const json& seat_requests = request["seats"];
  if (!params.contains("players")) params["players"] = seat_requests.size();
  std::shared_ptr<const Game> made;
  try {
    // The client's parameters as the network's (no file, no server-only parameter, network
    // ranges: check_param_origin), with what the server attached itself.
    made = registry_.make(game, params, ParamOrigin::kNetwork, attached);
  } catch (const Error& e) {
    throw BadInput(e.what());
  }
  if (int(seat_requests.size()) != made->num_players())
    throw BadInput("the match has " + std::to_string(made->num_players()) + " seats but " +
                   std::to_string(seat_requests.size()) + " were described");
  StoredMatch m;
  m.id = new_match_id();
  m.game = game;
  m.params = made->params();
  m.seed = new_seed();
  m.created_at = std::time(nullptr);
  if (request.contains("hints")) {
    if (!request["hints"].is_boolean()) throw BadInput("field 'hints' must be true or false");
    m.hints = request["hints"].get<bool>();
  }
  if (request.contains("undo")) {
    if (!request["undo"].is_boolean()) throw BadInput("field 'undo' must be true or false");
    m.undo = request["undo"].get<bool>();
  }
  if (request.contains("takeover_after_s") && !request["takeover_after_s"].is_null()) {
    const json& t = request["takeover_after_s"];
    if (!t.is_number_integer() || t.get<long long>() < 0 || t.get<long long>() > 86400)
      throw BadInput("field 'takeover_after_s' must be null or seconds from 0 to 86400");
    m.takeover_after_s = t.get<int>();
  }
  if (request.contains("spectator_chat")) {  // room_chat.h
    const json& c = request["spectator_chat"];
    m.spectator_chat = to_string(spectator_chat_from(c.is_string() ? c.get<std::string>() : ""));
  }
  // A creator's seats may be named at once (seat_names.h).
  std::vector<std::string> labels;
  for (int i = 0; i < made->num_players(); ++i) labels.push_back(made->seat_name(i));
  // The time control (match_clock.h), checked like every field of the request.
  m.clock = MatchClock(TimeControl::from_request(request.value("clock", json())),
                       int(seat_requests.size()))
                .to_json();
  // What becomes of a seat that resigns (room.h): the game's rule, or a computer takes it.
  bool resign_to_computer = false;
  if (request.contains("resign")) {
    const json& r = request["resign"];
    if (!r.is_string() || (r != "rule" && r != "computer"))
      throw BadInput("field 'resign' must be \"rule\" or \"computer\"");
    resign_to_computer = r == "computer";
  }
  json answer_seats = json::array();
  bool any_open = false;
  for (std::size_t i = 0; i < seat_requests.size(); ++i) {
    const json& s = seat_requests[i];
    if (!s.is_object()) throw BadInput("seat " + std::to_string(i) + " must be an object");
    if (s.contains("kind") && !s["kind"].is_string())
      throw BadInput("seat " + std::to_string(i) + ": 'kind' must be \"human\" or \"computer\"");
    const std::string kind = s.value("kind", "");
    json stored{{"kind", kind}};
    json answer{{"seat", i}, {"kind", kind}};
    if (kind == "human") {
      if (resign_to_computer) stored["resign_to_computer"] = true;
      if (s.contains("player")) {
        if (!s["player"].is_string())
          throw BadInput("seat " + std::to_string(i) + ": 'player' must be a name (text)");
        if (std::string name = SeatNames::clean(s["player"].get<std::string>(), labels);
            !name.empty())
          stored["player"] = answer["player"] = std::move(name);
      }
      if (s.contains("open") && !s["open"].is_boolean())
        throw BadInput("seat " + std::to_string(i) + ": 'open' must be true or false");
      if (s.value("open", false)) {
        stored["open"] = answer["open"] = true;
        any_open = true;
      } else {
        const std::string token = new_token();
        stored["token_hash"] = hash_token(token);
        answer["token"] = token;
        answer["join_url"] = join_url(m.id, int(i), token);
      }
      answer["name"] = "seat " + std::to_string(i);
    } else if (kind == "computer") {
      if (s.contains("strength") && !s["strength"].is_string())
        throw BadInput("seat " + std::to_string(i) + ": 'strength' must be a string");
      const std::string strength = s.value("strength", "medium");
      const std::string spec = strength_spec(strength);
      try {
        check_offered(entry->info, made->num_players(), strength);
      } catch (const BadInput& e) {
        throw BadInput("seat " + std::to_string(i) + ": " + e.what());
      }
      try {
        ai::make_agent(spec, *made, 0);
      } catch (const Error& e) {
        throw BadInput("seat " + std::to_string(i) + ": " + e.what());
      }
      stored["strength"] = answer["strength"] = strength;
      answer["name"] = "computer (" + strength + ")";
    } else {
      throw BadInput("seat " + std::to_string(i) + ": 'kind' must be \"human\" or \"computer\"");
    }
    m.seats.push_back(std::move(stored));
    answer_seats.push_back(std::move(answer));
  }
  m.status = any_open ? "open" : "running";
  if (!address.empty()) m.owner = hash_token(address);
  bool computers_only = true;
  for (const json& seat : m.seats) computers_only = computers_only && seat["kind"] == "computer";
  if (const int cap = computers_.computer_matches_per_address;
      computers_only && cap > 0 && !m.owner.empty() && playing_unattended(m.owner) >= cap)
    throw OverLimit("too many computer-only matches from your address play at once: at most " +
                    std::to_string(cap) +
                    " (serve --computer-matches-per-address); watch one to its end, or wait "
                    "until one nobody watches pauses");
  store_.matches().create(m);
  const std::string id = m.id;
  add(std::move(m));
  return {{"id", id}, {"seats", std::move(answer_seats)}, {"watch_url", "/match/" + id}};
}

std::shared_ptr<Room> Lobby::find(const std::string& id) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = rooms_.find(id); it != rooms_.end()) return it->second;
  }
  if (id.size() != 16 || id.find_first_not_of("0123456789abcdef") != std::string::npos)
    return nullptr;
  std::optional<StoredMatch> stored = store_.matches().load(id);
  if (!stored) return nullptr;
  return add(std::move(*stored));
}

json Lobby::list(const std::string& status) {
  if (!status.empty() && status != "open" && status != "running" && status != "finished" &&
      status != "abandoned")
    throw BadInput("status must be open, running, finished or abandoned");
  json out = json::array();
  for (const StoredMatch& row : store_.matches().list(status, 100)) {
    std::shared_ptr<Room> room;
    {
      std::lock_guard lock(mutex_);
      if (auto it = rooms_.find(row.id); it != rooms_.end()) room = it->second;
    }
    if (room) {
      out.push_back(room->summary());
    } else if (std::optional<json> summary = summary_of(registry_, row, time_->now_ms())) {
      out.push_back(std::move(*summary));
    } else if ((room = find(row.id))) {
      out.push_back(room->summary());  // the row does not say who is to move (a crash, an old file)
    }
  }
  return out;
}

int Lobby::playing_unattended(const std::string& owner) const {
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, room] : rooms_)
      if (room->owner() == owner) rooms.push_back(room);
  }
  int n = 0;
  for (const std::shared_ptr<Room>& room : rooms) n += room->playing_unattended() ? 1 : 0;
  return n;
}

std::size_t Lobby::live() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

}  // namespace tabletop::server
