#include "server/pg_analyses.h"

namespace tabletop::server {

const PgStatements& PgAnalyses::statements() {
  static const PgStatements list = {
      {"put_analysis",
       "INSERT INTO analyses (match_id, spec, content, created_at)"
       " VALUES ($1, $2, $3, extract(epoch from now())::bigint) ON CONFLICT DO NOTHING"},
      {"load_analysis", "SELECT content FROM analyses WHERE match_id = $1 AND spec = $2"},
  };
  return list;
}

void PgAnalyses::put_analysis(const std::string& id, const std::string& spec,
                              const std::string& analysis) {
  pool_.write("put_analysis", id, spec, analysis);
}

std::optional<std::string> PgAnalyses::load_analysis(const std::string& id,
                                                     const std::string& spec) {
  return pool_.read_text("load_analysis", id, spec);
}

}  // namespace tabletop::server
