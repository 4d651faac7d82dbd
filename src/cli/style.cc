#include "cli/style.h"

#include <langinfo.h>
#include <locale.h>
#include <unistd.h>

#include <array>
#include <clocale>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>

namespace tabletop::cli {

namespace {

constexpr std::array<std::pair<std::string_view, char>, 25> kAscii{{
    {"─", '-'}, {"│", '|'}, {"┌", '+'},  {"┐", '+'}, {"└", '+'}, {"┘", '+'}, {"├", '+'},
    {"┤", '+'}, {"┬", '+'}, {"┴", '+'},  {"┼", '+'}, {"☾", 'm'}, {"☀", 's'}, {"↑", '^'},
    {"↗", '/'}, {"→", '>'}, {"↘", '\\'}, {"↓", 'v'}, {"↙", ','}, {"←", '<'}, {"↖", '`'},
    {"—", '-'}, {"–", '-'}, {"é", 'e'},  {"í", 'i'},
}};

// Red, green, blue, magenta, cyan, yellow: one per seat, then round again.
constexpr std::array<const char*, 6> kSeatColours{"31", "32", "34", "35", "36", "33"};

}  // namespace

std::string to_ascii(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out += char(c);
      ++i;
      continue;
    }
    const std::size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    const std::string_view glyph = std::string_view(text).substr(i, length);
    char replacement = '?';
    for (const auto& [from, to] : kAscii)
      if (glyph == from) replacement = to;
    out += replacement;
    i += length;
  }
  return out;
}

TerminalStyle TerminalStyle::detect(std::vector<std::string> seat_names) {
  const char* no_colour = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  const bool colour = isatty(STDOUT_FILENO) && !(no_colour && *no_colour) &&
                      !(term && std::strcmp(term, "dumb") == 0);
  // The environment's character set, read without changing the process's locale (the line
  // editor and the rest of the program keep the "C" locale they always had).
  bool ascii = true;
  if (locale_t env = newlocale(LC_CTYPE_MASK, "", locale_t(0))) {
    const char* codeset = nl_langinfo_l(CODESET, env);
    ascii = !codeset || (std::strcmp(codeset, "UTF-8") != 0 && std::strcmp(codeset, "utf8") != 0);
    freelocale(env);
  }
  return TerminalStyle(colour, ascii, std::move(seat_names));
}

std::string TerminalStyle::operator()(const std::string& text, bool news) const {
  std::string out = ascii_ ? to_ascii(text) : text;
  if (!colour_) return out;
  // Seat names in their colours, longest first so that "seat 1" never splits "seat 10".
  std::string coloured;
  for (std::size_t i = 0; i < out.size();) {
    std::size_t best = std::string::npos, length = 0;
    for (std::size_t s = 0; s < seat_names_.size(); ++s) {
      const std::string& name = seat_names_[s];
      if (!name.empty() && name.size() > length && out.compare(i, name.size(), name) == 0)
        best = s, length = name.size();
    }
    if (best == std::string::npos) {
      coloured += out[i++];
      continue;
    }
    coloured += std::string("\033[") + kSeatColours[best % kSeatColours.size()] + "m" +
                out.substr(i, length) + (news ? "\033[0;1m" : "\033[0m");
    i += length;
  }
  return news ? "\033[1m" + coloured + "\033[0m" : coloured;
}

std::string TerminalStyle::ascii_key() const {
  return ascii_ ? "(ASCII: the locale cannot show the board's signs; m Moon, s Sun;\n"
                  " coins point ^ n, / ne, > e, \\ se, v s, , sw, < w, ` nw)"
                : std::string();
}

}  // namespace tabletop::cli
