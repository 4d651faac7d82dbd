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

}  // namespace tabletop
