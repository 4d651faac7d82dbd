// The time a server reads (match clocks, match_clock.h): the machine's, or a test's.
//
// Everything that times a match reads `now_ms()` from a Clock handed to it, never the system
// clock directly, so that a test runs a clock out by moving a ManualClock instead of waiting.
#pragma once

#include <atomic>

namespace tabletop::server {

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds since the epoch.
  virtual long long now_ms() const = 0;
};

// The machine's wall clock (std::chrono::system_clock): the same in every process of a cluster,
// within the machines' clock agreement.
class SystemClock final : public Clock {
 public:
  long long now_ms() const override;
  // One shared instance.
  static const SystemClock& instance();
};

// The wall clock sped up `scale` times from the moment it is made, and moved forward at once by
// `advance` (serve --test-clock-scale and --test-clock, for the browser tests only: a ten-minute
// clock runs out in seconds, a day a move passes in one request). Never for play: its times are
// not the machine's, and a restarted server starts again from the machine's time.
class ScaledClock final : public Clock {
 public:
  explicit ScaledClock(double scale);
  long long now_ms() const override;
  // Moves the clock `ms` forward (POST /api/test-clock, routes.h).
  void advance(long long ms) { offset_ms_ += ms; }

 private:
  double scale_;
  long long start_ms_;
  std::atomic<long long> offset_ms_{0};
};

// A clock that moves only when told (tests).
class ManualClock final : public Clock {
 public:
  explicit ManualClock(long long start_ms) : now_(start_ms) {}
  long long now_ms() const override { return now_.load(); }
  void advance(long long ms) { now_ += ms; }

 private:
  std::atomic<long long> now_;
};

}  // namespace tabletop::server
