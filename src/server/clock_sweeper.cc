#include "server/clock_sweeper.h"

#include "server/log.h"

namespace tabletop::server {

ClockSweeper::ClockSweeper(Lobby& lobby, int period_ms) : lobby_(lobby), period_ms_(period_ms) {
  if (period_ms_ <= 0) return;
  task_.emplace(std::chrono::milliseconds(period_ms_), "sweeping clocks", [this] {
    if (const int applied = sweep()) logger().info("clock sweep: {} time-outs applied", applied);
  });
}

ClockSweeper::~ClockSweeper() = default;

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

}  // namespace tabletop::server
