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
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
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
    match.last_log = m["views"][0]["log"];
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

pid_t launch(const std::string& bin, unsigned short port, const std::string& db) {
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string p = std::to_string(port);
    execl(bin.c_str(), "tabletop", "serve", "--port", p.c_str(), "--db", db.c_str(), "--static", "",
          "--rate", "100000", "--http-rate", "0", "--match-rate", "0", "--max-connections", "0",
          "--max-connections-per-address", "0", static_cast<char*>(nullptr));
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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: server_load <tabletop> [matches] [seconds] [game] [think_ms]\n";
    return 2;
  }
  const std::string bin = argv[1];
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
