#include "cli/line_input.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

// libedit's readline interface (Debian libedit-dev).
#include <editline/readline.h>

namespace tabletop::cli {
namespace {

// readline's completion hooks are plain functions: the one LineInput at a time keeps its source
// here.
LineInput::Candidates* g_candidates = nullptr;
std::vector<std::string> g_matches;
char g_word_breaks[] = "\n";

bool ends_a_part(char c) {
  return c == '-' || c == '#' || c == ':';
}

char* next_match(const char* text, int state) {
  if (state == 0) {
    g_matches.clear();
    if (g_candidates && *g_candidates) g_matches = completions((*g_candidates)(), text);
    // A part that ends in '-', '#' or ':' goes on without a space; a word or a whole move gets one.
    rl_completion_append_character =
        g_matches.size() == 1 && ends_a_part(g_matches[0].back()) ? '\0' : ' ';
  }
  if (std::size_t(state) >= g_matches.size()) return nullptr;
  return strdup(g_matches[std::size_t(state)].c_str());
}

char** complete(const char* text, int start, int end) {
  rl_attempted_completion_over = 1;  // never fall back to file names
  return rl_completion_matches(text, next_match);
}

}  // namespace

std::vector<std::string> completions(const std::vector<std::string>& candidates,
                                     const std::string& typed) {
  std::vector<std::string> out;
  for (const std::string& c : candidates) {
    if (c.size() < typed.size() || c.compare(0, typed.size(), typed) != 0) continue;
    // Past what is typed (and the separators right after it), up to the end of the next part.
    std::size_t at = typed.size();
    while (at < c.size() && (c[at] == ' ' || ends_a_part(c[at]))) ++at;
    while (at < c.size() && c[at] != ' ' && !ends_a_part(c[at])) ++at;
    const std::string part = c.substr(0, at < c.size() && ends_a_part(c[at]) ? at + 1 : at);
    if (std::find(out.begin(), out.end(), part) == out.end()) out.push_back(part);
  }
  return out;
}

LineInput::LineInput() : editing_(isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
  if (!editing_) return;
  rl_readline_name = "tabletop";
  rl_completer_word_break_characters = g_word_breaks;
  rl_basic_word_break_characters = g_word_breaks;  // the one libedit reads
  rl_attempted_completion_function = complete;
  using_history();
}

LineInput::~LineInput() {
  if (editing_) clear_history();
  g_candidates = nullptr;
}

void LineInput::set_candidates(Candidates candidates) {
  static Candidates source;
  source = std::move(candidates);
  g_candidates = &source;
}

std::optional<std::string> LineInput::read(const std::string& prompt) {
  if (!editing_) {
    std::cout << prompt << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    return line;
  }
  std::cout << std::flush;
  char* raw = readline(prompt.c_str());
  if (!raw) return std::nullopt;
  std::string line(raw);
  std::free(raw);
  if (line.find_first_not_of(" \t") != std::string::npos) add_history(line.c_str());
  return line;
}

}  // namespace tabletop::cli
