#include "server/seat_names.h"

#include <cctype>

#include "core/error.h"
#include "core/text.h"
#include "server/json_input.h"

namespace tabletop::server {

namespace {

// ASCII letters lower-cased and digits kept, every other ASCII character dropped, other UTF-8
// bytes kept as they are.
std::string folded(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80)
      out += c;
    else if (std::isalnum(u))
      out += char(std::tolower(u));
  }
  return out;
}

// `text` with every run of spaces made one.
std::string single_spaced(const std::string& text) {
  std::string out;
  for (const char c : text)
    if (c != ' ' || out.empty() || out.back() != ' ') out += c;
  return out;
}

}  // namespace

SeatNames::SeatNames() : per_seat_(kChangesPerMinute / 60.0, kChangesPerMinute, 64) {}

std::string SeatNames::clean(const std::string& text, const std::vector<std::string>& labels) {
  if (text.size() > kMaxBytes)
    throw BadInput("a seat's name holds at most " + std::to_string(kMaxBytes) +
                   " bytes; this one has " + std::to_string(text.size()));
  const std::string name = trim(single_spaced(printable_text(text)));
  if (name.empty()) return name;
  const std::string f = folded(name);
  const auto passes_for = [&f](const std::string& word) { return f.starts_with(word); };
  bool label =
      f == "open" || f == "you" || passes_for("computer") || passes_for("spectator") ||
      (f.size() > 4 && f.starts_with("seat") && std::isdigit(static_cast<unsigned char>(f[4])));
  for (const std::string& l : labels) label = label || f == folded(l);
  if (label || f.empty())
    throw BadInput("the name " + quote(name) +
                   " could pass for a seat's label or a computer: choose another");
  return name;
}

std::string SeatNames::admit(int seat, const std::string& text,
                             const std::vector<std::string>& labels,
                             std::chrono::steady_clock::time_point now) {
  std::string name = clean(text, labels);
  if (const int wait = per_seat_.take(std::to_string(seat), now); wait > 0)
    throw BadInput("seat " + std::to_string(seat) + " was renamed too often: at most " +
                   std::to_string(kChangesPerMinute) + " times a minute; try again in " +
                   std::to_string(wait) + " s");
  return name;
}

}  // namespace tabletop::server
