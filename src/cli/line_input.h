// Reading a player's lines in `tabletop play`: line editing, history and tab completion on a
// terminal (BSD libedit, through its readline interface), plain lines from a pipe or file.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tabletop::cli {

// What Tab offers for the line `typed` among the `candidates` that start with it, grouped as
// `moves` groups them: each candidate cut after the next part past what is typed (a part ends
// before a space, or just after '-', '#' or ':'), without repeats, in their first order. After
// "deploy @" the card game offers "deploy @33", "deploy @30", ... (not all 127 moves); after
// "tile:" Culture Wars offers "tile:m11-", "tile:o11-", ...; a candidate with no further part is
// offered whole.
std::vector<std::string> completions(const std::vector<std::string>& candidates,
                                     const std::string& typed);

class LineInput {
 public:
  // Where Tab's candidates come from (legal moves, commands): `completions` groups those that
  // start with the line typed so far. Called only on a terminal, when the player presses Tab.
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
