// The lobby: creates matches, finds them (in memory, else rebuilt from the database), lists them,
// and hands out seats. Owns every Room in memory.
//
// Rooms are in memory only while they are used. A room leaves (`evict_idle`, run every few
// seconds by a background thread when `idle_seconds` > 0) once nobody holds it but the lobby (no
// WebSocket viewer, no request under way), no computer search of it is queued or running, and
// nothing has happened in it for `idle_seconds`; finished matches leave the same way. The next
// `find` rebuilds it from its seed and move log, as a restart does: same state, same seq. A
// restart rebuilds nothing up front: a match comes back when it is first asked for (a `hello`, a
// summary, a join), and a computer seat that was to move then starts thinking. The lobby list is
// read from the database (rooms in memory answer for themselves, with their live connections).
//
// Several processes on one database (a `shared()` store, PostgreSQL; coordination.h, room.h): the
// lobby listens to the store's announcements and has the room of a match another process changed
// catch up (an announcement of "anything may have changed" catches up every room in memory). A
// keeper thread, every `lease_s` / 3 seconds, renews this process's computer-seat leases and asks
// the store for orphans (unfinished matches whose computer is to move and whose lease expired: a
// dead process's, or any after every process restarted), loads each and starts its computer, which
// claims the lease. So a killed process's computer seats are played again by another within about
// `lease_s` + `lease_s` / 3. A room leaving memory, and every room at a clean stop, gives its
// lease up at once. With one process (SQLite) none of this runs and nothing changes.
// Thread safety: every method may be called from any thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "core/registry.h"
#include "server/room.h"
#include "server/store.h"

namespace tabletop::server {

using json = nlohmann::json;

class Lobby {
 public:
  // `idle_seconds` <= 0: rooms never leave memory on their own (evict_idle still works).
  // `lease_s`: the store's lease time (StoreOptions::lease_s), for the keeper's period.
  // `chat`: every match's table talk limits (room_chat.h). `clock`: where match clocks read the
  // time (clock.h; tests: a ManualClock), outliving the lobby; nullptr: the system clock.
  Lobby(const Registry& registry, Store& store, ComputerSettings computers, double idle_seconds,
        double lease_s = 5, ChatLimits chat = {}, const Clock* clock = nullptr);
  // Stops the background eviction.
  ~Lobby();
  // Where match clocks read the time (clock.h).
  const Clock& clock() const { return *time_; }
  // The database (deck_routes.h keeps uploaded decks there).
  Store& store() { return store_; }

  // POST /api/matches: validates `request` (see docs/server.md), stores the new match and answers
  // with its id, seats, tokens and links. Throws BadInput naming what is wrong; OverLimit for a
  // computer-only match from an address that already has
  // ComputerSettings::computer_matches_per_address of them playing (room.h).
  // `address` (the client's) owns the match's computer searches (computer_pool.h). The request's
  // "params" are a network client's (ParamOrigin::kNetwork: a parameter the server alone sets, a
  // file parameter or a value out of its network range is a BadInput naming it); `attached` are
  // the server's own (the card game's deck snapshots, resolve_match_decks).
  json create(const json& request, const std::string& address = "",
              const json& attached = json::object());
  // The room of match `id`, or nullptr when there is none.
  std::shared_ptr<Room> find(const std::string& id);
  // GET /api/matches?status=: summaries, newest first. Throws BadInput for an unknown status.
  json list(const std::string& status);
  // Computer-only matches of `owner` (a hashed address, StoredMatch::owner) playing now: in
  // memory, unfinished, not paused (Room::playing_unattended).
  int playing_unattended(const std::string& owner) const;
  // The number of matches held in memory.
  std::size_t live() const;
  // The number of unfinished matches in the database (in memory or not).
  long long unfinished() { return store_.matches().unfinished(); }
  // Drops the room of match `id` from memory, if there (its match was removed: match_sweeper.h).
  void forget(const std::string& id);
  // Drops from memory every room idle for at least `idle` (see above); answers how many left.
  std::size_t evict_idle(std::chrono::duration<double> idle);
  std::size_t evict_idle() { return evict_idle(idle_); }
  // Several processes: has the room of `change` (every room, for an empty match) catch up.
  void changed(const Change& change);
  // Several processes: renews the leases, and loads and starts the orphans' computer seats; answers
  // how many orphans it started. (The keeper thread runs it; tests may call it.)
  std::size_t keep();

 private:
  std::shared_ptr<Room> add(StoredMatch stored);
  void sweep();
  void keeper();

  const Registry& registry_;
  Store& store_;
  ComputerSettings computers_;
  ChatLimits chat_;
  const Clock* const time_;
  std::chrono::duration<double> idle_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  std::mutex sweep_mutex_;
  std::condition_variable sweep_wake_;
  bool stopping_ = false;
  std::thread sweeper_;
  std::chrono::duration<double> keep_period_;
  std::thread keeper_;
};

// The join link of a seat: /match/{id}?seat=S#token=T.
std::string join_url(const std::string& match, int seat, const std::string& token);

}  // namespace tabletop::server
