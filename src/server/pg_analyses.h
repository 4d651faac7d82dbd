// Post-game analyses on PostgreSQL (analysis_store.h).
#pragma once

#include "server/analysis_store.h"
#include "server/pg_pool.h"

namespace tabletop::server {

class PgAnalyses final : public AnalysisStore {
 public:
  explicit PgAnalyses(PgPool& pool) : pool_(pool) {}
  // The statements it runs, for the pool to prepare.
  static const PgStatements& statements();

  void put_analysis(const std::string& id, const std::string& spec,
                    const std::string& analysis) override;
  std::optional<std::string> load_analysis(const std::string& id, const std::string& spec) override;

 private:
  PgPool& pool_;
};

}  // namespace tabletop::server
