// The store on PostgreSQL (libpqxx): several `tabletop serve` processes share one database. Its
// parts share one connection pool (pg_pool.h, which also migrates the schema): pg_matches.h,
// pg_decks.h, pg_analyses.h, and pg_coordination.h (announcements, leases, presence).
#pragma once

#include "server/pg_analyses.h"
#include "server/pg_coordination.h"
#include "server/pg_decks.h"
#include "server/pg_matches.h"
#include "server/pg_pool.h"
#include "server/store.h"

namespace tabletop::server {

class PgStore final : public Store {
 public:
  // Connects to `url` (postgresql://user[:password]@host[:port]/database), brings the schema up to
  // date. Throws std::runtime_error with libpq's reason if it cannot.
  PgStore(const std::string& url, const StoreOptions& options);

  MatchStore& matches() override { return matches_; }
  DeckStore& decks() override { return decks_; }
  AnalysisStore& analyses() override { return analyses_; }
  Coordination& coordination() override { return coordination_; }

 private:
  const std::string holder_;  // this process's name on the database (pg_coordination.h)
  PgPool pool_;
  PgMatches matches_;
  PgDecks decks_;
  PgAnalyses analyses_;
  PgCoordination coordination_;  // last: its listening thread stops first
};

}  // namespace tabletop::server
