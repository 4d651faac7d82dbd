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
  for (std::size_t i = 0; i < message.size();) {
    // Stop before a character that would pass the limit, never inside a UTF-8 sequence.
    if (out.size() >= limit) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(message[i]);
    const std::size_t n = c >= 0x80 ? utf8_sequence_length(message.substr(i)) : 1;
    if (n > 1) {
      out.append(message.substr(i, n));
      i += n;
      continue;
    }
    append_escaped(out, c, false, false);
    ++i;
  }
  return out;
}

std::size_t utf8_sequence_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char c = b(0);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned char low = 0x80, high = 0xbf;  // the allowed range of the second byte
  if (c >= 0xc2 && c <= 0xdf) {
    n = 2;
  } else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    if (c == 0xe0) low = 0xa0;   // no overlong form
    if (c == 0xed) high = 0x9f;  // no surrogate
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    if (c == 0xf0) low = 0x90;   // no overlong form
    if (c == 0xf4) high = 0x8f;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < n || b(1) < low || b(1) > high) return 0;
  for (std::size_t i = 2; i < n; ++i)
    if ((b(i) & 0xc0) != 0x80) return 0;
  return n;
}

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_sequence_length(text.substr(i));
    if (n == 0) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(text[i]));
      out += hex;
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

}  // namespace tabletop
