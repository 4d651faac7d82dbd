// A small synchronous client of the server's HTTP API and WebSocket protocol, on Boost.Beast: the
// API tests and the load generator (`make load`) talk to a real server through it. Not used by
// the server itself.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace tabletop::server {

using json = nlohmann::json;

struct HttpReply {
  int status = 0;
  std::string body;
  std::string retry_after;  // the Retry-After header, if any
  json parsed() const { return json::parse(body, nullptr, false); }
};

// One HTTP/1.1 request on a fresh connection to 127.0.0.1:`port`. Throws on a network failure.
HttpReply http_request(unsigned short port, const std::string& method, const std::string& target,
                       const std::string& body = {});

// One WebSocket connection to ws://127.0.0.1:`port`/ws. Messages are read in the background of
// `receive` into an inbox, in order.
class WsClient {
 public:
  // Connects and upgrades; throws on failure.
  explicit WsClient(unsigned short port);
  ~WsClient();
  void send_text(const std::string& text);
  void send(const json& message) { send_text(message.dump()); }
  // The next message, or nullopt if none arrives within `timeout` or the connection closed.
  std::optional<json> receive(std::chrono::milliseconds timeout = std::chrono::seconds(5));
  // Skips messages until one of `type` arrives (nullopt on timeout); skipped ones are dropped.
  std::optional<json> receive_type(const std::string& type,
                                   std::chrono::milliseconds timeout = std::chrono::seconds(5));
  // Every raw message text received so far (for searching for secrets).
  const std::deque<std::string>& transcript() const { return transcript_; }
  bool closed() const { return closed_; }

 private:
  void start_read();

  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<json> inbox_;
  std::deque<std::string> transcript_;
  bool reading_ = false;
  bool closed_ = false;
};

}  // namespace tabletop::server
