// A match's table talk in the database (store.h; one part of a Store): the lines of each match
// (room_chat.h), numbered per match, never part of its move log. On PostgreSQL several processes
// may write lines of one match at once and each line still gets its own number.
//
// Thread safety: every method may be called from any thread.
#pragma once

#include <string>
#include <vector>

#include "server/chat_line.h"

namespace tabletop::server {

class ChatStore {
 public:
  virtual ~ChatStore() = default;
  // Stores a line of match `id` (it must exist) from `seat` at `at` (seconds since the epoch)
  // under the match's next chat number, one more than the last stored (0 for the first), and
  // answers that number. Committed before it returns.
  virtual long long add_chat(const std::string& id, int seat, long long at,
                             const std::string& text) = 0;
  // The last `limit` lines of match `id`, oldest first.
  virtual std::vector<ChatLine> recent_chat(const std::string& id, int limit) = 0;
};

}  // namespace tabletop::server
