#include "server/ws_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <limits>
#include <vector>

#include "core/error.h"
#include "core/json_input.h"
#include "server/json_input.h"
#include "server/log.h"

namespace tabletop::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

namespace {

// The largest `seq` (or line number) a client may name.
constexpr long long kMaxSeq = std::numeric_limits<long long>::max();

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
  if (type != "move" && type != "undo" && type != "takeover" && type != "hint" && type != "log" &&
      type != "chat" && type != "resign" && type != "abandon" && type != "name")
    throw BadInput("unknown message type " + quote(type) +
                   " (hello, move, undo, takeover, hint, log, chat, name, resign, abandon, ping)");
  if (!client.room) throw BadInput("send hello first");
  if (type == "chat") {  // pushed to every viewer who may read it (room_chat.h)
    const int seat = message.contains("seat") ? int(int_field(message, "seat", 0, 63)) : -1;
    client.room->chat(client.seats, seat, string_field(message, "text"), client.address);
    return;
  }
  if (type == "name") {  // a seat's personal name (seat_names.h)
    const long long seq = client.room->seq();
    const Room::Answer answer =
        client.room->name_seat(client.seats, int(int_field(message, "seat", 0, 63)),
                               string_field(message, "name"), self.get());
    if (!answer.ok())
      reply({{"type", "reject"}, {"seq", seq}, {"reason", valid_utf8(answer.reason)}});
    return;
  }
  if (type == "abandon") {
    const long long seq = client.room->seq();
    const Room::Answer answer = client.room->abandon(client.seats, self.get());
    if (!answer.ok())
      reply({{"type", "reject"}, {"seq", seq}, {"reason", valid_utf8(answer.reason)}});
    return;
  }
  if (type == "log") {  // earlier lines of a view's log, a page at a time
    reply(client.room->log_page(client.seats, int(int_field(message, "seat", -1, 63)),
                                int_field(message, "before", 0, kMaxSeq)));
    return;
  }
  const int seat = int(int_field(message, "seat", 0, 63));
  if (type == "hint") {  // answered later, to this connection alone (room.h)
    const long long seq = int_field(message, "seq", 0, kMaxSeq);
    const Room::Answer answer = client.room->hint(client.seats, seat, seq, self, client.address);
    if (!answer.ok())
      reply(
          {{"type", "hint"}, {"seat", seat}, {"seq", seq}, {"refused", valid_utf8(answer.reason)}});
    return;
  }
  Room::Answer answer;
  long long seq = 0;
  if (type == "move") {
    seq = int_field(message, "seq", 0, kMaxSeq);
    answer = client.room->move(client.seats, seat, seq, string_field(message, "move"), self.get());
  } else if (type == "undo") {
    seq = int_field(message, "seq", 0, kMaxSeq);
    answer = client.room->undo(client.seats, seat, seq, self.get());
  } else if (type == "resign") {
    seq = client.room->seq();
    answer = client.room->resign(client.seats, seat, self.get());
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
    if (client.room)
      log_match(spdlog::level::err, client.room->id(),
                std::string("a message failed with an internal error: ") + e.what());
    else
      logger().error("a WebSocket message failed with an internal error: {}", one_line(e.what()));
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
                     ConnectionLimits::Slot slot, std::string address)
    : ws_(std::move(socket)),
      context_(context),
      slot_(std::move(slot)),
      hello_timer_(ws_.get_executor()),
      rate_(context.messages_per_second),
      allowance_(2 * context.messages_per_second),
      held_hello_timer_(ws_.get_executor()) {
  client_.address = std::move(address);
}

void WsSession::run(beast::http::request<beast::http::string_body> request) {
  websocket::stream_base::timeout timeout{};
  timeout.handshake_timeout = std::chrono::seconds(30);
  timeout.idle_timeout = std::chrono::seconds(context_.ws_idle_s);
  timeout.keep_alive_pings = true;  // a ping at half the idle time; the pong counts as traffic
  ws_.set_option(timeout);
  ws_.read_message_max(kMaxFrameBytes);
  ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
    if (ec) return;
    self->await_hello();
    self->read();
  });
}

void WsSession::await_hello() {
  hello_timer_.expires_after(std::chrono::seconds(context_.hello_grace_s));
  hello_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->closed_ || self->client_.room) return;
    self->refuse("no hello within " + std::to_string(self->context_.hello_grace_s) +
                 " s of connecting (serve --hello-grace): say hello with a match id first");
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
  if (!closed_) read();
}

void WsSession::handle(std::string text) {
  bool hello = false;
  try {
    const json message = parse_client_json(text);
    hello = message.is_object() && message.value("type", json()) == "hello";
  } catch (const std::exception&) {
    // handle_now answers it with the error
  }
  if (!hello) {
    handle_now(text);
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  const auto due = last_hello_ + std::chrono::seconds(1);
  if (now >= due) {
    last_hello_ = now;
    handle_now(text);
    return;
  }
  const bool armed = !held_hello_.empty();
  held_hello_ = std::move(text);  // a newer hello replaces the one held
  if (armed) return;
  held_hello_timer_.expires_at(due);
  held_hello_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->closed_ || self->held_hello_.empty()) return;
    self->last_hello_ = std::chrono::steady_clock::now();
    self->handle_now(std::exchange(self->held_hello_, std::string()));
  });
}

void WsSession::handle_now(const std::string& text) {
  handle_client_message(context_.lobby, client_, shared_from_this(), text,
                        [this](const json& answer) { send(answer); });
  if (client_.room) hello_timer_.cancel();
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

std::size_t log_bytes(const json& state) {
  std::size_t bytes = 0;
  if (!state.is_object() || !state.contains("views") || !state["views"].is_array()) return 0;
  for (const json& view : state["views"])
    if (view.is_object() && view.contains("log") && view["log"].is_array())
      for (const json& line : view["log"])
        bytes += line.is_string() ? line.get_ref<const std::string&>().size() : 8;
  return bytes;
}

std::size_t merge_state_into(json&& older, std::size_t older_bytes, json& newer) {
  if (!older.is_object() || !newer.is_object() || !older.contains("views") ||
      !older["views"].is_array() || !newer.contains("views") || !newer["views"].is_array())
    return 0;
  if (older.contains("match") && older["match"].contains("board_places") &&
      newer.contains("match") && !newer["match"].contains("board_places"))
    newer["match"]["board_places"] = std::move(older["match"]["board_places"]);
  bool all_kept = older["views"].size() == newer["views"].size();
  std::vector<std::size_t> kept(newer["views"].size(), 0);  // older lines kept, per view
  std::size_t index = 0;
  for (json& view : newer["views"]) {
    const std::size_t at = index++;
    json* old_view = nullptr;
    if (view.is_object())
      for (json& v : older["views"])
        if (v.is_object() && v.value("seat", -2) == view.value("seat", -3)) old_view = &v;
    if (!old_view || !view.contains("log_from") || !old_view->contains("log_from") ||
        !(*old_view)["log"].is_array() || !view["log"].is_array()) {
      all_kept = false;
      continue;
    }
    const long long from_old = old_view->value("log_from", 0LL);
    const long long from_new = view.value("log_from", 0LL);
    json& old_log = (*old_view)["log"];
    // The newer lines start where the older ones did, or earlier (an undo cut the log), or the
    // newer view starts its log afresh (log_reset): it needs nothing of the older one.
    if (view.value("log_reset", false) || from_new <= from_old ||
        from_new - from_old > (long long)old_log.size()) {
      all_kept = false;
      continue;
    }
    const std::size_t keep = std::size_t(from_new - from_old);
    if (keep < old_log.size()) {
      all_kept = false;
      old_log.erase(old_log.begin() + long(keep), old_log.end());
    }
    kept[at] = keep;
    // The older array (which holds every line carried so far) grows by the new lines and takes
    // the newer one's place: no line is copied again.
    for (json& line : view["log"]) old_log.push_back(std::move(line));
    view["log"] = std::move(old_log);
    if (view.contains("log_plies") && old_view->contains("log_plies")) {
      json& old_plies = (*old_view)["log_plies"];
      if (old_plies.is_array() && old_plies.size() >= keep && view["log_plies"].is_array()) {
        old_plies.erase(old_plies.begin() + long(keep), old_plies.end());
        for (json& ply : view["log_plies"]) old_plies.push_back(std::move(ply));
        view["log_plies"] = std::move(old_plies);
      }
    }
    view["log_from"] = from_old;
    if (old_view->value("log_reset", false)) view["log_reset"] = true;  // it starts afresh there
  }
  if (all_kept) return older_bytes;
  // Some older lines were dropped: count what was kept (rare: a log cut back).
  std::size_t bytes = 0;
  index = 0;
  for (const json& view : newer["views"]) {
    const std::size_t keep = kept[index++];
    for (std::size_t i = 0; i < keep; ++i)
      bytes += view["log"][i].is_string() ? view["log"][i].get_ref<const std::string&>().size() : 8;
  }
  return bytes;
}

void WsSession::enqueue(std::shared_ptr<const std::string> message) {
  if (closed_) return;
  const MessageKind kind = message_kind(*message);
  Queued entry{std::move(message), kind};
  if (kind != MessageKind::other) {
    // Drop what the new message makes stale among those not being written yet; a dropped state's
    // log lines (and board places) are carried into the new one.
    const auto first = queue_.begin() + (writing_ ? 1 : 0);
    for (auto it = first; it != queue_.end(); ++it) {
      if (kind != MessageKind::state || it->kind != MessageKind::state) continue;
      json older = it->merged ? std::move(*it->merged) : json::parse(*it->text, nullptr, false);
      const std::size_t older_bytes = it->merged ? it->log_bytes : log_bytes(older);
      auto newer = std::make_shared<json>(json::parse(*entry.text, nullptr, false));
      const std::size_t own = log_bytes(*newer);
      entry.log_bytes = own + merge_state_into(std::move(older), older_bytes, *newer);
      entry.merged = std::move(newer);
    }
    queue_.erase(
        std::remove_if(first, queue_.end(),
                       [&](const Queued& q) {
                         return q.kind == MessageKind::thinking ||
                                (kind == MessageKind::state && q.kind == MessageKind::state);
                       }),
        queue_.end());
  } else {
    queued_bytes_ += entry.text->size();
  }
  const std::size_t carried = entry.log_bytes;
  queue_.push_back(std::move(entry));
  if (queue_.size() > kMaxQueued) {
    // The client does not read what it asked for: drop it rather than grow without bound.
    refuse("more than " + std::to_string(kMaxQueued) + " messages wait for this connection");
    return;
  }
  if (queued_bytes_ + carried > context_.ws_queue_bytes) {
    refuse("more than " + std::to_string(context_.ws_queue_bytes) +
           " bytes wait for this connection (serve --ws-queue-bytes)");
    return;
  }
  if (!writing_) write();
}

void WsSession::write() {
  writing_ = true;
  Queued& front = queue_.front();
  if (front.merged) {
    front.text = std::make_shared<const std::string>(dump_for_message(*front.merged));
    front.merged.reset();
  }
  ws_.text(true);
  ws_.async_write(net::buffer(*front.text),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) {
                    self->writing_ = false;
                    if (ec) {
                      self->disconnect();
                      return;
                    }
                    const Queued& done = self->queue_.front();
                    if (done.kind == MessageKind::other) self->queued_bytes_ -= done.text->size();
                    self->queue_.pop_front();
                    if (!self->refusal_.empty()) {
                      self->close_with_refusal();
                      return;
                    }
                    if (!self->queue_.empty() && !self->closed_) self->write();
                  });
}

void WsSession::refuse(const std::string& why) {
  // Nothing more is queued and the room forgets this viewer at once (its memory is bounded now);
  // the client learns why in an `error` and the close frame's reason once the write under way
  // (if any) is done. A client that never reads again is closed by the idle timeout.
  refusal_ = why;
  if (queue_.size() > (writing_ ? 1u : 0u))
    queue_.erase(queue_.begin() + (writing_ ? 1 : 0), queue_.end());
  queued_bytes_ = 0;
  leave();
  if (!writing_) close_with_refusal();
}

void WsSession::close_with_refusal() {
  const std::string text = dump_for_message({{"type", "error"}, {"message", refusal_}});
  auto message = std::make_shared<const std::string>(text);
  writing_ = true;
  ws_.async_write(net::buffer(*message),
                  [self = shared_from_this(), message](beast::error_code ec, std::size_t) {
                    self->writing_ = false;
                    if (ec) {
                      self->disconnect();
                      return;
                    }
                    // A close frame's reason holds at most 123 bytes.
                    websocket::close_reason reason(websocket::close_code::try_again_later,
                                                   self->refusal_.substr(0, 123));
                    self->writing_ = true;
                    self->ws_.async_close(reason, [self](beast::error_code) {
                      self->writing_ = false;
                      self->disconnect();
                    });
                  });
}

void WsSession::disconnect() {
  if (beast::get_lowest_layer(ws_).socket().is_open()) beast::get_lowest_layer(ws_).close();
  closed_ = true;
  // A write in flight keeps its buffer (the queue's front) until it completes.
  if (queue_.size() > (writing_ ? 1u : 0u))
    queue_.erase(queue_.begin() + (writing_ ? 1 : 0), queue_.end());
  leave();
}

void WsSession::leave() {
  closed_ = true;
  hello_timer_.cancel();
  held_hello_timer_.cancel();
  if (client_.room) client_.room->unsubscribe(this);
  client_.room.reset();
}

}  // namespace tabletop::server
