// Two real `tabletop serve` processes on one throwaway PostgreSQL (issue 23): a match created
// through A, played by a client on A and a client on B, A killed with SIGKILL, its clients
// reconnected to B, the matches finished through B. Every acknowledged move is in the final
// record, the computer seats A played are taken over by B after A's lease expires, and nothing a
// client received holds another seat's hidden information (Conspiracy's goals).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <thread>

#include "core/record.h"
#include "games/games.h"
#include "server/server.h"
#include "testing/client.h"
#include "testing/test_cluster.h"
#include "testing/test_server.h"

namespace tabletop::server {
namespace {

using Clock = std::chrono::steady_clock;
constexpr double kLeaseS = 2;

unsigned short a_port(std::mt19937& rng) {
  // Below the kernel's range for outgoing connections' own ports (32768 on), which a busy machine
  // may be holding.
  return static_cast<unsigned short>(20000 + rng() % 12000);
}

// A `tabletop serve` child process, killed however the test ends.
struct Serve {
  pid_t pid = -1;
  unsigned short port = 0;
  // Starts one on a free port other than `avoid` (up to five ports tried).
  Serve(const std::string& db, std::mt19937& rng, unsigned short avoid = 0) {
    for (int attempt = 0; attempt < 5; ++attempt) {
      do port = a_port(rng);
      while (port == avoid);
      if (start(db)) return;
    }
    ADD_FAILURE() << "tabletop serve did not start on any of five ports";
  }
  // False if it ended (its port taken) before it answered.
  bool start(const std::string& db) {
    pid = fork();
    if (pid == 0) {
      const std::string ps = std::to_string(port), lease = std::to_string(kLeaseS);
      execl(TABLETOP_BIN_DIR "/tabletop", "tabletop", "serve", "--port", ps.c_str(), "--db",
            db.c_str(), "--static", "", "--rate", "100000", "--match-rate", "0", "--http-rate", "0",
            "--lease-s", lease.c_str(), "--computer-threads", "1", static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 600; ++i) {  // generous: the machine may be busy
      try {
        if (http_request(port, "GET", "/api/games").status == 200) return true;
      } catch (const std::exception&) {
      }
      if (waitpid(pid, nullptr, WNOHANG) == pid) {
        pid = -1;
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    kill9();
    return false;
  }
  void kill9() {
    if (pid <= 0) return;
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    pid = -1;
  }
  ~Serve() {
    if (pid > 0) {
      kill(pid, SIGTERM);
      waitpid(pid, nullptr, 0);
    }
  }
};

// One client connection and what it knows: the latest state, the moves it had acknowledged.
struct Player {
  std::unique_ptr<WsClient> ws;
  json state;
  std::vector<std::pair<long long, std::string>> acked;  // (seq, move)
  // Every connection it had (a reconnection keeps the old one's transcript for the search).
  std::vector<std::unique_ptr<WsClient>> old;

  void connect(unsigned short port, const std::string& match,
               const std::vector<std::string>& tokens) {
    if (ws) old.push_back(std::move(ws));
    ws = std::make_unique<WsClient>(port);
    ws->send({{"type", "hello"}, {"match", match}, {"tokens", tokens}});
    auto s = ws->receive_type("state", std::chrono::seconds(60));
    ASSERT_TRUE(s) << "no state after hello on port " << port;
    state = *s;
  }
  // Reads until a state at `seq` or later (false on a timeout).
  bool reach(long long seq, std::chrono::seconds timeout = std::chrono::seconds(60)) {
    const auto until = Clock::now() + timeout;
    while (state["seq"].get<long long>() < seq) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now());
      if (left.count() <= 0) return false;
      auto m = ws->receive(left);
      if (!m) return false;
      if ((*m)["type"] == "state") state = *m;
    }
    return true;
  }
  // Sends `move` for `seat` at the current seq and reads until its ack (states on the way kept).
  bool move(int seat, const std::string& text) {
    const long long seq = state["seq"];
    ws->send({{"type", "move"}, {"seat", seat}, {"seq", seq}, {"move", text}});
    const auto until = Clock::now() + std::chrono::seconds(60);
    while (Clock::now() < until) {
      auto m = ws->receive(std::chrono::seconds(60));
      if (!m) return false;
      if ((*m)["type"] == "state") state = *m;
      if ((*m)["type"] == "error" || (*m)["type"] == "reject") {
        ADD_FAILURE() << "move refused: " << m->dump();
        return false;
      }
      if ((*m)["type"] == "ack") {
        acked.emplace_back((*m)["seq"].get<long long>(), text);
        return reach(acked.back().first);  // the state after it (the broadcast follows the ack)
      }
    }
    return false;
  }
  // Every message text received on every connection.
  std::vector<std::string> transcript() const {
    std::vector<std::string> all;
    for (const auto* c : {&old})
      for (const auto& w : *c)
        all.insert(all.end(), w->transcript().begin(), w->transcript().end());
    if (ws) all.insert(all.end(), ws->transcript().begin(), ws->transcript().end());
    return all;
  }
};

// A random legal move of a seat in `held` to move in `state`: (seat, move), or (-1, "").
std::pair<int, std::string> legal_move(const json& state, std::mt19937& rng) {
  for (const json& v : state["views"])
    if (!v["legal"].empty()) {
      const json& legal = v["legal"];
      return {v["seat"].get<int>(), legal[rng() % legal.size()]["move"].get<std::string>()};
    }
  return {-1, ""};
}

// Conspiracy's goals: in every state before the end, each seat `mine` does not hold shows its goal
// as "secret" or "not chosen", and the only "chooses the goal" lines are the held seats' own.
// Answers how many goal fields were checked.
int expect_others_goals_hidden(const std::vector<std::string>& transcript,
                               const std::vector<int>& mine, const std::string& who) {
  int checked = 0;
  for (const std::string& text : transcript) {
    const json m = json::parse(text, nullptr, false);
    if (!m.is_object() || m["type"] != "state" || !m["result"].is_null()) continue;
    EXPECT_EQ(text.find("\"chance\""), std::string::npos) << who;
    for (const json& view : m["views"]) {
      const json& seats = view["observation"]["seats"];
      for (int s = 0; s < int(seats.size()); ++s) {
        if (std::find(mine.begin(), mine.end(), s) != mine.end()) continue;
        const std::string shown = seats[s][10];
        EXPECT_TRUE(shown == "secret" || shown == "not chosen")
            << who << " received seat " << s << "'s goal: " << shown;
        ++checked;
      }
    }
    std::size_t lines = 0, own = 0;
    for (std::size_t at = text.find("chooses the goal"); at != std::string::npos;
         at = text.find("chooses the goal", at + 1))
      ++lines;
    for (int s : mine) {
      const std::string line = "seat " + std::to_string(s) + " chooses the goal";
      for (std::size_t at = text.find(line); at != std::string::npos; at = text.find(line, at + 1))
        ++own;
    }
    EXPECT_EQ(lines, own) << who << " received another seat's goal choice: " << text;
  }
  return checked;
}

// The record from `port`, replayed; every acknowledged move is in it at its place.
void expect_every_ack_recorded(unsigned short port, const std::string& id,
                               const std::vector<const Player*>& players) {
  const HttpReply reply = http_request(port, "GET", "/api/matches/" + id + "/record");
  ASSERT_EQ(reply.status, 200) << reply.body;
  const Record record = Record::from_json(reply.parsed());
  EXPECT_NO_THROW(replay(games::registry(), record));
  std::size_t acks = 0;
  for (const Player* p : players)
    for (const auto& [seq, move] : p->acked) {
      ++acks;
      ASSERT_LE(std::size_t(seq), record.moves.size()) << "acknowledged move " << seq << " lost";
      EXPECT_EQ(record.moves[std::size_t(seq - 1)], move) << "acknowledged move " << seq;
    }
  EXPECT_GT(acks, 0u);
}

TEST(Cluster, AProcessKilledMidMatchLosesNoAcknowledgedMoveAndItsComputerSeatsGoOn) {
  const std::string db = fresh_database("postgresql", "cluster_kill");
  if (db.empty()) GTEST_SKIP() << "PostgreSQL is not available here: " << no_postgresql();
  std::mt19937 rng(std::random_device{}());
  Serve a(db, rng);
  Serve b(db, rng, a.port);
  ASSERT_GT(a.pid, 0);
  ASSERT_GT(b.pid, 0);

  // M1: three people; seat 0 plays through A, seats 1 and 2 through B.
  const json humans =
      http_request(a.port, "POST", "/api/matches",
                   json{{"game", "conspiracy"},
                        {"params", {{"players", 3}, {"max_rounds", 4}}},
                        {"seats", {{{"kind", "human"}}, {{"kind", "human"}}, {{"kind", "human"}}}}}
                       .dump())
          .parsed();
  ASSERT_TRUE(humans.contains("id")) << humans.dump();
  const std::string m1 = humans["id"];
  const std::string t0 = humans["seats"][0]["token"], t1 = humans["seats"][1]["token"],
                    t2 = humans["seats"][2]["token"];
  // M2: a person (through A) against two computers, and a spectator.
  const json computers = http_request(a.port, "POST", "/api/matches",
                                      json{{"game", "conspiracy"},
                                           {"params", {{"players", 3}, {"max_rounds", 4}}},
                                           {"seats",
                                            {{{"kind", "human"}},
                                             {{"kind", "computer"}, {"strength", "easy"}},
                                             {{"kind", "computer"}, {"strength", "easy"}}}}}
                                          .dump())
                             .parsed();
  ASSERT_TRUE(computers.contains("id")) << computers.dump();
  const std::string m2 = computers["id"];
  const std::string q = computers["seats"][0]["token"];

  Player p0, p12, q0, watcher;
  p0.connect(a.port, m1, {t0});
  p12.connect(b.port, m1, {t1, t2});
  q0.connect(a.port, m2, {q});
  // M2 lives on A alone until the kill, so that A holds its computers' lease then.
  watcher.connect(a.port, m2, {});

  // One move of M1 by whoever holds the seat to move; both players then see it (the other
  // process through the database's announcement). False once the match is over.
  auto step_m1 = [&]() -> bool {
    if (!p0.state["result"].is_null()) return false;
    auto [seat, move] = legal_move(p0.state, rng);
    Player& mover = seat >= 0 ? p0 : p12;
    if (seat < 0) std::tie(seat, move) = legal_move(p12.state, rng);
    EXPECT_GE(seat, 0) << "nobody holds the seat to move";
    if (seat < 0) return false;
    EXPECT_TRUE(mover.move(seat, move));
    const long long seq = mover.acked.back().first;
    EXPECT_TRUE(p0.reach(seq)) << "seat 0 did not see move " << seq;
    EXPECT_TRUE(p12.reach(seq)) << "seats 1 and 2 did not see move " << seq;
    return true;
  };
  // M2: the person moves when it is to; else waits for the computers (at most `wait`).
  auto step_m2 = [&](std::chrono::seconds wait) -> bool {
    if (!q0.state["result"].is_null()) return false;
    if (auto [seat, move] = legal_move(q0.state, rng); seat == 0) return q0.move(0, move);
    return q0.reach(q0.state["seq"].get<long long>() + 1, wait);
  };

  for (int i = 0; i < 8; ++i) ASSERT_TRUE(step_m1());
  for (int i = 0; i < 6 && q0.state["result"].is_null(); ++i)
    ASSERT_TRUE(step_m2(std::chrono::seconds(60)))
        << "M2 stalled at seq " << q0.state["seq"] << ", seat " << q0.state["to_move"]
        << " to move; B says " << http_request(b.port, "GET", "/api/matches/" + m2).body;
  ASSERT_TRUE(p0.state["result"].is_null()) << "M1 ended before the kill: make it longer";
  ASSERT_TRUE(q0.state["result"].is_null()) << "M2 ended before the kill: make it longer";

  // Seat 0 of M1 sends a move and A dies at once: it may or may not have been acknowledged.
  if (auto [seat, move] = legal_move(p0.state, rng); seat == 0) {
    p0.ws->send({{"type", "move"}, {"seat", 0}, {"seq", p0.state["seq"]}, {"move", move}});
    a.kill9();
    while (auto m = p0.ws->receive(std::chrono::milliseconds(300)))
      if ((*m)["type"] == "ack") p0.acked.emplace_back((*m)["seq"].get<long long>(), move);
  } else {
    a.kill9();
  }
  const auto killed = Clock::now();

  // A's clients come back through B (as through the balancer) and the matches go on there. M2
  // first: its first computer move after the kill waits for A's lease to expire, then B plays.
  q0.connect(b.port, m2, {q});
  watcher.connect(b.port, m2, {});
  double takeover_s = -1;
  for (int i = 0; i < 5000 && q0.state["result"].is_null(); ++i) {
    const bool computer_to_move = legal_move(q0.state, rng).first != 0;
    ASSERT_TRUE(step_m2(std::chrono::seconds(120))) << "M2 stalled at seq " << q0.state["seq"];
    if (computer_to_move && takeover_s < 0) {
      takeover_s = std::chrono::duration<double>(Clock::now() - killed).count();
      break;
    }
  }
  p0.connect(b.port, m1, {t0});
  ASSERT_TRUE(p12.reach(p0.state["seq"]));
  for (int i = 0; i < 5000 && step_m1(); ++i) {
  }
  EXPECT_FALSE(p0.state["result"].is_null()) << "M1 did not finish through B";
  for (int i = 0; i < 5000 && q0.state["result"].is_null(); ++i)
    ASSERT_TRUE(step_m2(std::chrono::seconds(120))) << "M2 stalled at seq " << q0.state["seq"];
  EXPECT_FALSE(q0.state["result"].is_null()) << "M2 did not finish through B";
  std::printf("the first computer move of M2 after the kill came %.2f s after it (lease %.1f s)\n",
              takeover_s, kLeaseS);
  // Bounded by the lease, with generous slack for a busy machine (no speed is asserted).
  EXPECT_GE(takeover_s, 0) << "no computer move after the kill";
  EXPECT_LT(takeover_s, kLeaseS + 60);

  expect_every_ack_recorded(b.port, m1, {&p0, &p12});
  expect_every_ack_recorded(b.port, m2, {&q0});
  EXPECT_GT(expect_others_goals_hidden(p0.transcript(), {0}, "M1 seat 0"), 0);
  EXPECT_GT(expect_others_goals_hidden(p12.transcript(), {1, 2}, "M1 seats 1 and 2"), 0);
  EXPECT_GT(expect_others_goals_hidden(q0.transcript(), {0}, "M2 seat 0"), 0);
  EXPECT_GT(expect_others_goals_hidden(watcher.transcript(), {}, "M2 spectator"), 0);
}

// An undo through one process (the history rewritten, not extended) reaches the viewers of the
// other, who read the whole match again: two servers in this process on one database.
TEST(Cluster, AnUndoThroughOneProcessRewindsTheViewersOfAnother) {
  const std::string db = fresh_database("postgresql", "cluster_undo");
  if (db.empty()) GTEST_SKIP() << "PostgreSQL is not available here: " << no_postgresql();
  const ServerOptions o = test_server_options(db);
  Server a(games::registry(), o), b(games::registry(), o);
  const json created = http_request(a.port(), "POST", "/api/matches",
                                    json{{"game", "relativity"},
                                         {"undo", true},
                                         {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}
                                        .dump())
                           .parsed();
  ASSERT_TRUE(created.contains("id")) << created.dump();
  const std::string id = created["id"];
  Player p0, watcher;
  p0.connect(a.port(), id, {created["seats"][0]["token"]});
  watcher.connect(b.port(), id, {});
  const json before = watcher.state["views"][0]["observation"];
  std::mt19937 rng(7);
  auto [seat, move] = legal_move(p0.state, rng);
  ASSERT_EQ(seat, 0);
  ASSERT_TRUE(p0.move(0, move));
  ASSERT_TRUE(watcher.reach(1));
  EXPECT_NE(watcher.state["views"][0]["observation"], before);
  p0.ws->send({{"type", "undo"}, {"seat", 0}, {"seq", 1}});
  auto ack = p0.ws->receive_type("ack", std::chrono::seconds(60));
  ASSERT_TRUE(ack);
  EXPECT_EQ((*ack)["seq"], 2);
  ASSERT_TRUE(watcher.reach(2)) << "B's viewer did not see the undo";
  EXPECT_EQ(watcher.state["views"][0]["observation"], before);
  EXPECT_EQ(b.lobby().find(id)->seq(), 2);
  // And a move through B after it is seen through A.
  Player p1;
  p1.connect(b.port(), id, {created["seats"][1]["token"]});
  ASSERT_TRUE(p0.reach(2));
  std::tie(seat, move) = legal_move(p0.state, rng);
  ASSERT_EQ(seat, 0);
  ASSERT_TRUE(p0.move(0, move));
  ASSERT_TRUE(p1.reach(3));
  std::tie(seat, move) = legal_move(p1.state, rng);
  ASSERT_EQ(seat, 1);
  ASSERT_TRUE(p1.move(1, move));
  ASSERT_TRUE(p0.reach(4)) << "A's player did not see B's move";
}

}  // namespace
}  // namespace tabletop::server
