// The tests' PostgreSQL (store_test, cluster_test): one throwaway cluster per test process
// (scripts/pg-temp), started on first use and stopped when the tests end (a gtest Environment,
// registered once by store_test.cc), and a fresh database in it per test.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <memory>
#include <mutex>
#include <pqxx/pqxx>
#include <string>

#include "testing/client.h"
#include "testing/pg_temp.h"

namespace tabletop::server {

// The cluster of this test process, started on first use, stopped when the tests end.
class Cluster final : public ::testing::Environment {
 public:
  static PgTemp* get(std::string* why) {
    static std::once_flag once;
    std::call_once(once, [] {
      if (!PgTemp::available(TABLETOP_PG_TEMP, &reason_)) return;
      try {
        cluster_ = std::make_unique<PgTemp>(TABLETOP_PG_TEMP);
      } catch (const std::exception& e) {
        reason_ = e.what();  // installed but failing: a failure, not a skip (see below)
        failed_ = true;
      }
    });
    if (why) *why = reason_;
    return cluster_.get();
  }
  static bool failed() { return failed_; }
  void TearDown() override { cluster_.reset(); }

 private:
  static inline std::unique_ptr<PgTemp> cluster_;
  static inline std::string reason_;
  static inline bool failed_ = false;
};

// Why a test has no PostgreSQL (its database came back empty): the reason to skip with, where
// PostgreSQL is not installed; installed but not starting is a failure, added here.
inline std::string no_postgresql() {
  std::string why;
  Cluster::get(&why);
  if (Cluster::failed()) ADD_FAILURE() << "PostgreSQL is installed but did not start: " << why;
  return why;
}

// A fresh, empty database of the kind under test: its `where` for open_store.
inline std::string fresh_database(const std::string& kind, const std::string& name) {
  std::string plain;  // the test's name has a '/' before its parameter
  for (char ch : name) plain += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  if (kind == "sqlite") return fresh_test_db("tabletop_store_test", plain);
  std::string why;
  PgTemp* cluster = Cluster::get(&why);
  if (!cluster) return {};
  pqxx::connection c(cluster->url());
  pqxx::nontransaction t(c);
  std::string db;
  for (char ch : name)
    db += std::isalnum(static_cast<unsigned char>(ch)) ? char(std::tolower(ch)) : '_';
  db = "t_" + db.substr(0, 50);
  t.exec("DROP DATABASE IF EXISTS " + db);
  t.exec("CREATE DATABASE " + db);
  const std::string url = cluster->url();
  return url.substr(0, url.rfind('/') + 1) + db;
}

// A test run once on each kind of database (its parameter: "sqlite" or "postgresql"), each time
// on a fresh one (`where_`); skipped, saying why, where PostgreSQL is not installed.
class OnEachDatabase : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    where_ = fresh_database(GetParam(), std::string(info->name()));
    if (where_.empty()) GTEST_SKIP() << "PostgreSQL is not available here: " << no_postgresql();
  }
  std::string where_;
};

}  // namespace tabletop::server
