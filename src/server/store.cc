#include "server/store.h"

#include <stdexcept>

#include "core/error.h"
#include "server/pg_store.h"
#include "server/sqlite_store.h"

namespace tabletop::server {

namespace {
bool is_postgresql(const std::string& where) {
  return where.starts_with("postgresql://") || where.starts_with("postgres://");
}
}  // namespace

std::string database_name(const std::string& where) {
  if (!is_postgresql(where)) return where;
  // scheme://user:password@host... -> scheme://user:***@host...
  const std::size_t start = where.find("://") + 3;
  const std::size_t at = where.find('@', start);
  const std::size_t slash = where.find('/', start);
  if (at == std::string::npos || (slash != std::string::npos && slash < at)) return where;
  const std::size_t colon = where.find(':', start);
  if (colon == std::string::npos || colon > at) return where;
  return where.substr(0, colon + 1) + "***" + where.substr(at);
}

std::unique_ptr<Store> open_store(const std::string& where, const StoreOptions& options) {
  try {
    if (is_postgresql(where)) return std::make_unique<PgStore>(where, options);
    return std::make_unique<SqliteStore>(where, options.sync_full);
  } catch (const std::exception& e) {
    // libpq's reasons run over several lines: one line, words separated by single spaces.
    std::string reason;
    for (const char c : std::string(e.what())) {
      const bool space = c == '\n' || c == '\t' || c == ' ';
      if (!space)
        reason += c;
      else if (!reason.empty() && reason.back() != ' ')
        reason += ' ';
    }
    while (!reason.empty() && reason.back() == ' ') reason.pop_back();
    throw std::runtime_error("cannot open the database " + database_name(where) + ": " +
                             one_line(reason));
  }
}

}  // namespace tabletop::server
