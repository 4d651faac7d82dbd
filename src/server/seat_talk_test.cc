// Seat names and what spectators have of the table talk (docs/server.md, "Seat names" and "Table
// talk"): a real server in-process over WebSocket, on SQLite and on a throwaway PostgreSQL; and a
// line said through one server reaching the viewers of another on one PostgreSQL (the PostgreSQL
// cases are skipped, saying why, only where scripts/pg-temp cannot run).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/record.h"
#include "games/games.h"
#include "server/server.h"
#include "testing/client.h"
#include "testing/test_cluster.h"
#include "testing/test_server.h"

namespace tabletop::server {
namespace {

std::unique_ptr<Server> start_on(const std::string& where) {
  return std::make_unique<Server>(games::registry(), test_server_options(where));
}

class SeatTalkTest : public OnEachDatabase {
 protected:
  std::unique_ptr<Server> start() const { return start_on(where_); }
};

json two_people(unsigned short port, json extra = json::object()) {
  json request{{"game", "relativity"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}};
  request.update(extra);
  HttpReply r = http_request(port, "POST", "/api/matches", request.dump());
  EXPECT_EQ(r.status, 201) << r.body;
  return r.parsed();
}

std::string reject_of(WsClient& c) {
  const auto r = c.receive_type("reject");
  return r ? (*r)["reason"].get<std::string>() : "(no reject)";
}

std::string error_of(WsClient& c) {
  const auto e = c.receive_type("error");
  return e ? (*e)["message"].get<std::string>() : "(no error)";
}

// The next state whose seat `seat` has the personal name `name` (null: none).
bool sees_name(WsClient& c, int seat, const json& name) {
  while (const auto state = c.receive_type("state")) {
    const json& s = (*state)["match"]["seats"][seat];
    if (s.value("player", json()) == name) return true;
  }
  return false;
}

// The next chat line `c` receives whose text is `text` (null when none comes).
json line_of(WsClient& c, const std::string& text) {
  while (const auto chat = c.receive_type("chat"))
    for (const json& l : (*chat)["lines"])
      if (l["text"] == text) return l;
  return nullptr;
}

// Every chat line text `c` received (raw transcript, so nothing is missed).
std::vector<std::string> chat_texts(const WsClient& c) {
  std::vector<std::string> texts;
  for (const std::string& text : c.transcript()) {
    const json m = json::parse(text);
    if (m["type"] == "chat")
      for (const json& l : m["lines"]) texts.push_back(l["text"]);
  }
  return texts;
}

TEST_P(SeatTalkTest, SeatNamesAreCleanedCappedShownToEveryoneAndNeverInTheRecord) {
  std::string id;
  std::string record;
  {
    auto server = start();
    const unsigned short port = server->port();
    // The creator may name a seat at once; a name that passes for a label is refused there too.
    const json created = two_people(
        port, {{"seats", {{{"kind", "human"}, {"player", " Anouk\t "}}, {{"kind", "human"}}}}});
    EXPECT_EQ(created["seats"][0]["player"], "Anouk");
    HttpReply bad = http_request(
        port, "POST", "/api/matches",
        json{{"game", "relativity"},
             {"seats", {{{"kind", "human"}, {"player", "Computer (hard)"}}, {{"kind", "human"}}}}}
            .dump());
    EXPECT_EQ(bad.status, 400);
    EXPECT_NE(bad.body.find("could pass for"), std::string::npos) << bad.body;
    id = created["id"];
    WsClient zero(port), one(port), watcher(port);
    const json first = zero.hello(id, {created["seats"][0]["token"]});
    EXPECT_EQ(first["match"]["seats"][0]["player"], "Anouk");
    EXPECT_FALSE(first["match"]["seats"][1].contains("player"));
    one.hello(id, {created["seats"][1]["token"]});
    watcher.hello(id, {});

    // Control and bidirectional characters removed, white space made one space: every viewer
    // sees it, the spectator too, in the seats and in the public summary.
    one.send({{"type", "name"}, {"seat", 1}, {"name", "Bo\u202e\x1b  b\nby"}});
    ASSERT_TRUE(one.receive_type("ack"));
    EXPECT_TRUE(sees_name(watcher, 1, "Bo b by"));
    EXPECT_TRUE(sees_name(zero, 1, "Bo b by"));
    const json summary = http_request(port, "GET", "/api/matches/" + id).parsed();
    EXPECT_EQ(summary["seats"][1]["player"], "Bo b by");
    EXPECT_EQ(summary["seats"][1]["name"], "seat 1");  // the label stays

    // The cap (bytes as sent), names that pass for a label or a computer, a seat not held.
    one.send({{"type", "name"}, {"seat", 1}, {"name", std::string(41, 'x')}});
    EXPECT_NE(reject_of(one).find("at most 40 bytes"), std::string::npos);
    for (const std::string label :
         {"computer", "Computer (medium)", "seat 0", "SEAT-1", "open", "spectator", "You"}) {
      one.send({{"type", "name"}, {"seat", 1}, {"name", label}});
      EXPECT_NE(reject_of(one).find("could pass for"), std::string::npos) << label;
    }
    one.send({{"type", "name"}, {"seat", 0}, {"name", "Mallory"}});
    EXPECT_NE(reject_of(one).find("you do not hold seat 0"), std::string::npos);
    watcher.send({{"type", "name"}, {"seat", 0}, {"name", "Mallory"}});
    EXPECT_NE(reject_of(watcher).find("you do not hold seat 0"), std::string::npos);

    // A chat line names its seat's person.
    one.send({{"type", "chat"}, {"text", "hi all"}});
    const auto line = zero.receive_type("chat");
    ASSERT_TRUE(line);
    EXPECT_EQ((*line)["lines"][0]["player"], "Bo b by");
    EXPECT_EQ((*line)["lines"][0]["seat"], 1);

    // Renaming is rated: four a minute per seat, counting the first.
    one.send({{"type", "name"}, {"seat", 1}, {"name", "B2"}});
    ASSERT_TRUE(one.receive_type("ack"));
    one.send({{"type", "name"}, {"seat", 1}, {"name", "B3"}});
    ASSERT_TRUE(one.receive_type("ack"));
    one.send({{"type", "name"}, {"seat", 1}, {"name", "Bozena"}});
    ASSERT_TRUE(one.receive_type("ack"));
    one.send({{"type", "name"}, {"seat", 1}, {"name", "B5"}});
    EXPECT_NE(reject_of(one).find("renamed too often"), std::string::npos);

    // The end: the result names the people; the record does not.
    one.send({{"type", "resign"}, {"seat", 1}});
    ASSERT_TRUE(one.receive_type("ack"));
    const json ended = http_request(port, "GET", "/api/matches/" + id).parsed();
    EXPECT_EQ(ended["result"]["players"], json({"Anouk", "Bozena"}));
    record = http_request(port, "GET", "/api/matches/" + id + "/record").body;
    EXPECT_EQ(record.find("Anouk"), std::string::npos) << record;
    EXPECT_EQ(record.find("Bozena"), std::string::npos) << record;
    const std::string replay = http_request(port, "GET", "/api/matches/" + id + "/replay").body;
    EXPECT_EQ(replay.find("Anouk"), std::string::npos);
    // Once over, a name no longer changes.
    zero.send({{"type", "name"}, {"seat", 0}, {"name", "Anna"}});
    EXPECT_NE(reject_of(zero).find("over"), std::string::npos);
  }
  // Stored with the match: after a restart, the names are there and the record is the same.
  auto server = start();
  const json s = http_request(server->port(), "GET", "/api/matches/" + id).parsed();
  EXPECT_EQ(s["seats"][0]["player"], "Anouk");
  EXPECT_EQ(s["seats"][1]["player"], "Bozena");
  EXPECT_EQ(http_request(server->port(), "GET", "/api/matches/" + id + "/record").body, record);
  const auto replayed = replay(games::registry(), Record::from_json(json::parse(record)));
  EXPECT_FALSE(replayed->is_terminal());
}

// What each viewer actually received, for each of the creator's choices.
TEST_P(SeatTalkTest, SpectatorsHaveTheTableTalkTheCreatorChose) {
  auto server = start();
  const unsigned short port = server->port();
  HttpReply bad = http_request(port, "POST", "/api/matches",
                               json{{"game", "relativity"},
                                    {"spectator_chat", "shout"},
                                    {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}
                                   .dump());
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.find("'spectator_chat'"), std::string::npos) << bad.body;

  for (const std::string mode : {"", "read", "none", "apart"}) {
    SCOPED_TRACE("spectator_chat " + mode);
    const json created =
        mode.empty() ? two_people(port) : two_people(port, {{"spectator_chat", mode}});
    const std::string id = created["id"];
    const std::string chosen = mode.empty() ? "read" : mode;
    EXPECT_EQ(http_request(port, "GET", "/api/matches/" + id).parsed()["spectator_chat"], chosen);
    WsClient zero(port), one(port), watcher(port), other_watcher(port);
    const json state = zero.hello(id, {created["seats"][0]["token"]});
    EXPECT_EQ(state["match"]["spectator_chat"], chosen);
    one.hello(id, {created["seats"][1]["token"]});
    watcher.hello(id, {});
    other_watcher.hello(id, {});

    zero.send({{"type", "chat"}, {"text", "seats only?"}});
    ASSERT_TRUE(one.receive_type("chat"));
    watcher.send({{"type", "chat"}, {"text", "from the stands"}});
    if (chosen == "apart") {
      const auto heard = other_watcher.receive_type("chat");
      ASSERT_TRUE(heard);
      EXPECT_EQ((*heard)["lines"][0]["seat"], -1);
      EXPECT_EQ((*heard)["lines"][0]["name"], "spectator");
    } else {
      EXPECT_NE(error_of(watcher).find(chosen == "read" ? "read the table talk" : "no table talk"),
                std::string::npos);
    }
    // A mark after which nothing more is sent: a line from seat 1 that both seats receive.
    one.send({{"type", "chat"}, {"text", "mark"}});
    ASSERT_TRUE(zero.receive_type("chat"));
    ASSERT_TRUE(one.receive_type("chat"));
    // A late spectator's hello gets the recent lines it may read, and only those.
    WsClient late(port);
    late.hello(id, {});
    late.send({{"type", "ping"}});
    ASSERT_TRUE(late.receive_type("pong"));
    for (WsClient* c : {&zero, &one, &watcher, &other_watcher}) {
      c->send({{"type", "ping"}});
      ASSERT_TRUE(c->receive_type("pong"));
    }

    const std::vector<std::string> seats_lines = {"seats only?", "mark"};
    const std::vector<std::string> stands = {"from the stands"};
    const std::vector<std::string> none;
    EXPECT_EQ(chat_texts(zero), seats_lines);
    EXPECT_EQ(chat_texts(one), seats_lines);
    const auto& spectators_see =
        chosen == "read" ? seats_lines : (chosen == "apart" ? stands : none);
    EXPECT_EQ(chat_texts(watcher), spectators_see);
    EXPECT_EQ(chat_texts(other_watcher), spectators_see);
    EXPECT_EQ(chat_texts(late), spectators_see);
  }
}

TEST_P(SeatTalkTest, ASeatTakenWithANameShowsItAndARefusedNameNamesTheField) {
  auto server = start();
  const unsigned short port = server->port();
  const json created =
      two_people(port, {{"seats", {{{"kind", "human"}}, {{"kind", "human"}, {"open", true}}}}});
  const std::string id = created["id"];
  const std::string join = "/api/matches/" + id + "/join";
  // Refused names take nothing: the seat stays open.
  for (const json& bad : {json{{"seat", 1}, {"player", 7}}, json{{"seat", 1}, {"player", "Seat 0"}},
                          json{{"seat", 1}, {"player", std::string(41, 'a')}}}) {
    HttpReply r = http_request(port, "POST", join, bad.dump());
    EXPECT_EQ(r.status, 400) << bad.dump();
    EXPECT_NE(r.parsed()["error"].get<std::string>().find("'player'"), std::string::npos) << r.body;
  }
  json seats = http_request(port, "GET", "/api/matches/" + id).parsed()["seats"];
  EXPECT_FALSE(seats[1].value("claimed", false));
  // A name given with the claim is cleaned and shown to everyone with the seat.
  HttpReply r =
      http_request(port, "POST", join, json{{"seat", 1}, {"player", "  Ana\x07  María "}}.dump());
  ASSERT_EQ(r.status, 200) << r.body;
  seats = http_request(port, "GET", "/api/matches/" + id).parsed()["seats"];
  EXPECT_EQ(seats[1]["player"], "Ana María");
  WsClient watcher(port);
  const json state = watcher.hello(id, {});
  EXPECT_EQ(state["match"]["seats"][1]["player"], "Ana María");
  // Without a name, as before: none.
  const json other =
      two_people(port, {{"seats", {{{"kind", "human"}}, {{"kind", "human"}, {"open", true}}}}});
  ASSERT_EQ(http_request(port, "POST", "/api/matches/" + other["id"].get<std::string>() + "/join",
                         json{{"seat", 1}}.dump())
                .status,
            200);
  EXPECT_FALSE(http_request(port, "GET", "/api/matches/" + other["id"].get<std::string>())
                   .parsed()["seats"][1]
                   .contains("player"));
}

INSTANTIATE_TEST_SUITE_P(BothStores, SeatTalkTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& param) { return param.param; });

// Two servers on one PostgreSQL: a line said to A reaches the viewers connected to B (announced
// like a move, coordination.h), as the spectators' choice allows; a name set through B shows on A.
TEST(SeatTalkAcrossProcesses, ALineSaidToOneServerReachesTheViewersOfAnother) {
  const std::string where = fresh_database("postgresql", "SeatTalkAcrossProcesses");
  if (where.empty()) GTEST_SKIP() << "PostgreSQL is not available here: " << no_postgresql();
  auto a = start_on(where);
  auto b = start_on(where);
  const json created = two_people(a->port(), {{"spectator_chat", "apart"}});
  const std::string id = created["id"];
  WsClient zero(a->port()), one(b->port()), watcher_a(a->port()), watcher_b(b->port());
  zero.hello(id, {created["seats"][0]["token"]});
  one.hello(id, {created["seats"][1]["token"]});
  watcher_a.hello(id, {});
  watcher_b.hello(id, {});

  zero.send({{"type", "chat"}, {"text", "from A"}});
  const json on_b = line_of(one, "from A");
  ASSERT_TRUE(on_b.is_object());
  EXPECT_EQ(on_b["n"], 0);
  one.send({{"type", "chat"}, {"text", "from B"}});
  const json on_a = line_of(zero, "from B");
  ASSERT_TRUE(on_a.is_object());
  EXPECT_EQ(on_a["n"], 1);
  EXPECT_EQ(on_a["seat"], 1);
  watcher_b.send({{"type", "chat"}, {"text", "stands on B"}});
  const json stands_a = line_of(watcher_a, "stands on B");
  ASSERT_TRUE(stands_a.is_object());
  EXPECT_EQ(stands_a["seat"], -1);

  one.send({{"type", "name"}, {"seat", 1}, {"name", "Bo"}});
  ASSERT_TRUE(one.receive_type("ack"));
  EXPECT_TRUE(sees_name(zero, 1, "Bo"));
  EXPECT_TRUE(sees_name(watcher_a, 1, "Bo"));

  // Each received what it may read, once each.
  for (WsClient* c : {&zero, &one}) {
    c->send({{"type", "ping"}});
    ASSERT_TRUE(c->receive_type("pong"));
  }
  for (WsClient* c : {&watcher_a, &watcher_b}) {
    c->send({{"type", "ping"}});
    ASSERT_TRUE(c->receive_type("pong"));
  }
  const std::vector<std::string> seats_lines = {"from A", "from B"};
  const std::vector<std::string> stands = {"stands on B"};
  EXPECT_EQ(chat_texts(zero), seats_lines);
  EXPECT_EQ(chat_texts(one), seats_lines);
  EXPECT_EQ(chat_texts(watcher_a), stands);
  EXPECT_EQ(chat_texts(watcher_b), stands);
}

}  // namespace
}  // namespace tabletop::server
