// The server's database, in parts by concern: matches and their move logs (match_store.h),
// uploaded decks and their snapshots (deck_store.h), post-game analyses (analysis_store.h), and
// the coordination of several processes on one database (coordination.h). Two implementations
// (sqlite_store.h: one SQLite file, the default; pg_store.h: PostgreSQL, shared by several
// `tabletop serve` processes), each bringing its schema up to date at open from one list of steps
// (schema.h). `open_store` picks by the `--db` text.
//
// Contract of every part of every implementation:
//   - Durability: each write method returns only after its transaction committed, so a move is
//     stored before the caller acknowledges or broadcasts it.
//   - Thread safety: every method may be called from any thread.
#pragma once

#include <memory>
#include <string>

#include "server/analysis_store.h"
#include "server/coordination.h"
#include "server/deck_store.h"
#include "server/match_store.h"

namespace tabletop::server {

struct StoreOptions {
  bool sync_full = false;  // SQLite: fsync at every commit (survives a power loss)
  double lease_s = 5;      // PostgreSQL: seconds a computer seat's lease lasts unrenewed
  int connections = 4;     // PostgreSQL: connections in the pool (besides the listening one)
};

// One database: its parts share its connection(s) and live as long as it does.
class Store {
 public:
  virtual ~Store() = default;
  virtual MatchStore& matches() = 0;
  virtual DeckStore& decks() = 0;
  virtual AnalysisStore& analyses() = 0;
  virtual Coordination& coordination() = 0;
};

// `where` is a `postgresql://` (or `postgres://`) URL: PostgreSQL (pg_store.h); anything else is
// the path of a SQLite file (":memory:" for a private in-memory one). Throws std::runtime_error
// with one line naming the database (its password left out) and the reason if it cannot open it.
std::unique_ptr<Store> open_store(const std::string& where, const StoreOptions& options = {});

// `where` fit to print: a URL's password replaced by "***".
std::string database_name(const std::string& where);

}  // namespace tabletop::server
