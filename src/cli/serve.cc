// `tabletop serve`: runs the web server until SIGINT or SIGTERM.
#include <signal.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/input.h"
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
  options.chat_max_bytes = std::size_t(limits.chat_max_bytes);
  options.chat_per_minute = limits.chat_per_minute;
  options.abandon_after_s = limits.abandon_after_hours * 3600;
  options.keep_s = limits.keep_days * 86400;
  options.clock_sweep_ms = limits.clock_sweep_ms;
  // Tests only: match clocks sped up (docs/server.md, Clocks); kept for the server's life.
  static std::unique_ptr<server::ScaledClock> test_clock;
  if (limits.test_clock_scale != 1 || limits.test_clock) {
    test_clock = std::make_unique<server::ScaledClock>(limits.test_clock_scale);
    options.clock = test_clock.get();
    if (limits.test_clock_scale != 1)
      server::logger().warn(
          "match clocks run {} times as fast (--test-clock-scale): for tests only",
          limits.test_clock_scale);
  }
  if (limits.test_clock) {
    options.test_clock = test_clock.get();
    server::logger().warn(
        "POST /api/test-clock moves match clocks forward (--test-clock): for tests only");
  }
  options.public_url = limits.public_url;
  if (!limits.public_url.empty())  // its host is one this server answers to
    options.allowed_hosts.push_back(limits.public_url.substr(limits.public_url.find("//") + 2));
  server::Server server(games::registry(), options);
  // This machine's own address first (a browser here opens it), then where others reach it.
  std::vector<std::string> urls = server.public_urls();
  const std::string local = "http://" +
                            std::string(bind == "0.0.0.0" || bind == "::" ? "127.0.0.1" : bind) +
                            ":" + std::to_string(server.port());
  if (std::find(urls.begin(), urls.end(), local) == urls.end()) urls.insert(urls.begin(), local);
  std::cout << "tabletop serve: open " << urls.front() << "/";
  for (std::size_t i = 1; i < urls.size(); ++i)
    std::cout << (i == 1 ? " (other machines: " : ", ") << urls[i] << "/"
              << (i + 1 == urls.size() ? ")" : "");
  std::cout << "  (database " << server::database_name(db) << ", " << server.lobby().unfinished()
            << " unfinished matches resumed" << (static_dir.empty() ? ", no client files" : "")
            << "; Ctrl-C stops)" << std::endl;
  int signal = 0;
  sigwait(&stop_signals, &signal);
  std::cout << "tabletop serve: stopping" << std::endl;
  server.stop();
  server::logger().flush();
  return 0;
}

namespace {

// What `serve`'s flags set (add_serve_command), read by run_serve_command.
struct ServeFlags {
  std::string bind = "127.0.0.1", db = "tabletop.db", static_dir = "web/dist", gazetteer_path;
  int port = 8080;
  bool sync_full = false;
  double messages_per_second = 20, http_rate = 50, http_burst = 200;
  ComputerFlags computers;
  ServeLimits limits;
  ServeLog log;
};

ServeFlags& serve_flags() {
  static ServeFlags flags;
  return flags;
}

// `serve`'s flags for its computer players (ComputerFlags).
void add_computer_flags(CLI::App* serve, ComputerFlags& computers) {
  serve
      ->add_option("--computer-threads", computers.threads,
                   "computer search threads at once (expert's search counts each of its "
                   "threads; 0: one per core, less one)")
      ->capture_default_str()
      ->check(CLI::Range(0, 256));
  serve
      ->add_option("--hurried-search-ms", computers.hurried_search_ms,
                   "a hard computer's search stops after this many ms while another match's "
                   "computer waits for a thread (0: never)")
      ->capture_default_str()
      ->check(finite_in(0.0, 1e6));
  serve
      ->add_option("--idle-unload-s", computers.idle_unload_s,
                   "seconds a match nobody watches stays in memory (0: for ever)")
      ->capture_default_str()
      ->check(finite_in(0.0, 1e9));
  serve
      ->add_option("--lease-s", computers.lease_s,
                   "with PostgreSQL: seconds after a process dies before another plays its "
                   "matches' computer seats")
      ->capture_default_str()
      ->check(finite_in(0.5, 3600.0));
  serve
      ->add_option("--hint-ms", computers.hint_ms,
                   "milliseconds of search a hint gets (hard's budget), on the computer threads "
                   "at low priority")
      ->capture_default_str()
      ->check(finite_in(1.0, 60000.0));
  serve
      ->add_option("--analysis-iterations", computers.analysis_iterations,
                   "search iterations per move of a finished match's analysis")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000000));
  serve
      ->add_option("--unwatched-pause-s", computers.unwatched_pause_s,
                   "seconds a computer-only match nobody watches plays on before it pauses until "
                   "someone watches (0: never pauses)")
      ->capture_default_str()
      ->check(finite_in(0.0, 1e9));
  serve
      ->add_option("--computer-matches-per-address", computers.computer_matches_per_address,
                   "computer-only matches of one client address playing at once (over: 429; "
                   "0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  serve
      ->add_option("--low-jobs-per-address", computers.low_jobs_per_address,
                   "hints waiting, and analyses under way, per client address at once (over: "
                   "refused; 0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
}

// `serve`'s limits (ServeLimits, docs/server.md "Limits").
void add_limit_flags(CLI::App* serve, ServeLimits& limits) {
  serve
      ->add_option("--trusted-proxy", limits.trusted_proxies,
                   "a balancer's IP address whose X-Real-IP header names the client for the "
                   "per-address limits (repeatable or comma-separated; from any other peer the "
                   "header is ignored)")
      ->delimiter(',')
      ->check(ip_address());
  serve
      ->add_option("--allowed-host", limits.allowed_hosts,
                   "a name this server answers to besides its IP addresses and localhost "
                   "(NAME: any port, NAME:PORT, * for any; repeatable or comma-separated); a "
                   "request for any other Host is refused (421), as DNS rebinding would send")
      ->delimiter(',')
      ->check(host_name());
  serve
      ->add_option("--allowed-origin", limits.allowed_origins,
                   "another site's origin (scheme://host[:port]) whose pages may send this "
                   "server requests that change something and open WebSockets (repeatable or "
                   "comma-separated; by default only its own pages may: others get 403)")
      ->delimiter(',')
      ->check(web_origin());
  serve
      ->add_option("--public-url", limits.public_url,
                   "the address people on other machines open (scheme://host[:port], e.g. behind "
                   "a proxy): join links name it and the server answers to its host; by default "
                   "the addresses the server listens on")
      ->check(cli::web_origin());
  serve
      ->add_option("--hello-grace", limits.hello_grace_s,
                   "seconds a WebSocket may stay open without a hello naming a match")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  serve
      ->add_option("--max-connections", limits.max_connections,
                   "open connections in all (over: 503; 0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  serve
      ->add_option("--max-connections-per-address", limits.max_connections_per_address,
                   "open connections from one address (over: 429; 0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  serve
      ->add_option("--match-rate", limits.matches_per_minute,
                   "new matches a minute per client address, in bursts as large (0: off)")
      ->capture_default_str()
      ->check(finite_in(0.0, 1e6));
  serve
      ->add_option("--http-idle", limits.http_idle_s,
                   "seconds an HTTP connection may wait for its next request")
      ->capture_default_str()
      ->check(CLI::Range(1, 86400));
  serve
      ->add_option("--ws-idle", limits.ws_idle_s,
                   "seconds without a message or pong before a WebSocket is closed")
      ->capture_default_str()
      ->check(CLI::Range(2, 86400));
  serve
      ->add_option("--deck-max-bytes", limits.deck_max_bytes,
                   "the largest card-game deck upload, in bytes (over: 413)")
      ->capture_default_str()
      ->check(CLI::Range(1024, 16 << 20));
  serve
      ->add_option("--deck-rate", limits.decks_per_hour,
                   "new card-game decks an hour per client address, in bursts as large (0: off)")
      ->capture_default_str()
      ->check(finite_in(0.0, 1e6));
  serve
      ->add_option("--deck-expiry-days", limits.deck_expiry_days,
                   "days an uploaded deck nobody touched and no running match plays is kept "
                   "(0: for ever)")
      ->capture_default_str()
      ->check(finite_in(0.0, 36500.0));
  serve
      ->add_option("--abandon-after-hours", limits.abandon_after_hours,
                   "hours an open or running match may go without a move before it is "
                   "abandoned (0: never)")
      ->capture_default_str()
      ->check(finite_in(0.0, 876000.0));
  serve
      ->add_option("--keep-days", limits.keep_days,
                   "days a finished or abandoned match is kept after its last change (0: for "
                   "ever)")
      ->capture_default_str()
      ->check(finite_in(0.0, 36500.0));
  serve
      ->add_option("--clock-sweep-ms", limits.clock_sweep_ms,
                   "milliseconds between checks of match clocks for a time run out (0: only a "
                   "request to the match checks its clock)")
      ->capture_default_str()
      ->check(CLI::Range(0, 60000));
  serve
      ->add_option("--test-clock-scale", limits.test_clock_scale,
                   "for tests only: match clocks run this many times as fast as the wall clock")
      ->capture_default_str()
      ->check(finite_in(1.0, 100000.0));
  serve->add_flag(
      "--test-clock", limits.test_clock,
      "for tests only: POST /api/test-clock {\"advance_ms\": N} from this machine moves "
      "match clocks N ms forward");
  serve
      ->add_option("--chat-max-bytes", limits.chat_max_bytes,
                   "the longest line of table talk, in bytes (over: an error message)")
      ->capture_default_str()
      ->check(CLI::Range(1, 4096));
  serve
      ->add_option("--chat-per-minute", limits.chat_per_minute,
                   "lines of table talk a minute per seat, in bursts as large (over: an error "
                   "message; 0: no limit)")
      ->capture_default_str()
      ->check(finite_in(0.0, 6000.0));
  serve
      ->add_option("--ws-queue-bytes", limits.ws_queue_bytes,
                   "bytes that may wait for one WebSocket besides its newest state (over: an "
                   "error and the connection is closed)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(4096), int64_t(1) << 32));
}

}  // namespace

CLI::App* add_serve_command(CLI::App& app) {
  ServeFlags& f = serve_flags();
  auto* serve = app.add_subcommand("serve", "the web server: lobby, matches, computer players");
  serve->add_option("--port", f.port, "TCP port (0: any free one)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  serve->add_option("--bind", f.bind, "address to listen on (0.0.0.0: every network)")
      ->capture_default_str()
      ->check(ip_address());
  serve
      ->add_option("--db", f.db,
                   "SQLite database file, or a postgresql://user@host:port/database URL that "
                   "several serve processes share")
      ->capture_default_str();
  serve->add_option("--static", f.static_dir, "the built web client (empty: none)")
      ->capture_default_str();
  serve->add_option("--gazetteer", f.gazetteer_path,
                    "the gazetteer placing Conspiracy TCG city venues and city-only cards, read "
                    "once at start (default: $TABLETOP_GAZETTEER, else the installed copy, else "
                    "data/gazetteer/gazetteer.tsv of the build)");
  serve->add_flag("--sync-full", f.sync_full,
                  "fsync the database at every move (survives power loss)");

  serve->add_option("--rate", f.messages_per_second, "WebSocket messages a second per connection")
      ->capture_default_str()
      ->check(finite_in(1.0, 1e9));
  serve
      ->add_option("--http-rate", f.http_rate, "HTTP requests a second per client address (0: off)")
      ->capture_default_str()
      ->check(finite_in(0.0, 1e9));
  serve->add_option("--http-burst", f.http_burst, "HTTP requests in a burst per client address")
      ->capture_default_str()
      ->check(finite_in(1.0, 1e9));
  add_computer_flags(serve, f.computers);
  add_limit_flags(serve, f.limits);
  serve
      ->add_option("--log-level", f.log.level,
                   "the least severe events logged to standard error: trace, debug, info, warn, "
                   "error or off")
      ->capture_default_str()
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}));
  serve
      ->add_option("--log-format", f.log.format,
                   "text (one line an event) or json (one JSON object a line, for log collectors)")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json"}));
  return serve;
}

int run_serve_command() {
  const ServeFlags& f = serve_flags();
  if (!f.gazetteer_path.empty()) use_gazetteer(f.gazetteer_path);
  return serve(f.bind, f.port, f.db, f.static_dir, f.sync_full, f.messages_per_second, f.http_rate,
               f.http_burst, f.limits, f.computers, f.log);
}

}  // namespace tabletop::cli
