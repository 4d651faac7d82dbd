#include "server/pg_chat.h"

#include <stdexcept>

namespace tabletop::server {

const PgStatements& PgChat::statements() {
  static const PgStatements list = {
      {"add_chat",
       "INSERT INTO chat_lines (match_id, n, seat, at, text)"
       " SELECT $1::text, COALESCE(MAX(n) + 1, 0), $2::integer, $3::bigint, $4::text"
       " FROM chat_lines WHERE match_id = $1::text ON CONFLICT DO NOTHING RETURNING n"},
      {"notify_chat", "SELECT pg_notify('tabletop_matches', $1)"},
      {"recent_chat",
       "SELECT n, seat, at, text FROM (SELECT n, seat, at, text FROM chat_lines"
       " WHERE match_id = $1 ORDER BY n DESC LIMIT $2) AS last ORDER BY n"},
  };
  return list;
}

long long PgChat::add_chat(const std::string& id, int seat, long long at, const std::string& text) {
  // Two processes may take the same next number at once: the second insert then does nothing
  // (the number is taken) and is tried again with the next.
  for (int attempt = 0; attempt < 16; ++attempt) {
    PgPool::Borrowed c = pool_.borrow();
    pqxx::work t(*c);
    const pqxx::result r = t.exec_prepared("add_chat", id, seat, at, text);
    if (!r.empty()) t.exec_prepared("notify_chat", id + " chat " + holder_);
    t.commit();
    if (!r.empty()) return r[0][0].as<long long>();
  }
  throw std::runtime_error("storing a chat line of match " + id +
                           " found its number taken 16 times in a row");
}

std::vector<ChatLine> PgChat::recent_chat(const std::string& id, int limit) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::read_transaction t(*c);
  std::vector<ChatLine> lines;
  for (const pqxx::row& r : t.exec_prepared("recent_chat", id, limit))
    lines.push_back(
        {r[0].as<long long>(), r[1].as<int>(), r[2].as<long long>(), r[3].as<std::string>()});
  return lines;
}

}  // namespace tabletop::server
