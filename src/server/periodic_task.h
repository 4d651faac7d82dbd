// A thread that does one job every period until destroyed: the server's sweeps (expired decks,
// stalled and ended matches, run-out clocks) each own one. The job runs outside any lock; an
// exception it throws is logged as "<what> failed (tried again at the next sweep): …" and the next
// period tries again. Destruction wakes the thread at once and joins it, so a member PeriodicTask
// must be declared after everything its job uses (it is destroyed first).
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace tabletop::server {

class PeriodicTask {
 public:
  // Starts the thread; `job` first runs one `period` from now.
  PeriodicTask(std::chrono::duration<double> period, std::string what, std::function<void()> job);
  ~PeriodicTask();
  PeriodicTask(const PeriodicTask&) = delete;
  PeriodicTask& operator=(const PeriodicTask&) = delete;

 private:
  void run();
  const std::chrono::duration<double> period_;
  const std::string what_;
  const std::function<void()> job_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;  // last: started once everything above is set
};

}  // namespace tabletop::server
