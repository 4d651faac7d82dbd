#include "core/error.h"

#include <cstdio>

namespace tabletop {
namespace {

// Appends `c` escaped (or as is when printable ASCII) to `out`; `keep_utf8` leaves bytes >= 0x80.
void append_escaped(std::string& out, unsigned char c, bool keep_utf8, bool in_quotes) {
  switch (c) {
    case '\n':
      out += "\\n";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\\':
      out += in_quotes ? "\\\\" : "\\";
      return;
    case '\'':
      out += in_quotes ? "\\'" : "'";
      return;
    default:
      break;
  }
  if ((c >= 0x20 && c < 0x7f) || (keep_utf8 && c >= 0x80)) {
    out += char(c);
    return;
  }
  char hex[8];
  std::snprintf(hex, sizeof hex, "\\x%02x", c);
  out += hex;
}

}  // namespace

std::string quote(std::string_view input, std::size_t limit) {
  std::string out = "'";
  std::size_t shown = 0;
  for (; shown < input.size() && out.size() - 1 < limit; ++shown)
    append_escaped(out, static_cast<unsigned char>(input[shown]), false, true);
  out += "'";
  if (shown < input.size()) {
    out.insert(out.size() - 1, "...");
    out += " (" + std::to_string(input.size()) + " bytes)";
  }
  return out;
}

std::string one_line(std::string_view message, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < message.size(); ++i) {
    const auto c = static_cast<unsigned char>(message[i]);
    // Stop before a character that would pass the limit, never inside a UTF-8 sequence.
    if (out.size() >= limit && (c & 0xc0) != 0x80) {
      out += "...";
      break;
    }
    append_escaped(out, c, true, false);
  }
  return out;
}

}  // namespace tabletop
