// `tabletop serve`: runs the web server until SIGINT or SIGTERM.
#include <signal.h>

#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "games/games.h"
#include "server/log.h"
#include "server/server.h"

namespace tabletop::cli {

int serve(const std::string& bind, int port, const std::string& db, const std::string& static_dir,
          bool sync_full, double messages_per_second, double http_per_second, double http_burst,
          const ServeLimits& limits, const ComputerFlags& computers, const ServeLog& log) {
  server::configure_log(server::log_level_from(log.level), server::log_format_from(log.format));
  if (!static_dir.empty()) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(std::filesystem::path(static_dir) / "index.html", ec)) {
      std::cerr << "error: --static " << quote(static_dir)
                << " has no index.html: build the client first (make web) or pass --static '' to "
                   "serve the API only\n";
      return 2;
    }
  }
  // The server's threads inherit a mask that blocks the stop signals; this thread waits for them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  server::ServerOptions options;
  options.bind = bind;
  options.port = static_cast<unsigned short>(port);
  options.db = db;
  options.static_dir = static_dir;
  options.sync_full = sync_full;
  options.messages_per_second = messages_per_second;
  options.http_requests_per_second = http_per_second;
  options.http_burst = http_burst;
  options.computer_threads = computers.threads;
  options.hurried_search_ms = computers.hurried_search_ms;
  options.idle_unload_s = computers.idle_unload_s;
  options.lease_s = computers.lease_s;
  options.hint_ms = computers.hint_ms;
  options.analysis_iterations = computers.analysis_iterations;
  options.unwatched_pause_s = computers.unwatched_pause_s;
  options.computer_matches_per_address = computers.computer_matches_per_address;
  options.low_jobs_per_address = computers.low_jobs_per_address;
  options.max_connections = limits.max_connections;
  options.max_connections_per_address = limits.max_connections_per_address;
  options.matches_per_minute = limits.matches_per_minute;
  options.http_idle_s = limits.http_idle_s;
  options.ws_idle_s = limits.ws_idle_s;
  options.deck_max_bytes = std::size_t(limits.deck_max_bytes);
  options.decks_per_hour = limits.decks_per_hour;
  options.deck_expiry_s = limits.deck_expiry_days * 86400;
  options.ws_queue_bytes = std::size_t(limits.ws_queue_bytes);
  options.trusted_proxies = limits.trusted_proxies;
  options.allowed_hosts = limits.allowed_hosts;
  options.allowed_origins = limits.allowed_origins;
  options.hello_grace_s = limits.hello_grace_s;
  server::Server server(games::registry(), options);
  const std::string host = bind == "0.0.0.0" ? "<this machine's address>" : bind;
  std::cout << "tabletop serve: open http://" << host << ":" << server.port() << "/"
            << "  (database " << server::database_name(db) << ", " << server.lobby().unfinished()
            << " unfinished matches resumed" << (static_dir.empty() ? ", no client files" : "")
            << "; Ctrl-C stops)" << std::endl;
  int signal = 0;
  sigwait(&stop_signals, &signal);
  std::cout << "tabletop serve: stopping" << std::endl;
  server.stop();
  server::logger().flush();
  return 0;
}

}  // namespace tabletop::cli
