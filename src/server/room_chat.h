// A match's table talk (docs/server.md, Table talk): the lines its seats write, pushed to every
// viewer of the match over the WebSocket, never part of the game's log, its record or its replay.
//
// Who may write: a connection holding a seat, as that seat (the lowest it holds unless it names
// one). Spectators read every line and write none. A line is cleaned before anything else sees
// it: every unsafe character (core/text.h's printable_text: control characters, bidirectional
// overrides, bytes that are not UTF-8) removed, tabs and line breaks turned into spaces, white
// space trimmed; an empty line is refused. Limits (each a serve flag, answered by an `error`
// naming it): at most ChatLimits::max_bytes bytes as sent, at most ChatLimits::per_minute lines
// a minute per seat (bursts as large).
//
// Each line carries the match's own sequence number for chat (`n`, from 0), its seat, the time
// (seconds since the epoch) and the text. A viewer saying `hello` is sent the last kRecentLines
// lines after its state. Lines are public to everyone watching the match: a line names its seat
// by the game's own name for it (Game::seat_name), nothing else about the seat.
//
// Not thread-safe: the Room calls every method with its mutex held.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/chat_line.h"
#include "server/rate_limit.h"

namespace tabletop::server {

using json = nlohmann::json;

// serve --chat-max-bytes, --chat-per-minute.
struct ChatLimits {
  std::size_t max_bytes = 500;
  double per_minute = 12;
};

class MatchChat {
 public:
  // The lines a viewer saying `hello` is sent, and the lines kept in memory.
  static constexpr std::size_t kRecentLines = 50;

  // `recent`: the match's last lines as stored (oldest first).
  MatchChat(ChatLimits limits, std::vector<ChatLine> recent);

  // `text` from `seat` cleaned (see above). Throws BadInput naming the limit when it is too long,
  // empty once cleaned, or over the seat's rate at `now`.
  std::string admit(int seat, const std::string& text,
                    std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now());
  // Keeps `line` among the recent ones.
  void add(ChatLine line);
  // {"type":"chat","lines":[{"n","seat","name","at","text"}...]} for `lines`, each seat named by
  // `seat_name`; `recent` true for the lines sent after a hello.
  static json message(const std::vector<ChatLine>& lines,
                      const std::function<std::string(int)>& seat_name, bool recent);
  // The recent lines, oldest first.
  std::vector<ChatLine> recent() const { return {recent_.begin(), recent_.end()}; }

 private:
  ChatLimits limits_;
  std::deque<ChatLine> recent_;
  HttpRateLimiter per_seat_;  // keyed by seat number
};

}  // namespace tabletop::server
