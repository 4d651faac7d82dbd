#include "server/server.h"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>

#include "server/http_session.h"

namespace tabletop::server {

namespace net = boost::asio;

namespace {
int cores() {
  return std::max(1, int(std::thread::hardware_concurrency()));
}
}  // namespace

Server::Server(const Registry& registry, ServerOptions options)
    : options_(std::move(options)),
      store_(options_.db, options_.sync_full),
      computers_(options_.computer_threads > 0 ? options_.computer_threads
                                               : std::max(1, cores() - 1)),
      http_limit_(options_.http_requests_per_second, options_.http_burst),
      acceptor_(io_) {
  lobby_ = std::make_unique<Lobby>(registry, store_,
                                   ComputerSettings{&computers_, options_.hurried_search_ms},
                                   options_.idle_unload_s);
  context_ = std::make_unique<RouteContext>(
      RouteContext{registry, *lobby_, options_.static_dir, options_.messages_per_second,
                   options_.http_requests_per_second > 0 ? &http_limit_ : nullptr});
  const net::ip::tcp::endpoint endpoint(net::ip::make_address(options_.bind), options_.port);
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
  accept();
  const int n = options_.network_threads > 0 ? options_.network_threads : cores();
  for (int i = 0; i < n; ++i) threads_.emplace_back([this] { io_.run(); });
}

Server::~Server() {
  stop();
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  computers_.stop();
}

void Server::accept() {
  acceptor_.async_accept(net::make_strand(io_),
                         [this](boost::beast::error_code ec, net::ip::tcp::socket socket) {
                           if (ec == net::error::operation_aborted) return;
                           if (!ec) {
                             // Small messages go out at once (no Nagle delay).
                             boost::beast::error_code ignored;
                             socket.set_option(net::ip::tcp::no_delay(true), ignored);
                             std::make_shared<HttpSession>(std::move(socket), *context_)->run();
                           }
                           accept();
                         });
}

void Server::wait() {
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
}

void Server::stop() {
  io_.stop();
}

}  // namespace tabletop::server
