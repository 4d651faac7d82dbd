// The computer players' scheduling, rooms leaving memory and the size of state messages
// (issue 20): counted, never timed, except where a real search has to run (generous limits).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <thread>

#include "core/record.h"
#include "games/games.h"
#include "server/analysis.h"
#include "server/catalog.h"
#include "server/computer_pool.h"
#include "server/secrets.h"
#include "server/server.h"
#include "server/ws_session.h"
#include "testing/client.h"
#include "testing/test_server.h"

namespace tabletop::server {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// ---- the pool, driven step by step on the test's thread ----

TEST(ComputerPool, AnEasySearchWaitsForAtMostOneSearchOfEachOtherMatch) {
  ComputerPool pool(1, /*threads=*/false);
  // Twelve computer-only hard matches of one player: each search, when it ends, asks for the
  // next one of its match (as a room does after the computer's move).
  constexpr int kHard = 12;
  int searches = 0;
  int hurried = 0;
  std::function<void(int)> hard = [&](int match) {
    pool.submit("hard" + std::to_string(match), [&, match](const std::atomic<bool>& hurry) {
      ++searches;
      hurried += hurry ? 1 : 0;
      hard(match);
    });
  };
  for (int m = 0; m < kHard; ++m) hard(m);
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(pool.run_one());
  // Every search ran while the others waited: each was told to hurry.
  EXPECT_EQ(hurried, searches);
  // Another player's easy computer is to move.
  bool easy_done = false;
  EXPECT_TRUE(pool.submit("easy", [&](const std::atomic<bool>&) { easy_done = true; }));
  const int before = searches;
  while (!easy_done) ASSERT_TRUE(pool.run_one());
  EXPECT_LE(searches - before, kHard) << "the easy search waited behind more than one search of "
                                         "each other match";
  // And the hard matches go on.
  ASSERT_TRUE(pool.run_one());
  EXPECT_EQ(searches, before + (searches - before));
  EXPECT_EQ(pool.waiting(), std::size_t(kHard));
}

TEST(ComputerPool, AnAddressWithManyMatchesGetsOneTurnLikeAnyOtherAddress) {
  // One address runs forty hard computer-only matches, another three; then a third address's
  // easy computer is to move. It is served after at most one search of each other address that
  // was waiting (2), not one of each match (43).
  ComputerPool pool(1, /*threads=*/false);
  std::map<std::string, int> ran;  // searches per match
  int searches = 0;
  std::function<void(const std::string&, const std::string&)> hard = [&](const std::string& owner,
                                                                         const std::string& match) {
    pool.submit(
        match,
        [&, owner, match](const std::atomic<bool>&) {
          ++searches;
          ++ran[match];
          hard(owner, match);
        },
        owner);
  };
  for (int m = 0; m < 40; ++m) hard("10.0.0.1", "many" + std::to_string(m));
  for (int m = 0; m < 3; ++m) hard("10.0.0.2", "few" + std::to_string(m));
  for (int i = 0; i < 400; ++i) ASSERT_TRUE(pool.run_one());
  // The two addresses shared the worker half and half; within each, its matches took turns.
  int many = 0, few = 0;
  for (const auto& [match, n] : ran) (match.starts_with("many") ? many : few) += n;
  EXPECT_EQ(many, 200);
  EXPECT_EQ(few, 200);
  for (const auto& [match, n] : ran)
    EXPECT_EQ(n, match.starts_with("many") ? 5 : 66 + (match == "few0" || match == "few1"))
        << match;
  bool easy_done = false;
  EXPECT_TRUE(pool.submit(
      "easy", [&](const std::atomic<bool>&) { easy_done = true; }, "10.0.0.3"));
  const int before = searches;
  while (!easy_done) ASSERT_TRUE(pool.run_one());
  EXPECT_LE(searches - before, 2) << "the easy search waited behind more than one search of each "
                                     "other address";
  // A match without an owner is its own: the per-match rule of the test above.
  EXPECT_EQ(pool.waiting(), 43u);
}

// Hints and analyses (submit_low) run only when no match's search waits, in order, and are told
// to hurry as soon as one does.
TEST(ComputerPool, LowPriorityJobsRunOnlyWhenNoMatchSearchWaits) {
  ComputerPool pool(1, /*threads=*/false);
  std::vector<std::string> ran;
  bool hurried = false;
  pool.submit_low([&](const std::atomic<bool>&) { ran.push_back("hint"); });
  pool.submit_low([&](const std::atomic<bool>& hurry) {
    ran.push_back("analysis");
    // A match's search arrives while this one runs: it is told to hurry.
    pool.submit("m", [&](const std::atomic<bool>&) { ran.push_back("m2"); });
    hurried = hurry;
  });
  pool.submit("m", [&](const std::atomic<bool>&) { ran.push_back("m1"); });
  EXPECT_EQ(pool.waiting_low(), 2u);
  while (pool.run_one()) {
  }
  EXPECT_EQ(ran, (std::vector<std::string>{"m1", "hint", "analysis", "m2"}));
  EXPECT_TRUE(hurried);
  EXPECT_EQ(pool.waiting_low(), 0u);
  EXPECT_FALSE(pool.busy("m"));
}

// A search counts each of its threads against the cap: with 4 workers, expert's tree-parallel
// search (threads=4) leaves no room for another search while it runs; with 2, it gets 2.
TEST(ComputerPool, ASearchCountsEachOfItsThreadsAgainstTheCap) {
  ComputerPool pool(4, /*threads=*/false);
  std::size_t in_use = 0;
  bool other_ran_meanwhile = false, other_ran = false;
  pool.submit(
      "expert",
      [&](const std::atomic<bool>&) {
        in_use = pool.threads_in_use();
        other_ran_meanwhile = pool.run_one();  // the other match's search: no thread is free
      },
      "a", 4);
  pool.submit(
      "other", [&](const std::atomic<bool>&) { other_ran = true; }, "b", 1);
  ASSERT_TRUE(pool.run_one());
  EXPECT_EQ(in_use, 4u);
  EXPECT_FALSE(other_ran_meanwhile);
  ASSERT_TRUE(pool.run_one());
  EXPECT_TRUE(other_ran);
  EXPECT_EQ(pool.threads_in_use(), 0u);

  ComputerPool two(2, /*threads=*/false);
  two.submit(
      "expert", [&](const std::atomic<bool>&) { in_use = two.threads_in_use(); }, "a", 4);
  ASSERT_TRUE(two.run_one());
  EXPECT_EQ(in_use, 2u) << "a search asks for no more threads than the cap";
  // And the room asks expert's search for no more threads than the cap (catalog.h).
  const std::string expert = strength_spec("expert");
  EXPECT_EQ(spec_threads(expert), 4);
  EXPECT_EQ(spec_threads(spec_with_threads(expert, 2)), 2);
  EXPECT_EQ(spec_with_threads(expert, 8), expert);
  EXPECT_EQ(spec_threads(strength_spec("hard")), 1);
}

// Hints and analyses are shared per address: an address with ten jobs queued delays another's
// one job by one of them, not ten.
TEST(ComputerPool, LowPriorityJobsAreSharedFairlyAcrossAddresses) {
  ComputerPool pool(1, /*threads=*/false);
  std::vector<std::string> ran;
  for (int i = 0; i < 10; ++i)
    pool.submit_low([&, i](const std::atomic<bool>&) { ran.push_back("a" + std::to_string(i)); },
                    "address a");
  pool.submit_low([&](const std::atomic<bool>&) { ran.push_back("b"); }, "address b");
  EXPECT_EQ(pool.low_of("address a"), 10u);
  EXPECT_EQ(pool.low_of("address b"), 1u);
  while (pool.run_one()) {
  }
  ASSERT_EQ(ran.size(), 11u);
  EXPECT_EQ(ran[0], "a0");
  EXPECT_EQ(ran[1], "b") << "address b waited behind more than one job of address a";
  EXPECT_EQ(ran[10], "a9");
  EXPECT_EQ(pool.low_of("address a"), 0u);
}

TEST(ComputerPool, OneSearchPerMatchAtATimeAndNoMoreThanTheCap) {
  ComputerPool pool(2, /*threads=*/false);
  std::mutex gate;
  std::unique_lock hold(gate);  // searches of match "a" and "b" block until it is released
  std::atomic<int> started{0};
  auto blocking = [&](const std::atomic<bool>&) {
    ++started;
    std::lock_guard wait(gate);
  };
  pool.submit("a", blocking);
  pool.submit("a", [&](const std::atomic<bool>&) { ++started; });  // a's second search
  std::thread first([&] { pool.run_one(); });
  while (started < 1) std::this_thread::yield();
  // a's second search is not due while its first runs, though a worker is free.
  EXPECT_FALSE(pool.run_one());
  EXPECT_TRUE(pool.busy("a"));
  EXPECT_EQ(pool.waiting(), 1u);
  pool.submit("b", blocking);
  std::thread second([&] { pool.run_one(); });
  while (started < 2) std::this_thread::yield();
  EXPECT_EQ(pool.running(), 2u);
  pool.submit("c", [&](const std::atomic<bool>&) { ++started; });
  EXPECT_FALSE(pool.run_one()) << "a third search ran past the cap of 2";
  hold.unlock();
  first.join();
  second.join();
  while (pool.run_one()) {
  }
  EXPECT_EQ(started, 4);
  EXPECT_FALSE(pool.busy("a"));
  EXPECT_EQ(pool.waiting(), 0u);
}

TEST(ComputerPool, WorkerThreadsRunEverySearchOneAtATimePerMatch) {
  std::atomic<int> done{0}, running{0}, most{0};
  std::vector<std::atomic<int>> per_match(8);
  {
    ComputerPool pool(3);
    for (int i = 0; i < 400; ++i) {
      const int m = i % 8;
      pool.submit(std::to_string(m), [&, m](const std::atomic<bool>&) {
        const int now = ++running;
        int seen = most.load();
        while (now > seen && !most.compare_exchange_weak(seen, now)) {
        }
        EXPECT_EQ(++per_match[std::size_t(m)], 1) << "two searches of one match at once";
        std::this_thread::yield();
        --per_match[std::size_t(m)];
        --running;
        ++done;
      });
    }
    while (done < 400) std::this_thread::sleep_for(1ms);
  }
  EXPECT_LE(most, 3);
}

// ---- a real server ----

std::string temp_db(const std::string& name) {
  return fresh_test_db("tabletop_sched_test", name);
}

std::unique_ptr<Server> start(const std::string& db, double hurried_ms = 300) {
  ServerOptions o = test_server_options(db);
  o.matches_per_minute = ServerOptions{}.matches_per_minute;
  o.hurried_search_ms = hurried_ms;
  o.idle_unload_s = 0;  // the tests call evict_idle themselves
  return std::make_unique<Server>(games::registry(), o);
}

json create(unsigned short port, const json& request) {
  HttpReply r = http_request(port, "POST", "/api/matches", request.dump());
  EXPECT_EQ(r.status, 201) << r.body;
  return r.parsed();
}

std::vector<std::string> tokens_of(const json& created) {
  std::vector<std::string> tokens;
  for (const json& s : created["seats"])
    if (s.contains("token")) tokens.push_back(s["token"]);
  return tokens;
}

json hello(WsClient& c, const std::string& match, const std::vector<std::string>& tokens) {
  c.send({{"type", "hello"}, {"match", match}, {"tokens", tokens}});
  return c.receive_type("state", 20s).value_or(json());
}

// Plays up to `moves` random legal moves through `c` (which holds the seats to move); returns
// the last state.
json play(WsClient& c, json state, int moves, std::mt19937& rng) {
  for (int i = 0; i < moves && state["result"].is_null(); ++i) {
    const json* legal = nullptr;
    int seat = -1;
    for (const json& v : state["views"])
      if (!v["legal"].empty()) legal = &v["legal"], seat = v["seat"];
    if (!legal) {
      const json& to_move = state["match"]["seats"][state["to_move"].get<std::size_t>()];
      if (to_move["kind"] != "computer") break;  // a seat nobody here holds
      auto next = c.receive_type("state", 20s);
      if (!next) break;
      state = *next;
      continue;
    }
    c.send({{"type", "move"},
            {"seat", seat},
            {"seq", state["seq"]},
            {"move", (*legal)[rng() % legal->size()]["move"]}});
    // The ack and the state it made or a later one, in either order (a state may be written
    // before the ack, and a state waiting to be written gives way to a newer one: ws_session.h).
    std::optional<json> ack, next;
    auto caught_up = [&] { return ack && next && (*next)["seq"] >= (*ack)["seq"]; };
    while (!caught_up()) {
      auto message = c.receive(20s);
      if (!message) break;
      if ((*message)["type"] == "ack") ack = message;
      if ((*message)["type"] == "state") next = message;
    }
    EXPECT_TRUE(ack);
    if (!caught_up()) break;
    state = *next;
  }
  return state;
}

// A finished relativity match's record, played at random.
json random_record(uint64_t seed) {
  Match match(games::registry().make("relativity", json{{"players", 2}}), seed,
              {"random", "random"});
  std::mt19937 rng{uint32_t(seed)};
  while (!match.state().is_terminal()) {
    const std::vector<Move> legal = match.state().legal_moves();
    match.play_text(match.state().move_to_string(legal[rng() % legal.size()]));
  }
  return match.record().to_json();
}

// An analysis under way is never started twice: not when asked again, not when more than the
// cache's worth of other analyses were asked for since (it stays until it is done), and an
// address past its cap is refused (429) while another address is not.
TEST(Analyses, AnAnalysisUnderWayIsNeverStartedTwiceAndEachAddressHasItsCap) {
  std::unique_ptr<Store> store = open_store(temp_db("analyses"));
  ComputerPool pool(1, /*threads=*/false);  // nothing runs: every analysis stays under way
  const json record = random_record(3);
  {
    Analyses analyses(games::registry(), pool, store->analyses(), 10, /*per_address=*/0);
    for (std::size_t i = 0; i <= Analyses::kKept + 10; ++i)
      EXPECT_EQ(analyses.get("m" + std::to_string(i), record, "a")["status"], "working");
    EXPECT_EQ(analyses.started(), long(Analyses::kKept + 11));
    EXPECT_EQ(analyses.get("m0", record, "a")["status"], "working");
    EXPECT_EQ(analyses.get("m0", record, "b")["status"], "working");
    EXPECT_EQ(analyses.started(), long(Analyses::kKept + 11)) << "an analysis started twice";
  }
  ComputerPool other(1, /*threads=*/false);
  Analyses capped(games::registry(), other, store->analyses(), 10, /*per_address=*/2);
  capped.get("x1", record, "a");
  capped.get("x2", record, "a");
  try {
    capped.get("x3", record, "a");
    ADD_FAILURE() << "a third analysis under way for one address";
  } catch (const OverLimit& e) {
    EXPECT_NE(std::string(e.what()).find("--low-jobs-per-address"), std::string::npos);
  }
  EXPECT_EQ(capped.get("x1", record, "a")["status"], "working");  // one under way is answered
  EXPECT_EQ(capped.get("x3", record, "b")["status"], "working");  // another address has its own
  EXPECT_EQ(capped.started(), 3);
}

TEST(ServerComputers, AQueuedComputerSaysItIsWaitingForAFreeComputer) {
  auto server = start(temp_db("waiting"), /*hurried_ms=*/20);
  const unsigned short port = server->port();
  // One computer thread, kept busy by three hard computer-only matches.
  for (int i = 0; i < 3; ++i)
    create(port, {{"game", "relativity"},
                  {"seats",
                   {{{"kind", "computer"}, {"strength", "hard"}},
                    {{"kind", "computer"}, {"strength", "hard"}}}}});
  const json created = create(
      port, {{"game", "relativity"},
             {"seats", {{{"kind", "human"}}, {{"kind", "computer"}, {"strength", "easy"}}}}});
  WsClient c(port);
  json state = hello(c, created["id"], tokens_of(created));
  std::mt19937 rng(3);
  ASSERT_EQ(state["to_move"], 0);
  const long long seq = state["seq"];
  c.send({{"type", "move"},
          {"seat", 0},
          {"seq", seq},
          {"move", state["views"][0]["legal"][0]["move"]}});
  auto waiting = c.receive_type("thinking", 30s);
  ASSERT_TRUE(waiting);
  EXPECT_EQ(*waiting,
            json({{"type", "thinking"}, {"seat", 1}, {"progress", 0}, {"waiting", true}}));
  // The easy reply comes (behind at most one hurried search of each hard match).
  auto next = c.receive_type("state", 30s);
  while (next && (*next)["seq"] != seq + 2) next = c.receive_type("state", 30s);
  ASSERT_TRUE(next);
  EXPECT_EQ((*next)["to_move"], 0);
  EXPECT_TRUE((*next)["thinking"].is_null());
}

// Waits until every room has left memory (the server notices closed connections on its own
// threads, so this may take a moment); true when it did.
bool evict_all(Server& server) {
  for (int i = 0; i < 1000; ++i) {
    server.lobby().evict_idle(0s);
    if (server.lobby().live() == 0) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

TEST(ServerMemory, IdleRoomsLeaveMemoryAndComeBackTheSame) {
  auto server = start(temp_db("evict"));
  const unsigned short port = server->port();
  std::mt19937 rng(5);
  struct Played {
    std::string id;
    std::vector<std::string> tokens;
    json state;
  };
  std::vector<Played> played;
  for (const json& request : {
           json{{"game", "relativity"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}},
           json{{"game", "siege"},
                {"undo", true},
                {"seats", {{{"kind", "human"}}, {{"kind", "computer"}, {"strength", "easy"}}}}},
           json{{"game", "conspiracy"},
                {"seats",
                 {{{"kind", "human"}},
                  {{"kind", "computer"}, {"strength", "medium"}},
                  {{"kind", "human"}, {"open", true}}}}},
           // Finished: the engine's ply cap ends it.
           json{{"game", "relativity"},
                {"params", {{"max_plies", 10}}},
                {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}},
       }) {
    const json created = create(port, request);
    WsClient c(port);
    Played p{created["id"], tokens_of(created), {}};
    p.state = play(c, hello(c, p.id, p.tokens), 12, rng);
    // Until a seat of a person is to move (the computer's reply is in).
    while (p.state["result"].is_null() &&
           p.state["match"]["seats"][p.state["to_move"].get<std::size_t>()]["kind"] == "computer") {
      auto next = c.receive_type("state", 20s);
      ASSERT_TRUE(next) << "the computer did not move";
      p.state = *next;
    }
    played.push_back(std::move(p));
  }
  ASSERT_TRUE(played.back().state["result"].is_object());
  // The rooms' own summaries, once the server has seen every connection close.
  json list_before;
  for (int i = 0; i < 500; ++i) {
    list_before = http_request(port, "GET", "/api/matches").parsed();
    if (list_before.dump().find(R"("claimed":true,"connected":true)") == std::string::npos) break;
    std::this_thread::sleep_for(10ms);
  }
  ASSERT_TRUE(evict_all(*server)) << server->lobby().live() << " rooms stayed";
  // The lobby list is read from the database: the same summaries, no room loaded for it.
  json list_after = http_request(port, "GET", "/api/matches").parsed();
  EXPECT_EQ(server->lobby().live(), 0u);
  EXPECT_EQ(list_after, list_before);
  for (const Played& p : played) {
    WsClient c(port);
    const json again = hello(c, p.id, p.tokens);
    EXPECT_EQ(again["seq"], p.state["seq"]) << p.id;
    EXPECT_EQ(again["views"], p.state["views"]) << p.id;
    EXPECT_EQ(again["to_move"], p.state["to_move"]) << p.id;
    EXPECT_EQ(again["result"], p.state["result"]) << p.id;
    // And the match goes on from there (where a seat held here is to move).
    bool ours = false;
    for (const json& v : again["views"]) ours |= !v["legal"].empty();
    if (ours) {
      const json next = play(c, again, 1, rng);
      EXPECT_GT(next["seq"].get<long long>(), again["seq"].get<long long>());
    }
  }
  EXPECT_EQ(server->lobby().live(), played.size());
  ASSERT_TRUE(evict_all(*server));
}

TEST(ServerMemory, ARoomWithAViewerOrAThinkingComputerStays) {
  auto server = start(temp_db("stays"), /*hurried_ms=*/0);
  const unsigned short port = server->port();
  const json watched =
      create(port, {{"game", "relativity"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}});
  WsClient viewer(port);
  hello(viewer, watched["id"], {});
  const json computers = create(port, {{"game", "relativity"},
                                       {"seats",
                                        {{{"kind", "computer"}, {"strength", "hard"}},
                                         {{"kind", "computer"}, {"strength", "hard"}}}}});
  // The hard computers think for 1.5 s a move: the room stays while they do.
  EXPECT_EQ(server->lobby().evict_idle(0s), 0u);
  EXPECT_EQ(server->lobby().live(), 2u);
}

TEST(ServerMemory, ARestartLoadsNoMatchUntilOneIsAskedFor) {
  const std::string db = temp_db("lazy");
  std::vector<json> created;
  {
    auto server = start(db);
    for (int i = 0; i < 5; ++i)
      created.push_back(
          create(server->port(),
                 {{"game", "siege"},
                  {"seats", {{{"kind", "human"}}, {{"kind", "computer"}, {"strength", "easy"}}}}}));
  }
  auto server = start(db);
  EXPECT_EQ(server->lobby().live(), 0u);
  EXPECT_EQ(server->lobby().unfinished(), 5);
  const json list = http_request(server->port(), "GET", "/api/matches?status=running").parsed();
  EXPECT_EQ(list.size(), 5u);
  WsClient c(server->port());
  const json state = hello(c, created[2]["id"], tokens_of(created[2]));
  EXPECT_EQ(state["match"]["id"], created[2]["id"]);
  EXPECT_EQ(server->lobby().live(), 1u);
}

// ---- state messages ----

TEST(StateMessages, AStateThatReplacesAQueuedOneCarriesItsLogLines) {
  // The queued state (not yet written) had lines 3-4 and the board places; the newer one starts
  // at line 5. Merged: lines 3-5 with their plies, the board places kept.
  const json older = json::parse(R"({"type":"state","seq":7,"match":{"board_places":["a1"]},
      "views":[{"seat":-1,"log_from":3,"log":["c","d"],"log_plies":[4,5]}]})");
  json newer = json::parse(R"({"type":"state","seq":8,"match":{},
      "views":[{"seat":-1,"log_from":5,"log":["e"],"log_plies":[6]}]})");
  EXPECT_EQ(log_bytes(older), 2u);
  EXPECT_EQ(merge_state_into(json(older), log_bytes(older), newer), 2u);
  EXPECT_EQ(newer["views"][0]["log_from"], 3);
  EXPECT_EQ(newer["views"][0]["log"], json::array({"c", "d", "e"}));
  EXPECT_EQ(newer["views"][0]["log_plies"], json::array({4, 5, 6}));
  EXPECT_EQ(newer["match"]["board_places"], json::array({"a1"}));
  EXPECT_EQ(newer["seq"], 8);
  // A newer state whose log starts again (an undo cut it) is whole already.
  json whole = json::parse(R"({"type":"state","seq":9,"match":{},
      "views":[{"seat":-1,"log_from":0,"log":["a"]}]})");
  const json before = whole;
  EXPECT_EQ(merge_state_into(json(older), 2, whole), 0u);  // nothing of the older one kept
  EXPECT_EQ(whole["views"], before["views"]);
}

TEST(StateMessages, AStateThatStartsItsLogAfreshTakesNothingOfAQueuedOne) {
  // The end of a match: the views turn to the record's log, its last lines from line 900 on.
  const json older = json::parse(R"({"type":"state","seq":7,"match":{},
      "views":[{"seat":-1,"log_from":3,"log":["c","d"],"log_plies":[4,5]}]})");
  json afresh = json::parse(R"({"type":"state","seq":8,"match":{},
      "views":[{"seat":-1,"log_from":900,"log_reset":true,"log":["r"],"log_plies":[7]}]})");
  const json before = afresh;
  EXPECT_EQ(merge_state_into(json(older), 2, afresh), 0u);
  EXPECT_EQ(afresh["views"], before["views"]);
  // A state that continues a queued log_reset one keeps its lines and the reset.
  json next = json::parse(R"({"type":"state","seq":9,"match":{},
      "views":[{"seat":-1,"log_from":901,"log":["s"],"log_plies":[8]}]})");
  EXPECT_EQ(merge_state_into(json(afresh), 1, next), 1u);
  EXPECT_EQ(next["views"][0]["log_from"], 900);
  EXPECT_EQ(next["views"][0]["log_reset"], true);
  EXPECT_EQ(next["views"][0]["log"], json::array({"r", "s"}));
}

TEST(StateMessages, ALongCultureWarsGameSendsOnlyTheNewLogLines) {
  auto server = start(temp_db("frames"));
  const unsigned short port = server->port();
  // A four-seat game of TABLETOP_FRAMES_ROUNDS rounds (default 30, some 3,000 moves; the rules'
  // 200 make some 20,000), played here move by move on one connection that holds every seat,
  // while a spectator watches every move.
  const char* rounds = std::getenv("TABLETOP_FRAMES_ROUNDS");
  const json human = {{"kind", "human"}};
  const json created =
      create(port, {{"game", "culture-wars"},
                    {"params", {{"players", 4}, {"max_rounds", rounds ? std::atoi(rounds) : 30}}},
                    {"seats", {human, human, human, human}}});
  WsClient hot(port), spectator(port);
  hot.keep_whole_logs(false);
  spectator.keep_whole_logs(false);
  json state = hello(hot, created["id"], tokens_of(created));
  hello(spectator, created["id"], {});
  std::mt19937 rng(11);
  while (state["result"].is_null()) {
    const long long seq = state["seq"];
    state = play(hot, state, 1, rng);
    ASSERT_EQ(state["seq"], seq + 1);
    auto seen = spectator.receive_type("state", 20s);
    while (seen && (*seen)["seq"] != seq + 1) seen = spectator.receive_type("state", 20s);
    ASSERT_TRUE(seen) << "the spectator missed seq " << seq + 1;
  }
  // The log the spectator put together is the whole log a new viewer gets.
  WsClient late(port);
  const json whole = hello(late, created["id"], {});
  EXPECT_EQ(json(spectator.log(-1)), whole["views"][0]["log"]);
  std::size_t largest = 0, states = 0;
  // After the first (whole) one and before the end, whose message carries the public record's
  // whole log once (room.h: a finished match's views are the record's).
  for (std::size_t i = 1; i < spectator.transcript().size(); ++i)
    if (spectator.transcript()[i].starts_with(R"({"type":"state")") &&
        spectator.transcript()[i].find(R"("result":null)") != std::string::npos) {
      largest = std::max(largest, spectator.transcript()[i].size());
      ++states;
    }
  const std::size_t whole_bytes = late.transcript().front().size();
  std::cout << "culture-wars, 4 seats, " << whole["seq"].get<long long>()
            << " moves: " << states + 1 << " states to a spectator, the largest after the first "
            << largest << " bytes; a whole state at the end " << whole_bytes << " bytes\n";
  EXPECT_LT(largest, 8u * 1024) << "a state message grows with the match";
  // The whole state a hello answers carries the logs' last lines only (room.h, kStateLogLines).
  EXPECT_LT(whole_bytes, 64u * 1024);
}

// ---- long matches: bounded hellos, replays built once; unwatched computer-only matches ----

long rss_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.starts_with("VmRSS:")) return std::stol(line.substr(6));
  return 0;
}

// A Culture Wars match of four human seats stored directly (no network, as a long match would
// have been played), moved at random to its end. Answers its id and its number of moves.
std::pair<std::string, long long> stored_finished_match(Server& server, int max_rounds,
                                                        uint64_t seed) {
  Store& store = server.lobby().store();
  std::shared_ptr<const Game> game =
      games::registry().make("culture-wars", json{{"players", 4}, {"max_rounds", max_rounds}});
  StoredMatch m;
  m.id = new_match_id();
  m.game = "culture-wars";
  m.params = game->params();
  m.seed = seed;
  m.created_at = std::time(nullptr);
  for (int i = 0; i < 4; ++i) m.seats.push_back({{"kind", "human"}, {"token_hash", "x"}});
  store.matches().create(m);
  Match match(game, seed);
  std::mt19937 rng{uint32_t(seed)};
  long long ply = 0;
  while (!match.state().is_terminal()) {
    const std::vector<Move> legal = match.state().legal_moves();
    const std::string text = match.state().move_to_string(legal[rng() % legal.size()]);
    match.play_text(text);
    EXPECT_EQ(store.matches().append_move(m.id, ply, text, ply + 1, {}), Write::kDone);
    ++ply;
  }
  return {m.id, ply};
}

TEST(LongMatches, AHelloCostsTheSameAndAReplayIsBuiltOnceHoweverLongTheMatch) {
  auto server = start(temp_db("long"));
  const unsigned short port = server->port();
  const auto [long_id, long_moves] = stored_finished_match(*server, 200, 5);
  const auto [short_id, short_moves] = stored_finished_match(*server, 20, 6);
  ASSERT_GT(long_moves, 15000) << "not a long match";
  ASSERT_GT(long_moves, 5 * short_moves);

  // A spectator's hello: the whole state, bounded, about the same size for both.
  WsClient long_viewer(port), short_viewer(port);
  const json long_state = hello(long_viewer, long_id, {});
  const json short_state = hello(short_viewer, short_id, {});
  ASSERT_FALSE(long_state["result"].is_null());
  const std::size_t long_bytes = long_viewer.transcript().front().size();
  const std::size_t short_bytes = short_viewer.transcript().front().size();
  std::cout << "hello: " << long_bytes << " bytes after " << long_moves << " moves, " << short_bytes
            << " after " << short_moves << "\n";
  EXPECT_LT(long_bytes, 64u * 1024);
  EXPECT_LT(long_bytes, 2 * short_bytes) << "a hello grows with the match";
  const json& view = long_state["views"][0];
  EXPECT_EQ(view["log"].size(), Room::kStateLogLines);
  EXPECT_TRUE(view.value("log_reset", false) || view["log_from"].get<long long>() > 0);
  // Earlier lines come a page at a time on request.
  const long long first = view["log_from"];
  long_viewer.send({{"type", "log"}, {"seat", -1}, {"before", first}});
  const auto page = long_viewer.receive_type("log", 20s);
  ASSERT_TRUE(page);
  EXPECT_EQ((*page)["log"].size(), std::min<std::size_t>(Room::kLogPageLines, first));
  EXPECT_EQ((*page)["from"].get<long long>() + (long long)(*page)["log"].size(), first);

  // The first request starts the build on the computer threads and is answered "building".
  std::shared_ptr<Room> room = server->lobby().find(long_id);
  const long rss_before = rss_kib();
  HttpReply first_ask = http_request(port, "GET", "/api/matches/" + long_id + "/replay");
  EXPECT_EQ(first_ask.status, 202) << first_ask.body.substr(0, 200);
  EXPECT_EQ(first_ask.parsed().value("status", ""), "building");
  for (int i = 0; i < 600 && room->replay_builds() == 0; ++i) std::this_thread::sleep_for(50ms);
  ASSERT_EQ(room->replay_builds(), 1);
  // Then four replay requests at once share that copy; each answer one bounded page.
  std::vector<HttpReply> replies(4);
  std::vector<std::thread> askers;
  for (HttpReply& reply : replies)
    askers.emplace_back(
        [&, port] { reply = http_request(port, "GET", "/api/matches/" + long_id + "/replay"); });
  for (std::thread& t : askers) t.join();
  const long rss_after = rss_kib();
  for (const HttpReply& reply : replies) {
    ASSERT_EQ(reply.status, 200) << reply.body.substr(0, 200);
    EXPECT_LE(reply.body.size(), Room::kReplayPageBytes + 64 * 1024);
    const json page0 = reply.parsed();
    EXPECT_EQ(page0["total"], long_moves + 1);
    EXPECT_EQ(page0["from"], 0);
    EXPECT_LE(page0["steps"].size(), Room::kReplayPageSteps);
  }
  EXPECT_EQ(room->replay_builds(), 1);
  std::cout << "a replay built and four requests at once: RSS " << rss_before << " -> " << rss_after
            << " KiB\n";
  EXPECT_LT(rss_after - rss_before, 200 * 1024) << "the replay costs memory per request";
  // Every page, in order, makes the whole replay; still one build.
  long long steps = 0;
  for (json next = 0; !next.is_null();) {
    const HttpReply reply = http_request(
        port, "GET",
        "/api/matches/" + long_id + "/replay?from=" + std::to_string(next.get<long long>()));
    ASSERT_EQ(reply.status, 200);
    const json p = reply.parsed();
    EXPECT_EQ(p["from"], steps);
    steps += (long long)p["steps"].size();
    next = p["next"];
  }
  EXPECT_EQ(steps, long_moves + 1);
  EXPECT_EQ(room->replay_builds(), 1);
  EXPECT_EQ(http_request(port, "GET", "/api/matches/" + long_id + "/replay?from=99999999").status,
            400);
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200);
}

json computer_only_culture_wars() {
  const json easy = {{"kind", "computer"}, {"strength", "easy"}};
  return {
      {"game", "culture-wars"}, {"params", {{"players", 4}}}, {"seats", {easy, easy, easy, easy}}};
}

TEST(UnwatchedMatches, AComputerOnlyMatchNobodyWatchesPausesAndEachAddressHasItsCap) {
  ServerOptions o = test_server_options(temp_db("unwatched"));
  o.matches_per_minute = ServerOptions{}.matches_per_minute;
  o.messages_per_second = ServerOptions{}.messages_per_second;
  o.idle_unload_s = 0;
  o.unwatched_pause_s = 1;
  o.computer_matches_per_address = 2;
  Server server(games::registry(), o);
  const unsigned short port = server.port();
  const std::string a = create(port, computer_only_culture_wars())["id"];
  const std::string b = create(port, computer_only_culture_wars())["id"];
  // Two play (nobody watches them yet, but they are new): a third from this address is refused.
  const HttpReply third =
      http_request(port, "POST", "/api/matches", computer_only_culture_wars().dump());
  EXPECT_EQ(third.status, 429) << third.body;
  EXPECT_NE(third.body.find("--computer-matches-per-address"), std::string::npos) << third.body;
  // A match with a person is not counted.
  const json human = {{"kind", "human"}}, easy = {{"kind", "computer"}, {"strength", "easy"}};
  create(port, {{"game", "relativity"}, {"seats", {human, easy}}});

  // Nobody watches: both pause; their ply count stops growing.
  std::shared_ptr<Room> room_a = server.lobby().find(a);
  std::shared_ptr<Room> room_b = server.lobby().find(b);
  for (int i = 0; i < 600 && !(room_a->paused() && room_b->paused()); ++i)
    std::this_thread::sleep_for(50ms);
  ASSERT_TRUE(room_a->paused() && room_b->paused());
  const long long paused_at = room_a->seq();
  EXPECT_GT(paused_at, 0) << "the match never started";
  std::this_thread::sleep_for(500ms);
  EXPECT_EQ(room_a->seq(), paused_at) << "an unwatched match played on";
  EXPECT_FALSE(server.lobby().find(a)->playing_unattended());
  // Paused matches do not count: the address may start another.
  EXPECT_EQ(http_request(port, "POST", "/api/matches", computer_only_culture_wars().dump()).status,
            201);

  // A viewer comes: the match plays on while it watches.
  WsClient viewer(port);
  viewer.keep_whole_logs(false);
  const json first = hello(viewer, a, {});
  EXPECT_EQ(first["seq"], paused_at);
  std::optional<json> later;
  while ((later = viewer.receive_type("state", 20s)) && (*later)["seq"] <= paused_at + 10) {
  }
  ASSERT_TRUE(later) << "the watched match did not resume";
  EXPECT_FALSE(room_a->paused());
  EXPECT_TRUE(room_b->paused()) << "the other match, still unwatched, stays paused";
  EXPECT_EQ(http_request(port, "GET", "/api/games").status, 200);
}

}  // namespace
}  // namespace tabletop::server
