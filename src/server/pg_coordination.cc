#include "server/pg_coordination.h"

#include <unistd.h>

#include <chrono>

#include "core/error.h"
#include "server/log.h"
#include "server/secrets.h"

namespace tabletop::server {

namespace {
constexpr const char* kChannel = "tabletop_matches";
}  // namespace

std::string new_holder() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return std::string(host) + "/" + std::to_string(getpid()) + "/" + new_token().substr(0, 8);
}

const PgStatements& PgCoordination::statements() {
  static const PgStatements list = {
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
       " WHERE m.status NOT IN ('finished', 'abandoned') AND m.seats LIKE '%\"computer\"%'"
       " AND (l.match_id IS NULL OR l.expires_at < clock_timestamp())"
       " AND (m.to_move IS NULL OR m.to_move_seq IS DISTINCT FROM m.seq"
       "      OR (m.seats::jsonb -> m.to_move ->> 'kind') = 'computer')"
       " ORDER BY m.n LIMIT $1"},
  };
  return list;
}

PgCoordination::~PgCoordination() {
  unlisten();
}

void PgCoordination::unlisten() {
  stopping_ = true;
  if (listener_.joinable()) listener_.join();
}

bool PgCoordination::claim_lease(const std::string& id) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  const bool mine = t.exec_prepared("claim_lease", id, holder_, lease_s_).affected_rows() == 1;
  t.commit();
  return mine;
}

void PgCoordination::renew_leases() {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  t.exec_prepared("renew_leases", holder_, lease_s_);
  t.exec_prepared("renew_presence", holder_, lease_s_);
  t.commit();
}

void PgCoordination::note_presence(const std::string& id, int seat, bool connected) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  t.exec_prepared("note_presence", id, seat, holder_, connected, lease_s_);
  t.commit();
}

bool PgCoordination::seen_elsewhere(const std::string& id, int seat, double within_s) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::read_transaction t(*c);
  return t.exec_prepared("seen_elsewhere", id, seat, holder_, within_s)[0][0].as<bool>();
}

void PgCoordination::release_lease(const std::string& id) {
  PgPool::Borrowed c = pool_.borrow();
  pqxx::work t(*c);
  t.exec_prepared("release_lease", id, holder_);
  t.commit();
}

std::vector<std::string> PgCoordination::orphans(int limit) {
  PgPool::Borrowed c = pool_.borrow();
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
    // "<id> <seq> <holder>", or "<id> chat <holder>" for a line of table talk (pg_chat.h)
    const std::size_t a = payload.find(' ');
    const std::size_t b = a == std::string::npos ? a : payload.find(' ', a + 1);
    if (b == std::string::npos || payload.substr(b + 1) == holder_) return;
    try {
      const std::string what = payload.substr(a + 1, b - a - 1);
      if (what == "chat")
        on_change_({payload.substr(0, a), 0, true});
      else
        on_change_({payload.substr(0, a), std::stoll(what)});
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

void PgCoordination::listen(std::function<void(const Change&)> on_change) {
  if (listener_.joinable()) return;
  // The first connection is made here, so that a change committed after listen() returns is
  // announced to it.
  auto first = std::make_shared<std::unique_ptr<pqxx::connection>>(
      std::make_unique<pqxx::connection>(pool_.url()));
  auto receiver = std::make_shared<std::unique_ptr<Receiver>>(
      std::make_unique<Receiver>(**first, holder_, on_change));
  listener_ = std::thread([this, on_change = std::move(on_change), first, receiver]() mutable {
    std::unique_ptr<pqxx::connection> c = std::move(*first);
    std::unique_ptr<Receiver> listening = std::move(*receiver);
    while (!stopping_) {
      try {
        if (!c) {
          c = std::make_unique<pqxx::connection>(pool_.url());
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
