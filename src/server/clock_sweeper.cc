#include "server/clock_sweeper.h"

#include "server/log.h"

namespace tabletop::server {

ClockSweeper::ClockSweeper(Lobby& lobby, int period_ms) : lobby_(lobby), period_ms_(period_ms) {
  if (period_ms_ > 0) thread_ = std::thread([this] { run(); });
}

ClockSweeper::~ClockSweeper() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

int ClockSweeper::sweep() {
  int applied = 0;
  const long long now = lobby_.clock().now_ms();
  for (const std::string& id : lobby_.store().matches().clock_expired(now, kPerSweep)) {
    try {
      std::shared_ptr<Room> room = lobby_.find(id);
      if (room && room->check_clock()) ++applied;
    } catch (const std::exception& e) {
      // A match that no longer loads or a database error: the next sweep tries again.
      log_match(spdlog::level::warn, id, std::string("applying a time-out failed: ") + e.what());
    }
  }
  return applied;
}

void ClockSweeper::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (
      !wake_.wait_for(lock, std::chrono::milliseconds(period_ms_), [this] { return stopping_; })) {
    lock.unlock();
    try {
      if (const int applied = sweep()) logger().info("clock sweep: {} time-outs applied", applied);
    } catch (const std::exception& e) {
      logger().warn("sweeping clocks failed (tried again at the next sweep): {}",
                    one_line(e.what()));
    }
    lock.lock();
  }
}

}  // namespace tabletop::server
