#include "server/periodic_task.h"

#include <exception>
#include <utility>

#include "core/error.h"
#include "server/log.h"

namespace tabletop::server {

PeriodicTask::PeriodicTask(std::chrono::duration<double> period, std::string what,
                           std::function<void()> job)
    : period_(period), what_(std::move(what)), job_(std::move(job)), thread_([this] { run(); }) {}

PeriodicTask::~PeriodicTask() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void PeriodicTask::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, period_, [this] { return stopping_; })) {
    lock.unlock();
    try {
      job_();
    } catch (const std::exception& e) {
      logger().warn("{} failed (tried again at the next sweep): {}", what_, one_line(e.what()));
    }
    lock.lock();
  }
}

}  // namespace tabletop::server
