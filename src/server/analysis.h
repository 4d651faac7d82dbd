// The post-game analyses of finished matches (GET /api/matches/ID/analysis; ai/advice.h): every
// move's chance of winning for its mover before and after it, the moves that lost the most marked,
// the move the search preferred.
//
// An analysis is worked out on the computer pool at low priority (computer_pool.h: only when no
// match's computer seat waits), one move per job, so players' computers go first between moves.
// It is public like the record, and like the record never made before the end (the route answers
// 409 until then). Once made it is stored with the match (AnalysisStore::put_analysis, keyed by the
// search spec, so a server run with another --analysis-iterations makes its own) before any request
// is answered "done": a restarted server, or another process on the same PostgreSQL, answers it
// from the database without searching again. The last kKept analyses asked for are also kept in
// memory, and every analysis under way besides: one under way is never pushed out, so concurrent
// and later requests share its one search, never start it twice.
//
// The searches are low-priority jobs of the address that asked first (ComputerPool::submit_low:
// fair across addresses); an address may have at most `per_address` analyses under way at once
// (serve --low-jobs-per-address; its hints have a cap of the same size): past it a new one is
// refused with OverLimit (429), while one already under way or made is still answered.
// A store that fails to write leaves the analysis in memory only (logged): the next process to be
// asked works it out again, with the same search seed and so the same figures.
#pragma once

#include <atomic>
#include <cstddef>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "core/registry.h"
#include "server/analysis_store.h"
#include "server/computer_pool.h"

namespace tabletop::server {

using json = nlohmann::json;

class Analyses {
 public:
  static constexpr std::size_t kKept = 256;
  // Searches `ai::analysis_spec(iterations)` a move on `pool`; stores what it made in `store`
  // (which must outlive the pool's jobs: the server destroys the pool first).
  Analyses(const Registry& registry, ComputerPool& pool, AnalysisStore& store, int iterations,
           int per_address = 4);

  // The analysis of finished match `id`, whose record (Room::record) is `record`:
  // {"status": "done", "analysis": ai::analysis_json} once made (from memory or the database);
  // until then {"status": "working", "done": moves analysed, "of": moves} (the first request
  // starts the work, as `address`'s); {"status": "failed", "error"} if the search failed. Throws
  // tabletop::Error for a record that does not replay, OverLimit past the address's cap.
  json get(const std::string& id, const json& record, const std::string& address = "");
  // How many analyses were started (for tests: never twice for one match).
  long long started() const { return started_; }

 private:
  struct Entry;
  // The entry held in memory for match `id`, marked as the most recently asked for; or null.
  std::shared_ptr<Entry> find(const std::string& id);
  // Analyses under way that `address` started.
  std::size_t under_way(const std::string& address);
  // Queues the entry's next move on `pool` (the jobs hold the pool, the store and the entry, never
  // this); the last one stores the analysis, then marks it done.
  static void step(ComputerPool& pool, AnalysisStore& store, const std::shared_ptr<Entry>& entry);

  const Registry& registry_;
  ComputerPool& pool_;
  AnalysisStore& store_;
  const std::string spec_;
  const int per_address_;
  std::atomic<long long> started_{0};
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Entry>> entries_;
  std::list<std::string> order_;  // ids, least recently asked for first
};

}  // namespace tabletop::server
