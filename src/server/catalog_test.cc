// The lobby's levels and the measured figures (data/levels.json) it shows of them.
#include "server/catalog.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/agent.h"
#include "ai/levels.h"
#include "ai/tuning.h"
#include "games/games.h"
#include "server/json_input.h"

namespace tabletop::server {
namespace {

TEST(Catalog, AStrengthIsALevelsAgentSpecAndAnUnknownOneIsBadInput) {
  for (const ai::Level& level : ai::levels()) EXPECT_EQ(strength_spec(level.name), level.spec);
  EXPECT_THROW(strength_spec("godlike"), BadInput);
}

// Every line of the levels file is of a registered game at a count it takes, of a level the lobby
// offers, measured under the tuned line in force there (else scripts/ladder-tables must be rerun,
// or the level measured again under the new line).
TEST(Catalog, TheLevelsFileIsOfTheGamesAndLevelsInForce) {
  const json& file = levels_file();
  ASSERT_TRUE(file.at("measured").is_array());
  for (const json& line : file.at("measured")) {
    SCOPED_TRACE(line.dump());
    const GameEntry* entry = games::registry().find(line.at("game"));
    ASSERT_NE(entry, nullptr) << "a figure of an unknown game";
    const int n = line.at("players");
    EXPECT_GE(n, entry->info.min_players);
    EXPECT_LE(n, entry->info.max_players);
    EXPECT_NE(ai::find_level(line.at("level")), nullptr);
    EXPECT_EQ(line.at("tuned").get<std::string>(), ai::tuned_search_options(entry->info, n))
        << "measured under another tuned line than the game's entry holds";
    EXPECT_TRUE(line.contains("rating") || line.contains("versus"));
    if (line.contains("rating")) {
      const json& r = line.at("rating");
      EXPECT_LE(r.at("low").get<double>(), r.at("elo").get<double>());
      EXPECT_LE(r.at("elo").get<double>(), r.at("high").get<double>());
    }
    if (line.contains("versus")) {
      const json& v = line.at("versus");
      EXPECT_GT(v.at("decisive").get<int>(), 0);
      EXPECT_DOUBLE_EQ(v.at("share").get<double>(),
                       v.at("wins").get<double>() / v.at("decisive").get<int>());
      EXPECT_LE(v.at("low").get<double>(), v.at("share").get<double>() + 1e-4);
      EXPECT_LE(v.at("share").get<double>(), v.at("high").get<double>() + 1e-4);
    }
  }
}

// The file's "tuned_lines" (copied from the lab's data/ladder.json, which marks earlier measures
// against them) are the lines the games' entries hold: every game at every count it takes.
TEST(Catalog, TheTunedLinesMeasuredAreTheEntriesLines) {
  const json& lines = levels_file().at("tuned_lines");
  for (const GameEntry& e : games::registry().entries())
    for (int n = e.info.min_players; n <= e.info.max_players; ++n) {
      const std::string players = std::to_string(n);
      const std::string written = lines.contains(e.info.id) && lines.at(e.info.id).contains(players)
                                      ? lines.at(e.info.id).at(players).get<std::string>()
                                      : "";
      EXPECT_EQ(written, ai::tuned_search_options(e.info, n))
          << e.info.id << " at " << n << " players: data/ladder.json's \"tuned_lines\" differs "
          << "from the game's entry (GameInfo::search_lines): write the line in force there, rerun "
          << "the measures made under the earlier one and scripts/ladder-tables";
    }
}

// The lobby shows a level's figures exactly where the levels file has a line for it, at that
// count, and copies them.
TEST(Catalog, TheLobbyShowsTheLevelsFilesFigures) {
  for (const GameEntry& e : games::registry().entries()) {
    const json shown = strengths_json(e.info);
    ASSERT_EQ(shown.size(), ai::levels().size());
    for (std::size_t i = 0; i < shown.size(); ++i) {
      const ai::Level& level = ai::levels()[i];
      EXPECT_EQ(shown[i].at("name"), level.name);
      EXPECT_EQ(shown[i].at("description"), level.description);
      std::size_t ratings = 0, versus = 0;
      for (const json& line : levels_file().at("measured")) {
        if (line.at("game") != e.info.id || line.at("level") != level.name) continue;
        const std::string players = std::to_string(line.at("players").get<int>());
        if (line.contains("rating")) {
          ++ratings;
          EXPECT_EQ(shown[i].at("rating").at(players), line.at("rating"));
        }
        if (line.contains("versus")) {
          ++versus;
          EXPECT_EQ(shown[i].at("versus").at(players), line.at("versus"));
          EXPECT_EQ(line.at("versus").at("opponent"), ai::levels()[i - 1].name);
        }
      }
      EXPECT_EQ(shown[i].value("rating", json::object()).size(), ratings);
      EXPECT_EQ(shown[i].value("versus", json::object()).size(), versus);
    }
  }
}

// A game the lab has not measured (no line in the levels file) still lists every level, with no
// figure: the lobby says it is not measured yet.
TEST(Catalog, AGameWithoutMeasuresListsItsLevelsUnmeasured) {
  const GameInfo unmeasured{"not-measured-yet", "Not measured yet", "", 2, 4, false, false};
  const json shown = strengths_json(unmeasured);
  ASSERT_EQ(shown.size(), ai::levels().size());
  for (const json& level : shown) {
    EXPECT_FALSE(level.contains("rating")) << level;
    EXPECT_FALSE(level.contains("versus")) << level;
    EXPECT_FALSE(level.contains("stops_at")) << level;
  }
}

// Where a game's tuned line holds a budget, the lobby says its searching levels stop there, at
// those counts only: Conspiracy's hard and expert at 5,000 iterations at every count.
TEST(Catalog, TheLobbySaysWhereATunedBudgetStopsTheSearch) {
  for (const json& level : strengths_json(games::registry().find("conspiracy")->info)) {
    const std::string name = level.at("name");
    if (name == "hard" || name == "expert") {
      ASSERT_TRUE(level.contains("stops_at")) << name;
      EXPECT_EQ(level.at("stops_at"), (json{{"3", 5000}, {"4", 5000}, {"5", 5000}})) << name;
    } else {
      EXPECT_FALSE(level.contains("stops_at")) << name;
    }
  }
  for (const char* game : {"relativity", "siege", "culture-wars", "conspiracy-tcg"})
    for (const json& level : strengths_json(games::registry().find(game)->info))
      EXPECT_FALSE(level.contains("stops_at")) << game;
}

}  // namespace
}  // namespace tabletop::server
