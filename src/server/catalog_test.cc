// The lobby's levels and the measured ladder (data/ladder.json) they show.
#include "server/catalog.h"

#include <gtest/gtest.h>

#include <string>

#include "ai/agent.h"
#include "games/games.h"
#include "server/json_input.h"

namespace tabletop::server {
namespace {

TEST(Catalog, EveryLevelNamesAnAgentEveryGameAccepts) {
  for (const GameEntry& e : games::registry().entries()) {
    const auto game = e.make(json::object());
    for (const std::string& level : strength_names())
      EXPECT_NO_THROW(ai::make_agent(strength_spec(level), *game, 1)) << e.info.id << " " << level;
  }
  EXPECT_EQ(strength_spec("expert"), "ismcts:time=3000,threads=" + std::to_string(kExpertThreads));
  EXPECT_THROW(strength_spec("godlike"), BadInput);
}

TEST(Catalog, TheLadderIsWellFormedAndRatesTheLevelsTheLobbyOffers) {
  const json& data = ladder();
  ASSERT_TRUE(data.at("levels").is_array());
  EXPECT_EQ(data.at("levels").get<std::vector<std::string>>(), strength_names());
  const std::size_t levels = strength_names().size();
  ASSERT_TRUE(data.at("games").is_object());
  EXPECT_FALSE(data.at("games").empty());
  for (const auto& [game, counts] : data.at("games").items()) {
    const GameEntry* entry = games::registry().find(game);
    ASSERT_NE(entry, nullptr) << "the ladder rates an unknown game " << game;
    for (const auto& [players, m] : counts.items()) {
      SCOPED_TRACE(game + " " + players + " players");
      const int n = std::stoi(players);
      EXPECT_EQ(std::to_string(n), players);
      EXPECT_GE(n, entry->info.min_players);
      EXPECT_LE(n, entry->info.max_players);
      EXPECT_EQ(m.at("command").get<std::string>().rfind("tabletop sim " + game + " ", 0), 0u);
      EXPECT_NE(m.at("command").get<std::string>().find("--tournament"), std::string::npos);
      EXPECT_GT(m.at("deals").get<int>(), 0);
      ASSERT_EQ(m.at("ratings").size(), levels);
      ASSERT_EQ(m.at("wins").size(), levels);
      for (const std::string& level : strength_names()) {
        const json& r = m.at("ratings").at(level);
        EXPECT_LE(r.at("low").get<double>(), r.at("elo").get<double>()) << level;
        EXPECT_LE(r.at("elo").get<double>(), r.at("high").get<double>()) << level;
        const std::string spec = r.at("spec");
        EXPECT_NE(m.at("command").get<std::string>().find(spec), std::string::npos) << spec;
        EXPECT_NO_THROW(ai::make_agent(spec, *entry->make(json::object()), 1)) << spec;
      }
      for (const json& row : m.at("wins")) EXPECT_EQ(row.size(), levels);
    }
  }
}

TEST(Catalog, TheLobbyShowsEachLevelsRatingWhereTheLadderMeasuredIt) {
  for (const GameEntry& e : games::registry().entries()) {
    const json levels = strengths_json(e.info.id);
    ASSERT_EQ(levels.size(), strength_names().size());
    const json& games = ladder().at("games");
    for (std::size_t i = 0; i < levels.size(); ++i) {
      EXPECT_EQ(levels[i].at("name"), strength_names()[i]);
      if (!games.contains(e.info.id)) {
        EXPECT_FALSE(levels[i].contains("rating"));
        continue;
      }
      for (const auto& [players, m] : games.at(e.info.id).items()) {
        const json& shown = levels[i].at("rating").at(players);
        const json& r = m.at("ratings").at(strength_names()[i]);
        EXPECT_EQ(shown.at("elo"), r.at("elo"));
        EXPECT_EQ(shown.at("low"), r.at("low"));
        EXPECT_EQ(shown.at("high"), r.at("high"));
      }
    }
  }
}

}  // namespace
}  // namespace tabletop::server
