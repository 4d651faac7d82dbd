// How `tabletop play` suits its output to the terminal it writes to (issue 25):
//   - colour: each seat's name in its own colour, and what just changed (the news after a step) in
//     bold, only when standard output is a terminal, NO_COLOR is unset or empty
//     (https://no-color.org) and TERM is not "dumb";
//   - ASCII: when the locale's character set is not UTF-8 (LANG=C), the games' box lines, Moon and
//     Sun signs, arrows and dashes become ASCII of the same width (─ -, │ |, corners and joints +,
//     ☾ m, ☀ s, ↑ ^, ↗ /, → >, ↘ \, ↓ v, ↙ ,, ← <, ↖ `), and any other non-ASCII character '?'.
#pragma once

#include <string>
#include <vector>

namespace tabletop::cli {

class TerminalStyle {
 public:
  // Decides colour and ASCII from the environment, the locale and whether stdout is a terminal.
  static TerminalStyle detect(std::vector<std::string> seat_names);
  TerminalStyle(bool colour, bool ascii, std::vector<std::string> seat_names)
      : colour_(colour), ascii_(ascii), seat_names_(std::move(seat_names)) {}

  // `text` as this terminal should show it; `news`: what just changed (bold when in colour).
  std::string operator()(const std::string& text, bool news = false) const;
  bool colour() const { return colour_; }
  bool ascii() const { return ascii_; }
  // The key to the ASCII stand-ins, two lines (empty when not in ASCII).
  std::string ascii_key() const;

 private:
  bool colour_, ascii_;
  std::vector<std::string> seat_names_;
};

// The ASCII stand-in for the non-ASCII characters of `text` (see above).
std::string to_ascii(const std::string& text);

}  // namespace tabletop::cli
