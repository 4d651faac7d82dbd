// A seat's personal name (docs/server.md, Seat names): optional, chosen by whoever holds the seat
// (the `name` message), shown to everyone watching the match beside the seat's own label
// ("seat 1 · Ana"): in the seats of state messages and summaries, in table talk lines and in the
// result. Never in the game's log, its record or its replay (records replay exactly, and name no
// person).
//
// Names are not accounts: nobody checks that two seats are named differently. A name is cleaned
// and checked before anything else sees it:
//   - at most kMaxBytes bytes as sent (a longer one is refused, not cut);
//   - every unsafe character removed (core/text.h's printable_text: control characters,
//     bidirectional overrides, bytes that are not UTF-8), runs of white space made one space,
//     white space trimmed; an empty name clears the seat's name;
//   - it may not pass for a seat's label or a computer: folded (ASCII letters lower-cased, every
//     other ASCII character dropped), it may not begin with "computer", "spectator" or "seat"
//     followed by a digit, nor equal "open", "you" or one of the game's names of its seats
//     (Game::seat_name) folded alike. Whatever the name, the page shows the seat's label first.
//   - a seat renames itself at most kChangesPerMinute times a minute (bursts as large): each
//     change is written with the seat list (seq + 1, room.h).
//
// Not thread-safe: the Room calls it with its mutex held.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "server/rate_limit.h"

namespace tabletop::server {

class SeatNames {
 public:
  static constexpr std::size_t kMaxBytes = 40;
  static constexpr int kChangesPerMinute = 4;

  SeatNames();

  // `text` cleaned for seat `seat` (see above); `labels`: the game's names of the match's seats.
  // Throws BadInput naming why not.
  std::string admit(int seat, const std::string& text, const std::vector<std::string>& labels,
                    std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now());

  // `text` cleaned and checked as above, without the rate (a name given with a claim).
  static std::string clean(const std::string& text, const std::vector<std::string>& labels);

 private:
  HttpRateLimiter per_seat_;
};

}  // namespace tabletop::server
