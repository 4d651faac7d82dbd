#include "server/ws_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include "core/error.h"
#include "core/json_input.h"
#include "server/json_input.h"

namespace tabletop::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

namespace {

void dispatch_message(Lobby& lobby, ClientState& client, const std::shared_ptr<Viewer>& self,
                      const std::string& text, const std::function<void(const json&)>& reply) {
  const json message = parse_client_json(text);
  const std::string type = string_field(message, "type");
  if (type == "ping") {
    reply({{"type", "pong"}});
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
    std::shared_ptr<Room> room = lobby.find(id);
    if (!room) throw BadInput("no match " + quote(id));
    const SeatMask seats = room->seats_for(tokens);
    if (client.room) client.room->unsubscribe(self.get());
    client.room = room;
    client.seats = seats;
    client.room->subscribe(self, seats);
    return;
  }
  if (type != "move" && type != "undo" && type != "takeover" && type != "hint")
    throw BadInput("unknown message type " + quote(type) +
                   " (hello, move, undo, takeover, hint, ping)");
  if (!client.room) throw BadInput("send hello first");
  const int seat = int(int_field(message, "seat", 0, 63));
  if (type == "hint") {  // answered later, to this connection alone (room.h)
    const long long seq = int_field(message, "seq");
    const Room::Answer answer = client.room->hint(client.seats, seat, seq, self);
    if (!answer.ok())
      reply(
          {{"type", "hint"}, {"seat", seat}, {"seq", seq}, {"refused", valid_utf8(answer.reason)}});
    return;
  }
  Room::Answer answer;
  long long seq = 0;
  if (type == "move") {
    seq = int_field(message, "seq");
    answer = client.room->move(client.seats, seat, seq, string_field(message, "move"), self.get());
  } else if (type == "undo") {
    seq = int_field(message, "seq");
    answer = client.room->undo(client.seats, seat, seq, self.get());
  } else {
    seq = client.room->seq();
    answer = client.room->takeover(client.seats, seat, self.get());
  }
  if (!answer.ok())
    reply({{"type", "reject"}, {"seq", seq}, {"reason", valid_utf8(answer.reason)}});
}

}  // namespace

void handle_client_message(Lobby& lobby, ClientState& client, const std::shared_ptr<Viewer>& self,
                           const std::string& text, const std::function<void(const json&)>& reply) {
  try {
    dispatch_message(lobby, client, self, text, reply);
  } catch (const BadInput& e) {
    reply({{"type", "error"}, {"message", valid_utf8(e.what())}});
  } catch (const std::exception& e) {
    reply({{"type", "error"}, {"message", valid_utf8(std::string("internal error: ") + e.what())}});
  }
}

MessageKind message_kind(std::string_view text) {
  if (text.starts_with(R"({"type":"state",)")) return MessageKind::state;
  // A progress message is short and holds no text of anyone's: a search is enough.
  if (text.size() < 128 && text.find(R"("type":"thinking")") != std::string_view::npos)
    return MessageKind::thinking;
  return MessageKind::other;
}

WsSession::WsSession(net::ip::tcp::socket&& socket, const RouteContext& context,
                     ConnectionLimits::Slot slot)
    : ws_(std::move(socket)),
      context_(context),
      slot_(std::move(slot)),
      rate_(context.messages_per_second),
      allowance_(2 * context.messages_per_second) {}

void WsSession::run(beast::http::request<beast::http::string_body> request) {
  websocket::stream_base::timeout timeout{};
  timeout.handshake_timeout = std::chrono::seconds(30);
  timeout.idle_timeout = std::chrono::seconds(context_.ws_idle_s);
  timeout.keep_alive_pings = true;  // a ping at half the idle time; the pong counts as traffic
  ws_.set_option(timeout);
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
    handle_client_message(context_.lobby, client_, shared_from_this(),
                          beast::buffers_to_string(buffer_.data()),
                          [this](const json& answer) { send(answer); });
  }
  buffer_.consume(buffer_.size());
  if (!closed_) read();
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

void WsSession::send(const json& message) {
  enqueue(std::make_shared<const std::string>(dump_for_message(message)));
}

void WsSession::deliver(std::shared_ptr<const std::string> message) {
  net::post(ws_.get_executor(),
            [self = shared_from_this(), message = std::move(message)]() mutable {
              self->enqueue(std::move(message));
            });
}

void WsSession::enqueue(std::shared_ptr<const std::string> message) {
  if (closed_) return;
  const MessageKind kind = message_kind(*message);
  if (kind != MessageKind::other) {
    // Drop what the new message makes stale among those not being written yet.
    const auto first = queue_.begin() + (writing_ ? 1 : 0);
    queue_.erase(
        std::remove_if(first, queue_.end(),
                       [&](const Queued& q) {
                         return q.kind == MessageKind::thinking ||
                                (kind == MessageKind::state && q.kind == MessageKind::state);
                       }),
        queue_.end());
  } else {
    queued_bytes_ += message->size();
  }
  queue_.push_back({std::move(message), kind});
  if (queue_.size() > kMaxQueued || queued_bytes_ > context_.ws_queue_bytes) {
    // The client does not read what it asked for: drop it rather than grow without bound.
    disconnect();
    return;
  }
  if (!writing_) write();
}

void WsSession::write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front().text),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) {
                    self->writing_ = false;
                    if (ec) {
                      self->disconnect();
                      return;
                    }
                    const Queued& done = self->queue_.front();
                    if (done.kind == MessageKind::other) self->queued_bytes_ -= done.text->size();
                    self->queue_.pop_front();
                    if (!self->queue_.empty() && !self->closed_) self->write();
                  });
}

void WsSession::disconnect() {
  if (!closed_) beast::get_lowest_layer(ws_).close();
  closed_ = true;
  // A write in flight keeps its buffer (the queue's front) until it completes.
  if (queue_.size() > (writing_ ? 1u : 0u))
    queue_.erase(queue_.begin() + (writing_ ? 1 : 0), queue_.end());
  leave();
}

void WsSession::leave() {
  closed_ = true;
  if (client_.room) client_.room->unsubscribe(this);
  client_.room.reset();
}

}  // namespace tabletop::server
