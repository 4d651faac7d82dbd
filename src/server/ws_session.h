// One WebSocket connection (GET /ws): reads the client's messages, answers them, and writes what
// its Room delivers, in order, from a queue.
//
// The connection holds exactly the seats whose tokens it sent in its last `hello` (none: a
// spectator). All its handlers run on its own strand; Room calls are thread-safe and deliver by
// posting to that strand. Limits: frames over kMaxFrameBytes close the connection (code 1009);
// messages over kMaxMessageBytes are an `error`; at most `rate` messages a second (bursts of
// twice that), the rest answered by one `error` and dropped; a client that does not read its
// messages is disconnected when kMaxQueued are waiting.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <string>

#include "server/lobby.h"
#include "server/room.h"

namespace tabletop::server {

inline constexpr std::size_t kMaxFrameBytes = 1024 * 1024;
inline constexpr std::size_t kMaxQueued = 4096;

class WsSession : public Viewer, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::asio::ip::tcp::socket&& socket, Lobby& lobby, double rate);
  // Accepts the upgrade `request` and starts reading.
  void run(boost::beast::http::request<boost::beast::http::string_body> request);
  void deliver(std::shared_ptr<const std::string> message) override;

 private:
  void read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void handle(const std::string& text);
  void send(const nlohmann::json& message);
  void enqueue(std::shared_ptr<const std::string> message);
  void write();
  void leave();
  bool allow();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  Lobby& lobby_;
  std::shared_ptr<Room> room_;
  SeatMask seats_ = 0;
  double rate_;
  double allowance_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
  bool warned_ = false;
  bool closed_ = false;
};

}  // namespace tabletop::server
