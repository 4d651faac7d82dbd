// Hostile-client tests of what other web sites can make the server do (cross_site.h): a real
// server in-process on loopback, spoken to with the raw requests a page on evil.example would
// make its visitor's browser send (cross-origin POSTs, form content types, a cross-site
// WebSocket, DNS rebinding's foreign Host), and WebSockets that never say hello. Each is refused
// with a JSON error of the right status, nothing is created, and the server answers
// GET /api/games after each.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <filesystem>
#include <fstream>
#include <thread>

#include "games/games.h"
#include "server/addresses.h"
#include "server/cross_site.h"
#include "server/server.h"
#include "testing/client.h"
#include "testing/test_server.h"

namespace tabletop::server {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

ServerOptions site_options(const std::string& name) {
  ServerOptions o = test_server_options(fresh_test_db("tabletop_hostile_site_test", name));
  o.messages_per_second = ServerOptions{}.messages_per_second;
  return o;
}

struct Reply {
  int status = 0;
  std::string body;
  http::response_header<> header;
  json parsed() const { return json::parse(body, nullptr, false); }
  std::string field(const std::string& name) const { return std::string(header[name]); }
};

// Sends `bytes` as they are on a fresh connection and reads one HTTP response (status 0 if the
// server closes first).
Reply ask(unsigned short port, const std::string& bytes) {
  net::io_context io;
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  boost::system::error_code ec;
  net::write(socket, net::buffer(bytes), ec);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(false);
  http::read(socket, buffer, parser, ec);
  if (ec) return {};
  return {int(parser.get().result_int()), parser.get().body(), parser.get().base()};
}

// A request with `headers` (each "Name: value\r\n") and `body`, on its own connection.
std::string request(const std::string& method, const std::string& target,
                    const std::string& headers, const std::string& body = {}) {
  return method + " " + target + " HTTP/1.1\r\n" + headers +
         (body.empty() ? "" : "Content-Length: " + std::to_string(body.size()) + "\r\n") +
         "Connection: close\r\n\r\n" + body;
}

std::string upgrade(const std::string& headers) {
  return "GET /ws HTTP/1.1\r\n" + headers +
         "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
}

const std::string kNewMatch =
    R"({"game":"relativity","seats":[{"kind":"human"},{"kind":"human"}]})";

std::size_t matches(unsigned short port) {
  return http_request(port, "GET", "/api/matches").parsed().size();
}

// The answer must be a JSON error of `status` whose text holds `words`, and the server alive.
void expect_refused(unsigned short port, const Reply& reply, int status, const std::string& words,
                    const std::string& what) {
  EXPECT_EQ(reply.status, status) << what << ": " << reply.body;
  const json error = reply.parsed();
  ASSERT_TRUE(error.is_object() && error.contains("error") && error["error"].is_string())
      << what << ": " << reply.body;
  EXPECT_NE(error["error"].get<std::string>().find(words), std::string::npos)
      << what << ": " << reply.body;
  EXPECT_EQ(reply.field("Content-Type"), "application/json") << what;
  EXPECT_EQ(reply.field("X-Content-Type-Options"), "nosniff") << what;
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200) << "after " << what;
}

TEST(HostileSite, CrossOriginRequestsAndFormContentTypesAreRefused) {
  Server server(games::registry(), site_options("cross_origin"));
  const unsigned short port = server.port();
  const std::string host = "Host: 127.0.0.1:" + std::to_string(port) + "\r\n";
  const std::string json_type = "Content-Type: application/json\r\n";

  // A page on another site posting JSON (after a preflight the server never grants), or a plain
  // form (no preflight at all): 403 before anything is created.
  const std::vector<std::pair<std::string, std::string>> foreign = {
      {"Origin: http://evil.example\r\n", "Origin 'http://evil.example'"},
      {"Origin: null\r\n", "Origin 'null'"},
      {"Origin: http://127.0.0.1:1\r\n", "Origin 'http://127.0.0.1:1'"},  // another port
      {"Sec-Fetch-Site: cross-site\r\nOrigin: http://evil.example\r\n", "another site"},
      {"Sec-Fetch-Site: same-site\r\n", "another origin"},
      // The browser's word wins over an Origin that happens to match the Host.
      {"Sec-Fetch-Site: cross-site\r\nOrigin: http://127.0.0.1:" + std::to_string(port) + "\r\n",
       "another site"},
  };
  for (const auto& [headers, words] : foreign) {
    expect_refused(
        port, ask(port, request("POST", "/api/matches", host + json_type + headers, kNewMatch)),
        403, words, "POST /api/matches with " + headers);
    expect_refused(port, ask(port, request("POST", "/api/decks?name=x", host + headers, "{}")), 403,
                   words, "POST /api/decks with " + headers);
  }
  expect_refused(port,
                 ask(port, request("PATCH", "/api/decks/abc",
                                   host + json_type + "Origin: http://evil.example\r\n", "{}")),
                 403, "cross-origin request refused", "PATCH from another site");

  // Bodies a form can send without a preflight: not JSON to the API, not a deck either.
  for (const std::string type : {"application/x-www-form-urlencoded", "multipart/form-data; b=x",
                                 "text/plain", "text/plain; charset=utf-8"})
    expect_refused(port,
                   ask(port, request("POST", "/api/matches",
                                     host + "Content-Type: " + type + "\r\n", kNewMatch)),
                   415, "Content-Type: application/json", "a new match as " + type);
  expect_refused(port, ask(port, request("POST", "/api/matches", host, kNewMatch)), 415,
                 "not 'none'", "a new match without a content type");
  for (const std::string type : {"application/x-www-form-urlencoded", "multipart/form-data"})
    expect_refused(port,
                   ask(port, request("POST", "/api/decks?name=x",
                                     host + "Content-Type: " + type + "\r\n", "a=b")),
                   415, "not as a form", "a deck as " + type);
  EXPECT_EQ(matches(port), 0u) << "a refused request created a match";

  // The server's own pages, and clients that are no browser, are served as before.
  const std::string own = "Origin: http://127.0.0.1:" + std::to_string(port) + "\r\n";
  EXPECT_EQ(ask(port, request("POST", "/api/matches", host + json_type + own, kNewMatch)).status,
            201);
  EXPECT_EQ(ask(port, request("POST", "/api/matches",
                              host + "Content-Type: Application/JSON; charset=utf-8\r\n" +
                                  "Sec-Fetch-Site: same-origin\r\n" + own,
                              kNewMatch))
                .status,
            201);
  EXPECT_EQ(ask(port, request("POST", "/api/matches", host + json_type, kNewMatch)).status, 201);
  EXPECT_EQ(matches(port), 3u);
  // A safe method is never refused for its origin: the lobby is public.
  EXPECT_EQ(
      ask(port, request("GET", "/api/games", host + "Origin: http://evil.example\r\n")).status,
      200);
}

TEST(HostileSite, AnAllowedOriginMayPostAndConnect) {
  ServerOptions o = site_options("allowed_origin");
  o.allowed_origins = {"https://app.example"};
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  const std::string host = "Host: 127.0.0.1:" + std::to_string(port) + "\r\n";
  for (const std::string headers :
       {"Origin: https://app.example\r\n",
        "Sec-Fetch-Site: cross-site\r\nOrigin: https://APP.example\r\n"})
    EXPECT_EQ(ask(port, request("POST", "/api/matches",
                                host + "Content-Type: application/json\r\n" + headers, kNewMatch))
                  .status,
              201)
        << headers;
  EXPECT_EQ(ask(port, upgrade(host + "Origin: https://app.example\r\n")).status, 101);
  // Only that origin: its plain-HTTP twin and its other ports are other origins.
  for (const std::string origin : {"http://app.example", "https://app.example:8443"})
    expect_refused(
        port,
        ask(port, request("POST", "/api/matches",
                          host + "Content-Type: application/json\r\nOrigin: " + origin + "\r\n",
                          kNewMatch)),
        403, origin, "POST from " + origin);
  EXPECT_EQ(matches(port), 2u);
}

TEST(HostileSite, ACrossSiteWebSocketIsRefused) {
  Server server(games::registry(), site_options("cross_site_ws"));
  const unsigned short port = server.port();
  const std::string host = "Host: 127.0.0.1:" + std::to_string(port) + "\r\n";
  expect_refused(port, ask(port, upgrade(host + "Origin: http://evil.example\r\n")), 403,
                 "cross-origin WebSocket refused", "a WebSocket from evil.example");
  expect_refused(port,
                 ask(port, upgrade(host + "Sec-Fetch-Site: cross-site\r\nOrigin: "
                                          "http://evil.example\r\n")),
                 403, "cross-site WebSocket refused", "a WebSocket the browser calls cross-site");
  // Its own page's, and a client without Origin (no browser), are upgraded.
  EXPECT_EQ(
      ask(port, upgrade(host + "Origin: http://127.0.0.1:" + std::to_string(port) + "\r\n")).status,
      101);
  EXPECT_EQ(ask(port, upgrade(host)).status, 101);
}

TEST(HostileSite, AForeignHostIsRefusedAsDnsRebindingWouldSendIt) {
  ServerOptions o = site_options("rebinding");
  o.allowed_hosts = {"tabletop.example", "games.example:8443"};
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  const std::string p = std::to_string(port);
  // evil.example's address record now says 127.0.0.1: its page is same-origin with the server as
  // far as the browser knows, so its Origin matches its Host; only the name tells it apart.
  for (const std::string& name :
       std::vector<std::string>{"evil.example", "evil.example:" + p, "localhost.evil.example",
                                "games.example:" + p, "0x7f000001"}) {
    const std::string headers = "Host: " + name + "\r\nOrigin: http://" + name + "\r\n";
    expect_refused(port, ask(port, request("GET", "/api/games", headers)), 421,
                   "does not answer to the name", "GET /api/games for " + name);
    expect_refused(port,
                   ask(port, request("POST", "/api/matches",
                                     headers + "Content-Type: application/json\r\n", kNewMatch)),
                   421, "--allowed-host", "POST /api/matches for " + name);
    expect_refused(port, ask(port, upgrade(headers)), 421, "DNS rebinding",
                   "a WebSocket for " + name);
  }
  EXPECT_EQ(matches(port), 0u);
  expect_refused(port, ask(port, "GET /api/games HTTP/1.1\r\nConnection: close\r\n\r\n"), 400,
                 "no Host header", "HTTP/1.1 without Host");
  expect_refused(port,
                 ask(port,
                     "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n"
                     "Connection: close\r\n\r\n"),
                 400, "more than one Host", "two Host headers");
  expect_refused(port, ask(port, request("GET", "/api/games", "Host: a/b\r\n")), 400,
                 "bad Host header", "a Host with a slash");
  // The names it answers to: its addresses, localhost, and the allowed ones.
  for (const std::string& name : std::vector<std::string>{
           "127.0.0.1:" + p, "127.0.0.1", "[::1]:" + p, "localhost:" + p, "LOCALHOST",
           "192.0.2.7:" + p, "tabletop.example", "TableTop.example:" + p, "games.example:8443"})
    EXPECT_EQ(ask(port, request("GET", "/api/games", "Host: " + name + "\r\n")).status, 200)
        << name;
  EXPECT_EQ(ask(port, "GET /api/games HTTP/1.0\r\n\r\n").status, 200) << "HTTP/1.0 needs no Host";
}

TEST(HostileSite, EveryAnswerCarriesTheSecurityHeaders) {
  const std::filesystem::path web = std::filesystem::temp_directory_path() /
                                    ("hostile_site_test_web_" + std::to_string(getpid()));
  std::filesystem::create_directories(web);
  std::ofstream(web / "index.html") << "<!doctype html><title>page</title>\n";
  std::ofstream(web / "app.js") << "console.log(1);\n";
  ServerOptions o = site_options("headers");
  o.static_dir = web.string();
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  const std::string host = "Host: 127.0.0.1:" + std::to_string(port) + "\r\n";
  for (const std::string target : {"/", "/match/0123456789abcdef"}) {
    const Reply page = ask(port, request("GET", target, host));
    EXPECT_EQ(page.status, 200) << target;
    EXPECT_EQ(page.field("Content-Security-Policy"), kPageContentSecurityPolicy) << target;
    EXPECT_NE(page.field("Content-Security-Policy").find("frame-ancestors 'none'"),
              std::string::npos);
    EXPECT_EQ(page.field("Cache-Control"), "no-store") << target;
    EXPECT_EQ(page.field("X-Content-Type-Options"), "nosniff") << target;
    EXPECT_EQ(page.field("Referrer-Policy"), "no-referrer") << target;
    EXPECT_EQ(page.field("X-Frame-Options"), "DENY") << target;
  }
  // The API, an asset, a 404 and every refusal: nosniff, no referrer, nothing may frame them.
  const std::vector<std::string> others = {
      request("GET", "/api/games", host),
      request("GET", "/app.js", host),
      request("GET", "/api/nothing", host),
      request("POST", "/api/matches", host + "Origin: http://evil.example\r\n", kNewMatch),
      request("GET", "/api/games", "Host: evil.example\r\n"),
      "GET /api/" + std::string(20000, 'a') + " HTTP/1.1\r\n\r\n",
  };
  for (const std::string& bytes : others) {
    const Reply reply = ask(port, bytes);
    const std::string what = bytes.substr(0, bytes.find('\r'));
    EXPECT_NE(reply.status, 0) << what;
    EXPECT_EQ(reply.field("X-Content-Type-Options"), "nosniff") << what;
    EXPECT_EQ(reply.field("Referrer-Policy"), "no-referrer") << what;
    EXPECT_EQ(reply.field("Content-Security-Policy"), "default-src 'none'; frame-ancestors 'none'")
        << what;
  }
  EXPECT_EQ(ask(port, request("GET", "/api/games", host)).field("Cache-Control"), "no-store");
  std::filesystem::remove_all(web);
}

using Socket = websocket::stream<tcp::socket>;

// A WebSocket client on 127.0.0.1, upgraded (no Origin: no browser).
std::unique_ptr<Socket> open_ws(net::io_context& io, unsigned short port) {
  auto ws = std::make_unique<Socket>(io);
  ws->next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws->handshake("127.0.0.1:" + std::to_string(port), "/ws");
  return ws;
}

// Reads messages until the connection ends; the last `error` message's text, and why it ended.
std::string read_until_closed(Socket& ws, beast::error_code& ec) {
  std::string error;
  for (;;) {
    beast::flat_buffer buffer;
    ws.read(buffer, ec);
    if (ec) return error;
    const json m = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
    if (m.value("type", "") == "error") error = m.value("message", "");
  }
}

TEST(HostileSite, AWebSocketThatNeverSaysHelloIsClosed) {
  ServerOptions o = site_options("no_hello");
  o.hello_grace_s = 1;
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  const json created = http_request(port, "POST", "/api/matches", kNewMatch).parsed();
  ASSERT_TRUE(created.contains("id")) << created.dump();
  net::io_context io;

  // Silent, pinging (pings are answered but are no hello), and one whose hello names no match.
  auto silent = open_ws(io, port);
  auto pinging = open_ws(io, port);
  auto lost = open_ws(io, port);
  lost->write(net::buffer(json{{"type", "hello"}, {"match", "nonesuch"}}.dump()));
  // One that says hello in time stays.
  auto player = open_ws(io, port);
  player->write(net::buffer(
      json{{"type", "hello"}, {"match", created["id"]}, {"tokens", {created["seats"][0]["token"]}}}
          .dump()));
  ASSERT_TRUE(eventually([&] { return server.connections() == 4; }));

  std::thread pinger([&] {
    beast::error_code ec;
    for (int i = 0; i < 600 && !ec; ++i) {
      pinging->write(net::buffer(std::string(R"({"type":"ping"})")), ec);
      beast::flat_buffer buffer;
      if (!ec) pinging->read(buffer, ec);  // the pong, then the refusal and the close
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  for (Socket* ws : {silent.get(), lost.get()}) {
    beast::error_code ec;
    const std::string error = read_until_closed(*ws, ec);
    EXPECT_NE(error.find("no hello within 1 s"), std::string::npos) << error;
    EXPECT_NE(error.find("--hello-grace"), std::string::npos) << error;
    EXPECT_EQ(ec, websocket::error::closed) << ec.message();
  }
  pinger.join();
  EXPECT_TRUE(eventually([&] { return server.connections() == 1; }))
      << server.connections() << " connections still open";

  // The player's connection outlives the grace several times over and still answers.
  std::this_thread::sleep_for(std::chrono::seconds(3));
  beast::error_code ec;
  player->write(net::buffer(std::string(R"({"type":"ping"})")), ec);
  ASSERT_FALSE(ec) << ec.message();
  bool pong = false;
  for (int i = 0; i < 10 && !pong && !ec; ++i) {
    beast::flat_buffer buffer;
    player->read(buffer, ec);
    pong = !ec &&
           json::parse(beast::buffers_to_string(buffer.data()), nullptr, false).value("type", "") ==
               "pong";
  }
  EXPECT_TRUE(pong) << ec.message();
  EXPECT_EQ(server.connections(), 1u);
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200);
}

}  // namespace
}  // namespace tabletop::server

namespace tabletop::server {
namespace {

// GET /api/addresses from 127.0.0.1, with X-Real-IP `client` when given (the server trusts
// 127.0.0.1 as a balancer in these tests, so the header names a client elsewhere).
json addresses_seen(unsigned short port, const std::string& client = "") {
  const Reply reply =
      ask(port, "GET /api/addresses HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                    (client.empty() ? std::string() : "X-Real-IP: " + client + "\r\n") +
                    "Connection: close\r\n\r\n");
  EXPECT_EQ(reply.status, 200) << reply.body;
  return reply.parsed()["urls"];
}

// Join links name where other machines reach the server (addresses.h): the operator's
// --public-url, told to anyone; else the addresses it listens on, told only to a client on the
// machine itself (a page opened at 127.0.0.1), never to a client elsewhere.
TEST(HostileSite, OnlyTheMachineItselfLearnsTheAddressesItListensOn) {
  ServerOptions o = site_options("addresses");
  o.bind = "0.0.0.0";
  o.trusted_proxies = {"127.0.0.1"};
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  const json here = addresses_seen(port);
  ASSERT_TRUE(here.is_array());
  EXPECT_EQ(here, json(server.public_urls()));
  for (const json& url : here) {
    const std::string u = url.get<std::string>();
    EXPECT_TRUE(u.starts_with("http://")) << u;
    EXPECT_TRUE(u.ends_with(":" + std::to_string(port))) << u;
    EXPECT_EQ(u.find("127.0.0.1"), std::string::npos) << "a loopback address is no use to others";
  }
  // A client elsewhere (named by the trusted balancer) learns nothing.
  EXPECT_EQ(addresses_seen(port, "198.51.100.9"), json::array());
  EXPECT_TRUE(loopback_address("127.0.0.2") && loopback_address("::1") &&
              loopback_address("::ffff:127.0.0.1") && !loopback_address("198.51.100.9"));
}

TEST(HostileSite, APublicUrlIsWhatEveryoneIsTold) {
  ServerOptions o = site_options("public_url");
  o.public_url = "https://games.example.org";
  o.trusted_proxies = {"127.0.0.1"};
  Server server(games::registry(), o);
  const json expected = json::array({"https://games.example.org"});
  EXPECT_EQ(addresses_seen(server.port()), expected);
  EXPECT_EQ(addresses_seen(server.port(), "198.51.100.9"), expected);
  // Bound to one address, that address is where others reach it.
  EXPECT_EQ(reachable_urls("192.0.2.4", 8080, ""),
            std::vector<std::string>{"http://192.0.2.4:8080"});
}

}  // namespace
}  // namespace tabletop::server
