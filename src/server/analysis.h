// The post-game analyses of finished matches (GET /api/matches/ID/analysis; ai/advice.h): every
// move's chance of winning for its mover before and after it, the moves that lost the most marked,
// the move the search preferred.
//
// An analysis is worked out on the computer pool at low priority (computer_pool.h: only when no
// match's computer seat waits), one move per job, so players' computers go first between moves.
// It is public like the record, and like the record never made before the end (the route answers
// 409 until then). It is kept in memory, the last kKept analyses asked for; not in the database:
// after a restart, or once dropped, the next request works it out again (the same search seed, so
// the same figures).
#pragma once

#include <cstddef>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "core/registry.h"
#include "server/computer_pool.h"

namespace tabletop::server {

using json = nlohmann::json;

class Analyses {
 public:
  static constexpr std::size_t kKept = 256;
  // Searches `ai::analysis_spec(iterations)` a move on `pool`.
  Analyses(const Registry& registry, ComputerPool& pool, int iterations);

  // The analysis of finished match `id`, whose record (Room::record) is `record`:
  // {"status": "done", "analysis": ai::analysis_json} once made; until then {"status": "working",
  // "done": moves analysed, "of": moves} (the first request starts the work); {"status":
  // "failed", "error"} if the search failed. Throws
  // tabletop::Error for a record that does not replay.
  json get(const std::string& id, const json& record);

 private:
  struct Entry;
  // Queues the entry's next move on `pool` (the jobs hold the pool and the entry, never this).
  static void step(ComputerPool& pool, const std::shared_ptr<Entry>& entry);

  const Registry& registry_;
  ComputerPool& pool_;
  const std::string spec_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Entry>> entries_;
  std::list<std::string> order_;  // ids, least recently asked for first
};

}  // namespace tabletop::server
