// Conspiracy TCG: the rules of shared/rules/conspiracy-tcg.txt as tests: the offline gazetteer
// placing city-only cards, and uploaded decks named only by the embedding program.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <optional>

#include "core/file.h"
#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/conspiracy_tcg/gazetteer.h"
#include "games/conspiracy_tcg/tcg_test_util.h"
#include "games/games.h"

namespace tabletop::conspiracy_tcg {
namespace {

using namespace test_util;

// ---------------------------------------------------------------------------------------------
// The offline gazetteer (made by `make build`; the tests that need it skip without it).

bool have_gazetteer() {
  return Gazetteer::load(Gazetteer::default_path()) != nullptr;
}

std::shared_ptr<const TcgGame> city_game(json params = json::object()) {
  const std::string path =
      ::testing::TempDir() + "tcg_" + std::to_string(::getpid()) + "_cities.json";
  std::ofstream(path) << R"({"name": "cities", "cards": [
    {"first_name": "Ada", "last_name": "Exact", "phone": "1", "army": "Law",
     "address": "64 Broad St", "city": "Philadelphia", "latitude": 39.9526, "longitude": -75.1652},
    {"first_name": "Dee", "last_name": "Downtown", "phone": "2", "army": "Law",
     "address": "Downtown, PA", "city": "Philadelphia", "country": "USA"},
    {"first_name": "Rey", "last_name": "Kjavik", "phone": "3", "army": "Law",
     "city": "Reykjavik", "country": "Iceland"},
    {"first_name": "Tex", "last_name": "Paris", "phone": "4", "army": "Law",
     "address": "12 Main St, Paris, TX", "city": "Paris", "country": "USA"},
    {"first_name": "Sam", "last_name": "Spring", "phone": "5", "army": "Law",
     "city": "Springfield", "country": "USA"}]})";
  params["players"] = 2;
  params["decks"] = path;
  return std::static_pointer_cast<const TcgGame>(games::registry().make("conspiracy-tcg", params));
}

// Names compare folded as the gazetteer's builder folds its keys (Unicode decomposition without
// diacritics, lower case): a name in capitals with an umlaut finds the city, whatever its case.
TEST(TcgGazetteer, UnicodeNamesFoldAsTheBuilderFolds) {
  EXPECT_EQ(fold_place_name("  ZÜRICH "), "zurich");
  EXPECT_EQ(fold_place_name("Montréal"), "montreal");
  EXPECT_EQ(fold_place_name("ÅLESUND"), "alesund");
  const std::string path =
      ::testing::TempDir() + "tcg_" + std::to_string(::getpid()) + "_folding_gazetteer.tsv";
  std::ofstream(path) << "# test\nC\tCH\tCHE\tswitzerland\n"
                      << "P\tzurich\tZürich\t47.37\t8.54\tCH\t25\n";
  const std::shared_ptr<const Gazetteer> g = Gazetteer::load(path);
  ASSERT_NE(g, nullptr);
  for (const char* spelt : {"ZÜRICH", "Zürich", "zurich", "ZURICH"}) {
    const Gazetteer::Found found = g->find(spelt, {});
    EXPECT_TRUE(found.ok) << spelt << ": " << found.why;
    EXPECT_EQ(found.name, "Zürich") << spelt;
  }
  EXPECT_FALSE(g->find("Zürichberg", {}).ok);
}

TEST(TcgGazetteer, VenueByCityName) {
  if (!have_gazetteer()) GTEST_SKIP() << "no gazetteer: make build installs it";
  auto g = city_game(json{{"venue", "Reykjavik"}});
  EXPECT_NEAR(g->venue_latitude(), 64.14, 0.05);
  EXPECT_NEAR(g->venue_longitude(), -21.9, 0.05);
  // A country or region after a comma settles a name several cities share.
  auto tx = city_game(json{{"venue", "Paris, TX"}});
  EXPECT_NEAR(tx->venue_latitude(), 33.66, 0.05);
  auto fr = city_game(json{{"venue", "Paris, France"}});
  EXPECT_NEAR(fr->venue_longitude(), 2.35, 0.05);
  // May not: an ambiguous name, or an unknown one; both say what is wrong.
  try {
    city_game(json{{"venue", "Paris"}});
    ADD_FAILURE() << "an ambiguous venue was accepted";
  } catch (const BadParams& e) {
    EXPECT_NE(std::string(e.what()).find("ambiguous: Paris ("), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("\"Paris, FR\""), std::string::npos) << e.what();
  }
  EXPECT_THROW(city_game(json{{"venue", "Atlantis Under The Sea"}}), BadParams);
}

TEST(TcgGazetteer, CityOnlyCardIsPlacedAndVagueWhereItMatters) {
  if (!have_gazetteer()) GTEST_SKIP() << "no gazetteer: make build installs it";
  auto g = city_game();
  const auto& k = [&](const char* last) { return g->keys(id(*g, last)); };
  // Reykjavik and Paris (Texas: the card's address names TX) are placed; Springfield (USA) is
  // one of many and stays without a location, which a note says.
  EXPECT_GT(k("Kjavik").distance, 4000);
  EXPECT_NEAR(k("Paris").distance, 2050, 150);
  EXPECT_LT(k("Spring").distance, 0);
  ASSERT_EQ(g->placement_notes().size(), 1u) << g->placement_notes()[0];
  EXPECT_NE(g->placement_notes()[0].find("Springfield"), std::string::npos);
  // "64 Broad St, Philadelphia" beats "Downtown Philadelphia" in either contest (the text), but
  // the downtown card, placed at the city, is nearer than Reykjavik and farther from it.
  EXPECT_EQ(compare(k("Exact"), k("Downtown"), kNear, kNoMode), Outcome::kWin);
  EXPECT_EQ(compare(k("Exact"), k("Downtown"), kFar, kNoMode), Outcome::kWin);
  EXPECT_EQ(compare(k("Downtown"), k("Kjavik"), kNear, kNoMode), Outcome::kWin);
  EXPECT_EQ(compare(k("Downtown"), k("Kjavik"), kFar, kNoMode), Outcome::kLoss);
  EXPECT_EQ(compare(k("Spring"), k("Kjavik"), kNear, kNoMode), Outcome::kLoss);
}

TEST(TcgGazetteer, WithoutTheFileCityOnlyCardsLoseNearAndFarAndSaySo) {
  auto g = city_game(json{{"gazetteer", ::testing::TempDir() + "no-such-gazetteer.tsv"}});
  EXPECT_LT(g->keys(id(*g, "Kjavik")).distance, 0);
  EXPECT_GE(g->keys(id(*g, "Exact")).distance, 0);
  ASSERT_EQ(g->placement_notes().size(), 1u);
  EXPECT_NE(g->placement_notes()[0].find("4 card(s) give only a city"), std::string::npos);
  // A venue by name needs the gazetteer.
  EXPECT_THROW(city_game(json{{"venue", "Reykjavik"},
                              {"gazetteer", ::testing::TempDir() + "no-such-gazetteer.tsv"}}),
               BadParams);
}

// uploaded_decks names only what the embedding program's deck source answers: never a path,
// never a sample deck read by the game, never a file opened (the file-open hook records every
// open), and only the embedding program sets it (a network client's is refused by name). A snapshot
// without a name is shown as "uploaded deck", never by its key.
TEST(TcgUploadedDecks, OnlyTheEmbeddingProgramsSnapshotsAndNeverAPath) {
  const std::string named =
      R"({"name": "my-cards", "cards": [{"first_name": "Ada", "last_name": "Byron",)"
      R"( "occupation": "Librarian", "army": "Education"}]})";
  const std::string nameless =
      R"({"cards": [{"first_name": "Ada", "last_name": "Byron", "army": "Education"}]})";
  set_deck_source([&](const std::string& name) -> std::optional<std::string> {
    if (name == "upload:k1") return named;
    if (name == "upload:k2") return nameless;
    return std::nullopt;
  });
  std::vector<std::string> opened;
  set_file_open_hook([&](const std::string& path) { opened.push_back(path); });
  const auto embedder = ParamOrigin::kEmbedder;
  auto game = std::static_pointer_cast<const TcgGame>(games::registry().make(
      "conspiracy-tcg", json::object(), embedder, json{{"uploaded_decks", "upload:k1,upload:k2"}}));
  EXPECT_EQ(game->deck_name(0), "my-cards");
  EXPECT_EQ(game->deck_name(1), "uploaded deck");
  for (const std::string value :
       {"agency-field-office", "/etc/passwd", "data/decks/agency-field-office.vcf", "../x.vcf"}) {
    try {
      games::registry().make("conspiracy-tcg", json::object(), embedder,
                             json{{"uploaded_decks", "upload:k1," + value}});
      ADD_FAILURE() << value << " accepted";
    } catch (const BadParams& e) {
      EXPECT_NE(std::string(e.what()).find(": no such uploaded deck"), std::string::npos)
          << e.what();
    }
  }
  try {
    games::registry().make("conspiracy-tcg", json{{"uploaded_decks", "upload:nope"}});
    ADD_FAILURE() << "an unknown snapshot accepted";
  } catch (const BadParams& e) {
    EXPECT_NE(std::string(e.what()).find("no such uploaded deck"), std::string::npos) << e.what();
  }
  EXPECT_THROW(games::registry().make("conspiracy-tcg", json{{"uploaded_decks", "upload:k1"}},
                                      ParamOrigin::kNetwork),
               BadParams);
  set_file_open_hook(nullptr);
  set_deck_source(nullptr);
  EXPECT_TRUE(opened.empty()) << opened.size() << " opened, the first " << opened[0];
}

}  // namespace
}  // namespace tabletop::conspiracy_tcg
