// The database's schema as one ordered list of steps, for both stores (sqlite_store.h,
// pg_store.h): step N (its `version`) is what the schema gained at N, in SQLite's and
// PostgreSQL's words where they differ. A database records the version it is at (SQLite: `PRAGMA
// user_version`; PostgreSQL: the one row of `schema_version`); opening it applies every later step,
// each in one transaction that also records its version, and refuses a database of a version
// newer than this binary's (`schema_version()`) with an error naming both.
//
// Every step is idempotent (tables and indexes made only if missing, columns added only if
// missing), so a database made before the versions were recorded (SQLite: version 0 with
// whichever of the columns its release had; PostgreSQL: version 1 with all of them) is brought
// up to date by applying the steps again, keeping its rows. A new schema change is a new step at
// the end of the list, never an edit of a step already released.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tabletop::server {

enum class Dialect { kSqlite, kPostgresql };

// One statement in both dialects: `postgresql` empty means the same text as `sqlite`; `sqlite`
// empty means PostgreSQL only (several processes' tables).
struct SchemaSql {
  SchemaSql(std::string both) : sqlite(std::move(both)) {}  // NOLINT: a statement is its text
  SchemaSql(std::string in_sqlite, std::string in_postgresql)
      : sqlite(std::move(in_sqlite)), postgresql(std::move(in_postgresql)) {}
  // A statement SQLite skips.
  static SchemaSql postgresql_only(std::string sql) { return {"", std::move(sql)}; }

  std::string sqlite;
  std::string postgresql;
  // The statement in `dialect`, "" when that dialect has none.
  const std::string& in(Dialect dialect) const;
};

// A column added to a table made by an earlier step, unless the table already has it.
struct SchemaColumn {
  std::string table;
  std::string name;
  SchemaSql type;  // the column definition after its name, e.g. "INTEGER NOT NULL DEFAULT 0"
};

struct SchemaStep {
  int version = 0;
  std::string adds;                   // what the step adds, in words
  std::vector<SchemaSql> create;      // CREATE ... IF NOT EXISTS, in order
  std::vector<SchemaColumn> columns;  // then these columns, in order
};

// The steps, version 1 first, each version one more than the last.
const std::vector<SchemaStep>& schema_steps();

// The version of the last step: the schema this binary reads and writes.
int schema_version();

// Throws std::runtime_error naming both versions if a database at `found` is newer than this
// binary's schema.
void refuse_newer_schema(int found);

}  // namespace tabletop::server
