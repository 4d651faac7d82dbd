// `tabletop play` in a pseudo-terminal: line editing (history, Tab completion of legal moves) and
// the thinking bar, which a pipe never shows.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <regex>
#include <sstream>

#include "cli/pty.h"

namespace tabletop::cli {
namespace {

using namespace std::chrono_literals;
using testing::Pty;

const std::string kBin = TABLETOP_BIN_DIR "/tabletop";
const std::vector<std::string> kRelativity = {
    kBin,     "play", "relativity", "--param", "coins=n45a5n/3a2243/3n4a2n/a25345",
    "--seed", "1",    "--no-record"};

std::vector<std::string> with(std::vector<std::string> argv, const std::vector<std::string>& more) {
  argv.insert(argv.end(), more.begin(), more.end());
  return argv;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(PlayPty, UpArrowRecallsTheLastLine) {
  Pty pty(with(kRelativity, {"--seats", "human,random"}), {"TERM=xterm", "NO_COLOR=1"});
  std::size_t at = 0;
  ASSERT_TRUE(pty.wait_for("seat 0> ", 0, 20s, &at)) << pty.output();
  pty.type("moves\n");
  ASSERT_TRUE(pty.wait_for("seat 0> ", at, 20s, &at)) << pty.output();
  ASSERT_TRUE(pty.wait_line_editor(20s)) << pty.output();
  pty.type("\033[A\n");  // Up, Enter: "moves" again
  ASSERT_TRUE(pty.wait_for("seat 0> ", at, 20s, &at)) << pty.output();
  pty.type("quit\n");
  EXPECT_EQ(pty.wait_exit(20s), 0);
  EXPECT_EQ(count(pty.output(), "96 legal moves"), 2u) << pty.output();
  EXPECT_EQ(pty.output().find("^[[A"), std::string::npos) << pty.output();
}

TEST(PlayPty, TabCompletesLegalMovesAndCommands) {
  Pty pty(with(kRelativity, {"--seats", "human,random"}), {"TERM=xterm", "NO_COLOR=1"});
  std::size_t at = 0;
  ASSERT_TRUE(pty.wait_for("seat 0> ", 0, 20s, &at)) << pty.output();
  ASSERT_TRUE(pty.wait_line_editor(20s)) << pty.output();
  pty.type("e4#\t\n");  // the one legal move that starts so: e4#f4
  ASSERT_TRUE(pty.wait_for("swaps e4#f4", at, 20s, &at)) << pty.output();
  ASSERT_TRUE(pty.wait_for("seat 0> ", at, 20s, &at)) << pty.output();
  pty.type("mov\t\n");  // the command "moves"
  ASSERT_TRUE(pty.wait_for("legal moves:", at, 20s, &at)) << pty.output();
  pty.type("quit\n");
  EXPECT_EQ(pty.wait_exit(20s), 0);
}

// In the middle of a Siege turn, on a terminal: the step is told and the board comes back with
// the dice left and the kind of step that comes next (State::turn_status).
TEST(PlayPty, AfterAStepTheTurnStatusTellsWhatIsLeftAndWhatComesNext) {
  Pty pty({kBin, "play", "siege", "--param", "players=2", "--seats", "human,random", "--seed", "3",
           "--no-record"},
          {"TERM=xterm", "NO_COLOR=1"});
  std::size_t at = 0;
  ASSERT_TRUE(pty.wait_for("NE (seat 0)> ", 0, 20s, &at)) << pty.output();
  pty.type("3:NE-g7\n");
  ASSERT_TRUE(pty.wait_for("dice left 0 (Null), 4. Next: ", at, 30s, &at)) << pty.output();
  ASSERT_TRUE(pty.wait_for("NE (seat 0)> ", at, 20s, &at)) << pty.output();
  pty.type("4:g7-f5\n");
  ASSERT_TRUE(pty.wait_for("NE (seat 0): 4:g7-f5", at, 20s, &at)) << pty.output();
  ASSERT_TRUE(pty.wait_for("dice left 0 (Null); moved this turn: f5. Next: ", at, 20s, &at))
      << pty.output();
  ASSERT_TRUE(pty.wait_for("(0:FROMxTARGET), or end.", at, 20s, &at)) << pty.output();
  ASSERT_TRUE(pty.wait_for("NE (seat 0)> ", at, 20s, &at)) << pty.output();
  pty.type("quit\n");
  EXPECT_EQ(pty.wait_exit(20s), 0);
}

TEST(PlayPty, TheThinkingBarShowsProgressAndOnPerfectInformationTheFavourite) {
  Pty pty(with(kRelativity, {"--seats", "human,mcts:time=400"}), {"TERM=xterm", "NO_COLOR=1"});
  std::size_t at = 0;
  ASSERT_TRUE(pty.wait_for("seat 0> ", 0, 20s, &at)) << pty.output();
  pty.type("d3#e3\n");
  ASSERT_TRUE(pty.wait_for("seat 0> ", at, 30s, &at)) << pty.output();
  pty.type("quit\n");
  EXPECT_EQ(pty.wait_exit(20s), 0);
  EXPECT_TRUE(std::regex_search(
      pty.output(), std::regex(R"(thinking \[[#.]{24}\] +[0-9]+%  [a-f][1-4]#[a-f][1-4] [0-9]+%)")))
      << pty.output();
}

// On a terminal the seats' names are in colour (seat 0 red, seat 1 green) and the news in bold;
// NO_COLOR turns colour off (https://no-color.org).
TEST(PlayPty, SeatsInColourUnlessNoColor) {
  for (const bool no_colour : {false, true}) {
    std::vector<std::string> env = {"TERM=xterm", "LC_ALL=C.UTF-8"};
    if (no_colour) env.push_back("NO_COLOR=1");
    Pty pty(with(kRelativity, {"--seats", "human,random"}), env);
    std::size_t at = 0;
    ASSERT_TRUE(pty.wait_for("> ", 0, 20s, &at)) << pty.output();
    pty.type("d3#e3\n");
    ASSERT_TRUE(pty.wait_for("swaps d3#e3", at, 20s, &at)) << pty.output();
    ASSERT_TRUE(pty.wait_for("> ", at, 20s, &at)) << pty.output();
    pty.type("quit\n");
    EXPECT_EQ(pty.wait_exit(20s), 0);
    EXPECT_EQ(pty.output().find("\033[31mseat 0\033[0m") != std::string::npos, !no_colour)
        << pty.output();
    EXPECT_EQ(pty.output().find("\033[1m") != std::string::npos, !no_colour) << pty.output();
  }
}

// ---------------------------------------------------------------------------------------------
// The terminal boards: column letters over their squares, in a terminal and through a pipe.

// `text` with "\r" dropped, box-drawing characters (and ASCII's + - |) as spaces and every other
// non-ASCII character as 'x', so that a byte's index is its column on the screen.
std::string screen_columns(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\r') {
      ++i;
    } else if (c < 0x80) {
      out += c == '|' || c == '+' || (c == '-' && i + 1 < text.size() && text[i + 1] == '-')
                 ? ' '
                 : char(c);
      ++i;
    } else {
      const std::size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      // U+2500..U+257F, the box lines: E2 94 xx and E2 95 xx.
      const bool box = c == 0xE2 && i + 1 < text.size() &&
                       (static_cast<unsigned char>(text[i + 1]) == 0x94 ||
                        static_cast<unsigned char>(text[i + 1]) == 0x95);
      out += box ? ' ' : 'x';
      i += length;
    }
  }
  return out;
}

// Checks the last board in `output` whose letter line is `letters` (the column letters a, b, ...
// in order, with spaces): every square's text on a numbered row line is centred under one of the
// letters (its middle column, the left one of two, is a letter's column), and every letter has a
// square under it on some row. Returns how many squares it checked.
int expect_squares_under_letters(const std::string& output, const std::string& first_letters) {
  std::vector<std::string> lines;
  std::istringstream in(screen_columns(output));
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::size_t top = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].find_first_not_of(' ') != std::string::npos &&
        lines[i].substr(lines[i].find_first_not_of(' ')).starts_with(first_letters))
      top = i;
  EXPECT_LT(top, lines.size()) << "no letter line starting " << first_letters << "\n" << output;
  if (top == lines.size()) return 0;
  std::map<std::size_t, char> letter_at;
  for (std::size_t x = 0; x < lines[top].size(); ++x)
    if (std::islower(static_cast<unsigned char>(lines[top][x]))) letter_at[x] = lines[top][x];
  std::map<char, int> under;
  int squares = 0;
  for (std::size_t i = top + 1; i < lines.size(); ++i) {
    std::smatch label;
    const std::string& line = lines[i];
    // A row line: (a label such as "Present" or "Future 1", then) the row number, then squares.
    if (!std::regex_search(line, label, std::regex(R"(^ *(?:[A-Z][a-z]+(?: \d+)? +)?\d+ )"))) {
      if (line.find_first_not_of(' ') != std::string::npos && line.find('.') == std::string::npos)
        continue;  // edges, a line of markers
      if (line.starts_with(" ") && line.find_first_not_of(' ') > 8) continue;
      break;  // the board is over
    }
    for (std::size_t x = std::size_t(label.length()); x < line.size();) {
      if (line[x] == ' ') {
        ++x;
        continue;
      }
      std::size_t end = x;
      while (end < line.size() && line[end] != ' ') ++end;
      const std::string square = line.substr(x, end - x);
      // Home Bases ([NW]) and face-up tiles ([C2 ... ]) lie off the squares' grid or span two.
      if (square.front() != '[' && square.back() != ']') {
        const std::size_t middle = x + (square.size() - 1) / 2;
        EXPECT_TRUE(letter_at.count(middle))
            << "'" << square << "' at column " << x << " of line " << i << " is under no letter:\n"
            << lines[top] << "\n"
            << line;
        if (letter_at.count(middle)) ++under[letter_at[middle]];
        ++squares;
      }
      x = end;
    }
  }
  for (const auto& [x, letter] : letter_at)
    EXPECT_GT(under[letter], 0) << "no square under column " << letter << "\n" << output;
  return squares;
}

// `tabletop play` with `input` on standard input (a pipe: no colour, no line editing).
std::string play_through_a_pipe(const std::string& args, const std::string& input,
                                const std::string& env = "NO_COLOR= LC_ALL=C.UTF-8") {
  const std::string path = ::testing::TempDir() + "/play_pipe_input_" + std::to_string(getpid());
  FILE* file = std::fopen(path.c_str(), "w");
  std::fputs(input.c_str(), file);
  std::fclose(file);
  FILE* pipe =
      popen((env + " " + kBin + " play " + args + " --no-record < " + path + " 2>&1").c_str(), "r");
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  pclose(pipe);
  std::remove(path.c_str());
  return out;
}

struct BoardCase {
  std::vector<std::string> args;  // after "play"
  std::string prompt, letters;
};
const std::vector<BoardCase> kBoards = {
    {{"conspiracy", "--seed", "3"}, "seat 0> ", "a     b"},
    {{"siege", "--seed", "3"}, "NE (seat 0)> ", "a    b"},
    {{"culture-wars", "--seed", "3"}, "seat A (0)> ", "i   j"},
    {{"relativity", "--seed", "3"}, "seat 0> ", "a  b"},
};

TEST(PlayBoards, ColumnLettersStandOverTheirSquaresInATerminal) {
  for (const BoardCase& c : kBoards) {
    std::vector<std::string> argv = {kBin, "play"};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    argv.push_back("--no-record");
    Pty pty(argv, {"TERM=xterm", "NO_COLOR=1", "LC_ALL=C.UTF-8"});
    std::size_t at = 0;
    ASSERT_TRUE(pty.wait_for(c.prompt, 0, 30s, &at)) << pty.output();
    pty.type("quit\n");
    EXPECT_EQ(pty.wait_exit(20s), 0);
    EXPECT_GT(expect_squares_under_letters(pty.output(), c.letters), 20) << c.args[0];
  }
}

// Through a pipe, in UTF-8 and in ASCII (LANG=C): the same alignment, and the board again on
// `board`; Culture Wars' key comes once at the start and on `legend`, never under the board.
TEST(PlayBoards, ThroughAPipeEveryGameDrawsItsBoardAligned) {
  for (const char* env : {"LC_ALL=C.UTF-8", "LC_ALL= LANG=C"})
    for (const BoardCase& c : kBoards) {
      std::string args;
      for (const std::string& a : c.args) args += a + " ";
      const std::string out =
          play_through_a_pipe(args, "board\nquit\n", std::string("NO_COLOR=1 ") + env);
      EXPECT_EQ(out.find("\033["), std::string::npos) << out;
      EXPECT_GT(expect_squares_under_letters(out, c.letters), 20) << args << env << "\n" << out;
      if (std::string(env) == "LC_ALL= LANG=C") {
        for (const char* sign : {"─", "│", "┼", "↗"})
          EXPECT_EQ(out.find(sign), std::string::npos) << out;
      }
    }
  const std::string key = "Each square shows its coin, then its tokens.";
  const std::string cw = play_through_a_pipe("culture-wars --seed 3", "board\nlegend\nquit\n");
  EXPECT_EQ(count(cw, key), 2u) << cw;  // at the start and on `legend`
  EXPECT_EQ(count(cw, "Culture Wars — round 0"), 2u) << cw;
  // The tiles' edges: the starting map's 5x5 tiles, so four lines inside with crossings.
  EXPECT_GE(count(cw, "┼"), 8u) << cw;
  EXPECT_NE(cw.find("┌"), std::string::npos) << cw;
}

// Conspiracy's and Siege's keys to their signs come once at the start and on `legend`, never
// under a board.
TEST(PlayBoards, TheKeyComesOnceAndOnLegend) {
  for (const auto& [game, key] : std::vector<std::pair<std::string, std::string>>{
           {"conspiracy", "[C2] a face-up tile"}, {"siege", "NE? a face-down Army of NE"}}) {
    const std::string out = play_through_a_pipe(game + " --seed 3", "board\nboard\nlegend\nquit\n");
    EXPECT_EQ(count(out, key), 2u) << game << "\n" << out;
  }
}

// Every line a game prints fits 80 columns, in UTF-8 and in ASCII (LANG=C): the boards (the card
// game's a card a line, wrapped), the keys, the status, the moves, the help, the log. Through a
// pipe the prompt and the answer share a line (nothing echoes the typed line): the prompt is cut.
TEST(PlayBoards, EveryLineFitsEightyColumns) {
  const std::string commands = "board\nmoves\nhelp\nlegend\nlog\n";
  for (const char* env : {"LC_ALL=C.UTF-8", "LC_ALL= LANG=C"})
    for (const std::string game :
         {"relativity", "siege", "conspiracy", "culture-wars", "conspiracy-tcg"}) {
      const bool cards = game == "conspiracy-tcg";
      const std::string out = play_through_a_pipe(
          game + " --seed 3",
          commands + (cards ? "help deploy\ndeploy @33 new\nboard\n" : "") + "quit\n",
          std::string("NO_COLOR=1 ") + env);
      if (cards) {
        EXPECT_NE(out.find("@33 Takahashi, Tomas"), std::string::npos) << out;
      }
      std::istringstream lines(out);
      int checked = 0;
      for (std::string line; std::getline(lines, line); ++checked) {
        line = std::regex_replace(
            line, std::regex(R"(^((seat [0-9A-Z]( \(\d\))?|[A-Za-z-]+ \(seat \d\))> )+)"), "");
        std::size_t columns = 0;
        for (unsigned char c : line) columns += (c & 0xC0) != 0x80;
        EXPECT_LE(columns, 80u) << game << " " << env << ", line " << checked << ": " << line;
      }
      EXPECT_GT(checked, 50) << game << "\n" << out;
    }
}

// A game of computers only, through a pipe, to its end: what it printed from the last `marker` on
// (empty when the marker never came); `out` gets the whole output.
std::string last_board(const std::string& args, const std::string& marker, std::string& out) {
  out = play_through_a_pipe(args, "");
  const std::size_t at = out.rfind(marker);
  return at == std::string::npos ? std::string() : out.substr(at);
}

// At the end of a Conspiracy game the record is public: the last board names every seat's goal,
// hand and tiles and each face-down tile, as the browser's end board does (record_observation).
TEST(PlayBoards, TheEndOfConspiracyShowsWhatTheRecordMakesPublic) {
  std::string out;
  const std::string end =
      last_board("conspiracy --seed 3 --seats greedy,greedy,greedy --param max_rounds=1",
                 " The record shows", out);
  ASSERT_FALSE(end.empty()) << out;
  for (int s = 0; s < 3; ++s)
    EXPECT_TRUE(std::regex_search(
        end, std::regex("\n  seat " + std::to_string(s) +
                        ": goal (Suns|Moons|Crowns|Arms) & [0-5]; hand [^\n]*; tiles ")))
        << end;
  EXPECT_EQ(count(out, " The record shows"), 1u) << "only at the end\n" << out;
}

// Siege's last board names every Army, on the board and in the stacks (none left as '?').
TEST(PlayBoards, TheLastSiegeBoardNamesEveryArmy) {
  std::string out;
  const std::string end =
      last_board("siege --seed 3 --seats greedy,greedy --param players=2 --param max_plies=40",
                 "\n          a    b", out);
  ASSERT_NE(end.find("Game over"), std::string::npos) << out;
  EXPECT_EQ(end.find('?'), std::string::npos) << end;
  EXPECT_NE(out.substr(0, out.size() - end.size()).find('?'), std::string::npos)
      << "unknown Armies during the game";
}

// Culture Wars' last board numbers each settlement ([3B]), as the record and the browser's end
// board do (during the game a settlement shows only its suit, [B]: the CultureWarsView test).
TEST(PlayBoards, TheLastCultureWarsBoardNumbersTheSettlements) {
  std::string out;
  const std::string end = last_board(
      "culture-wars --seed 3 --seats greedy,greedy --param players=2 --param max_rounds=12",
      "Culture Wars — round", out);
  ASSERT_NE(end.find(", over\n"), std::string::npos) << out;
  EXPECT_TRUE(std::regex_search(end, std::regex(R"(\[[0-5][AB]\])"))) << end;
  EXPECT_FALSE(std::regex_search(end, std::regex(R"(\[[AB]\])"))) << end;
}

// The card game's status line: what each seat has left, and what comes next (with examples for
// the seat to move only).
TEST(PlayBoards, TheCardGameSaysWhatIsLeftAndWhatIsNext) {
  std::string out = play_through_a_pipe("conspiracy-tcg --seed 3", "quit\n");
  out = std::regex_replace(out, std::regex("\n    "), " ");  // as one line, not wrapped at 78
  EXPECT_NE(out.find("Left (to draw/in hand/agents in the field): agency-field-office (seat 0, "
                     "you) 39/6/3; illuminati-lodge (seat 1) 39/6/3; reptilian-nest (seat 2) "
                     "39/6/3; phone-contacts (seat 3) 39/6/3. agency-field-office (seat 0): its "
                     "turn: deploy a card, a pro move, attack or pass. Next: e.g. deploy @33 new,"),
            std::string::npos)
      << out;
}

// Tab after "deploy @" offers the cards (deploy @33, deploy @30, ...), not every deploy; a second
// part follows on the next Tab. Culture Wars' "tile:" offers the tiles, "tile:m11-" and so on.
TEST(PlayBoards, TabOffersTheNextPartOnly) {
  {
    Pty pty({kBin, "play", "conspiracy-tcg", "--seed", "3", "--no-record"},
            {"TERM=xterm", "NO_COLOR=1", "LC_ALL=C.UTF-8"});
    std::size_t at = 0;
    ASSERT_TRUE(pty.wait_for("(seat 0)> ", 0, 30s, &at)) << pty.output();
    ASSERT_TRUE(pty.wait_line_editor(20s)) << pty.output();
    pty.type("deploy @\t\t");
    ASSERT_TRUE(pty.wait_for("deploy @17", at, 20s)) << pty.output();
    const std::string offered = pty.output().substr(at);
    for (const char* card : {"deploy @33", "deploy @30", "deploy @10", "deploy @24", "deploy @18"})
      EXPECT_NE(offered.find(card), std::string::npos) << offered;
    EXPECT_EQ(offered.find("deploy @33 front"), std::string::npos) << offered;
    EXPECT_EQ(offered.find("new surge"), std::string::npos) << offered;
    at = pty.output().size();
    pty.type("33\t");  // one card: "deploy @33 " and its ways
    pty.type("\t\t");
    ASSERT_TRUE(pty.wait_for("deploy @33 front", at, 20s)) << pty.output().substr(at);
    EXPECT_EQ(pty.output().find("deploy @33 front c1", at), std::string::npos) << pty.output();
    pty.type("new\n");
    ASSERT_TRUE(pty.wait_for("@33 Takahashi, Tomas", at, 20s, &at)) << pty.output();
    ASSERT_TRUE(pty.wait_for("(seat 0)> ", at, 60s, &at)) << pty.output();
    pty.type("quit\n");
    EXPECT_EQ(pty.wait_exit(20s), 0);
  }
  {
    Pty pty({kBin, "play", "culture-wars", "--seed", "3", "--no-record"},
            {"TERM=xterm", "NO_COLOR=1", "LC_ALL=C.UTF-8"});
    std::size_t at = 0;
    ASSERT_TRUE(pty.wait_for("seat A (0)> ", 0, 30s, &at)) << pty.output();
    ASSERT_TRUE(pty.wait_line_editor(20s)) << pty.output();
    pty.type("tile:\t\t");
    ASSERT_TRUE(pty.wait_for("tile:o15-", at, 20s)) << pty.output();
    EXPECT_EQ(pty.output().find("tile:m11-h7", at), std::string::npos) << pty.output();
    pty.type("\025quit\n");  // Ctrl-U clears the line
    EXPECT_EQ(pty.wait_exit(20s), 0) << pty.output();
  }
}

}  // namespace
}  // namespace tabletop::cli
