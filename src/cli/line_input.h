// Reading a player's lines in `tabletop play`: line editing, history and tab completion on a
// terminal (BSD libedit, through its readline interface), plain lines from a pipe or file.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tabletop::cli {

class LineInput {
 public:
  // Completions for the line typed so far: every candidate (a legal move, a command) that starts
  // with it. Called only on a terminal, when the player presses Tab.
  using Candidates = std::function<std::vector<std::string>()>;

  // Edits lines on a terminal when standard input is one, else reads plain lines.
  LineInput();
  ~LineInput();
  LineInput(const LineInput&) = delete;
  LineInput& operator=(const LineInput&) = delete;

  bool editing() const { return editing_; }
  // Sets where Tab completion draws its candidates from (the whole line is one word: moves may
  // hold spaces, as in "goal S4").
  void set_candidates(Candidates candidates);
  // Shows `prompt` and reads one line (without its newline); nullopt at end of input. A non-empty
  // line read on a terminal joins the history (Up and Down walk it).
  std::optional<std::string> read(const std::string& prompt);

 private:
  bool editing_;
};

}  // namespace tabletop::cli
