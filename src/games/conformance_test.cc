// The shared conformance suite on every registered game, at every player count it supports.
#include "testing/conformance.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/file.h"
#include "games/conspiracy_tcg/gazetteer.h"
#include "games/games.h"
#include "testing/episode_check.h"

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

// The learning contract's dynamic part (testing/episode_check.h): explicit chance nodes, their
// probabilities against sampling, undo, and explicit chance agreeing with scripted chance.
TEST_P(Conformance, ExplicitChanceAndUndo) {
  const Case& c = GetParam();
  json params = games::registry().find(c.game)->test_params;
  params["players"] = c.players;
  testing::episode_test(games::registry(), c.game, params, 3);
}

// Every game supplies the learning contract (core/game.h, "For learning"): an action space,
// tensors, a maximum length; the rest of the suite checks what they hold.
TEST(Learning, EveryGameSuppliesActionsTensorsAndLength) {
  for (const GameEntry& e : games::registry().entries()) {
    std::shared_ptr<const Game> game = games::registry().make(e.info.id, e.test_params);
    EXPECT_GT(game->num_distinct_actions(), 0) << e.info.id << ": no action space";
    EXPECT_FALSE(game->observation_tensor_shape().empty()) << e.info.id << ": no tensor";
    EXPECT_GT(game->max_game_length(), 0) << e.info.id << ": no maximum length";
    if (e.info.has_chance) {
      EXPECT_GT(game->max_chance_outcomes(), 0) << e.info.id;
    }
  }
}

// Both tensors check their buffer once, in core (State::observation_tensor): a buffer one entry
// short or long is refused with an Error naming the game and both sizes, and nothing is written.
TEST(Learning, ATensorBufferOfTheWrongSizeIsRefusedNamingBothSizes) {
  for (const GameEntry& e : games::registry().entries()) {
    std::shared_ptr<const Game> game = games::registry().make(e.info.id, e.test_params);
    const std::unique_ptr<State> state = game->new_initial_state(1);
    for (bool information : {false, true}) {
      std::size_t size = 1;
      for (int d :
           information ? game->information_state_tensor_shape() : game->observation_tensor_shape())
        size *= std::size_t(d);
      for (std::size_t wrong : {size - 1, size + 1}) {
        std::vector<float> out(wrong, 7.0f);
        try {
          if (information)
            state->information_state_tensor(0, out);
          else
            state->observation_tensor(0, out);
          ADD_FAILURE() << e.info.id << ": a buffer of " << wrong << " accepted";
        } catch (const Error& error) {
          const std::string what = error.what();
          EXPECT_NE(what.find(e.info.id), std::string::npos) << what;
          EXPECT_NE(what.find(std::to_string(size) + " entries, not " + std::to_string(wrong)),
                    std::string::npos)
              << what;
        }
        EXPECT_EQ(std::count(out.begin(), out.end(), 7.0f), std::ptrdiff_t(wrong)) << e.info.id;
      }
    }
  }
}

// Each game's ParamSpecs agree with what its ParamReader accepts.
TEST(ParamSpecs, AgreeWithWhatEachGameAccepts) {
  for (const GameEntry& e : games::registry().entries()) {
    SCOPED_TRACE(e.info.id);
    testing::param_spec_test(games::registry(), e.info.id);
  }
}

// No path from the network, by construction: every parameter of every game, given path-like
// values from the network (and, for the embedding program's own parameters, from the embedding
// program), is either a clear BadParams that tells nothing of the file system or a value that
// names no file, and no file is ever opened (the file-open hook fails the test). The operator's
// gazetteer is read first, as `tabletop serve` reads it at its start.
TEST(NetworkParams, NoParameterFromTheNetworkOpensAFile) {
  try {
    conspiracy_tcg::Gazetteer::load(conspiracy_tcg::Gazetteer::default_path());
  } catch (const std::exception&) {
  }
  std::vector<std::string> opened;
  set_file_open_hook([&](const std::string& path) { opened.push_back(path); });
  const std::vector<std::string> values = {"/etc/passwd",
                                           "../x",
                                           "data/decks/x.json",
                                           "data/decks/agency-field-office.vcf",
                                           "data/gazetteer/gazetteer.tsv",
                                           "/dev/zero",
                                           "/",
                                           "~/.ssh/id_rsa",
                                           "file:///etc/passwd",
                                           "upload:0123456789abcdef0123456789abcdef",
                                           "upload:../../etc/passwd",
                                           "agency-field-office",
                                           "agency-field-office,/etc/passwd",
                                           "Paris, FR",
                                           "word-by-word",
                                           "39.9526,-75.1652",
                                           "/etc/passwd,Paris"};
  // What an answer must not say: whether a file exists, is a directory, a device, too large.
  const std::vector<std::string> file_facts = {"No such file", "not a regular file", "directory",
                                               "larger than",  "Permission denied",  "root:"};
  int refused = 0, accepted = 0;
  for (const GameEntry& e : games::registry().entries()) {
    for (const ParamSpec& spec : e.params) {
      for (const std::string& value : values) {
        for (const ParamOrigin origin : {ParamOrigin::kNetwork, ParamOrigin::kEmbedder}) {
          const bool network = origin == ParamOrigin::kNetwork;
          const std::string where = e.info.id + " " + spec.name + "=" + value +
                                    (network ? " from the network" : " from the embedder");
          try {
            const auto game = games::registry().make(e.info.id, json{{spec.name, value}}, origin);
            ++accepted;
            // Accepted: only a parameter anyone may set, that names no file.
            EXPECT_EQ(spec.who_sets(), network ? ParamSpec::Setter::kAnyone : spec.who_sets())
                << where;
            EXPECT_NE(spec.type, ParamSpec::Type::kFile) << where;
          } catch (const BadParams& error) {
            ++refused;
            const std::string why = error.what();
            EXPECT_NE(why.find(spec.name), std::string::npos) << where << ": " << why;
            for (const std::string& fact : file_facts)
              EXPECT_EQ(why.find(fact), std::string::npos) << where << ": " << why;
          }
        }
      }
    }
  }
  set_file_open_hook(nullptr);
  EXPECT_TRUE(opened.empty()) << "opened " << opened.size() << " files, the first "
                              << (opened.empty() ? "" : opened[0]);
  EXPECT_GT(refused, 0);
  EXPECT_GT(accepted, 0);
  // The same values from the command line do read files (the hook sees them): the walk above
  // would have seen an open.
  set_file_open_hook([&](const std::string& path) { opened.push_back(path); });
  EXPECT_THROW(games::registry().make("conspiracy-tcg", json{{"decks", "/no/such/deck.vcf"}}),
               BadParams);
  set_file_open_hook(nullptr);
  ASSERT_EQ(opened.size(), 1u);
  EXPECT_EQ(opened[0], "/no/such/deck.vcf");
}

// Each game's places, as its doc's "Places" section lists them, from its notation: steps in
// sequence, the places of one step in any order.
TEST(MovePlaces, AsEachDocListsThem) {
  using Places = MovePlaces;
  auto places = [](const std::string& game, const std::string& move, json params = {}) {
    auto state = games::registry().make(game, params)->new_initial_state(1);
    return state->move_places(state->parse_move(move));
  };
  EXPECT_EQ(places("relativity", "e3#d3"), (Places{{"d3", "e3"}}));
  EXPECT_EQ(places("siege", "3:c3-c5xd5"), (Places{{"c3"}, {"c5"}, {"d5"}}));
  EXPECT_EQ(places("siege", "3:c3-c5"), (Places{{"c3"}, {"c5"}}));
  EXPECT_EQ(places("siege", "0:c3xd3"), (Places{{"c3"}, {"d3"}}));
  EXPECT_EQ(places("siege", "2:g7-NE"), (Places{{"g7"}, {"NE"}}));
  EXPECT_EQ(places("siege", "end"), Places{});
  EXPECT_EQ(places("culture-wars", "tile:m15-g21"), (Places{{"m15"}, {"g21"}}));
  EXPECT_EQ(places("culture-wars", "3k12-k13"), (Places{{"k12"}, {"k13"}}));
  EXPECT_EQ(places("culture-wars", "settle:k12=a"), Places{{"k12"}});
  EXPECT_EQ(places("culture-wars", "token:k12"), Places{{"k12"}});
  EXPECT_EQ(places("culture-wars", "done"), Places{});
  EXPECT_EQ(places("conspiracy", "c5 ne"), Places{{"c5"}});
  EXPECT_EQ(places("conspiracy", "reveal c5 pay C2 to 3"),
            (Places{{"c5"}, {"hand-C2"}, {"seat-3"}}));
  EXPECT_EQ(places("conspiracy", "reveal M2 pay C2 to 3"),
            (Places{{"M2"}, {"hand-C2"}, {"seat-3"}}));
  EXPECT_EQ(places("conspiracy", "tile A4 M2"), Places{{"M2"}});
  EXPECT_EQ(places("conspiracy", "mark M"), Places{{"MP"}});
  EXPECT_EQ(places("conspiracy", "place C3"), Places{{"hand-C3"}});
  EXPECT_EQ(places("conspiracy", "attack C3 pay C2 to 1"),
            (Places{{"hand-C3"}, {"hand-C2"}, {"seat-1"}}));
  const json tcg3 = {{"players", 3}};
  EXPECT_EQ(places("conspiracy-tcg", "deploy @17 new", tcg3), (Places{{"@17"}, {"new"}}));
  EXPECT_EQ(places("conspiracy-tcg", "deploy @17 back c2 hack 1", tcg3),
            (Places{{"@17"}, {"back c2"}}));
  EXPECT_EQ(places("conspiracy-tcg", "attack @17 1+2 onslaught @9", tcg3),
            (Places{{"@17"}, {"seat 1", "seat 2"}}));
  EXPECT_EQ(places("conspiracy-tcg", "pro bomb @5 @40 @41", tcg3),
            (Places{{"@5"}, {"@40", "@41"}}));
  EXPECT_EQ(places("conspiracy-tcg", "allow", tcg3), Places{});
  // The board places a client may draw: Siege's depend on the player count.
  EXPECT_EQ(games::registry().make("siege", {{"players", 4}})->board_places().size(), 36u);
  EXPECT_EQ(games::registry().make("siege", {{"players", 2}})->board_places().size(), 26u);
  EXPECT_EQ(games::registry().make("relativity")->board_places().size(), 24u);
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
        {"setup_tiles_move_once", true},
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
