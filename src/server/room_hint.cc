// Room::hint (room.h): a seat's hint, searched on the computer pool at low priority.
#include <cmath>
#include <random>
#include <utility>

#include "ai/advice.h"
#include "server/json_input.h"
#include "server/log.h"
#include "server/room.h"

namespace tabletop::server {

Room::Answer Room::hint(SeatMask held, int seat, long long seq, const std::shared_ptr<Viewer>& from,
                        const std::string& asker) {
  std::lock_guard lock(mutex_);
  try {
    check_seat(held, seat);
  } catch (const BadInput& e) {
    return {e.what()};
  }
  if (!hints_) return {"hints are off in this match (its creator did not allow them)"};
  const State& state = match_->state();
  if (state.is_terminal()) return {"the match is over"};
  if (seq != seq_) return {"stale: the match is at seq " + std::to_string(seq_)};
  if (state.current_player() != seat)
    return {"seat " + std::to_string(seat) + " is not to move: a hint is for the seat to move"};
  if (hint_running_) return {"a hint for this match is already being worked out: one at a time"};
  // Low-priority work is shared per address (computer_pool.h): each has its cap.
  const std::string owner = asker.empty() ? (owner_.empty() ? id_ : owner_) : asker;
  if (const int cap = computers_.low_jobs_per_address;
      cap > 0 && computers_.pool->low_of(owner) >= std::size_t(cap))
    return {"too many hints and analyses wait for your address: at most " + std::to_string(cap) +
            " at once (serve --low-jobs-per-address); ask again when one is answered"};
  hint_running_ = true;
  last_activity_ = std::chrono::steady_clock::now();
  // The truth's copy goes to the search, which samples from it only what `seat` may know.
  std::shared_ptr<State> position(state.clone().release());
  const std::string spec = "ismcts:time=" + std::to_string(int(computers_.hint_ms)) + ",threads=1";
  const double hurried_ms = computers_.hurried_search_ms;
  std::weak_ptr<Room> self = weak_from_this();
  std::weak_ptr<Viewer> to = from;
  // A seed of its own: nothing of the match's seed goes into the search.
  const uint64_t seed = std::random_device{}() * 0x100000001ull ^ std::random_device{}();
  computers_.pool->submit_low(
      [self, to, position, spec, seed, seat, seq, hurried_ms](const std::atomic<bool>& hurry) {
        json answer{{"type", "hint"}, {"seat", seat}, {"seq", seq}};
        try {
          // Hurried like a computer seat's search (room.cc, think): once a match's search waits and
          // `hurried_ms` have passed, the search is stopped.
          const auto start = std::chrono::steady_clock::now();
          const ai::StopWhen hurried = [&] { return hurried_past(hurry, hurried_ms, start); };
          const ai::Hint h = ai::hint(*position, spec, seed, {}, hurried);
          answer["move"] = h.move;
          answer["win_chance"] = std::round(h.win_chance * 1000) / 1000;
          answer["iterations"] = h.iterations;
        } catch (const std::exception& e) {
          answer["refused"] = std::string("the hint failed: ") + e.what();
        }
        if (auto room = self.lock()) {
          if (answer.contains("refused"))
            log_match(
                spdlog::level::warn, room->id(),
                "seat " + std::to_string(seat) + "'s " + answer["refused"].get<std::string>());
          room->hint_ready(seat, seq, to, answer);
        }
      },
      owner);
  return {};
}

void Room::hint_ready(int seat, long long seq, const std::weak_ptr<Viewer>& to,
                      const json& answer) {
  std::lock_guard lock(mutex_);
  hint_running_ = false;
  last_activity_ = std::chrono::steady_clock::now();
  auto viewer = to.lock();
  if (!viewer) return;
  // Only to the asker, and only while it still holds the seat and the position is the same.
  bool holds = false;
  for (const Subscriber& s : subscribers_)
    if (s.key == viewer.get() && (s.seats & (SeatMask(1) << seat))) holds = true;
  if (!holds) return;
  json out = answer;
  if (seq != seq_) {
    out.erase("move");
    out.erase("win_chance");
    out.erase("iterations");
    out["refused"] = "the position changed before the hint was ready";
  }
  viewer->deliver(std::make_shared<const std::string>(out.dump()));
}

}  // namespace tabletop::server
