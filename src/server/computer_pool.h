// The computer players' worker pool, fair across addresses, then across matches.
//
// One player must not starve the others: with one FIFO, twelve hard computer-only matches of one
// address put another player's easy reply behind every queued hard search (17.7 s on one worker);
// with one ring of matches, an address that made a hundred matches still had a hundred turns to
// another player's one. Here every match has its own queue of searches and belongs to an owner
// (the address that created it; a match brought back from the database after it left memory is
// its own owner). The owners with a search waiting stand in a ring, and each owner's matches with
// a search waiting stand in a ring of their own; a worker serves the next owner of the ring, and
// of that owner, its next match:
//   - at most one search of a match runs at a time (its next one waits until it is done);
//   - at most `workers` search threads run at once (the cap; a search counts its threads, below);
//   - a search is served after at most one search of every other owner that waited before it
//     (an owner that has just been served joins the ring at its end), however many matches that
//     owner has: one address with a hundred matches gets one turn in the ring like anyone else;
//     within an owner, its matches take turns the same way;
//   - while any search waits for a worker, `hurry` (given to every running search) is true, and a
//     long search stops early: the room gives a time-limited search a short budget instead of its
//     full one (room.h, ServerOptions::hurried_search_ms). So a queue of N owners delays an easy
//     reply by at most N short budgets, not N full ones.
// A room learns whether its search had to wait (`submit`'s answer) and tells its viewers "waiting
// for a free computer" until the search starts (docs/server.md, `thinking`).
//
// A search may use several threads (expert's tree-parallel search: `threads=4`): it counts that
// many against the cap while it runs (`submit`'s `threads`, at most the cap), so `workers` bounds
// the search threads, not the searches. A search that needs more threads than are free waits at
// the head of the ring (nobody passes it) until enough are.
//
// Low-priority jobs (`submit_low`: hints, post-game analyses) run only when no match's search
// waits: a worker free of matches' searches takes them, and `hurry` turns true for them too as
// soon as a match's search waits. They are shared like the searches: each belongs to an owner
// (the address that asked), the owners with a low-priority job waiting stand in a ring, and each
// owner's jobs wait in order; so one address's many hints or analyses delay another's by at most
// one job each. `low_of(owner)` counts an owner's queued and running jobs, for the callers' caps
// (ServerOptions::low_jobs_per_address).
//
// With `threads` false no thread is started and a test serves searches one at a time on its own
// thread with `run_one()` (a deterministic schedule, counted rather than timed); the cap still
// applies. Thread safety: every method may be called from any thread, jobs included.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tabletop::server {

// True once a search started at `start` is to stop for others: `hurry` is set (another search
// waits for a worker) and `hurried_ms` (> 0; 0: never) have passed. Computer seats (room.cc) and
// hints (room_hint.cc) stop their search on it.
inline bool hurried_past(const std::atomic<bool>& hurry, double hurried_ms,
                         std::chrono::steady_clock::time_point start) {
  return hurry && hurried_ms > 0 &&
         std::chrono::steady_clock::now() - start >=
             std::chrono::duration<double, std::milli>(hurried_ms);
}

class ComputerPool {
 public:
  // A search. `hurry` turns true while another search waits for a worker; a long search reads it
  // and stops early.
  using Job = std::function<void(const std::atomic<bool>& hurry)>;

  // `workers` (at least 1) is the cap on searches running at once; with `threads` that many
  // threads serve the queue, else none (tests call run_one).
  explicit ComputerPool(int workers, bool threads = true);
  // stop().
  ~ComputerPool();
  // Stops the workers after their running searches (told to hurry); searches still queued, and
  // any submitted later, are dropped.
  void stop();
  ComputerPool(const ComputerPool&) = delete;
  ComputerPool& operator=(const ComputerPool&) = delete;

  // Queues `job` for match `match` of `owner` (empty: the match is its own owner). Answers true
  // when it must wait (another search is ahead of it, every worker is busy, or its own match's
  // previous search still runs), false when a worker takes it at once.
  // `threads`: the search threads it uses, clamped to 1..workers() (see above).
  bool submit(const std::string& match, Job job, const std::string& owner = "", int threads = 1);
  // Queues `job` at low priority for `owner` (see above). Dropped, like every queued job, by
  // stop().
  void submit_low(Job job, const std::string& owner = "");
  // Low-priority jobs queued and not yet running.
  std::size_t waiting_low() const;
  // Low-priority jobs of `owner` queued or running.
  std::size_t low_of(const std::string& owner) const;
  // Runs the next search due on the calling thread. False (running nothing) when none is due:
  // nothing queued, the cap reached, or only searches of matches already running one.
  bool run_one();
  // Searches queued and not yet running.
  std::size_t waiting() const;
  // Searches running now.
  std::size_t running() const;
  // Search threads in use now (a search counts its `threads`).
  std::size_t threads_in_use() const;
  // Whether match `match` has a search queued or running.
  bool busy(const std::string& match) const;
  // The cap (the worker count).
  int workers() const { return workers_; }

 private:
  struct Pending {
    Job job;
    int threads = 1;
  };
  struct Queue {
    std::deque<Pending> jobs;
    bool running = false;
    std::string owner;
  };
  // What a worker took: a match's search (key: the match) or a low-priority job (key: its owner).
  struct Taken {
    Job job;
    std::string key;
    bool low = false;
    int threads = 1;
  };
  // Puts `match` (with a search waiting, none running) in its owner's ring, and the owner in the
  // ring of owners if it was not there (lock held).
  void enqueue_match(const std::string& match);
  // Takes the next due job (lock held); its job is empty when none is due.
  Taken take();
  Taken take_low();
  void run(Taken& taken);
  void finish(const Taken& taken);
  void serve();
  void update_hurry();

  const int workers_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::map<std::string, Queue> queues_;  // matches with a search queued or running
  // Per owner, its matches with a search queued and none running, in turn.
  std::map<std::string, std::deque<std::string>> owner_rings_;
  std::deque<std::string> ring_;                // owners with a match in their ring, in turn
  std::map<std::string, std::deque<Job>> low_;  // per owner, its low-priority jobs in order
  std::deque<std::string> low_ring_;            // owners with a low-priority job waiting
  std::map<std::string, std::size_t> low_running_;
  std::size_t waiting_low_ = 0;
  std::size_t waiting_ = 0;
  std::size_t running_ = 0;       // jobs
  std::size_t busy_threads_ = 0;  // threads the running jobs use (the cap's measure)
  std::atomic<bool> hurry_{false};
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace tabletop::server
