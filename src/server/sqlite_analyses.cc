#include "server/sqlite_analyses.h"

namespace tabletop::server {

void SqliteAnalyses::put_analysis(const std::string& id, const std::string& spec,
                                  const std::string& analysis) {
  c_.write(
      "INSERT OR IGNORE INTO analyses (match_id, spec, content, created_at)"
      " VALUES (?,?,?,CAST(strftime('%s','now') AS INTEGER))",
      id, spec, analysis);
}

std::optional<std::string> SqliteAnalyses::load_analysis(const std::string& id,
                                                         const std::string& spec) {
  return c_.read_text("SELECT content FROM analyses WHERE match_id=? AND spec=?", id, spec);
}

}  // namespace tabletop::server
