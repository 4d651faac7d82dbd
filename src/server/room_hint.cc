// Room::hint (room.h): a seat's hint, searched on the computer pool at low priority
// (room_computers.h).
#include "server/json_input.h"
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
  if (over()) return {"the match is over"};
  if (seq != seq_) return {"stale: the match is at seq " + std::to_string(seq_)};
  if (state.current_player() != seat)
    return {"seat " + std::to_string(seat) + " is not to move: a hint is for the seat to move"};
  if (std::string why = computers_.why_no_hint(asker); !why.empty()) return {why};
  last_activity_ = std::chrono::steady_clock::now();
  computers_.start_hint(weak_from_this(), seat, seq, state, match_->record(), from, asker);
  return {};
}

void Room::hint_ready(int seat, long long seq, const std::weak_ptr<Viewer>& to,
                      const json& answer) {
  std::lock_guard lock(mutex_);
  computers_.hint_done();
  last_activity_ = std::chrono::steady_clock::now();
  auto viewer = to.lock();
  // Only to the asker, and only while it still holds the seat and the position is the same.
  if (!viewer || !views_.holds(viewer.get(), seat)) return;
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
