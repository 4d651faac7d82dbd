#include "server/log_window.h"

#include <algorithm>

namespace tabletop::server {

namespace {

// The line `e` is for `viewer`, or null when it is none.
const std::string* line_for(const EventLog::Event& e, Seat viewer, bool record) {
  if (record || e.seen_by == EventLog::kEveryone ||
      (viewer >= 0 && viewer < 64 && (e.seen_by >> viewer) & 1))
    return &e.text;
  return e.masked.empty() ? nullptr : &e.masked;
}

}  // namespace

LogWindow log_window(const EventLog& log, Seat viewer, bool record, std::size_t begin,
                     std::size_t end) {
  LogWindow out;
  for (const EventLog::Event& e : log.events())
    if (line_for(e, viewer, record)) ++out.total;
  end = std::min(end, out.total);
  out.from = std::min(begin, end);
  std::size_t index = 0;
  for (const EventLog::Event& e : log.events()) {
    if (index >= end) break;
    const std::string* line = line_for(e, viewer, record);
    if (!line) continue;
    if (index++ < out.from) continue;
    out.lines.push_back(*line);
    out.plies.push_back(e.ply);
  }
  return out;
}

LogWindow log_tail(const EventLog& log, Seat viewer, bool record, std::size_t count) {
  std::size_t total = 0;
  for (const EventLog::Event& e : log.events())
    if (line_for(e, viewer, record)) ++total;
  return log_window(log, viewer, record, total - std::min(total, count), total);
}

}  // namespace tabletop::server
