#include "server/match_clock.h"

#include <chrono>

#include "server/clock.h"
#include "server/json_input.h"

namespace tabletop::server {

long long SystemClock::now_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

const SystemClock& SystemClock::instance() {
  static const SystemClock clock;
  return clock;
}

ScaledClock::ScaledClock(double scale)
    : scale_(scale), start_ms_(SystemClock::instance().now_ms()) {}

long long ScaledClock::now_ms() const {
  const long long real = SystemClock::instance().now_ms();
  return start_ms_ + static_cast<long long>(double(real - start_ms_) * scale_) + offset_ms_.load();
}

namespace {

constexpr long long kMinute = 60'000;
constexpr long long kDay = 24 * 60 * kMinute;

// An integer field of the "clock" object within [low, high], or `fallback` when absent.
long long bounded(const json& field, const char* name, long long low, long long high,
                  std::optional<long long> fallback) {
  const std::string what = std::string("field 'clock.") + name + "' must be a whole number from " +
                           std::to_string(low) + " to " + std::to_string(high);
  if (!field.contains(name)) {
    if (fallback) return *fallback;
    throw BadInput(what);
  }
  const json& v = field[name];
  if (!v.is_number_integer()) throw BadInput(what);
  // A huge unsigned value reads as negative when signed: checked as unsigned first.
  if (v.is_number_unsigned() && v.get<unsigned long long>() > (unsigned long long)high)
    throw BadInput(what);
  const long long n = v.get<long long>();
  if (n < low || n > high) throw BadInput(what);
  return n;
}

const char* mode_name(TimeControl::Mode mode) {
  switch (mode) {
    case TimeControl::Mode::kRealTime:
      return "real-time";
    case TimeControl::Mode::kTurnBased:
      return "turn-based";
    default:
      return "none";
  }
}

}  // namespace

TimeControl TimeControl::from_request(const json& field) {
  TimeControl c;
  if (field.is_null()) return c;
  if (!field.is_object())
    throw BadInput(
        "field 'clock' must be null or an object with 'mode' \"none\", \"real-time\" "
        "or \"turn-based\"");
  for (const auto& [key, value] : field.items())
    if (key != "mode" && key != "minutes" && key != "increment_s" && key != "days" &&
        key != "on_timeout")
      throw BadInput("field 'clock' has an unknown key '" + key.substr(0, 40) +
                     "' (known: mode, minutes, increment_s, days, on_timeout)");
  const json mode = field.value("mode", json());
  if (!mode.is_string() || (mode != "none" && mode != "real-time" && mode != "turn-based"))
    throw BadInput("field 'clock.mode' must be \"none\", \"real-time\" or \"turn-based\"");
  if (mode == "none") return c;
  if (mode == "real-time") {
    if (field.contains("days")) throw BadInput("field 'clock.days' is for a turn-based clock");
    c.mode = Mode::kRealTime;
    c.base_ms = bounded(field, "minutes", kMinMinutes, kMaxMinutes, std::nullopt) * kMinute;
    c.increment_ms = bounded(field, "increment_s", 0, kMaxIncrementS, 0) * 1000;
  } else {
    if (field.contains("minutes") || field.contains("increment_s"))
      throw BadInput("fields 'clock.minutes' and 'clock.increment_s' are for a real-time clock");
    c.mode = Mode::kTurnBased;
    c.per_move_ms = bounded(field, "days", kMinDays, kMaxDays, std::nullopt) * kDay;
  }
  const json rule = field.value("on_timeout", json("computer"));
  if (!rule.is_string() || (rule != "computer" && rule != "loss"))
    throw BadInput("field 'clock.on_timeout' must be \"computer\" or \"loss\"");
  c.loss_on_timeout = rule == "loss";
  return c;
}

MatchClock::MatchClock(TimeControl control, int seats) : control_(control) {
  if (!on()) return;
  const long long whole =
      control_.mode == TimeControl::Mode::kRealTime ? control_.base_ms : control_.per_move_ms;
  remaining_ms_.assign(std::size_t(seats), whole);
}

MatchClock MatchClock::from_json(const json& stored, int seats) {
  MatchClock clock;
  if (!stored.is_object()) return clock;
  try {
    TimeControl c;
    const std::string mode = stored.at("mode").get<std::string>();
    if (mode == "real-time") c.mode = TimeControl::Mode::kRealTime;
    if (mode == "turn-based") c.mode = TimeControl::Mode::kTurnBased;
    c.base_ms = stored.value("base_ms", 0LL);
    c.increment_ms = stored.value("increment_ms", 0LL);
    c.per_move_ms = stored.value("per_move_ms", 0LL);
    c.loss_on_timeout = stored.value("on_timeout", "computer") == "loss";
    clock = MatchClock(c, seats);
    if (!clock.on()) return clock;
    const auto remaining = stored.at("remaining_ms").get<std::vector<long long>>();
    if (remaining.size() == clock.remaining_ms_.size()) clock.remaining_ms_ = remaining;
    clock.running_ = stored.value("running", -1);
    if (clock.running_ >= seats) clock.running_ = -1;
    clock.turn_started_ms_ = stored.value("turn_started_ms", 0LL);
    clock.started_ = stored.value("started", false);
  } catch (const json::exception&) {
    return MatchClock();
  }
  return clock;
}

json MatchClock::to_json() const {
  if (!on()) return nullptr;
  return {{"mode", mode_name(control_.mode)},
          {"base_ms", control_.base_ms},
          {"increment_ms", control_.increment_ms},
          {"per_move_ms", control_.per_move_ms},
          {"on_timeout", control_.loss_on_timeout ? "loss" : "computer"},
          {"remaining_ms", remaining_ms_},
          {"running", running_},
          {"turn_started_ms", turn_started_ms_},
          {"started", started_}};
}

void MatchClock::moved(int seat, long long now_ms, int next) {
  if (!on()) return;
  if (started_ && seat == running_ && seat >= 0) {
    long long& left = remaining_ms_[std::size_t(seat)];
    if (control_.mode == TimeControl::Mode::kRealTime)
      left = left - (now_ms - turn_started_ms_) + control_.increment_ms;
    else
      left = control_.per_move_ms;  // a turn-based move's time is its own
  }
  started_ = true;
  turn_restarts(next, now_ms);
}

void MatchClock::turn_restarts(int next, long long now_ms) {
  if (!on()) return;
  if (!started_) return;
  if (control_.mode == TimeControl::Mode::kTurnBased && next >= 0)
    remaining_ms_[std::size_t(next)] = control_.per_move_ms;
  running_ = next;
  turn_started_ms_ = now_ms;
}

long long MatchClock::left_ms(int seat, long long now_ms) const {
  if (!on() || seat < 0 || seat >= int(remaining_ms_.size())) return 0;
  const long long left = remaining_ms_[std::size_t(seat)];
  return seat == running_ ? left - (now_ms - turn_started_ms_) : left;
}

std::optional<long long> MatchClock::deadline_ms() const {
  if (!on() || running_ < 0) return std::nullopt;
  return turn_started_ms_ + remaining_ms_[std::size_t(running_)];
}

int MatchClock::expired(long long now_ms) const {
  if (running_ < 0 || left_ms(running_, now_ms) > 0) return -1;
  return running_;
}

void MatchClock::flag(long long now_ms) {
  if (running_ < 0) return;
  remaining_ms_[std::size_t(running_)] = 0;
  turn_started_ms_ = now_ms;
}

json MatchClock::view(long long now_ms) const {
  if (!on()) return nullptr;
  std::vector<long long> left;
  for (int seat = 0; seat < int(remaining_ms_.size()); ++seat)
    left.push_back(std::max(0LL, left_ms(seat, now_ms)));
  json j{{"mode", mode_name(control_.mode)},
         {"on_timeout", control_.loss_on_timeout ? "loss" : "computer"},
         {"remaining_ms", std::move(left)},
         {"running", running_ >= 0 ? json(running_) : json(nullptr)},
         {"now_ms", now_ms}};
  if (control_.mode == TimeControl::Mode::kRealTime) {
    j["base_ms"] = control_.base_ms;
    j["increment_ms"] = control_.increment_ms;
  } else {
    j["per_move_ms"] = control_.per_move_ms;
  }
  return j;
}

}  // namespace tabletop::server
