// Table talk on SQLite (chat_store.h).
#pragma once

#include "server/chat_store.h"
#include "server/sqlite_connection.h"

namespace tabletop::server {

class SqliteChat final : public ChatStore {
 public:
  explicit SqliteChat(SqliteConnection& connection) : c_(connection) {}

  long long add_chat(const std::string& id, int seat, long long at,
                     const std::string& text) override;
  std::vector<ChatLine> recent_chat(const std::string& id, int limit) override;

 private:
  SqliteConnection& c_;
};

}  // namespace tabletop::server
