// Reading JSON that comes from outside: records, JSON Lines, saved states, `--param` values, and
// server messages. Every such text goes through `read_json` (or `try_read_json`), never straight to
// nlohmann::json::parse, because the parser accepts any depth and size: an array nested 200,000
// deep parses, and then copying, comparing or printing it recurses once per level and overflows
// the stack; a gigabyte of text takes a gigabyte of memory before anyone looks at it.
//
// The limits are checked before parsing: the size first, then the nesting depth of arrays and
// objects (brackets inside strings do not count), so a rejected text costs one pass over it. The
// result is an ordinary json value whose depth is at most `max_depth`, safe to copy, compare and
// dump.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/game.h"

namespace tabletop {

struct JsonLimits {
  // The longest text accepted, in bytes. The default holds a record of a million moves.
  std::size_t max_bytes = std::size_t(64) << 20;
  // The deepest nesting of arrays and objects accepted ([] and {} are depth 1). Tabletop's own
  // documents (records, saved states, messages) are at most 5 deep.
  int max_depth = 32;
};

// Parses `text` as one JSON value within `limits`. On success returns it; otherwise returns
// nullopt and, when `error` is given, sets it to one line naming the problem without echoing the
// text: "is 70000000 bytes, more than the 67108864 allowed", "nests deeper than 32 levels", or
// "is not valid JSON at byte 12 (...)", "holds a number too large for a double". Never throws
// (except std::bad_alloc).
std::optional<json> try_read_json(std::string_view text, const JsonLimits& limits = {},
                                  std::string* error = nullptr);

// The same, throwing BadRecord "<what> <problem>" (e.g. what = "record line 3") on failure.
json read_json(std::string_view text, std::string_view what, const JsonLimits& limits = {});

// The nesting depth of arrays and objects in `text`, ignoring brackets inside strings; counting
// stops as soon as it passes `stop` (the result is then stop + 1). Malformed text gets a number
// too (the parser rejects it afterwards).
int json_depth(std::string_view text, int stop);

// `value` as JSON text for an error message: never throws, even for strings that are not valid
// UTF-8 (json::dump throws type_error for those; they are replaced by U+FFFD here). Pass the
// result through quote() to escape and cut it.
std::string dump_for_message(const json& value);

}  // namespace tabletop
