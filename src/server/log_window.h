// A window of one viewer's log, taken without copying the lines outside it: what bounds a state
// message (its first one after a `hello`, after an undo and at the end carries only the last
// lines) and answers a `log` request for earlier lines, page by page (docs/server.md).
//
// A viewer's log is EventLog::for_viewer's: an event's text for the seats that see it, its masked
// text for the others (nothing when that is empty). The record's log (`record`, public once the
// match is over) is every event's full text.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/game.h"

namespace tabletop::server {

struct LogWindow {
  std::size_t from = 0;   // the index of lines[0] in the viewer's whole log
  std::size_t total = 0;  // lines in the viewer's whole log
  std::vector<std::string> lines;
  std::vector<int> plies;  // each line's Event::ply
};

// The lines [begin, end) of `viewer`'s log (clamped to it).
LogWindow log_window(const EventLog& log, Seat viewer, bool record, std::size_t begin,
                     std::size_t end);
// The last `count` lines.
LogWindow log_tail(const EventLog& log, Seat viewer, bool record, std::size_t count);

}  // namespace tabletop::server
