#include "server/sqlite_chat.h"

#include <cstdint>
#include <stdexcept>

namespace tabletop::server {

long long SqliteChat::add_chat(const std::string& id, int seat, long long at,
                               const std::string& text) {
  const auto held = c_.lock();
  SQLite::Statement q(c_.db(),
                      "INSERT INTO chat_lines (match_id, n, seat, at, text)"
                      " SELECT ?1, COALESCE(MAX(n) + 1, 0), ?2, ?3, ?4 FROM chat_lines"
                      " WHERE match_id = ?1 RETURNING n");
  q.bind(1, id);
  q.bind(2, seat);
  q.bind(3, static_cast<int64_t>(at));
  q.bind(4, text);
  if (!q.executeStep()) throw std::runtime_error("storing a chat line of match " + id + " failed");
  const long long n = q.getColumn(0).getInt64();
  while (q.executeStep()) {
  }  // stepped to its end: the insert is committed
  return n;
}

std::vector<ChatLine> SqliteChat::recent_chat(const std::string& id, int limit) {
  const auto held = c_.lock();
  SQLite::Statement q(c_.db(),
                      "SELECT n, seat, at, text FROM (SELECT n, seat, at, text FROM chat_lines"
                      " WHERE match_id=? ORDER BY n DESC LIMIT ?) ORDER BY n");
  q.bind(1, id);
  q.bind(2, limit);
  std::vector<ChatLine> lines;
  while (q.executeStep())
    lines.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getInt(), q.getColumn(2).getInt64(),
                     q.getColumn(3).getString()});
  return lines;
}

}  // namespace tabletop::server
