// One match on the server: the truth (a core Match), its seats, and what each viewer may see.
//
// A Room is the only holder of a match's truth. Everything it sends out is built by
// `state_message(seats)`: for each seat the viewer holds, `observation(seat)`, that seat's log
// (`EventLog::for_viewer`) and, for the seat to move, its legal moves; for a viewer that holds no
// seat, the spectator's observation and log. The seed, the chance journal and `State::to_json`
// never leave before the end (`record()` refuses until then).
//
// What each viewer is sent, and how far its logs have gone, is MatchViews' (room_views.h); what is
// stored and when, MatchStorage's (room_storage.h); the computer seats and hints, ComputerSeats'
// (room_computers.h). The Room holds the truth and the seats, answers the protocol's requests
// (move, undo, takeover, claim, hint, log, replay) and ties the three together under its lock.
//
// A finished match's replay (`replay_page`) is built once, outside the room's lock, from public
// information only (the spectator's observations and log), and kept while the room is in
// memory; each answer is one page of at most kReplayPageSteps steps. A short match's (at most
// kInlineReplayMoves moves) is built by the first request (concurrent ones wait for it and share
// it); a longer one's on the computer pool, as a job of the asker's address (fair like a search,
// counted against the cap), never on a network thread: until it is ready the request is answered
// "building" (202), and every request then shares the one copy.
//
// Ending early (docs/server.md, Resign and abandon). A seat may resign: when the creator chose
// that a computer takes a resigned seat, or the match has more than two seats (no rule text says
// what becomes of a player who leaves a game of three or more, RULINGS.md), the seat is handed to
// a computer as by a takeover (its token revoked); otherwise, in a two-seat match, the other seat
// wins (returns: the game's win, +1, and its loss, Game::loss_return) and the match is finished
// with the reason "<seat> resigned". The creator (whoever holds the first seat the creation
// answered a token for) may abandon an unfinished match that is not under way: no move played
// yet, or the seat to move another person's with nobody holding it; its status is then
// "abandoned". Either is written to the store (the seat list and status, seq + 1) before it is
// applied, and survives a restart. A match ended early is over like a finished one: its record
// (the moves played, no `result`, with `resigned` or `abandoned` saying why) and replay are
// public, and every view turns to the record's.
//
// Clocks (match_clock.h, room_clock.cc): a match created with a time control runs the clock of
// the seat to move from its first move on; every move, undo and change of seats stores the clock
// as the change leaves it in the change's own transaction (ClockAfter, match_store.h). When a
// person's time runs out (`check_clock`: the clock sweep, clock_sweeper.h, and every move, undo and
// resignation of the match) the creator's rule applies through the same write as a takeover or a
// resignation: a computer takes the seat, or the seat loses on time (the resign rule: in a two-seat
// match the other seat wins, the result's reason saying so with "ended_by": "time"; with more seats
// a computer takes it). With several processes only the holder of the match's lease applies it, and
// the conditional write lets one change through at most.
//
// Table talk is MatchChat's (room_chat.h): a line is checked, numbered, pushed to every viewer
// who may read it (spectators as the creator chose) and kept; never part of the game's log or
// record. A seat's personal name (seat_names.h) is written with the seat list like a takeover
// (seq + 1) and shown in the seats, chat lines and result; never in the record.
//
// A takeover revokes the seat's token: the seat is a computer's from then on, its old token
// unlocks nothing (`seats_for` names why) and a computer seat accepts no human move, undo or hint.
//
// Changes (moves, undo, takeover, a seat claimed) are written to the Store in a committed
// transaction first, then applied, then acknowledged to the sender, then broadcast. Every change
// of the game increments `seq`; a move names the seq it answers and is rejected as stale
// otherwise.
//
// Several processes (a Store that is `shared()`, PostgreSQL): each process holding the match in
// memory has a Room of it, and the database decides. A change is written conditional on the seq
// (and, for seats, the seat list) the room believes; when another process got there first the
// write changes nothing (Write::kStale), the room reads the match again (`catch_up`: the moves
// after its own, or the whole match replayed after an undo; seats as stored, connections as this
// process knows them) and answers `stale`, so two processes never accept two moves at one seq.
// The lobby calls `catch_up` when the store announces another process's change, and the room
// then broadcasts to its own viewers. A move naming a later seq than the room's (its client saw
// it through another process) catches up first; so does a token that matches no seat (claimed
// through another process). After each change the row notes who is to move
// (MatchStore::set_to_move), so that the others can list the match and find computer seats to play.
// A computer seat is played only while this process holds the match's lease
// (Coordination::claim_lease, tried each time the seat is to move); otherwise another process plays
// it and this room hears of the move. A seat's first viewer here and its last going are noted in
// the store (Coordination::note_presence), and a takeover also asks that no other process's viewer
// hold the seat or have left it within the timeout. Not shared between processes: a seat's
// `connected` flag in messages and summaries (this process's viewers only) and `thinking` progress
// (seen only by the viewers of the process that searches).
//
// Thread safety: every public method locks the room's mutex; Viewer::deliver is called with it
// held and must only queue. Computer seats think on the ComputerPool given at construction, on a
// clone of the state, never holding the mutex (room_computers.h).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ai/budgets.h"
#include "core/record.h"
#include "core/registry.h"
#include "server/clock.h"
#include "server/computer_pool.h"
#include "server/match_clock.h"
#include "server/room_chat.h"
#include "server/room_computers.h"
#include "server/room_storage.h"
#include "server/room_views.h"
#include "server/seat_names.h"
#include "server/store.h"

namespace tabletop::server {

using json = nlohmann::json;
class Room : public ComputerSeatsHost, public std::enable_shared_from_this<Room> {
 public:
  // The log lines of each view in a state that starts its log afresh (see above).
  static constexpr std::size_t kStateLogLines = MatchViews::kStateLogLines;
  // The most lines a `log` request answers.
  static constexpr std::size_t kLogPageLines = MatchViews::kLogPageLines;
  // The most steps (and, unless one alone is larger, bytes) of one replay page.
  static constexpr std::size_t kReplayPageSteps = 500;
  static constexpr std::size_t kReplayPageBytes = std::size_t(1) << 20;
  // The longest match whose replay a request builds itself (see above).
  static constexpr std::size_t kInlineReplayMoves = 2000;

  // Rebuilds the match from `stored` (seed + move log). Throws tabletop::Error if the stored
  // moves do not replay. Call `resume()` once the room is shared, to start a computer to move.
  // `chat`: the table talk's limits; `chat_lines`: the match's last stored lines (oldest first).
  Room(StoredMatch stored, const Registry& registry, Store& store, ComputerSettings computers,
       ChatLimits chat = {}, std::vector<ChatLine> chat_lines = {});

  const std::string& id() const { return id_; }
  // The game's registry id ("relativity").
  const std::string& game_id() const { return game_id_; }
  // Who the match's computer searches count for in the pool's fairness (computer_pool.h): the
  // hash of the address that created it (StoredMatch::owner, kept in the database, so a match
  // brought back keeps it). Set before resume(); empty (a match older than the column): the match
  // is its own owner.
  void set_owner(std::string address);
  std::string owner() const;
  // Where the match's clock reads the time (the lobby's; the system clock by default). Set before
  // resume(); `clock` outlives the room.
  void set_clock_source(const Clock& clock);
  // Applies the time rule if the running person's time ran out (see above); answers whether it
  // did. False when another process holds the lease or changed the match first.
  bool check_clock();
  // Whether every seat is a computer's, the match is unfinished and it is not paused (see above):
  // what ComputerSettings::computer_matches_per_address counts.
  bool playing_unattended() const;
  // Whether the match is paused for want of a viewer (see above).
  bool paused() const;
  // Starts the computer seat to move, if any (after construction or a restart).
  void resume();

  // The public summary (GET /api/matches/{id}): no token, no seed, no truth.
  json summary() const;
  // Notes in the store who is to move now, so that the lobby list can summarise the match from
  // its row once the room has left memory.
  void note_to_move() const;
  // Whether the room may leave memory: nobody subscribed, no computer search queued or running,
  // and nothing happened since `before` (the lobby checks that it holds the only reference).
  bool idle_since(std::chrono::steady_clock::time_point before) const;
  // The seats `tokens` unlock. Throws BadInput for a token that matches no seat of this match.
  SeatMask seats_for(const std::vector<std::string>& tokens);
  // Claims open human seat `seat` and returns its new token, with the seat's personal name
  // `player` (seat_names.h; empty: none) written with the claim. Throws Conflict if it is not an
  // open, unclaimed seat, BadInput naming 'player' if the name is refused.
  std::string claim(int seat, const std::string& player = "");
  // The full record (JSON `tabletop replay` accepts). Throws NotYet until the match is finished.
  json record() const;
  // The finished match step by step for a replay, as JSON text (room_replay.cc):
  // {"steps": [{"move": null|"<notation>", "observation": spectator's observation after it,
  // "log": the public log lines it added}], "from": F, "total": T, "next": N|null}: the steps
  // from F on (the deal is step 0), at most kReplayPageSteps of them (fewer past
  // kReplayPageBytes); `next` is the first step of the next page. Built once (see above):
  // nullopt while a long match's is being built (on the pool, as `asker`'s job; empty: the
  // match's owner). Throws NotYet until the match is finished, BadInput for a `from` past the
  // last step.
  std::optional<std::string> replay_page(std::size_t from, const std::string& asker = "");
  // The replay's steps as JSON texts (see above); null while being built on the pool. Throws
  // NotYet before the end.
  std::shared_ptr<const std::vector<std::string>> replay_steps(const std::string& asker = "");
  // How many times a replay was built (for tests: concurrent requests share one build).
  long long replay_builds() const { return replay_builds_; }
  // Earlier lines of a view's log (the `log` message): {"type":"log","seat":S,"from":F,
  // "log":[...],"log_plies":[...]}, at most kLogPageLines lines ending before line `before` of
  // seat S's log (S -1: the spectator's; after the end, the record's log for every view). Throws
  // BadInput when `held` does not hold S.
  json log_page(SeatMask held, int seat, long long before) const;

  // Adds a viewer holding `seats` and delivers it a full state at once.
  void subscribe(const std::shared_ptr<Viewer>& viewer, SeatMask seats);
  // Removes a viewer (its seats count as left when no other viewer holds them).
  void unsubscribe(const Viewer* viewer);

  // The answer to a move, undo or takeover: empty `reason` means accepted (the room has then
  // already delivered {"type":"ack"} to `from`, before the broadcast).
  struct Answer {
    std::string reason;
    bool ok() const { return reason.empty(); }
  };
  // A move in notation for `seat`, answering state `seq`, from a viewer holding `held`.
  Answer move(SeatMask held, int seat, long long seq, const std::string& text, Viewer* from);
  // Takes back `seat`'s own last decision (and the computer replies after it).
  Answer undo(SeatMask held, int seat, long long seq, Viewer* from);
  // Hands human seat `seat`, left for longer than the match's takeover timeout, to a computer.
  Answer takeover(SeatMask held, int seat, Viewer* from);
  // `seat`, held by `held`, resigns (see above).
  Answer resign(SeatMask held, int seat, Viewer* from);
  // The creator, holding `held`, ends the match (see above).
  Answer abandon(SeatMask held, Viewer* from);
  // Abandons the match for want of moves (match_sweeper.h): as `abandon`, asked by nobody. False
  // when it is over already, or another process changed it first.
  bool expire();
  // A line of table talk from a viewer holding `held`, as `seat` (-1: the lowest seat held; a
  // spectator's in a match whose spectators talk apart), from address `asker` (a spectator's
  // rate): cleaned, numbered, stored and pushed to every viewer who may read it (room_chat.h).
  // Throws BadInput naming why not (a spectator where they may not write, a seat not held, over a
  // limit).
  void chat(SeatMask held, int seat, const std::string& text, const std::string& asker = "");
  // Reads the match's recent table talk from the store and pushes the lines another process
  // stored that this room lacked (Change::chat).
  void catch_up_chat();
  // `seat`, held by `held`, takes the personal name `text` (seat_names.h; empty: none), written
  // with the seat list (seq + 1) and shown in every viewer's seats.
  Answer name_seat(SeatMask held, int seat, const std::string& text, Viewer* from);
  // A hint for `seat`, to move at state `seq`, asked by `from` holding `held` (room_hint.cc). In a
  // match whose creator allowed hints, at most one at a time: the search runs on the computer pool
  // at low priority (computer_pool.h), as hard would search for the seat, from what the seat may
  // know only (ai/advice.h), and its answer {"type":"hint","seat","seq","move","win_chance",
  // "iterations"} is delivered to `from` alone, never to another viewer. A refusal is the reason
  // (hints off, not the seat's turn, a stale seq, a hint already being worked out); a position
  // that changed before the answer was ready gets {"type":"hint","seat","seq","refused": why}.
  // The search is queued as `asker`'s (its address; empty: the match's owner) low-priority job:
  // refused while that address already has ComputerSettings::low_jobs_per_address waiting or
  // running.
  Answer hint(SeatMask held, int seat, long long seq, const std::shared_ptr<Viewer>& from,
              const std::string& asker = "");

  // The state message for a viewer holding `seats` (see docs/server.md).
  // A full one: whole logs and the board's places, as a new viewer's first state.
  std::string state_message(SeatMask seats) const;
  // The current seq.
  long long seq() const;
  // Reads the match from the store and, if another process changed it, takes its state,
  // broadcasts and starts a computer seat to move (see above). Throws on a database error.
  void catch_up();
  // Calls `look` with the truth, under the room's lock. For tests only (to know what must never
  // reach a viewer); never used to build a message.
  void inspect_truth(const std::function<void(const State&)>& look) const;

 private:
  // ComputerSeatsHost: the computer's jobs report here (each locks the room).
  bool search_starting(int seat, long long seq) override;
  void search_progress(int seat, long long seq, double done) override;
  void computer_moved(int seat, long long seq, const std::string& text) override;
  void hint_ready(int seat, long long seq, const std::weak_ptr<Viewer>& to,
                  const json& answer) override;

  // The game's names of the match's seats (a seat's name may not pass for one, seat_names.h).
  std::vector<std::string> seat_labels() const;
  // catch_up with the lock held, without broadcasting; answers whether anything changed.
  bool catch_up_locked();
  // check_clock with the lock held (room_clock.cc).
  bool flag_locked();
  // The running person's deadline on `clock` (none while a computer or nobody is to move).
  std::optional<long long> clock_deadline(const MatchClock& clock) const;
  // `clock` as the change to `seq` stores it (null without time control).
  ClockAfter clock_to_store(const MatchClock& clock, long long seq) const;
  // The clock after `seat` plays `text` (legal, not yet applied) now.
  MatchClock clock_after_move(int seat, const std::string& text) const;
  long long now_ms() const { return time_->now_ms(); }
  // After a change: seq advanced and the row notes who is to move.
  void changed_locked();
  // A write found the match moved on: catch up, then the `stale` answer to a request at `seq`.
  Answer stale_locked(long long seq);
  SeatMask seats_for_locked(const std::vector<std::string>& tokens) const;
  StoredMatch row() const;  // the match as its row would read now (without moves)
  std::string status() const;
  // Whether the match is over: its game ended, a seat resigned it, or it was abandoned.
  bool over() const;
  // The seat that resigned the match (the other seat won), or -1.
  int resigned_seat() const;
  // The seat to move, -1 once over.
  int to_move() const;
  // The seat a viewer holding `held` speaks as (`seat`, or the lowest held for -1); throws
  // BadInput.
  int speaker(SeatMask held, int seat) const;
  // Hands seat `seat` to a computer (a takeover, or a resignation), revoking its token.
  void hand_to_computer(SeatInfo& seat);
  // Writes the seat list and the status they make now at seq + 1 (a takeover, a resignation, an
  // abandon), then acknowledges to `from`, broadcasts and plays on. On a failed or stale write
  // `restore` puts the room back as it was first.
  Answer seats_changed_locked(const std::function<void()>& restore, Viewer* from);
  json public_seats() const;    // for viewers: seats with their connections
  json result() const;          // the game's result, with the seats' names
  json result_of_game() const;  // the result as the game (or a resignation, an abandon) made it
  // Pushes `lines` of table talk to the viewers who may read them (room_chat.h).
  void push_chat(const std::vector<ChatLine>& lines);
  json chat_message(const std::vector<ChatLine>& lines, bool recent) const;
  std::vector<std::string> record_seats() const;
  std::string why_no_undo(int seat) const;
  // What every viewer's state shares now (room_views.h).
  StateFacts facts() const;
  // Throws BadInput unless `held` holds `seat` and the seat is a human's.
  void check_seat(SeatMask held, int seat) const;
  bool computer_only() const;
  void apply_stored(const std::string& text, int seat);
  void broadcast();
  void schedule_computer();

  mutable std::mutex mutex_;
  std::string id_;
  std::string game_id_;
  json params_;
  // What everyone may see of params_ (Registry::public_params): no key that opens a deck snapshot.
  json public_params_;
  uint64_t seed_;
  bool undo_;
  bool hints_ = false;
  SpectatorChat spectator_chat_ = SpectatorChat::kRead;
  bool abandoned_ = false;
  std::optional<int> takeover_after_s_;
  long long created_at_;
  std::vector<SeatInfo> seats_;
  std::unique_ptr<Match> match_;
  std::vector<int> movers_;  // the seat that made each move
  long long seq_ = 0;
  std::chrono::steady_clock::time_point last_activity_ = std::chrono::steady_clock::now();
  std::shared_future<std::shared_ptr<const std::vector<std::string>>> replay_;
  std::atomic<long long> replay_builds_{0};
  MatchStorage storage_;
  MatchViews views_;
  ComputerSeats computers_;
  MatchChat chat_;
  SeatNames names_;
  MatchClock clock_;
  const Clock* time_ = &SystemClock::instance();
};

// The public summary of a match that is not in memory, from its row (MatchStore::list): as
// Room::summary, with no seat connected. nullopt when the row does not know who is to move (the
// room must then be loaded for it).
// `now_ms`: the time its clock is shown at.
std::optional<json> summary_of(const Registry& registry, const StoredMatch& row,
                               long long now_ms = SystemClock::instance().now_ms());

// Thrown by Room for a request that conflicts with the match's state (HTTP 409).
struct Conflict : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Thrown for a request over a per-address limit (HTTP 429); the message names the limit's flag.
struct OverLimit : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Thrown by Room::record before the end (HTTP 403).
struct NotYet : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace tabletop::server
