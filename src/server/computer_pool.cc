#include "server/computer_pool.h"

#include <algorithm>

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

bool ComputerPool::submit(const std::string& match, Job job, const std::string& owner) {
  bool waits;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return true;
    Queue& q = queues_[match];
    if (q.owner.empty()) q.owner = owner.empty() ? match : owner;
    // A match whose search is finishing rejoins its owner's ring when it ends: it waits only
    // behind others.
    waits = threads_.empty() || !ring_.empty() || (!q.running && running_ >= std::size_t(workers_));
    q.jobs.push_back(std::move(job));
    if (!q.running && q.jobs.size() == 1) enqueue_match(match);
    ++waiting_;
    update_hurry();
  }
  wake_.notify_one();
  return waits;
}

void ComputerPool::enqueue_match(const std::string& match) {
  std::deque<std::string>& mine = owner_rings_[queues_[match].owner];
  if (mine.empty()) ring_.push_back(queues_[match].owner);
  mine.push_back(match);
}

void ComputerPool::submit_low(Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    low_.push_back(std::move(job));
  }
  wake_.notify_one();
}

std::size_t ComputerPool::waiting_low() const {
  std::lock_guard lock(mutex_);
  return low_.size();
}

ComputerPool::Job ComputerPool::take(std::string& match, bool& low) {
  low = false;
  if (running_ >= std::size_t(workers_)) return {};
  if (ring_.empty()) {
    if (low_.empty()) return {};
    Job job = std::move(low_.front());
    low_.pop_front();
    low = true;
    ++running_;
    return job;
  }
  const std::string owner = ring_.front();
  ring_.pop_front();
  auto mine = owner_rings_.find(owner);
  match = mine->second.front();
  mine->second.pop_front();
  // The owner's other matches wait for its next turn, behind the owners already waiting.
  if (mine->second.empty())
    owner_rings_.erase(mine);
  else
    ring_.push_back(owner);
  Queue& q = queues_[match];
  Job job = std::move(q.jobs.front());
  q.jobs.pop_front();
  q.running = true;
  --waiting_;
  ++running_;
  update_hurry();
  return job;
}

void ComputerPool::finish(const std::string& match, bool low) {
  std::lock_guard lock(mutex_);
  --running_;
  if (low) return;
  auto it = queues_.find(match);
  it->second.running = false;
  if (it->second.jobs.empty())
    queues_.erase(it);
  else
    enqueue_match(match);  // its next search waits behind the owners already waiting
  update_hurry();
}

void ComputerPool::update_hurry() {
  if (!stopping_) hurry_ = !ring_.empty();
}

bool ComputerPool::run_one() {
  std::string match;
  Job job;
  bool low = false;
  {
    std::lock_guard lock(mutex_);
    job = take(match, low);
  }
  if (!job) return false;
  run(match, job, low);
  return true;
}

void ComputerPool::run(const std::string& match, Job& job, bool low) {
  try {
    job(hurry_);
  } catch (...) {
    // A job handles its own errors (room.cc); one that throws still frees its match.
  }
  finish(match, low);
}

void ComputerPool::serve() {
  while (true) {
    std::string match;
    Job job;
    bool low = false;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || (job = take(match, low)); });
      if (stopping_ && !job) return;
    }
    run(match, job, low);
    wake_.notify_one();  // a search of this match may have become due
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

bool ComputerPool::busy(const std::string& match) const {
  std::lock_guard lock(mutex_);
  return queues_.count(match) > 0;
}

}  // namespace tabletop::server
