// Progress of a run of games on stderr, with rate and estimated time left: a one-line bar redrawn
// at most five times a second (for a terminal: `tabletop sim` draws it only when stderr is one, so
// pipes, files and tests stay quiet), or, for a log that a long run writes to a file (`tabletop sim
// --progress lines`, as scripts/ladder asks), a plain line at most once a minute and at the end.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace tabletop::sim {

class Progress {
 public:
  enum class Style { kOff, kBar, kLines };
  // `total` games are expected; kOff makes every call a no-op.
  Progress(long total, Style style);
  // True when stderr is a terminal.
  static bool stderr_is_terminal();
  // `done` games finished so far.
  void update(long done);
  // Clears the line.
  void finish();

 private:
  long total_;
  Style style_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace tabletop::sim
