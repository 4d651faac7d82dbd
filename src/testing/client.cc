#include "testing/client.h"

#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http.hpp>
#include <filesystem>
#include <stdexcept>

namespace tabletop::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

HttpReply http_request(unsigned short port, const std::string& method, const std::string& target,
                       const std::string& body) {
  return http_request(port, method, target, body, {});
}

HttpReply http_request(unsigned short port, const std::string& method, const std::string& target,
                       const std::string& body,
                       const std::vector<std::pair<std::string, std::string>>& headers) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{http::string_to_verb(method), target, 11};
  req.set(http::field::host, "127.0.0.1");
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  for (const auto& [name, value] : headers) req.set(name, value);
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  http::read(stream, buffer, parser);
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return {int(parser.get().result_int()), parser.get().body(),
          std::string(parser.get()[http::field::retry_after])};
}

WsClient::WsClient(unsigned short port) : ws_(io_) {
  beast::get_lowest_layer(ws_).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));
  ws_.read_message_max(64 * 1024 * 1024);
  ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
}

WsClient::~WsClient() {
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
  beast::get_lowest_layer(ws_).close();
}

void WsClient::send_text(const std::string& text) {
  const json message = json::parse(text, nullptr, false);
  if (message.is_object() && message.value("type", "") == "hello") last_hello_ = text;
  ws_.text(true);
  ws_.write(net::buffer(text));
}

void WsClient::start_read() {
  if (reading_ || closed_) return;
  reading_ = true;
  ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
    reading_ = false;
    if (ec) {
      closed_ = true;
      return;
    }
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    json message = json::parse(text, nullptr, false);
    transcript_.push_back(std::move(text));
    if (message.is_object() && message.value("type", "") == "state" && !complete(message)) {
      send_text(last_hello_);  // a state was lost: ask for a whole one
    } else {
      inbox_.push_back(std::move(message));
    }
    start_read();
  });
}

bool WsClient::complete(json& state) {
  if (!state.contains("views") || !state.contains("match")) return true;
  json& match = state["match"];
  if (match.contains("board_places"))
    board_places_ = match["board_places"];
  else
    match["board_places"] = board_places_;
  for (json& view : state["views"]) {
    if (!view.contains("log_from")) continue;
    const int seat = view.value("seat", -2);
    std::vector<json>& log = logs_[seat];
    std::vector<json>& plies = plies_[seat];
    std::size_t& base = bases_[seat];
    const std::size_t from = view["log_from"].get<std::size_t>();
    if (view.value("log_reset", false)) {  // the log starts afresh at `from`
      log.clear();
      plies.clear();
      base = from;
    }
    if (from < base || from - base > log.size()) return false;
    log.resize(from - base);
    for (const json& line : view["log"]) log.push_back(line);
    plies.resize(from - base);
    for (const json& ply : view.value("log_plies", json::array())) plies.push_back(ply);
    if (!whole_logs_) continue;
    view["log"] = log;
    if (view.contains("log_plies")) view["log_plies"] = plies;
    view["log_from"] = base;
    view.erase("log_reset");
  }
  return true;
}

std::optional<json> WsClient::receive(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (inbox_.empty() && !closed_) {
    start_read();
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) break;
    io_.restart();
    io_.run_one_for(deadline - now);
  }
  if (inbox_.empty()) return std::nullopt;
  json message = std::move(inbox_.front());
  inbox_.pop_front();
  return message;
}

json WsClient::hello(const std::string& match, const std::vector<std::string>& tokens) {
  send({{"type", "hello"}, {"match", match}, {"tokens", tokens}});
  std::optional<json> state = receive_type("state");
  if (!state) throw std::runtime_error("no state answered the hello for match " + match);
  return *state;
}

std::optional<json> WsClient::receive_type(const std::string& type,
                                           std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return std::nullopt;
    auto message = receive(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now));
    if (!message) return std::nullopt;
    if (message->value("type", "") == type) return message;
  }
}

std::string fresh_test_db(const std::string& suite, const std::string& name) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / (suite + "_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path db = dir / (name + ".db");
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db.string() + suffix);
  return db.string();
}

}  // namespace tabletop::server
