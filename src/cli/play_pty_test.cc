// `tabletop play` in a pseudo-terminal: line editing (history, Tab completion of legal moves) and
// the thinking bar, which a pipe never shows.
#include <gtest/gtest.h>

#include <regex>

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

}  // namespace
}  // namespace tabletop::cli
