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
// With a think time (the fifth argument, in ms; default 0) each seat waits a random time from 0 to
// twice that before each move, as people do: the latency figure is then that of a server under
// that steady load. Without one, every seat moves the instant it may (a closed loop): the moves a
// second are the server's capacity on this machine, and each move's latency is mostly its wait in
// the queue behind the other matches' moves (Little's law: about matches / moves a second).
//
// usage: server_load <path to tabletop> [matches=500] [seconds=20] [game=relativity] [think_ms=0]
//
// `server_load <tabletop> soak [seconds=600]` (`make soak-server`) is the soak instead: a real
// server with its default limits (except the HTTP rate per address: every client here is on
// 127.0.0.1) and rooms leaving memory after 5 s idle, for `seconds`, with at once
//   - honest players: 60 Relativity matches of two people thinking 0-2 s a move and 12 of a person
//     against a computer (easy, medium, hard), each replaced by a new match when it ends;
//   - hostile clients: spectators that never read what they are sent (ten at a time, watching a
//     computer-only Culture Wars match of 40 rounds that plays as fast as it can), junk requests
//     (bad JSON, a body over the limit, unknown routes and matches, random bytes) and bursts of 200
//     idle connections.
// Every 10 s it prints the server's memory (VmRSS from /proc/PID/status); at the end the p99
// from a move sent to its broadcast received, whether the server crashed (it must not), the
// acknowledged moves lost after a SIGKILL and a restart (there must be none), and the memory once
// every client has gone and the idle rooms have left (it must come down). Exit 0 when all held.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <thread>

#include "server/client.h"

namespace beast = boost::beast;
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

// One seat's connection.
struct Seat : std::enable_shared_from_this<Seat> {
  Seat(net::io_context& io, MatchLoad& m, int s) : ws(io), match(m), seat(s) {}
  beast::websocket::stream<beast::tcp_stream> ws;
  beast::flat_buffer buffer;
  std::deque<std::string> out;
  MatchLoad& match;
  int seat;
  void start(unsigned short port, const std::string& token, const std::string& id);
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
  Clock::time_point sent_at;
  json last_log;  // seat 0's log in the last state seen
  long long last_log_seq = -1;
  bool finished = false;
};

std::mt19937_64 rng(42);
int think_ms = 0;
net::io_context* loop = nullptr;
std::vector<double> latencies_ms;
long long moves_acked = 0;
bool stopping = false;

void Seat::start(unsigned short port, const std::string& token, const std::string& id) {
  beast::get_lowest_layer(ws).socket().connect(
      tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  beast::get_lowest_layer(ws).socket().set_option(tcp::no_delay(true));
  ws.read_message_max(64 * 1024 * 1024);
  ws.handshake("127.0.0.1", "/ws");
  send(json{{"type", "hello"}, {"match", id}, {"tokens", {token}}}.dump());
  read();
}

void Seat::read() {
  ws.async_read(buffer, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) return;
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
  ws.text(true);
  ws.async_write(net::buffer(out.front()),
                 [self = shared_from_this()](beast::error_code ec, std::size_t) {
                   if (ec) return;
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
  if (seq == match.sent_seq) {
    // The first connection of the match to receive the broadcast of the move in flight.
    latencies_ms.push_back(
        std::chrono::duration<double, std::milli>(Clock::now() - match.sent_at).count());
    match.sent_seq = -1;
  }
  if (seat == 0) {
    // Each state carries only the lines added since the last one, from `log_from` on.
    const json& view = m["views"][0];
    const std::size_t from = view.value("log_from", std::size_t(0));
    if (!match.last_log.is_array() || from > match.last_log.size()) match.last_log = json::array();
    match.last_log.erase(match.last_log.begin() + std::ptrdiff_t(from), match.last_log.end());
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
  std::string text = json{{"type", "move"}, {"seat", seat}, {"seq", seq}, {"move", move}}.dump();
  if (think_ms == 0) {
    match.sent_at = Clock::now();
    send(std::move(text));
    return;
  }
  // Think first; the latency counts from the moment the move is sent.
  auto timer = std::make_shared<net::steady_timer>(
      *loop, std::chrono::milliseconds(rng() % std::uint64_t(2 * think_ms + 1)));
  timer->async_wait(
      [self = shared_from_this(), timer, text = std::move(text)](beast::error_code ec) mutable {
        if (ec || stopping) return;
        self->match.sent_at = Clock::now();
        self->send(std::move(text));
      });
}

// Starts `tabletop serve` on `port` with `db` and `flags` (default: no limit on messages, new
// matches or connections), and
// waits until it answers.
pid_t launch(const std::string& bin, unsigned short port, const std::string& db,
             std::vector<std::string> flags = {"--rate", "100000", "--http-rate", "0"}) {
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
double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string skip;
  for (int i = 0; i < 11; ++i) fields >> skip;  // fields 3..13
  double utime = 0, stime = 0;
  fields >> utime >> stime;
  return (utime + stime) / double(sysconf(_SC_CLK_TCK));
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

  // Bursts of 200 connections that say nothing, held for 10 s.
  void idle_connections() {
    while (!done) {
      net::io_context io;
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

int soak(const std::string& bin, int seconds) {
  const std::string db = (std::filesystem::temp_directory_path() /
                          ("tabletop_soak_" + std::to_string(getpid()) + ".db"))
                             .string();
  const unsigned short port = static_cast<unsigned short>(20000 + std::random_device{}() % 30000);
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
  std::vector<std::unique_ptr<WsClient>> slow;  // spectators that never read
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
          beast::get_lowest_layer(seat->ws).socket().close(ignored);
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
      for (int i = 0; i < 10 && created.contains("id"); ++i) {
        slow.push_back(std::make_unique<WsClient>(port));
        slow.back()->send({{"type", "hello"}, {"match", created["id"]}});
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
  slow.clear();
  io.run_for(std::chrono::milliseconds(500));
  for (MatchLoad& m : soak.matches)
    for (auto& seat : m.seats)
      if (seat) {
        beast::error_code ignored;
        beast::get_lowest_layer(seat->ws).socket().close(ignored);
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
  // SIGKILL, restart, and every acknowledged move must be there.
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  const pid_t again = launch(bin, port, db);
  int lost = 0;
  for (const MatchLoad& m : soak.matches) {
    const json summary = http_request(port, "GET", "/api/matches/" + m.id).parsed();
    if (!summary.is_object() || summary.value("seq", -1LL) < m.acked) ++lost;
  }
  kill(again, SIGTERM);
  waitpid(again, nullptr, 0);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
  std::printf(
      "soak: %lld moves acknowledged in %d matches; move sent -> broadcast received p50 "
      "%.2f ms, p99 %.2f ms (%zu samples)\n",
      moves_acked, int(soak.matches.size()), percentile(latencies_ms, 0.5),
      percentile(latencies_ms, 0.99), latencies_ms.size());
  std::printf(
      "soak: %ld junk requests (%ld answered 4xx), %ld idle connections opened, 10 slow "
      "spectators at a time\n",
      soak.junk_sent.load(), soak.junk_refused.load(), soak.connections_opened.load());
  std::printf(
      "soak: server RSS %ld KiB at the start, %ld KiB at the peak, %ld KiB once every client "
      "had left and the computer-only matches had ended, 15 s later\n",
      rss_start, rss_peak, rss_after);
  std::printf("soak: crashes %d, acknowledged moves lost after SIGKILL + restart %d\n",
              soak.crashed, lost);
  return soak.crashed == 0 && lost == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: server_load <tabletop> [matches] [seconds] [game] [think_ms]\n";
    return 2;
  }
  const std::string bin = argv[1];
  if (argc > 2 && std::string(argv[2]) == "soak")
    return soak(bin, argc > 3 ? std::stoi(argv[3]) : 600);
  const int matches = argc > 2 ? std::stoi(argv[2]) : 500;
  const int seconds = argc > 3 ? std::stoi(argv[3]) : 20;
  const std::string game = argc > 4 ? argv[4] : "relativity";
  think_ms = argc > 5 ? std::stoi(argv[5]) : 0;
  const std::string db = (std::filesystem::temp_directory_path() /
                          ("tabletop_load_" + std::to_string(getpid()) + ".db"))
                             .string();
  const unsigned short port = static_cast<unsigned short>(20000 + std::random_device{}() % 30000);
  pid_t pid = launch(bin, port, db);
  const long rss_before = rss_kib(pid);

  net::io_context io;
  loop = &io;
  std::vector<MatchLoad> loads(static_cast<std::size_t>(matches));
  for (MatchLoad& m : loads) {
    const HttpReply r = http_request(
        port, "POST", "/api/matches",
        json{{"game", game}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}.dump());
    const json created = r.parsed();
    m.id = created["id"];
    m.tokens = {created["seats"][0]["token"], created["seats"][1]["token"]};
    for (int s = 0; s < 2; ++s) {
      m.seats[s] = std::make_shared<Seat>(io, m, s);
      m.seats[s]->start(port, m.tokens[std::size_t(s)], m.id);
    }
  }
  std::cout << "load: " << matches << " matches of " << game << " created, playing for " << seconds
            << " s, "
            << (think_ms ? "each seat thinking 0-" + std::to_string(2 * think_ms) + " ms a move"
                         : std::string("every seat moving at once (closed loop)"))
            << std::endl;
  const auto start = Clock::now();
  const double server_cpu_before = cpu_seconds(pid), client_cpu_before = cpu_seconds(getpid());
  io.run_for(std::chrono::seconds(seconds));
  const double server_cpu = cpu_seconds(pid) - server_cpu_before;
  const double client_cpu = cpu_seconds(getpid()) - client_cpu_before;
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  const long rss_during = rss_kib(pid);
  const long long moves = moves_acked;
  int finished = 0;
  for (const MatchLoad& m : loads) finished += m.finished;

  // SIGKILL while moves are in flight, then read whatever had arrived.
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  stopping = true;
  io.run_for(std::chrono::milliseconds(500));
  io.stop();

  pid = launch(bin, port, db);
  int lost = 0, duplicated = 0, diverged = 0;
  for (MatchLoad& m : loads) {
    WsClient c(port);
    c.send({{"type", "hello"}, {"match", m.id}, {"tokens", {m.tokens[0]}}});
    auto state = c.receive_type("state", std::chrono::seconds(20));
    if (!state) {
      ++lost;
      continue;
    }
    const long long seq = (*state)["seq"];
    const int ply = (*state)["views"][0]["observation"].value("ply", int(seq));
    if (seq < m.acked) ++lost;
    if (seq > m.acked + 1 || ply != seq) ++duplicated;
    const json& log = (*state)["views"][0]["log"];
    if (m.last_log_seq >= 0 && m.last_log_seq <= seq) {
      for (std::size_t i = 0; i < m.last_log.size() && i < log.size(); ++i)
        if (m.last_log[i] != log[i]) {
          ++diverged;
          break;
        }
    }
  }
  kill(pid, SIGTERM);
  waitpid(pid, nullptr, 0);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);

  std::printf(
      "load: %lld moves acknowledged in %.1f s = %.0f moves/s (%d of %d matches finished)\n", moves,
      elapsed, double(moves) / elapsed, finished, matches);
  std::printf(
      "load: CPU used meanwhile: server %.1f s (%.0f moves per server CPU second), clients %.1f "
      "s\n",
      server_cpu, double(moves) / std::max(server_cpu, 1e-9), client_cpu);
  std::printf("load: move sent -> broadcast received: p50 %.2f ms, p99 %.2f ms (%zu samples)\n",
              percentile(latencies_ms, 0.5), percentile(latencies_ms, 0.99), latencies_ms.size());
  std::printf("load: server memory %ld KiB before, %ld KiB with %d matches = %.1f KiB per match\n",
              rss_before, rss_during, matches, double(rss_during - rss_before) / matches);
  std::printf("load: after SIGKILL + restart: %d lost, %d duplicated, %d diverged logs\n", lost,
              duplicated, diverged);
  return lost + duplicated + diverged == 0 ? 0 : 1;
}
