#include "server/room_chat.h"

#include <algorithm>

#include "core/text.h"
#include "server/json_input.h"

namespace tabletop::server {

SpectatorChat spectator_chat_from(const std::string& text) {
  if (text == "read") return SpectatorChat::kRead;
  if (text == "none") return SpectatorChat::kNone;
  if (text == "apart") return SpectatorChat::kApart;
  throw BadInput(
      "field 'spectator_chat' must be \"read\" (spectators read the seats' table talk), "
      "\"none\" (they see none) or \"apart\" (they talk among themselves)");
}

std::string to_string(SpectatorChat mode) {
  switch (mode) {
    case SpectatorChat::kNone:
      return "none";
    case SpectatorChat::kApart:
      return "apart";
    case SpectatorChat::kRead:
      break;
  }
  return "read";
}

MatchChat::MatchChat(ChatLimits limits, std::vector<ChatLine> recent)
    : limits_(limits), per_speaker_(limits.per_minute / 60, std::max(1.0, limits.per_minute), 64) {
  for (ChatLine& line : recent) add(std::move(line));
}

std::string MatchChat::admit(const std::string& who, const std::string& text,
                             std::chrono::steady_clock::time_point now) {
  if (text.size() > limits_.max_bytes)
    throw BadInput("a chat line holds at most " + std::to_string(limits_.max_bytes) +
                   " bytes (serve --chat-max-bytes); this one has " + std::to_string(text.size()));
  std::string clean = trim(printable_text(text));
  if (clean.empty()) throw BadInput("a chat line needs some text (control characters are removed)");
  if (const int wait = per_speaker_.take(who, now); wait > 0)
    throw BadInput(
        "too many chat lines from " + who + ": at most " + std::to_string(int(limits_.per_minute)) +
        " a minute (serve --chat-per-minute); try again in " + std::to_string(wait) + " s");
  return clean;
}

bool MatchChat::add(ChatLine line) {
  const auto at = std::lower_bound(recent_.begin(), recent_.end(), line.n,
                                   [](const ChatLine& kept, long long n) { return kept.n < n; });
  if (at != recent_.end() && at->n == line.n) return false;
  if (at == recent_.begin() && recent_.size() >= kRecentLines) return false;
  recent_.insert(at, std::move(line));
  while (recent_.size() > kRecentLines) recent_.pop_front();
  return true;
}

std::vector<ChatLine> MatchChat::merge(const std::vector<ChatLine>& stored) {
  std::vector<ChatLine> added;
  for (const ChatLine& line : stored)
    if (add(line)) added.push_back(line);
  return added;
}

bool MatchChat::shows(SpectatorChat mode, uint32_t seats, const ChatLine& line) {
  if (seats != 0) return line.seat >= 0;  // a seat never sees the spectators' channel
  if (line.seat < 0) return mode == SpectatorChat::kApart;
  return mode == SpectatorChat::kRead;
}

json MatchChat::message(const std::vector<ChatLine>& lines,
                        const std::function<std::string(int)>& seat_name,
                        const std::function<std::string(int)>& player, bool recent) {
  json out = json::array();
  for (const ChatLine& line : lines) {
    json j{{"n", line.n},
           {"seat", line.seat},
           {"name", line.seat < 0 ? std::string("spectator") : seat_name(line.seat)},
           {"at", line.at},
           {"text", line.text}};
    if (line.seat >= 0)
      if (std::string name = player(line.seat); !name.empty()) j["player"] = std::move(name);
    out.push_back(std::move(j));
  }
  json message{{"type", "chat"}, {"lines", std::move(out)}};
  if (recent) message["recent"] = true;
  return message;
}

}  // namespace tabletop::server
