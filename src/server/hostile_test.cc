// Hostile-client tests (issue 20): a real server in-process on loopback, spoken to with raw bytes
// as an attacker would. Every case must be answered with a JSON error of the right status, and
// the server must keep answering GET /api/games afterwards. No test depends on the machine's
// speed: limits are shown by counting, and the only waits are generous deadlines for something
// that must happen.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "core/error.h"
#include "games/games.h"
#include "server/server.h"
#include "testing/client.h"
#include "testing/test_server.h"

namespace tabletop::server {
namespace {

namespace fs = std::filesystem;
namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;

fs::path temp_dir() {
  const fs::path dir =
      fs::temp_directory_path() / ("tabletop_hostile_test_" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

std::string temp_db(const std::string& name) {
  return fresh_test_db("tabletop_hostile_test", name);
}

ServerOptions test_options(const std::string& name) {
  ServerOptions o = test_server_options(temp_db(name));
  o.messages_per_second = ServerOptions{}.messages_per_second;
  return o;
}

long rss_kib() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

// A TCP connection to the server from `from` (a loopback address: 127.0.0.2 counts as another
// client address than 127.0.0.1).
tcp::socket connect(net::io_context& io, unsigned short port, const std::string& from = "127.0.0.1",
                    int receive_buffer = 0) {
  tcp::socket socket(io);
  socket.open(tcp::v4());
  if (receive_buffer > 0) socket.set_option(net::socket_base::receive_buffer_size(receive_buffer));
  socket.bind(tcp::endpoint(net::ip::make_address(from), 0));
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  return socket;
}

struct RawReply {
  int status = 0;
  std::string body;
  json parsed() const { return json::parse(body, nullptr, false); }
};

// Sends `bytes` as they are and reads one HTTP response (or none, if the server closes first).
RawReply raw_exchange(unsigned short port, const std::string& bytes,
                      const std::string& from = "127.0.0.1") {
  net::io_context io;
  tcp::socket socket = connect(io, port, from);
  boost::system::error_code ec;
  net::write(socket, net::buffer(bytes), ec);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(socket, buffer, response, ec);
  if (ec) return {};
  return {int(response.result_int()), response.body()};
}

std::string post_bytes(const std::string& target, const std::string& body) {
  return "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
         "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

// The answer must be a JSON error of `status` whose text is valid UTF-8, and the server alive.
void expect_json_error(unsigned short port, const RawReply& reply, int status,
                       const std::string& what) {
  EXPECT_EQ(reply.status, status) << what << ": " << reply.body;
  const json error = reply.parsed();
  ASSERT_TRUE(error.is_object() && error.contains("error") && error["error"].is_string())
      << what << ": " << reply.body;
  const std::string text = error["error"].get<std::string>();
  EXPECT_EQ(valid_utf8(text), text) << what;
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200) << "after " << what;
}

TEST(Hostile, EveryMalformedRequestIsAJsonErrorAndTheServerServesOn) {
  Server server(games::registry(), test_options("malformed"));
  const unsigned short port = server.port();
  const std::string chunked =
      "POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n";
  // Beast used to throw std::length_error (std::terminate) for a field value this large.
  expect_json_error(port,
                    raw_exchange(port, chunked + "0\r\nX: " + std::string(65535, 'a') + "\r\n\r\n"),
                    431, "a 65,535-byte trailer");
  expect_json_error(port,
                    raw_exchange(port, chunked + "0\r\nX: " + std::string(20000, 'a') + "\r\n\r\n"),
                    431, "a 20,000-byte trailer (headers are capped at 16 KiB)");
  std::string extensions;
  for (int i = 0; i < 1000; ++i) extensions += ";a=b";
  expect_json_error(port, raw_exchange(port, chunked + "2" + extensions + "\r\n{}\r\n0\r\n\r\n"),
                    400, "a 4,000-byte chunk extension");
  expect_json_error(port,
                    raw_exchange(port, "GET /api/" + std::string(20000, 'a') + " HTTP/1.1\r\n\r\n"),
                    431, "a 20,000-byte request line");

  // Invalid UTF-8 wherever it may reach an error message (it used to abort writing the error).
  const std::vector<std::string> bad_utf8_bodies = {
      "{\"game\":\"\xff\",\"seats\":[{\"kind\":\"human\"}]}",
      "{\"game\":\"relativity\",\"params\":{\"coins\":\"\xff\"},\"seats\":[{\"kind\":\"human\"},"
      "{\"kind\":\"human\"}]}",
      "{\"game\":\"conspiracy-tcg\",\"params\":{\"decks\":\"\xff\"},\"seats\":[{\"kind\":"
      "\"human\"},{\"kind\":\"human\"}]}",
      "{\"game\":\"conspiracy-tcg\",\"params\":{\"venue\":\"\xff\"},\"seats\":[{\"kind\":"
      "\"human\"},{\"kind\":\"human\"}]}",
      "{\"game\":\"relativity\",\"seats\":[{\"kind\":\"\xff\"},{\"kind\":\"human\"}]}",
      "{\"game\":\"relativity\",\"seats\":[{\"kind\":\"computer\",\"strength\":\"\xff\"},"
      "{\"kind\":\"human\"}]}",
      "{\"game\":\"\xc0\xaf\xed\xa0\x80\",\"seats\":[]}",  // overlong and surrogate forms
  };
  for (const std::string& body : bad_utf8_bodies)
    expect_json_error(port, raw_exchange(port, post_bytes("/api/matches", body)), 400,
                      "POST " + one_line(body));
  // A seat's kind of the wrong JSON type is the client's error, not the server's (was 500).
  for (const char* kind : {"5", "null", "[1,2]", "{}"})
    expect_json_error(
        port,
        raw_exchange(port, post_bytes("/api/matches",
                                      std::string(R"({"game":"relativity","seats":[{"kind":)") +
                                          kind + R"(},{"kind":"human"}]})")),
        400, std::string("seat kind ") + kind);
  expect_json_error(
      port,
      raw_exchange(port, "GET /api/\xff HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
      400, "a raw 0xff in the path");
  expect_json_error(
      port,
      raw_exchange(port, "GET /\x01\x7f HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
      400, "control bytes in the path");

  // POST /join with a seat past 32 bits must not wrap around to seat 1.
  const json created =
      http_request(
          port, "POST", "/api/matches",
          R"({"game":"relativity","seats":[{"kind":"human"},{"kind":"human","open":true}]})")
          .parsed();
  const std::string id = created["id"];
  for (const char* seat : {"4294967297", "-1", "18446744073709551617", "1.0", "\"1\""})
    expect_json_error(port,
                      raw_exchange(port, post_bytes("/api/matches/" + id + "/join",
                                                    std::string("{\"seat\":") + seat + "}")),
                      400, std::string("join seat ") + seat);
  EXPECT_EQ(http_request(port, "GET", "/api/matches/" + id).parsed()["seats"][1]["claimed"], false);

  // The record of an unfinished match is refused for every valid format (403); a request wrong
  // whatever the match's state is a 400 first.
  for (const char* format : {"", "?format=json", "?format=ppn"})
    expect_json_error(
        port,
        raw_exchange(port, "GET /api/matches/" + id + "/record" + format +
                               " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
        403, std::string("record") + format);
  expect_json_error(
      port,
      raw_exchange(port, "GET /api/matches/" + id +
                             "/record?format=pgn HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
      400, "record in an unknown format");

  // WebSocket handshakes Beast would refuse in plain text are JSON like every other answer.
  const std::string upgrade =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n";
  expect_json_error(port,
                    raw_exchange(port, upgrade + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                                 "Sec-WebSocket-Version: 12\r\n\r\n"),
                    426, "WebSocket version 12");
  expect_json_error(port, raw_exchange(port, upgrade + "Sec-WebSocket-Version: 13\r\n\r\n"), 400,
                    "WebSocket without a key");
  expect_json_error(port,
                    raw_exchange(port, upgrade + "Sec-WebSocket-Key: " + std::string(200, 'k') +
                                           "\r\nSec-WebSocket-Version: 13\r\n\r\n"),
                    400, "WebSocket with a 200-byte key");
}

TEST(Hostile, StaticFilesServeOnlyRegularFiles) {
  ServerOptions o = test_options("static");
  const fs::path dist = temp_dir() / "dist";
  fs::create_directories(dist / "assets");
  std::ofstream(dist / "index.html") << "<!doctype html><title>t</title>";
  std::ofstream(dist / "assets" / "app.js") << "1;";
  o.static_dir = dist.string();
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  auto get = [&](const std::string& target) {
    return raw_exchange(
        port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  };
  EXPECT_EQ(get("/assets/app.js").status, 200);
  // A directory is no file: 404, not a 200 with an empty body.
  expect_json_error(port, get("/assets"), 404, "GET /assets");
  expect_json_error(port, get("/assets/"), 404, "GET /assets/");
  expect_json_error(port, get("/../etc/passwd"), 400, "GET /../etc/passwd");
  EXPECT_EQ(get("/match/0123456789abcdef").status, 200);  // a client route loads the app
}

TEST(Hostile, StaticFilesNeverLeaveTheRoot) {
  // Outside the root: a secret file; inside it, a symlink to the secret, one to /etc/passwd, one to
  // a file inside (served), a FIFO and a link to /dev/zero (neither blocks nor is served).
  ServerOptions o = test_options("static_root");
  const fs::path base = temp_dir() / "root_test";
  fs::remove_all(base);
  const fs::path dist = base / "dist";
  fs::create_directories(dist / "assets");
  std::ofstream(dist / "index.html") << "<!doctype html><title>t</title>";
  std::ofstream(dist / "assets" / "app.js") << "1;";
  std::ofstream(base / "secret.txt") << "the-secret-is-here";
  fs::create_symlink(base / "secret.txt", dist / "assets" / "leak.js");
  fs::create_symlink("../../secret.txt", dist / "assets" / "relative.js");
  fs::create_symlink("/etc/passwd", dist / "passwd.txt");
  fs::create_symlink(base, dist / "up");
  fs::create_symlink(dist / "assets" / "app.js", dist / "inside.js");
  fs::create_symlink("/dev/zero", dist / "zero.js");
  ASSERT_EQ(mkfifo((dist / "fifo.js").c_str(), 0600), 0);
  o.static_dir = dist.string();
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  auto get = [&](const std::string& target) {
    return raw_exchange(
        port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  };
  EXPECT_EQ(get("/inside.js").body, "1;");        // a symlink that stays inside is served
  EXPECT_EQ(get("/assets/%61pp.js").body, "1;");  // escapes are decoded
  for (const char* target :
       {"/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/assets/%2e%2e/%2e%2e/secret.txt",
        "/..%2fsecret.txt", "/%2e%2e%2fsecret.txt", "/assets/app.js%00.html", "/a%5c..%5cb", "/%zz",
        "/%2", "/.%2e/secret.txt"}) {
    const RawReply reply = get(target);
    expect_json_error(port, reply, 400, std::string("GET ") + target);
    EXPECT_EQ(reply.body.find("the-secret"), std::string::npos) << target;
  }
  for (const char* target : {"/assets/leak.js", "/assets/relative.js", "/passwd.txt",
                             "/up/secret.txt", "/zero.js", "/fifo.js"}) {
    const RawReply reply = get(target);
    expect_json_error(port, reply, 404, std::string("GET ") + target);
    EXPECT_EQ(reply.body.find("the-secret"), std::string::npos) << target;
    EXPECT_EQ(reply.body.find("root:"), std::string::npos) << target;
  }
}

TEST(Hostile, OutOfDescriptorsTheServerBacksOffAndServesOnceTheyFree) {
  // The process's descriptor limit is lowered to a few past those open now, and 60 client sockets
  // (opened before) connect: the server runs out of descriptors while accepting them. It must
  // pause between failed accepts (a spinning loop fails hundreds of thousands of times a second)
  // and serve again once descriptors free up.
  ServerOptions o = test_options("emfile");
  o.max_connections = 0;
  o.max_connections_per_address = 0;
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  net::io_context io;
  std::vector<tcp::socket> clients;
  for (int i = 0; i < 60; ++i) {
    clients.emplace_back(io);
    clients.back().open(tcp::v4());
  }
  // Descriptors are numbered lowest free first and the limit bounds the number: fill every free
  // number below the highest in use, so that only a few are left under the limit.
  int highest = 0;
  for (const auto& entry : fs::directory_iterator("/proc/self/fd"))
    highest = std::max(highest, std::stoi(entry.path().filename().string()));
  std::vector<int> fillers;
  for (int fd = dup(0); fd >= 0; fd = dup(0)) {
    fillers.push_back(fd);
    if (fd >= highest) break;
  }
  highest = fillers.empty() ? highest : std::max(highest, fillers.back());
  rlimit old{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &old), 0);
  rlimit low = old;
  low.rlim_cur = rlim_t(highest + 8);
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &low), 0);
  for (tcp::socket& c : clients) c.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  const bool ran_out =
      eventually([&] { return server.accept_failures() > 0; }, std::chrono::seconds(20));
  const std::size_t failures_before = server.accept_failures();
  const auto start = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const std::size_t failures = server.accept_failures() - failures_before;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &old), 0);
  for (int fd : fillers) close(fd);
  std::cout << failures << " failed accepts in " << seconds << " s out of descriptors\n";
  ASSERT_TRUE(ran_out) << "the server never ran out of descriptors";
  // One failed accept per 100 ms pause (twice that and 10 more for slack), not a spin.
  EXPECT_LE(double(failures), 20 * seconds + 10)
      << failures << " failed accepts in " << seconds << " s: the accept loop spins";
  // Descriptors free up (the limit is back, half the clients leave): every waiting connection is
  // accepted and a new request is answered.
  clients.erase(clients.begin() + 30, clients.end());
  EXPECT_TRUE(eventually([&] {
    try {
      return http_request(port, "GET", "/api/games").status == 200;
    } catch (const std::exception&) {
      return false;
    }
  }));
  EXPECT_TRUE(eventually([&] { return server.connections() >= 30; }));
}

TEST(Hostile, ConnectionsAreCappedInTotalAndPerAddress) {
  ServerOptions o = test_options("caps");
  o.max_connections = 4;
  o.max_connections_per_address = 2;
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  net::io_context io;
  std::vector<tcp::socket> idle;
  // Two idle connections from 127.0.0.1: its share.
  for (int i = 0; i < 2; ++i) idle.push_back(connect(io, port, "127.0.0.1"));
  ASSERT_TRUE(eventually([&] { return server.connections() == 2; }));
  const std::string get = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  RawReply third = raw_exchange(port, get, "127.0.0.1");
  EXPECT_EQ(third.status, 429) << third.body;
  EXPECT_NE(third.parsed().value("error", "").find("too many connections from your address"),
            std::string::npos)
      << third.body;
  // A WebSocket upgrade over the cap is refused with JSON too.
  RawReply ws =
      raw_exchange(port,
                   "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: "
                   "websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   "Sec-WebSocket-Version: 13\r\n\r\n",
                   "127.0.0.1");
  EXPECT_EQ(ws.status, 429) << ws.body;
  // Another address still gets in, until the total is reached.
  EXPECT_EQ(raw_exchange(port, get, "127.0.0.2").status, 200);
  // That connection is closed once the server has seen it close (else it would still count
  // against 127.0.0.2's share when the two below arrive).
  ASSERT_TRUE(eventually([&] { return server.connections() == 2; }));
  for (int i = 0; i < 2; ++i) idle.push_back(connect(io, port, "127.0.0.2"));
  ASSERT_TRUE(eventually([&] { return server.connections() == 4; }));
  RawReply full = raw_exchange(port, get, "127.0.0.3");
  EXPECT_EQ(full.status, 503) << full.body;
  EXPECT_NE(full.parsed().value("error", "").find("the server is full"), std::string::npos)
      << full.body;
  // Closing gives the slots back.
  idle.clear();
  ASSERT_TRUE(eventually([&] { return server.connections() == 0; }));
  EXPECT_EQ(raw_exchange(port, get, "127.0.0.3").status, 200);
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200);
}

// A playable JSON deck of `count` cards whose every last name is `mark` followed by the card's
// number (each card annotated with an army).
std::string marked_deck(const std::string& mark, int count) {
  json cards = json::array();
  for (int i = 0; i < count; ++i)
    cards.push_back({{"first_name", "Agent"},
                     {"last_name", mark + std::to_string(i)},
                     {"phone", "+1-215-555-" + std::to_string(1000 + i)},
                     {"occupation", "Librarian"},
                     {"army", "Education"}});
  return json{{"name", "marked"}, {"cards", cards}}.dump();
}

// The hello of `tokens` in `match` on a new connection: every raw text it received.
std::string hello_transcript(unsigned short port, const std::string& match,
                             const std::vector<std::string>& tokens) {
  WsClient c(port);
  c.send({{"type", "hello"}, {"match", match}, {"tokens", tokens}});
  EXPECT_TRUE(c.receive_type("state").has_value()) << match;
  std::string all;
  for (const std::string& text : c.transcript()) all += text;
  return all;
}

// A client once made the server open its own files through the card game's uploaded_decks (any
// value not a sample or upload: was a path). No parameter from a client names a file now: the
// file and server-only parameters are refused by name, whatever their value, and the answer tells
// nothing of the file (its cards, whether it exists).
TEST(Hostile, NoMatchRequestMakesTheServerOpenAFile) {
  Server server(games::registry(), test_options("no_file"));
  const unsigned short port = server.port();
  const fs::path contacts = temp_dir() / "contacts.vcf";
  std::ofstream(contacts)
      << "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Secretia Phonebook\r\nN:Phonebook;"
         "Secretia;;;\r\nTEL:+1-215-555-0199\r\nTITLE:Librarian\r\nEND:VCARD\r\n";
  const json seats = {{{"kind", "human"}}, {{"kind", "human"}}};
  const std::vector<std::string> values = {contacts.string(),
                                           contacts.string() + ",agency-field-office",
                                           "upload:" + std::string(32, 'a'),
                                           "agency-field-office",
                                           "/etc/passwd",
                                           "../../../../etc/passwd",
                                           temp_dir().string(),
                                           "/dev/zero"};
  for (const std::string key : {"uploaded_decks", "decks", "gazetteer"}) {
    std::string first;
    for (const std::string& value : values) {
      const json body = {
          {"game", "conspiracy-tcg"}, {"params", {{key, value}, {"players", 2}}}, {"seats", seats}};
      const RawReply r = raw_exchange(port, post_bytes("/api/matches", body.dump()));
      expect_json_error(port, r, 400, key + "=" + value);
      const std::string error = r.parsed().value("error", "");
      EXPECT_NE(error.find("'" + key + "'"), std::string::npos) << error;
      for (const std::string secret : {"Secretia", "555-0199", "root:", "No such file", "directory",
                                       "regular file", "contacts.vcf"})
        EXPECT_EQ(r.body.find(secret), std::string::npos) << key << "=" << value << ": " << r.body;
      if (first.empty()) first = error;
      EXPECT_EQ(error, first) << "the answer differs by value";
    }
  }
  EXPECT_NE(
      http_request(
          port, "POST", "/api/matches",
          json{{"game", "conspiracy-tcg"}, {"params", {{"uploaded_decks", "x"}}}, {"seats", seats}}
              .dump())
          .parsed()
          .value("error", "")
          .find("is set by the server alone"),
      std::string::npos);
}

// A deck snapshot is read only through the match it was made for: the lobby, the state messages
// and a spectator see no key, and a new match made with a match's listed parameters plays none of
// its cards.
TEST(Hostile, ALobbyValueOpensNoSnapshotInAnotherMatch) {
  Server server(games::registry(), test_options("snapshot_key"));
  const unsigned short port = server.port();
  const HttpReply up = http_request(port, "POST", "/api/decks", marked_deck("Quartermaine", 12));
  ASSERT_EQ(up.status, 201) << up.body;
  const std::string deck_id = up.parsed()["id"];
  const json seats = {{{"kind", "human"}}, {{"kind", "human"}}};
  const HttpReply a = http_request(
      port, "POST", "/api/matches",
      json{
          {"game", "conspiracy-tcg"}, {"decks", {deck_id, "agency-field-office"}}, {"seats", seats}}
          .dump());
  ASSERT_EQ(a.status, 201) << a.body;
  const std::string a_id = a.parsed()["id"];
  const std::string owner = a.parsed()["seats"][0]["token"];
  // The deck is played where it was given (seat 0 sees its cards).
  EXPECT_NE(hello_transcript(port, a_id, {owner}).find("Quartermaine"), std::string::npos);
  const std::string spectator = hello_transcript(port, a_id, {});
  EXPECT_EQ(spectator.find("upload:"), std::string::npos);
  const HttpReply lobby = http_request(port, "GET", "/api/matches");
  ASSERT_EQ(lobby.status, 200);
  EXPECT_EQ(lobby.body.find("upload:"), std::string::npos) << lobby.body;
  EXPECT_EQ(lobby.body.find("Quartermaine"), std::string::npos);
  EXPECT_EQ(lobby.body.find(deck_id), std::string::npos);
  for (const json& m : lobby.parsed()) {
    if (m["game"] != "conspiracy-tcg") continue;
    // Copied into a new match: made (the values are anyone's), with none of the deck's cards.
    const HttpReply b = http_request(
        port, "POST", "/api/matches",
        json{{"game", "conspiracy-tcg"}, {"params", m["params"]}, {"seats", seats}}.dump());
    ASSERT_EQ(b.status, 201) << b.body;
    const json created = b.parsed();
    const std::string seen = hello_transcript(
        port, created["id"], {created["seats"][0]["token"], created["seats"][1]["token"]});
    EXPECT_EQ(seen.find("Quartermaine"), std::string::npos);
  }
  // Naming a snapshot by what a client knows (the deck's id) is refused like any other value.
  const HttpReply guess = http_request(port, "POST", "/api/matches",
                                       json{{"game", "conspiracy-tcg"},
                                            {"params", {{"uploaded_decks", "upload:" + deck_id}}},
                                            {"seats", seats}}
                                           .dump());
  EXPECT_EQ(guess.status, 400);
  EXPECT_EQ(guess.body.find("Quartermaine"), std::string::npos);
}

TEST(Hostile, MatchCreationHasItsOwnLimitPerAddress) {
  ServerOptions o = test_options("create_limit");
  o.matches_per_minute = 3;  // bursts of 3, then one every 20 s
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  const std::string body = R"({"game":"relativity","seats":[{"kind":"human"},{"kind":"human"}]})";
  int created = 0, refused = 0;
  HttpReply last;
  for (int i = 0; i < 6; ++i) {
    last = http_request(port, "POST", "/api/matches", body);
    (last.status == 201 ? created : refused)++;
  }
  EXPECT_EQ(created, 3);
  EXPECT_EQ(refused, 3);
  EXPECT_EQ(last.status, 429);
  EXPECT_NE(last.parsed().value("error", "").find("too many new matches"), std::string::npos)
      << last.body;
  EXPECT_FALSE(last.retry_after.empty());
  // Everything else is served as before.
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200);
  EXPECT_EQ(http_request(port, "GET", "/api/matches").status, 200);
}

// Behind a balancer every client arrives from the balancer's address: with --trusted-proxy the
// per-address limits count the X-Real-IP it names; from any other peer the header is ignored.
TEST(Hostile, OnlyATrustedProxyNamesTheClientForThePerAddressLimits) {
  const std::string body = R"({"game":"relativity","seats":[{"kind":"human"},{"kind":"human"}]})";
  auto create_as = [&](unsigned short port, const std::string& from, const std::string& client) {
    return raw_exchange(port,
                        "POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Real-IP: " + client +
                            "\r\nContent-Type: application/json\r\nContent-Length: " +
                            std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body,
                        from)
        .status;
  };
  ServerOptions o = test_options("trusted_proxy");
  o.matches_per_minute = 1;  // one new match a minute per address
  o.trusted_proxies = {"127.0.0.2"};
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  // Through the trusted balancer: two clients, one match each; the first again is refused.
  EXPECT_EQ(create_as(port, "127.0.0.2", "198.51.100.1"), 201);
  EXPECT_EQ(create_as(port, "127.0.0.2", "198.51.100.2"), 201);
  EXPECT_EQ(create_as(port, "127.0.0.2", "198.51.100.1"), 429);
  // A header that is not an address counts as the balancer itself (its first match).
  EXPECT_EQ(create_as(port, "127.0.0.2", "not-an-address"), 201);
  EXPECT_EQ(create_as(port, "127.0.0.2", "also not"), 429);
  // A client reaching the server directly cannot pose as others by forging the header.
  EXPECT_EQ(create_as(port, "127.0.0.3", "198.51.100.3"), 201);
  EXPECT_EQ(create_as(port, "127.0.0.3", "198.51.100.4"), 429);
}

TEST(Hostile, IdleConnectionsAreClosed) {
  ServerOptions o = test_options("idle");
  o.http_idle_s = 1;
  o.ws_idle_s = 2;
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  net::io_context io;
  // An HTTP connection that sends nothing, and one that sends half a request.
  tcp::socket silent = connect(io, port);
  tcp::socket slow = connect(io, port);
  net::write(slow, net::buffer(std::string("GET /api/games HTTP/1.1\r\nHo")));
  // A WebSocket client that never reads, so never answers the server's pings.
  auto deaf = std::make_unique<WsClient>(port);
  ASSERT_TRUE(eventually([&] { return server.connections() == 3; }));
  // The server closes all three on its own.
  EXPECT_TRUE(eventually([&] { return server.connections() == 0; }))
      << server.connections() << " still open";
  char byte;
  boost::system::error_code ec;
  silent.read_some(net::buffer(&byte, 1), ec);
  EXPECT_TRUE(ec == net::error::eof || ec == net::error::connection_reset) << ec.message();
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200);
}

// A spectator that stops reading while a computer-only match plays: the match runs to its end
// regardless, another viewer receives every change, and the stalled one, once it reads again,
// gets far fewer states than there were plies (the intermediate ones were coalesced away; its
// seq jumps) ending with the final one. The server's memory stays bounded throughout.
// A new computer-only Culture Wars match of 120 rounds (easy against easy), its id ("" on failure).
std::string culture_wars_computer_match(unsigned short port) {
  const json created =
      http_request(
          port, "POST", "/api/matches",
          R"({"game":"culture-wars","params":{"max_rounds":120},"seats":[)"
          R"({"kind":"computer","strength":"easy"},{"kind":"computer","strength":"easy"}]})")
          .parsed();
  return created.contains("id") ? created["id"].get<std::string>() : "";
}

// A spectator of match `id` that says hello and then reads nothing: a 4 KiB receive buffer.
beast::websocket::stream<tcp::socket> stalled_reader(net::io_context& io, unsigned short port,
                                                     const std::string& id) {
  beast::websocket::stream<tcp::socket> slow(connect(io, port, "127.0.0.1", 4096));
  slow.read_message_max(64 * 1024 * 1024);
  slow.handshake("127.0.0.1", "/ws");
  slow.write(net::buffer(json{{"type", "hello"}, {"match", id}}.dump()));
  return slow;
}

// Each view's log by seat, as a client holds it: the index of its first line held, and the lines.
using HeldLogs = std::map<int, std::pair<std::size_t, std::vector<std::string>>>;

// Adds the log lines of `state`'s views to `logs` as a client does (cut at log_from, then append;
// a `log_reset` starts the log afresh at log_from). False on a gap: a log_from past what arrived
// before (a state's lines lost, the client would have to say hello again). `resent` counts the
// lines sent again (a log_from before the end of what arrived): none while the match runs (the
// final state starts the record's log afresh, by design).
bool add_log_lines(const json& state, HeldLogs& logs, std::size_t& resent) {
  for (const json& view : state["views"]) {
    auto& [base, log] = logs[view.value("seat", -2)];
    const std::size_t from = view.value("log_from", std::size_t(0));
    if (view.value("log_reset", false)) {
      base = from;
      log.clear();
    }
    if (from < base || from - base > log.size()) return false;
    if (state["result"].is_null()) resent += log.size() - (from - base);
    log.resize(from - base);
    for (const json& line : view["log"]) log.push_back(line.dump());
  }
  return true;
}

TEST(Hostile, ASlowReaderNeverHoldsUpTheMatchNorGrowsTheServer) {
  Server server(games::registry(), test_options("slow_reader"));
  const unsigned short port = server.port();
  const long rss_before = rss_kib();
  const std::string id = culture_wars_computer_match(port);
  ASSERT_FALSE(id.empty());

  // The slow reader: a tiny receive buffer, a hello, then nothing read at all.
  net::io_context io;
  beast::websocket::stream<tcp::socket> slow = stalled_reader(io, port, id);

  // A viewer that keeps up sees the match through to its result (read and dropped, so that this
  // process's memory is the server's).
  beast::websocket::stream<tcp::socket> fast(connect(io, port));
  fast.read_message_max(64 * 1024 * 1024);
  fast.handshake("127.0.0.1", "/ws");
  fast.write(net::buffer(json{{"type", "hello"}, {"match", id}}.dump()));
  long long last_seq = -1;
  long peak_rss = rss_kib();
  std::size_t bytes = 0;
  bool finished = false;
  HeldLogs fast_logs, slow_logs;
  std::size_t fast_resent = 0, slow_resent = 0;
  while (!finished) {
    beast::flat_buffer buffer;
    fast.read(buffer);  // the match has no human seat: it ends on its own
    bytes += buffer.size();
    const json m = json::parse(beast::buffers_to_string(buffer.data()));
    peak_rss = std::max(peak_rss, rss_kib());
    if (m["type"] != "state") continue;
    EXPECT_TRUE(add_log_lines(m, fast_logs, fast_resent)) << "a gap in the log at seq " << m["seq"];
    EXPECT_GE(m["seq"].get<long long>(), last_seq);
    last_seq = m["seq"];
    finished = !m["result"].is_null();
  }
  ASSERT_GT(last_seq, 50) << "a match too short to show anything";
  // What the server would have kept for the stalled reader without coalescing (state messages
  // carry only the new log lines, so this is the stream's size, not a full state per ply).
  std::cout << last_seq << " changes, " << bytes << " bytes to the viewer that kept up\n";

  // Now the slow reader reads what was kept for it.
  int states = 0;
  long long its_seq = -1;
  bool its_end = false;
  while (!its_end) {
    beast::flat_buffer buffer;
    slow.read(buffer);
    const json m = json::parse(beast::buffers_to_string(buffer.data()));
    if (m["type"] != "state") continue;
    // The states it could not take were coalesced, their log lines carried into the next: no gap.
    EXPECT_TRUE(add_log_lines(m, slow_logs, slow_resent)) << "a gap in the log at seq " << m["seq"];
    ++states;
    EXPECT_GT(m["seq"].get<long long>(), its_seq);
    its_seq = m["seq"];
    its_end = !m["result"].is_null();
  }
  EXPECT_EQ(its_seq, last_seq);
  // Every log line exactly once while the match ran (no gap, nothing sent twice), without a second
  // hello: the same whole logs as the reader that kept up.
  EXPECT_EQ(slow_logs, fast_logs);
  ASSERT_EQ(slow_logs.size(), 1u);
  EXPECT_GT(slow_logs.begin()->second.second.size(), 100u);
  EXPECT_EQ(slow_resent, 0u);
  EXPECT_EQ(fast_resent, 0u);
  // Far fewer states than changes: the ones it could not take were coalesced away.
  EXPECT_LT(states, last_seq / 2) << states << " states for " << last_seq << " changes";
  // Loosely: the server did not keep a copy of every state for the stalled reader (a Culture Wars
  // match's states add up to hundreds of MB).
  EXPECT_LT(peak_rss - rss_before, 200 * 1024)
      << "RSS grew from " << rss_before << " to " << peak_rss << " KiB";
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200);
}

TEST(Hostile, AReaderPastTheQueueLimitIsToldWhyAndClosed) {
  // --ws-queue-bytes 4096: a reader that stalls while a computer-only match runs has more than
  // that waiting for it soon (the log lines its coalesced states carry); it is forgotten by the
  // room at once, and when it reads again it finds an error naming the flag and a close frame.
  ServerOptions o = test_options("queue_limit");
  o.ws_queue_bytes = 4096;
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  const std::string id = culture_wars_computer_match(port);
  ASSERT_FALSE(id.empty());
  net::io_context io;
  beast::websocket::stream<tcp::socket> slow = stalled_reader(io, port, id);
  // Wait until the match is over (its summary says so), reading nothing meanwhile.
  ASSERT_TRUE(eventually([&] {
    return http_request(port, "GET", "/api/matches/" + id).parsed().value("status", "") ==
           "finished";
  }));
  // What it reads: the states written before it stalled, then the error and the close (a reader
  // that got the final state instead was never past the limit: the test fails below).
  std::string error;
  beast::error_code ec;
  bool final_state = false;
  while (!ec && !final_state) {
    beast::flat_buffer buffer;
    slow.read(buffer, ec);
    if (ec) break;
    const json m = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
    if (m.value("type", "") == "error") error = m.value("message", "");
    final_state = m.value("type", "") == "state" && !m["result"].is_null();
  }
  EXPECT_FALSE(final_state) << "the stalled reader was never over the limit";
  EXPECT_NE(error.find("--ws-queue-bytes"), std::string::npos) << error;
  EXPECT_EQ(ec, beast::websocket::error::closed) << ec.message();
  EXPECT_NE(std::string(slow.reason().reason.c_str()).find("4096 bytes"), std::string::npos)
      << slow.reason().reason.c_str();
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200);
}

}  // namespace
}  // namespace tabletop::server
