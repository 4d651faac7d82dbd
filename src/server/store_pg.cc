#include "server/store_pg.h"

#include <unistd.h>

#include <chrono>
#include <pqxx/pqxx>

#include "core/error.h"
#include "server/log.h"
#include "server/schema.h"
#include "server/secrets.h"

namespace tabletop::server {

namespace {

constexpr const char* kChannel = "tabletop_matches";

// Every statement, prepared on each connection as it is made.
const std::vector<std::pair<const char*, const char*>>& statements() {
  static const std::vector<std::pair<const char*, const char*>> list = {
      {"create",
       "INSERT INTO matches (id, game, params, seed, seats, undo, takeover_after_s, status, seq,"
       " created_at, hints, owner) VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7::integer, -1), $8,"
       " $9, $10, $11, $12)"},
      {"advance", "UPDATE matches SET seq = $2 WHERE id = $1 AND seq = $3"},
      {"insert_move", "INSERT INTO moves (match_id, ply, move) VALUES ($1, $2, $3)"},
      {"delete_moves", "DELETE FROM moves WHERE match_id = $1 AND ply >= $2"},
      {"notify", "SELECT pg_notify('tabletop_matches', $1)"},
      {"set_to_move",
       "UPDATE matches SET to_move = NULLIF($2::integer, -1), to_move_seq = $3 WHERE id = $1"},
      {"update_seats",
       "UPDATE matches SET seats = $2, status = $3, seq = $4 WHERE id = $1 AND seq = $5 AND"
       " seats = $6"},
      {"finish", "UPDATE matches SET status = 'finished', result = $2 WHERE id = $1"},
      {"create_deck",
       "INSERT INTO decks (id, name, format, body, annotations, created_at, checked, owner_hash)"
       " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"},
      {"set_deck_annotations", "UPDATE decks SET annotations = $2, checked = $3 WHERE id = $1"},
      {"load_deck",
       "SELECT name, format, body, annotations, created_at, checked, owner_hash FROM decks"
       " WHERE id = $1"},
      {"delete_deck", "DELETE FROM decks WHERE id = $1"},
      {"delete_deck_uses", "DELETE FROM deck_uses WHERE deck_id = $1"},
      {"put_snapshot",
       "INSERT INTO deck_snapshots (hash, content, created_at)"
       " VALUES ($1, $2, extract(epoch from now())::bigint) ON CONFLICT DO NOTHING"},
      {"touch_deck", "UPDATE decks SET touched_at = $2 WHERE id = $1"},
      {"note_deck_use",
       "INSERT INTO deck_uses (deck_id, hash) VALUES ($1, $2) ON CONFLICT DO NOTHING"},
      // A match names its snapshots in params.uploaded_decks as "upload:KEY".
      {"sweep_decks",
       "DELETE FROM decks WHERE COALESCE(touched_at, created_at) < $1 AND NOT EXISTS ("
       " SELECT 1 FROM deck_uses u JOIN matches m ON m.status <> 'finished'"
       " AND strpos(m.params, 'upload:' || u.hash) > 0 WHERE u.deck_id = decks.id)"},
      {"sweep_deck_uses",
       "DELETE FROM deck_uses WHERE NOT EXISTS (SELECT 1 FROM decks WHERE decks.id ="
       " deck_uses.deck_id)"},
      {"sweep_snapshots",
       "DELETE FROM deck_snapshots WHERE COALESCE(created_at, 0) < $1 AND NOT EXISTS ("
       " SELECT 1 FROM matches m WHERE strpos(m.params, 'upload:' || deck_snapshots.hash) > 0)"},
      {"load_snapshot", "SELECT content FROM deck_snapshots WHERE hash = $1"},
      {"put_analysis",
       "INSERT INTO analyses (match_id, spec, content, created_at)"
       " VALUES ($1, $2, $3, extract(epoch from now())::bigint) ON CONFLICT DO NOTHING"},
      {"load_analysis", "SELECT content FROM analyses WHERE match_id = $1 AND spec = $2"},
      {"load",
       "SELECT id, game, params, seed, seats, undo, takeover_after_s, status, seq, created_at,"
       " result, to_move, to_move_seq, hints, owner FROM matches WHERE id = $1"},
      {"load_moves", "SELECT move FROM moves WHERE match_id = $1 AND ply >= $2 ORDER BY ply"},
      {"count_moves", "SELECT COUNT(*) FROM moves WHERE match_id = $1"},
      {"unfinished", "SELECT COUNT(*) FROM matches WHERE status <> 'finished'"},
      {"list_all",
       "SELECT id, game, params, seed, seats, undo, takeover_after_s, status, seq, created_at,"
       " result, to_move, to_move_seq, hints, owner FROM matches ORDER BY created_at DESC, n DESC "
       "LIMIT "
       "$1"},
      {"list_status",
       "SELECT id, game, params, seed, seats, undo, takeover_after_s, status, seq, created_at,"
       " result, to_move, to_move_seq, hints, owner FROM matches WHERE status = $2"
       " ORDER BY created_at DESC, n DESC LIMIT $1"},
      {"claim_lease",
       "INSERT INTO leases (match_id, holder, expires_at)"
       " VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3))"
       " ON CONFLICT (match_id) DO UPDATE SET holder = excluded.holder,"
       " expires_at = excluded.expires_at"
       " WHERE leases.holder = excluded.holder OR leases.expires_at < clock_timestamp()"},
      {"renew_leases",
       "UPDATE leases SET expires_at = clock_timestamp() + make_interval(secs => $2)"
       " WHERE holder = $1"},
      {"release_lease", "DELETE FROM leases WHERE match_id = $1 AND holder = $2"},
      {"note_presence",
       "INSERT INTO presence (match_id, seat, holder, connected, changed_at, expires_at)"
       " VALUES ($1, $2, $3, $4, clock_timestamp(), clock_timestamp() + make_interval(secs => $5))"
       " ON CONFLICT (match_id, seat, holder) DO UPDATE SET connected = excluded.connected,"
       " changed_at = excluded.changed_at, expires_at = excluded.expires_at"},
      {"renew_presence",
       "UPDATE presence SET expires_at = clock_timestamp() + make_interval(secs => $2)"
       " WHERE holder = $1 AND connected"},
      // Held by a live viewer elsewhere, or left (a dead process's: when its renewal lapsed)
      // less than $4 seconds ago.
      {"seen_elsewhere",
       "SELECT EXISTS (SELECT 1 FROM presence WHERE match_id = $1 AND seat = $2 AND holder <> $3"
       " AND (CASE WHEN connected THEN expires_at ELSE changed_at END)"
       "     > clock_timestamp() - make_interval(secs => $4))"},
      // Unfinished matches with a computer seat, no live lease, and a computer to move (or no
      // telling who is to move: the row's to_move is of an older seq).
      {"orphans",
       "SELECT m.id FROM matches m LEFT JOIN leases l ON l.match_id = m.id"
       " WHERE m.status <> 'finished' AND m.seats LIKE '%\"computer\"%'"
       " AND (l.match_id IS NULL OR l.expires_at < clock_timestamp())"
       " AND (m.to_move IS NULL OR m.to_move_seq IS DISTINCT FROM m.seq"
       "      OR (m.seats::jsonb -> m.to_move ->> 'kind') = 'computer')"
       " ORDER BY m.n LIMIT $1"},
  };
  return list;
}

// Brings the database to schema.h's last version, one transaction per step, each under an
// advisory lock so that processes starting together apply a step once.
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

std::string new_holder() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return std::string(host) + "/" + std::to_string(getpid()) + "/" + new_token().substr(0, 8);
}

// A row selected by "load"/"list_*", without its moves.
StoredMatch row(const pqxx::row& r) {
  StoredMatch m;
  m.id = r[0].as<std::string>();
  m.game = r[1].as<std::string>();
  m.params = json::parse(r[2].as<std::string>());
  m.seed = static_cast<uint64_t>(r[3].as<long long>());
  m.seats = json::parse(r[4].as<std::string>());
  m.undo = r[5].as<bool>();
  if (!r[6].is_null()) m.takeover_after_s = r[6].as<int>();
  m.status = r[7].as<std::string>();
  m.seq = r[8].as<long long>();
  m.created_at = r[9].as<long long>();
  if (!r[10].is_null()) m.result = json::parse(r[10].as<std::string>());
  if (!r[11].is_null() && !r[12].is_null() && r[12].as<long long>() == m.seq &&
      m.status != "finished")
    m.to_move = r[11].as<int>();
  m.hints = r[13].as<bool>();
  m.owner = r[14].as<std::string>();
  return m;
}

}  // namespace

struct PgStore::Connection {
  explicit Connection(const std::string& url) : c(url) {}
  pqxx::connection c;
};

// A connection of the pool for one call; back to the pool when it goes (dropped if it broke).
class PgStore::Borrowed {
 public:
  Borrowed(PgStore& store, std::unique_ptr<Connection> c) : store_(store), c_(std::move(c)) {}
  Borrowed(const Borrowed&) = delete;
  ~Borrowed() {
    std::lock_guard lock(store_.mutex_);
    --store_.out_;
    if (c_ && c_->c.is_open()) store_.idle_.push_back(std::move(c_));
    store_.returned_.notify_one();
  }
  pqxx::connection& operator*() { return c_->c; }

 private:
  PgStore& store_;
  std::unique_ptr<Connection> c_;
};

std::unique_ptr<PgStore::Connection> PgStore::connect() const {
  auto c = std::make_unique<Connection>(url_);
  for (const auto& [name, sql] : statements()) c->c.prepare(name, sql);
  return c;
}

PgStore::PgStore(const std::string& url, const StoreOptions& options)
    : url_(url), options_(options), holder_(new_holder()) {
  std::unique_ptr<Connection> first = connect();
  migrate(first->c);
  idle_.push_back(std::move(first));
}

PgStore::~PgStore() {
  unlisten();
}

void PgStore::unlisten() {
  stopping_ = true;
  if (listener_.joinable()) listener_.join();
}

PgStore::Borrowed PgStore::borrow() {
  std::unique_lock lock(mutex_);
  returned_.wait(lock,
                 [this] { return !idle_.empty() || out_ < std::max(1, options_.connections); });
  ++out_;
  if (!idle_.empty()) {
    std::unique_ptr<Connection> c = std::move(idle_.back());
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

namespace {
std::string announcement(const std::string& id, long long seq, const std::string& holder) {
  return id + " " + std::to_string(seq) + " " + holder;
}
}  // namespace

void PgStore::create(const StoredMatch& m) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  t.exec_prepared("create", m.id, m.game, m.params.dump(), static_cast<long long>(m.seed),
                  m.seats.dump(), m.undo, m.takeover_after_s.value_or(-1), m.status, m.seq,
                  m.created_at, m.hints, m.owner);
  t.commit();
}

Write PgStore::append_move(const std::string& id, long long ply, const std::string& move,
                           long long seq) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  if (t.exec_prepared("advance", id, seq, seq - 1).affected_rows() == 0) return Write::kStale;
  t.exec_prepared("insert_move", id, ply, move);
  t.exec_prepared("notify", announcement(id, seq, holder_));
  t.commit();
  return Write::kDone;
}

Write PgStore::truncate_moves(const std::string& id, long long ply, long long seq) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  if (t.exec_prepared("advance", id, seq, seq - 1).affected_rows() == 0) return Write::kStale;
  t.exec_prepared("delete_moves", id, ply);
  t.exec_prepared("notify", announcement(id, seq, holder_));
  t.commit();
  return Write::kDone;
}

void PgStore::set_to_move(const std::string& id, int to_move, long long seq) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  // A hint (store.h: valid only at its seq; a row without it is read whole), so its commit does
  // not wait for the disk: one flush per move, the move's own, instead of two.
  t.exec("SET LOCAL synchronous_commit TO OFF");
  t.exec_prepared("set_to_move", id, to_move, seq);
  t.commit();
}

Write PgStore::update_seats(const std::string& id, const json& before, long long seq_before,
                            const json& seats, const std::string& status, long long seq) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  if (t.exec_prepared("update_seats", id, seats.dump(), status, seq, seq_before, before.dump())
          .affected_rows() == 0)
    return Write::kStale;
  t.exec_prepared("notify", announcement(id, seq, holder_));
  t.commit();
  return Write::kDone;
}

template <class... Args>
void PgStore::write(const char* statement, const Args&... args) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  t.exec_prepared(statement, args...);
  t.commit();
}

template <class... Args>
std::optional<std::string> PgStore::read_text(const char* statement, const Args&... args) {
  Borrowed c = borrow();
  pqxx::read_transaction t(*c);
  const pqxx::result r = t.exec_prepared(statement, args...);
  if (r.empty()) return std::nullopt;
  return r[0][0].as<std::string>();
}

void PgStore::finish(const std::string& id, const json& result) {
  write("finish", id, result.dump());
}

void PgStore::create_deck(const StoredDeck& d) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  // The file as sent (bytea, a binary parameter): it may be Windows-1252 or hold a NUL, which a
  // text column refuses.
  t.exec_prepared("create_deck", d.id, d.name, d.format, pqxx::binarystring(d.text),
                  d.annotations.dump(), d.created_at, d.checked, d.owner_hash);
  t.commit();
}

void PgStore::set_deck_annotations(const std::string& id, const json& annotations,
                                   const std::string& checked) {
  write("set_deck_annotations", id, annotations.dump(), checked);
}

bool PgStore::delete_deck(const std::string& id) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  const bool removed = t.exec_prepared("delete_deck", id).affected_rows() > 0;
  t.exec_prepared("delete_deck_uses", id);
  t.commit();
  return removed;
}

std::optional<StoredDeck> PgStore::load_deck(const std::string& id) {
  Borrowed c = borrow();
  pqxx::read_transaction t(*c);
  const pqxx::result r = t.exec_prepared("load_deck", id);
  if (r.empty()) return std::nullopt;
  StoredDeck d;
  d.id = id;
  d.name = r[0][0].as<std::string>();
  d.format = r[0][1].as<std::string>();
  d.text = pqxx::binarystring(r[0][2]).str();
  d.annotations = json::parse(r[0][3].as<std::string>());
  d.created_at = r[0][4].as<long long>();
  if (!r[0][5].is_null()) d.checked = r[0][5].as<std::string>();
  if (!r[0][6].is_null()) d.owner_hash = r[0][6].as<std::string>();
  return d;
}

void PgStore::put_deck_snapshot(const std::string& hash, const std::string& content) {
  write("put_snapshot", hash, content);
}

void PgStore::touch_deck(const std::string& id, long long now) {
  write("touch_deck", id, now);
}

void PgStore::note_deck_use(const std::string& id, const std::string& hash) {
  write("note_deck_use", id, hash);
}

std::pair<int, int> PgStore::sweep_decks(long long deck_cutoff, long long snapshot_cutoff) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  const int decks = static_cast<int>(t.exec_prepared("sweep_decks", deck_cutoff).affected_rows());
  t.exec_prepared("sweep_deck_uses");
  const int snapshots =
      static_cast<int>(t.exec_prepared("sweep_snapshots", snapshot_cutoff).affected_rows());
  t.commit();
  return {decks, snapshots};
}

std::optional<std::string> PgStore::load_deck_snapshot(const std::string& hash) {
  return read_text("load_snapshot", hash);
}

void PgStore::put_analysis(const std::string& id, const std::string& spec,
                           const std::string& analysis) {
  write("put_analysis", id, spec, analysis);
}

std::optional<std::string> PgStore::load_analysis(const std::string& id, const std::string& spec) {
  return read_text("load_analysis", id, spec);
}

std::optional<StoredMatch> PgStore::load(const std::string& id) {
  return load_from(id, 0);
}

std::optional<StoredMatch> PgStore::load_from(const std::string& id, long long from) {
  Borrowed c = borrow();
  // One snapshot for the row and its moves (REPEATABLE READ), so they agree on seq.
  pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> t(*c);
  const pqxx::result r = t.exec_prepared("load", id);
  if (r.empty()) return std::nullopt;
  StoredMatch m = row(r[0]);
  for (const pqxx::row& move : t.exec_prepared("load_moves", id, from))
    m.moves.push_back(move[0].as<std::string>());
  m.moves_total = t.exec_prepared("count_moves", id)[0][0].as<long long>();
  return m;
}

long long PgStore::unfinished() {
  Borrowed c = borrow();
  pqxx::read_transaction t(*c);
  return t.exec_prepared("unfinished")[0][0].as<long long>();
}

std::vector<StoredMatch> PgStore::list(const std::string& status, int limit) {
  Borrowed c = borrow();
  pqxx::read_transaction t(*c);
  const pqxx::result r = status.empty() ? t.exec_prepared("list_all", limit)
                                        : t.exec_prepared("list_status", limit, status);
  std::vector<StoredMatch> rows;
  for (const pqxx::row& one : r) rows.push_back(row(one));
  return rows;
}

bool PgStore::claim_lease(const std::string& id) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  const bool mine =
      t.exec_prepared("claim_lease", id, holder_, options_.lease_s).affected_rows() == 1;
  t.commit();
  return mine;
}

void PgStore::renew_leases() {
  Borrowed c = borrow();
  pqxx::work t(*c);
  t.exec_prepared("renew_leases", holder_, options_.lease_s);
  t.exec_prepared("renew_presence", holder_, options_.lease_s);
  t.commit();
}

void PgStore::note_presence(const std::string& id, int seat, bool connected) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  t.exec_prepared("note_presence", id, seat, holder_, connected, options_.lease_s);
  t.commit();
}

bool PgStore::seen_elsewhere(const std::string& id, int seat, double within_s) {
  Borrowed c = borrow();
  pqxx::read_transaction t(*c);
  return t.exec_prepared("seen_elsewhere", id, seat, holder_, within_s)[0][0].as<bool>();
}

void PgStore::release_lease(const std::string& id) {
  Borrowed c = borrow();
  pqxx::work t(*c);
  t.exec_prepared("release_lease", id, holder_);
  t.commit();
}

std::vector<std::string> PgStore::orphans(int limit) {
  Borrowed c = borrow();
  pqxx::read_transaction t(*c);
  std::vector<std::string> ids;
  for (const pqxx::row& r : t.exec_prepared("orphans", limit))
    ids.push_back(r[0].as<std::string>());
  return ids;
}

namespace {
// Hands the channel's announcements of other holders on.
class Receiver final : public pqxx::notification_receiver {
 public:
  Receiver(pqxx::connection& c, std::string holder, std::function<void(const Change&)> on_change)
      : pqxx::notification_receiver(c, kChannel),
        holder_(std::move(holder)),
        on_change_(std::move(on_change)) {}
  void operator()(const std::string& payload, int) override {
    // "<id> <seq> <holder>"
    const std::size_t a = payload.find(' ');
    const std::size_t b = a == std::string::npos ? a : payload.find(' ', a + 1);
    if (b == std::string::npos || payload.substr(b + 1) == holder_) return;
    try {
      on_change_({payload.substr(0, a), std::stoll(payload.substr(a + 1, b - a - 1))});
    } catch (const std::exception& e) {
      // A change that cannot be applied now is read again at the next one.
      logger().warn("an announced change {} could not be applied now: {}", quote(payload),
                    one_line(e.what()));
    }
  }

 private:
  const std::string holder_;
  const std::function<void(const Change&)> on_change_;
};
}  // namespace

void PgStore::listen(std::function<void(const Change&)> on_change) {
  if (listener_.joinable()) return;
  // The first connection is made here, so that a change committed after listen() returns is
  // announced to it.
  auto first =
      std::make_shared<std::unique_ptr<pqxx::connection>>(std::make_unique<pqxx::connection>(url_));
  auto receiver = std::make_shared<std::unique_ptr<Receiver>>(
      std::make_unique<Receiver>(**first, holder_, on_change));
  listener_ = std::thread([this, on_change = std::move(on_change), first, receiver]() mutable {
    std::unique_ptr<pqxx::connection> c = std::move(*first);
    std::unique_ptr<Receiver> listening = std::move(*receiver);
    while (!stopping_) {
      try {
        if (!c) {
          c = std::make_unique<pqxx::connection>(url_);
          listening = std::make_unique<Receiver>(*c, holder_, on_change);
          on_change({});  // announcements may have been missed meanwhile
        }
        c->await_notification(0, 200000);
      } catch (const std::exception& e) {
        logger().warn("listening for other processes' changes failed (reconnecting): {}",
                      one_line(e.what()));
        listening.reset();
        c.reset();
        for (int i = 0; i < 10 && !stopping_; ++i)
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    }
    listening.reset();
  });
}

}  // namespace tabletop::server
