// Card-game deck uploads' limits and lifetime (deck_routes.h): the size cap is serve's
// --deck-max-bytes and its 413 names it (also past the 64 KiB every other request has), the
// per-address deck rate answers 429, and the sweeper removes the decks nobody touched that no
// running match plays, keeping the snapshots matches name.
#include <gtest/gtest.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iterator>
#include <thread>

#include "games/games.h"
#include "server/deck_routes.h"
#include "server/server.h"
#include "testing/client.h"

namespace tabletop::server {
namespace {

std::string test_deck(const std::string& file) {
  std::ifstream in(std::string(TABLETOP_TEST_DECKS) + "/" + file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

std::unique_ptr<Server> start(const std::string& name, ServerOptions o) {
  o.port = 0;
  o.db = fresh_test_db("tabletop_deck_test", name);
  o.network_threads = 1;
  o.computer_threads = 1;
  o.matches_per_minute = 0;
  o.http_requests_per_second = 0;
  return std::make_unique<Server>(games::registry(), o);
}

// `count` cards of the shape Google Contacts writes, each annotated: a deck of about 200 bytes a
// card, and `note` bytes more in each card's NOTE.
std::string generated_vcf(int count, std::size_t note = 0) {
  std::string out;
  for (int i = 0; i < count; ++i)
    out += "BEGIN:VCARD\r\nVERSION:3.0\r\n" +
           (note ? "NOTE:" + std::string(note, 'n') + "\r\n" : std::string()) + "FN:Agent " +
           std::to_string(i) + "\r\nN:" + std::to_string(i) + ";Agent;;;\r\nTEL:+1-215-555-" +
           std::to_string(1000 + i) +
           "\r\nTITLE:Librarian\r\nADR;TYPE=WORK:;;1 Main Street;Philadelphia;PA;;USA\r\n"
           "X-TABLETOP-ARMY:Education\r\nEND:VCARD\r\n";
  return out;
}

TEST(DeckLimits, TheSizeCapIsTheFlagAndItsAnswerNamesIt) {
  ServerOptions o;
  o.deck_max_bytes = 4096;
  auto server = start("small", o);
  const std::string small = generated_vcf(3);
  ASSERT_LT(small.size(), 4096u);
  EXPECT_EQ(http_request(server->port(), "POST", "/api/decks", small).status, 201);
  // Over the cap, within the 64 KiB of other requests: the route's answer.
  HttpReply over = http_request(server->port(), "POST", "/api/decks", generated_vcf(40));
  EXPECT_EQ(over.status, 413);
  EXPECT_EQ(
      over.parsed()["error"].get<std::string>().rfind("a deck is at most 4096 bytes (4 KiB, "
                                                      "serve --deck-max-bytes); this one has ",
                                                      0),
      0u)
      << over.body;
  // Past 64 KiB: refused from its Content-Length by the connection, with the same words.
  HttpReply huge = http_request(server->port(), "POST", "/api/decks?name=x", generated_vcf(600));
  EXPECT_EQ(huge.status, 413);
  EXPECT_NE(huge.body.find("a deck is at most 4096 bytes"), std::string::npos) << huge.body;
  // Any other request keeps its own limit.
  HttpReply other = http_request(server->port(), "POST", "/api/matches", std::string(70000, ' '));
  EXPECT_EQ(other.status, 413);
  EXPECT_NE(other.body.find("64 KiB"), std::string::npos) << other.body;
}

TEST(DeckLimits, ADeckLargerThanOtherRequestsLoadsWhenTheFlagAllowsIt) {
  ServerOptions o;
  o.deck_max_bytes = 256 * 1024;
  auto server = start("large", o);
  const std::string vcf = generated_vcf(150, 500);  // within the card cap, past 64 KiB
  ASSERT_GT(vcf.size(), 64u * 1024);
  HttpReply up = http_request(server->port(), "POST", "/api/decks", vcf);
  ASSERT_EQ(up.status, 201) << up.body.substr(0, 300);
  EXPECT_EQ(up.parsed()["deck"]["cards"].size(), 150u);
  EXPECT_TRUE(up.parsed()["deck"]["playable"].get<bool>());
  // A non-deck request is still held to 64 KiB.
  EXPECT_EQ(http_request(server->port(), "POST", "/api/matches", std::string(70000, ' ')).status,
            413);
}

TEST(DeckLimits, NewDecksPerAddressAnHourAre429PastTheFlag) {
  ServerOptions o;
  o.decks_per_hour = 2;
  auto server = start("rate", o);
  const std::string vcf = generated_vcf(2);
  EXPECT_EQ(http_request(server->port(), "POST", "/api/decks", vcf).status, 201);
  EXPECT_EQ(http_request(server->port(), "POST", "/api/decks", vcf).status, 201);
  HttpReply third = http_request(server->port(), "POST", "/api/decks", vcf);
  EXPECT_EQ(third.status, 429);
  EXPECT_NE(third.body.find("too many new decks from your address: at most 2 an hour"),
            std::string::npos)
      << third.body;
  EXPECT_NE(third.body.find("--deck-rate"), std::string::npos);
  EXPECT_GE(std::stoi(third.retry_after), 1);
  // Reading decks is not limited by it.
  EXPECT_EQ(http_request(server->port(), "GET", "/api/decks").status, 200);
}

TEST(DeckLifetime, AnUntouchedDeckIsRemovedAndADeckARunningMatchPlaysIsKept) {
  ServerOptions o;
  o.deck_expiry_s = 1;      // swept every quarter second
  o.decks_per_hour = 1000;  // room for the retries below
  auto server = start("expiry", o);
  const unsigned short port = server->port();
  // The played deck first: its last touch (the match's creation) is before the other's upload.
  // On a loaded machine the second between the upload and the match's creation can run out, and
  // the deck is then rightly gone: upload it again and retry (no time is assumed).
  std::string played_id;
  HttpReply match;
  for (int attempt = 0; attempt < 100; ++attempt) {
    HttpReply played = http_request(port, "POST", "/api/decks", generated_vcf(8));
    ASSERT_EQ(played.status, 201);
    played_id = played.parsed()["id"];
    match = http_request(port, "POST", "/api/matches",
                         json{{"game", "conspiracy-tcg"},
                              {"decks", {played_id, "agency-field-office"}},
                              {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}
                             .dump());
    if (match.status != 400 || match.body.find("no deck ") == std::string::npos) break;
  }
  ASSERT_EQ(match.status, 201) << match.body;
  HttpReply idle = http_request(port, "POST", "/api/decks", test_deck("apple-contacts.vcf"));
  ASSERT_EQ(idle.status, 201);
  const std::string idle_id = idle.parsed()["id"];
  // Nobody touches either; the idle one goes (no time is asserted: only that it happens).
  Store& store = server->lobby().store();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (store.decks().load_deck(idle_id) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(store.decks().load_deck(idle_id).has_value())
      << "the untouched deck was not removed";
  EXPECT_EQ(http_request(port, "GET", "/api/decks/" + idle_id).status, 404);
  // Untouched for longer than the idle one, but a running match plays it.
  EXPECT_TRUE(store.decks().load_deck(played_id).has_value());
  // The match still has its deck (its snapshot), as after a restart.
  const std::string uploaded =
      store.matches().load(match.parsed()["id"].get<std::string>())->params["uploaded_decks"];
  ASSERT_TRUE(uploaded.starts_with("upload:"));
  EXPECT_TRUE(store.decks().load_deck_snapshot(uploaded.substr(7, 32)).has_value());
}

// A stored match names its sample decks by name in uploaded_decks: it loads from the database
// (the server's deck source answers a sample's name), and its summary shows no uploaded_decks.
TEST(DeckLifetime, AStoredMatchOfSampleDecksLoadsFromTheirNames) {
  auto server = start("legacy", ServerOptions{});
  StoredMatch m;
  m.id = "0123456789abcdef";
  m.game = "conspiracy-tcg";
  m.params = games::registry().make("conspiracy-tcg", {{"players", 2}})->params();
  m.params["uploaded_decks"] = "agency-field-office,reptilian-nest";
  m.seed = 7;
  m.seats = json::array({{{"kind", "human"}}, {{"kind", "human"}}});
  m.created_at = std::time(nullptr);
  server->lobby().store().matches().create(m);
  const HttpReply r = http_request(server->port(), "GET", "/api/matches/" + m.id);
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.body.find("uploaded_decks"), std::string::npos) << r.body;
  EXPECT_EQ(http_request(server->port(), "GET", "/api/matches").status, 200);
}

// The uploader's owner_key deletes a deck (403 without it, or with another); a match made with the
// deck before keeps playing its snapshot.
TEST(DeckOwners, OnlyTheOwnersKeyDeletesADeckAndMatchesKeepTheirSnapshot) {
  auto server = start("owner", ServerOptions{});
  const unsigned short port = server->port();
  HttpReply up = http_request(port, "POST", "/api/decks", generated_vcf(8));
  ASSERT_EQ(up.status, 201) << up.body;
  const std::string id = up.parsed()["id"], key = up.parsed()["owner_key"];
  const HttpReply other = http_request(port, "POST", "/api/decks", generated_vcf(8));
  const std::string other_key = other.parsed()["owner_key"];
  const HttpReply match = http_request(port, "POST", "/api/matches",
                                       json{{"game", "conspiracy-tcg"},
                                            {"decks", {id, "agency-field-office"}},
                                            {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}
                                           .dump());
  ASSERT_EQ(match.status, 201) << match.body;
  // Neither GET answer shows the key again.
  EXPECT_EQ(http_request(port, "GET", "/api/decks/" + id).body.find(key), std::string::npos);
  for (const auto& headers : std::vector<std::vector<std::pair<std::string, std::string>>>{
           {},
           {{"Authorization", "Bearer " + other_key}},
           {{"Authorization", key}},
           {{"Authorization", "Bearer " + std::string(32, '0')}}}) {
    const HttpReply refused = http_request(port, "DELETE", "/api/decks/" + id, "", headers);
    EXPECT_EQ(refused.status, 403) << refused.body;
    EXPECT_NE(refused.parsed().value("error", "").find("owner_key"), std::string::npos)
        << refused.body;
  }
  EXPECT_EQ(http_request(port, "GET", "/api/decks/" + id).status, 200);
  const HttpReply deleted =
      http_request(port, "DELETE", "/api/decks/" + id, "", {{"Authorization", "Bearer " + key}});
  EXPECT_EQ(deleted.status, 204) << deleted.body;
  EXPECT_EQ(http_request(port, "GET", "/api/decks/" + id).status, 404);
  EXPECT_EQ(http_request(port, "GET", "/api/decks/" + id + ".json").status, 404);
  EXPECT_EQ(
      http_request(port, "DELETE", "/api/decks/" + id, "", {{"Authorization", "Bearer " + key}})
          .status,
      404);
  // The match made before plays on with its snapshot; a new one cannot name the deck.
  WsClient c(port);
  c.send({{"type", "hello"},
          {"match", match.parsed()["id"]},
          {"tokens", {match.parsed()["seats"][0]["token"]}}});
  EXPECT_TRUE(c.receive_type("state").has_value());
  EXPECT_EQ(http_request(port, "POST", "/api/matches",
                         json{{"game", "conspiracy-tcg"},
                              {"decks", {id, "agency-field-office"}},
                              {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}
                             .dump())
                .status,
            400);
}

// A deck is checked once, at the upload, and stored checked: GET answers the stored check (the
// same JSON), and an annotation stores the new check.
TEST(DeckLimits, ADeckIsStoredCheckedAndHasACardCap) {
  auto server = start("checked", ServerOptions{});
  const unsigned short port = server->port();
  Store& store = server->lobby().store();
  HttpReply up = http_request(port, "POST", "/api/decks", generated_vcf(12));
  ASSERT_EQ(up.status, 201) << up.body;
  const std::string id = up.parsed()["id"];
  const std::optional<StoredDeck> stored = store.decks().load_deck(id);
  ASSERT_TRUE(stored.has_value());
  ASSERT_FALSE(stored->checked.empty());
  EXPECT_EQ(json::parse(stored->checked), up.parsed()["deck"]);
  EXPECT_EQ(http_request(port, "GET", "/api/decks/" + id).parsed()["deck"], up.parsed()["deck"]);
  const HttpReply patched = http_request(port, "PATCH", "/api/decks/" + id,
                                         json{{"card", 0}, {"army", "Animals"}}.dump());
  ASSERT_EQ(patched.status, 200) << patched.body;
  EXPECT_EQ(json::parse(store.decks().load_deck(id)->checked)["cards"][0]["army"], "Animals");
  EXPECT_EQ(http_request(port, "GET", "/api/decks/" + id + ".json").parsed()["cards"][0]["army"],
            "Animals");
  // The card cap: the rules suggest 40 to 60; 160 are taken (what the game deals), 161 are not.
  EXPECT_EQ(http_request(port, "POST", "/api/decks", generated_vcf(160)).status, 201);
  const HttpReply big = http_request(port, "POST", "/api/decks", generated_vcf(161));
  EXPECT_EQ(big.status, 400);
  EXPECT_NE(big.parsed().value("error", "").find("at most 160 cards"), std::string::npos)
      << big.body;
}

// Names from an upload reach boards, logs and terminals: control characters (ESC), C1 controls,
// bidirectional overrides and noncharacters are removed from every card field and the deck's
// name, and the deck's warnings say so.
TEST(DeckNames, ControlAndBidirectionalCharactersAreRemoved) {
  auto server = start("names", ServerOptions{});
  const unsigned short port = server->port();
  const json deck = {{"name", "evil\u202Ename\u0007"},
                     {"cards",
                      {{{"first_name", "Mal\u202Eory"},
                        {"last_name", "Esc\u001b[2J\u009b31m"},
                        {"organisation", "Bad\uFFFFCo\u2066"},
                        {"phone", "+1-215-555-0100"},
                        {"occupation", "Librarian"},
                        {"army", "Education"}}}}};
  const HttpReply up = http_request(port, "POST", "/api/decks?name=e%1B%5Bvil", deck.dump());
  ASSERT_EQ(up.status, 201) << up.body;
  for (const HttpReply& r :
       {up, http_request(port, "GET", "/api/decks/" + up.parsed()["id"].get<std::string>())}) {
    const json card = r.parsed()["deck"]["cards"][0];
    EXPECT_EQ(card["first_name"], "Malory");
    EXPECT_EQ(card["last_name"], "Esc[2J31m");
    EXPECT_EQ(card["organisation"], "BadCo");
    for (const std::string bad : {"\u202e", "\u001b", "\u0007", "\u009b", "\xE2\x80\xAE",
                                  "\xC2\x9B", "\xEF\xBF\xBF", "\xE2\x81\xA6", "\x1b"})
      EXPECT_EQ(r.body.find(bad), std::string::npos) << bad;
    EXPECT_NE(r.body.find("U+202E in the name"), std::string::npos) << r.body;
  }
}

}  // namespace
}  // namespace tabletop::server
