// Every how-to page (docs/howto/<id>.md) is played by its game: each ```position block
// (core/howto_positions.h) replays with the game's own code and every claim in it holds, so a rule
// sentence the page teaches cannot contradict the engine, and each part of the page that teaches a
// rule carries positions.
#include <gtest/gtest.h>

#include "core/howto_positions.h"
#include "games/games.h"

namespace tabletop::games {
namespace {

// Every failure of every block of `entry`'s page, with the page's positions played under `params`
// added to each block's own.
std::vector<std::string> failures(const GameEntry& entry, const json& extra = json::object()) {
  std::vector<std::string> out;
  for (howto::Position p : howto::parse_positions(entry.how_to_play)) {
    p.params.update(extra);
    for (std::string& f : howto::play_position(entry, p).failures) out.push_back(std::move(f));
  }
  return out;
}

TEST(HowTo, EveryPositionOfEveryPageHolds) {
  for (const GameEntry& e : registry().entries()) {
    SCOPED_TRACE(e.info.id);
    for (const std::string& f : failures(e)) ADD_FAILURE() << e.info.id << ".md " << f;
  }
}

// The parts that teach rules (the setup, the turn or round, what wins) each show positions; the
// notation part, last, needs none.
TEST(HowTo, EveryRulePartHasPositions) {
  for (const GameEntry& e : registry().entries()) {
    SCOPED_TRACE(e.info.id);
    const std::string& text = e.how_to_play;
    const std::size_t notation = text.find("## Notation\n");
    ASSERT_NE(notation, std::string::npos);
    for (std::size_t at = text.find("## Setup\n"); at < notation;) {
      const std::size_t next = std::min(text.find("\n## ", at + 1), notation);
      const std::string part = text.substr(at, next - at);
      EXPECT_NE(part.find("```position\n"), std::string::npos) << part.substr(0, part.find('\n'));
      at = next + 1;
    }
  }
}

// The check has teeth: the Siege page's turning moves are illegal under the straight-moves
// variant (RULINGS 12), so reading the rules that way fails the page.
TEST(HowTo, SiegePageFailsUnderTheStraightMovesReading) {
  const GameEntry* siege = registry().find("siege");
  ASSERT_NE(siege, nullptr);
  EXPECT_TRUE(failures(*siege).empty());
  const std::vector<std::string> straight = failures(*siege, {{"straight_moves", true}});
  ASSERT_FALSE(straight.empty());
  bool turning = false;
  for (const std::string& f : straight)
    turning |= f.find("5:SW-c4 is illegal") != std::string::npos;
  EXPECT_TRUE(turning) << testing::PrintToString(straight);
}

// Each kind of claim fails when it is false, naming its line.
TEST(HowTo, FalseClaimsFail) {
  const GameEntry* siege = registry().find("siege");
  ASSERT_NE(siege, nullptr);
  const std::vector<howto::Position> blocks = howto::parse_positions(
      "Text.\n```position\nparams: players=2\nlegal: 5:NE-e6\nillegal: 3:NE-g8\n"
      "see: /to_move = 1\nsee: /board has \"f8=\"\nlog: SW (seat 1) goes first\nto move: 1\n"
      "winner: 0\nplay: 3:NE-g8 ; 3:g8-f8\nlegal: end\n```\n");
  ASSERT_EQ(blocks.size(), 1u);
  const howto::PlayedPosition played = howto::play_position(*siege, blocks[0]);
  const std::vector<std::string>& f = played.failures;
  ASSERT_EQ(f.size(), 8u) << testing::PrintToString(f);
  for (int i = 0; i < 8; ++i)
    EXPECT_TRUE(f[i].starts_with("line " + std::to_string(i + 4))) << f[i];
  EXPECT_NE(f[7].find("no die showing 3"), std::string::npos) << f[7];
  ASSERT_NE(played.picture, nullptr);
  EXPECT_EQ(played.picture->ply(), 1);
}

TEST(HowTo, BadBlocksAreRefusedNamingTheLine) {
  EXPECT_THROW(howto::parse_positions("```position\nfly: away\n```\n"), Error);
  EXPECT_THROW(howto::parse_positions("```position\nplay: end\nseed: 3\n```\n"), Error);
  EXPECT_THROW(howto::parse_positions("```position\nsee: /a = {\n```\n"), Error);
  EXPECT_THROW(howto::parse_positions("```position\nplay: end\n"), Error);
  // Other fenced blocks are not positions.
  EXPECT_TRUE(howto::parse_positions("```\nplay: end\n```\n").empty());
}

}  // namespace
}  // namespace tabletop::games
