// The server: a listener, network threads, the computer players' worker pool, the lobby and the
// database, started and stopped as one object. `tabletop serve` runs one; tests run one in-process
// on port 0.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "ai/budgets.h"
#include "core/registry.h"
#include "server/clock.h"
#include "server/clock_sweeper.h"
#include "server/computer_pool.h"
#include "server/connections.h"
#include "server/deck_routes.h"
#include "server/lobby.h"
#include "server/match_sweeper.h"
#include "server/routes.h"
#include "server/store.h"

namespace tabletop::server {

struct ServerOptions {
  std::string bind = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port (see Server::port)
  std::string db = "tabletop.db";
  std::string static_dir;  // the built client (web/dist); empty: none
  // A SQLite file, or a postgresql:// URL shared by several processes (store.h).
  bool sync_full = false;  // SQLite: fsync at every commit (see sqlite_store.h)
  // PostgreSQL: seconds a computer seat's lease lasts when its process stops renewing it (a
  // process killed): another process plays the seat after at most about this long (lobby.h).
  double lease_s = 5;
  double messages_per_second = 20;  // WebSocket rate limit per connection (ws_session.h)
  // HTTP requests a second per client address, and the burst allowed (rate_limit.h); 0: no limit.
  double http_requests_per_second = 50;
  double http_burst = 200;
  int network_threads = 0;  // 0: one per core
  // 0: one per core, less one (at least one); the cap on searches at once.
  int computer_threads = 0;
  // A hard (time-limited) search stops after this many ms while another match's search waits.
  double hurried_search_ms = 300;
  // Milliseconds of search a hint gets (hard's budget; hurried the same way), at low priority.
  double hint_ms = ai::kHardSearchMs;
  // Search iterations per move of a finished match's analysis (analysis.h), at low priority.
  int analysis_iterations = 2000;
  // Seconds a computer-only match nobody watches plays on before it pauses (room.h); 0: never.
  double unwatched_pause_s = 30;
  // Computer-only matches of one address playing at once; one more is a 429 (0: no limit).
  int computer_matches_per_address = 4;
  // Hints waiting or running, and analyses under way, per address (each; 0: no limit).
  int low_jobs_per_address = 4;
  // Seconds a match nobody watches, with no computer thinking, stays in memory (lobby.h); 0: ever.
  double idle_unload_s = 60;
  // Open connections (HTTP and WebSocket) in total; over it a new one is answered 503. 0: no cap.
  int max_connections = 1000;
  // Open connections from one address; over it a new one is answered 429. 0: no cap.
  int max_connections_per_address = 50;
  // New matches (POST /api/matches) a minute per address, in bursts of as many; over it 429.
  // 0: no limit.
  double matches_per_minute = 20;
  // Seconds an HTTP connection waits for (the whole of) its next request before it is closed.
  int http_idle_s = 30;
  // Seconds without anything received after which a WebSocket is closed (pinged at half of it).
  int ws_idle_s = 60;
  // Bytes of messages that may wait for one WebSocket besides the newest state (ws_session.h).
  std::size_t ws_queue_bytes = 4 * 1024 * 1024;
  // Card-game deck uploads (deck_routes.h): the largest POST /api/decks body (413 past it); new
  // decks an hour per address, in bursts of as many (429 past it; 0: no limit); seconds a deck
  // no unfinished match plays is kept after it was last touched (0: for ever).
  std::size_t deck_max_bytes = kMaxDeckBytes;
  double decks_per_hour = 30;
  double deck_expiry_s = 30 * 86400.0;
  // Balancers (IP addresses) whose `X-Real-IP` header names the client for the per-address
  // limits (routes.h, client_address). Empty: every client is its TCP peer.
  std::vector<std::string> trusted_proxies;
  // Other sites (cross_site.h): host names the server answers to besides its IP addresses and
  // localhost ("name", "name:port" or "*"), and other sites' origins ("scheme://host[:port]")
  // allowed to send state-changing requests and open WebSockets.
  std::vector<std::string> allowed_hosts;
  std::vector<std::string> allowed_origins;
  // Seconds a WebSocket may stay open without a `hello` naming a match (ws_session.h).
  int hello_grace_s = 10;
  // Table talk (room_chat.h): the longest line in bytes, lines a minute per seat (bursts as large;
  // 0: no limit).
  std::size_t chat_max_bytes = ChatLimits{}.max_bytes;
  double chat_per_minute = ChatLimits{}.per_minute;
  // Match lifetime (match_sweeper.h): seconds without a move after which an open or running match
  // is abandoned, and seconds a finished or abandoned match is kept after its last change (0:
  // never, for ever).
  double abandon_after_s = 72 * 3600.0;
  double keep_s = 0;
  // Milliseconds between clock sweeps (clock_sweeper.h; 0: requests alone check clocks).
  int clock_sweep_ms = 1000;
  // Where match clocks read the time (clock.h; tests: a ManualClock that outlives the server);
  // nullptr: the system clock.
  const Clock* clock = nullptr;
  // Tests only (serve --test-clock): the clock POST /api/test-clock moves forward, which is then
  // also where match clocks read the time. nullptr: that route answers 404.
  ScaledClock* test_clock = nullptr;
  // The address people on other machines use (serve --public-url, "scheme://host[:port]"):
  // join links name it (addresses.h). Empty: the addresses the server listens on.
  std::string public_url;
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
  // Where other machines reach this server (addresses.h): what join links name.
  const std::vector<std::string>& public_urls() const { return context_->public_urls; }
  Lobby& lobby() { return *lobby_; }
  // Open connections now (for tests).
  std::size_t connections() const { return connections_.open(); }
  // Accepts that failed for want of a descriptor or kernel memory, each followed by a 100 ms
  // pause before the next (for tests: the count shows the loop does not spin).
  std::size_t accept_failures() const { return accept_failures_; }
  // Blocks until stop() is called (from another thread or a signal handler).
  void wait();
  void stop();

 private:
  void accept();
  // Runs the network's handlers on this thread until stop(); an exception a handler lets out
  // ends only the connection it was for (its handler is gone), never the process.
  void run_network();

  ServerOptions options_;
  std::unique_ptr<Store> store_;
  DeckSourceRegistration deck_source_{store_->decks()};  // uploaded card-game decks (deck_routes.h)
  ComputerPool computers_;
  std::atomic<std::size_t> accept_failures_{0};
  std::unique_ptr<Lobby> lobby_;
  std::unique_ptr<MatchSweeper> match_sweeper_;  // stalled matches abandoned, old ones removed
  std::unique_ptr<ClockSweeper> clock_sweeper_;  // time-outs applied
  std::unique_ptr<Analyses> analyses_;           // finished matches' analyses (analysis.h)
  HttpRateLimiter http_limit_;
  HttpRateLimiter create_limit_;
  HttpRateLimiter deck_limit_;
  DeckSweeper deck_sweeper_{store_->decks(), options_.deck_expiry_s};
  ConnectionLimits connections_;
  std::unique_ptr<RouteContext> context_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer accept_pause_;  // after EMFILE/ENFILE: wait, then accept again
  unsigned short port_ = 0;
  std::atomic<bool> stopped_{false};  // the stop was logged
  std::vector<std::thread> threads_;
};

}  // namespace tabletop::server
