// A one-line progress bar with rate and estimated time left, drawn on stderr and only when stderr
// is a terminal (quiet in pipes, files and tests). At most five redraws a second.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace tabletop::sim {

class Progress {
 public:
  // `total` games are expected; `enabled` false makes every call a no-op.
  Progress(long total, bool enabled);
  // True when stderr is a terminal.
  static bool stderr_is_terminal();
  // `done` games finished so far.
  void update(long done);
  // Clears the line.
  void finish();

 private:
  long total_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace tabletop::sim
