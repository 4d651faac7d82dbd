// A match's table talk (docs/server.md, Table talk): the lines its seats write, pushed to every
// viewer of the match over the WebSocket, never part of the game's log, its record or its replay.
//
// Who may write and read: a connection holding a seat writes as that seat (the lowest it holds
// unless it names one) and reads the seats' lines. Spectators (viewers holding no seat) have what
// the match's creator chose (SpectatorChat, the create field `spectator_chat`): "read" (the
// default) they read the seats' lines and write none; "none" they see no table talk at all;
// "apart" they have a channel of their own (lines of seat -1, named "spectator"), which no seat
// sees, and they do not see the seats' lines. A line is cleaned before anything else sees it:
// every unsafe character (core/text.h's printable_text: control characters, bidirectional
// overrides, bytes that are not UTF-8) removed, tabs and line breaks turned into spaces, white
// space trimmed; an empty line is refused. Limits (each a serve flag, answered by an `error`
// naming it): at most ChatLimits::max_bytes bytes as sent, at most ChatLimits::per_minute lines
// a minute per seat, and per spectator's address in "apart" (bursts as large).
//
// Each line carries the match's own sequence number for chat (`n`, from 0), its seat, the time
// (seconds since the epoch) and the text. A viewer saying `hello` is sent, after its state, those
// of the last kRecentLines lines it may read. Lines are public to everyone who may read them: a
// line names its seat by the game's own name for it (Game::seat_name) and by the seat's personal
// name when it has one (`player`, seat_names.h), nothing else about the seat.
//
// With several processes (PostgreSQL) a line stored through another process is announced
// (coordination.h, Change::chat); the room then reads the match's recent lines and pushes the
// ones it did not have (`merge`).
//
// Not thread-safe: the Room calls every method with its mutex held.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/chat_line.h"
#include "server/rate_limit.h"

namespace tabletop::server {

using json = nlohmann::json;

// What spectators have of the table talk (see above).
enum class SpectatorChat { kRead, kNone, kApart };
// "read", "none", "apart"; throws BadInput naming the choices for anything else.
SpectatorChat spectator_chat_from(const std::string& text);
std::string to_string(SpectatorChat mode);

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

  // `text` from `who` ("seat 1", "spectator <address>": the rate's key, named in its error)
  // cleaned (see above). Throws BadInput naming the limit when it is too long, empty once
  // cleaned, or over `who`'s rate at `now`.
  std::string admit(const std::string& who, const std::string& text,
                    std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now());
  // Keeps `line` among the recent ones (in order of `n`); false when it was kept already, or is
  // older than every kept line while kRecentLines are kept.
  bool add(ChatLine line);
  // Keeps the lines of `stored` (the match's recent lines as stored) it lacked, and answers them.
  std::vector<ChatLine> merge(const std::vector<ChatLine>& stored);
  // Whether a viewer holding `seats` (0: a spectator) may read `line` under `mode` (see above).
  static bool shows(SpectatorChat mode, uint32_t seats, const ChatLine& line);
  // {"type":"chat","lines":[{"n","seat","name","player"?,"at","text"}...]} for `lines`, each seat
  // named by `seat_name` (seat -1: "spectator") and `player` (its personal name; empty: none);
  // `recent` true for the lines sent after a hello.
  static json message(const std::vector<ChatLine>& lines,
                      const std::function<std::string(int)>& seat_name,
                      const std::function<std::string(int)>& player, bool recent);
  // The recent lines, oldest first.
  std::vector<ChatLine> recent() const { return {recent_.begin(), recent_.end()}; }

 private:
  ChatLimits limits_;
  std::deque<ChatLine> recent_;
  HttpRateLimiter per_speaker_;  // keyed by `who`
};

}  // namespace tabletop::server
