// The server's log: one spdlog logger ("tabletop") that every part of the server writes to, to
// standard error, at a level and in a format the operator chooses (`tabletop serve --log-level`,
// `--log-format`; docs/server.md, Logging).
//
// What is logged: the start (listen address, database), the stop, and every failure the server
// recovers from without telling a client (a computer seat's agent that threw, a store write that
// failed and is tried again later, a replay or analysis that could not be built, a connection's
// handler that threw). A failure inside a match names the match (`match <id>: ...`), and in the
// JSON format also carries it as the field "match". Nothing secret is logged: no token, seed,
// hidden state or database password (store.h's database_name hides it).
//
// Formats: `text` is one human line per event ("2026-12-06 09:55:25.123 warn  match m1: ...");
// `json` is one JSON object per line for log collectors: {"time": ISO 8601 UTC with
// milliseconds, "level": "trace".."critical", "match": id (when the event is a match's),
// "message": text}. Messages are escaped as JSON strings, so a line never breaks a collector.
//
// Thread safety: spdlog's multi-threaded sinks; `configure` is called once at start, before the
// server's threads run. Tests may add a sink to `logger()` to read what was logged.
#pragma once

#include <spdlog/spdlog.h>

#include <memory>
#include <string>
#include <string_view>

namespace tabletop::server {

enum class LogFormat { kText, kJson };

// The level names `--log-level` accepts, in order: trace, debug, info, warn, error, off.
// Throws BadInput for any other name.
spdlog::level::level_enum log_level_from(std::string_view name);
// "text" or "json"; throws BadInput for any other name.
LogFormat log_format_from(std::string_view name);

// Sets the server logger's level and format (its sink stays standard error).
void configure_log(spdlog::level::level_enum level, LogFormat format);

// The server's logger (made at first use: level info, text format, standard error).
spdlog::logger& logger();

// Logs `message` about match `match` at `level` ("match <id>: <message>"; in JSON, the field
// "match" besides).
void log_match(spdlog::level::level_enum level, std::string_view match, std::string_view message);

// What the exception being handled says (inside a `catch (...)`): its what(), or "an exception
// that is not a std::exception".
std::string current_error();

}  // namespace tabletop::server
