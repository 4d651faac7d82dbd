// Small text helpers shared by the readers of people's input (PPN, decks, vCards): ASCII-only on
// purpose, so that UTF-8 bytes pass through unchanged.
#pragma once

#include <algorithm>
#include <cctype>
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

}  // namespace tabletop
