// The HTTP routes: the lobby API under /api/ (docs/server.md) and the built client's static files
// at every other path. One function from a request to its response; it never throws.
#pragma once

#include <boost/beast/http.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/registry.h"
#include "server/analysis.h"
#include "server/clock.h"
#include "server/cross_site.h"
#include "server/lobby.h"
#include "server/rate_limit.h"

namespace tabletop::server {

namespace http = boost::beast::http;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

struct RouteContext {
  const Registry& registry;
  Lobby& lobby;
  std::string static_dir;           // empty: no client files are served
  double messages_per_second = 20;  // WebSocket rate limit per connection (bursts of twice that)
  HttpRateLimiter* http_limit = nullptr;  // requests per client address; null: no limit
  // POST /api/matches per client address (its own bucket, besides http_limit); null: no limit.
  HttpRateLimiter* create_limit = nullptr;
  // An HTTP connection waits at most this long for (the whole of) its next request.
  int http_idle_s = 30;
  // A WebSocket from which nothing arrives for this long is closed (pinged at half of it).
  int ws_idle_s = 60;
  // The most bytes of messages that may wait for one WebSocket, besides the newest state.
  std::size_t ws_queue_bytes = 4 * 1024 * 1024;
  // POST /api/decks: the largest body (413 past it; may exceed kMaxMessageBytes, see
  // http_session.cc), and new decks per client address (429 past it); null: no limit.
  std::size_t deck_max_bytes = 60 * 1024;
  HttpRateLimiter* deck_limit = nullptr;
  // Finished matches' analyses (GET /api/matches/ID/analysis); null: the route answers 404.
  Analyses* analyses = nullptr;
  // Addresses of balancers whose `X-Real-IP` header names the client (serve --trusted-proxy).
  // From any other peer the header is ignored: a client could forge it.
  std::vector<std::string> trusted_proxies = {};
  // The names and other sites' origins served (serve --allowed-host, --allowed-origin;
  // cross_site.h); everything else is refused before it is routed.
  SitePolicy site = {};
  // Where other machines reach this server (addresses.h), and whether the operator named it
  // (--public-url: then told to anyone; else the listening addresses, told to loopback clients).
  std::vector<std::string> public_urls = {};
  bool public_url_given = false;
  // Tests only (serve --test-clock): POST /api/test-clock {"advance_ms": N} moves this clock N ms
  // forward, from this machine only. nullptr: the route answers 404.
  ScaledClock* test_clock = nullptr;
  // A WebSocket that has not said a `hello` that was answered with a state within this many
  // seconds of its upgrade is closed (serve --hello-grace).
  int hello_grace_s = 10;
};

// The client's address for the per-address limits: `peer` (the TCP peer), or, when `peer` is a
// trusted proxy, the address its `X-Real-IP` header names (ignored unless it is an IP address).
std::string client_address(const RouteContext& context, const Request& request,
                           const std::string& peer);

// Answers `request` from client `address` (for the match-creation limit). Errors are
// {"error": "..."} with a 4xx status; a failure inside the server is a 500 with the same shape.
// A target that is not printable ASCII (raw bytes; a browser sends %-escapes) is a 400.
Response route(const RouteContext& context, const Request& request,
               const std::string& address = {});

// The 429 answer to a request over its address's HTTP rate limit: a JSON error naming the limit
// and a Retry-After of `retry_after_s` seconds.
Response too_many_requests(const Request& request, const HttpRateLimiter& limit, int retry_after_s);

// Takes one of `limit`'s tokens for `address`; when none is left, the 429 answer: "too many new
// WHAT from your address: at most N PER (bursts of B[, NOTE]); retry in S s" with Retry-After,
// where N is the limit's rate over `per_seconds` (60: "a minute"). nullopt: the request goes on.
std::optional<Response> refuse_over_limit(const Request& request, HttpRateLimiter& limit,
                                          const std::string& address, const std::string& what,
                                          double per_seconds, const std::string& per,
                                          const std::string& note = {});

// A JSON error response with `status` (keep-alive and version copied from `request`). `message`
// may echo the client's bytes: it is made valid UTF-8 first (core's valid_utf8).
Response error_response(const Request& request, http::status status, const std::string& message);

}  // namespace tabletop::server
