// Table talk on PostgreSQL (chat_store.h). Each line stored is announced on the channel of the
// matches' changes (pg_coordination.h) as "<match> chat <holder>", in the transaction that stores
// it, so that the other processes' rooms of the match push it to their own viewers.
#pragma once

#include "server/chat_store.h"
#include "server/pg_pool.h"

namespace tabletop::server {

class PgChat final : public ChatStore {
 public:
  // `holder`: this process's name in announcements (pg_coordination.h).
  PgChat(PgPool& pool, const std::string& holder) : pool_(pool), holder_(holder) {}
  // The statements it runs, for the pool to prepare.
  static const PgStatements& statements();

  long long add_chat(const std::string& id, int seat, long long at,
                     const std::string& text) override;
  std::vector<ChatLine> recent_chat(const std::string& id, int limit) override;

 private:
  PgPool& pool_;
  const std::string& holder_;
};

}  // namespace tabletop::server
