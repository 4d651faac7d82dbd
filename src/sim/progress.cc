#include "sim/progress.h"

#include <unistd.h>

#include <algorithm>

namespace tabletop::sim {

Progress::Progress(long total, Style style, std::chrono::milliseconds every)
    : total_(total),
      style_(style),
      start_(std::chrono::steady_clock::now()),
      last_(start_),
      every_(every.count() > 0      ? every
             : style == Style::kBar ? std::chrono::milliseconds(200)
                                    : std::chrono::milliseconds(60'000)) {}

bool Progress::stderr_is_terminal() {
  return isatty(STDERR_FILENO) != 0;
}

void Progress::update(long done) {
  if (style_ == Style::kOff || done == shown_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < every_ && done < total_) return;
  last_ = now;
  shown_ = done;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0 ? double(done) / elapsed : 0;
  if (style_ == Style::kLines) {
    const long left = rate > 0 ? long(double(total_ - done) / rate + 0.5) : -1;
    std::fprintf(stderr, "sim: %ld of %ld games in %ld:%02ld", done, total_, long(elapsed) / 60,
                 long(elapsed) % 60);
    if (left >= 0 && done < total_)
      std::fprintf(stderr, ", about %ld:%02ld left", left / 60, left % 60);
    std::fprintf(stderr, "\n");
    std::fflush(stderr);
    return;
  }
  const double share = total_ > 0 ? std::min(1.0, double(done) / double(total_)) : 1;
  constexpr int kWidth = 30;
  std::string bar(std::size_t(share * kWidth), '#');
  bar.resize(kWidth, '.');
  const long left = rate > 0 ? long(double(total_ - done) / rate + 0.5) : 0;
  std::fprintf(stderr, "\r[%s] %3.0f%%  %ld/%ld games  %.0f games/s  ETA %ld:%02ld ", bar.c_str(),
               100 * share, done, total_, rate, left / 60, left % 60);
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::finish() {
  if (style_ != Style::kBar || !drawn_) return;
  std::fprintf(stderr, "\r%*s\r", 90, "");
  std::fflush(stderr);
}

}  // namespace tabletop::sim
