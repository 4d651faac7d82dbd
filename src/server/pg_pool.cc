#include "server/pg_pool.h"

#include "server/schema.h"

namespace tabletop::server {

namespace {
// Brings the database to schema.h's last version, one transaction per step, each under an
// advisory lock so that processes starting together apply it once.
void migrate(pqxx::connection& c) {
  for (const SchemaStep& step : schema_steps()) {
    pqxx::work t(c);
    t.exec("SELECT pg_advisory_xact_lock(2323232323)");
    t.exec("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)");
    const pqxx::result version = t.exec("SELECT version FROM schema_version");
    const int at = version.empty() ? 0 : version[0][0].as<int>();
    refuse_newer_schema(at);
    if (at >= step.version) continue;
    for (const SchemaSql& sql : step.create)
      if (!sql.in(Dialect::kPostgresql).empty()) t.exec(sql.in(Dialect::kPostgresql));
    for (const SchemaColumn& col : step.columns)
      t.exec("ALTER TABLE " + col.table + " ADD COLUMN IF NOT EXISTS " + col.name + " " +
             col.type.in(Dialect::kPostgresql));
    t.exec("DELETE FROM schema_version");
    t.exec("INSERT INTO schema_version (version) VALUES (" + std::to_string(step.version) + ")");
    t.commit();
  }
}
}  // namespace

PgPool::PgPool(std::string url, int connections, PgStatements statements)
    : url_(std::move(url)),
      connections_(std::max(1, connections)),
      statements_(std::move(statements)) {
  auto first = std::make_unique<pqxx::connection>(url_);
  migrate(*first);
  for (const auto& [name, sql] : statements_) first->prepare(name, sql);
  idle_.push_back(std::move(first));
}

std::unique_ptr<pqxx::connection> PgPool::connect() const {
  auto c = std::make_unique<pqxx::connection>(url_);
  for (const auto& [name, sql] : statements_) c->prepare(name, sql);
  return c;
}

PgPool::Borrowed::~Borrowed() {
  std::lock_guard lock(pool_.mutex_);
  --pool_.out_;
  if (c_ && c_->is_open()) pool_.idle_.push_back(std::move(c_));
  pool_.returned_.notify_one();
}

PgPool::Borrowed PgPool::borrow() {
  std::unique_lock lock(mutex_);
  returned_.wait(lock, [this] { return !idle_.empty() || out_ < connections_; });
  ++out_;
  if (!idle_.empty()) {
    std::unique_ptr<pqxx::connection> c = std::move(idle_.back());
    idle_.pop_back();
    return Borrowed(*this, std::move(c));
  }
  lock.unlock();
  try {
    return Borrowed(*this, connect());
  } catch (...) {
    lock.lock();
    --out_;
    returned_.notify_one();
    throw;
  }
}

}  // namespace tabletop::server
