#include "server/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>

#include "server/json_input.h"
#include "server/ws_session.h"

namespace tabletop::server {

namespace beast = boost::beast;
namespace net = boost::asio;

HttpSession::HttpSession(net::ip::tcp::socket&& socket, const RouteContext& context)
    : stream_(std::move(socket)), context_(context) {
  beast::error_code ec;
  const auto endpoint = stream_.socket().remote_endpoint(ec);
  if (!ec) address_ = endpoint.address().to_string();
}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
}

void HttpSession::read() {
  parser_.emplace();
  parser_->header_limit(16 * 1024);
  parser_->body_limit(kMaxMessageBytes);
  stream_.expires_after(std::chrono::seconds(30));
  http::async_read(stream_, buffer_, *parser_,
                   [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
                     self->on_read(ec, bytes);
                   });
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
      ec == net::error::operation_aborted || ec == net::error::connection_reset ||
      ec == net::error::eof) {
    beast::error_code ignored;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
    return;
  }
  if (ec) {
    Request bare;
    bare.version(11);
    bare.keep_alive(false);
    if (ec == http::error::body_limit)
      write(error_response(bare, http::status::payload_too_large,
                           "request body too large: the limit is 64 KiB"),
            true);
    else
      write(error_response(bare, http::status::bad_request, "bad HTTP request: " + ec.message()),
            true);
    return;
  }
  Request request = parser_->release();
  if (context_.http_limit)
    if (const int retry_after = context_.http_limit->take(address_)) {
      write(too_many_requests(request, *context_.http_limit, retry_after), !request.keep_alive());
      return;
    }
  if (beast::websocket::is_upgrade(request)) {
    const std::string target(request.target());
    if (target == "/ws" || target.starts_with("/ws?")) {
      stream_.expires_never();
      std::make_shared<WsSession>(stream_.release_socket(), context_.lobby,
                                  context_.messages_per_second)
          ->run(std::move(request));
      return;
    }
    write(error_response(request, http::status::not_found, "WebSocket only at /ws"), true);
    return;
  }
  const bool close = !request.keep_alive();
  write(route(context_, request), close);
}

void HttpSession::write(Response response, bool close) {
  auto shared = std::make_shared<Response>(std::move(response));
  if (close) shared->keep_alive(false);
  http::async_write(stream_, *shared,
                    [self = shared_from_this(), shared, close](beast::error_code ec, std::size_t) {
                      if (ec || close) {
                        beast::error_code ignored;
                        self->stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send,
                                                        ignored);
                        return;
                      }
                      self->read();
                    });
}

}  // namespace tabletop::server
