// The one SQLite connection a SqliteStore's parts share (sqlite_store.h): the file opened in WAL
// mode with its schema brought up to date (schema.h: each later step in a transaction of its own,
// the version in `PRAGMA user_version`), every use serialised by one mutex.
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>
#include <SQLiteCpp/VariadicBind.h>

#include <mutex>
#include <optional>
#include <string>

namespace tabletop::server {

class SqliteConnection {
 public:
  // Opens (creating if needed) the database at `path` (":memory:" for a private in-memory one)
  // and migrates it. Throws SQLite::Exception if it cannot, std::runtime_error if the database is
  // newer than this binary.
  SqliteConnection(const std::string& path, bool sync_full);

  // The lock to hold while using db().
  std::unique_lock<std::mutex> lock() { return std::unique_lock(mutex_); }
  SQLite::Database& db() { return db_; }

  // Runs the one write `sql` with `texts` bound in order, under the lock (its own transaction).
  template <class... Texts>
  void write(const char* sql, const Texts&... texts) {
    const auto held = lock();
    SQLite::Statement q(db_, sql);
    SQLite::bind(q, texts...);
    q.exec();
  }
  // The first column of the first row `sql` answers with `texts` bound in order, or nullopt.
  template <class... Texts>
  std::optional<std::string> read_text(const char* sql, const Texts&... texts) {
    const auto held = lock();
    SQLite::Statement q(db_, sql);
    SQLite::bind(q, texts...);
    if (!q.executeStep()) return std::nullopt;
    return q.getColumn(0).getString();
  }

 private:
  std::mutex mutex_;
  SQLite::Database db_;
};

}  // namespace tabletop::server
