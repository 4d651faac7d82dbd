// The Room's clock (room.h, Clocks; match_clock.h): applying the time rule.
#include "server/log.h"
#include "server/room.h"

namespace tabletop::server {

void Room::set_clock_source(const Clock& clock) {
  std::lock_guard lock(mutex_);
  time_ = &clock;
}

bool Room::check_clock() {
  std::lock_guard lock(mutex_);
  return flag_locked();
}

std::optional<long long> Room::clock_deadline(const MatchClock& clock) const {
  const int seat = clock.running();
  if (over() || seat < 0 || seats_[std::size_t(seat)].kind != "human") return std::nullopt;
  return clock.deadline_ms();
}

ClockAfter Room::clock_to_store(const MatchClock& clock, long long seq) const {
  if (!clock.on()) return {};
  json stored = clock.to_json();
  stored["seq"] = seq;
  return {std::move(stored), clock_deadline(clock)};
}

MatchClock Room::clock_after_move(int seat, const std::string& text) const {
  MatchClock after = clock_;
  if (!after.on()) return after;
  // Who moves next, from a copy of the state the move is played on.
  std::unique_ptr<State> next = match_->state().clone();
  next->apply_text(text);
  after.moved(seat, now_ms(), next->is_terminal() ? -1 : int(next->current_player()));
  return after;
}

bool Room::flag_locked() {
  if (over() || !clock_.on()) return false;
  const long long now = now_ms();
  const int seat = clock_.expired(now);
  // A computer is never flagged (match_clock.h): its search is bounded by its level.
  if (seat < 0 || seats_[std::size_t(seat)].kind != "human") return false;
  // With several processes the lease holder applies it (the others hear of the change).
  if (!storage_.claim_lease()) return false;
  SeatInfo& s = seats_[std::size_t(seat)];
  const SeatInfo before = s;
  const MatchClock clock_before = clock_;
  clock_.flag(now);
  s.timed_out = true;
  if (clock_.control().loss_on_timeout) {
    // The resign rule (room.h): the other seat wins in a two-seat match; a computer otherwise.
    s.resigned_at = (long long)movers_.size();
    if (seats_.size() != 2) hand_to_computer(s);
  } else {
    hand_to_computer(s);
  }
  const bool applied = seats_changed_locked(
                           [this, &s, before, clock_before] {
                             s = before;
                             clock_ = clock_before;
                           },
                           nullptr)
                           .ok();
  if (applied)
    log_match(spdlog::level::info, id_,
              "seat " + std::to_string(seat) + "'s clock ran out: " +
                  (clock_.control().loss_on_timeout ? "the seat loses on time"
                                                    : "a computer takes the seat"));
  return applied;
}

}  // namespace tabletop::server
