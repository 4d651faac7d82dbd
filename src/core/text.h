// Small text helpers shared by the readers of people's input (PPN, decks, vCards): the case and
// trimming helpers are ASCII-only on purpose, so that UTF-8 bytes pass through unchanged; the
// last ones decide which characters from strangers are unsafe to print.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

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

// The words of `s`: its runs of characters between white space (std::isspace); none when blank.
inline std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> words;
  for (std::size_t i = 0; i < s.size();) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    const std::size_t start = i;
    while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i > start) words.emplace_back(s.substr(start, i - start));
  }
  return words;
}

// `s` without its white space and with A-Z lower-cased: a move typed "D3 # e3" read as "d3#e3".
inline std::string compact_lower(std::string_view s) {
  std::string out;
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c)))
      out += char(std::tolower(static_cast<unsigned char>(c)));
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

// `text` broken at spaces into lines of at most `width` columns (text_columns), the lines after the
// first indented by `indent` spaces; the first line keeps its own leading spaces. A seat's name
// stays on one line: a short word in brackets ("(2)", "(seat 0)") or a lone letter or digit ("C",
// "3") never starts a line away from the word before it. A word longer than a line stands alone on
// its line. The terminal's boards and messages fit 80 columns so.
inline std::string wrap_words(std::string_view text, std::size_t width, std::size_t indent) {
  const std::size_t lead = std::min(text.find_first_not_of(' '), text.size());
  std::istringstream words{std::string(text.substr(lead))};
  // Units that are never broken: a word, with the short bracketed words that follow it.
  std::vector<std::string> units;
  for (std::string word; words >> word;) {
    const bool opens = word.front() == '(' && text_columns(word) <= 6 &&
                       (word.find(')') != std::string::npos || word == "(seat");
    const bool closes = word.find('(') == std::string::npos &&
                        word.find(')') != std::string::npos && text_columns(word) <= 3;
    const bool letter = word.size() == 1 && std::isalnum(static_cast<unsigned char>(word[0]));
    if (!units.empty() && (opens || closes || letter))
      units.back() += " " + word;
    else
      units.push_back(word);
  }
  std::string out, line(lead, ' ');
  for (const std::string& unit : units) {
    if (!line.empty() && text_columns(line) + 1 + text_columns(unit) > width) {
      out += line + "\n";
      line = std::string(indent, ' ');
    } else if (line.find_first_not_of(' ') != std::string::npos) {
      line += " ";
    }
    line += unit;
  }
  return out + line;
}

// Text from strangers on a terminal, in a log or on a page: the one place Tabletop decides which
// characters a name, a card's field or a string parameter may not carry. Unsafe are the C0
// controls (U+0000-U+001F, tab and line breaks included) and DEL, the C1 controls
// (U+0080-U+009F, ESC's 8-bit kin), the bidirectional embeddings, overrides and isolates
// (U+202A-U+202E, U+2066-U+2069: they reorder what follows, "RLO"), the line and paragraph
// separators (U+2028, U+2029), the noncharacters (U+FDD0-U+FDEF and every U+xFFFE, U+xFFFF) and
// any byte that is not part of well-formed UTF-8 (overlong forms and surrogates included).

// Decodes the UTF-8 character at s[i] into `cp` and answers its length, or 0 when the bytes there
// are not well-formed UTF-8.
inline std::size_t utf8_at(std::string_view s, std::size_t i, char32_t& cp) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b = byte(i);
  std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  cp = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  static constexpr char32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kLeast[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

// Whether code point `cp` is unsafe (see above).
inline bool unsafe_code_point(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069) || cp == 0x2028 || cp == 0x2029 ||
         (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
}

// The first unsafe character of `s` as a person reads it ("U+202E", "U+001B", "the byte 0xFF, not
// UTF-8"), or nullopt when there is none.
inline std::optional<std::string> unsafe_character(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    const std::size_t n = utf8_at(s, i, cp);
    char text[40];
    if (n == 0) {
      std::snprintf(text, sizeof text, "the byte 0x%02X, not UTF-8",
                    unsigned(static_cast<unsigned char>(s[i])));
      return std::string(text);
    }
    if (unsafe_code_point(cp)) {
      std::snprintf(text, sizeof text, "U+%04X", unsigned(cp));
      return std::string(text);
    }
    i += n;
  }
  return std::nullopt;
}

// `s` with every unsafe character removed; a tab or a line break becomes a space (so words stay
// apart), and a byte that is not UTF-8 is dropped.
inline std::string printable_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    const std::size_t n = utf8_at(s, i, cp);
    if (n == 0) {
      ++i;
      continue;
    }
    if (cp == '\t' || cp == '\n' || cp == '\r')
      out += ' ';
    else if (!unsafe_code_point(cp))
      out.append(s.substr(i, n));
    i += n;
  }
  return out;
}

// `s` cut to at most `max_bytes` bytes, never inside a UTF-8 character.
inline std::string cut_utf8(std::string_view s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return std::string(s);
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  return std::string(s.substr(0, end));
}

}  // namespace tabletop
