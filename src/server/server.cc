#include "server/server.h"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <iostream>

#include "core/error.h"
#include "server/addresses.h"
#include "server/http_session.h"
#include "server/log.h"

namespace tabletop::server {

namespace net = boost::asio;

namespace {
int cores() {
  return std::max(1, int(std::thread::hardware_concurrency()));
}
}  // namespace

Server::Server(const Registry& registry, ServerOptions options)
    : options_(std::move(options)),
      store_(open_store(options_.db, StoreOptions{options_.sync_full, options_.lease_s})),
      computers_(options_.computer_threads > 0 ? options_.computer_threads
                                               : std::max(1, cores() - 1)),
      http_limit_(options_.http_requests_per_second, options_.http_burst),
      create_limit_(options_.matches_per_minute / 60, std::max(1.0, options_.matches_per_minute)),
      deck_limit_(options_.decks_per_hour / 3600, std::max(1.0, options_.decks_per_hour)),
      connections_(std::size_t(std::max(0, options_.max_connections)),
                   std::size_t(std::max(0, options_.max_connections_per_address))),
      acceptor_(io_),
      accept_pause_(io_) {
  // A game with decks (core/decks.h) reads its data files now (the card game's gazetteer, serve
  // --gazetteer): a game made from a client's parameters opens no file (ParamOrigin::kNetwork).
  // Its uploaded decks' snapshots come from the stores (deck_routes.h).
  if (const GameEntry* entry = registry.find_with_decks()) {
    entry->decks->preload();
    entry->decks->set_snapshot_source(stored_deck_snapshot);
  }
  lobby_ = std::make_unique<Lobby>(
      registry, *store_,
      ComputerSettings{&computers_, options_.hurried_search_ms, options_.hint_ms,
                       options_.unwatched_pause_s, options_.computer_matches_per_address,
                       options_.low_jobs_per_address},
      options_.idle_unload_s, options_.lease_s,
      ChatLimits{options_.chat_max_bytes, options_.chat_per_minute}, options_.clock);
  match_sweeper_ =
      std::make_unique<MatchSweeper>(*lobby_, options_.abandon_after_s, options_.keep_s);
  clock_sweeper_ = std::make_unique<ClockSweeper>(*lobby_, options_.clock_sweep_ms);
  context_ = std::make_unique<RouteContext>(
      RouteContext{registry, *lobby_, options_.static_dir, options_.messages_per_second,
                   options_.http_requests_per_second > 0 ? &http_limit_ : nullptr,
                   options_.matches_per_minute > 0 ? &create_limit_ : nullptr, options_.http_idle_s,
                   options_.ws_idle_s, options_.ws_queue_bytes});
  context_->deck_max_bytes = options_.deck_max_bytes;
  context_->deck_limit = options_.decks_per_hour > 0 ? &deck_limit_ : nullptr;
  analyses_ =
      std::make_unique<Analyses>(registry, computers_, store_->analyses(),
                                 options_.analysis_iterations, options_.low_jobs_per_address);
  context_->analyses = analyses_.get();
  context_->trusted_proxies = options_.trusted_proxies;
  context_->site = {options_.allowed_hosts, options_.allowed_origins};
  context_->hello_grace_s = options_.hello_grace_s;
  const net::ip::tcp::endpoint endpoint(net::ip::make_address(options_.bind), options_.port);
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
  context_->public_urls = reachable_urls(options_.bind, port_, options_.public_url);
  context_->public_url_given = !options_.public_url.empty();
  context_->test_clock = options_.test_clock;
  logger().info("listening on {}:{} (database {}, {} network threads, {} computer threads)",
                options_.bind, port_, database_name(options_.db),
                options_.network_threads > 0 ? options_.network_threads : cores(),
                computers_.workers());
  accept();
  const int n = options_.network_threads > 0 ? options_.network_threads : cores();
  for (int i = 0; i < n; ++i) threads_.emplace_back([this] { run_network(); });
}

Server::~Server() {
  stop();
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  computers_.stop();
}

void Server::accept() {
  acceptor_.async_accept(
      net::make_strand(io_), [this](boost::beast::error_code ec, net::ip::tcp::socket socket) {
        if (ec == net::error::operation_aborted) return;
        if (ec == net::error::no_descriptors || ec.value() == ENFILE ||
            ec == net::error::no_buffer_space || ec == net::error::no_memory) {
          // Out of file descriptors (or kernel memory): accepting again at once would fail again
          // at once and spin. Wait for connections to close, then accept again.
          ++accept_failures_;
          accept_pause_.expires_after(std::chrono::milliseconds(100));
          accept_pause_.async_wait([this](boost::beast::error_code wait) {
            if (wait != net::error::operation_aborted) accept();
          });
          return;
        }
        if (!ec) {
          // Small messages go out at once (no Nagle delay).
          boost::beast::error_code ignored;
          socket.set_option(net::ip::tcp::no_delay(true), ignored);
          const auto remote = socket.remote_endpoint(ignored);
          ConnectionLimits::Admission admission =
              connections_.admit(ignored ? std::string() : remote.address().to_string());
          std::make_shared<HttpSession>(std::move(socket), *context_, std::move(admission))->run();
        }
        accept();
      });
}

void Server::run_network() {
  for (;;) {
    try {
      io_.run();
      return;
    } catch (const std::exception& e) {
      logger().error("a connection failed and was closed: {}", one_line(e.what()));
    }
  }
}

void Server::wait() {
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
}

void Server::stop() {
  if (!stopped_.exchange(true)) logger().info("stopping (port {})", port_);
  io_.stop();
}

}  // namespace tabletop::server
