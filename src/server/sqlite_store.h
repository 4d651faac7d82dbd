// The default store: one SQLite file in WAL mode, for one `tabletop serve` process.
//
// Each commit writes the WAL (which survives the server process being killed) before the method
// returns; with `sync_full` SQLite also fsyncs at every commit (survives a power loss, at a cost
// per move). One connection (sqlite_connection.h), serialised by a mutex, shared by the parts:
// sqlite_matches.h, sqlite_decks.h, sqlite_analyses.h. One process: `shared()` is false, every
// lease is this process's own, nothing is announced (coordination.h's OneProcess).
#pragma once

#include "server/sqlite_analyses.h"
#include "server/sqlite_connection.h"
#include "server/sqlite_decks.h"
#include "server/sqlite_matches.h"
#include "server/store.h"

namespace tabletop::server {

class SqliteStore final : public Store {
 public:
  // Opens (creating if needed) the database at `path` (":memory:" for a private in-memory one).
  // Throws SQLite::Exception if it cannot.
  explicit SqliteStore(const std::string& path, bool sync_full = false)
      : connection_(path, sync_full),
        matches_(connection_),
        decks_(connection_),
        analyses_(connection_) {}

  MatchStore& matches() override { return matches_; }
  DeckStore& decks() override { return decks_; }
  AnalysisStore& analyses() override { return analyses_; }
  Coordination& coordination() override { return one_process_; }

 private:
  SqliteConnection connection_;
  SqliteMatches matches_;
  SqliteDecks decks_;
  SqliteAnalyses analyses_;
  OneProcess one_process_;
};

}  // namespace tabletop::server
