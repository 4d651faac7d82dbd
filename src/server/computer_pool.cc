#include "server/computer_pool.h"

#include <algorithm>

#include "core/error.h"
#include "server/log.h"

namespace tabletop::server {

ComputerPool::ComputerPool(int workers, bool threads) : workers_(std::max(1, workers)) {
  if (threads)
    for (int i = 0; i < workers_; ++i) threads_.emplace_back([this] { serve(); });
}

ComputerPool::~ComputerPool() {
  stop();
}

void ComputerPool::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    hurry_ = true;  // running searches stop early
  }
  wake_.notify_all();
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
}

bool ComputerPool::submit(const std::string& match, Job job, const std::string& owner,
                          int threads) {
  bool waits;
  threads = std::clamp(threads, 1, workers_);
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return true;
    Queue& q = queues_[match];
    if (q.owner.empty()) q.owner = owner.empty() ? match : owner;
    // A match whose search is finishing rejoins its owner's ring when it ends: it waits only
    // behind others.
    waits = threads_.empty() || !ring_.empty() ||
            (!q.running && busy_threads_ + std::size_t(threads) > std::size_t(workers_));
    q.jobs.push_back({std::move(job), threads});
    if (!q.running && q.jobs.size() == 1) enqueue_match(match);
    ++waiting_;
    update_hurry();
  }
  wake_.notify_all();
  return waits;
}

void ComputerPool::enqueue_match(const std::string& match) {
  std::deque<std::string>& mine = owner_rings_[queues_[match].owner];
  if (mine.empty()) ring_.push_back(queues_[match].owner);
  mine.push_back(match);
}

void ComputerPool::submit_low(Job job, const std::string& owner) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    std::deque<Job>& mine = low_[owner];
    if (mine.empty()) low_ring_.push_back(owner);
    mine.push_back(std::move(job));
    ++waiting_low_;
  }
  wake_.notify_one();
}

std::size_t ComputerPool::waiting_low() const {
  std::lock_guard lock(mutex_);
  return waiting_low_;
}

std::size_t ComputerPool::low_of(const std::string& owner) const {
  std::lock_guard lock(mutex_);
  std::size_t n = 0;
  if (auto it = low_.find(owner); it != low_.end()) n += it->second.size();
  if (auto it = low_running_.find(owner); it != low_running_.end()) n += it->second;
  return n;
}

ComputerPool::Taken ComputerPool::take_low() {
  Taken taken;
  if (low_ring_.empty()) return taken;
  taken.key = low_ring_.front();
  low_ring_.pop_front();
  auto mine = low_.find(taken.key);
  taken.job = std::move(mine->second.front());
  mine->second.pop_front();
  // The owner's next job waits behind the owners already waiting.
  if (mine->second.empty())
    low_.erase(mine);
  else
    low_ring_.push_back(taken.key);
  taken.low = true;
  --waiting_low_;
  ++low_running_[taken.key];
  ++running_;
  ++busy_threads_;
  return taken;
}

ComputerPool::Taken ComputerPool::take() {
  if (busy_threads_ >= std::size_t(workers_)) return {};
  if (ring_.empty()) return take_low();
  const std::string owner = ring_.front();
  auto mine = owner_rings_.find(owner);
  const std::string match = mine->second.front();
  Queue& q = queues_[match];
  // A search that needs more threads than are free waits at the head until enough are.
  if (busy_threads_ + std::size_t(q.jobs.front().threads) > std::size_t(workers_)) return {};
  ring_.pop_front();
  mine->second.pop_front();
  // The owner's other matches wait for its next turn, behind the owners already waiting.
  if (mine->second.empty())
    owner_rings_.erase(mine);
  else
    ring_.push_back(owner);
  Taken taken{std::move(q.jobs.front().job), match, false, q.jobs.front().threads};
  q.jobs.pop_front();
  q.running = true;
  --waiting_;
  ++running_;
  busy_threads_ += std::size_t(taken.threads);
  update_hurry();
  return taken;
}

void ComputerPool::finish(const Taken& taken) {
  std::lock_guard lock(mutex_);
  --running_;
  busy_threads_ -= std::size_t(taken.threads);
  if (taken.low) {
    if (auto it = low_running_.find(taken.key); it != low_running_.end() && --it->second == 0)
      low_running_.erase(it);
    return;
  }
  auto it = queues_.find(taken.key);
  it->second.running = false;
  if (it->second.jobs.empty())
    queues_.erase(it);
  else
    enqueue_match(taken.key);  // its next search waits behind the owners already waiting
  update_hurry();
}

void ComputerPool::update_hurry() {
  if (!stopping_) hurry_ = !ring_.empty();
}

bool ComputerPool::run_one() {
  Taken taken;
  {
    std::lock_guard lock(mutex_);
    taken = take();
  }
  if (!taken.job) return false;
  run(taken);
  return true;
}

void ComputerPool::run(Taken& taken) {
  try {
    taken.job(hurry_);
  } catch (...) {
    // A job handles its own errors (room.cc); one that throws still frees its match.
    if (taken.low)  // a low job's key is its owner's address (hashed), not a match
      logger().error("a hint or analysis job failed: {}", current_error());
    else
      log_match(spdlog::level::err, taken.key, "a computer job failed: " + current_error());
  }
  finish(taken);
}

void ComputerPool::serve() {
  while (true) {
    Taken taken;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || (taken = take()).job; });
      if (stopping_ && !taken.job) return;
    }
    run(taken);
    // A search of this match may have become due, or enough threads for a wide one.
    wake_.notify_all();
  }
}

std::size_t ComputerPool::waiting() const {
  std::lock_guard lock(mutex_);
  return waiting_;
}

std::size_t ComputerPool::running() const {
  std::lock_guard lock(mutex_);
  return running_;
}

std::size_t ComputerPool::threads_in_use() const {
  std::lock_guard lock(mutex_);
  return busy_threads_;
}

bool ComputerPool::busy(const std::string& match) const {
  std::lock_guard lock(mutex_);
  return queues_.count(match) > 0;
}

}  // namespace tabletop::server
