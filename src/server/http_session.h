// One HTTP connection: reads requests (keep-alive), answers them with `route`, and hands a
// WebSocket upgrade of /ws to a WsSession. Limits: headers 16 KiB, bodies 64 KiB (413), a request
// must arrive within 30 s; a request that does not parse is answered 400 and the connection
// closed.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server/routes.h"

namespace tabletop::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, const RouteContext& context);
  void run();

 private:
  void read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void write(Response response, bool close);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  const RouteContext& context_;
  std::string address_;  // the client's IP address, for the HTTP rate limit
};

}  // namespace tabletop::server
