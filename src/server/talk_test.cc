// Table talk, resign and abandon (docs/server.md, "Table talk" and "Resign and abandon"): a real
// server in-process over WebSocket, on SQLite and on a throwaway PostgreSQL (the PostgreSQL cases
// are skipped, saying why, only where scripts/pg-temp cannot run).
#include <gtest/gtest.h>

#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include "core/record.h"
#include "games/games.h"
#include "server/match_sweeper.h"
#include "server/server.h"
#include "testing/client.h"
#include "testing/test_cluster.h"
#include "testing/test_server.h"

namespace tabletop::server {
namespace {

class TalkTest : public OnEachDatabase {
 protected:
  // A server on the test's database with small chat limits (three lines a minute, 40 bytes).
  std::unique_ptr<Server> start() const {
    ServerOptions o = test_server_options(where_);
    o.chat_max_bytes = 40;
    o.chat_per_minute = 3;
    return std::make_unique<Server>(games::registry(), o);
  }
};

json create(unsigned short port, json request) {
  HttpReply r = http_request(port, "POST", "/api/matches", request.dump());
  EXPECT_EQ(r.status, 201) << r.body;
  return r.parsed();
}

json two_people(unsigned short port, const std::string& resign = "rule") {
  return create(port, {{"game", "relativity"},
                       {"resign", resign},
                       {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}});
}

std::string error_of(WsClient& c) {
  const auto e = c.receive_type("error");
  return e ? (*e)["message"].get<std::string>() : "(no error)";
}

std::string reject_of(WsClient& c) {
  const auto r = c.receive_type("reject");
  return r ? (*r)["reason"].get<std::string>() : "(no reject)";
}

json summary(unsigned short port, const std::string& id) {
  return http_request(port, "GET", "/api/matches/" + id).parsed();
}

// Plays the first legal move of seat `seat`'s view in `state`; answers the next state.
json play_first(WsClient& c, const json& state, int seat) {
  for (const json& v : state["views"])
    if (v["seat"] == seat && !v["legal"].empty()) {
      c.send({{"type", "move"},
              {"seat", seat},
              {"seq", state["seq"]},
              {"move", v["legal"][0]["move"]}});
      const auto ack = c.receive_type("ack");
      EXPECT_TRUE(ack);
      auto next = c.receive_type("state");
      while (ack && next && (*next)["seq"] != (*ack)["seq"]) next = c.receive_type("state");
      return next.value_or(json());
    }
  ADD_FAILURE() << "seat " << seat << " has no move";
  return state;
}

TEST_P(TalkTest, ChatIsCleanedCappedRatedPushedToEveryViewerAndKeptApartFromTheRecord) {
  std::string id;
  std::vector<std::string> tokens;
  {
    auto server = start();
    const unsigned short port = server->port();
    const json created = two_people(port);
    id = created["id"];
    tokens = {created["seats"][0]["token"], created["seats"][1]["token"]};
    WsClient zero(port), one(port), watcher(port);
    zero.hello(id, {tokens[0]});
    one.hello(id, {tokens[1]});
    watcher.hello(id, {});

    // Control characters, an escape sequence's ESC and a bidirectional override are removed; a
    // line break becomes a space.
    zero.send({{"type", "chat"}, {"text", "gl\x1b[31m hf\u202e!\nok\x07"}});
    for (WsClient* c : {&zero, &one, &watcher}) {
      const auto line = c->receive_type("chat");
      ASSERT_TRUE(line);
      ASSERT_EQ((*line)["lines"].size(), 1u);
      const json& l = (*line)["lines"][0];
      EXPECT_EQ(l["text"], "gl[31m hf! ok");
      EXPECT_EQ(l["seat"], 0);
      EXPECT_EQ(l["n"], 0);
      EXPECT_FALSE(l["name"].get<std::string>().empty());
      EXPECT_GT(l["at"].get<long long>(), 0);
      EXPECT_FALSE(line->contains("recent"));
    }
    // A spectator reads but does not write; nobody writes as a seat it does not hold.
    watcher.send({{"type", "chat"}, {"text", "hello"}});
    EXPECT_NE(error_of(watcher).find("spectators"), std::string::npos);
    zero.send({{"type", "chat"}, {"seat", 1}, {"text", "as seat 1"}});
    EXPECT_NE(error_of(zero).find("you do not hold seat 1"), std::string::npos);
    // The byte cap, and a line that is nothing once cleaned.
    zero.send({{"type", "chat"}, {"text", std::string(41, 'x')}});
    EXPECT_NE(error_of(zero).find("--chat-max-bytes"), std::string::npos);
    zero.send({{"type", "chat"}, {"text", "\x01\x02 \t"}});
    EXPECT_NE(error_of(zero).find("needs some text"), std::string::npos);
    // Three lines a minute per seat: two more pass, the next is refused naming the flag; the
    // other seat has its own allowance.
    zero.send({{"type", "chat"}, {"text", "two"}});
    zero.send({{"type", "chat"}, {"text", "three"}});
    EXPECT_TRUE(one.receive_type("chat"));
    EXPECT_TRUE(one.receive_type("chat"));
    zero.send({{"type", "chat"}, {"text", "four"}});
    EXPECT_NE(error_of(zero).find("--chat-per-minute"), std::string::npos);
    one.send({{"type", "chat"}, {"text", "seat one here"}});
    const auto from_one = zero.receive_type("chat");
    ASSERT_TRUE(from_one);
    EXPECT_EQ((*from_one)["lines"][0]["seat"], 1);
    EXPECT_EQ((*from_one)["lines"][0]["n"], 3);

    // Seat 1 resigns: the record is public, and holds no line of the talk; nor does any log.
    one.send({{"type", "resign"}, {"seat", 1}});
    ASSERT_TRUE(one.receive_type("ack"));
    const std::string record = http_request(port, "GET", "/api/matches/" + id + "/record").body;
    EXPECT_EQ(record.find("gl[31m"), std::string::npos) << record;
    EXPECT_EQ(record.find("seat one here"), std::string::npos) << record;
    for (WsClient* c : {&zero, &one, &watcher})
      for (const std::string& text : c->transcript()) {
        if (text.starts_with(R"({"type":"state")")) {
          EXPECT_EQ(text.find("seat one here"), std::string::npos) << text;
        }
      }
  }
  // After a restart a viewer saying hello gets the recent lines after its state, as stored.
  auto server = start();
  WsClient later(server->port());
  later.hello(id, {});
  const auto recent = later.receive_type("chat");
  ASSERT_TRUE(recent);
  EXPECT_EQ((*recent)["recent"], true);
  std::vector<std::string> texts;
  for (const json& l : (*recent)["lines"]) texts.push_back(l["text"]);
  EXPECT_EQ(texts, (std::vector<std::string>{"gl[31m hf! ok", "two", "three", "seat one here"}));
}

TEST_P(TalkTest, ResigningATwoSeatMatchLosesItAndTheRecordReplaysAfterARestart) {
  std::string id;
  json record_before;
  {
    auto server = start();
    const unsigned short port = server->port();
    const json created = two_people(port);
    id = created["id"];
    WsClient zero(port), one(port), watcher(port);
    json state = zero.hello(id, {created["seats"][0]["token"]});
    one.hello(id, {created["seats"][1]["token"]});
    watcher.hello(id, {});
    state = play_first(zero, state, 0);
    // Only a seat's holder resigns it.
    zero.send({{"type", "resign"}, {"seat", 1}});
    EXPECT_NE(reject_of(zero).find("you do not hold seat 1"), std::string::npos);
    watcher.send({{"type", "resign"}, {"seat", 0}});
    EXPECT_NE(reject_of(watcher).find("you do not hold seat 0"), std::string::npos);
    one.send({{"type", "resign"}, {"seat", 1}});
    ASSERT_TRUE(one.receive_type("ack"));
    const auto ended = watcher.receive_type("state");
    ASSERT_TRUE(ended);
    EXPECT_EQ((*ended)["match"]["status"], "finished");
    EXPECT_TRUE((*ended)["to_move"].is_null());
    for (const json& v : (*ended)["views"]) EXPECT_TRUE(v["legal"].empty());
    const json s = summary(port, id);
    EXPECT_EQ(s["status"], "finished");
    EXPECT_EQ(s["result"]["resigned"], 1);
    EXPECT_EQ(s["result"]["returns"], json({1.0, -1.0}));
    EXPECT_NE(s["result"]["reason"].get<std::string>().find("resigned"), std::string::npos);
    // No more moves.
    zero.send({{"type", "move"}, {"seat", 1}, {"seq", s["seq"]}, {"move", "a1#a2"}});
    EXPECT_FALSE(reject_of(zero).empty());
    record_before = http_request(port, "GET", "/api/matches/" + id + "/record").parsed();
  }
  auto server = start();
  const json s = summary(server->port(), id);
  EXPECT_EQ(s["status"], "finished");
  EXPECT_EQ(s["result"]["resigned"], 1);
  const json record =
      http_request(server->port(), "GET", "/api/matches/" + id + "/record").parsed();
  EXPECT_EQ(record, record_before);
  EXPECT_EQ(record["resigned"]["seat"], 1);
  EXPECT_EQ(record["resigned"]["at_move"], 1);
  EXPECT_EQ(record["moves"].size(), 1u);
  EXPECT_FALSE(record.contains("result"));  // the game did not end by its rules
  const auto replayed = replay(games::registry(), Record::from_json(record));
  EXPECT_FALSE(replayed->is_terminal());
  EXPECT_EQ(http_request(server->port(), "GET", "/api/matches/" + id + "/replay").status, 200);
}

TEST_P(TalkTest, ACreatorWhoChoseComputersHasAResignedSeatPlayedOn) {
  auto server = start();
  const unsigned short port = server->port();
  const json created = two_people(port, "computer");
  const std::string id = created["id"];
  WsClient zero(port), one(port);
  zero.hello(id, {created["seats"][0]["token"]});
  one.hello(id, {created["seats"][1]["token"]});
  one.send({{"type", "resign"}, {"seat", 1}});
  ASSERT_TRUE(one.receive_type("ack"));
  const json s = summary(port, id);
  EXPECT_EQ(s["status"], "running");
  EXPECT_EQ(s["seats"][1]["kind"], "computer");
  EXPECT_TRUE(s["result"].is_null());
  // The resigned seat's token holds nothing any more.
  WsClient again(port);
  again.send({{"type", "hello"}, {"match", id}, {"tokens", {created["seats"][1]["token"]}}});
  EXPECT_NE(error_of(again).find("computer"), std::string::npos);
  // A bad choice at creation is named.
  HttpReply bad = http_request(port, "POST", "/api/matches",
                               json{{"game", "relativity"},
                                    {"resign", "leave"},
                                    {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}
                                   .dump());
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.find("'resign'"), std::string::npos) << bad.body;
}

TEST_P(TalkTest, TheCreatorAbandonsAMatchNotUnderWayAndItLeavesTheRunningList) {
  auto server = start();
  const unsigned short port = server->port();
  const json created = two_people(port);
  const std::string id = created["id"];
  WsClient zero(port);
  auto one = std::make_unique<WsClient>(port);
  json state = zero.hello(id, {created["seats"][0]["token"]});
  one->hello(id, {created["seats"][1]["token"]});
  // The other seat is not the creator.
  one->send({{"type", "abandon"}});
  EXPECT_NE(reject_of(*one).find("creator"), std::string::npos);
  // Under way: seat 1 is to move and connected.
  state = play_first(zero, state, 0);
  zero.send({{"type", "abandon"}});
  EXPECT_NE(reject_of(zero).find("under way"), std::string::npos);
  // Seat 1 gone: the creator may end it.
  one->send({{"type", "chat"}, {"text", "bye"}});
  ASSERT_TRUE(zero.receive_type("chat"));
  one.reset();
  EXPECT_TRUE(zero.receive_type("state"));  // seat 1 left
  zero.send({{"type", "abandon"}});
  ASSERT_TRUE(zero.receive_type("ack"));
  const json s = summary(port, id);
  EXPECT_EQ(s["status"], "abandoned");
  EXPECT_EQ(s["result"]["abandoned"], true);
  auto listed = [&](const std::string& status) {
    for (const json& m : http_request(port, "GET", "/api/matches?status=" + status).parsed())
      if (m["id"] == id) return true;
    return false;
  };
  EXPECT_FALSE(listed("running"));
  EXPECT_TRUE(listed("abandoned"));
  // Kept for replay: the record and the replay are public.
  const json record = http_request(port, "GET", "/api/matches/" + id + "/record").parsed();
  EXPECT_EQ(record["abandoned"], true);
  EXPECT_EQ(record["moves"].size(), 1u);
  EXPECT_EQ(http_request(port, "GET", "/api/matches/" + id + "/replay").status, 200);
  // A match with no move yet may be abandoned at once.
  const json fresh = two_people(port);
  WsClient creator(port);
  creator.hello(fresh["id"], {fresh["seats"][0]["token"]});
  creator.send({{"type", "abandon"}});
  EXPECT_TRUE(creator.receive_type("ack"));
  EXPECT_EQ(summary(port, fresh["id"])["status"], "abandoned");
}

// The match sweep with a clock of the test's own (MatchSweeper::sweep(now)), times being whole
// seconds: a match with no move for longer than the abandon time is abandoned through its room
// (its viewer sees it) and leaves the running list, one that moved since stays; an ended match is
// removed with its moves and table talk once older than the keep time, not before.
TEST_P(TalkTest, StalledMatchesAreAbandonedAndOldEndedOnesRemovedWithTheirTalk) {
  auto server = start();
  const unsigned short port = server->port();
  const long long t0 = std::time(nullptr);
  const json stalled = two_people(port);
  WsClient watcher(port), player(port);
  watcher.hello(stalled["id"], {});
  // The other match is made and moves two seconds later (the sweep's cutoff falls between).
  while (std::time(nullptr) < t0 + 2) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const json lively = two_people(port);
  json state = player.hello(lively["id"], {lively["seats"][0]["token"]});
  player.send({{"type", "chat"}, {"text", "anyone there?"}});
  ASSERT_TRUE(player.receive_type("chat"));
  state = play_first(player, state, 0);
  MatchSweeper sweeper(server->lobby(), 3600, 2 * 86400.0);
  // An hour and a second after the first match was made.
  EXPECT_EQ(sweeper.sweep(t0 + 3601), std::make_pair(1, 0));
  EXPECT_EQ(summary(port, stalled["id"])["status"], "abandoned");
  EXPECT_EQ(summary(port, lively["id"])["status"], "running");
  const auto seen = watcher.receive_type("state");
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["match"]["status"], "abandoned");
  // The lively match ends; a day later both are kept, three days later both are removed.
  player.send({{"type", "resign"}, {"seat", 0}});
  ASSERT_TRUE(player.receive_type("ack"));
  const long long ended = std::time(nullptr);
  EXPECT_EQ(sweeper.sweep(ended + 86400), std::make_pair(0, 0));
  EXPECT_EQ(sweeper.sweep(ended + 3 * 86400), std::make_pair(0, 2));
  EXPECT_EQ(http_request(port, "GET", "/api/matches/" + stalled["id"].get<std::string>()).status,
            404);
  EXPECT_EQ(http_request(port, "GET", "/api/matches/" + lively["id"].get<std::string>()).status,
            404);
  EXPECT_TRUE(server->lobby().store().chat().recent_chat(lively["id"], 10).empty());
  EXPECT_FALSE(server->lobby().store().matches().load(lively["id"]));
}

INSTANTIATE_TEST_SUITE_P(BothStores, TalkTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& param) { return param.param; });

}  // namespace
}  // namespace tabletop::server
