// A small synchronous client of the server's HTTP API and WebSocket protocol, on Boost.Beast: the
// API tests and the load generator (`make load`) talk to a real server through it. Not used by
// the server itself.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

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
// The same with more header fields ({"Authorization", "Bearer KEY"}, ...).
HttpReply http_request(unsigned short port, const std::string& method, const std::string& target,
                       const std::string& body,
                       const std::vector<std::pair<std::string, std::string>>& headers);

// One WebSocket connection to ws://127.0.0.1:`port`/ws. Messages are read in the background of
// `receive` into an inbox, in order. A `state` arrives with only the log lines this connection
// has not had (docs/server.md); the inbox holds it whole, as the web client rebuilds it: each
// view's `log` is the log so far (from its `log_from`, the line a `log_reset` started it at)
// and `board_places` is kept from the first state. A state
// whose `log_from` is past what arrived before (a state lost on the way) is dropped and the last
// `hello` sent again, which answers a whole state.
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
  // Sends `hello` for match `match` with `tokens` (none: a spectator) and returns the state that
  // answers it; throws std::runtime_error (a test's failure) when none arrives.
  json hello(const std::string& match, const std::vector<std::string>& tokens);
  // Every raw message text received so far (for searching for secrets).
  const std::deque<std::string>& transcript() const { return transcript_; }
  bool closed() const { return closed_; }
  // With false, states keep only their new log lines (a copy of each whole log into every state
  // costs a long game's client time quadratic in its length); `log` still has them all.
  void keep_whole_logs(bool on) { whole_logs_ = on; }
  // The log of the view of `seat` (-1: a spectator's) so far, from line `log_base(seat)` of it
  // (a state that starts a log afresh, `log_reset`, carries only its last lines).
  const std::vector<json>& log(int seat) { return logs_[seat]; }
  std::size_t log_base(int seat) { return bases_[seat]; }

 private:
  void start_read();
  // `state` with its logs and board places completed from earlier states; false on a gap.
  bool complete(json& state);

  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<json> inbox_;
  std::deque<std::string> transcript_;
  std::map<int, std::vector<json>> logs_;   // each view's whole log so far, by seat
  std::map<int, std::vector<json>> plies_;  // the move that wrote each of those lines
  std::map<int, std::size_t> bases_;        // the index of logs_[seat][0] in the whole log
  json board_places_;
  std::string last_hello_;
  bool whole_logs_ = true;
  bool reading_ = false;
  bool closed_ = false;
};

// A path for a test's database, `<temp>/<suite>_<pid>/<name>.db` (the folder made), with any
// database a previous run left there (and its -wal and -shm files) removed. For the server tests.
std::string fresh_test_db(const std::string& suite, const std::string& name);

// Polls `done` until it holds or a generous deadline passes (for what a server does on its own
// threads: a connection counted, a connection closed). For the tests: true when it held.
template <class F>
bool eventually(F done, std::chrono::seconds deadline = std::chrono::seconds(60)) {
  const auto until = std::chrono::steady_clock::now() + deadline;
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

}  // namespace tabletop::server
