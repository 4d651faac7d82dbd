#include "server/match_sweeper.h"

#include <algorithm>
#include <ctime>

#include "core/error.h"
#include "server/log.h"

namespace tabletop::server {

MatchSweeper::MatchSweeper(Lobby& lobby, double abandon_after_s, double keep_s)
    : lobby_(lobby), abandon_after_s_(abandon_after_s), keep_s_(keep_s) {
  if (abandon_after_s_ <= 0 && keep_s_ <= 0) return;
  const double shorter = std::min(abandon_after_s_ > 0 ? abandon_after_s_ : keep_s_,
                                  keep_s_ > 0 ? keep_s_ : abandon_after_s_);
  task_.emplace(std::chrono::duration<double>(std::clamp(shorter / 4, 0.05, 3600.0)),
                "sweeping matches", [this] {
                  const auto [abandoned, removed] = sweep(std::time(nullptr));
                  if (abandoned || removed)
                    logger().info(
                        "match sweep: {} stalled matches abandoned, {} ended matches removed",
                        abandoned, removed);
                });
}

MatchSweeper::~MatchSweeper() = default;

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

}  // namespace tabletop::server
