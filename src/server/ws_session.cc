#include "server/ws_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include "server/json_input.h"

namespace tabletop::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

WsSession::WsSession(net::ip::tcp::socket&& socket, Lobby& lobby, double rate)
    : ws_(std::move(socket)), lobby_(lobby), rate_(rate), allowance_(2 * rate) {}

void WsSession::run(beast::http::request<beast::http::string_body> request) {
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.read_message_max(kMaxFrameBytes);
  ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
    if (ec) return;
    self->read();
  });
}

void WsSession::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
    self->on_read(ec, bytes);
  });
}

void WsSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    leave();
    return;
  }
  if (!ws_.got_text()) {
    send({{"type", "error"}, {"message", "binary frames are not accepted: send JSON text"}});
  } else if (allow()) {
    handle(beast::buffers_to_string(buffer_.data()));
  }
  buffer_.consume(buffer_.size());
  read();
}

bool WsSession::allow() {
  const auto now = std::chrono::steady_clock::now();
  allowance_ =
      std::min(2 * rate_, allowance_ + rate_ * std::chrono::duration<double>(now - last_).count());
  last_ = now;
  if (allowance_ >= 1) {
    allowance_ -= 1;
    warned_ = false;
    return true;
  }
  if (!warned_) {
    send({{"type", "error"},
          {"message", "too many messages: at most " + std::to_string(int(rate_)) +
                          " a second; messages are dropped until then"}});
    warned_ = true;
  }
  return false;
}

void WsSession::handle(const std::string& text) {
  try {
    const json message = parse_client_json(text);
    const std::string type = string_field(message, "type");
    if (type == "ping") {
      send({{"type", "pong"}});
      return;
    }
    if (type == "hello") {
      const std::string id = string_field(message, "match");
      std::vector<std::string> tokens;
      if (message.contains("tokens")) {
        const json& t = message["tokens"];
        if (!t.is_array() || t.size() > 8)
          throw BadInput("field 'tokens' must be an array of at most 8 strings");
        for (const json& token : t) {
          if (!token.is_string()) throw BadInput("field 'tokens' must hold strings");
          tokens.push_back(token.get<std::string>());
        }
      }
      std::shared_ptr<Room> room = lobby_.find(id);
      if (!room) throw BadInput("no match " + id);
      const SeatMask seats = room->seats_for(tokens);
      if (room_) room_->unsubscribe(this);
      room_ = room;
      seats_ = seats;
      room_->subscribe(shared_from_this(), seats_);
      return;
    }
    if (type != "move" && type != "undo" && type != "takeover")
      throw BadInput("unknown message type '" + type + "' (hello, move, undo, takeover, ping)");
    if (!room_) throw BadInput("send hello first");
    const int seat = int(int_field(message, "seat"));
    Room::Answer answer;
    long long seq = 0;
    if (type == "move") {
      seq = int_field(message, "seq");
      answer = room_->move(seats_, seat, seq, string_field(message, "move"), this);
    } else if (type == "undo") {
      seq = int_field(message, "seq");
      answer = room_->undo(seats_, seat, seq, this);
    } else {
      seq = room_->seq();
      answer = room_->takeover(seats_, seat, this);
    }
    if (!answer.ok()) send({{"type", "reject"}, {"seq", seq}, {"reason", answer.reason}});
  } catch (const BadInput& e) {
    send({{"type", "error"}, {"message", e.what()}});
  } catch (const std::exception& e) {
    send({{"type", "error"}, {"message", std::string("internal error: ") + e.what()}});
  }
}

void WsSession::send(const json& message) {
  enqueue(std::make_shared<const std::string>(message.dump()));
}

void WsSession::deliver(std::shared_ptr<const std::string> message) {
  net::post(ws_.get_executor(),
            [self = shared_from_this(), message = std::move(message)]() mutable {
              self->enqueue(std::move(message));
            });
}

void WsSession::enqueue(std::shared_ptr<const std::string> message) {
  if (closed_) return;
  if (queue_.size() >= kMaxQueued) {
    // The client does not read: drop it rather than grow without bound.
    closed_ = true;
    beast::get_lowest_layer(ws_).close();
    return;
  }
  queue_.push_back(std::move(message));
  if (queue_.size() == 1) write();
}

void WsSession::write() {
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) {
                    if (ec) {
                      self->queue_.clear();
                      self->closed_ = true;
                      return;
                    }
                    self->queue_.pop_front();
                    if (!self->queue_.empty()) self->write();
                  });
}

void WsSession::leave() {
  closed_ = true;  // a write in flight keeps its buffer in queue_ until it completes
  if (room_) room_->unsubscribe(this);
  room_.reset();
}

}  // namespace tabletop::server
