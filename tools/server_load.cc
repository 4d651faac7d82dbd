// `make load`: a load generator for `tabletop serve` on loopback (not part of `make test`).
//
// Starts a real server process, creates N matches (default 500) of two human seats, and plays
// random legal moves in all of them at once over WebSocket (two connections per match, one per
// seat, all on one client thread) for a bounded time. Then it kills the server with SIGKILL while
// the moves still stream in, restarts it, reconnects every match and checks that no acknowledged
// move was lost and none was duplicated (seq = moves in the log; the log before the kill is a
// prefix of the log after it). Prints moves per second, p50/p99 from a move sent to the
// opponent's connection receiving the broadcast, and the server's memory per match.
//
// With a think time (--think-ms, in ms; default 0) each seat waits a random time from 0 to
// twice that before each move, as people do: the latency figure is then that of a server under
// that steady load. Without one, every seat moves the instant it may (a closed loop): the moves a
// second are the server's capacity on this machine, and each move's latency is mostly its wait in
// the queue behind the other matches' moves (Little's law: about matches / moves a second).
//
// usage: server_load <path to tabletop> [--matches 500] [--seconds 20] [--game relativity]
//                    [--think-ms 0]
//
// `server_load <tabletop> cluster [the same options]` (`make load-cluster`) runs
// the same load three times and prints the figures side by side: against one process on SQLite as
// above, the same with --sync-full (each commit flushed to the disk before its acknowledgement, as
// PostgreSQL does by default: the like-for-like durability), then through nginx to two processes
// on one PostgreSQL (scripts/cluster-demo: a throwaway PostgreSQL, two `tabletop serve`, nginx
// with deploy/cluster/nginx.conf less its per-address limits, since every client here is on
// 127.0.0.1). Part-way (at 40% of the time) one of the two processes is killed with SIGKILL while
// the moves stream in; the clients it held see their connection drop, reconnect through the
// balancer (to the survivor), send `hello` again and carry on, as the web client does. At the end
// every match is read back through the balancer: an acknowledged move missing from the final
// record is a lost move (there must be none). The latency is from a move sent to the opponent's
// connection receiving its broadcast, which in the cluster may be the other process (its
// PostgreSQL notification); a move whose broadcast was cut by the kill is not sampled. Needs
// PostgreSQL and nginx (scripts/install-deps).
//
// `server_load <tabletop> soak [--seconds 600]` (`make soak-server`) is the soak instead: a real
// server with its default limits (except the HTTP rate per address: every client here is on
// 127.0.0.1) and rooms leaving memory after 5 s idle, for `seconds`, with at once
//   - honest players: 60 Relativity matches of two people thinking 0-2 s a move and 12 of a person
//     against a computer (easy, medium, hard), each replaced by a new match when it ends;
//   - hostile clients: spectators that never read what they are sent (ten at a time, watching a
//     computer-only Culture Wars match of 40 rounds that plays as fast as it can, each sending
//     `hello` at the allowed rate, 20 a second), a replay flood (two clients asking for a finished
//     Culture Wars match's replay again and again), junk requests (bad JSON, a body over the
//     limit, unknown routes and matches, random bytes) and bursts of 200 idle connections.
// Every 10 s it prints the server's memory (VmRSS from /proc/PID/status); at the end the p99
// from a move sent to its broadcast received, whether the server crashed (it must not), the
// acknowledged moves lost after a SIGKILL and a restart (there must be none), and the memory once
// every client has gone and the idle rooms have left (it must come down). Exit 0 when all held.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <thread>

#include "testing/client.h"
#include "testing/cluster_launch.h"

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;
using namespace tabletop::server;

namespace {

long rss_kib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

struct MatchLoad;
using WsStream = beast::websocket::stream<beast::tcp_stream>;

// One seat's connection.
struct Seat : std::enable_shared_from_this<Seat> {
  Seat(net::io_context& io, MatchLoad& m, int s)
      : ws(std::make_unique<WsStream>(io)), match(m), seat(s) {}
  std::unique_ptr<WsStream> ws;
  beast::flat_buffer buffer;
  std::deque<std::string> out;
  MatchLoad& match;
  int seat;
  unsigned short port = 0;
  std::string token;
  // Bumped at each reconnection: the callbacks of an older connection then do nothing.
  int generation = 0;
  // The next state answers the `hello` of a reconnection.
  bool resync = false;
  // The connection dropped and no state has come on a new one yet.
  bool away = false;
  // Where a reconnection is: 1 connecting, 2 upgrading to a WebSocket, 3 waiting for the state.
  int phase = 0;
  void start(unsigned short port, const std::string& token, const std::string& id);
  // A new connection (asynchronously, retried every 100 ms), then `hello` again.
  void reconnect();
  void read();
  void send(std::string text);
  void write();
  void on_message(const json& m);
};

struct MatchLoad {
  std::string id;
  std::vector<std::string> tokens;
  std::shared_ptr<Seat> seats[2];
  long long acked = 0;      // highest seq acknowledged
  long long sent_seq = -1;  // the seq a move in flight will produce
  int sent_seat = -1;       // the seat that sent it
  // The latency sample under way: the opponent of `measure_seat` receiving `measure_seq`.
  long long measure_seq = -1;
  int measure_seat = -1;
  Clock::time_point sent_at;
  json last_log;  // seat 0's log in the last state seen, from its line last_log_base
  std::size_t last_log_base = 0;
  long long last_log_seq = -1;
  bool finished = false;
};

std::mt19937_64 rng(42);
int think_ms = 0;
net::io_context* loop = nullptr;
std::vector<double> latencies_ms;
long long moves_acked = 0;
bool stopping = false;
// Cluster mode: a connection that drops reconnects (through the balancer).
bool reconnect_on_close = false;
long log_gaps = 0;       // states whose log_from was past the lines seat 0 held (then: hello again)
long reconnections = 0;  // connections that dropped and came back
int seats_away = 0;      // seats whose connection is down now
Clock::time_point all_back;  // when the last of them came back

void Seat::start(unsigned short server_port, const std::string& seat_token, const std::string& id) {
  port = server_port;
  token = seat_token;
  beast::get_lowest_layer(*ws).socket().connect(
      tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  beast::get_lowest_layer(*ws).socket().set_option(tcp::no_delay(true));
  ws->read_message_max(64 * 1024 * 1024);
  ws->handshake("127.0.0.1", "/ws");
  send(json{{"type", "hello"}, {"match", id}, {"tokens", {token}}}.dump());
  read();
}

void Seat::reconnect() {
  if (stopping) return;
  const int gen = ++generation;
  out.clear();
  buffer.consume(buffer.size());
  ws = std::make_unique<WsStream>(*loop);
  phase = 1;
  auto retry = [self = shared_from_this(), gen] {
    auto timer = std::make_shared<net::steady_timer>(*loop, std::chrono::milliseconds(100));
    timer->async_wait([self, gen, timer](beast::error_code) {
      if (gen == self->generation) self->reconnect();
    });
  };
  beast::get_lowest_layer(*ws).async_connect(
      tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
      [self = shared_from_this(), gen, retry](beast::error_code ec) {
        if (gen != self->generation) return;
        if (ec) return retry();
        beast::get_lowest_layer(*self->ws).socket().set_option(tcp::no_delay(true));
        self->ws->read_message_max(64 * 1024 * 1024);
        self->phase = 2;
        self->ws->async_handshake(
            "127.0.0.1", "/ws", [self, gen, retry](beast::error_code handshake_ec) {
              if (gen != self->generation) return;
              if (handshake_ec) return retry();
              self->resync = true;
              self->phase = 3;
              self->send(
                  json{{"type", "hello"}, {"match", self->match.id}, {"tokens", {self->token}}}
                      .dump());
              self->read();
            });
      });
}

void Seat::read() {
  ws->async_read(
      buffer, [self = shared_from_this(), gen = generation](beast::error_code ec, std::size_t) {
        if (gen != self->generation) return;
        if (ec) {
          if (reconnect_on_close && !stopping && !self->match.finished) {
            if (!self->away) ++seats_away;  // once, however many tries it takes
            self->away = true;
            self->reconnect();
          }
          return;
        }
        json m = json::parse(beast::buffers_to_string(self->buffer.data()), nullptr, false);
        self->buffer.consume(self->buffer.size());
        self->on_message(m);
        self->read();
      });
}

void Seat::send(std::string text) {
  out.push_back(std::move(text));
  if (out.size() == 1) write();
}

void Seat::write() {
  ws->text(true);
  ws->async_write(net::buffer(out.front()),
                  [self = shared_from_this(), gen = generation](beast::error_code ec, std::size_t) {
                    if (ec || gen != self->generation) return;
                    self->out.pop_front();
                    if (!self->out.empty()) self->write();
                  });
}

void Seat::on_message(const json& m) {
  const std::string type = m.value("type", "");
  if (type == "ack") {
    match.acked = std::max(match.acked, m["seq"].get<long long>());
    ++moves_acked;
    return;
  }
  if (type != "state") return;
  const long long seq = m["seq"];
  if (resync) {
    // Back after a reconnection: a move this seat had in flight was stored or lost with the
    // server (the state says which); a latency sample under way is cut, not counted.
    resync = false;
    if (away) {
      away = false;
      phase = 0;
      ++reconnections;
      if (--seats_away == 0) all_back = Clock::now();
    }
    if (match.sent_seat == seat && seq < match.sent_seq) match.sent_seq = -1;
    match.measure_seq = -1;
  }
  if (match.measure_seq >= 0 && seat != match.measure_seat && seq >= match.measure_seq) {
    // The opponent's connection received the broadcast of the move.
    latencies_ms.push_back(
        std::chrono::duration<double, std::milli>(Clock::now() - match.sent_at).count());
    match.measure_seq = -1;
  }
  if (seq >= match.sent_seq) match.sent_seq = -1;  // the move in flight is played
  if (seat == 0) {
    // Each state carries only the lines added since the last one, from `log_from` on.
    const json& view = m["views"][0];
    const std::size_t from = view.value("log_from", std::size_t(0));
    if (!match.last_log.is_array()) match.last_log = json::array();
    if (view.value("log_reset", false)) {  // the log starts afresh at `from` (its last lines)
      match.last_log = json::array();
      match.last_log_base = from;
    }
    if (from < match.last_log_base || from - match.last_log_base > match.last_log.size()) {
      // A state was missed (the protocol's rule): ask for a whole one again.
      ++log_gaps;
      send(json{{"type", "hello"}, {"match", match.id}, {"tokens", {token}}}.dump());
      return;
    }
    match.last_log.erase(match.last_log.begin() + std::ptrdiff_t(from - match.last_log_base),
                         match.last_log.end());
    for (const json& line : view["log"]) match.last_log.push_back(line);
    match.last_log_seq = seq;
  }
  if (!m["result"].is_null()) {
    match.finished = true;
    return;
  }
  const json& legal = m["views"][0]["legal"];
  if (stopping || legal.empty() || match.sent_seq >= 0) return;
  const std::string move = legal[rng() % legal.size()]["move"];
  match.sent_seq = seq + 1;
  match.sent_seat = seat;
  std::string text = json{{"type", "move"}, {"seat", seat}, {"seq", seq}, {"move", move}}.dump();
  auto send_now = [self = shared_from_this(), seq](std::string message) {
    self->match.sent_at = Clock::now();
    self->match.measure_seq = seq + 1;
    self->match.measure_seat = self->seat;
    self->send(std::move(message));
  };
  if (think_ms == 0) return send_now(std::move(text));
  // Think first; the latency counts from the moment the move is sent.
  auto timer = std::make_shared<net::steady_timer>(
      *loop, std::chrono::milliseconds(rng() % std::uint64_t(2 * think_ms + 1)));
  timer->async_wait([self = shared_from_this(), timer, send_now, gen = generation,
                     text = std::move(text)](beast::error_code ec) mutable {
    if (ec || stopping || gen != self->generation) return;
    send_now(std::move(text));
  });
}

// A port for the server, below Linux's default range for outgoing connections' own ports
// (32768-60999): the load's 1,000 client connections hold ports there, and a server port picked
// among them was refused ("Address already in use").
unsigned short server_port() {
  return static_cast<unsigned short>(10000 + std::random_device{}() % 22000);
}

// The flags of a server under load: no limit on messages, requests, new matches or connections
// (every client is on 127.0.0.1, and there are 1,000 connections).
const std::vector<std::string> kUnlimited = {"--rate",
                                             "100000",
                                             "--http-rate",
                                             "0",
                                             "--match-rate",
                                             "0",
                                             "--max-connections",
                                             "0",
                                             "--max-connections-per-address",
                                             "0"};

// Starts `tabletop serve` on `port` with `db` and `flags`, and waits until it answers.
pid_t launch(const std::string& bin, unsigned short port, const std::string& db,
             std::vector<std::string> flags = kUnlimited) {
  const pid_t pid = fork();
  if (pid == 0) {
    std::vector<std::string> args = {"tabletop", "serve", "--port",   std::to_string(port),
                                     "--db",     db,      "--static", ""};
    args.insert(args.end(), flags.begin(), flags.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(bin.c_str(), argv.data());
    _exit(127);
  }
  for (int i = 0; i < 200; ++i) {
    try {
      if (http_request(port, "GET", "/api/games").status == 200) return pid;
    } catch (const std::exception&) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::cerr << "server did not start\n";
  exit(1);
}

// User + system CPU seconds of process `pid` so far.
// User + system CPU seconds of process `pid` so far (with `children`: also those of its children
// that have exited and been waited for). 0 when it is gone.
double cpu_seconds(pid_t pid, bool children = false) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.rfind(')') == std::string::npos) return 0;
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string skip;
  for (int i = 0; i < 11; ++i) fields >> skip;  // fields 3..13
  double utime = 0, stime = 0, cutime = 0, cstime = 0;
  fields >> utime >> stime >> cutime >> cstime;
  return (utime + stime + (children ? cutime + cstime : 0)) / double(sysconf(_SC_CLK_TCK));
}

// CPU seconds of PostgreSQL so far: the postmaster, its live children (a backend per connection,
// the WAL writer, ...) and the children that have exited.
double postgres_cpu_seconds(pid_t postmaster) {
  double total = cpu_seconds(postmaster, true);
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream fields(text.substr(close + 2));
    std::string state;
    long ppid = 0;
    fields >> state >> ppid;
    if (ppid == postmaster) total += cpu_seconds(pid_t(std::stol(name)));
  }
  return total;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
}

// The soak's clients (see the top of this file): honest matches, junk requests, idle connections.
struct Soak {
  unsigned short port = 0;
  std::deque<MatchLoad> matches;  // stable addresses: Seats keep references
  int crashed = 0;
  std::atomic<bool> done{false};
  std::atomic<long> junk_sent{0}, junk_refused{0}, connections_opened{0};
  // Requests another site's page would make a browser send: those answered 403/415/421, and
  // those served (there must be none).
  std::atomic<long> other_site_sent{0}, other_site_refused{0}, other_site_served{0},
      hello_less_opened{0};
  std::atomic<long> replays_asked{0}, replays_served{0}, hellos_sent{0};

  MatchLoad& add(net::io_context& io, const json& seats) {
    const json created = http_request(port, "POST", "/api/matches",
                                      json{{"game", "relativity"}, {"seats", seats}}.dump())
                             .parsed();
    MatchLoad& m = matches.emplace_back();
    m.id = created["id"];
    for (const json& seat : created["seats"])
      if (seat.contains("token")) m.tokens.push_back(seat["token"]);
    for (std::size_t s = 0; s < m.tokens.size(); ++s) {
      m.seats[s] = std::make_shared<Seat>(io, m, int(s));
      m.seats[s]->start(port, m.tokens[s], m.id);
    }
    return m;
  }

  // Junk: each kind in turn, answered (or the connection dropped) without harm to anyone else.
  void junk() {
    std::mt19937 junk_rng(7);
    const std::vector<std::pair<std::string, std::string>> requests = {
        {"/api/matches", "{\"game\":\"relativity\",\"seats\":[{\"kind\":5}]}"},
        {"/api/matches", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["},
        {"/api/matches", std::string(70000, 'x')},
        {"/api/matches/0123456789abcdef/join", "{\"seat\":4294967297}"},
        {"/api/matches", "{\"game\":\"\xff\",\"seats\":[]}"},  // invalid UTF-8 in an error
        {"/api/nothing-here", ""}};
    while (!done) {
      const auto& [target, body] = requests[junk_rng() % requests.size()];
      try {
        const HttpReply r = http_request(port, body.empty() ? "GET" : "POST", target, body);
        ++junk_sent;
        if (r.status >= 400 && r.status < 500) ++junk_refused;
      } catch (const std::exception&) {
        ++junk_sent;  // the server may close on a request it cannot parse
      }
      other_site(junk_rng);
      try {  // raw bytes that are not HTTP
        net::io_context io;
        tcp::socket socket(io);
        socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        std::string bytes(256, '\0');
        for (char& c : bytes) c = char(junk_rng());
        net::write(socket, net::buffer(bytes));
        ++junk_sent;
      } catch (const std::exception&) {
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  // One request of another site's page (cross-origin, a form's content type, a cross-site
  // WebSocket) or of DNS rebinding (a foreign Host), raw; it must be refused (cross_site.h).
  void other_site(std::mt19937& pick) {
    const std::string upgrade =
        "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
    const std::string post = "POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    const std::string match =
        R"({"game":"relativity","seats":[{"kind":"human"},{"kind":"human"}]})";
    const std::string body =
        "Content-Length: " + std::to_string(match.size()) + "\r\nConnection: close\r\n\r\n" + match;
    const std::vector<std::string> requests = {
        post + "Origin: http://evil.example\r\nContent-Type: application/json\r\n" + body,
        post + "Sec-Fetch-Site: cross-site\r\nContent-Type: application/json\r\n" + body,
        post + "Content-Type: text/plain\r\n" + body,
        "GET /api/games HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n" + upgrade,
        "GET /ws HTTP/1.1\r\nHost: evil.example\r\n" + upgrade};
    try {
      net::io_context io;
      tcp::socket socket(io);
      socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
      net::write(socket, net::buffer(requests[pick() % requests.size()]));
      ++other_site_sent;
      beast::flat_buffer buffer;
      http::response<http::string_body> response;
      http::read(socket, buffer, response);
      const int status = response.result_int();
      if (status == 403 || status == 415 || status == 421) ++other_site_refused;
      if (status < 400) ++other_site_served;
    } catch (const std::exception&) {
    }
  }

  // A replay flood: the newest finished Culture Wars match's replay, asked for again and again
  // (built once on the server, then served from its copy a page at a time).
  void replay_flood() {
    while (!done) {
      try {
        const json finished = http_request(port, "GET", "/api/matches?status=finished").parsed();
        for (const json& m : finished)
          if (m.is_object() && m.value("game", "") == "culture-wars") {
            const HttpReply r =
                http_request(port, "GET", "/api/matches/" + m.value("id", "") + "/replay");
            ++replays_asked;
            if (r.status == 200) ++replays_served;
            break;
          }
      } catch (const std::exception&) {
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }

  // Bursts of 200 connections that say nothing and 20 WebSockets that never say hello (closed
  // by the server after --hello-grace), held for 10 s.
  void idle_connections() {
    while (!done) {
      net::io_context io;
      std::vector<std::unique_ptr<WsClient>> hello_less;
      for (int i = 0; i < 20; ++i) {
        try {
          hello_less.push_back(std::make_unique<WsClient>(port));
          ++hello_less_opened;
        } catch (const std::exception&) {
          break;
        }
      }
      std::vector<tcp::socket> held;
      for (int i = 0; i < 200; ++i) {
        try {
          tcp::socket socket(io);
          socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
          held.push_back(std::move(socket));
          ++connections_opened;
        } catch (const std::exception&) {
          break;
        }
      }
      for (int i = 0; i < 100 && !done; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
};

// SIGKILLs the server `pid`, restarts it on the same database and counts the matches whose
// acknowledged moves are not all there; stops the restarted server.
int moves_lost_after_restart(const std::string& bin, unsigned short port, const std::string& db,
                             pid_t pid, const std::deque<MatchLoad>& matches) {
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  const pid_t again = launch(bin, port, db);
  int lost = 0;
  for (const MatchLoad& m : matches) {
    const json summary = http_request(port, "GET", "/api/matches/" + m.id).parsed();
    if (!summary.is_object() || summary.value("seq", -1LL) < m.acked) ++lost;
  }
  kill(again, SIGTERM);
  waitpid(again, nullptr, 0);
  return lost;
}

// The soak's closing figures: moves and latencies, the hostile clients' counts, memory, crashes
// and moves lost.
void print_soak_report(const Soak& soak, long rss_start, long rss_peak, long rss_after, int lost) {
  std::printf(
      "soak: %lld moves acknowledged in %d matches; move sent -> broadcast received p50 "
      "%.2f ms, p99 %.2f ms (%zu samples)\n",
      moves_acked, int(soak.matches.size()), percentile(latencies_ms, 0.5),
      percentile(latencies_ms, 0.99), latencies_ms.size());
  std::printf(
      "soak: %ld junk requests (%ld answered 4xx), %ld idle connections opened, 10 slow "
      "spectators at a time\n",
      soak.junk_sent.load(), soak.junk_refused.load(), soak.connections_opened.load());
  std::printf("soak: %ld hellos from the slow spectators, %ld replay requests (%ld answered 200)\n",
              soak.hellos_sent.load(), soak.replays_asked.load(), soak.replays_served.load());
  std::printf(
      "soak: %ld other sites' requests (%ld refused 403/415/421, %ld served), %ld WebSockets that "
      "never said hello\n",
      soak.other_site_sent.load(), soak.other_site_refused.load(), soak.other_site_served.load(),
      soak.hello_less_opened.load());
  std::printf(
      "soak: server RSS %ld KiB at the start, %ld KiB at the peak, %ld KiB once every client "
      "had left and the computer-only matches had ended, 15 s later\n",
      rss_start, rss_peak, rss_after);
  std::printf("soak: crashes %d, acknowledged moves lost after SIGKILL + restart %d\n",
              soak.crashed, lost);
}

int soak(const std::string& bin, int seconds) {
  const std::string db = (std::filesystem::temp_directory_path() /
                          ("tabletop_soak_" + std::to_string(getpid()) + ".db"))
                             .string();
  const unsigned short port = server_port();
  const pid_t pid = launch(bin, port, db,
                           {"--http-rate", "0", "--idle-unload-s", "5", "--match-rate", "0",
                            "--max-connections-per-address", "0"});
  Soak soak;
  soak.port = port;
  const long rss_start = rss_kib(pid);
  std::printf("soak: %d s against tabletop serve (pid %d), RSS %ld KiB at the start\n", seconds,
              int(pid), rss_start);
  net::io_context io;
  loop = &io;
  think_ms = 1000;
  const json people = {{{"kind", "human"}}, {{"kind", "human"}}};
  for (int i = 0; i < 60; ++i) soak.add(io, people);
  const char* strengths[] = {"easy", "medium", "hard"};
  for (int i = 0; i < 12; ++i)
    soak.add(io, {{{"kind", "human"}}, {{"kind", "computer"}, {"strength", strengths[i % 3]}}});
  std::thread junk([&] { soak.junk(); });
  std::thread idle([&] { soak.idle_connections(); });
  std::thread replays_a([&] { soak.replay_flood(); });
  std::thread replays_b([&] { soak.replay_flood(); });
  std::vector<std::unique_ptr<WsClient>> slow;  // spectators that never read
  std::string slow_match;
  const auto start = Clock::now();
  long rss_peak = rss_start;
  int replaced = 0;
  for (int tick = 1; Clock::now() - start < std::chrono::seconds(seconds); ++tick) {
    io.run_for(std::chrono::seconds(1));
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      ++soak.crashed;
      std::printf("soak: the server died (status %d)\n", status);
      break;
    }
    // Finished matches are replaced (their rooms leave memory once idle).
    const std::size_t n = soak.matches.size();
    for (std::size_t i = 0; i < n; ++i) {
      MatchLoad& m = soak.matches[i];
      if (!m.finished || m.tokens.empty()) continue;
      const bool two = m.tokens.size() == 2;
      for (auto& seat : m.seats)
        if (seat) {
          beast::error_code ignored;
          beast::get_lowest_layer(*seat->ws).socket().close(ignored);
        }
      m.tokens.clear();
      soak.add(io, two ? people
                       : json{{{"kind", "human"}},
                              {{"kind", "computer"}, {"strength", strengths[replaced % 3]}}});
      ++replaced;
    }
    // Ten slow spectators at a time, watching a Culture Wars match of four easy computers (40
    // rounds, some 3,500 moves as fast as the server plays them, each a state to every viewer); a
    // new match and a new set every 30 s.
    if (tick % 30 == 1) {
      slow.clear();
      const json easy = {{"kind", "computer"}, {"strength", "easy"}};
      const json created = http_request(port, "POST", "/api/matches",
                                        json{{"game", "culture-wars"},
                                             {"params", {{"max_rounds", 40}}},
                                             {"seats", {easy, easy, easy, easy}}}
                                            .dump())
                               .parsed();
      slow_match = created.value("id", "");
      for (int i = 0; i < 10 && created.contains("id"); ++i) {
        slow.push_back(std::make_unique<WsClient>(port));
        slow.back()->send({{"type", "hello"}, {"match", created["id"]}});
      }
    }
    // Each slow spectator says hello again at the allowed rate (answered at most once a second).
    for (auto& client : slow)
      for (int i = 0; i < 20 && !slow_match.empty(); ++i) {
        try {
          client->send({{"type", "hello"}, {"match", slow_match}});
          ++soak.hellos_sent;
        } catch (const std::exception&) {
          break;  // the server closed it (its queue was over the limit)
        }
      }
    const long rss = rss_kib(pid);
    rss_peak = std::max(rss_peak, rss);
    if (tick % 10 == 0)
      std::printf(
          "soak: t=%4d s RSS %6ld KiB, %lld moves acknowledged, %zu latencies, %d matches "
          "replaced, %ld junk requests, %ld idle connections\n",
          tick, rss, moves_acked, latencies_ms.size(), replaced, soak.junk_sent.load(),
          soak.connections_opened.load());
    std::fflush(stdout);
  }
  // Everyone leaves.
  stopping = true;
  soak.done = true;
  junk.join();
  idle.join();
  replays_a.join();
  replays_b.join();
  slow.clear();
  io.run_for(std::chrono::milliseconds(500));
  for (MatchLoad& m : soak.matches)
    for (auto& seat : m.seats)
      if (seat) {
        beast::error_code ignored;
        beast::get_lowest_layer(*seat->ws).socket().close(ignored);
      }
  io.run_for(std::chrono::milliseconds(200));
  io.stop();
  long rss_after = 0;
  if (!soak.crashed) {
    // The computer-only matches play on to their end (at most two minutes); then idle rooms leave
    // 5 s after their last viewer, and a few sweeps later memory should be back.
    for (int i = 0; i < 120; ++i) {
      const std::string running = http_request(port, "GET", "/api/matches?status=running").body;
      if (running.find("culture-wars") == std::string::npos) break;
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    std::this_thread::sleep_for(std::chrono::seconds(15));
    rss_after = rss_kib(pid);
  }
  const int lost = moves_lost_after_restart(bin, port, db, pid, soak.matches);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
  print_soak_report(soak, rss_start, rss_peak, rss_after, lost);
  return soak.crashed == 0 && lost == 0 && soak.other_site_served == 0 ? 0 : 1;
}

// What one load run measured.
struct Figures {
  int matches = 0, finished = 0;
  long long moves = 0;
  double elapsed = 0, server_cpu = 0, client_cpu = 0;
  double database_cpu = -1;  // PostgreSQL's (cluster only)
  double p50 = 0, p99 = 0;
  std::size_t samples = 0;
  long rss_before = 0, rss_during = 0;  // one process only
  long long lost_moves = 0;             // acknowledged moves missing from the final records
  int lost_matches = 0, duplicated = 0, diverged = 0;
  // Cluster only: when a server was killed, the moves before it, the connections that came back
  // and how long after the kill the last one did (-1: not all of them).
  double killed_at_s = -1, back_after_s = -1;
  // The latency of the moves sent before the kill (two processes) and after it (one).
  double p50_before = 0, p99_before = 0, p50_after = 0, p99_after = 0;
  long long moves_before_kill = 0;
  long reconnections = 0;
  int still_away[4] = {0, 0, 0, 0};  // seats not back at the end, by Seat::phase
  std::size_t leftovers = 0;         // processes the cluster left after it was stopped
  long log_gaps = 0;  // states seat 0 received after missing one (see log_gaps above)
  bool ok() const {
    return lost_moves == 0 && lost_matches == 0 && duplicated == 0 && diverged == 0 &&
           leftovers == 0;
  }
};

void reset_run(int think) {
  rng.seed(42);
  think_ms = think;
  latencies_ms.clear();
  moves_acked = 0;
  stopping = false;
  reconnect_on_close = false;
  reconnections = 0;
  seats_away = 0;
  log_gaps = 0;
}

// Creates the matches through `port` (two human seats each) and connects both seats of each.
void create_matches(std::vector<MatchLoad>& loads, net::io_context& io, unsigned short port,
                    const std::string& game) {
  for (MatchLoad& m : loads) {
    const HttpReply r = http_request(
        port, "POST", "/api/matches",
        json{{"game", game}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}.dump());
    if (r.status != 201) {
      std::cerr << "load: creating a match answered " << r.status << ": " << r.body << "\n";
      exit(1);
    }
    const json created = r.parsed();
    m.id = created["id"];
    m.tokens = {created["seats"][0]["token"], created["seats"][1]["token"]};
    for (int s = 0; s < 2; ++s) {
      m.seats[s] = std::make_shared<Seat>(io, m, s);
      m.seats[s]->start(port, m.tokens[std::size_t(s)], m.id);
    }
  }
}

// Reads every match back through `port` (as seat 0) and compares it with what the clients saw:
// an acknowledged move missing is lost, a seq past the last acknowledged move plus the one in
// flight (or a ply count that differs from seq) is a duplicate, a log that is not the one seen is
// diverged.
void check_records(const std::vector<MatchLoad>& loads, unsigned short port, Figures& f) {
  for (const MatchLoad& m : loads) {
    std::optional<json> state;
    try {
      WsClient c(port);
      c.send({{"type", "hello"}, {"match", m.id}, {"tokens", {m.tokens[0]}}});
      state = c.receive_type("state", std::chrono::seconds(20));
    } catch (const std::exception&) {
    }
    if (!state) {
      ++f.lost_matches;
      f.lost_moves += m.acked;
      continue;
    }
    const long long seq = (*state)["seq"];
    const int ply = (*state)["views"][0]["observation"].value("ply", int(seq));
    if (seq < m.acked) f.lost_moves += m.acked - seq;
    if (seq > m.acked + 1 || ply != seq) ++f.duplicated;
    // Both logs from their first lines held (a state may start a log afresh at a later line).
    const json& log = (*state)["views"][0]["log"];
    const std::size_t base = (*state)["views"][0].value("log_from", std::size_t(0));
    if (m.last_log_seq >= 0 && m.last_log_seq <= seq) {
      for (std::size_t i = std::max(base, m.last_log_base);
           i < m.last_log_base + m.last_log.size() && i < base + log.size(); ++i)
        if (m.last_log[i - m.last_log_base] != log[i - base]) {
          ++f.diverged;
          break;
        }
    }
  }
}

void finish_figures(Figures& f, const std::vector<MatchLoad>& loads) {
  f.moves = moves_acked;
  f.p50 = percentile(latencies_ms, 0.5);
  f.p99 = percentile(latencies_ms, 0.99);
  f.samples = latencies_ms.size();
  f.log_gaps = log_gaps;
  for (const MatchLoad& m : loads) f.finished += m.finished;
}

std::string think_text() {
  return think_ms ? "each seat thinking 0-" + std::to_string(2 * think_ms) + " ms a move"
                  : std::string("every seat moving at once (closed loop)");
}

// One `tabletop serve` on SQLite: the load for `seconds`, then SIGKILL under load, a restart, and
// every match read back.
// With `sync_full`, the server runs with --sync-full (every commit flushed to the disk before its
// acknowledgement, as PostgreSQL's default does).
Figures one_process(const std::string& bin, int matches, int seconds, const std::string& game,
                    bool sync_full = false) {
  std::vector<std::string> flags = kUnlimited;
  if (sync_full) flags.push_back("--sync-full");
  Figures f;
  f.matches = matches;
  const std::string db = (std::filesystem::temp_directory_path() /
                          ("tabletop_load_" + std::to_string(getpid()) + ".db"))
                             .string();
  const unsigned short port = server_port();
  pid_t pid = launch(bin, port, db, flags);
  f.rss_before = rss_kib(pid);

  net::io_context io;
  loop = &io;
  std::vector<MatchLoad> loads(static_cast<std::size_t>(matches));
  create_matches(loads, io, port, game);
  std::cout << "load: " << matches << " matches of " << game << " created on one process (SQLite"
            << (sync_full ? ", --sync-full" : "") << "), playing for " << seconds << " s, "
            << think_text() << std::endl;
  const auto start = Clock::now();
  const double server_cpu_before = cpu_seconds(pid), client_cpu_before = cpu_seconds(getpid());
  io.run_for(std::chrono::seconds(seconds));
  f.server_cpu = cpu_seconds(pid) - server_cpu_before;
  f.client_cpu = cpu_seconds(getpid()) - client_cpu_before;
  f.elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  f.rss_during = rss_kib(pid);
  finish_figures(f, loads);

  // SIGKILL while moves are in flight, then read whatever had arrived.
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  stopping = true;
  io.run_for(std::chrono::milliseconds(500));
  io.stop();

  pid = launch(bin, port, db, flags);
  check_records(loads, port, f);
  kill(pid, SIGTERM);
  waitpid(pid, nullptr, 0);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
  return f;
}

// Two `tabletop serve` on one PostgreSQL behind nginx (scripts/cluster-demo): the load for
// `seconds` through the balancer, one server SIGKILLed at 40% of it (its clients reconnect to the
// other), then every match read back through the balancer.
Figures two_processes(const std::string& bin, int matches, int seconds, const std::string& game) {
  Figures f;
  f.matches = matches;
  ClusterDemo demo(TABLETOP_SOURCE_DIR,
                   {"--port", "0", "--bin", bin, "--static", "", "--servers", "2",
                    "--no-address-limits", "--", "--rate", "100000", "--max-connections", "0"});
  const unsigned short port = demo.port();
  const pid_t victim = demo.servers()[0].pid, survivor = demo.servers()[1].pid;

  net::io_context io;
  loop = &io;
  std::vector<MatchLoad> loads(static_cast<std::size_t>(matches));
  create_matches(loads, io, port, game);
  reconnect_on_close = true;
  std::cout << "load: " << matches << " matches of " << game
            << " created through nginx on two processes (PostgreSQL), playing for " << seconds
            << " s, " << think_text() << "; server 1 (pid " << victim << ") SIGKILLed at "
            << seconds * 2 / 5 << " s" << std::endl;
  const auto start = Clock::now();
  const double client_cpu_before = cpu_seconds(getpid());
  const double victim_cpu_before = cpu_seconds(victim), survivor_cpu_before = cpu_seconds(survivor);
  const double database_cpu_before = postgres_cpu_seconds(demo.postgres_pid());
  io.run_for(std::chrono::milliseconds(seconds * 400));
  f.server_cpu = cpu_seconds(victim) - victim_cpu_before;
  kill(victim, SIGKILL);
  const auto killed = Clock::now();
  f.killed_at_s = std::chrono::duration<double>(killed - start).count();
  f.moves_before_kill = moves_acked;
  const std::size_t samples_before = latencies_ms.size();
  io.run_until(start + std::chrono::seconds(seconds));
  f.server_cpu += cpu_seconds(survivor) - survivor_cpu_before;
  f.database_cpu = postgres_cpu_seconds(demo.postgres_pid()) - database_cpu_before;
  f.client_cpu = cpu_seconds(getpid()) - client_cpu_before;
  f.elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  finish_figures(f, loads);
  const std::vector<double> before(latencies_ms.begin(),
                                   latencies_ms.begin() + std::ptrdiff_t(samples_before));
  const std::vector<double> after(latencies_ms.begin() + std::ptrdiff_t(samples_before),
                                  latencies_ms.end());
  f.p50_before = percentile(before, 0.5);
  f.p99_before = percentile(before, 0.99);
  f.p50_after = percentile(after, 0.5);
  f.p99_after = percentile(after, 0.99);
  f.reconnections = reconnections;
  if (seats_away == 0 && reconnections > 0)
    f.back_after_s = std::chrono::duration<double>(all_back - killed).count();
  for (const MatchLoad& m : loads)
    for (const auto& seat : m.seats)
      if (seat->away) ++f.still_away[seat->phase];

  stopping = true;
  io.run_for(std::chrono::milliseconds(500));
  io.stop();
  check_records(loads, port, f);
  demo.stop();
  f.leftovers = demo.leftovers().size();
  return f;
}

void print_one(const Figures& f) {
  std::printf(
      "load: %lld moves acknowledged in %.1f s = %.0f moves/s (%d of %d matches finished)\n",
      f.moves, f.elapsed, double(f.moves) / f.elapsed, f.finished, f.matches);
  std::printf(
      "load: CPU used meanwhile: server %.1f s (%.0f moves per server CPU second), clients %.1f "
      "s\n",
      f.server_cpu, double(f.moves) / std::max(f.server_cpu, 1e-9), f.client_cpu);
  std::printf(
      "load: move sent -> opponent's broadcast received: p50 %.2f ms, p99 %.2f ms (%zu "
      "samples)\n",
      f.p50, f.p99, f.samples);
  std::printf("load: server memory %ld KiB before, %ld KiB with %d matches = %.1f KiB per match\n",
              f.rss_before, f.rss_during, f.matches,
              double(f.rss_during - f.rss_before) / f.matches);
  std::printf(
      "load: after SIGKILL + restart: %lld acknowledged moves lost (%d matches unreadable), %d "
      "duplicated, %d diverged logs\n",
      f.lost_moves, f.lost_matches, f.duplicated, f.diverged);
  std::printf("load: states received after a missed one (the client said hello again): %ld\n",
              f.log_gaps);
}

// The runs side by side: one process (SQLite, then SQLite --sync-full) and the cluster.
void print_all(const Figures& one, const Figures& full, const Figures& two) {
  auto row = [](const char* what, const std::string& a, const std::string& b,
                const std::string& c) {
    std::printf("load: | %-36s | %-34s | %-34s | %-52s |\n", what, a.c_str(), b.c_str(), c.c_str());
  };
  auto fmt = [](const char* format, auto... v) {
    char text[256];
    std::snprintf(text, sizeof text, format, v...);
    return std::string(text);
  };
  auto moves = [&](const Figures& f) {
    return fmt("%lld in %.1f s = %.0f/s", f.moves, f.elapsed, double(f.moves) / f.elapsed);
  };
  auto latency = [&](const Figures& f) {
    return fmt("p50 %.2f ms, p99 %.2f ms (%zu)", f.p50, f.p99, f.samples);
  };
  auto cpu = [&](const Figures& f) {
    return fmt("%.1f s (%.0f moves per CPU s)", f.server_cpu,
               double(f.moves) / std::max(f.server_cpu, 1e-9));
  };
  const double after = two.elapsed - two.killed_at_s;
  row("", "one process, SQLite", "one process, SQLite --sync-full",
      "two processes, one PostgreSQL, nginx");
  row("moves acknowledged", moves(one), moves(full), moves(two));
  row("  before / after the kill", "-", "-",
      fmt("%.0f/s before, %.0f/s after (one process)",
          double(two.moves_before_kill) / two.killed_at_s,
          double(two.moves - two.moves_before_kill) / std::max(after, 1e-9)));
  row("move sent -> opponent's broadcast", latency(one), latency(full), latency(two));
  row("  before / after the kill", "-", "-",
      fmt("p50 %.1f / %.1f ms, p99 %.0f / %.0f ms", two.p50_before, two.p50_after, two.p99_before,
          two.p99_after));
  row("server CPU (all servers)", cpu(one), cpu(full), cpu(two));
  row("database CPU", "(in the server process)", "(in the server process)",
      fmt("%.1f s (PostgreSQL)", two.database_cpu));
  row("client CPU", fmt("%.1f s", one.client_cpu), fmt("%.1f s", full.client_cpu),
      fmt("%.1f s", two.client_cpu));
  row("SIGKILL", "at the end, then a restart", "at the end, then a restart",
      fmt("server 1 at %.1f s; the other carried on", two.killed_at_s));
  row("connections back", "-", "-",
      two.back_after_s >= 0
          ? fmt("%ld, the last %.2f s after the kill", two.reconnections, two.back_after_s)
          : fmt("%ld; not back: %d connecting, %d upgrading, %d awaiting state", two.reconnections,
                two.still_away[1], two.still_away[2], two.still_away[3]));
  row("acknowledged moves lost", fmt("%lld", one.lost_moves), fmt("%lld", full.lost_moves),
      fmt("%lld", two.lost_moves));
  row("matches unreadable / dup / diverged",
      fmt("%d / %d / %d", one.lost_matches, one.duplicated, one.diverged),
      fmt("%d / %d / %d", full.lost_matches, full.duplicated, full.diverged),
      fmt("%d / %d / %d", two.lost_matches, two.duplicated, two.diverged));
  row("states after a missed one", fmt("%ld", one.log_gaps), fmt("%ld", full.log_gaps),
      fmt("%ld", two.log_gaps));
  row("processes left after stopping", "-", "-", fmt("%zu", two.leftovers));
}

}  // namespace

int run(int argc, char** argv) {
  CLI::App app{
      "server_load: load and soak runs against a real `tabletop serve` (not in make test)"};
  std::string bin;
  int matches = 500, seconds = 20, think = 0;
  std::string game = "relativity";
  app.add_option("tabletop", bin, "the tabletop binary to run as the server")
      ->required()
      ->check(CLI::ExistingFile);
  auto add_load_options = [&](CLI::App& on) {
    on.add_option("--matches", matches, "matches played at once")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    on.add_option("--seconds", seconds, "seconds of load")
        ->capture_default_str()
        ->check(CLI::Range(1, 86400));
    on.add_option("--game", game, "the game played")->capture_default_str();
    on.add_option("--think-ms", think,
                  "each seat's mean think time in ms (0: every seat moves the instant it may)")
        ->capture_default_str()
        ->check(CLI::Range(0, 600000));
  };
  add_load_options(app);
  auto* cluster = app.add_subcommand(
      "cluster",
      "the same load on SQLite, SQLite with --sync-full, and through nginx to two "
      "processes on one PostgreSQL, one of them killed part-way");
  add_load_options(*cluster);
  auto* soak_run = app.add_subcommand(
      "soak", "honest players and hostile clients against one server, with its memory over time");
  int soak_seconds = 600;
  soak_run->add_option("--seconds", soak_seconds, "seconds of soak")
      ->capture_default_str()
      ->check(CLI::Range(1, 864000));
  app.require_subcommand(0, 1);
  CLI11_PARSE(app, argc, argv);
  if (soak_run->parsed()) return soak(bin, soak_seconds);
  if (cluster->parsed()) {
    if (const std::string why = ClusterDemo::unavailable(TABLETOP_SOURCE_DIR); !why.empty()) {
      std::cerr << "load: the cluster mode needs PostgreSQL and nginx: " << why << "\n";
      return 1;
    }
  }
  reset_run(think);
  const Figures one = one_process(bin, matches, seconds, game);
  print_one(one);
  if (!cluster->parsed()) return one.ok() ? 0 : 1;
  reset_run(think);
  const Figures full = one_process(bin, matches, seconds, game, true);
  print_one(full);
  reset_run(think);
  const Figures two = two_processes(bin, matches, seconds, game);
  print_all(one, full, two);
  return one.ok() && full.ok() && two.ok() && two.back_after_s >= 0 ? 0 : 1;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::cerr << "load: stopped: " << e.what() << "\n";
    return 1;
  }
}
