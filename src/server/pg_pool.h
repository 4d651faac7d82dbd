// The connections a PgStore's parts share (pg_store.h): a small pool (StoreOptions::connections),
// each connection with every part's statements prepared once; a call borrows one for its
// transaction (and waits while all are busy). A connection found broken is replaced at its next
// use; the call that found it fails (a write whose commit was in doubt is not retried: the caller
// reports an error and the room reads the match again). The first connection brings the schema
// up to date (schema.h: each later step in a transaction of its own under an advisory lock, so
// that processes starting together apply it once; the version in `schema_version`, one row).
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <pqxx/pqxx>
#include <string>
#include <utility>
#include <vector>

namespace tabletop::server {

// Prepared statements: name and SQL.
using PgStatements = std::vector<std::pair<const char*, const char*>>;

class PgPool {
 public:
  // Connects to `url`, migrates the schema, then prepares `statements` on every connection made.
  // Throws std::runtime_error (libpq's reason, or a database newer than this binary).
  PgPool(std::string url, int connections, PgStatements statements);

  // A connection of the pool for one call; back to the pool when it goes (dropped if it broke).
  class Borrowed {
   public:
    Borrowed(PgPool& pool, std::unique_ptr<pqxx::connection> c) : pool_(pool), c_(std::move(c)) {}
    Borrowed(const Borrowed&) = delete;
    ~Borrowed();
    pqxx::connection& operator*() { return *c_; }

   private:
    PgPool& pool_;
    std::unique_ptr<pqxx::connection> c_;
  };
  Borrowed borrow();

  // Runs prepared statement `statement` with `args` in a transaction of its own and commits it.
  template <class... Args>
  void write(const char* statement, const Args&... args) {
    Borrowed c = borrow();
    pqxx::work t(*c);
    t.exec_prepared(statement, args...);
    t.commit();
  }
  // The first column of the first row prepared statement `statement` answers, or nullopt.
  template <class... Args>
  std::optional<std::string> read_text(const char* statement, const Args&... args) {
    Borrowed c = borrow();
    pqxx::read_transaction t(*c);
    const pqxx::result r = t.exec_prepared(statement, args...);
    if (r.empty()) return std::nullopt;
    return r[0][0].as<std::string>();
  }

  const std::string& url() const { return url_; }

 private:
  std::unique_ptr<pqxx::connection> connect() const;

  const std::string url_;
  const int connections_;
  const PgStatements statements_;
  std::mutex mutex_;
  std::condition_variable returned_;
  std::vector<std::unique_ptr<pqxx::connection>> idle_;  // connections not in use
  int out_ = 0;                                          // connections in use
};

}  // namespace tabletop::server
