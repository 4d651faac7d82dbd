// The server: a listener, network threads, the computer players' worker pool, the lobby and the
// database, started and stopped as one object. `tabletop serve` runs one; tests run one in-process
// on port 0.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/registry.h"
#include "server/computer_pool.h"
#include "server/deck_routes.h"
#include "server/lobby.h"
#include "server/routes.h"
#include "server/store.h"

namespace tabletop::server {

struct ServerOptions {
  std::string bind = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port (see Server::port)
  std::string db = "tabletop.db";
  std::string static_dir;           // the built client (web/dist); empty: none
  bool sync_full = false;           // fsync at every commit (see store.h)
  double messages_per_second = 20;  // WebSocket rate limit per connection (ws_session.h)
  // HTTP requests a second per client address, and the burst allowed (rate_limit.h); 0: no limit.
  double http_requests_per_second = 50;
  double http_burst = 200;
  int network_threads = 0;  // 0: one per core
  int computer_threads =
      0;  // 0: one per core, less one (at least one); the cap on searches at once
  // A hard (time-limited) search stops after this many ms while another match's search waits.
  double hurried_search_ms = 300;
  // Seconds a match nobody watches, with no computer thinking, stays in memory (lobby.h); 0: ever.
  double idle_unload_s = 60;
};

class Server {
 public:
  // Opens the database, rebuilds the unfinished matches and starts listening and serving on
  // background threads. Throws on a database or bind failure (the message names it).
  Server(const Registry& registry, ServerOptions options);
  // Stops serving and joins every thread.
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // The port it listens on (the chosen one when options.port was 0).
  unsigned short port() const { return port_; }
  Lobby& lobby() { return *lobby_; }
  // Blocks until stop() is called (from another thread or a signal handler).
  void wait();
  void stop();

 private:
  void accept();

  ServerOptions options_;
  Store store_;
  DeckSourceRegistration deck_source_{store_};  // uploaded card-game decks (deck_routes.h)
  ComputerPool computers_;
  std::unique_ptr<Lobby> lobby_;
  HttpRateLimiter http_limit_;
  std::unique_ptr<RouteContext> context_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  unsigned short port_ = 0;
  std::vector<std::thread> threads_;
};

}  // namespace tabletop::server
