// Several `tabletop serve` processes on one database (store.h; one part of a Store).
//
// With several processes (`shared()`; PostgreSQL only) every committed change of a match is
// announced to the other processes (`listen`), and a computer seat is played only by the process
// holding the match's lease (`claim_lease`), which expires `lease_s` after its holder stopped
// renewing it (a process killed); a seat's presence (a viewer holding it) is noted likewise, so
// that a takeover sees viewers of every process. With one process (SQLite) the lease is always
// this process's own and nothing is announced.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tabletop::server {

// A change committed by another process (Coordination::listen): match `match` is now at `seq` (or
// later), or, `chat` true, a line of its table talk was stored (chat_store.h). An empty `match`
// means "any match may have changed" (the announcements were interrupted, e.g. the database
// connection was lost and made again): every match held in memory, and its table talk, must be
// read again.
struct Change {
  std::string match;
  long long seq = 0;
  bool chat = false;
};

class Coordination {
 public:
  virtual ~Coordination() = default;

  // Whether other processes may share this database (PostgreSQL).
  virtual bool shared() const = 0;
  // Takes (or keeps) the lease of match `id`'s computer seats for this process: true if this
  // process holds it now, false while another live process does.
  virtual bool claim_lease(const std::string& id) = 0;
  // Renews every lease this process holds (run every lease_s / 3 by the lobby).
  virtual void renew_leases() = 0;
  // Gives the lease up (the room left memory, the server stops).
  virtual void release_lease(const std::string& id) = 0;
  // Unfinished matches, at most `limit`, where a computer seat is (or may be: the row does not
  // say who is to move) to move and no live process holds the lease: a dead process's matches,
  // for the lobby to load and play. Always empty with one process.
  virtual std::vector<std::string> orphans(int limit) = 0;
  // Notes whether a viewer of this process holds seat `seat` of match `id` (called when the
  // seat's first viewer here comes and its last goes); renewed with the leases while held, so that
  // a dead process's viewers count as gone once its renewal lapses. Nothing with one process.
  virtual void note_presence(const std::string& id, int seat, bool connected) = 0;
  // Whether a viewer of another live process holds seat `seat` of match `id`, or left it less
  // than `within_s` seconds ago (a takeover asks that the seat be gone everywhere). Always false
  // with one process.
  virtual bool seen_elsewhere(const std::string& id, int seat, double within_s) = 0;
  // Calls `on_change` (on a thread of the store's own) for every change another process commits,
  // until the store is destroyed. Nothing happens with one process.
  virtual void listen(std::function<void(const Change&)> on_change) = 0;
  // Stops calling back; returns once no call is under way (before what it calls goes away).
  virtual void unlisten() = 0;
};

// One process alone on its database (SQLite): every lease is its own, nobody else is present,
// nothing is announced.
class OneProcess final : public Coordination {
 public:
  bool shared() const override { return false; }
  bool claim_lease(const std::string&) override { return true; }
  void renew_leases() override {}
  void release_lease(const std::string&) override {}
  std::vector<std::string> orphans(int) override { return {}; }
  void note_presence(const std::string&, int, bool) override {}
  bool seen_elsewhere(const std::string&, int, double) override { return false; }
  void listen(std::function<void(const Change&)>) override {}
  void unlisten() override {}
};

}  // namespace tabletop::server
