#include "server/sqlite_connection.h"

#include "server/schema.h"

namespace tabletop::server {

namespace {
bool has_column(SQLite::Database& db, const std::string& table, const std::string& column) {
  SQLite::Statement columns(db, "PRAGMA table_info(" + table + ")");
  while (columns.executeStep())
    if (columns.getColumn(1).getString() == column) return true;
  return false;
}

int recorded_version(SQLite::Database& db) {
  return db.execAndGet("PRAGMA user_version").getInt();
}

// Brings the database to schema.h's last version, one transaction per step.
void migrate(SQLite::Database& db) {
  refuse_newer_schema(recorded_version(db));
  for (const SchemaStep& step : schema_steps()) {
    SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
    const int at = recorded_version(db);  // another process may have gone on meanwhile
    refuse_newer_schema(at);
    if (at >= step.version) continue;
    for (const SchemaSql& sql : step.create)
      if (!sql.in(Dialect::kSqlite).empty()) db.exec(sql.in(Dialect::kSqlite));
    for (const SchemaColumn& c : step.columns)
      if (!has_column(db, c.table, c.name))
        db.exec("ALTER TABLE " + c.table + " ADD COLUMN " + c.name + " " +
                c.type.in(Dialect::kSqlite));
    db.exec("PRAGMA user_version = " + std::to_string(step.version));
    t.commit();
  }
}

// Opens the database and brings its schema up to date (before any statement is prepared).
SQLite::Database open_database(const std::string& path, bool sync_full) {
  SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_FULLMUTEX);
  // Another connection writing (a second store on the file, as in store_test) is waited for.
  db.setBusyTimeout(10000);
  db.exec("PRAGMA journal_mode=WAL");
  db.exec(sync_full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
  db.exec("PRAGMA foreign_keys=ON");
  migrate(db);
  return db;
}
}  // namespace

SqliteConnection::SqliteConnection(const std::string& path, bool sync_full)
    : db_(open_database(path, sync_full)) {}

}  // namespace tabletop::server
