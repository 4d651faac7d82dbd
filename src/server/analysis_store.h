// Post-game analyses in the database (store.h; one part of a Store).
#pragma once

#include <optional>
#include <string>

namespace tabletop::server {

// The analyses of finished matches (analysis.h), stored with the match they judge: the analysis
// of match `id` made by the search `spec` (ai::analysis_spec), as JSON text. The first one
// written for a match and spec is kept (two processes may both make it; the same seed makes the
// same figures); load_analysis answers nullopt until one is. The match must exist.
class AnalysisStore {
 public:
  virtual ~AnalysisStore() = default;
  virtual void put_analysis(const std::string& id, const std::string& spec,
                            const std::string& analysis) = 0;
  virtual std::optional<std::string> load_analysis(const std::string& id,
                                                   const std::string& spec) = 0;
};

}  // namespace tabletop::server
