#include "core/ppn.h"

#include <cctype>
#include <sstream>

#include "core/error.h"
#include "core/text.h"

namespace tabletop::ppn {
namespace {

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

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in{std::string(text)};
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

// Parses the game that starts at line `i` (blank lines first are skipped); leaves `i` at the
// `---` that starts the next game, or at the end.
Record parse_one(const std::vector<std::string>& lines, std::size_t& i) {
  Record record;
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

bool plain_scalar(const std::string& v) {
  if (v.empty() || v != trim(v)) return false;
  if (std::string_view("-?:,[]{}#&*!|>'\"%@`").find(v[0]) != std::string_view::npos) return false;
  if (v.find(": ") != std::string::npos || v.find(" #") != std::string::npos || v.back() == ':')
    return false;
  // Characters YAML reads as structure or other types; quoting keeps them strings.
  return v.find_first_of("/\"'") == std::string::npos;
}

std::string header_value(const std::string& key, const std::string& v) {
  if (v.empty()) throw BadRecord("PPN: header value of " + quote(key) + " is empty");
  if (v.find_first_of("\r\n") != std::string::npos)
    throw BadRecord("PPN: header value of " + quote(key) + " holds a line break");
  if (plain_scalar(v)) return v;
  if (v.find('"') == std::string::npos) return '"' + v + '"';
  if (v.find('\'') == std::string::npos) return "'" + v + "'";
  throw BadRecord("PPN: header value of " + quote(key) + " holds both quote characters");
}

}  // namespace

Record parse(std::string_view text) {
  const std::vector<std::string> lines = split_lines(text);
  std::size_t i = 0;
  return parse_one(lines, i);
}

std::vector<Record> parse_games(std::string_view text) {
  const std::vector<std::string> lines = split_lines(text);
  std::vector<Record> games;
  std::size_t i = 0;
  while (true) {
    games.push_back(parse_one(lines, i));
    while (i < lines.size() && trim(lines[i]).empty()) ++i;
    if (i >= lines.size()) break;
  }
  return games;
}

std::string write(const Record& record) {
  std::string out = "---\n";
  std::vector<std::string> open;  // the nested keys of the line above
  for (const auto& [key, value] : record.header) {
    std::vector<std::string> path;
    for (std::size_t start = 0;;) {
      const auto dot = key.find('.', start);
      path.push_back(key.substr(start, dot == std::string::npos ? dot : dot - start));
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    for (const std::string& k : path)
      if (k.empty() || k != trim(k) || k.find_first_of(":#{}\r\n") != std::string::npos)
        throw BadRecord("PPN: header key " + quote(key) + " cannot be written");
    // A key with a value cannot also hold nested keys in YAML.
    if (auto next = record.header.lower_bound(key + ".");
        next != record.header.end() && next->first.starts_with(key + "."))
      throw BadRecord("PPN: header key " + quote(key) + " has a value and nested keys");
    std::size_t same = 0;
    while (same + 1 < path.size() && same < open.size() && open[same] == path[same]) ++same;
    for (std::size_t d = same; d + 1 < path.size(); ++d)
      out += std::string(2 * d, ' ') + path[d] + ":\n";
    out += std::string(2 * (path.size() - 1), ' ') + path.back() + ": " + header_value(key, value) +
           "\n";
    open.assign(path.begin(), path.end() - 1);
  }
  out += "...\n";
  for (const std::string& c : record.comments) {
    if (c.find_first_of("{}\r\n") != std::string::npos)
      throw BadRecord("PPN: comment " + quote(c) + " holds a brace or a line break");
    out += "{ " + c + " }\n";
  }
  std::string line;
  for (const MoveText& m : record.moves) {
    if (m.parts.empty()) throw BadRecord("PPN: move " + m.number + " has no part");
    std::string token;
    if (!m.number.empty()) {
      if (!is_move_number(m.number + "."))
        throw BadRecord("PPN: " + quote(m.number) + " is not a move number");
      token = m.number + ". ";
    }
    for (std::size_t k = 0; k < m.parts.size(); ++k) {
      const std::string& part = m.parts[k];
      if (part.empty() || part.find_first_of(" \t\r\n;{}") != std::string::npos ||
          is_move_number(part))
        throw BadRecord("PPN: move part " + quote(part) + " cannot be written");
      token += (k ? ";" : "") + part;
    }
    if (!line.empty() && line.size() + 1 + token.size() > 80) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + token;
  }
  if (!line.empty()) out += line + "\n";
  return out;
}

std::string write_games(const std::vector<Record>& games) {
  std::string out;
  for (const Record& g : games) out += write(g);
  return out;
}

}  // namespace tabletop::ppn
