#include "server/analysis.h"

#include <algorithm>
#include <iostream>

#include "ai/advice.h"
#include "server/log.h"
#include "server/room.h"

namespace tabletop::server {

struct Analyses::Entry {
  std::string id;     // the match's
  std::string owner;  // the address whose low-priority jobs its searches are
  std::string spec;   // the search's, the stored analysis's key with the id
  std::mutex mutex;
  std::unique_ptr<ai::Analyser> analyser;  // used by one job at a time
  int done = 0;
  int of = 0;
  json result;  // null until made
  std::string error;
};

Analyses::Analyses(const Registry& registry, ComputerPool& pool, AnalysisStore& store,
                   int iterations, int per_address)
    : registry_(registry),
      pool_(pool),
      store_(store),
      spec_(ai::analysis_spec(std::max(1, iterations))),
      per_address_(per_address) {}

json Analyses::get(const std::string& id, const json& record, const std::string& address) {
  std::shared_ptr<Entry> entry = find(id);
  bool start = false;
  if (!entry) {
    // Read outside the lock: the database is not asked while another request waits for memory.
    auto made = std::make_shared<Entry>();
    made->id = id;
    made->owner = address;
    made->spec = spec_;
    if (std::optional<std::string> stored = store_.load_analysis(id, spec_)) {
      made->result = json::parse(*stored);
      made->of = made->done = int(made->result["moves"].size());
    } else {
      if (per_address_ > 0 && under_way(address) >= std::size_t(per_address_))
        throw OverLimit("too many analyses under way for your address: at most " +
                        std::to_string(per_address_) +
                        " at once (serve --low-jobs-per-address); ask again when one is done");
      // The seed is fixed: the same record gets the same analysis.
      made->analyser =
          std::make_unique<ai::Analyser>(registry_, Record::from_json(record), spec_, 1);
      made->of = made->analyser->total();
    }
    std::lock_guard lock(mutex_);
    auto [it, inserted] = entries_.emplace(id, made);
    entry = it->second;  // another request's entry if it came first
    if (inserted) {
      start = entry->analyser != nullptr;
      order_.push_back(id);
      // The least recently asked for that is made (or failed) leaves; one under way stays.
      for (auto at = order_.begin(); entries_.size() > kKept && at != order_.end();) {
        const std::shared_ptr<Entry>& old = entries_[*at];
        bool under_way;
        {
          std::lock_guard entry_lock(old->mutex);
          under_way = old->result.is_null() && old->error.empty();
        }
        if (under_way) {
          ++at;
          continue;
        }
        entries_.erase(*at);
        at = order_.erase(at);
      }
    }
  }
  if (start) {
    ++started_;
    step(pool_, store_, entry);
  }
  std::lock_guard lock(entry->mutex);
  if (!entry->result.is_null()) return {{"status", "done"}, {"analysis", entry->result}};
  if (!entry->error.empty()) return {{"status", "failed"}, {"error", entry->error}};
  return {{"status", "working"}, {"done", entry->done}, {"of", entry->of}};
}

std::size_t Analyses::under_way(const std::string& address) {
  std::lock_guard lock(mutex_);
  std::size_t n = 0;
  for (const auto& [id, entry] : entries_) {
    if (entry->owner != address) continue;
    std::lock_guard entry_lock(entry->mutex);
    if (entry->result.is_null() && entry->error.empty()) ++n;
  }
  return n;
}

std::shared_ptr<Analyses::Entry> Analyses::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(id);
  if (it == entries_.end()) return nullptr;
  order_.remove(id);
  order_.push_back(id);
  return it->second;
}

void Analyses::step(ComputerPool& pool, AnalysisStore& store, const std::shared_ptr<Entry>& entry) {
  if (entry->analyser->finished()) {
    json result = ai::analysis_json(entry->analyser->result());
    try {
      store.put_analysis(entry->id, entry->spec, result.dump());
    } catch (const std::exception& e) {
      log_match(spdlog::level::err, entry->id,
                std::string("the analysis is kept in memory only: storing it failed: ") + e.what());
    }
    std::lock_guard lock(entry->mutex);
    entry->result = std::move(result);
    entry->analyser.reset();
    return;
  }
  pool.submit_low(
      [&pool, &store, entry](const std::atomic<bool>&) {
        try {
          entry->analyser->step();
        } catch (const std::exception& e) {
          log_match(spdlog::level::err, entry->id, std::string("the analysis failed: ") + e.what());
          std::lock_guard lock(entry->mutex);
          entry->error = e.what();
          entry->analyser.reset();
          return;
        }
        {
          std::lock_guard lock(entry->mutex);
          entry->done = entry->analyser->done();
        }
        step(pool, store, entry);
      },
      entry->owner);
}

}  // namespace tabletop::server
