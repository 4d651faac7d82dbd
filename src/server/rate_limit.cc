#include "server/rate_limit.h"

#include <algorithm>
#include <cmath>

namespace tabletop::server {

HttpRateLimiter::HttpRateLimiter(double per_second, double burst, std::size_t max_addresses)
    : per_second_(per_second), burst_(std::max(1.0, burst)), max_addresses_(max_addresses) {}

int HttpRateLimiter::take(const std::string& address, Clock::time_point now) {
  if (per_second_ <= 0) return 0;
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(address);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_addresses_) make_room(now);
    lru_.push_front(address);
    it = buckets_.emplace(address, Bucket{burst_, now, lru_.begin()}).first;
  } else {
    lru_.splice(lru_.begin(), lru_, it->second.age);
  }
  Bucket& b = it->second;
  const double elapsed = std::chrono::duration<double>(now - b.last).count();
  if (elapsed > 0) {
    b.tokens = std::min(burst_, b.tokens + elapsed * per_second_);
    b.last = now;
  }
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return 0;
  }
  return std::max(1, int(std::ceil((1 - b.tokens) / per_second_)));
}

std::size_t HttpRateLimiter::addresses() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

void HttpRateLimiter::make_room(Clock::time_point now) {
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    const double elapsed = std::chrono::duration<double>(now - it->second.last).count();
    if (it->second.tokens + elapsed * per_second_ >= burst_) {
      lru_.erase(it->second.age);
      it = buckets_.erase(it);
    } else {
      ++it;
    }
  }
  while (buckets_.size() >= max_addresses_ && !lru_.empty()) {
    buckets_.erase(lru_.back());
    lru_.pop_back();
  }
}

}  // namespace tabletop::server
