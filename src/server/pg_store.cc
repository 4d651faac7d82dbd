#include "server/pg_store.h"

namespace tabletop::server {

namespace {
PgStatements every_statement() {
  PgStatements all;
  for (const PgStatements* part :
       {&PgMatches::statements(), &PgDecks::statements(), &PgAnalyses::statements(),
        &PgChat::statements(), &PgCoordination::statements()})
    all.insert(all.end(), part->begin(), part->end());
  return all;
}
}  // namespace

PgStore::PgStore(const std::string& url, const StoreOptions& options)
    : holder_(new_holder()),
      pool_(url, options.connections, every_statement()),
      matches_(pool_, holder_),
      decks_(pool_),
      analyses_(pool_),
      chat_(pool_, holder_),
      coordination_(pool_, holder_, options.lease_s) {}

}  // namespace tabletop::server
