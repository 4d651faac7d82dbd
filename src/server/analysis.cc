#include "server/analysis.h"

#include <algorithm>

#include "ai/advice.h"

namespace tabletop::server {

struct Analyses::Entry {
  std::mutex mutex;
  std::unique_ptr<ai::Analyser> analyser;  // used by one job at a time
  int done = 0;
  int of = 0;
  json result;  // null until made
  std::string error;
};

Analyses::Analyses(const Registry& registry, ComputerPool& pool, int iterations)
    : registry_(registry), pool_(pool), spec_(ai::analysis_spec(std::max(1, iterations))) {}

json Analyses::get(const std::string& id, const json& record) {
  std::shared_ptr<Entry> entry;
  bool start = false;
  {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(id);
    if (it == entries_.end()) {
      entry = std::make_shared<Entry>();
      // The seed is fixed: the same record gets the same analysis.
      entry->analyser =
          std::make_unique<ai::Analyser>(registry_, Record::from_json(record), spec_, 1);
      entry->of = entry->analyser->total();
      entries_[id] = entry;
      start = true;
      if (entries_.size() > kKept) {
        entries_.erase(order_.front());
        order_.pop_front();
      }
    } else {
      entry = it->second;
      order_.remove(id);
    }
    order_.push_back(id);
  }
  if (start) step(pool_, entry);
  std::lock_guard lock(entry->mutex);
  if (!entry->result.is_null()) return {{"status", "done"}, {"analysis", entry->result}};
  if (!entry->error.empty()) return {{"status", "failed"}, {"error", entry->error}};
  return {{"status", "working"}, {"done", entry->done}, {"of", entry->of}};
}

void Analyses::step(ComputerPool& pool, const std::shared_ptr<Entry>& entry) {
  if (entry->analyser->finished()) {
    std::lock_guard lock(entry->mutex);
    entry->result = ai::analysis_json(entry->analyser->result());
    entry->analyser.reset();
    return;
  }
  pool.submit_low([&pool, entry](const std::atomic<bool>&) {
    try {
      entry->analyser->step();
    } catch (const std::exception& e) {
      std::lock_guard lock(entry->mutex);
      entry->error = e.what();
      entry->analyser.reset();
      return;
    }
    {
      std::lock_guard lock(entry->mutex);
      entry->done = entry->analyser->done();
    }
    step(pool, entry);
  });
}

}  // namespace tabletop::server
