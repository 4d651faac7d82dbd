#include "core/json_input.h"

namespace tabletop {

int json_depth(std::string_view text, int stop) {
  int depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;  // the escaped character, whatever it is
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest && (deepest = depth) > stop) return deepest;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

std::optional<json> try_read_json(std::string_view text, const JsonLimits& limits,
                                  std::string* error) {
  auto fail = [&](std::string why) -> std::optional<json> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  if (text.size() > limits.max_bytes)
    return fail("is " + std::to_string(text.size()) + " bytes, more than the " +
                std::to_string(limits.max_bytes) + " allowed");
  if (json_depth(text, limits.max_depth) > limits.max_depth)
    return fail("nests arrays and objects deeper than " + std::to_string(limits.max_depth) +
                " levels");
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    // nlohmann's message quotes the last token read; keep only the part after "parse error at
    // ...: " and make it one bounded line.
    std::string what = e.what();
    const auto colon = what.find(": ", what.find("parse error"));
    if (colon != std::string::npos) what = what.substr(colon + 2);
    return fail("is not valid JSON at byte " + std::to_string(e.byte) + " (" + one_line(what, 120) +
                ")");
  } catch (const json::exception&) {
    // The only other error the parser raises: a number past the range of a double (1e999).
    return fail("holds a number too large for a double");
  }
}

json read_json(std::string_view text, std::string_view what, const JsonLimits& limits) {
  std::string error;
  std::optional<json> j = try_read_json(text, limits, &error);
  if (!j) throw BadRecord(std::string(what) + " " + error);
  return std::move(*j);
}

std::string dump_for_message(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace tabletop
