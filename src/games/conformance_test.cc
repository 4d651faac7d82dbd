// The shared conformance suite on every registered game, at every player count it supports.
#include "testing/conformance.h"

#include <gtest/gtest.h>

#include "games/games.h"

namespace tabletop {
namespace {

struct Case {
  std::string game;
  int players;
};

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const GameEntry& e : games::registry().entries())
    for (int n = e.info.min_players; n <= e.info.max_players; ++n) cases.push_back({e.info.id, n});
  return cases;
}

void PrintTo(const Case& c, std::ostream* out) {
  *out << c.game << " with " << c.players << " players";
}

class Conformance : public ::testing::TestWithParam<Case> {};

TEST_P(Conformance, RandomSimTest) {
  const Case& c = GetParam();
  json params = games::registry().find(c.game)->test_params;
  params["players"] = c.players;
  testing::random_sim_test(games::registry(), c.game, params);
}

// Each game's ParamSpecs agree with what its ParamReader accepts.
TEST(ParamSpecs, AgreeWithWhatEachGameAccepts) {
  for (const GameEntry& e : games::registry().entries()) {
    SCOPED_TRACE(e.info.id);
    testing::param_spec_test(games::registry(), e.info.id);
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<Case>& p) {
                           std::string name =
                               p.param.game + "_" + std::to_string(p.param.players) + "p";
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

// Variant flags (the other reading of an unclear sentence, see each game's doc): the suite again
// with every flag of a game on, at one player count (a cheap one, to keep the sanitizer run short;
// each flag's own tests cover the rest).
struct VariantCase {
  std::string name;
  std::string game;
  json params;
};

void PrintTo(const VariantCase& c, std::ostream* out) {
  *out << c.game << " " << c.params.dump();
}

std::vector<VariantCase> variant_cases() {
  return {
      {"siege_straight_moves", "siege", {{"players", 2}, {"straight_moves", true}}},
      {"conspiracy_spiral_any_number", "conspiracy", {{"players", 3}, {"spiral_any_number", true}}},
      {"culture_wars_every_flag",
       "culture-wars",
       {{"players", 3},
        {"tech_advantage", true},
        {"conflict_stops_at_one_seat", true},
        {"tech_inferior_loses_all_first", true},
        {"setup_tiles_move_again", true},
        {"tokens_restart_reverse_order", true}}}};
}

class ConformanceVariants : public ::testing::TestWithParam<VariantCase> {};

TEST_P(ConformanceVariants, RandomSimTest) {
  const VariantCase& c = GetParam();
  json params = games::registry().find(c.game)->test_params;
  params.update(c.params);
  testing::random_sim_test(games::registry(), c.game, params);
}

INSTANTIATE_TEST_SUITE_P(Flags, ConformanceVariants, ::testing::ValuesIn(variant_cases()),
                         [](const ::testing::TestParamInfo<VariantCase>& p) {
                           return p.param.name;
                         });

}  // namespace
}  // namespace tabletop
