// Progress of a run of games on stderr, with rate and estimated time left: a one-line bar redrawn
// at most five times a second (for a terminal: `tabletop sim` draws it only when stderr is one, so
// pipes, files and tests stay quiet), or, for a log that a long run writes to a file (`tabletop sim
// --progress lines`, as scripts/ladder asks), a plain line at most once a minute and at the end.
// A count already shown is not shown again. The counts are games ended, whole deals or not (the
// lab tells its sink of each game as it ends: Sink::games_played in sim/lab.h), so a run of one
// long deal (a round robin's: dozens of games) shows its way; under MPI only whole deals count.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace tabletop::sim {

class Progress {
 public:
  enum class Style { kOff, kBar, kLines };
  // `total` games are expected; kOff makes every call a no-op. `every` is the least time between
  // two lines (kLines) or two redraws (kBar): 0 takes the style's own (a minute, a fifth of a
  // second).
  Progress(long total, Style style, std::chrono::milliseconds every = {});
  // True when stderr is a terminal.
  static bool stderr_is_terminal();
  // `done` games finished so far: drawn when `every` has passed since the last line, or when all
  // `total` are done, unless `done` is the count last drawn.
  void update(long done);
  // Clears the line.
  void finish();

 private:
  long total_;
  Style style_;
  std::chrono::steady_clock::time_point start_, last_;
  std::chrono::milliseconds every_;
  bool drawn_ = false;
  long shown_ = -1;  // the count last drawn
};

}  // namespace tabletop::sim
