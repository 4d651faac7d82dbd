// The lab's measured ladder (data/ladder.json, made by scripts/ladder): well formed, of the
// registered games and of the levels (src/ai/levels.h). What the lobby shows of it is
// data/levels.json (scripts/ladder-tables; src/server/catalog_test.cc).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "ai/levels.h"
#include "core/file.h"
#include "games/games.h"

namespace tabletop::sim {
namespace {

// A ladder entry's "versus" measures: LEVEL:OPPONENT of the lobby's levels, the command played
// the level in one seat against the opponent in every other, rotated, and the figures agree.
void check_versus(const json& versus, const std::string& game, int n, const GameEntry& entry) {
  const std::vector<std::string> names = ai::level_names();
  for (const auto& [key, v] : versus.items()) {
    SCOPED_TRACE(key);
    const std::size_t colon = key.find(':');
    ASSERT_NE(colon, std::string::npos);
    const std::string level = key.substr(0, colon), opponent = key.substr(colon + 1);
    EXPECT_NE(std::find(names.begin(), names.end(), level), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), opponent), names.end());
    EXPECT_EQ(v.at("opponent"), opponent);
    // The tuned line the searches ran under (scripts/ladder records the sim summary's).
    EXPECT_TRUE(v.contains("tuned") && v.at("tuned").is_string());
    const std::string command = v.at("command"), spec = v.at("spec"),
                      against = v.at("opponent_spec");
    EXPECT_EQ(command.rfind("tabletop sim " + game + " ", 0), 0u);
    EXPECT_NE(command.find("--rotate"), std::string::npos);
    std::string agents = spec;
    for (int i = 1; i < n; ++i) agents += "," + against;
    EXPECT_NE(command.find("--agents " + agents + " "), std::string::npos) << agents;
    EXPECT_NO_THROW(ai::make_agent(spec, *entry.make(json::object()), 1)) << spec;
    EXPECT_NO_THROW(ai::make_agent(against, *entry.make(json::object()), 1)) << against;
    const int games = v.at("games"), decisive = v.at("decisive"), wins = v.at("wins"),
              capped = v.at("capped");
    EXPECT_EQ(games, v.at("deals").get<int>() * n);  // every deal once per cyclic seating
    EXPECT_LE(decisive + capped, games);
    // Draws (recorded since --versus hard:hard): the rules' draws, neither won nor capped.
    if (v.contains("draws")) {
      EXPECT_LE(decisive + capped + v.at("draws").get<int>(), games);
    }
    EXPECT_LE(wins, decisive);
    EXPECT_DOUBLE_EQ(v.at("fair").get<double>(), std::round(10000.0 / n) / 10000);
    // The share's sums over deals (scripts/ladder --extend adds them) count the same games, and
    // so do the capped rate's (recorded since "capped_sums"): s of t in each.
    const struct {
      const char* name;
      int s, t;
    } all_sums[] = {{"deal_sums", wins, decisive}, {"capped_sums", capped, games}};
    for (const auto& [name, s, t] : all_sums) {
      if (!v.contains(name)) continue;
      const json& sums = v.at(name);
      EXPECT_EQ(sums.at("deals"), v.at("deals")) << name;
      EXPECT_EQ(sums.at("s").get<double>(), s) << name;
      EXPECT_EQ(sums.at("t").get<double>(), t) << name;
    }
    // A grown entry's parts are the runs that made it, of this game.
    for (const json& part : v.value("parts", json::array()))
      EXPECT_EQ(part.get<std::string>().rfind("tabletop sim " + game + " ", 0), 0u) << part;
    if (decisive == 0) {
      EXPECT_TRUE(v.at("share").is_null());
      continue;
    }
    const double share = v.at("share");
    EXPECT_NEAR(share, double(wins) / decisive, 1e-4);
    EXPECT_LE(v.at("low").get<double>(), share + 1e-4);
    EXPECT_LE(share, v.at("high").get<double>() + 1e-4);
  }
}

TEST(Ladder, IsWellFormedAndRatesTheLevelsTheLobbyOffers) {
  const json data = json::parse(read_regular_file(TABLETOP_LADDER_JSON, std::size_t{1} << 24));
  ASSERT_TRUE(data.at("levels").is_array());
  EXPECT_EQ(data.at("levels").get<std::vector<std::string>>(), ai::level_names());
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
      ASSERT_TRUE(m.contains("ratings") || m.contains("versus"));
      if (m.contains("versus")) check_versus(m.at("versus"), game, n, *entry);
      if (!m.contains("ratings")) continue;
      EXPECT_EQ(m.at("command").get<std::string>().rfind("tabletop sim " + game + " ", 0), 0u);
      EXPECT_NE(m.at("command").get<std::string>().find("--tournament"), std::string::npos);
      EXPECT_GT(m.at("deals").get<int>(), 0);
      EXPECT_TRUE(m.contains("tuned") && m.at("tuned").is_string());
      // The levels the round robin rated: all the lobby's, or (scripts/ladder --levels) two or
      // more of them in the lobby's order, the win matrix in that order.
      std::vector<std::string> rated = ai::level_names();
      if (m.contains("levels")) {
        rated = m.at("levels").get<std::vector<std::string>>();
        EXPECT_GE(rated.size(), 2u);
        std::vector<std::string> in_order;
        for (const std::string& level : ai::level_names())
          if (std::find(rated.begin(), rated.end(), level) != rated.end())
            in_order.push_back(level);
        EXPECT_EQ(rated, in_order) << "levels not the lobby's, or not in its order";
      }
      const std::size_t levels = rated.size();
      ASSERT_EQ(m.at("ratings").size(), levels);
      ASSERT_EQ(m.at("wins").size(), levels);
      for (const std::string& level : rated) {
        const json& r = m.at("ratings").at(level);
        EXPECT_LE(r.at("low").get<double>(), r.at("elo").get<double>()) << level;
        EXPECT_LE(r.at("elo").get<double>(), r.at("high").get<double>()) << level;
        const std::string spec = r.at("spec");
        EXPECT_NE(m.at("command").get<std::string>().find(spec), std::string::npos) << spec;
        EXPECT_NO_THROW(ai::make_agent(spec, *entry->make(json::object()), 1)) << spec;
      }
      for (const json& row : m.at("wins")) EXPECT_EQ(row.size(), levels);
      // The exact matrix (halves for capped games; scripts/ladder --extend adds it) whose whole
      // games "wins" shows.
      if (m.contains("win_matrix")) {
        ASSERT_EQ(m.at("win_matrix").size(), levels);
        for (std::size_t i = 0; i < levels; ++i)
          for (std::size_t j = 0; j < levels; ++j)
            EXPECT_EQ(m.at("wins")[i][j].get<int>(), int(m.at("win_matrix")[i][j].get<double>()));
      }
    }
  }
}

}  // namespace
}  // namespace tabletop::sim
