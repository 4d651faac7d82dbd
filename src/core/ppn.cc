#include "core/ppn.h"

#include <cctype>
#include <sstream>

#include "core/error.h"

namespace tabletop::ppn {
namespace {

std::string trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

std::string unquote(std::string v) {
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
    return v.substr(1, v.size() - 2);
  return v;
}

[[noreturn]] void fail(int line, const std::string& why) {
  throw BadRecord("PPN line " + std::to_string(line) + ": " + why);
}

bool is_move_number(const std::string& token) {
  if (token.size() < 2 || token.back() != '.' ||
      !std::isdigit(static_cast<unsigned char>(token[0])))
    return false;
  for (std::size_t i = 0; i + 1 < token.size(); ++i)
    if (!std::isalnum(static_cast<unsigned char>(token[i]))) return false;
  return true;
}

}  // namespace

Record parse(std::string_view text) {
  Record record;
  std::vector<std::string> lines;
  {
    std::string line;
    std::istringstream in{std::string(text)};
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      lines.push_back(line);
    }
  }
  std::size_t i = 0;
  while (i < lines.size() && trim(lines[i]).empty()) ++i;
  if (i < lines.size() && trim(lines[i]) == "---") {
    ++i;
    // Header: indentation-nested keys.
    std::vector<std::pair<int, std::string>> stack;  // (indent, key)
    bool closed = false;
    for (; i < lines.size(); ++i) {
      const std::string& raw = lines[i];
      const std::string t = trim(raw);
      if (t == "..." || t == "---") {
        closed = true;
        ++i;
        break;
      }
      if (t.empty() || t[0] == '#') continue;
      const int indent = int(raw.find_first_not_of(' '));
      const auto colon = t.find(':');
      if (colon == std::string::npos) fail(int(i + 1), "header line without 'key:': " + t);
      const std::string key = trim(std::string_view(t).substr(0, colon));
      const std::string value = unquote(trim(std::string_view(t).substr(colon + 1)));
      while (!stack.empty() && stack.back().first >= indent) stack.pop_back();
      std::string full;
      for (const auto& [_, k] : stack) full += k + ".";
      full += key;
      if (value.empty())
        stack.push_back({indent, key});
      else
        record.header[full] = value;
    }
    if (!closed) fail(int(i), "header is not closed by '...'");
  }
  // Movetext.
  MoveText* current = nullptr;
  for (; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (trim(line) == "---") break;  // the next game
    std::size_t p = 0;
    while (p < line.size()) {
      if (std::isspace(static_cast<unsigned char>(line[p]))) {
        ++p;
        continue;
      }
      if (line[p] == '{') {
        // A comment may span lines.
        std::string comment;
        std::size_t depth = 0;
        while (true) {
          if (p >= line.size()) fail(int(i + 1), "unclosed '{' comment");
          char c = line[p++];
          if (c == '{') {
            if (depth++ == 0) continue;
          } else if (c == '}') {
            if (--depth == 0) break;
          }
          comment += c;
        }
        record.comments.push_back(trim(comment));
        continue;
      }
      std::size_t q = p;
      while (q < line.size() && !std::isspace(static_cast<unsigned char>(line[q])) &&
             line[q] != '{')
        ++q;
      std::string token = line.substr(p, q - p);
      p = q;
      if (is_move_number(token)) {
        record.moves.push_back({token.substr(0, token.size() - 1), {}, int(i + 1)});
        current = &record.moves.back();
        continue;
      }
      if (!current || !current->parts.empty()) {
        record.moves.push_back({"", {}, int(i + 1)});
        current = &record.moves.back();
      }
      std::size_t start = 0;
      while (true) {
        const auto semi = token.find(';', start);
        std::string part = token.substr(start, semi == std::string::npos ? semi : semi - start);
        if (!part.empty()) current->parts.push_back(part);
        if (semi == std::string::npos) break;
        start = semi + 1;
      }
    }
  }
  for (const MoveText& m : record.moves)
    if (m.parts.empty()) fail(m.line, "move number " + m.number + ". has no move after it");
  return record;
}

}  // namespace tabletop::ppn
