#include "server/match_sweeper.h"

#include <algorithm>
#include <ctime>

#include "core/error.h"
#include "server/log.h"

namespace tabletop::server {

MatchSweeper::MatchSweeper(Lobby& lobby, double abandon_after_s, double keep_s)
    : lobby_(lobby), abandon_after_s_(abandon_after_s), keep_s_(keep_s) {
  if (abandon_after_s_ > 0 || keep_s_ > 0) thread_ = std::thread([this] { run(); });
}

MatchSweeper::~MatchSweeper() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

std::pair<int, int> MatchSweeper::sweep(long long now) {
  int abandoned = 0;
  if (abandon_after_s_ > 0) {
    const auto cutoff = static_cast<long long>(double(now) - abandon_after_s_);
    for (const std::string& id : lobby_.store().matches().stalled(cutoff, kAbandonPerSweep)) {
      try {
        std::shared_ptr<Room> room = lobby_.find(id);
        if (room && room->expire()) ++abandoned;
      } catch (const std::exception& e) {
        // A match that no longer loads or a database error: the next sweep tries again.
        log_match(spdlog::level::warn, id,
                  std::string("abandoning a stalled match failed: ") + e.what());
      }
    }
  }
  int removed = 0;
  if (keep_s_ > 0) {
    const std::vector<std::string> ids =
        lobby_.store().matches().remove_ended(static_cast<long long>(double(now) - keep_s_));
    for (const std::string& id : ids) lobby_.forget(id);  // nor is its room found any more
    removed = int(ids.size());
  }
  return {abandoned, removed};
}

void MatchSweeper::run() {
  const double shorter = std::min(abandon_after_s_ > 0 ? abandon_after_s_ : keep_s_,
                                  keep_s_ > 0 ? keep_s_ : abandon_after_s_);
  const auto period = std::chrono::duration<double>(std::clamp(shorter / 4, 0.05, 3600.0));
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, period, [this] { return stopping_; })) {
    lock.unlock();
    try {
      const auto [abandoned, removed] = sweep(std::time(nullptr));
      if (abandoned || removed)
        logger().info("match sweep: {} stalled matches abandoned, {} ended matches removed",
                      abandoned, removed);
    } catch (const std::exception& e) {
      logger().warn("sweeping matches failed (tried again at the next sweep): {}",
                    one_line(e.what()));
    }
    lock.lock();
  }
}

}  // namespace tabletop::server
