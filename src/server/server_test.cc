// API tests: a real server in-process on a free port, spoken to over HTTP and WebSocket.
#include "server/server.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/error.hpp>
#include <boost/system/system_error.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <thread>

#include "ai/advice.h"
#include "core/howto_positions.h"
#include "core/ppn.h"
#include "core/record.h"
#include "games/games.h"
#include "server/catalog.h"
#include "server/deck_routes.h"
#include "server/store.h"
#include "testing/client.h"
#include "testing/test_server.h"

namespace tabletop::server {
namespace {

namespace fs = std::filesystem;

std::string temp_db(const std::string& name) {
  return fresh_test_db("tabletop_server_test", name);
}

// A server for tests; the rate limit is raised (tests play faster than people) except where
// `rate` is given.
// The HTTP limit per address is off unless `http_rate` is given.
std::unique_ptr<Server> start(const std::string& db, double rate = 100000, double http_rate = 0,
                              double http_burst = 1) {
  ServerOptions o = test_server_options(db);
  o.http_requests_per_second = http_rate;
  o.http_burst = http_burst;
  o.messages_per_second = rate;
  return std::make_unique<Server>(games::registry(), o);
}

json post(unsigned short port, const std::string& target, const json& body, int expect) {
  HttpReply r = http_request(port, "POST", target, body.dump());
  EXPECT_EQ(r.status, expect) << r.body;
  return r.parsed();
}

// The summary of match `id` once its computers have finished it (polled for up to a minute), or
// the last one seen.
json summary_once_finished(unsigned short port, const std::string& id) {
  json summary;
  for (int i = 0; i < 600; ++i) {
    summary = http_request(port, "GET", "/api/matches/" + id).parsed();
    if (summary["status"] == "finished") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return summary;
}

// GET /api/matches/ID/analysis until it is no longer "working" (two minutes at most).
json analysis_once_done(unsigned short port, const std::string& id) {
  json analysis;
  for (int i = 0; i < 1200; ++i) {
    HttpReply r = http_request(port, "GET", "/api/matches/" + id + "/analysis");
    EXPECT_EQ(r.status, 200) << r.body;
    analysis = r.parsed();
    if (analysis["status"] != "working") break;
    EXPECT_LE(analysis["done"].get<int>(), analysis["of"].get<int>());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return analysis;
}

// The first legal move of the one view that has any, with its seat.
std::pair<int, std::string> a_legal_move(const json& state, std::mt19937& rng) {
  for (const json& v : state["views"])
    if (!v["legal"].empty()) {
      const json& legal = v["legal"];
      return {v["seat"].get<int>(), legal[rng() % legal.size()]["move"].get<std::string>()};
    }
  return {-1, ""};
}

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = temp_db(::testing::UnitTest::GetInstance()->current_test_info()->name());
    server_ = start(db_);
    port_ = server_->port();
  }
  std::string db_;
  std::unique_ptr<Server> server_;
  unsigned short port_ = 0;
};

TEST_F(ServerTest, GamesListsEveryGameWithParametersAndStrengths) {
  HttpReply r = http_request(port_, "GET", "/api/games");
  ASSERT_EQ(r.status, 200);
  const json games = r.parsed();
  ASSERT_EQ(games.size(), games::registry().entries().size());
  for (const json& g : games) {
    const GameEntry* entry = games::registry().find(g["id"]);
    ASSERT_NE(entry, nullptr);
    // Every parameter a client may set (none naming a file, none the server sets), in order.
    std::vector<json> listed;
    for (const ParamSpec& p : entry->params)
      if (p.who_sets() == ParamSpec::Setter::kAnyone) listed.push_back(p.to_json());
    ASSERT_EQ(g["params"].size(), listed.size());
    for (std::size_t i = 0; i < listed.size(); ++i) EXPECT_EQ(g["params"][i], listed[i]);
    for (const json& p : g["params"]) {
      EXPECT_TRUE(p.contains("type") && p.contains("default") && p.contains("kind"));
      if (p["kind"] == "players") {
        EXPECT_EQ(p["min"], g["min_players"]);
        EXPECT_EQ(p["max"], g["max_players"]);
      }
    }
    EXPECT_EQ(g["strengths"].size(), 4u);
    // Per count, whether the lobby seats each level there (catalog.h's offered_levels).
    for (int n = entry->info.min_players; n <= entry->info.max_players; ++n) {
      json offered = json::array();
      for (const json& level : g["strengths"])
        if (level["offered"][std::to_string(n)].get<bool>()) offered.push_back(level["name"]);
      EXPECT_EQ(offered, json(offered_levels(entry->info.id, n))) << entry->info.id << " " << n;
    }
    // How to play (issue 25): the text and where the full rules come from, for the lobby.
    EXPECT_EQ(g["how_to_play"], entry->how_to_play);
    EXPECT_NE(g["how_to_play"].get<std::string>().find("## What wins"), std::string::npos);
    EXPECT_EQ(g["rules_source"]["title"], entry->rules_source.title);
    EXPECT_TRUE(g["rules_source"]["shareable"].is_boolean());
    EXPECT_TRUE(g["rules_source"]["licence_url"].is_string());
    // Each position block of the how-to, as a spectator sees it there (core/howto_positions.h).
    const std::vector<howto::Position> blocks = howto::parse_positions(entry->how_to_play);
    ASSERT_TRUE(g["how_to_positions"].is_array());
    ASSERT_EQ(g["how_to_positions"].size(), blocks.size());
    ASSERT_FALSE(blocks.empty());
    EXPECT_EQ(g["how_to_positions"][0],
              howto::play_position(*entry, blocks[0]).picture->observation(kSpectator));
    for (const json& view : g["how_to_positions"]) EXPECT_TRUE(view.is_object());
  }
}

TEST_F(ServerTest, BadRequestsAreClearJsonErrors) {
  auto error_of = [&](const std::string& method, const std::string& target, const std::string& body,
                      int status) {
    HttpReply r = http_request(port_, method, target, body);
    EXPECT_EQ(r.status, status) << target << " " << r.body;
    const json j = r.parsed();
    EXPECT_TRUE(j.is_object() && j.contains("error")) << r.body;
    return j.value("error", "");
  };
  EXPECT_NE(error_of("GET", "/api/nothing", "", 404).find("no route"), std::string::npos);
  EXPECT_NE(error_of("DELETE", "/api/games", "", 405).find("not allowed"), std::string::npos);
  EXPECT_NE(error_of("POST", "/api/matches", "{\"game\":", 400).find("malformed JSON"),
            std::string::npos);
  EXPECT_NE(error_of("POST", "/api/matches", std::string(100, '[') + std::string(100, ']'), 400)
                .find("deeper than"),
            std::string::npos);
  EXPECT_NE(error_of("POST", "/api/matches", std::string(70000, ' '), 413).find("too large"),
            std::string::npos);
  EXPECT_NE(error_of("POST", "/api/matches", R"({"game":"chess","seats":[{"kind":"human"}]})", 400)
                .find("unknown game"),
            std::string::npos);
  EXPECT_NE(
      error_of(
          "POST", "/api/matches",
          R"({"game":"relativity","seats":[{"kind":"human"},{"kind":"computer","strength":"godlike"}]})",
          400)
          .find("unknown strength"),
      std::string::npos);
  // A level the lobby does not offer at the match's count (catalog.h: expert where it was not
  // measured stronger than hard) is refused by name, with the game and the count.
  for (const GameEntry& e : games::registry().entries())
    for (int n = e.info.min_players; n <= e.info.max_players; ++n) {
      const std::vector<std::string> offered = offered_levels(e.info.id, n);
      if (std::find(offered.begin(), offered.end(), "expert") != offered.end()) continue;
      json seats = json::array({{{"kind", "human"}}});
      for (int i = 1; i < n; ++i) seats.push_back({{"kind", "computer"}, {"strength", "hard"}});
      seats[n - 1]["strength"] = "expert";
      const std::string refused =
          error_of("POST", "/api/matches", json{{"game", e.info.id}, {"seats", seats}}.dump(), 400);
      SCOPED_TRACE(refused);
      EXPECT_NE(
          refused.find("seat " + std::to_string(n - 1) + ": strength 'expert' is not offered"),
          std::string::npos);
      EXPECT_NE(
          refused.find(e.info.name + " (" + e.info.id + ") at " + std::to_string(n) + " players"),
          std::string::npos);
    }
  EXPECT_NE(
      error_of("POST", "/api/matches", R"({"game":"relativity","seats":[{"kind":"human"}]})", 400)
          .find("players"),
      std::string::npos);
  EXPECT_NE(error_of("GET", "/api/matches/0123456789abcdef", "", 404).find("no match"),
            std::string::npos);
  EXPECT_NE(error_of("GET", "/api/matches?status=lost", "", 400).find("status"), std::string::npos);
  // The server is unharmed.
  EXPECT_EQ(http_request(port_, "GET", "/api/games").status, 200);
}

TEST_F(ServerTest, SeatsTokensAndTheMoveProtocol) {
  const json created =
      post(port_, "/api/matches",
           {{"game", "relativity"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}, 201);
  const std::string id = created["id"];
  const std::string t0 = created["seats"][0]["token"], t1 = created["seats"][1]["token"];
  EXPECT_EQ(t0.size(), 32u);
  EXPECT_NE(t0, t1);
  EXPECT_EQ(created["seats"][0]["join_url"], "/match/" + id + "?seat=0#token=" + t0);

  WsClient bad(port_);
  bad.send({{"type", "hello"}, {"match", id}, {"tokens", {std::string(32, '0')}}});
  auto err = bad.receive();
  ASSERT_TRUE(err);
  EXPECT_EQ((*err)["type"], "error");
  EXPECT_NE((*err)["message"].get<std::string>().find("matches no seat"), std::string::npos);
  bad.send({{"type", "move"}, {"seat", 0}, {"seq", 0}, {"move", "a1#a2"}});
  EXPECT_EQ(bad.receive()->at("message"), "send hello first");

  WsClient p0(port_), p1(port_), watcher(port_);
  json s0 = p0.hello(id, {t0});
  json s1 = p1.hello(id, {t1});
  json sw = watcher.hello(id, {});
  ASSERT_EQ(s0["views"].size(), 1u);
  EXPECT_EQ(s0["views"][0]["seat"], 0);
  EXPECT_EQ(sw["views"][0]["seat"], -1);
  EXPECT_TRUE(sw["views"][0]["legal"].empty());
  const int first = s0["to_move"];
  WsClient& mover = first == 0 ? p0 : p1;
  WsClient& other = first == 0 ? p1 : p0;
  json mover_state = first == 0 ? s0 : p1.hello(id, {t1});
  ASSERT_FALSE(mover_state["views"][0]["legal"].empty());
  // Relativity's swap d3#e3 touches d3 and e3, in one step: clicked in either order.
  for (const json& l : mover_state["views"][0]["legal"]) {
    const std::string text = l["move"];
    EXPECT_EQ(l["places"], json({text.substr(0, 2), text.substr(3, 2)})) << text;
    EXPECT_EQ(l["steps"], json({2})) << text;
  }
  EXPECT_FALSE(mover_state["match"]["board_places"].empty());
  const std::string move = mover_state["views"][0]["legal"][0]["move"];

  auto reject_reason = [](WsClient& c) {
    auto r = c.receive_type("reject");
    return r ? (*r)["reason"].get<std::string>() : std::string("(no reject)");
  };
  other.send({{"type", "move"}, {"seat", 1 - first}, {"seq", 0}, {"move", move}});
  EXPECT_NE(reject_reason(other).find("out of turn"), std::string::npos);
  other.send({{"type", "move"}, {"seat", first}, {"seq", 0}, {"move", move}});
  EXPECT_NE(reject_reason(other).find("you do not hold seat"), std::string::npos);
  watcher.send({{"type", "move"}, {"seat", first}, {"seq", 0}, {"move", move}});
  EXPECT_NE(reject_reason(watcher).find("you do not hold seat"), std::string::npos);
  mover.send({{"type", "move"}, {"seat", first}, {"seq", 5}, {"move", move}});
  EXPECT_NE(reject_reason(mover).find("stale"), std::string::npos);
  mover.send({{"type", "move"}, {"seat", first}, {"seq", 0}, {"move", "zz#zz"}});
  EXPECT_FALSE(reject_reason(mover).empty());
  mover.send({{"type", "move"}, {"seat", first}, {"seq", 0}, {"move", "a1#a1"}});
  EXPECT_FALSE(reject_reason(mover).empty());
  mover.send({{"type", "move"}, {"seat", first}, {"seq", 0}, {"move", move}});
  auto ack = mover.receive_type("ack");
  ASSERT_TRUE(ack);
  EXPECT_EQ((*ack)["seq"], 1);
  auto after = watcher.receive_type("state");
  while (after && (*after)["seq"] != 1) after = watcher.receive_type("state");
  ASSERT_TRUE(after);
  EXPECT_EQ((*after)["to_move"], 1 - first);
  // A replayed (stale) copy of the same move is refused.
  mover.send({{"type", "move"}, {"seat", first}, {"seq", 0}, {"move", move}});
  EXPECT_NE(reject_reason(mover).find("stale"), std::string::npos);
  // Bad messages leave the connection usable.
  mover.send_text("{not json");
  EXPECT_EQ(mover.receive_type("error")->value("type", ""), "error");
  mover.send({{"type", "dance"}});
  EXPECT_NE(mover.receive_type("error")->at("message").get<std::string>().find("unknown message"),
            std::string::npos);
  mover.send_text(std::string(40, '[') + std::string(40, ']'));
  EXPECT_NE(mover.receive_type("error")->at("message").get<std::string>().find("deeper than"),
            std::string::npos);
  mover.send_text(std::string(100 * 1024, ' '));
  EXPECT_NE(mover.receive_type("error")->at("message").get<std::string>().find("too large"),
            std::string::npos);
  mover.send({{"type", "ping"}});
  EXPECT_TRUE(mover.receive_type("pong"));
  // The record stays private until the end.
  EXPECT_EQ(http_request(port_, "GET", "/api/matches/" + id + "/record").status, 403);
  EXPECT_EQ(http_request(port_, "GET", "/api/matches/" + id + "/replay").status, 403);
}

TEST_F(ServerTest, OpenSeatsAreClaimedOnce) {
  const json created = post(port_, "/api/matches",
                            {{"game", "siege"},
                             {"params", {{"players", 2}}},
                             {"seats", {{{"kind", "human"}}, {{"kind", "human"}, {"open", true}}}}},
                            201);
  const std::string id = created["id"];
  EXPECT_FALSE(created["seats"][1].contains("token"));
  const json open = http_request(port_, "GET", "/api/matches?status=open").parsed();
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0]["id"], id);
  post(port_, "/api/matches/" + id + "/join", {{"seat", 0}}, 409);
  const json joined = post(port_, "/api/matches/" + id + "/join", {{"seat", 1}}, 200);
  EXPECT_EQ(joined["token"].get<std::string>().size(), 32u);
  post(port_, "/api/matches/" + id + "/join", {{"seat", 1}}, 409);
  post(port_, "/api/matches/" + id + "/join", {{"seat", 7}}, 400);
  EXPECT_EQ(http_request(port_, "GET", "/api/matches/" + id).parsed()["status"], "running");
  WsClient c(port_);
  EXPECT_EQ(c.hello(id, {joined["token"]})["views"][0]["seat"], 1);
}

TEST_F(ServerTest, FloodsAreRateLimitedAndTheConnectionSurvives) {
  server_.reset();
  server_ = start(db_, 20);
  WsClient c(server_->port());
  for (int i = 0; i < 200; ++i) c.send({{"type", "ping"}});
  int pongs = 0, errors = 0;
  while (auto m = c.receive(std::chrono::milliseconds(500))) {
    pongs += (*m)["type"] == "pong";
    errors += (*m)["type"] == "error";
  }
  EXPECT_LT(pongs, 200);
  EXPECT_GE(pongs, 40);
  EXPECT_GE(errors, 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  c.send({{"type", "ping"}});
  EXPECT_TRUE(c.receive_type("pong"));
}

TEST_F(ServerTest, HttpFloodsGet429WithRetryAfterAndTheServerServesOnAfterwards) {
  server_.reset();
  server_ = start(db_, 100000, /*http_rate=*/4, /*http_burst=*/10);
  const unsigned short port = server_->port();
  int ok = 0, limited = 0;
  HttpReply last_limited;
  for (int i = 0; i < 60; ++i) {
    HttpReply r = http_request(port, i % 2 ? "GET" : "POST", i % 2 ? "/api/games" : "/api/matches",
                               i % 2 ? "" : "{}");
    if (r.status == 429) {
      ++limited;
      last_limited = r;
    } else {
      ++ok;
    }
  }
  // The burst and whatever refilled meanwhile pass; the rest are refused.
  EXPECT_GE(ok, 10);
  EXPECT_GE(limited, 20);
  const json error = last_limited.parsed();
  EXPECT_NE(error.value("error", "").find("too many requests"), std::string::npos)
      << last_limited.body;
  ASSERT_FALSE(last_limited.retry_after.empty());
  const int wait_s = std::stoi(last_limited.retry_after);
  EXPECT_GE(wait_s, 1);
  // A WebSocket upgrade counts too, and is refused the same way (the connect throws).
  EXPECT_THROW(WsClient{port}, std::exception);
  // After the wait the same address is served again, HTTP and WebSocket alike.
  std::this_thread::sleep_for(std::chrono::seconds(wait_s) + std::chrono::milliseconds(100));
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  WsClient c(port);
  c.send({{"type", "ping"}});
  EXPECT_TRUE(c.receive_type("pong"));
}

TEST(HttpRateLimiter, BucketsRefillPerAddressAndTheTableStaysBounded) {
  HttpRateLimiter limit(2, 3, /*max_addresses=*/4);
  const auto t0 = HttpRateLimiter::Clock::now();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(limit.take("10.0.0.1", t0), 0);
  EXPECT_EQ(limit.take("10.0.0.1", t0), 1);  // empty: one token is half a second away
  EXPECT_EQ(limit.take("10.0.0.2", t0), 0);  // another address has its own bucket
  EXPECT_EQ(limit.take("10.0.0.1", t0 + std::chrono::milliseconds(600)), 0);
  for (int i = 3; i < 50; ++i) limit.take("10.0.1." + std::to_string(i), t0);
  EXPECT_LE(limit.addresses(), 4u);
  HttpRateLimiter off(0, 1);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(off.take("10.0.0.1", t0), 0);
}

TEST_F(ServerTest, HugeFramesCloseOnlyThatConnection) {
  WsClient c(port_);
  // The server closes as soon as the frame's header says it is too large, so the write itself
  // may meet the closed socket (EPIPE or a reset) before the last byte is out: that is the same
  // refusal seen earlier, not a failure.
  try {
    c.send_text(std::string(2 * 1024 * 1024, ' '));
  } catch (const boost::system::system_error& e) {
    EXPECT_TRUE(e.code() == boost::asio::error::broken_pipe ||
                e.code() == boost::asio::error::connection_reset)
        << e.what();
  }
  c.receive(std::chrono::seconds(2));
  EXPECT_TRUE(c.closed());
  EXPECT_EQ(http_request(port_, "GET", "/api/games").status, 200);
}

// Plays random legal moves as every human seat (one hot-seat connection) and returns its id.
std::string play_hot_seat(unsigned short port, const json& request, int moves, WsClient& hot,
                          WsClient* watcher, std::vector<std::string>* tokens_out = nullptr) {
  const json created = post(port, "/api/matches", request, 201);
  const std::string id = created["id"];
  std::vector<std::string> tokens;
  for (const json& s : created["seats"])
    if (s.contains("token")) tokens.push_back(s["token"]);
  if (tokens_out) *tokens_out = tokens;
  json state = hot.hello(id, tokens);
  if (watcher) watcher->hello(id, {});
  std::mt19937 rng(7);
  for (int i = 0; i < moves && state["result"].is_null(); ++i) {
    auto [seat, move] = a_legal_move(state, rng);
    if (seat < 0) {
      auto next = hot.receive_type("state", std::chrono::seconds(20));
      if (!next) break;
      state = *next;
      continue;
    }
    hot.send({{"type", "move"}, {"seat", seat}, {"seq", state["seq"]}, {"move", move}});
    auto ack = hot.receive_type("ack");
    EXPECT_TRUE(ack) << "move " << move;
    if (!ack) break;
    auto next = hot.receive_type("state");
    while (next && (*next)["seq"] != (*ack)["seq"]) next = hot.receive_type("state");
    if (!next) break;
    state = *next;
  }
  return id;
}

TEST_F(ServerTest, HotSeatHoldsSeveralSeatsAndTheRecordReplaysAtTheEnd) {
  WsClient hot(port_);
  const std::string id =
      play_hot_seat(port_,
                    {{"game", "relativity"},
                     {"params", {{"max_plies", 40}}},  // the engine cap ends a random game soon
                     {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}},
                    5000, hot, nullptr);
  const json summary = http_request(port_, "GET", "/api/matches/" + id).parsed();
  ASSERT_EQ(summary["status"], "finished");
  EXPECT_EQ(summary["result"]["returns"].size(), 2u);
  HttpReply r = http_request(port_, "GET", "/api/matches/" + id + "/record");
  ASSERT_EQ(r.status, 200) << r.body;
  const Record record = Record::from_json(r.parsed());
  const auto final_state = replay(games::registry(), record);
  EXPECT_TRUE(final_state->is_terminal());
  EXPECT_EQ(http_request(port_, "GET", "/api/matches/" + id + "/record?format=ppn").status, 400);
  const json steps = http_request(port_, "GET", "/api/matches/" + id + "/replay").parsed()["steps"];
  ASSERT_EQ(steps.size(), record.moves.size() + 1);
  EXPECT_TRUE(steps[0]["move"].is_null());
  EXPECT_EQ(steps[1]["move"], record.moves[0]);
  EXPECT_EQ(steps.back()["observation"], final_state->observation(kSpectator));
}

// Card-game decks over the network (deck_routes.h): upload a Google Contacts export, annotate
// the cards that need an army, download the annotated file, and play a match with the deck.
TEST_F(ServerTest, AnUploadedDeckIsCheckedAnnotatedExportedAndPlayed) {
  std::ifstream in(std::string(TABLETOP_TEST_DECKS) + "/google-contacts.vcf", std::ios::binary);
  const std::string vcf{std::istreambuf_iterator<char>(in), {}};
  HttpReply up = http_request(port_, "POST", "/api/decks?name=my-cards", vcf);
  ASSERT_EQ(up.status, 201) << up.body;
  const std::string id = up.parsed()["id"];
  EXPECT_EQ(id.size(), 32u);
  const std::string owner_key = up.parsed()["owner_key"];
  EXPECT_EQ(owner_key.size(), 32u);
  json deck = up.parsed()["deck"];
  EXPECT_EQ(deck["cards"].size(), 32u);
  EXPECT_EQ(deck["cards"][0]["army"], "Medicine");
  EXPECT_EQ(deck["cards"][0]["army_source"], "inferred");
  EXPECT_TRUE(deck["cards"][0].contains("city_placement"));
  EXPECT_EQ(deck["cards"][0]["pro_move_reasons"]["Crash Clinic"], "the card says \"pediatrician\"");
  EXPECT_EQ(deck["armies"].size(), 33u);
  EXPECT_EQ(up.parsed()["format"], "vcf");
  EXPECT_EQ(deck["needs_army"].size(), 4u);
  EXPECT_FALSE(deck["playable"].get<bool>());
  const json seats = {{{"kind", "human"}}, {{"kind", "human"}}};
  // Not playable yet: the error lists the cards.
  HttpReply refused = http_request(
      port_, "POST", "/api/matches",
      json{{"game", "conspiracy-tcg"}, {"decks", {id, "agency-field-office"}}, {"seats", seats}}
          .dump());
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.body.find("need a shadow army"), std::string::npos) << refused.body;
  // Bad annotations are named; an unknown deck is a 404.
  auto patch = [&](const json& body) {
    return http_request(port_, "PATCH", "/api/decks/" + id, body.dump());
  };
  EXPECT_EQ(patch({{"card", 99}, {"army", "Animals"}}).status, 400);
  EXPECT_NE(patch({{"card", 0}, {"army", "Aliens"}}).body.find("unknown shadow army"),
            std::string::npos);
  EXPECT_EQ(http_request(port_, "GET", "/api/decks/" + std::string(32, 'f')).status, 404);
  EXPECT_EQ(http_request(port_, "GET", "/api/decks/" + id + "/more").status, 404);
  EXPECT_EQ(http_request(port_, "GET", "/api/decks/..%2F..%2Fetc").status, 404);
  HttpReply samples = http_request(port_, "GET", "/api/decks");
  ASSERT_EQ(samples.status, 200);
  EXPECT_EQ(samples.parsed()["samples"][0]["name"], "agency-field-office") << samples.body;
  EXPECT_EQ(http_request(port_, "DELETE", "/api/decks").status, 405);
  EXPECT_EQ(http_request(port_, "PATCH", "/api/decks/" + id + ".vcf", "{}").status, 405);
  EXPECT_EQ(http_request(port_, "PATCH", "/api/decks/" + id, "[1,").status, 400);
  EXPECT_EQ(http_request(port_, "PATCH", "/api/decks/" + id, "{\"card\": \"0\"}").status, 400);
  HttpReply junk = http_request(port_, "POST", "/api/decks", "hello");
  EXPECT_EQ(junk.status, 400);
  EXPECT_NE(junk.body.find("deck:1: a content line without ':'"), std::string::npos) << junk.body;
  for (std::size_t i = 0; i < deck["cards"].size(); ++i) {
    const json& card = deck["cards"][i];
    if (card["army_source"] != "needs an army") continue;
    const json army =
        card["army_candidates"].empty() ? json("All Others") : card["army_candidates"][0];
    HttpReply r = patch({{"card", i}, {"army", army}});
    ASSERT_EQ(r.status, 200) << r.body;
    deck = r.parsed()["deck"];
  }
  EXPECT_TRUE(deck["playable"].get<bool>());
  EXPECT_EQ(deck["cards"][28]["army"], "Animals");  // the pet therapist, annotated
  EXPECT_EQ(deck["cards"][28]["army_source"], "annotation");
  // The annotated vCard: the player's file with X-TABLETOP-ARMY, playable as it is.
  HttpReply file = http_request(port_, "GET", "/api/decks/" + id + ".vcf");
  ASSERT_EQ(file.status, 200);
  EXPECT_NE(file.body.find("X-TABLETOP-ARMY:Animals\r\nEND:VCARD"), std::string::npos);
  HttpReply again = http_request(port_, "POST", "/api/decks", file.body);
  ASSERT_EQ(again.status, 201);
  EXPECT_TRUE(again.parsed()["deck"]["playable"].get<bool>());
  // Too large: a clear 413.
  HttpReply big = http_request(port_, "POST", "/api/decks", std::string(kMaxDeckBytes + 1, ' '));
  EXPECT_EQ(big.status, 413);
  EXPECT_NE(big.body.find("at most"), std::string::npos);
  // A match with the deck (seat 0) and a sample deck (seat 1). Its public parameters show no key
  // to the deck's snapshot: nothing of the cards, not the deck's id, not its owner key.
  WsClient hot(port_);
  const std::string match = play_hot_seat(port_,
                                          {{"game", "conspiracy-tcg"},
                                           {"params", {{"max_plies", 60}}},
                                           {"decks", {id, "agency-field-office"}},
                                           {"seats", seats}},
                                          30, hot, nullptr);
  HttpReply summary = http_request(port_, "GET", "/api/matches/" + match);
  ASSERT_EQ(summary.status, 200);
  EXPECT_FALSE(summary.parsed()["params"].contains("uploaded_decks")) << summary.body;
  EXPECT_EQ(summary.body.find("upload:"), std::string::npos) << summary.body;
  EXPECT_EQ(summary.body.find(owner_key), std::string::npos);
  EXPECT_EQ(summary.body.find(id), std::string::npos);
  EXPECT_EQ(summary.body.find("Hartley"), std::string::npos);
  EXPECT_GT(summary.parsed()["seq"].get<int>(), 0);
}

// A match with an uploaded deck comes back after a restart (the snapshot is in the database), and
// annotating the deck later does not change the match.
TEST(ServerRestart, AMatchWithAnUploadedDeckIsRebuiltFromItsSnapshot) {
  const std::string db = temp_db("restart_deck");
  std::ifstream in(std::string(TABLETOP_TEST_DECKS) + "/rfc6350.vcf", std::ios::binary);
  const std::string vcf{std::istreambuf_iterator<char>(in), {}};
  std::string id, deck_id;
  std::vector<std::string> tokens;
  json before;
  {
    auto server = start(db);
    HttpReply up = http_request(server->port(), "POST", "/api/decks", vcf);
    ASSERT_EQ(up.status, 201) << up.body;
    deck_id = up.parsed()["id"];
    for (int card : {28, 29, 30, 31})
      ASSERT_EQ(http_request(server->port(), "PATCH", "/api/decks/" + deck_id,
                             json{{"card", card}, {"army", "All Others"}}.dump())
                    .status,
                200);
    WsClient hot(server->port());
    id = play_hot_seat(server->port(),
                       {{"game", "conspiracy-tcg"},
                        {"decks", {"reptilian-nest", deck_id}},
                        {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}},
                       20, hot, nullptr, &tokens);
    WsClient look(server->port());
    before = look.hello(id, tokens);
  }
  auto server = start(db);
  EXPECT_EQ(http_request(server->port(), "PATCH", "/api/decks/" + deck_id,
                         json{{"card", 0}, {"army", "Sports"}}.dump())
                .status,
            200);
  WsClient look(server->port());
  const json after = look.hello(id, tokens);
  EXPECT_EQ(after["seq"], before["seq"]);
  EXPECT_EQ(after["views"], before["views"]);
}

// PPN export: only a finished Relativity match; the file replays to the match's final state.
TEST_F(ServerTest, AFinishedRelativityMatchExportsPpnThatReplaysToItsEnd) {
  const json created = post(port_, "/api/matches",
                            {{"game", "relativity"},
                             {"seats",
                              {{{"kind", "computer"}, {"strength", "easy"}},
                               {{"kind", "computer"}, {"strength", "easy"}}}}},
                            201);
  const std::string id = created["id"];
  // An unfinished match answers 403 and nothing of its record (checked on one nobody plays).
  const json idle =
      post(port_, "/api/matches",
           {{"game", "relativity"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}, 201);
  for (const char* format : {"ppn", "json"}) {
    HttpReply r = http_request(
        port_, "GET", "/api/matches/" + idle["id"].get<std::string>() + "/record?format=" + format);
    EXPECT_EQ(r.status, 403) << r.body;
    EXPECT_NE(r.parsed().value("error", "").find("only once the match is finished"),
              std::string::npos)
        << r.body;
    EXPECT_EQ(r.body.find("Coins"), std::string::npos) << r.body;
    EXPECT_EQ(r.body.find("moves"), std::string::npos) << r.body;
  }
  // Another game has no PPN writer; an unknown format is named.
  const json siege =
      post(port_, "/api/matches",
           {{"game", "siege"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}, 201);
  HttpReply no_writer = http_request(
      port_, "GET", "/api/matches/" + siege["id"].get<std::string>() + "/record?format=ppn");
  EXPECT_EQ(no_writer.status, 400);
  EXPECT_NE(no_writer.parsed().value("error", "").find("no PPN exporter for siege"),
            std::string::npos)
      << no_writer.body;
  EXPECT_EQ(http_request(port_, "GET", "/api/matches/" + id + "/record?format=pgn").status, 400);

  // The computers play the match to its end.
  ASSERT_EQ(summary_once_finished(port_, id)["status"], "finished");
  HttpReply ppn = http_request(port_, "GET", "/api/matches/" + id + "/record?format=ppn");
  ASSERT_EQ(ppn.status, 200) << ppn.body;
  EXPECT_NE(ppn.body.find("Round: Day"), std::string::npos) << ppn.body;
  const Record record =
      Record::from_json(http_request(port_, "GET", "/api/matches/" + id + "/record").parsed());
  const auto expected = replay(games::registry(), record);
  const std::vector<ppn::Record> documents = ppn::parse_games(ppn.body);
  const GameEntry* entry = games::registry().find("relativity");
  const auto from_ppn = entry->replay_ppn(documents);
  EXPECT_TRUE(from_ppn->is_terminal());
  EXPECT_EQ(from_ppn->ply(), expected->ply());
  EXPECT_EQ(from_ppn->returns(), expected->returns());
  EXPECT_EQ(from_ppn->observation(kSpectator), expected->observation(kSpectator));
}

// Conspiracy: every message to seat 0 and to a spectator is searched for the other seats' goals
// (taken from the truth): they must read "secret" or "not chosen", never the goal itself.
TEST_F(ServerTest, ConspiracyViewsNeverHoldAnotherSeatsGoal) {
  const json request = {{"game", "conspiracy"},
                        {"params", {{"players", 3}}},
                        {"seats", {{{"kind", "human"}}, {{"kind", "human"}}, {{"kind", "human"}}}}};
  const json created = post(port_, "/api/matches", request, 201);
  const std::string id = created["id"];
  WsClient p0(port_), others(port_), watcher(port_);
  json s0 = p0.hello(id, {created["seats"][0]["token"]});
  json so = others.hello(id, {created["seats"][1]["token"], created["seats"][2]["token"]});
  watcher.hello(id, {});
  EXPECT_EQ(so["views"].size(), 2u);
  std::shared_ptr<Room> room = server_->lobby().find(id);
  std::mt19937 rng(3);
  std::set<std::string> goals_seen;
  for (int i = 0; i < 120; ++i) {
    json truth;
    room->inspect_truth([&](const State& s) { truth = s.to_json()["state"]; });
    if (room->summary()["status"] == "finished") break;
    // s0 and so are at the same seq: the seat to move is in one of them.
    auto [seat, move] = a_legal_move(s0, rng);
    if (seat < 0) std::tie(seat, move) = a_legal_move(so, rng);
    if (seat < 0) break;
    WsClient& c = seat == 0 ? p0 : others;
    c.send({{"type", "move"}, {"seat", seat}, {"seq", s0["seq"]}, {"move", move}});
    ASSERT_TRUE(c.receive_type("ack")) << move;
    const long long seq = s0["seq"].get<long long>() + 1;
    auto until = [&](WsClient& w) {
      auto m = w.receive_type("state");
      while (m && (*m)["seq"] != seq) m = w.receive_type("state");
      return m.value_or(json());
    };
    s0 = until(p0);
    so = until(others);
    const json w = until(watcher);
    room->inspect_truth([&](const State& s) { truth = s.to_json()["state"]; });
    const json& seats = truth["seats"];
    for (int other = 1; other < 3; ++other) {
      const int suit = seats[other][0], rank = seats[other][1];
      if (suit < 0) continue;
      const std::string goal = std::string(1, "SMCA"[suit]) + std::to_string(rank);
      goals_seen.insert(goal);
      for (const json* message : {static_cast<const json*>(&s0), &w}) {
        const json& obs = (*message)["views"][0]["observation"];
        // The move that ended the game declared its winner's goal: that one is public by the rules.
        if (obs["phase"] == "over" && obs["winner"] == other) {
          EXPECT_EQ(obs["seats"][other][10], goal);
          continue;
        }
        const std::string shown = obs["seats"][other][10].get<std::string>();
        EXPECT_NE(shown, goal) << "seat " << other << "'s goal reached a viewer";
        EXPECT_TRUE(shown == "secret" || shown == "not chosen") << shown;
      }
    }
    // Legal moves are only in the held seat's view.
    EXPECT_TRUE(w["views"][0]["legal"].empty());
  }
  EXPECT_FALSE(goals_seen.empty()) << "no goal was chosen in 120 moves: the test saw nothing";
  // Nothing the spectator or seat 0 received holds the truth's private fields.
  for (const std::string& text : p0.transcript())
    EXPECT_EQ(text.find("\"chance\""), std::string::npos);
}

// Once a match is over its record is public: the state message then carries each seat's own
// view (`revealed`, Conspiracy's goals) and the whole log; before the end it carries neither.
TEST_F(ServerTest, AFinishedMatchRevealsWhatItsRecordMakesPublicAndNothingBefore) {
  const json seats = {{{"kind", "human"}},
                      {{"kind", "computer"}, {"strength", "easy"}},
                      {{"kind", "computer"}, {"strength", "easy"}}};
  const json created = post(
      port_, "/api/matches",
      {{"game", "conspiracy"}, {"params", {{"players", 3}, {"max_rounds", 1}}}, {"seats", seats}},
      201);
  WsClient player(port_), watcher(port_);
  json state = player.hello(created["id"], {created["seats"][0]["token"]});
  watcher.hello(created["id"], {});
  std::mt19937 rng(5);
  int running = 0;
  for (int i = 0; i < 2000 && state["result"].is_null(); ++i) {
    EXPECT_FALSE(state.contains("revealed")) << "revealed before the end";
    EXPECT_FALSE(state.contains("record_view")) << "the record's view before the end";
    ++running;
    if (auto [seat, move] = a_legal_move(state, rng); seat == 0)
      player.send({{"type", "move"}, {"seat", 0}, {"seq", state["seq"]}, {"move", move}});
    auto next = player.receive_type("state", std::chrono::seconds(60));
    ASSERT_TRUE(next.has_value()) << "the match did not go on";
    state = *next;
  }
  EXPECT_GT(running, 0);
  // The spectator's last state is the end's.
  std::optional<json> seen = watcher.receive_type("state");
  while (seen && (*seen)["result"].is_null()) {
    EXPECT_FALSE(seen->contains("revealed")) << "revealed to the spectator before the end";
    EXPECT_FALSE(seen->contains("record_view")) << "the record's view before the end";
    seen = watcher.receive_type("state");
  }
  ASSERT_TRUE(seen.has_value());
  state = *seen;
  ASSERT_FALSE(state["result"].is_null());
  ASSERT_EQ(state["revealed"].size(), 3u);
  for (int s = 0; s < 3; ++s) {
    const std::string goal = state["revealed"][s]["seats"][s][10];
    EXPECT_TRUE(goal.size() == 2 && std::string("SMCA").find(goal[0]) != std::string::npos)
        << "seat " << s << "'s goal: " << goal;
  }
  // The board as the record shows it: every tile named (face down ones in brackets), every goal,
  // every hand and every seat's tiles; it agrees with the truth.
  const json& record_view = state["record_view"];
  json truth;
  server_->lobby().find(created["id"])->inspect_truth([&](const State& s) {
    truth = s.record_observation();
  });
  EXPECT_EQ(record_view, truth);
  for (const json& tile : record_view["tiles"])
    EXPECT_EQ(tile.get<std::string>().find("down"), std::string::npos) << tile;
  // A list of n pieces named "C3 M0 ..." is 3n - 1 characters long.
  auto named = [](const json& count, const json& names) {
    const std::size_t n = count.get<std::size_t>();
    return names.get<std::string>().size() == (n ? 3 * n - 1 : 0);
  };
  std::size_t pieces = 0;
  for (int s = 0; s < 3; ++s) {
    const json& entry = record_view["seats"][s];
    EXPECT_EQ(entry[10], state["revealed"][s]["seats"][s][10]) << "seat " << s << "'s goal";
    EXPECT_TRUE(named(entry[0], entry[1])) << "seat " << s << "'s hand: " << entry;
    EXPECT_TRUE(named(entry[4], entry[5])) << "seat " << s << "'s tiles: " << entry;
    pieces += entry[0].get<std::size_t>() + entry[4].get<std::size_t>();
  }
  EXPECT_GT(pieces + record_view["tiles"].size(), 0u) << record_view;
  std::string log;
  for (const json& line : state["views"][0]["log"]) log += line.get<std::string>() + "\n";
  EXPECT_NE(log.find("chooses the goal"), std::string::npos) << log;
  // The games list carries each game's opening view for the how-to-play picture.
  for (const json& g : http_request(port_, "GET", "/api/games").parsed())
    EXPECT_TRUE(g.contains("setup") && g["setup"].is_object()) << g["id"];
}

// Siege: every unrevealed Army value (from the truth) shows as '?' in every message a seat or a
// spectator receives.
TEST_F(ServerTest, SiegeViewsNeverHoldUnrevealedArmyValues) {
  WsClient hot(port_), watcher(port_);
  const json request = {{"game", "siege"},
                        {"params", {{"players", 2}}},
                        {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}};
  const json created = post(port_, "/api/matches", request, 201);
  const std::string id = created["id"];
  json state = hot.hello(id, {created["seats"][0]["token"], created["seats"][1]["token"]});
  watcher.hello(id, {});
  std::shared_ptr<Room> room = server_->lobby().find(id);
  std::mt19937 rng(5);
  int hidden_checked = 0;
  for (int i = 0; i < 150 && state["result"].is_null(); ++i) {
    auto [seat, move] = a_legal_move(state, rng);
    ASSERT_GE(seat, 0);
    hot.send({{"type", "move"}, {"seat", seat}, {"seq", state["seq"]}, {"move", move}});
    auto ack = hot.receive_type("ack");
    ASSERT_TRUE(ack);
    auto next = hot.receive_type("state");
    while (next && (*next)["seq"] != (*ack)["seq"]) next = hot.receive_type("state");
    ASSERT_TRUE(next);
    state = *next;
    auto w = watcher.receive_type("state");
    while (w && (*w)["seq"] != (*ack)["seq"]) w = watcher.receive_type("state");
    ASSERT_TRUE(w);
    json truth;
    room->inspect_truth([&](const State& s) { truth = s.to_json()["state"]; });
    for (const json* message : {static_cast<const json*>(&state), static_cast<const json*>(&*w)}) {
      for (const json& view : (*message)["views"]) {
        const json& stacks = view["observation"]["stacks"];
        for (int s = 0; s < 2; ++s) {
          const std::string real = truth["stacks"][s], shown = stacks[s],
                            revealed = truth["revealed"][s];
          ASSERT_EQ(real.size(), shown.size());
          for (std::size_t k = 0; k < real.size(); ++k) {
            if (revealed.find(real[k]) != std::string::npos) continue;
            EXPECT_EQ(shown[k], '?') << "an unrevealed Army value reached seat " << view["seat"];
            ++hidden_checked;
          }
        }
        // Once the game is over its record is public: the last message carries it
        // (`record_view`, every Army named), so only the views themselves are searched then.
        if (truth["board"] != view["observation"]["board"]) {
          const json& searched = (*message)["result"].is_null() ? *message : view;
          EXPECT_EQ(searched.dump().find(truth["board"].get<std::string>()), std::string::npos);
        }
      }
    }
  }
  EXPECT_GT(hidden_checked, 0);
}

TEST_F(ServerTest, ComputerSeatsPlayAndUndoTakesBackOwnMoveWithTheReply) {
  const json created =
      post(port_, "/api/matches",
           {{"game", "relativity"},
            {"undo", true},
            {"seats", {{{"kind", "human"}}, {{"kind", "computer"}, {"strength", "easy"}}}}},
           201);
  const std::string id = created["id"];
  WsClient c(port_);
  json state = c.hello(id, {created["seats"][0]["token"]});
  std::mt19937 rng(1);
  // Play until seat 0 has moved and the computer has answered.
  int my_moves = 0;
  while (my_moves < 2 && state["result"].is_null()) {
    if (state["to_move"] == 0) {
      auto [seat, move] = a_legal_move(state, rng);
      c.send({{"type", "move"}, {"seat", 0}, {"seq", state["seq"]}, {"move", move}});
      ASSERT_TRUE(c.receive_type("ack"));
      ++my_moves;
    }
    auto next = c.receive_type("state", std::chrono::seconds(10));
    ASSERT_TRUE(next);
    state = *next;
    while (state["to_move"] != 0) state = *c.receive_type("state", std::chrono::seconds(10));
  }
  const long long seq = state["seq"];
  EXPECT_TRUE(state["views"][0]["can_undo"]) << state["views"][0]["why_no_undo"];
  c.send({{"type", "undo"}, {"seat", 0}, {"seq", seq}});
  auto ack = c.receive_type("ack");
  ASSERT_TRUE(ack);
  EXPECT_EQ((*ack)["seq"], seq + 1);
  auto after = c.receive_type("state");
  ASSERT_TRUE(after);
  EXPECT_EQ((*after)["to_move"], 0);
  EXPECT_LT((*after)["views"][0]["observation"]["ply"].get<int>(),
            state["views"][0]["observation"]["ply"].get<int>());
}

TEST_F(ServerTest, UndoIsRefusedWhenTheMatchDoesNotAllowIt) {
  const json created =
      post(port_, "/api/matches",
           {{"game", "relativity"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}, 201);
  WsClient c(port_);
  json state = c.hello(created["id"], {created["seats"][0]["token"]});
  EXPECT_FALSE(state["views"][0]["can_undo"]);
  c.send({{"type", "undo"}, {"seat", 0}, {"seq", state["seq"]}});
  EXPECT_EQ(c.receive_type("reject")->at("reason"), "undo is off in this match");
}

// Issue 20: a parameter naming a file (ParamSpec::Type::kFile: conspiracy-tcg's decks and
// gazetteer) is refused by its name, whatever the path (a device, a FIFO, a file that exists or
// not: the same answer, so no answer tells which files the server has), and never listed.
TEST_F(ServerTest, FileParametersAreRefusedByNameAndNeverListed) {
  const std::string fifo = ::testing::TempDir() + "server_test_fifo.vcf";
  std::remove(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string key : {"decks", "gazetteer"}) {
    std::string first_error;
    for (const std::string path : {"/dev/zero", fifo.c_str(), "/etc/passwd", "/no/such.vcf", "/"}) {
      const json answer = post(port_, "/api/matches",
                               {{"game", "conspiracy-tcg"},
                                {"params", {{key, path}}},
                                {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}},
                               400);
      const std::string error = answer.value("error", "");
      EXPECT_NE(error.find("'" + key + "'"), std::string::npos) << error;
      EXPECT_EQ(error.find(path), std::string::npos) << error;
      if (first_error.empty()) first_error = error;
      EXPECT_EQ(error, first_error) << "the answer differs by path";
    }
  }
  std::remove(fifo.c_str());
  const json games = http_request(port_, "GET", "/api/games").parsed();
  int listed = 0;
  for (const json& g : games)
    for (const json& p : g["params"]) {
      ++listed;
      EXPECT_NE(p["type"], "file") << g["id"] << " lists " << p["name"];
    }
  EXPECT_GT(listed, 0);
  // The match summary carries no server path either.
  const json created = post(
      port_, "/api/matches",
      {{"game", "conspiracy-tcg"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}, 201);
  const std::string summary =
      http_request(port_, "GET", "/api/matches/" + created["id"].get<std::string>()).body;
  EXPECT_EQ(summary.find(".tsv"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("data/"), std::string::npos) << summary;
}

// Engine caps and strings from a client are held to what a real game needs (ParamSpec's network
// range and max_length), each refusal naming the parameter and its range; GET /api/games lists
// them. The command line keeps the full range (conformance_test's ParamSpecs).
TEST_F(ServerTest, ParametersFromClientsStayWithinTheirNetworkRanges) {
  const json two = {{{"kind", "human"}}, {{"kind", "human"}}};
  auto create = [&](const std::string& game, const json& params, int status) {
    return post(port_, "/api/matches", {{"game", game}, {"params", params}, {"seats", two}},
                status);
  };
  std::string error = create("culture-wars", {{"max_rounds", 100000}}, 400).value("error", "");
  EXPECT_NE(error.find("'max_rounds'"), std::string::npos) << error;
  EXPECT_NE(error.find("1..200"), std::string::npos) << error;
  create("culture-wars", {{"max_rounds", 200}}, 201);
  error = create("siege", {{"max_plies", 20001}}, 400).value("error", "");
  EXPECT_NE(error.find("10..20000"), std::string::npos) << error;
  error = create("conspiracy-tcg", {{"max_plies", 100000000}}, 400).value("error", "");
  EXPECT_NE(error.find("10..1000"), std::string::npos) << error;
  error = create("conspiracy", {{"max_rounds", 1000000}, {"players", 2}}, 400).value("error", "");
  EXPECT_NE(error.find("'max_rounds'"), std::string::npos) << error;
  // Strings: a length cap, and no control or bidirectional characters.
  const HttpReply long_venue = http_request(port_, "POST", "/api/matches",
                                            json{{"game", "conspiracy-tcg"},
                                                 {"params", {{"venue", std::string(27000, '1')}}},
                                                 {"seats", two}}
                                                .dump());
  EXPECT_EQ(long_venue.status, 400);
  EXPECT_NE(long_venue.body.find("at most 100"), std::string::npos) << long_venue.body;
  EXPECT_LT(long_venue.body.size(), 400u) << "the answer echoes the value";
  for (const std::string bad : {"Paris\u202E, RF", "Paris\x1b[2J", "Paris\xEF\xBF\xBF"}) {
    error = create("conspiracy-tcg", {{"library_order", bad}}, 400).value("error", "");
    EXPECT_NE(error.find("'library_order'"), std::string::npos) << error;
    EXPECT_NE(error.find("U+"), std::string::npos) << error;
  }
  // Listed: the network range of each integer, the cap of each string.
  const json games = http_request(port_, "GET", "/api/games").parsed();
  std::map<std::string, json> by_name;
  for (const json& g : games)
    for (const json& p : g["params"])
      by_name[g["id"].get<std::string>() + "." + p["name"].get<std::string>()] = p;
  EXPECT_EQ(by_name["culture-wars.max_rounds"]["network_max"], 200);
  EXPECT_EQ(by_name["culture-wars.max_rounds"]["max"], 100000);
  EXPECT_EQ(by_name["conspiracy-tcg.venue"]["max_length"], 100);
  EXPECT_EQ(by_name["conspiracy-tcg.max_plies"]["network_max"], 1000);
  EXPECT_FALSE(by_name.contains("conspiracy-tcg.uploaded_decks"));
  EXPECT_FALSE(by_name.contains("conspiracy-tcg.decks"));
  for (const auto& [name, p] : by_name) EXPECT_EQ(p["set_by"], "anyone") << name;
}

// Issue 20: a refused undo quoted another seat's secret move ("move 4 ('goal A5') drew a chance
// outcome ..." named seat 3's Conspiracy goal) in every seat's view. Now a view's why_no_undo
// quotes only the viewer's own moves and names the others by seat.
TEST_F(ServerTest, RefusedUndoReasonsQuoteOnlyTheViewersOwnMoves) {
  const json created = post(port_, "/api/matches",
                            {{"game", "conspiracy"},
                             {"undo", true},
                             {"seats",
                              {{{"kind", "human"}},
                               {{"kind", "computer"}, {"strength", "easy"}},
                               {{"kind", "computer"}, {"strength", "easy"}},
                               {{"kind", "computer"}, {"strength", "easy"}}}}},
                            201);
  WsClient c(port_);
  json state = c.hello(created["id"], {created["seats"][0]["token"]});
  std::mt19937 rng(1);
  std::set<std::string> mine;
  int others_named = 0;
  const std::regex quoted(R"(move \d+ \('([^']*)'\))");
  for (int my_moves = 0; my_moves < 6 && state["result"].is_null();) {
    const std::string why = state["views"][0].value("why_no_undo", "");
    if (why.find("'s move)") != std::string::npos) ++others_named;
    for (std::sregex_iterator m(why.begin(), why.end(), quoted), end; m != end; ++m)
      EXPECT_TRUE(mine.count((*m)[1])) << "seat 0's view quotes another seat's move: " << why;
    if (state["to_move"] == 0) {
      auto [seat, move] = a_legal_move(state, rng);
      mine.insert(move);
      c.send({{"type", "move"}, {"seat", 0}, {"seq", state["seq"]}, {"move", move}});
      ASSERT_TRUE(c.receive_type("ack"));
      ++my_moves;
    }
    auto next = c.receive_type("state", std::chrono::seconds(30));
    ASSERT_TRUE(next);
    state = *next;
  }
  EXPECT_GT(others_named, 0) << "no refusal named another seat's move: the test saw nothing";
}

TEST_F(ServerTest, ALeftSeatIsHandedToAComputerAfterTheTimeout) {
  const json created = post(port_, "/api/matches",
                            {{"game", "relativity"},
                             {"takeover_after_s", 0},
                             {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}},
                            201);
  const std::string id = created["id"];
  WsClient watcher(port_);
  watcher.hello(id, {});
  watcher.send({{"type", "takeover"}, {"seat", 1}});
  EXPECT_NE(watcher.receive_type("reject")->at("reason").get<std::string>().find("only a player"),
            std::string::npos);
  WsClient c(port_);
  json state = c.hello(id, {created["seats"][0]["token"]});
  c.send({{"type", "takeover"}, {"seat", 1}});
  ASSERT_TRUE(c.receive_type("ack"));
  const json summary = http_request(port_, "GET", "/api/matches/" + id).parsed();
  EXPECT_EQ(summary["seats"][1]["kind"], "computer");
  EXPECT_EQ(summary["seats"][1]["taken_over_at"], 0);
  // The takeover revoked seat 1's token: it unlocks nothing, and says why.
  WsClient old_holder(port_);
  old_holder.send({{"type", "hello"}, {"match", id}, {"tokens", {created["seats"][1]["token"]}}});
  const auto refused = old_holder.receive_type("error");
  ASSERT_TRUE(refused);
  EXPECT_NE((*refused)["message"].get<std::string>().find("takeover"), std::string::npos)
      << (*refused)["message"];
  // Nor can that connection move for the seat.
  old_holder.send({{"type", "move"}, {"seat", 1}, {"seq", 1}, {"move", "a1#a2"}});
  EXPECT_TRUE(old_holder.receive_type("error"));  // it holds no seat: "send hello first"
}

TEST_F(ServerTest, AnOutOfRangeSeqIsNamedAsSent) {
  const json created =
      post(port_, "/api/matches",
           {{"game", "relativity"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}, 201);
  WsClient c(port_);
  c.hello(created["id"], {created["seats"][0]["token"]});
  c.send_text(R"({"type":"move","seat":0,"seq":9223372036854775808,"move":"a1#a2"})");
  const auto error = c.receive_type("error");
  ASSERT_TRUE(error);
  const std::string message = (*error)["message"];
  EXPECT_NE(message.find("not 9223372036854775808"), std::string::npos) << message;
  EXPECT_EQ(message.find("-9223372036854775808"), std::string::npos) << message;
  c.send_text(R"({"type":"move","seat":0,"seq":-1,"move":"a1#a2"})");
  const auto negative = c.receive_type("error");
  ASSERT_TRUE(negative);
  EXPECT_NE((*negative)["message"].get<std::string>().find("not -1"), std::string::npos);
}

TEST(ServerRestart, UnfinishedMatchesAreRebuiltFromTheirMoveLog) {
  const std::string db = temp_db("restart");
  std::string id;
  std::vector<std::string> tokens;
  json before;
  {
    auto server = start(db);
    WsClient hot(server->port());
    id = play_hot_seat(server->port(),
                       {{"game", "siege"},
                        {"params", {{"players", 2}}},
                        {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}},
                       20, hot, nullptr, &tokens);
    WsClient look(server->port());
    before = look.hello(id, tokens);
  }
  auto server = start(db);
  WsClient look(server->port());
  const json after = look.hello(id, tokens);
  EXPECT_EQ(after["seq"], before["seq"]);
  EXPECT_EQ(after["views"], before["views"]);
}

// A finished match's analysis is stored with the match: the restarted server answers it "done" at
// the first request, from the database, without searching again (a search answers "working"
// first), and the database holds it under the analysis's search spec.
TEST(ServerRestart, AFinishedMatchsAnalysisIsStoredWithIt) {
  const std::string db = temp_db("restart_analysis");
  std::string id;
  json analysis;
  {
    auto server = start(db);
    const json created = post(server->port(), "/api/matches",
                              {{"game", "relativity"},
                               {"seats",
                                {{{"kind", "computer"}, {"strength", "easy"}},
                                 {{"kind", "computer"}, {"strength", "easy"}}}}},
                              201);
    id = created["id"];
    ASSERT_EQ(summary_once_finished(server->port(), id)["status"], "finished");
    analysis = analysis_once_done(server->port(), id);
    ASSERT_EQ(analysis["status"], "done") << analysis.dump();
  }
  {
    auto store = open_store(db);
    const std::optional<std::string> stored =
        store->analyses().load_analysis(id, ai::analysis_spec(ServerOptions().analysis_iterations));
    ASSERT_TRUE(stored);
    EXPECT_EQ(json::parse(*stored), analysis["analysis"]);
  }
  auto server = start(db);
  HttpReply first = http_request(server->port(), "GET", "/api/matches/" + id + "/analysis");
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.parsed(), analysis);
}

// A real `tabletop serve` process killed with SIGKILL while moves stream in: every acknowledged
// move is back after the restart.
TEST(ServerKill, Sigkill_LosesNothingAcknowledged) {
  const std::string db = temp_db("kill");
  auto launch = [&](unsigned short port) {
    const pid_t pid = fork();
    if (pid == 0) {
      const std::string p = std::to_string(port);
      execl(TABLETOP_BIN_DIR "/tabletop", "tabletop", "serve", "--port", p.c_str(), "--db",
            db.c_str(), "--static", "", "--rate", "100000", "--match-rate", "0",
            static_cast<char*>(nullptr));
      _exit(127);
    }
    // Up to 60 s: a loaded machine (CI shares two cores) can take seconds to start a process.
    for (int i = 0; i < 1200; ++i) {
      try {
        if (http_request(port, "GET", "/api/games").status == 200) return pid;
      } catch (const std::exception&) {
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "tabletop serve did not start";
    return pid;
  };
  std::mt19937 rng(std::random_device{}());
  const unsigned short port = static_cast<unsigned short>(20000 + rng() % 30000);
  // Kills the server however the test ends.
  struct Child {
    pid_t pid = -1;
    ~Child() {
      if (pid > 0) {
        kill(pid, SIGKILL);
        waitpid(pid, nullptr, 0);
      }
    }
  } child;
  pid_t& pid = child.pid;
  pid = launch(port);
  const json created =
      post(port, "/api/matches",
           {{"game", "relativity"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}, 201);
  const std::string id = created["id"];
  const std::vector<std::string> tokens = {created["seats"][0]["token"],
                                           created["seats"][1]["token"]};
  long long acked = 0;
  std::map<long long, json> views;  // every state received, by seq
  {
    WsClient hot(port);
    json state = hot.hello(id, tokens);
    const auto kill_at =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(300 + rng() % 400);
    while (state["result"].is_null()) {
      auto [seat, move] = a_legal_move(state, rng);
      hot.send({{"type", "move"}, {"seat", seat}, {"seq", state["seq"]}, {"move", move}});
      if (std::chrono::steady_clock::now() >= kill_at) {
        kill(pid, SIGKILL);  // the move just sent may or may not have been stored
        waitpid(pid, nullptr, 0);
        pid = -1;
        // Read whatever arrived before the kill.
        while (auto m = hot.receive(std::chrono::milliseconds(200))) {
          if ((*m)["type"] == "state") views[(*m)["seq"]] = (*m)["views"];
          if ((*m)["type"] == "ack") acked = (*m)["seq"];
        }
        break;
      }
      auto ack = hot.receive_type("ack");
      ASSERT_TRUE(ack);
      acked = (*ack)["seq"];
      auto next = hot.receive_type("state");
      while (next && (*next)["seq"] != acked) next = hot.receive_type("state");
      ASSERT_TRUE(next);
      state = *next;
      views[acked] = state["views"];
    }
  }
  ASSERT_GT(acked, 0);
  // A game that ended before the kill time still loses its server by SIGKILL (and the port is
  // free before the restart, so the restarted server is the one the test talks to).
  if (pid > 0) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    pid = -1;
  }
  pid = launch(port);
  {
    WsClient hot(port);
    const json state = hot.hello(id, tokens);
    EXPECT_GE(state["seq"].get<long long>(), acked);
    EXPECT_LE(state["seq"].get<long long>(), acked + 1);
    if (views.count(state["seq"])) {
      // The views seen before the kill, from where the new state's logs start (a hello carries
      // a long log's last lines only: room.h, kStateLogLines).
      json before = views[state["seq"]];
      for (std::size_t v = 0; v < before.size() && v < state["views"].size(); ++v) {
        const long long cut =
            state["views"][v].value("log_from", 0LL) - before[v].value("log_from", 0LL);
        for (const char* key : {"log", "log_plies"})
          if (cut > 0 && before[v][key].size() >= std::size_t(cut))
            before[v][key].erase(before[v][key].begin(), before[v][key].begin() + cut);
        if (cut > 0) before[v]["log_from"] = state["views"][v]["log_from"];
      }
      EXPECT_EQ(state["views"], before);
    }
  }
  kill(pid, SIGTERM);
  waitpid(pid, nullptr, 0);
  pid = -1;
}

}  // namespace
}  // namespace tabletop::server

namespace tabletop::server {
namespace {

// A thinking computer seat is shown only as progress: {"type","seat","progress"} and nothing else.
TEST(ServerThinking, AComputerSeatsThinkingIsSentAsProgressOnly) {
  auto server = start(temp_db("thinking"));
  const json created =
      post(server->port(), "/api/matches",
           {{"game", "relativity"},
            {"seats", {{{"kind", "human"}}, {{"kind", "computer"}, {"strength", "hard"}}}}},
           201);
  WsClient c(server->port());
  json state = c.hello(created["id"], {created["seats"][0]["token"]});
  if (state["to_move"] != 0) state = *c.receive_type("state", std::chrono::seconds(20));
  std::mt19937 rng(2);
  auto [seat, move] = a_legal_move(state, rng);
  ASSERT_EQ(seat, 0);
  c.send({{"type", "move"}, {"seat", 0}, {"seq", state["seq"]}, {"move", move}});
  auto thinking = c.receive_type("thinking", std::chrono::seconds(20));
  ASSERT_TRUE(thinking);
  EXPECT_EQ(thinking->size(), 3u) << thinking->dump();
  EXPECT_EQ((*thinking)["seat"], 1);
  EXPECT_GE((*thinking)["progress"].get<double>(), 0.0);
  EXPECT_LE((*thinking)["progress"].get<double>(), 1.0);
  // The computer's move arrives as a state in which seat 0 is to move again.
  auto next = c.receive_type("state", std::chrono::seconds(20));
  while (next && (*next)["to_move"] != 0) next = c.receive_type("state", std::chrono::seconds(20));
  ASSERT_TRUE(next);
  EXPECT_EQ((*next)["seq"], state["seq"].get<long long>() + 2);
}

}  // namespace
}  // namespace tabletop::server

namespace tabletop::server {
namespace {

// Hints (issue 22): off unless the creator allows them; the answer goes to the asking seat's
// connection alone, and only for the seat to move.
TEST_F(ServerTest, HintsAreOffByDefaultAndGoOnlyToTheAskingSeat) {
  const json humans = {{{"kind", "human"}}, {{"kind", "human"}}};
  const json plain = post(port_, "/api/matches", {{"game", "siege"}, {"seats", humans}}, 201);
  EXPECT_EQ(http_request(port_, "GET", "/api/matches/" + plain["id"].get<std::string>())
                .parsed()["hints"],
            false);
  {
    WsClient c(port_);
    const json state = c.hello(plain["id"], {plain["seats"][0]["token"]});
    EXPECT_EQ(state["match"]["hints"], false);
    c.send({{"type", "hint"}, {"seat", 0}, {"seq", state["seq"]}});
    const auto refused = c.receive_type("hint");
    ASSERT_TRUE(refused);
    EXPECT_NE((*refused).value("refused", "").find("hints are off"), std::string::npos)
        << refused->dump();
    EXPECT_FALSE(refused->contains("move"));
  }
  EXPECT_EQ(post(port_, "/api/matches", {{"game", "siege"}, {"seats", humans}, {"hints", 1}}, 400)
                .value("error", ""),
            "field 'hints' must be true or false");

  const json created =
      post(port_, "/api/matches", {{"game", "siege"}, {"seats", humans}, {"hints", true}}, 201);
  const std::string id = created["id"];
  EXPECT_EQ(http_request(port_, "GET", "/api/matches/" + id).parsed()["hints"], true);
  WsClient zero(port_), one(port_), watcher(port_);
  const json state0 = zero.hello(id, {created["seats"][0]["token"]});
  const json state1 = one.hello(id, {created["seats"][1]["token"]});
  watcher.hello(id, {});
  EXPECT_EQ(state0["match"]["hints"], true);
  const int to_move = state0["to_move"];
  const json& state = to_move == 0 ? state0 : state1;  // the mover's, with its legal moves
  WsClient& mover = to_move == 0 ? zero : one;
  WsClient& other = to_move == 0 ? one : zero;
  // The seat not to move is refused; so is a stale seq.
  other.send({{"type", "hint"}, {"seat", 1 - to_move}, {"seq", state["seq"]}});
  auto refused = other.receive_type("hint");
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->value("refused", "").find("is not to move"), std::string::npos)
      << refused->dump();
  mover.send({{"type", "hint"}, {"seat", to_move}, {"seq", state["seq"].get<long long>() + 5}});
  refused = mover.receive_type("hint");
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->value("refused", "").find("stale"), std::string::npos) << refused->dump();
  // A connection that does not hold the seat is refused by name.
  watcher.send({{"type", "hint"}, {"seat", to_move}, {"seq", state["seq"]}});
  refused = watcher.receive_type("hint");
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->value("refused", "").find("do not hold seat"), std::string::npos);

  mover.send({{"type", "hint"}, {"seat", to_move}, {"seq", state["seq"]}});
  const auto answer = mover.receive_type("hint", std::chrono::seconds(60));
  ASSERT_TRUE(answer);
  ASSERT_TRUE(answer->contains("move")) << answer->dump();
  EXPECT_EQ((*answer)["seat"], to_move);
  EXPECT_EQ((*answer)["seq"], state["seq"]);
  bool legal = false;
  for (const json& v : state["views"])
    for (const json& l : v["legal"]) legal |= l["move"] == (*answer)["move"];
  EXPECT_TRUE(legal) << answer->dump();
  const double chance = (*answer)["win_chance"];
  EXPECT_GE(chance, 0.0);
  EXPECT_LE(chance, 1.0);
  // The hint is playable, and nobody else ever received one.
  mover.send(
      {{"type", "move"}, {"seat", to_move}, {"seq", state["seq"]}, {"move", (*answer)["move"]}});
  ASSERT_TRUE(other.receive_type("state"));
  ASSERT_TRUE(watcher.receive_type("state"));
  // Only refusals: never a hint's move or chance.
  for (WsClient* c : {&other, &watcher})
    for (const std::string& text : c->transcript())
      if (text.find(R"("type":"hint")") != std::string::npos) {
        EXPECT_NE(text.find("refused"), std::string::npos) << text;
        EXPECT_EQ(text.find("win_chance"), std::string::npos) << text;
      }
}

// The analysis of a match: 409 before the end, public after it, and the record says whether the
// players could ask for hints.
TEST_F(ServerTest, AnalysisIsRefusedBeforeTheEndAndPublicAfterIt) {
  const json idle =
      post(port_, "/api/matches",
           {{"game", "relativity"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}, 201);
  HttpReply early =
      http_request(port_, "GET", "/api/matches/" + idle["id"].get<std::string>() + "/analysis");
  EXPECT_EQ(early.status, 409) << early.body;
  EXPECT_NE(early.parsed().value("error", "").find("only once the match is finished"),
            std::string::npos)
      << early.body;
  EXPECT_EQ(early.body.find("moves"), std::string::npos);

  const json created = post(port_, "/api/matches",
                            {{"game", "relativity"},
                             {"hints", true},
                             {"seats",
                              {{{"kind", "computer"}, {"strength", "easy"}},
                               {{"kind", "computer"}, {"strength", "easy"}}}}},
                            201);
  const std::string id = created["id"];
  ASSERT_EQ(summary_once_finished(port_, id)["status"], "finished");
  const json record = http_request(port_, "GET", "/api/matches/" + id + "/record").parsed();
  EXPECT_EQ(record["hints"], true);
  const json analysis = analysis_once_done(port_, id);
  ASSERT_EQ(analysis["status"], "done") << analysis.dump();
  const json& moves = analysis["analysis"]["moves"];
  ASSERT_EQ(moves.size(), record["moves"].size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(moves[i]["move"], record["moves"][i]);
    EXPECT_GE(moves[i]["before"].get<double>(), 0.0);
    EXPECT_LE(moves[i]["after"].get<double>(), 1.0);
  }
  // Asked again: the same analysis, from memory.
  EXPECT_EQ(http_request(port_, "GET", "/api/matches/" + id + "/analysis").parsed(), analysis);
  EXPECT_EQ(http_request(port_, "POST", "/api/matches/" + id + "/analysis").status, 405);
}

}  // namespace
}  // namespace tabletop::server
