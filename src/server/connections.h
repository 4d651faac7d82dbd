// The cap on open connections: in total and per client address (`tabletop serve
// --max-connections N --max-connections-per-address M`, docs/server.md "Limits").
//
// Every accepted TCP connection asks for a slot before anything is read from it; the slot is held
// as long as the connection is open (an HTTP keep-alive connection, then the WebSocket it may
// become) and given back when the last owner lets go of it. A connection refused a slot is still
// answered, once, with a JSON error (503 when the server is full, 429 when its address holds its
// share) and closed: that answer is read and written under a short deadline so refused
// connections cannot pile up. Thread-safe.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace tabletop::server {

class ConnectionLimits {
 public:
  // 0 for either cap: no cap of that kind.
  ConnectionLimits(std::size_t total, std::size_t per_address);

  // A held slot: the connection counts until the last copy of it is destroyed.
  using Slot = std::shared_ptr<void>;
  struct Admission {
    Slot slot;          // null when refused
    int status = 0;     // when refused: 503 (server full) or 429 (this address holds its share)
    std::string error;  // when refused: the sentence for {"error": ...}
  };
  Admission admit(const std::string& address);

  // Open connections now, in total (for tests and the docs' figures).
  std::size_t open() const;

 private:
  void release(const std::string& address);

  const std::size_t total_cap_, per_address_cap_;
  mutable std::mutex mutex_;
  std::size_t open_ = 0;
  std::unordered_map<std::string, std::size_t> by_address_;
};

}  // namespace tabletop::server
