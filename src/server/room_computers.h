// A match's computer seats and hints: when a computer seat's search starts, what it is told,
// what viewers hear while it thinks, and a seat's hint.
//
// A computer seat to move gets one search at a time on the ComputerPool (computer_pool.h: fair
// across matches and addresses), on a clone of the state, never holding the room's lock; its
// seed mixes the match's seed, the seat and the ply (a restarted server decides the same, and the
// seed stays inside). The search's spec is the seat's strength (catalog.h) with as many threads as
// the pool allows; it is stopped (Agent::stop) after `hurried_search_ms` once another match's
// search waits. While it waits for a free worker, viewers are told so (a `thinking` message with
// "waiting": true); while it runs, its progress at most four times a second. An agent that throws
// leaves the seat to move and is logged with the match id (log.h).
//
// Computer-only matches that nobody watches pause (ComputerSettings::unwatched_pause_s): once no
// viewer has been subscribed for that long, the next computer turn is not started; a viewer's
// `subscribe` resumes it. A match loaded from the store counts as unwatched since long ago. With
// a shared store (several processes) matches never pause: another process would take the lease
// of a paused match's computer seats.
//
// A hint is hard's search for the seat to move, from what the seat may know only (ai/advice.h),
// on the pool at low priority as the asker's job, one at a time per match.
//
// The answers come back through ComputerSeatsHost (the Room), held weakly: a room that leaves
// memory meanwhile only loses its answer. Not thread-safe: the Room calls every method with its
// mutex held; the host's callbacks lock it themselves.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "ai/budgets.h"
#include "core/game.h"
#include "core/record.h"
#include "server/computer_pool.h"
#include "server/room_views.h"

namespace tabletop::server {

// How a room's computer seats get their thinking time.
struct ComputerSettings {
  ComputerPool* pool = nullptr;
  // A search stops after this many ms when another match's search waits (0: never).
  double hurried_search_ms = 300;
  // A hint's search: hard's, `ismcts:time=hint_ms,threads=1` (also hurried).
  double hint_ms = ai::kHardSearchMs;
  // Seconds a computer-only match nobody watches plays on before it pauses (see above); 0: never.
  double unwatched_pause_s = 30;
  // Computer-only matches of one address that may play (unpaused, unfinished) at once; creating
  // one more is refused (OverLimit, 429). 0: no limit.
  int computer_matches_per_address = 4;
  // Hints and analyses of one address that may wait or run at once (ComputerPool::low_of); one
  // more is refused. 0: no limit.
  int low_jobs_per_address = 4;
};

// Where a computer seat's search and a hint report (the Room); each call locks the room.
class ComputerSeatsHost {
 public:
  virtual ~ComputerSeatsHost() = default;
  // The search for `seat` at `seq` is about to run: false when the match moved on (it is dropped).
  virtual bool search_starting(int seat, long long seq) = 0;
  // The search's progress (0..1).
  virtual void search_progress(int seat, long long seq, double done) = 0;
  // The search's move in notation.
  virtual void computer_moved(int seat, long long seq, const std::string& text) = 0;
  // A hint's answer for the viewer `to` ({"type":"hint",...}, or with "refused").
  virtual void hint_ready(int seat, long long seq, const std::weak_ptr<Viewer>& to,
                          const json& answer) = 0;
};

class ComputerSeats {
 public:
  // A match created now counts as watched now; one loaded back (`loaded`) as long ago.
  ComputerSeats(std::string match, ComputerSettings settings, bool loaded);

  const ComputerSettings& settings() const { return settings_; }
  // Who the searches count for in the pool's fairness (Room::set_owner).
  void set_owner(std::string address) { owner_ = std::move(address); }
  const std::string& owner() const { return owner_; }
  // The address a low-priority job of `asker` counts for (empty asker: the owner, else the match).
  std::string low_owner(const std::string& asker) const;

  // Whether a search or a hint of the match is queued or running.
  bool busy() const;
  bool paused() const { return paused_; }
  // A viewer came: the time of the last watch is now, and the match is no longer paused. Answers
  // whether it was (the room then schedules the computer again).
  bool watched_now();
  // The last viewer went: the time of the last watch is now.
  void last_watched_now() { watched_at_ = std::chrono::steady_clock::now(); }
  // Whether the next computer turn must wait for a viewer (see above; it is then paused).
  bool pause_for_want_of_viewer(bool computer_only, bool shared_store, bool watched);

  // Whether a search is already queued or running for `seq`.
  bool searching(long long seq) const { return computer_seq_ == seq; }
  // The search for `seq` was dropped or failed: a later schedule may start another.
  void search_dropped(long long seq);
  // Starts `seat`'s search (strength `strength`) of `position` at `seq` on the pool; viewers hear
  // of a wait through `views`.
  void start_search(const std::weak_ptr<ComputerSeatsHost>& host, int seat,
                    const std::string& strength, uint64_t match_seed, const State& position,
                    long long seq, MatchViews& views);
  // The search for `seat` begins to run: viewers told they waited hear it started.
  void search_runs(int seat, MatchViews& views);
  // A search's progress, passed on to viewers at most four times a second (false: held back).
  void progress(int seat, double done, MatchViews& views);
  // The match changed: no search is thinking for the viewers any more.
  void stop_thinking();
  // The `thinking` field of state messages (null when no computer thinks).
  json thinking() const;

  // Refuses a hint when one is running or the asker is over its cap ("" when it may start).
  std::string why_no_hint(const std::string& asker) const;
  // Starts the hint's search for `seat` at `seq` (see above); `record`, the match so far, names
  // the positions the seat has seen, which the hint does not go back to (ai/advice.h).
  void start_hint(const std::weak_ptr<ComputerSeatsHost>& host, int seat, long long seq,
                  const State& position, const Record& record, const std::weak_ptr<Viewer>& to,
                  const std::string& asker);
  void hint_done() { hint_running_ = false; }

 private:
  // The computer's move in notation (empty if the agent failed: logged), on a worker.
  static std::string think(const std::weak_ptr<ComputerSeatsHost>& host, const std::string& match,
                           int seat, long long seq, const std::string& spec, uint64_t seed,
                           double hurried_ms, const State& position,
                           const std::atomic<bool>& hurry);

  std::string match_;
  ComputerSettings settings_;
  std::string owner_;
  long long computer_seq_ = -1;  // the seq a computer job is thinking about
  bool hint_running_ = false;    // a hint's search is queued or running
  std::optional<std::pair<int, double>> thinking_;
  bool waiting_ = false;  // thinking_'s search waits for a free worker
  std::chrono::steady_clock::time_point last_progress_{};
  // When a viewer last watched: a new match counts as watched when it is made.
  std::optional<std::chrono::steady_clock::time_point> watched_at_;  // none: long ago
  bool paused_ = false;  // a computer turn was not started for want of a viewer
};

}  // namespace tabletop::server
