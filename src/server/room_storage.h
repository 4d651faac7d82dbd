// What of a match the store keeps, and when a Room writes it (docs/server.md, Persistence).
//
// A match's row holds its game, parameters, seed, seats (SeatInfo's stored fields), seq, status,
// result and who is to move; its move log holds the moves in order. A Room writes through
// MatchStorage, in a committed transaction, before it applies a change:
//   - a move: appended at its index, conditional on the seq the room believes (`append_move`);
//     every change of seq carries the match's clock as the change leaves it (the same transaction);
//   - an undo: the log cut back (`truncate_moves`);
//   - a seat claimed or handed to a computer: the seat list, conditional on the seat list and seq
//     the room believes (`update_seats`);
//   - a seat resigned, or the match abandoned: the seat list with the new status (`update_seats`);
//   - the end: the result (`finish`, once).
// A write that finds the match moved on (another process got there first) changes nothing and
// answers Write::kStale; the room then reads what changed (`read_changes`). With several
// processes (a `shared()` store) the row also notes who is to move after each change
// (`changed`), which seats have a viewer in this process (`note_presence`), and who plays the
// computer seats (`claim_lease`). Failures of those notes are logged, not thrown: they only make
// the other processes read the match themselves.
//
// Not thread-safe: the Room calls every method with its mutex held.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "server/chat_store.h"
#include "server/coordination.h"
#include "server/match_store.h"

namespace tabletop::server {

// One seat of a match. `connections` and `left_at` are this process's own knowledge (who is
// connected here), never stored.
struct SeatInfo {
  std::string kind;          // "human" | "computer"
  std::string strength;      // for a computer
  std::string token_hash;    // for a human; empty while an open seat is unclaimed
  std::string revoked_hash;  // a taken-over seat's former token's (it unlocks nothing)
  bool open = false;
  std::optional<long long> taken_over_at;  // the move number at which a computer took over
  // The move number at which the seat resigned (room.h, Room::resign): a computer's seat from then
  // on, or, kept a human's, the seat that lost by resigning.
  std::optional<long long> resigned_at;
  bool resign_to_computer = false;  // the creator chose that a computer takes a resigned seat
  std::string player;               // the seat's personal name (seat_names.h); empty: none
  // The seat's time ran out (room_clock.cc): it lost, or a computer took it.
  bool timed_out = false;
  int connections = 0;
  std::chrono::steady_clock::time_point left_at = std::chrono::steady_clock::now();
};

class MatchStorage {
 public:
  // A match as loaded (or just created) from `stored`.
  MatchStorage(MatchStore& matches, Coordination& coordination, ChatStore& chat,
               const StoredMatch& stored);

  // The seats as the row stores them, and back.
  static std::vector<SeatInfo> seat_infos(const json& stored);
  static json seats_json(const std::vector<SeatInfo>& seats);

  // Whether several processes share the store (PostgreSQL).
  bool shared() const { return coordination_.shared(); }

  // The writes of a change (see above), each with the clock as the change leaves it in the same
  // transaction (ClockAfter; null: unchanged); each answers kStale when the match moved on.
  Write append_move(long long index, const std::string& text, long long new_seq,
                    const ClockAfter& clock);
  Write truncate_moves(long long keep, long long new_seq, const ClockAfter& clock);
  // Writes `seats` (with the match's `status`) if the row still has the seat list last written
  // or read and `seq`; then it is the one last written.
  Write update_seats(const std::vector<SeatInfo>& seats, const std::string& status, long long seq,
                     long long new_seq, const ClockAfter& clock);
  // Stores the result once, when the match is `over` (its game ended, or a seat resigned).
  void finish_if_over(bool over, const json& result);

  // After a change: the row notes that seat `to_move` (-1: none, the match is over) is to move
  // (several processes only; a failure is logged).
  void changed(int to_move, long long seq);
  // Notes who is to move whatever the store (the lobby lists unloaded matches from rows).
  void note_to_move(int to_move, long long seq) const;
  // At a start: notes who is to move unless the row already knew when it was loaded.
  void note_to_move_if_unknown(int to_move, long long seq);
  // Several processes: a viewer here holds `seat` now (or no longer does). Logged on failure.
  void note_presence(int seat, bool connected);
  // Several processes: whether `seat` has a viewer through another process, or had one within
  // `within_s` seconds.
  bool seen_elsewhere(int seat, int within_s);
  // Stores a line of table talk (room_chat.h); answers its number. Throws on a database error.
  long long add_chat(int seat, long long at, const std::string& text);
  // The match's last `limit` lines of table talk as stored, oldest first.
  std::vector<ChatLine> recent_chat(int limit);
  // Whether this process may play the match's computer seats now (Coordination::claim_lease);
  // false, logged, on a database error.
  bool claim_lease();

  // What another process changed: the moves after the `moves_here` this room has (`extends`:
  // they continue its log), or the whole match (after an undo: `extends` false). nullopt when
  // nothing changed since `seq_here` and the seat list last written or read.
  struct Changes {
    StoredMatch stored;
    bool extends = false;
  };
  std::optional<Changes> read_changes(long long moves_here, long long seq_here);

 private:
  MatchStore& matches_;
  Coordination& coordination_;
  ChatStore& chat_;
  std::string id_;
  json stored_seats_;  // the seat list as the row has it (the condition of a seat write)
  bool finished_stored_ = false;
  bool row_knows_to_move_ = false;  // when loaded, the row knew who is to move
};

}  // namespace tabletop::server
