// The lobby's levels and the measured ladder (data/ladder.json) they show.
#include "server/catalog.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "ai/tuning.h"
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
  EXPECT_EQ(strength_spec("expert"),
            "ismcts:time=3000,threads=" + std::to_string(kExpertThreads) + ",parallel=tree");
  EXPECT_THROW(strength_spec("godlike"), BadInput);
}

// A ladder entry's "versus" measures: LEVEL:OPPONENT of the lobby's levels, the command played
// the level in one seat against the opponent in every other, rotated, and the figures agree.
void check_versus(const json& versus, const std::string& game, int n, const GameEntry& entry) {
  const std::vector<std::string> names = strength_names();
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
    const int games = v.at("games"), decisive = v.at("decisive"), wins = v.at("wins");
    EXPECT_EQ(games, v.at("deals").get<int>() * n);  // every deal once per cyclic seating
    EXPECT_LE(decisive + v.at("capped").get<int>(), games);
    EXPECT_LE(wins, decisive);
    EXPECT_DOUBLE_EQ(v.at("fair").get<double>(), std::round(10000.0 / n) / 10000);
    // The share's sums over deals (scripts/ladder --extend adds them) count the same games.
    if (v.contains("deal_sums")) {
      const json& sums = v.at("deal_sums");
      EXPECT_EQ(sums.at("deals"), v.at("deals"));
      EXPECT_EQ(sums.at("s").get<double>(), wins);
      EXPECT_EQ(sums.at("t").get<double>(), decisive);
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

TEST(Catalog, TheLadderIsWellFormedAndRatesTheLevelsTheLobbyOffers) {
  const json& data = ladder();
  ASSERT_TRUE(data.at("levels").is_array());
  EXPECT_EQ(data.at("levels").get<std::vector<std::string>>(), strength_names());
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
      std::vector<std::string> rated = strength_names();
      if (m.contains("levels")) {
        rated = m.at("levels").get<std::vector<std::string>>();
        EXPECT_GE(rated.size(), 2u);
        std::vector<std::string> in_order;
        for (const std::string& level : strength_names())
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

// Every game at every player count the lobby offers has a ladder entry (a round robin, a measure
// against the level below, or both), so each game's doc (scripts/ladder-tables) and the lobby show
// a figure at every count.
TEST(Catalog, TheLadderMeasuresEveryGameAtEveryPlayerCount) {
  const json& games = ladder().at("games");
  for (const GameEntry& e : games::registry().entries()) {
    ASSERT_TRUE(games.contains(e.info.id)) << e.info.id;
    for (int n = e.info.min_players; n <= e.info.max_players; ++n)
      EXPECT_TRUE(games.at(e.info.id).contains(std::to_string(n))) << e.info.id << " " << n;
  }
}

// A ladder figure belongs to a level only when it played that level's search at another budget.
TEST(Catalog, AMeasureIsTheLevelsOnlyWithTheLevelsOwnSearch) {
  EXPECT_TRUE(measures_strength("ismcts:iterations=2000", "hard"));
  EXPECT_TRUE(measures_strength("ismcts:iterations=2000,threads=1", "hard"));
  EXPECT_FALSE(measures_strength("ismcts:iterations=2000,c=1.4", "hard"));
  EXPECT_TRUE(measures_strength("ismcts:iterations=16000,threads=4,parallel=tree", "expert"));
  EXPECT_FALSE(measures_strength("ismcts:iterations=16000,threads=4", "expert"));  // root trees
  EXPECT_FALSE(measures_strength("ismcts:iterations=16000,threads=2,parallel=tree", "expert"));
  EXPECT_TRUE(measures_strength("greedy", "medium"));
  EXPECT_FALSE(measures_strength("random", "medium"));
  EXPECT_FALSE(measures_strength("greedy", "godlike"));
}

// `shown[key]` is the iterations a move of the measured `spec` ("ismcts:iterations=8000"), and
// absent for an agent that does not search (random, greedy).
void expect_iterations(const json& shown, const char* key, const std::string& spec) {
  const std::string prefix = "iterations=";
  const auto at = spec.find(prefix);
  if (at == std::string::npos) {
    EXPECT_FALSE(shown.contains(key)) << key << " of " << spec;
    return;
  }
  ASSERT_TRUE(shown.contains(key)) << key << " of " << spec;
  EXPECT_EQ(shown.at(key).get<int>(), std::stoi(spec.substr(at + prefix.size()))) << spec;
}

// A measure made under another tuned line than the one in force at its count measured another
// search: the lobby leaves it out. Three-player Conspiracy has a line of its own, four another
// (a budget), Relativity none.
TEST(Catalog, AMeasureUnderAnotherTunedLineIsNotTheLevels) {
  const std::string three(ai::tuned_search_options("conspiracy", 3));
  const std::string four(ai::tuned_search_options("conspiracy", 4));
  ASSERT_FALSE(three.empty());
  ASSERT_FALSE(four.empty());
  ASSERT_NE(three, four);
  EXPECT_TRUE(under_tuned_line_in_force(json{{"tuned", three}}, "conspiracy", "3"));
  EXPECT_FALSE(under_tuned_line_in_force(json{{"tuned", ""}}, "conspiracy", "3"));
  EXPECT_FALSE(under_tuned_line_in_force(json::object(), "conspiracy", "3"));
  EXPECT_TRUE(under_tuned_line_in_force(json{{"tuned", four}}, "conspiracy", "4"));
  EXPECT_FALSE(under_tuned_line_in_force(json::object(), "conspiracy", "4"));
  EXPECT_FALSE(under_tuned_line_in_force(json{{"tuned", three}}, "conspiracy", "4"));
  EXPECT_TRUE(under_tuned_line_in_force(json::object(), "relativity", "2"));
  EXPECT_TRUE(under_tuned_line_in_force(json{{"tuned", "minimax=0.5"}}, "culture-wars", "2"));
}

// The ladder file's "tuned_lines" (what scripts/ladder-tables marks earlier measures against) is
// the lines in force: every game's at every count it takes, counts without one left out.
TEST(Catalog, TheLaddersTunedLinesAreTheOnesInForce) {
  const json& lines = ladder().at("tuned_lines");
  for (const GameEntry& e : games::registry().entries())
    for (int n = e.info.min_players; n <= e.info.max_players; ++n) {
      const std::string players = std::to_string(n);
      const std::string written = lines.contains(e.info.id) && lines.at(e.info.id).contains(players)
                                      ? lines.at(e.info.id).at(players).get<std::string>()
                                      : "";
      EXPECT_EQ(written, ai::tuned_search_options(e.info.id, n))
          << e.info.id << " at " << n << " players: data/ladder.json's \"tuned_lines\" differs "
          << "from src/ai/tuning.cc (write the line in force there, and rerun the measures made "
          << "under the earlier one)";
    }
  for (const auto& [game, counts] : lines.items())
    for (const auto& [players, line] : counts.items())
      EXPECT_FALSE(line.get<std::string>().empty()) << game << " " << players;
}

TEST(Catalog, TheLobbyShowsEachLevelsRatingWhereTheLadderMeasuredIt) {
  for (const GameEntry& e : games::registry().entries()) {
    const json levels = strengths_json(e.info.id, e.info.min_players, e.info.max_players);
    ASSERT_EQ(levels.size(), strength_names().size());
    const json& games = ladder().at("games");
    for (std::size_t i = 0; i < levels.size(); ++i) {
      EXPECT_EQ(levels[i].at("name"), strength_names()[i]);
      if (!games.contains(e.info.id)) {
        EXPECT_FALSE(levels[i].contains("rating"));
        continue;
      }
      for (const auto& [players, m] : games.at(e.info.id).items()) {
        // The share against the level below, where the ladder measured it with a decisive game.
        const std::string below = i > 0 ? strength_names()[i] + ":" + strength_names()[i - 1] : "";
        // Only a measure of the levels' own searches (not an earlier expert's).
        const bool versus =
            m.contains("versus") && m.at("versus").contains(below) &&
            m.at("versus").at(below).at("decisive").get<int>() > 0 &&
            measures_strength(m.at("versus").at(below).at("spec"), strength_names()[i]) &&
            measures_strength(m.at("versus").at(below).at("opponent_spec"),
                              strength_names()[i - 1]) &&
            under_tuned_line_in_force(m.at("versus").at(below), e.info.id, players) &&
            within_strength_budget(m.at("versus").at(below).at("spec"), strength_names()[i],
                                   e.info.id, players) &&
            within_strength_budget(m.at("versus").at(below).at("opponent_spec"),
                                   strength_names()[i - 1], e.info.id, players);
        EXPECT_EQ(levels[i].contains("versus") && levels[i].at("versus").contains(players), versus);
        if (versus) {
          const json& shown = levels[i].at("versus").at(players);
          const json& v = m.at("versus").at(below);
          EXPECT_EQ(shown.at("opponent"), strength_names()[i - 1]);
          for (const char* key : {"share", "low", "high", "fair", "decisive", "wins"})
            EXPECT_EQ(shown.at(key), v.at(key)) << key;
          // The budget it was measured at, read from the specs the ladder played.
          expect_iterations(shown, "iterations", v.at("spec"));
          expect_iterations(shown, "opponent_iterations", v.at("opponent_spec"));
        }
        if (!m.contains("ratings") || !m.at("ratings").contains(strength_names()[i]) ||
            !measures_strength(m.at("ratings").at(strength_names()[i]).at("spec"),
                               strength_names()[i]) ||
            !under_tuned_line_in_force(m, e.info.id, players) ||
            !within_strength_budget(m.at("ratings").at(strength_names()[i]).at("spec"),
                                    strength_names()[i], e.info.id, players)) {
          EXPECT_FALSE(levels[i].contains("rating") && levels[i].at("rating").contains(players));
          continue;
        }
        const json& shown = levels[i].at("rating").at(players);
        const json& r = m.at("ratings").at(strength_names()[i]);
        EXPECT_EQ(shown.at("elo"), r.at("elo"));
        EXPECT_EQ(shown.at("low"), r.at("low"));
        EXPECT_EQ(shown.at("high"), r.at("high"));
        expect_iterations(shown, "iterations", r.at("spec"));
      }
    }
  }
}

// Where a game's tuned line holds a budget, the lobby says its searching levels stop there, at
// those counts only: Conspiracy's hard and expert at 5,000 iterations at every count.
TEST(Catalog, TheLobbySaysWhereATunedBudgetStopsTheSearch) {
  const json levels = strengths_json("conspiracy", 3, 5);
  for (const json& level : levels) {
    const std::string name = level.at("name");
    if (name == "hard" || name == "expert") {
      ASSERT_TRUE(level.contains("stops_at")) << name;
      EXPECT_EQ(level.at("stops_at"), (json{{"3", 5000}, {"4", 5000}, {"5", 5000}})) << name;
    } else {
      EXPECT_FALSE(level.contains("stops_at")) << name;
    }
  }
  for (const char* game : {"relativity", "culture-wars", "conspiracy-tcg"})
    for (const json& level : strengths_json(game, 2, 6)) EXPECT_FALSE(level.contains("stops_at"));
  EXPECT_EQ(stops_at("ismcts:iterations=40000", "conspiracy", 5), 0);  // the spec's own wins
  EXPECT_EQ(stops_at("greedy", "conspiracy", 5), 0);
  EXPECT_EQ(stops_at(strength_spec("hard"), "conspiracy", 3), 5000);
  EXPECT_EQ(stops_at(strength_spec("hard"), "siege", 3), 0);
  // a five-player expert measured past the budget the lobby's expert stops at is not the level's
  EXPECT_FALSE(within_strength_budget("ismcts:iterations=40000,threads=4,parallel=tree", "expert",
                                      "conspiracy", "5"));
  EXPECT_TRUE(within_strength_budget("ismcts:iterations=5000,threads=4,parallel=tree", "expert",
                                     "conspiracy", "5"));
  EXPECT_TRUE(within_strength_budget("ismcts:iterations=40000,threads=4,parallel=tree", "expert",
                                     "siege", "3"));
  EXPECT_TRUE(within_strength_budget("greedy", "medium", "conspiracy", "5"));
}

}  // namespace
}  // namespace tabletop::server
