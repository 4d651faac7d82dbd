#include "server/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdint>
#include <limits>

#include "server/cross_site.h"
#include "server/deck_routes.h"
#include "server/json_input.h"
#include "server/ws_session.h"

namespace tabletop::server {

namespace beast = boost::beast;
namespace net = boost::asio;

void limit_parser(RequestParser& parser) {
  parser.header_limit(kMaxHeaderBytes);
  parser.body_limit(kMaxMessageBytes);
  // The parser keeps a reference to the callback: one that lives as long as the program.
  static auto check_extensions = [](std::uint64_t, beast::string_view extensions,
                                    beast::error_code& ec) {
    if (extensions.size() > kMaxChunkExtensionBytes) ec = http::error::bad_chunk_extension;
  };
  parser.on_chunk_header(check_extensions);
}

beast::error_code parse_request(std::string_view bytes, RequestParser& parser, std::size_t& used) {
  used = 0;
  parser.eager(true);  // as http::async_read reads: the body with the header
  beast::error_code ec;
  while (!parser.is_done()) {
    // What a connection's buffer would hold: the unparsed bytes, at most kMaxHeaderBytes.
    const std::size_t window = std::min(bytes.size() - used, kMaxHeaderBytes);
    const std::size_t n = parser.put(net::buffer(bytes.data() + used, window), ec);
    used += n;
    if (ec && ec != http::error::need_more) return ec;
    if (n > 0) continue;
    if (window == kMaxHeaderBytes) return http::error::buffer_overflow;
    return http::error::need_more;  // the bytes end before the request does
  }
  return {};
}

Response parse_error_response(beast::error_code ec) {
  Request bare;
  bare.version(11);
  bare.keep_alive(false);
  if (ec == http::error::body_limit)
    return error_response(bare, http::status::payload_too_large,
                          "request body too large: the limit is 64 KiB");
  if (ec == http::error::header_limit || ec == http::error::buffer_overflow)
    return error_response(bare, http::status::request_header_fields_too_large,
                          "request header or trailer too large: the limit is 16 KiB");
  if (ec == http::error::bad_chunk_extension)
    return error_response(bare, http::status::bad_request,
                          "bad HTTP request: bad chunk extension (at most " +
                              std::to_string(kMaxChunkExtensionBytes) + " bytes)");
  return error_response(bare, http::status::bad_request, "bad HTTP request: " + ec.message());
}

std::optional<Response> websocket_refusal(const Request& request) {
  auto refuse = [&](http::status status, const std::string& why) {
    Response res = error_response(request, status, "bad WebSocket handshake: " + why);
    res.keep_alive(false);
    return res;
  };
  if (request.find(http::field::host) == request.end())
    return refuse(http::status::bad_request, "no Host header");
  const auto key = request.find(http::field::sec_websocket_key);
  // A key is 16 random bytes in base64: 24 characters.
  if (key == request.end()) return refuse(http::status::bad_request, "no Sec-WebSocket-Key");
  if (key->value().empty() || key->value().size() > 24)
    return refuse(http::status::bad_request, "Sec-WebSocket-Key must be 24 characters of base64");
  const auto version = request.find(http::field::sec_websocket_version);
  if (version == request.end() || version->value() != "13") {
    Response res = refuse(http::status::upgrade_required,
                          "Sec-WebSocket-Version must be 13 (the only version served)");
    res.set(http::field::sec_websocket_version, "13");
    return res;
  }
  return std::nullopt;
}

HttpSession::HttpSession(net::ip::tcp::socket&& socket, const RouteContext& context,
                         ConnectionLimits::Admission admission)
    : stream_(std::move(socket)), context_(context), admission_(std::move(admission)) {
  beast::error_code ec;
  const auto endpoint = stream_.socket().remote_endpoint(ec);
  if (!ec) address_ = endpoint.address().to_string();
}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
}

void HttpSession::read() {
  parser_.emplace();
  limit_parser(*parser_);
  // The body's limit depends on the target, known once the header is read (on_header), which
  // also checks the Content-Length: Beast checks it against the limit only as the header ends.
  parser_->body_limit(std::numeric_limits<std::uint64_t>::max());
  deck_upload_ = false;
  stream_.expires_after(std::chrono::seconds(admission_.slot ? context_.http_idle_s : 5));
  http::async_read_header(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
}

void HttpSession::on_header(beast::error_code ec) {
  if (ec) return on_read(ec, 0);
  const auto& header = parser_->get();
  const std::string_view target(header.target().data(), header.target().size());
  deck_upload_ = header.method() == http::verb::post &&
                 (target == "/api/decks" || target.starts_with("/api/decks?"));
  const std::size_t limit = deck_upload_ ? context_.deck_max_bytes : kMaxMessageBytes;
  parser_->body_limit(limit);  // a chunked body: checked as its chunks arrive
  if (const auto length = parser_->content_length(); length && *length > limit)
    return on_read(http::error::body_limit, 0);
  http::async_read(stream_, buffer_, *parser_,
                   [self = shared_from_this()](beast::error_code e, std::size_t bytes) {
                     self->on_read(e, bytes);
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
  if (ec == http::error::body_limit && deck_upload_) {
    Request bare;
    bare.version(11);
    const auto length = parser_->content_length();
    write(deck_too_large(bare, context_.deck_max_bytes, length ? std::size_t(*length) : 0), true);
    return;
  }
  if (ec) {
    write(parse_error_response(ec), true);
    return;
  }
  Request request = parser_->release();
  if (!admission_.slot) {
    write(error_response(request, http::status(admission_.status), admission_.error), true);
    return;
  }
  const std::string client = client_address(context_, request, address_);
  if (context_.http_limit)
    if (const int retry_after = context_.http_limit->take(client)) {
      write(too_many_requests(request, *context_.http_limit, retry_after), !request.keep_alive());
      return;
    }
  const bool websocket = beast::websocket::is_upgrade(request);
  if (std::optional<Response> refusal = cross_site_refusal(context_.site, request, websocket)) {
    write(std::move(*refusal), websocket || !request.keep_alive());
    return;
  }
  if (websocket) {
    const std::string target(request.target());
    if (target != "/ws" && !target.starts_with("/ws?")) {
      write(error_response(request, http::status::not_found, "WebSocket only at /ws"), true);
      return;
    }
    if (std::optional<Response> refusal = websocket_refusal(request)) {
      write(std::move(*refusal), true);
      return;
    }
    stream_.expires_never();
    std::make_shared<WsSession>(stream_.release_socket(), context_, std::move(admission_.slot),
                                client)
        ->run(std::move(request));
    return;
  }
  const bool close = !request.keep_alive();
  write(route(context_, request, client), close);
}

void HttpSession::write(Response response, bool close) {
  auto shared = std::make_shared<Response>(std::move(response));
  add_security_headers(*shared);
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
