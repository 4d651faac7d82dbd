// Post-game analyses on SQLite (analysis_store.h).
#pragma once

#include "server/analysis_store.h"
#include "server/sqlite_connection.h"

namespace tabletop::server {

class SqliteAnalyses final : public AnalysisStore {
 public:
  explicit SqliteAnalyses(SqliteConnection& connection) : c_(connection) {}

  void put_analysis(const std::string& id, const std::string& spec,
                    const std::string& analysis) override;
  std::optional<std::string> load_analysis(const std::string& id, const std::string& spec) override;

 private:
  SqliteConnection& c_;
};

}  // namespace tabletop::server
