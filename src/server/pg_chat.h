// Table talk on PostgreSQL (chat_store.h).
#pragma once

#include "server/chat_store.h"
#include "server/pg_pool.h"

namespace tabletop::server {

class PgChat final : public ChatStore {
 public:
  explicit PgChat(PgPool& pool) : pool_(pool) {}
  // The statements it runs, for the pool to prepare.
  static const PgStatements& statements();

  long long add_chat(const std::string& id, int seat, long long at,
                     const std::string& text) override;
  std::vector<ChatLine> recent_chat(const std::string& id, int limit) override;

 private:
  PgPool& pool_;
};

}  // namespace tabletop::server
