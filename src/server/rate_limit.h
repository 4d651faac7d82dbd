// HTTP rate limiting per client address: a token bucket for each address.
//
// Every HTTP request (API call, static file, WebSocket upgrade) takes one token from its
// address's bucket, which holds at most `burst` tokens and refills at `per_second`. A request
// that finds the bucket empty is answered 429 with a Retry-After (whole seconds until a token is
// back) and touches nothing else. The WebSocket's own per-connection message limit is separate
// (ws_session.h). Memory is bounded: at most `max_addresses` buckets are kept; when a new address
// finds the table full, the buckets that have refilled completely (which say nothing an empty table
// would not) are dropped first, then the least recently used.
#pragma once

#include <chrono>
#include <cstddef>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>

namespace tabletop::server {

class HttpRateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  // per_second > 0, burst >= 1. per_second 0 turns the limit off (every request passes).
  HttpRateLimiter(double per_second, double burst, std::size_t max_addresses = 10000);

  // Takes one token for `address` at `now`. Returns 0 when the request may go on, else the whole
  // seconds (at least 1) until the bucket holds a token again. Thread-safe.
  int take(const std::string& address, Clock::time_point now = Clock::now());

  double per_second() const { return per_second_; }
  double burst() const { return burst_; }
  // How many addresses have a bucket now (for tests).
  std::size_t addresses() const;

 private:
  struct Bucket {
    double tokens;
    Clock::time_point last;
    std::list<std::string>::iterator age;  // position in lru_
  };
  // Drops the full buckets, then the least recently used, until there is room for one more.
  void make_room(Clock::time_point now);

  const double per_second_, burst_;
  const std::size_t max_addresses_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
  std::list<std::string> lru_;  // most recently used first
};

}  // namespace tabletop::server
