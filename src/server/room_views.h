// What each viewer of a match sees: the viewers subscribed to a Room, how far each has been sent
// its logs, and the per-viewer part of every state message.
//
// A state message (docs/server.md, `state`) is what the whole table shares (StateFacts: the match,
// its seats, whose turn, the result, a computer's thinking; built once per change by the Room)
// around one view per seat the viewer holds (the spectator's for a viewer holding none): that
// seat's observation, its log, its legal moves when it is to move and whether it may undo. A
// view's log carries only the lines its viewer has not been sent yet (`log_from` says where they
// start in that viewer's log), and `board_places` (which never changes) is sent only in a
// viewer's first state. Each viewer has a LogMark saying how far each of its views' logs was
// sent. A new viewer, every viewer after an undo (`restart_logs`), and every viewer at the end
// (when the views turn to the record's log) starts its logs afresh (`log_reset`) with their last
// kStateLogLines lines only, so a `hello` costs the same whatever the match's length; earlier lines
// come page by page on request (`log_page`, the `log` message). Once the match is over, every
// seat's observation (`revealed`) and the record's view (`record_view`) are added: the record is
// public then.
//
// Nothing here decides who may see what: the Room passes each viewer's seats (checked against
// its tokens) and MatchViews shows exactly those seats' views, built by the game's own
// State::observation and EventLog::for_viewer.
//
// Not thread-safe: the Room calls every method with its mutex held. Viewer::deliver is called
// with that lock held and must only queue.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"

namespace tabletop::server {

using json = nlohmann::json;
// A set of seats as bits (bit s: seat s). Zero: a spectator.
using SeatMask = uint32_t;

// Something that receives a room's messages (a WebSocket session, or a test). `deliver` is
// called with the room's mutex held: it must only queue the message, never call back the room.
class Viewer {
 public:
  virtual ~Viewer() = default;
  virtual void deliver(std::shared_ptr<const std::string> message) = 0;
};

// What every viewer's state message shares at one moment, as JSON text pieces, and what the
// views are built from. The message is `head` + (first state only: `"board_places"`) + `seats` +
// the views + (at the end: `revealed`, `record_view`) + `tail`.
struct StateFacts {
  std::string head;   // {"type":"state","seq":..,"match":{"id":..,...,"takeover_after_s":..
  std::string seats;  // ,"seats":[...]},"to_move":..
  std::string tail;   // ,"result":..,"thinking":..}
  const State* state = nullptr;
  // Whether the match is over: its game ended, or it ended early (a seat resigned, its creator
  // abandoned it); its record is then public and every view the record's.
  bool over = false;
  std::size_t seat_count = 0;
  // Why `seat` may not undo now ("" when it may).
  std::function<std::string(Seat)> why_no_undo;
  // Whether undo could take a legal move back once played (core Match::undoable); empty when the
  // match has undo off, and then no move can be.
  std::function<bool(Move)> undoable;
};

class MatchViews {
 public:
  // The log lines of each view in a state that starts its log afresh (see above).
  static constexpr std::size_t kStateLogLines = 200;
  // The most lines a `log` request answers.
  static constexpr std::size_t kLogPageLines = 500;

  // `board_places`: Game::board_places as JSON text, sent in each viewer's first state.
  void set_board_places(std::string board_places) { board_places_ = std::move(board_places); }

  // Adds a viewer holding `seats`; it has been sent nothing yet.
  void add(const std::shared_ptr<Viewer>& viewer, SeatMask seats);
  // Delivers the newest viewer (the one `add` added last) its first, full state.
  void deliver_to_newest(const StateFacts& facts);
  // Removes `viewer`; answers the seats it held (0 if it was not subscribed).
  SeatMask remove(const Viewer* viewer);
  // Whether any subscribed viewer is still alive.
  bool watched() const;
  // Whether the live viewer `viewer` holds `seat`.
  bool holds(const Viewer* viewer, int seat) const;

  // How much of its logs a viewer has been sent.
  struct LogMark {
    bool started = false;            // it has had a state (with the board's places)
    bool fresh = true;               // its next state starts every view's log afresh
    bool record = false;             // its views show the record's log (the match is over)
    std::size_t events = 0;          // events of the match's EventLog covered
    std::vector<std::size_t> lines;  // lines sent, per view (in the message's view order)
    bool operator==(const LogMark&) const = default;
  };
  // The state message for a viewer holding `seats` that has been sent `mark`, which it then
  // advances.
  std::string state_message(const StateFacts& facts, SeatMask seats, LogMark& mark) const;
  // A full state (whole logs, the board's places), as a new viewer's first.
  std::string fresh_state_message(const StateFacts& facts, SeatMask seats) const;
  // Sends every viewer its state: one message per distinct seat set and log mark (most viewers
  // of a match share one). Viewers that are gone are dropped.
  void broadcast(const StateFacts& facts);
  // Sends `message` as it is to every viewer.
  void send_all(const std::shared_ptr<const std::string>& message) const;
  // Sends `message` to every viewer whose seats `to` accepts (0: a spectator).
  void send_where(const std::shared_ptr<const std::string>& message,
                  const std::function<bool(SeatMask)>& to) const;
  // Every viewer's next state starts its logs afresh (after an undo or a rewind).
  void restart_logs();

  // Earlier lines of a view's log (the `log` message; room.h, Room::log_page), from `state`'s
  // log (the record's once the match is `over`). Throws BadInput when `held` does not hold `seat`
  // or `seat` is not one of `seat_count`.
  static json log_page(const State& state, bool over, std::size_t seat_count, SeatMask held,
                       int seat, long long before);

 private:
  struct Subscriber {
    std::weak_ptr<Viewer> viewer;
    const Viewer* key;
    SeatMask seats;
    LogMark mark;
  };
  // Appends `viewer`'s view (observation, new log lines, legal moves, undo) to `out`; `sent`
  // is how many of its log's lines the viewer has had, advanced past those written.
  static void append_view(std::string& out, const StateFacts& facts, Seat viewer, bool reset,
                          const LogMark& mark, std::size_t& sent);

  std::string board_places_;
  std::vector<Subscriber> subscribers_;
};

}  // namespace tabletop::server
