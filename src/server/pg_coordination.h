// Several processes on one PostgreSQL database (coordination.h), which is both the truth and the
// bus between them (DESIGN.md, "Serving strangers, and more than one process").
//
// - Announcements: each committed change of a match runs `pg_notify('tabletop_matches',
//   '<id> <seq> <holder>')` in its transaction (pg_matches.h; delivered on commit, in commit
//   order); each line of table talk stored, '<id> chat <holder>' (pg_chat.h). `listen` starts a
//   thread with a connection of its own that LISTENs on the channel and calls back for every
//   announcement of another holder; when that connection breaks it connects again (every second)
//   and calls back with an empty match (everything must be read again).
// - Leases: `leases` (match, holder, expires_at), claimed with INSERT ... ON CONFLICT DO UPDATE
//   ... WHERE the holder is this process or the lease expired (the row lock makes exactly one of
//   two claimers win), renewed in one UPDATE of every lease of the holder, expiring on the
//   database's clock (no clock of the processes' machines is compared). `presence` (match, seat,
//   holder, connected, changed_at, expires_at) is renewed the same way while connected.
// - The holder is "<host>/<pid>/<random>", new for each process (new_holder).
#pragma once

#include <atomic>
#include <thread>

#include "server/coordination.h"
#include "server/pg_pool.h"

namespace tabletop::server {

// A new holder name for this process.
std::string new_holder();

class PgCoordination final : public Coordination {
 public:
  PgCoordination(PgPool& pool, const std::string& holder, double lease_s)
      : pool_(pool), holder_(holder), lease_s_(lease_s) {}
  // Stops the listening thread (leases are left to expire).
  ~PgCoordination() override;
  // The statements it runs, for the pool to prepare.
  static const PgStatements& statements();

  bool shared() const override { return true; }
  bool claim_lease(const std::string& id) override;
  void renew_leases() override;
  void release_lease(const std::string& id) override;
  std::vector<std::string> orphans(int limit) override;
  void note_presence(const std::string& id, int seat, bool connected) override;
  bool seen_elsewhere(const std::string& id, int seat, double within_s) override;
  void listen(std::function<void(const Change&)> on_change) override;
  void unlisten() override;

 private:
  PgPool& pool_;
  const std::string& holder_;
  const double lease_s_;
  std::atomic<bool> stopping_{false};
  std::thread listener_;
};

}  // namespace tabletop::server
