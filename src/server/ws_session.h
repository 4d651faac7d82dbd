// One WebSocket connection (GET /ws): reads the client's messages, answers them, and writes what
// its Room delivers, in order, from a queue.
//
// The connection holds exactly the seats whose tokens it sent in its last `hello` (none: a
// spectator). All its handlers run on its own strand; Room calls are thread-safe and deliver by
// posting to that strand. Limits: frames over kMaxFrameBytes close the connection (code 1009);
// messages over kMaxMessageBytes are an `error`; at most `rate` messages a second (bursts of
// twice that), the rest answered by one `error` and dropped; nothing received for
// RouteContext::ws_idle_s closes it (Beast pings at half that time, and a browser's pong counts);
// a connection that has not said a `hello` naming a match within RouteContext::hello_grace_s of
// its upgrade is sent an `error` saying so and closed (pings and pongs do not keep it).
//
// Backpressure: a room never waits for a viewer (deliver only queues). A full `state` makes every
// older `state` and `thinking` still waiting in the queue (not yet being written) useless, so they
// are dropped: a viewer that reads slowly gets the newest state, its `seq` jumping over the plies
// it missed, never every ply. A state carries only the log lines the room had not delivered
// before (`log_from`), so the dropped state's lines are carried into the newer one
// (merge_state_into): the viewer still receives every log line exactly once and never has to say
// hello again. The messages that may not be dropped (ack, reject, error) and the carried log
// lines count against RouteContext::ws_queue_bytes (serve --ws-queue-bytes), the messages
// against kMaxQueued; past either the client is sent a JSON `error` naming the limit and
// disconnected. So one connection holds at most the message being written, the newest state with
// the log lines it carries, the newest progress and that bounded rest.
//
// A `hello` answers a whole state (bounded: room.h, kStateLogLines), at most once a second per
// connection: a `hello` within a second of the last one is held and answered when the second is
// up (a newer one replaces it), so a client repeating hellos costs one state a second.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/connections.h"
#include "server/lobby.h"
#include "server/room.h"
#include "server/routes.h"

namespace tabletop::server {

inline constexpr std::size_t kMaxFrameBytes = 1024 * 1024;
inline constexpr std::size_t kMaxQueued = 4096;

// What a connection holds between messages: the room it said hello to and the seats it holds.
struct ClientState {
  std::shared_ptr<Room> room;
  SeatMask seats = 0;
  std::string address;  // the client's (routes.h, client_address): whose hints it asks
};

// Handles one text message of the protocol (docs/server.md) from a connection in `state`: `self`
// is the viewer a `hello` subscribes and acknowledgements go to; answers of its own (error,
// reject, pong) go to `reply`. Never throws: every problem is an `error` message.
void handle_client_message(Lobby& lobby, ClientState& state, const std::shared_ptr<Viewer>& self,
                           const std::string& text, const std::function<void(const json&)>& reply);

// How the write queue treats a message (see the header comment): a full state and a computer's
// progress may be replaced by a newer one; anything else is kept.
enum class MessageKind { state, thinking, other };
MessageKind message_kind(std::string_view text);

// Carries what the `older` state message (parsed, not yet written) holds that the `newer` one
// (parsed) does not, into `newer`, when the newer one replaces it in the queue: each view's log
// lines from the older one's `log_from` up to the newer one's (with their `log_plies`), and the
// match's `board_places` (sent only in the first state after a hello). A view whose newer
// `log_from` is not past the older one's (a log cut back by an undo), or that starts its log
// afresh (`log_reset`), needs none of them; one that continues an older `log_reset` keeps it. The
// older arrays are moved, not copied, so a long stall costs each merge only its new lines. Returns
// the bytes of the older log lines now in `newer`: `older_bytes` (all of older's, log_bytes) when
// every one was kept.
std::size_t merge_state_into(nlohmann::json&& older, std::size_t older_bytes,
                             nlohmann::json& newer);
// The bytes of the log lines of every view of a state message.
std::size_t log_bytes(const nlohmann::json& state);

class WsSession : public Viewer, public std::enable_shared_from_this<WsSession> {
 public:
  // `address`: the client's (routes.h, client_address).
  WsSession(boost::asio::ip::tcp::socket&& socket, const RouteContext& context,
            ConnectionLimits::Slot slot, std::string address = {});
  // Accepts the upgrade `request` and starts reading.
  void run(boost::beast::http::request<boost::beast::http::string_body> request);
  void deliver(std::shared_ptr<const std::string> message) override;

 private:
  struct Queued {
    std::shared_ptr<const std::string> text;
    MessageKind kind;
    // A state that replaced another carries its log lines (merge_state_into): kept parsed until
    // it is written (text is then made from it), `log_bytes` the bytes of all its log lines.
    std::shared_ptr<nlohmann::json> merged = nullptr;
    std::size_t log_bytes = 0;
  };
  // Starts the hello grace: at its end a connection without a room is refused.
  void await_hello();
  void read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void send(const nlohmann::json& message);
  void enqueue(std::shared_ptr<const std::string> message);
  void write();
  void disconnect();
  // Sends `why` as an `error` (written before the close when the socket still takes it), then
  // disconnects.
  void refuse(const std::string& why);
  void close_with_refusal();
  void leave();
  bool allow();
  // Handles one message (a hello at most once a second, see above).
  void handle(std::string text);
  void handle_now(const std::string& text);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<Queued> queue_;      // front: the message being written, while writing_
  std::size_t queued_bytes_ = 0;  // the bytes of the queue's kept messages (kind other)
  bool writing_ = false;
  const RouteContext& context_;
  ConnectionLimits::Slot slot_;
  boost::asio::steady_timer hello_timer_;
  ClientState client_;
  double rate_;
  double allowance_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
  bool warned_ = false;
  bool closed_ = false;
  std::string refusal_;  // why the connection is being closed (refuse), once it is
  std::chrono::steady_clock::time_point last_hello_{};
  std::string held_hello_;                      // a hello waiting for its second (empty: none)
  boost::asio::steady_timer held_hello_timer_;  // answers held_hello_ when its second is up
};

}  // namespace tabletop::server
