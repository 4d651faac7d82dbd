// The lobby: creates matches, finds them (in memory, else rebuilt from the database), lists them,
// and hands out seats. Owns every live Room.
//
// At construction it rebuilds every unfinished match from its seed and move log, so a restarted
// server carries on where the last one stopped (computer seats to move start thinking again).
// Thread safety: every method may be called from any thread.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "core/registry.h"
#include "server/room.h"
#include "server/store.h"

namespace tabletop::server {

using json = nlohmann::json;

class Lobby {
 public:
  Lobby(const Registry& registry, Store& store, Scheduler scheduler);
  // The database (deck_routes.h keeps uploaded decks there).
  Store& store() { return store_; }

  // POST /api/matches: validates `request` (see docs/server.md), stores the new match and answers
  // with its id, seats, tokens and links. Throws BadInput naming what is wrong.
  json create(const json& request);
  // The room of match `id`, or nullptr when there is none.
  std::shared_ptr<Room> find(const std::string& id);
  // GET /api/matches?status=: summaries, newest first. Throws BadInput for an unknown status.
  json list(const std::string& status);
  // The number of matches held in memory.
  std::size_t live() const;

 private:
  std::shared_ptr<Room> add(StoredMatch stored);

  const Registry& registry_;
  Store& store_;
  Scheduler scheduler_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
};

// The join link of a seat: /match/{id}?seat=S#token=T.
std::string join_url(const std::string& match, int seat, const std::string& token);

}  // namespace tabletop::server
