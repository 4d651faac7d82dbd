#include "server/room_chat.h"

#include <algorithm>

#include "core/text.h"
#include "server/json_input.h"

namespace tabletop::server {

MatchChat::MatchChat(ChatLimits limits, std::vector<ChatLine> recent)
    : limits_(limits), per_seat_(limits.per_minute / 60, std::max(1.0, limits.per_minute), 64) {
  for (ChatLine& line : recent) add(std::move(line));
}

std::string MatchChat::admit(int seat, const std::string& text,
                             std::chrono::steady_clock::time_point now) {
  if (text.size() > limits_.max_bytes)
    throw BadInput("a chat line holds at most " + std::to_string(limits_.max_bytes) +
                   " bytes (serve --chat-max-bytes); this one has " + std::to_string(text.size()));
  std::string clean = trim(printable_text(text));
  if (clean.empty()) throw BadInput("a chat line needs some text (control characters are removed)");
  if (const int wait = per_seat_.take(std::to_string(seat), now); wait > 0)
    throw BadInput("too many chat lines from seat " + std::to_string(seat) + ": at most " +
                   std::to_string(int(limits_.per_minute)) +
                   " a minute (serve --chat-per-minute); try again in " + std::to_string(wait) +
                   " s");
  return clean;
}

void MatchChat::add(ChatLine line) {
  recent_.push_back(std::move(line));
  while (recent_.size() > kRecentLines) recent_.pop_front();
}

json MatchChat::message(const std::vector<ChatLine>& lines,
                        const std::function<std::string(int)>& seat_name, bool recent) {
  json out = json::array();
  for (const ChatLine& line : lines)
    out.push_back({{"n", line.n},
                   {"seat", line.seat},
                   {"name", seat_name(line.seat)},
                   {"at", line.at},
                   {"text", line.text}});
  json message{{"type", "chat"}, {"lines", std::move(out)}};
  if (recent) message["recent"] = true;
  return message;
}

}  // namespace tabletop::server
