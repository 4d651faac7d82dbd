// `make cluster-demo`'s layout, tested as a player meets it (in `make test` where PostgreSQL and
// nginx are installed, else skipped saying which is missing): scripts/cluster-demo on free ports
// with a throwaway PostgreSQL, two `tabletop serve` processes and nginx
// (deploy/cluster/nginx.conf); the page, an asset, a client route and `/api/games` through the
// balancer; a match created and played over WebSockets through it; one server killed with SIGKILL
// and the match played on through the balancer (the clients reconnect and `hello` again, as the web
// client does); then the script stopped with SIGTERM, and no process it started may be left.
#include <signal.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>

#include "gtest/gtest.h"
#include "testing/client.h"
#include "testing/cluster_launch.h"

namespace tabletop::server {
namespace {

using namespace std::chrono_literals;

// The two seats' connections through the balancer, and the match's last state.
struct Players {
  unsigned short port = 0;
  std::string id;
  std::vector<std::string> tokens;
  std::unique_ptr<WsClient> seat[2];
  long long seq = -1;

  json last[2];  // each seat's last state

  // (Re)connects both seats and reads the whole state each `hello` answers.
  void connect() {
    for (int s = 0; s < 2; ++s) {
      seat[s] = std::make_unique<WsClient>(port);
      seat[s]->send({{"type", "hello"}, {"match", id}, {"tokens", {tokens[std::size_t(s)]}}});
      const auto state = seat[s]->receive_type("state", 30s);
      ASSERT_TRUE(state) << "no state after hello for seat " << s;
      last[s] = *state;
      seq = (*state)["seq"];
    }
  }

  // One move by the seat to move (its first legal move); both seats must see it.
  void move() {
    const int mover = last[0]["to_move"];
    ASSERT_TRUE(mover == 0 || mover == 1) << last[0].dump();
    const json& legal = last[mover]["views"][0]["legal"];
    ASSERT_FALSE(legal.empty()) << last[mover].dump();
    seat[mover]->send(
        {{"type", "move"}, {"seat", mover}, {"seq", seq}, {"move", legal[0]["move"]}});
    const auto ack = seat[mover]->receive_type("ack", 30s);
    ASSERT_TRUE(ack) << "no ack for the move at seq " << seq;
    ASSERT_EQ((*ack)["seq"], seq + 1);
    ++seq;
    // Both connections (maybe on different servers) receive the broadcast.
    for (int s = 0; s < 2; ++s)
      for (;;) {
        const auto seen = seat[s]->receive_type("state", 30s);
        ASSERT_TRUE(seen) << "seat " << s << " never saw seq " << seq;
        last[s] = *seen;
        if ((*seen)["seq"] == seq) break;
      }
  }
};

TEST(ClusterDemo, ServesAndPlaysThroughTheBalancerSurvivesAKillAndLeavesNothingBehind) {
  const std::string why = ClusterDemo::unavailable(TABLETOP_SOURCE_DIR);
  if (!why.empty()) GTEST_SKIP() << "the cluster demo needs PostgreSQL and nginx: " << why;

  // A stand-in for web/dist (which `make test` does not build): a page and an asset.
  const std::filesystem::path web = std::filesystem::temp_directory_path() /
                                    ("cluster_demo_test_web_" + std::to_string(getpid()));
  struct Remove {
    std::filesystem::path path;
    ~Remove() { std::filesystem::remove_all(path); }
  } remove_web{web};  // however the test ends
  std::filesystem::create_directories(web / "assets");
  std::ofstream(web / "index.html") << "<!doctype html><title>cluster test page</title>\n";
  std::ofstream(web / "assets" / "app.js") << "console.log('cluster test asset');\n";

  std::vector<pid_t> leftovers;
  {
    ClusterDemo demo(TABLETOP_SOURCE_DIR, {"--port", "0", "--bin", TABLETOP_BIN_DIR "/tabletop",
                                           "--static", web.string()});
    ASSERT_EQ(demo.servers().size(), 2u) << demo.output();
    ASSERT_GT(demo.postgres_pid(), 0) << demo.output();
    const unsigned short port = demo.port();

    // The client's files and the API, through nginx.
    HttpReply page = http_request(port, "GET", "/");
    EXPECT_EQ(page.status, 200);
    EXPECT_NE(page.body.find("cluster test page"), std::string::npos) << page.body;
    EXPECT_NE(http_request(port, "GET", "/assets/app.js").body.find("cluster test asset"),
              std::string::npos);
    EXPECT_NE(http_request(port, "GET", "/match/0123456789abcdef").body.find("cluster test page"),
              std::string::npos);
    const HttpReply games = http_request(port, "GET", "/api/games");
    ASSERT_EQ(games.status, 200);
    ASSERT_TRUE(games.parsed().is_array());
    bool relativity = false;
    for (const json& g : games.parsed()) relativity |= g["id"] == "relativity";
    EXPECT_TRUE(relativity);

    // A match created and played through the balancer.
    const HttpReply created = http_request(
        port, "POST", "/api/matches",
        json{{"game", "relativity"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}.dump());
    ASSERT_EQ(created.status, 201) << created.body;
    const json match = created.parsed();
    Players players;
    players.port = port;
    players.id = match["id"];
    for (const json& s : match["seats"]) players.tokens.push_back(s["token"]);
    players.connect();
    for (int i = 0; i < 4; ++i) ASSERT_NO_FATAL_FAILURE(players.move());

    // One server dies; the balancer sends everyone to the other, and the match goes on.
    kill(demo.servers()[0].pid, SIGKILL);
    ASSERT_NO_FATAL_FAILURE(players.connect());
    EXPECT_EQ(players.seq, 4) << "an acknowledged move was lost with the killed server";
    for (int i = 0; i < 4; ++i) ASSERT_NO_FATAL_FAILURE(players.move());
    const json summary = http_request(port, "GET", "/api/matches/" + players.id).parsed();
    EXPECT_EQ(summary["seq"], 8);

    players.seat[0].reset();
    players.seat[1].reset();
    // SIGTERM, as Ctrl-C's trap would see it: the script stops everything and exits 143.
    EXPECT_EQ(demo.stop(), 143);
    leftovers = demo.leftovers();
  }
  EXPECT_TRUE(leftovers.empty()) << leftovers.size() << " processes outlived the demo, the first "
                                 << (leftovers.empty() ? 0 : leftovers[0]);
}

// One HTTP request to 127.0.0.1:`port` from the loopback address `from` (127.0.0.2 is another
// client than 127.0.0.3), with `headers` besides Host (127.0.0.1:`port`) and Connection: close.
HttpReply request_from(const std::string& from, unsigned short port, const std::string& method,
                       const std::string& target, const std::string& body,
                       const std::vector<std::pair<std::string, std::string>>& headers = {}) {
  namespace net = boost::asio;
  namespace http = boost::beast::http;
  net::io_context io;
  net::ip::tcp::socket socket(io);
  socket.open(net::ip::tcp::v4());
  socket.bind(net::ip::tcp::endpoint(net::ip::make_address(from), 0));
  socket.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> request{http::string_to_verb(method), target, 11};
  request.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  request.set(http::field::connection, "close");
  for (const auto& [name, value] : headers) request.set(name, value);
  request.body() = body;
  request.prepare_payload();
  http::write(socket, request);
  boost::beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(socket, buffer, response);
  return {int(response.result_int()), response.body(),
          std::string(response[http::field::retry_after])};
}

// Behind the balancer the servers count each client by the address nginx names (the demo starts
// them with --trusted-proxy 127.0.0.1): one client's uploads over --deck-rate leave another's
// alone, a header a client forges through nginx or sends to a server directly changes nothing,
// and the Host and Origin checks see what the browser sent.
TEST(ClusterDemo, TheServersCountEachClientBehindTheBalancer) {
  const std::string why = ClusterDemo::unavailable(TABLETOP_SOURCE_DIR);
  if (!why.empty()) GTEST_SKIP() << "the cluster demo needs PostgreSQL and nginx: " << why;
  ClusterDemo demo(TABLETOP_SOURCE_DIR,
                   {"--port", "0", "--bin", TABLETOP_BIN_DIR "/tabletop", "--static", "",
                    "--servers", "1", "--", "--deck-rate", "2"});
  ASSERT_EQ(demo.servers().size(), 1u) << demo.output();
  const unsigned short port = demo.port();
  std::string deck;  // two cards of the shape Google Contacts writes
  for (const char* name : {"Ada", "Grace"})
    deck += std::string("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:") + name +
            " Agent\r\nTEL:+1-215-555-1000\r\nTITLE:Librarian\r\n"
            "ADR;TYPE=WORK:;;1 Main Street;Philadelphia;PA;;USA\r\nX-TABLETOP-ARMY:Education\r\n"
            "END:VCARD\r\n";
  auto upload = [&](const std::string& from, unsigned short to,
                    const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    return request_from(from, to, "POST", "/api/decks?name=agents", deck, headers);
  };
  // 127.0.0.2 uses its two uploads; a forged X-Real-IP or X-Forwarded-For does not make it
  // another client (nginx sets X-Real-IP to the address it sees).
  EXPECT_EQ(upload("127.0.0.2", port).status, 201);
  EXPECT_EQ(upload("127.0.0.2", port).status, 201);
  const HttpReply third = upload("127.0.0.2", port);
  EXPECT_EQ(third.status, 429) << third.body;
  EXPECT_NE(third.body.find("too many new decks from your address"), std::string::npos);
  const std::vector<std::pair<std::string, std::string>> forged = {
      {"X-Real-IP", "198.51.100.7"}, {"X-Forwarded-For", "198.51.100.7"}};
  EXPECT_EQ(upload("127.0.0.2", port, forged).status, 429);
  // Another client through the same balancer has its own share.
  EXPECT_EQ(upload("127.0.0.3", port).status, 201);
  // Straight to the server (not the trusted balancer), the forged headers are ignored too: the
  // client is its own address, whose share is spent.
  EXPECT_EQ(upload("127.0.0.2", demo.servers()[0].port, forged).status, 429);

  // A browser's same-origin request passes through nginx with its Host; another site's does not.
  const std::string origin = "http://127.0.0.1:" + std::to_string(port);
  const std::string match = R"({"game":"relativity","seats":[{"kind":"human"},{"kind":"human"}]})";
  const std::vector<std::pair<std::string, std::string>> json_type = {
      {"Content-Type", "application/json"}};
  auto with = [&](std::vector<std::pair<std::string, std::string>> headers, const std::string& name,
                  const std::string& value) {
    headers.emplace_back(name, value);
    return headers;
  };
  EXPECT_EQ(request_from("127.0.0.2", port, "POST", "/api/matches", match,
                         with(json_type, "Origin", origin))
                .status,
            201);
  EXPECT_EQ(request_from("127.0.0.2", port, "POST", "/api/matches", match,
                         with(json_type, "Origin", "http://evil.example"))
                .status,
            403);
  EXPECT_EQ(
      request_from("127.0.0.2", port, "GET", "/api/games", "", {{"Host", "evil.example"}}).status,
      421);
}

// The committed files as an operator installs them: nginx accepts deploy/cluster/nginx.conf as it
// is (`nginx -t`), and systemd the template unit (`systemd-analyze verify`, with ExecStart
// pointing at the built binary instead of /usr/local/bin/tabletop).
TEST(ClusterConfig, NginxAndSystemdAcceptTheCommittedFiles) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("cluster_config_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir / "tmp");
  const std::string source = TABLETOP_SOURCE_DIR;
  int checked = 0;
  if (std::system("command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx") == 0) {
    const std::string nginx = "PATH=$PATH:/usr/sbin nginx -t -q -p '" + dir.string() + "' -c '" +
                              source + "/deploy/cluster/nginx.conf'";
    EXPECT_EQ(std::system((nginx + " 2>&1").c_str()), 0) << nginx;
    ++checked;
  }
  if (std::system("command -v systemd-analyze >/dev/null 2>&1") == 0) {
    std::ifstream in(source + "/deploy/cluster/tabletop@.service");
    std::string unit((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string installed = "/usr/local/bin/tabletop";
    ASSERT_NE(unit.find(installed), std::string::npos);
    unit.replace(unit.find(installed), installed.size(), TABLETOP_BIN_DIR "/tabletop");
    std::ofstream(dir / "tabletop@8081.service") << unit;
    const std::string verify =
        "cd '" + dir.string() + "' && systemd-analyze verify ./tabletop@8081.service 2>&1";
    EXPECT_EQ(std::system(verify.c_str()), 0) << verify;
    ++checked;
  }
  std::filesystem::remove_all(dir);
  if (checked == 0) GTEST_SKIP() << "neither nginx nor systemd-analyze is installed";
}

}  // namespace
}  // namespace tabletop::server
