#include "server/log.h"

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_sinks.h>

#include <array>
#include <chrono>
#include <ctime>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "server/json_input.h"

namespace tabletop::server {

namespace {

// The match of the event being logged on this thread (log_match), for the JSON format's field.
thread_local std::string_view current_match;

constexpr std::array<std::pair<std::string_view, spdlog::level::level_enum>, 6> kLevels{{
    {"trace", spdlog::level::trace},
    {"debug", spdlog::level::debug},
    {"info", spdlog::level::info},
    {"warn", spdlog::level::warn},
    {"error", spdlog::level::err},
    {"off", spdlog::level::off},
}};

std::string_view level_name(spdlog::level::level_enum level) {
  switch (level) {
    case spdlog::level::trace:
      return "trace";
    case spdlog::level::debug:
      return "debug";
    case spdlog::level::info:
      return "info";
    case spdlog::level::warn:
      return "warn";
    case spdlog::level::err:
      return "error";
    case spdlog::level::critical:
      return "critical";
    default:
      return "off";
  }
}

// One JSON object per line (see log.h).
class JsonFormatter final : public spdlog::formatter {
 public:
  void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override {
    const auto since = msg.time.time_since_epoch();
    const std::time_t seconds = std::chrono::duration_cast<std::chrono::seconds>(since).count();
    const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(since).count() % 1000;
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char time[40];
    const std::size_t n = std::strftime(time, sizeof time, "%Y-%m-%dT%H:%M:%S", &utc);
    std::snprintf(time + n, sizeof time - n, ".%03dZ", int(millis));
    nlohmann::ordered_json line{{"time", time}, {"level", level_name(msg.level)}};
    if (!current_match.empty()) line["match"] = std::string(current_match);
    line["message"] = std::string(msg.payload.data(), msg.payload.size());
    const std::string text =
        line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    dest.append(text.data(), text.data() + text.size());
    dest.push_back('\n');
  }
  std::unique_ptr<spdlog::formatter> clone() const override {
    return std::make_unique<JsonFormatter>();
  }
};

std::shared_ptr<spdlog::logger> make_logger() {
  auto made = std::make_shared<spdlog::logger>("tabletop",
                                               std::make_shared<spdlog::sinks::stderr_sink_mt>());
  made->set_level(spdlog::level::info);
  made->set_pattern("%Y-%m-%d %H:%M:%S.%e %-5l %v");
  return made;
}

}  // namespace

spdlog::level::level_enum log_level_from(std::string_view name) {
  for (const auto& [known, level] : kLevels)
    if (name == known) return level;
  throw BadInput("unknown log level " + quote(name) +
                 ": one of trace, debug, info, warn, error, off");
}

LogFormat log_format_from(std::string_view name) {
  if (name == "text") return LogFormat::kText;
  if (name == "json") return LogFormat::kJson;
  throw BadInput("unknown log format " + quote(name) + ": text or json");
}

spdlog::logger& logger() {
  static const std::shared_ptr<spdlog::logger> the = make_logger();
  return *the;
}

void configure_log(spdlog::level::level_enum level, LogFormat format) {
  spdlog::logger& log = logger();
  log.set_level(level);
  if (format == LogFormat::kJson)
    log.set_formatter(std::make_unique<JsonFormatter>());
  else
    log.set_pattern("%Y-%m-%d %H:%M:%S.%e %-5l %v");
}

void log_match(spdlog::level::level_enum level, std::string_view match, std::string_view message) {
  spdlog::logger& log = logger();
  if (!log.should_log(level)) return;
  current_match = match;
  log.log(level, "match {}: {}", match, one_line(message));
  current_match = {};
}

std::string current_error() {
  try {
    throw;
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an exception that is not a std::exception";
  }
}

}  // namespace tabletop::server
