// One HTTP connection: reads requests (keep-alive), answers them with `route`, and hands a
// WebSocket upgrade of /ws to a WsSession.
//
// Limits (docs/server.md, "Limits"): the request line and headers 16 KiB, and so are the trailer
// of a chunked body and each chunk's header line (the connection's read buffer holds at most
// kMaxHeaderBytes, and the whole trailer must fit in it before Beast parses it: a larger one is a
// 431, never Beast's std::length_error); chunk extensions at most kMaxChunkExtensionBytes; bodies
// 64 KiB (413), but a deck upload (POST /api/decks) RouteContext::deck_max_bytes, with the
// deck's own 413 (the header is read first, then the body limit set); the whole of each request
// must arrive within RouteContext::http_idle_s, which is also how long an idle keep-alive
// connection stays open. A request that does not parse is answered with a JSON error and the
// connection closed. A WebSocket handshake Beast would refuse (no key, a version other than 13,
// ...) is answered with a JSON error like every other answer. Before a request is routed or
// upgraded, its Host, Origin and content type are checked (cross_site.h), and every answer
// carries the security headers add_security_headers sets.
//
// The session holds its connection slot (connections.h) and passes it to the WebSocket it becomes.
// A connection refused a slot is answered its refusal after reading one request (within 5 s), then
// closed.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>
#include <string_view>

#include "server/connections.h"
#include "server/routes.h"

namespace tabletop::server {

inline constexpr std::size_t kMaxHeaderBytes = 16 * 1024;
inline constexpr std::size_t kMaxChunkExtensionBytes = 256;

using RequestParser = http::request_parser<http::string_body>;

// Sets `parser`'s limits (headers, body, chunk extensions) as every connection has them.
void limit_parser(RequestParser& parser);

// Parses one request from `bytes` the way a connection reads it (through a buffer of at most
// kMaxHeaderBytes), for the fuzz target and tests. Returns the error (http::error::need_more when
// `bytes` ends before the request does); `used` is set to the bytes consumed.
boost::beast::error_code parse_request(std::string_view bytes, RequestParser& parser,
                                       std::size_t& used);

// The JSON answer to a request that failed to parse with `ec` (400, 413 or 431).
Response parse_error_response(boost::beast::error_code ec);

// For a WebSocket upgrade request (beast::websocket::is_upgrade): the JSON refusal Beast's own
// plain-text answer would have been (no Host, no or a bad Sec-WebSocket-Key: 400; a
// Sec-WebSocket-Version other than 13: 426 naming 13), or nullopt when it may be accepted.
std::optional<Response> websocket_refusal(const Request& request);

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // A session that holds `admission.slot`; without one it answers `admission`'s refusal to the
  // first request and closes.
  HttpSession(boost::asio::ip::tcp::socket&& socket, const RouteContext& context,
              ConnectionLimits::Admission admission);
  void run();

 private:
  void read();
  void on_header(boost::beast::error_code ec);
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void write(Response response, bool close);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_{kMaxHeaderBytes};
  std::optional<RequestParser> parser_;
  const RouteContext& context_;
  ConnectionLimits::Admission admission_;
  std::string address_;       // the client's IP address, for the HTTP rate limits
  bool deck_upload_ = false;  // the request being read is a POST /api/decks
};

}  // namespace tabletop::server
