// Small text helpers shared by the readers of people's input (PPN, decks, vCards): ASCII-only on
// purpose, so that UTF-8 bytes pass through unchanged.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace tabletop {

// `s` without the white space (std::isspace: space, \t, \n, \v, \f, \r) at either end.
inline std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// `s` with the ASCII letters A-Z lower-cased; every other byte as it is.
inline std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// `s` with the ASCII letters a-z upper-cased; every other byte as it is.
inline std::string upper_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// How many columns `s` takes on a terminal: its UTF-8 characters (every character drawn by the
// boards, ┌ ☾ ↗ included, is one column wide).
inline std::size_t text_columns(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// `s` centred in `width` columns (the odd space goes to the right); `s` itself when wider. The
// terminal boards draw every square so, and put each column letter over the square's middle.
inline std::string centred(std::string_view s, std::size_t width) {
  const std::size_t columns = text_columns(s);
  if (columns >= width) return std::string(s);
  const std::size_t left = (width - columns) / 2;
  return std::string(left, ' ') + std::string(s) + std::string(width - columns - left, ' ');
}

}  // namespace tabletop
