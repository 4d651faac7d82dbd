// Match clocks (docs/server.md, Clocks): the clock arithmetic alone, then a real server in-process
// over WebSocket on SQLite and on a throwaway PostgreSQL (the PostgreSQL cases are skipped, saying
// why, only where scripts/pg-temp cannot run). Time is a ManualClock: nothing waits for it.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "games/games.h"
#include "server/clock_sweeper.h"
#include "server/json_input.h"
#include "server/match_clock.h"
#include "server/server.h"
#include "testing/client.h"
#include "testing/test_cluster.h"
#include "testing/test_server.h"

namespace tabletop::server {
namespace {

constexpr long long kStart = 1'800'000'000'000;  // ms since the epoch
constexpr long long kSecond = 1000, kMinute = 60 * kSecond, kHour = 60 * kMinute;

TimeControl real_time(int minutes, int increment_s, const char* rule = "computer") {
  return TimeControl::from_request({{"mode", "real-time"},
                                    {"minutes", minutes},
                                    {"increment_s", increment_s},
                                    {"on_timeout", rule}});
}

TEST(MatchClock, NoClockRunsBeforeTheFirstMoveThenAMoveTakesItsTimeAndAddsTheIncrement) {
  MatchClock clock(real_time(10, 10), 2);
  EXPECT_EQ(clock.running(), -1);
  EXPECT_EQ(clock.left_ms(0, kStart + kHour), 10 * kMinute);
  clock.moved(0, kStart, 1);  // the first move is not timed
  EXPECT_EQ(clock.left_ms(0, kStart), 10 * kMinute);
  EXPECT_EQ(clock.running(), 1);
  EXPECT_EQ(clock.left_ms(1, kStart + 30 * kSecond), 10 * kMinute - 30 * kSecond);
  clock.moved(1, kStart + 30 * kSecond, 0);
  EXPECT_EQ(clock.left_ms(1, kStart + kHour), 10 * kMinute - 20 * kSecond);
  EXPECT_EQ(clock.deadline_ms(), kStart + 30 * kSecond + 10 * kMinute);
  EXPECT_EQ(clock.expired(kStart + 30 * kSecond + 10 * kMinute - 1), -1);
  EXPECT_EQ(clock.expired(kStart + 30 * kSecond + 10 * kMinute), 0);
  // Stored and read back, it is the same clock.
  const MatchClock back = MatchClock::from_json(clock.to_json(), 2);
  EXPECT_EQ(back.to_json(), clock.to_json());
  EXPECT_EQ(back.left_ms(0, kStart + kMinute), clock.left_ms(0, kStart + kMinute));
}

TEST(MatchClock, ATurnBasedMoveHasItsDaysAfreshAndTheViewSaysWhoseClockRuns) {
  MatchClock clock(TimeControl::from_request({{"mode", "turn-based"}, {"days", 2}}), 3);
  clock.moved(0, kStart, 1);
  clock.moved(1, kStart + 40 * kHour, 2);
  EXPECT_EQ(clock.left_ms(1, kStart + 50 * kHour), 48 * kHour);
  EXPECT_EQ(clock.left_ms(2, kStart + 50 * kHour), 38 * kHour);
  const json view = clock.view(kStart + 50 * kHour);
  EXPECT_EQ(view["mode"], "turn-based");
  EXPECT_EQ(view["running"], 2);
  EXPECT_EQ(view["now_ms"], kStart + 50 * kHour);
  EXPECT_EQ(view["remaining_ms"], json({48 * kHour, 48 * kHour, 38 * kHour}));
  EXPECT_EQ(view["per_move_ms"], 48 * kHour);
  clock.turn_restarts(-1, kStart + 51 * kHour);  // the end
  EXPECT_FALSE(clock.deadline_ms());
  EXPECT_TRUE(MatchClock(TimeControl{}, 2).view(kStart).is_null());
}

TEST(MatchClock, HostileClockRequestsAreRefusedNamingTheField) {
  const std::vector<std::pair<json, std::string>> bad = {
      {json("10+10"), "'clock'"},
      {json::array(), "'clock'"},
      {{{"mode", "blitz"}}, "'clock.mode'"},
      {{{"mode", 3}}, "'clock.mode'"},
      {{{"mode", "real-time"}}, "'clock.minutes'"},
      {{{"mode", "real-time"}, {"minutes", 0}}, "'clock.minutes'"},
      {{{"mode", "real-time"}, {"minutes", 601}}, "'clock.minutes'"},
      {{{"mode", "real-time"}, {"minutes", 10.5}}, "'clock.minutes'"},
      {{{"mode", "real-time"}, {"minutes", "10"}}, "'clock.minutes'"},
      {{{"mode", "real-time"}, {"minutes", 18446744073709551615ull}}, "'clock.minutes'"},
      {{{"mode", "real-time"}, {"minutes", -9223372036854775807LL}}, "'clock.minutes'"},
      {{{"mode", "real-time"}, {"minutes", 5}, {"increment_s", -1}}, "'clock.increment_s'"},
      {{{"mode", "real-time"}, {"minutes", 5}, {"increment_s", 601}}, "'clock.increment_s'"},
      {{{"mode", "real-time"}, {"minutes", 5}, {"days", 1}}, "'clock.days'"},
      {{{"mode", "turn-based"}}, "'clock.days'"},
      {{{"mode", "turn-based"}, {"days", 15}}, "'clock.days'"},
      {{{"mode", "turn-based"}, {"days", 0}}, "'clock.days'"},
      {{{"mode", "turn-based"}, {"days", 1}, {"minutes", 5}}, "'clock.minutes'"},
      {{{"mode", "turn-based"}, {"days", 1}, {"on_timeout", "draw"}}, "'clock.on_timeout'"},
      {{{"mode", "turn-based"}, {"days", 1}, {"on_timeout", nullptr}}, "'clock.on_timeout'"},
      {{{"mode", "turn-based"}, {"days", 1}, {"speed", 1}}, "unknown key 'speed'"},
  };
  for (const auto& [field, named] : bad) {
    try {
      TimeControl::from_request(field);
      ADD_FAILURE() << field.dump() << " was accepted";
    } catch (const BadInput& e) {
      EXPECT_NE(std::string(e.what()).find(named), std::string::npos)
          << field.dump() << ": " << e.what();
    }
  }
  EXPECT_EQ(TimeControl::from_request(nullptr).mode, TimeControl::Mode::kNone);
  EXPECT_EQ(TimeControl::from_request({{"mode", "none"}}).mode, TimeControl::Mode::kNone);
}

class ClockTest : public OnEachDatabase {
 protected:
  // A server on the test's database reading `clock_`; no sweep thread (the test sweeps).
  std::unique_ptr<Server> start() const {
    ServerOptions o = test_server_options(where_);
    o.clock_sweep_ms = 0;
    o.clock = &clock_;
    return std::make_unique<Server>(games::registry(), o);
  }
  ManualClock clock_{kStart};
};

// A server with the test clock route (serve --test-clock) on `test_clock`, or without it.
std::unique_ptr<Server> start_with_test_clock(const std::string& where, ScaledClock* test_clock) {
  ServerOptions o = test_server_options(where);
  o.clock_sweep_ms = 0;
  o.clock = test_clock;
  o.test_clock = test_clock;
  return std::make_unique<Server>(games::registry(), o);
}

json create(unsigned short port, const json& clock) {
  HttpReply r = http_request(port, "POST", "/api/matches",
                             json{{"game", "relativity"},
                                  {"clock", clock},
                                  {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}
                                 .dump());
  EXPECT_EQ(r.status, 201) << r.body;
  return r.parsed();
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

json summary(unsigned short port, const std::string& id) {
  return http_request(port, "GET", "/api/matches/" + id).parsed();
}

TEST_P(ClockTest, EveryStateCarriesTheClocksAndAMoveAddsItsIncrement) {
  auto server = start();
  const unsigned short port = server->port();
  const json created = create(port, {{"mode", "real-time"}, {"minutes", 10}, {"increment_s", 10}});
  const std::string id = created["id"];
  WsClient zero(port), one(port);
  json state = zero.hello(id, {created["seats"][0]["token"]});
  one.hello(id, {created["seats"][1]["token"]});
  EXPECT_EQ(state["clock"]["mode"], "real-time");
  EXPECT_TRUE(state["clock"]["running"].is_null());  // not before the first move
  EXPECT_EQ(state["clock"]["remaining_ms"], json({10 * kMinute, 10 * kMinute}));
  state = play_first(zero, state, 0);
  EXPECT_EQ(state["clock"]["running"], 1);
  EXPECT_EQ(state["clock"]["now_ms"], kStart);
  clock_.advance(25 * kSecond);
  state = play_first(one, one.receive_type("state").value_or(state), 1);
  EXPECT_EQ(state["clock"]["running"], 0);
  EXPECT_EQ(state["clock"]["remaining_ms"], json({10 * kMinute, 10 * kMinute - 15 * kSecond}));
  // The lobby's summary shows the clock as of its now.
  clock_.advance(kMinute);
  const json s = summary(port, id);
  EXPECT_EQ(s["clock"]["remaining_ms"], json({9 * kMinute, 10 * kMinute - 15 * kSecond}));
  EXPECT_EQ(s["clock"]["increment_ms"], 10 * kSecond);
  // A match without a clock says so.
  EXPECT_TRUE(summary(port, create(port, nullptr)["id"])["clock"].is_null());
}

TEST_P(ClockTest, ARunOutSeatIsHandedToAComputerByTheSweep) {
  auto server = start();
  const unsigned short port = server->port();
  const json created = create(port, {{"mode", "real-time"}, {"minutes", 1}});
  const std::string id = created["id"];
  WsClient zero(port), one(port);
  json state = zero.hello(id, {created["seats"][0]["token"]});
  one.hello(id, {created["seats"][1]["token"]});
  state = play_first(zero, state, 0);
  ClockSweeper sweeper(server->lobby(), 0);
  clock_.advance(59 * kSecond);
  EXPECT_EQ(sweeper.sweep(), 0);
  clock_.advance(kSecond);
  EXPECT_EQ(sweeper.sweep(), 1);
  EXPECT_EQ(sweeper.sweep(), 0);  // once
  const json s = summary(port, id);
  EXPECT_EQ(s["status"], "running");
  EXPECT_EQ(s["seats"][1]["kind"], "computer");
  EXPECT_EQ(s["seats"][1]["taken_over_at"], 1);
  EXPECT_EQ(s["clock"]["remaining_ms"][1], 0);
  // Its old token unlocks nothing any more; the computer plays on.
  one.send({{"type", "move"}, {"seat", 1}, {"seq", s["seq"]}, {"move", "a1#a2"}});
  EXPECT_TRUE(one.receive_type("reject"));
}

TEST_P(ClockTest, ARunOutSeatLosesOnTimeWhenTheCreatorChoseSoEvenBeforeTheSweep) {
  auto server = start();
  const unsigned short port = server->port();
  const json created =
      create(port, {{"mode", "real-time"}, {"minutes", 1}, {"on_timeout", "loss"}});
  const std::string id = created["id"];
  WsClient zero(port), one(port), watcher(port);
  json state = zero.hello(id, {created["seats"][0]["token"]});
  json seen = one.hello(id, {created["seats"][1]["token"]});
  watcher.hello(id, {});
  state = play_first(zero, state, 0);
  seen = one.receive_type("state").value_or(json());
  clock_.advance(kMinute + kSecond);
  // A move after the time is refused, and the rule applies at once.
  for (const json& v : seen["views"])
    if (v["seat"] == 1 && !v["legal"].empty())
      one.send(
          {{"type", "move"}, {"seat", 1}, {"seq", seen["seq"]}, {"move", v["legal"][0]["move"]}});
  const auto reject = one.receive_type("reject");
  ASSERT_TRUE(reject);
  EXPECT_NE((*reject)["reason"].get<std::string>().find("out of time"), std::string::npos);
  auto ended = watcher.receive_type("state");
  while (ended && (*ended)["match"]["status"] != "finished") ended = watcher.receive_type("state");
  ASSERT_TRUE(ended);
  EXPECT_EQ((*ended)["result"]["ended_by"], "time");
  EXPECT_EQ((*ended)["result"]["timed_out"], 1);
  EXPECT_EQ((*ended)["result"]["returns"], json({1.0, -1.0}));
  EXPECT_NE((*ended)["result"]["reason"].get<std::string>().find("lost on time"),
            std::string::npos);
  EXPECT_TRUE((*ended)["clock"]["running"].is_null());
  const json record = http_request(port, "GET", "/api/matches/" + id + "/record").parsed();
  EXPECT_EQ(record["moves"].size(), 1u);
  EXPECT_EQ(record["resigned"]["seat"], 1);
  EXPECT_EQ(record["resigned"]["ended_by"], "time");
  EXPECT_EQ(ClockSweeper(server->lobby(), 0).sweep(), 0);
}

TEST_P(ClockTest, ATurnBasedMatchKeepsItsClocksAcrossARestart) {
  std::string id;
  std::vector<std::string> tokens;
  {
    auto server = start();
    const unsigned short port = server->port();
    const json created =
        create(port, {{"mode", "turn-based"}, {"days", 2}, {"on_timeout", "loss"}});
    id = created["id"];
    tokens = {created["seats"][0]["token"], created["seats"][1]["token"]};
    WsClient zero(port);
    json state = zero.hello(id, {tokens[0]});
    play_first(zero, state, 0);
    clock_.advance(30 * kHour);
  }
  {
    auto server = start();  // a new process on the same database, 30 hours into seat 1's move
    const unsigned short port = server->port();
    const json s = summary(port, id);
    EXPECT_EQ(s["clock"]["running"], 1);
    EXPECT_EQ(s["clock"]["remaining_ms"], json({48 * kHour, 18 * kHour}));
    WsClient one(port);
    json state = one.hello(id, {tokens[1]});
    EXPECT_EQ(state["clock"]["remaining_ms"][1], 18 * kHour);
    play_first(one, state, 1);
    clock_.advance(47 * kHour);
  }
  auto server = start();
  const unsigned short port = server->port();
  EXPECT_EQ(summary(port, id)["clock"]["remaining_ms"], json({kHour, 48 * kHour}));
  ClockSweeper sweeper(server->lobby(), 0);
  EXPECT_EQ(sweeper.sweep(), 0);
  clock_.advance(kHour);
  EXPECT_EQ(sweeper.sweep(), 1);  // the room was not in memory: the database knew the deadline
  const json s = summary(port, id);
  EXPECT_EQ(s["status"], "finished");
  EXPECT_EQ(s["result"]["timed_out"], 0);
}

TEST_P(ClockTest, OnlyOneProcessAppliesATimeOut) {
  auto first = start();
  auto second = start();  // another process on the same database
  // The loss rule: the match ends with the time-out, so no computer move follows it.
  const json created =
      create(first->port(), {{"mode", "real-time"}, {"minutes", 1}, {"on_timeout", "loss"}});
  const std::string id = created["id"];
  WsClient zero(first->port());
  json state = zero.hello(id, {created["seats"][0]["token"]});
  state = play_first(zero, state, 0);
  ASSERT_TRUE(second->lobby().find(id));  // in both processes' memory
  const long long seq = state["seq"];
  clock_.advance(2 * kMinute);
  std::atomic<int> applied{0};
  std::vector<std::thread> sweeps;
  for (Server* s : {first.get(), second.get()})
    sweeps.emplace_back([s, &applied] {
      ClockSweeper sweeper(s->lobby(), 0);
      for (int i = 0; i < 5; ++i) applied += sweeper.sweep();
    });
  for (std::thread& t : sweeps) t.join();
  EXPECT_EQ(applied.load(), 1);
  const std::optional<StoredMatch> stored = first->lobby().store().matches().load(id);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->seq, seq + 1);  // one change
  EXPECT_EQ(stored->status, "finished");
  EXPECT_EQ(stored->result["timed_out"], 1);
}

TEST_P(ClockTest, HostileClockFieldsAreRefusedWithAJsonError) {
  auto server = start();
  for (const json& clock : {json("fast"), json({{"mode", "real-time"}, {"minutes", 100000}}),
                            json({{"mode", "turn-based"}, {"days", -1}})}) {
    HttpReply r = http_request(server->port(), "POST", "/api/matches",
                               json{{"game", "relativity"},
                                    {"clock", clock},
                                    {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}}
                                   .dump());
    EXPECT_EQ(r.status, 400) << clock.dump();
    EXPECT_NE(r.parsed()["error"].get<std::string>().find("clock"), std::string::npos) << r.body;
  }
  EXPECT_EQ(server->lobby().unfinished(), 0);
}

TEST_P(ClockTest, AMoveAndItsClockAreStoredInOneChange) {
  auto server = start();
  const unsigned short port = server->port();
  const json created = create(port, {{"mode", "turn-based"}, {"days", 1}});
  const std::string id = created["id"];
  WsClient zero(port);
  json state = zero.hello(id, {created["seats"][0]["token"]});
  state = play_first(zero, state, 0);
  const std::optional<StoredMatch> stored = server->lobby().store().matches().load(id);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->moves.size(), 1u);
  // The clock the change stored names the change's own seq, and runs for the seat to move.
  EXPECT_EQ(stored->clock["seq"], stored->seq);
  EXPECT_EQ(stored->clock["seq"], state["seq"]);
  const MatchClock back = MatchClock::from_json(stored->clock, 2);
  EXPECT_EQ(back.running(), 1);
  EXPECT_EQ(back.deadline_ms(), kStart + 24 * kHour);
}

TEST_P(ClockTest, TheTestClockMovesOnlyWhereTheFlagIsGivenAndChecksItsInput) {
  {
    auto plain = start_with_test_clock(where_, nullptr);
    HttpReply r =
        http_request(plain->port(), "POST", "/api/test-clock", json{{"advance_ms", kHour}}.dump());
    EXPECT_EQ(r.status, 404);
    EXPECT_NE(r.parsed()["error"].get<std::string>().find("--test-clock"), std::string::npos);
  }
  ScaledClock test_clock(1);
  auto server = start_with_test_clock(where_, &test_clock);
  const unsigned short port = server->port();
  const json created = create(port, {{"mode", "turn-based"}, {"days", 1}, {"on_timeout", "loss"}});
  const std::string id = created["id"];
  WsClient zero(port);
  play_first(zero, zero.hello(id, {created["seats"][0]["token"]}), 0);
  for (const json& bad : {json{{"advance_ms", 0}}, json{{"advance_ms", -kHour}},
                          json{{"advance_ms", 31 * 24 * kHour}}, json{{"advance_ms", "1d"}},
                          json{{"advance", kHour}}, json::array()}) {
    HttpReply r = http_request(port, "POST", "/api/test-clock", bad.dump());
    EXPECT_EQ(r.status, 400) << bad.dump();
    EXPECT_TRUE(r.parsed().contains("error")) << r.body;
  }
  EXPECT_EQ(http_request(port, "GET", "/api/test-clock").status, 405);
  // 23 hours on: an hour of seat 1's day is left; two more and the sweep applies the rule.
  HttpReply r =
      http_request(port, "POST", "/api/test-clock", json{{"advance_ms", 23 * kHour}}.dump());
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_GE(r.parsed()["now_ms"].get<long long>(), test_clock.now_ms() - kSecond);
  const long long left = summary(port, id)["clock"]["remaining_ms"][1];
  EXPECT_LE(left, kHour);
  EXPECT_GT(left, kHour - kMinute);
  ASSERT_EQ(
      http_request(port, "POST", "/api/test-clock", json{{"advance_ms", 2 * kHour}}.dump()).status,
      200);
  EXPECT_EQ(ClockSweeper(server->lobby(), 0).sweep(), 1);
  EXPECT_EQ(summary(port, id)["result"]["timed_out"], 1);
}

INSTANTIATE_TEST_SUITE_P(BothStores, ClockTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& param) { return param.param; });

}  // namespace
}  // namespace tabletop::server
