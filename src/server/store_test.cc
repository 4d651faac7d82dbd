// The store's contract (store.h), run against both implementations: a SQLite file and a
// PostgreSQL database in a throwaway cluster (scripts/pg-temp, started once per test process on
// first use and stopped at its end; the PostgreSQL cases are skipped, saying why, only where
// `scripts/pg-temp available` fails).
#include "server/store.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <filesystem>
#include <mutex>
#include <thread>

#include "testing/client.h"
#include "testing/test_cluster.h"

namespace tabletop::server {
namespace {

[[maybe_unused]] ::testing::Environment* const cluster_environment =
    ::testing::AddGlobalTestEnvironment(new Cluster);

class StoreTest : public OnEachDatabase {
 protected:
  std::unique_ptr<Store> open(StoreOptions options = {}) { return open_store(where_, options); }
};

StoredMatch a_match(const std::string& id, long long created_at = 1000) {
  StoredMatch m;
  m.id = id;
  m.game = "relativity";
  m.params = {{"players", 2}};
  m.seed = 0xfedcba9876543210ull;  // above 2^63: stored as its bits
  m.seats = json::array(
      {{{"kind", "human"}, {"token_hash", "h0"}}, {{"kind", "computer"}, {"strength", "easy"}}});
  m.takeover_after_s = 30;
  m.hints = true;
  m.owner = "creator-hash";
  m.created_at = created_at;
  return m;
}

TEST_P(StoreTest, MatchesMovesAndDecksComeBackAsWritten) {
  auto store = open();
  store->matches().create(a_match("a000000000000001", 1000));
  StoredMatch open_seat = a_match("a000000000000002", 1000);
  open_seat.seats[0] = {{"kind", "human"}, {"open", true}};
  open_seat.status = "open";
  open_seat.takeover_after_s.reset();
  open_seat.hints = false;
  store->matches().create(open_seat);
  EXPECT_EQ(store->matches().append_move("a000000000000001", 0, "a1#a2", 1, {}), Write::kDone);
  EXPECT_EQ(store->matches().append_move("a000000000000001", 1, "b1#b2", 2, {}), Write::kDone);
  store->matches().set_to_move("a000000000000001", 0, 2);

  std::optional<StoredMatch> m = store->matches().load("a000000000000001");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->game, "relativity");
  EXPECT_EQ(m->params, json({{"players", 2}}));
  EXPECT_EQ(m->seed, 0xfedcba9876543210ull);
  EXPECT_EQ(m->seats, a_match("x").seats);
  EXPECT_EQ(m->takeover_after_s, 30);
  EXPECT_TRUE(m->hints);
  EXPECT_EQ(m->owner, "creator-hash");
  EXPECT_EQ(m->seq, 2);
  EXPECT_EQ(m->moves, (std::vector<std::string>{"a1#a2", "b1#b2"}));
  EXPECT_EQ(m->to_move, 0);
  EXPECT_EQ(m->moves_total, 2);
  EXPECT_FALSE(store->matches().load("a0000000000000ff"));
  // What a room lacks: the moves from a ply on, and how many the log holds.
  std::optional<StoredMatch> tail = store->matches().load_from("a000000000000001", 1);
  ASSERT_TRUE(tail);
  EXPECT_EQ(tail->moves, std::vector<std::string>{"b1#b2"});
  EXPECT_EQ(tail->moves_total, 2);
  EXPECT_EQ(tail->seq, 2);
  EXPECT_TRUE(store->matches().load_from("a000000000000001", 2)->moves.empty());
  EXPECT_FALSE(store->matches().load_from("a0000000000000ff", 0));

  // Undo: the moves from ply 1 go, seq moves on, and the noted seat to move is of an older seq.
  EXPECT_EQ(store->matches().truncate_moves("a000000000000001", 1, 3, {}), Write::kDone);
  m = store->matches().load("a000000000000001");
  EXPECT_EQ(m->moves, (std::vector<std::string>{"a1#a2"}));
  EXPECT_EQ(m->seq, 3);
  EXPECT_FALSE(m->to_move);

  // The list: newest first (created in the same second: the later one first), by status.
  EXPECT_EQ(store->matches().unfinished(), 2);
  std::vector<StoredMatch> all = store->matches().list("", 10);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].id, "a000000000000002");
  EXPECT_FALSE(all[0].takeover_after_s);
  EXPECT_FALSE(all[0].hints);
  ASSERT_EQ(store->matches().list("open", 10).size(), 1u);
  EXPECT_EQ(store->matches().list("", 1).size(), 1u);
  store->matches().finish("a000000000000001", {{"returns", {1, 0}}});
  EXPECT_EQ(store->matches().unfinished(), 1);
  m = store->matches().load("a000000000000001");
  EXPECT_EQ(m->status, "finished");
  EXPECT_EQ(m->result, json({{"returns", {1, 0}}}));
  EXPECT_EQ(store->matches().list("finished", 10).size(), 1u);

  // A deck is kept byte for byte: a Windows-1252 export (\xfc, not UTF-8) and a NUL included.
  StoredDeck d{"d1",
               "My deck",
               "vcf",
               std::string("BEGIN:VCARD\r\nFN:J\xfcrgen\0M\r\nEND:VCARD\r\n", 37),
               {{"0", "Animals"}},
               5,
               R"({"cards":[]})",
               "owner-hash"};
  store->decks().create_deck(d);
  std::optional<StoredDeck> back = store->decks().load_deck("d1");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->checked, R"({"cards":[]})");
  EXPECT_EQ(back->owner_hash, "owner-hash");
  store->decks().set_deck_annotations("d1", {{"0", "Robots"}}, R"({"cards":[1]})");
  back = store->decks().load_deck("d1");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->text, d.text);
  EXPECT_EQ(back->annotations, json({{"0", "Robots"}}));
  EXPECT_EQ(back->checked, R"({"cards":[1]})");  // the check is stored with the annotation
  EXPECT_FALSE(store->decks().load_deck("d2"));
  // Its owner deletes a deck: gone, and deleting it again finds nothing.
  StoredDeck gone = d;
  gone.id = "d3";
  store->decks().create_deck(gone);
  store->decks().note_deck_use("d3", "somehash");
  EXPECT_TRUE(store->decks().delete_deck("d3"));
  EXPECT_FALSE(store->decks().load_deck("d3"));
  EXPECT_FALSE(store->decks().delete_deck("d3"));
  EXPECT_TRUE(store->decks().load_deck("d1"));
  store->decks().put_deck_snapshot("hash", "{\"cards\":[]}");
  store->decks().put_deck_snapshot("hash", "{\"cards\":[]}");  // the same content again: kept once
  EXPECT_EQ(store->decks().load_deck_snapshot("hash"), "{\"cards\":[]}");
  EXPECT_FALSE(store->decks().load_deck_snapshot("other"));

  // Opened again (a restart): the same.
  store.reset();
  store = open();
  EXPECT_EQ(store->matches().load("a000000000000001")->moves, (std::vector<std::string>{"a1#a2"}));
}

TEST_P(StoreTest, AWriteAtAnOldSeqIsStaleAndChangesNothing) {
  auto store = open();
  const StoredMatch m = a_match("b000000000000001");
  store->matches().create(m);
  EXPECT_EQ(store->matches().append_move(m.id, 0, "a1#a2", 1, {}), Write::kDone);
  EXPECT_EQ(store->matches().append_move(m.id, 1, "b1#b2", 1, {}),
            Write::kStale);  // it is at 1, not 0
  EXPECT_EQ(store->matches().append_move(m.id, 1, "b1#b2", 3, {}),
            Write::kStale);  // not at 2 either
  EXPECT_EQ(store->matches().truncate_moves(m.id, 0, 1, {}), Write::kStale);
  json claimed = m.seats;
  claimed[1]["kind"] = "human";
  EXPECT_EQ(store->matches().update_seats(m.id, m.seats, 0, claimed, "running", 0, {}),
            Write::kStale);  // seq
  json other = m.seats;
  other[0]["token_hash"] = "h9";
  EXPECT_EQ(store->matches().update_seats(m.id, other, 1, claimed, "running", 1, {}),
            Write::kStale);  // seats
  std::optional<StoredMatch> back = store->matches().load(m.id);
  EXPECT_EQ(back->seq, 1);
  EXPECT_EQ(back->moves, std::vector<std::string>{"a1#a2"});
  EXPECT_EQ(back->seats, m.seats);
  // At the right seq and seats: written.
  EXPECT_EQ(store->matches().update_seats(m.id, m.seats, 1, claimed, "running", 1, {}),
            Write::kDone);
  EXPECT_EQ(store->matches().update_seats(m.id, m.seats, 1, claimed, "running", 2, {}),
            Write::kStale);
  EXPECT_EQ(store->matches().update_seats(m.id, claimed, 1, m.seats, "running", 2, {}),
            Write::kDone);
  EXPECT_EQ(store->matches().load(m.id)->seq, 2);
}

// Two writers (two stores on one database: two connections, as two processes have) append at the
// same seq at the same moment, again and again: exactly one wins each time, the other is told
// kStale, and the log has one move per ply, the winner's.
TEST_P(StoreTest, TwoWritersAtOneSeqExactlyOneWins) {
  auto a = open();
  auto b = open();
  const StoredMatch m = a_match("c000000000000001");
  a->matches().create(m);
  constexpr int kRounds = 40;
  std::vector<std::string> winners(kRounds);
  std::atomic<int> stale{0};
  std::barrier start(2);
  auto writer = [&](Store& store, const std::string& name) {
    for (int ply = 0; ply < kRounds; ++ply) {
      start.arrive_and_wait();  // both at this ply together
      const Write w =
          store.matches().append_move(m.id, ply, name + std::to_string(ply), ply + 1, {});
      if (w == Write::kDone)
        winners[std::size_t(ply)] += name;
      else
        ++stale;
      start.arrive_and_wait();  // both done before the next ply
    }
  };
  std::thread one(writer, std::ref(*a), "a");
  std::thread two(writer, std::ref(*b), "b");
  one.join();
  two.join();
  EXPECT_EQ(stale, kRounds);
  std::optional<StoredMatch> back = b->matches().load(m.id);
  EXPECT_EQ(back->seq, kRounds);
  ASSERT_EQ(back->moves.size(), std::size_t(kRounds));
  for (int ply = 0; ply < kRounds; ++ply) {
    ASSERT_EQ(winners[std::size_t(ply)].size(), 1u) << "ply " << ply;
    EXPECT_EQ(back->moves[std::size_t(ply)], winners[std::size_t(ply)] + std::to_string(ply));
  }
}

// The lease of a match's computer seats: one holder at a time; given up, or expired when its
// holder stops renewing it, another takes it. With SQLite (one process) it is always one's own.
TEST_P(StoreTest, OneProcessAtATimeHoldsAComputerSeatsLease) {
  StoreOptions long_lease;
  long_lease.lease_s = 600;
  auto a = open(long_lease);
  auto b = open(long_lease);
  StoredMatch m = a_match("d000000000000001");
  a->matches().create(m);
  EXPECT_TRUE(a->coordination().claim_lease(m.id));
  EXPECT_TRUE(a->coordination().claim_lease(m.id));  // kept
  a->coordination().renew_leases();
  if (!a->coordination().shared()) {
    EXPECT_TRUE(b->coordination().claim_lease(m.id));
    EXPECT_TRUE(b->coordination().orphans(10).empty());
    return;
  }
  EXPECT_FALSE(b->coordination().claim_lease(m.id));
  a->coordination().release_lease(m.id);
  EXPECT_TRUE(b->coordination().claim_lease(m.id));
  EXPECT_FALSE(a->coordination().claim_lease(m.id));

  // A holder that stops renewing (killed): its lease expires and the other takes it.
  StoreOptions short_lease;
  short_lease.lease_s = 0.5;
  auto dying = open(short_lease);
  StoredMatch n = a_match("d000000000000002");
  dying->matches().create(n);
  ASSERT_TRUE(dying->coordination().claim_lease(n.id));
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool taken = false;
  while (!taken && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    taken = a->coordination().claim_lease(n.id);
  }
  EXPECT_TRUE(taken);
  EXPECT_FALSE(dying->coordination().claim_lease(n.id));
}

// Presence: a seat held by a viewer of another live process, or left by it within the timeout,
// is seen from the others (a takeover asks that the seat be gone everywhere); one's own is not.
TEST_P(StoreTest, ASeatHeldThroughAnotherProcessIsSeenFromTheOthers) {
  StoreOptions long_lease;
  long_lease.lease_s = 600;
  auto a = open(long_lease);
  auto b = open(long_lease);
  const StoredMatch m = a_match("g000000000000001");
  a->matches().create(m);
  EXPECT_FALSE(b->coordination().seen_elsewhere(m.id, 0, 30));
  a->coordination().note_presence(m.id, 0, true);
  a->coordination().renew_leases();
  EXPECT_FALSE(a->coordination().seen_elsewhere(m.id, 0, 30));  // its own viewer
  EXPECT_FALSE(b->coordination().seen_elsewhere(m.id, 1, 30));  // another seat
  if (!a->coordination().shared()) {
    EXPECT_FALSE(b->coordination().seen_elsewhere(m.id, 0, 30));
    return;
  }
  EXPECT_TRUE(b->coordination().seen_elsewhere(m.id, 0, 0));  // held now, whatever the timeout
  a->coordination().note_presence(m.id, 0, false);
  EXPECT_TRUE(b->coordination().seen_elsewhere(m.id, 0, 600));  // left less than 600 s ago
  EXPECT_FALSE(b->coordination().seen_elsewhere(m.id, 0, 0));   // but it has left

  // A process that dies holding the seat: its viewer counts as gone once its renewal lapses.
  StoreOptions short_lease;
  short_lease.lease_s = 0.5;
  auto dying = open(short_lease);
  dying->coordination().note_presence(m.id, 1, true);
  EXPECT_TRUE(b->coordination().seen_elsewhere(m.id, 1, 0));
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool gone = false;
  while (!gone && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    gone = !b->coordination().seen_elsewhere(m.id, 1, 0);
  }
  EXPECT_TRUE(gone);
}

// Orphans: unfinished matches whose computer is to move (or whose row does not say who is) and
// whose lease nobody live holds.
TEST_P(StoreTest, OrphansAreComputerSeatsToMoveWithoutALiveLease) {
  auto a = open();
  auto b = open();
  StoredMatch human_to_move = a_match("e000000000000001");
  StoredMatch computer_to_move = a_match("e000000000000002");
  StoredMatch unknown = a_match("e000000000000003");
  StoredMatch no_computer = a_match("e000000000000004");
  no_computer.seats[1] = {{"kind", "human"}, {"token_hash", "h1"}};
  StoredMatch finished = a_match("e000000000000005");
  for (const StoredMatch* m :
       {&human_to_move, &computer_to_move, &unknown, &no_computer, &finished})
    a->matches().create(*m);
  a->matches().set_to_move(human_to_move.id, 0, 0);
  a->matches().set_to_move(computer_to_move.id, 1, 0);
  a->matches().set_to_move(no_computer.id, 1, 0);
  a->matches().set_to_move(finished.id, 1, 0);
  a->matches().finish(finished.id, {{"returns", {0, 1}}});
  if (!a->coordination().shared()) {
    EXPECT_TRUE(a->coordination().orphans(10).empty());
    return;
  }
  EXPECT_EQ(b->coordination().orphans(10),
            (std::vector<std::string>{computer_to_move.id, unknown.id}));
  EXPECT_EQ(b->coordination().orphans(1).size(), 1u);
  ASSERT_TRUE(a->coordination().claim_lease(computer_to_move.id));
  EXPECT_EQ(b->coordination().orphans(10), std::vector<std::string>{unknown.id});
  // The row moves on: its noted seat to move is of an older seq, so it may be the computer's.
  a->matches().set_to_move(human_to_move.id, 0, 0);
  ASSERT_EQ(a->matches().append_move(human_to_move.id, 0, "a1#a2", 1, {}), Write::kDone);
  EXPECT_EQ(b->coordination().orphans(10),
            (std::vector<std::string>{human_to_move.id, unknown.id}));
}

// Announcements: a change committed through one store reaches the others that listen (with the
// match and its new seq), never the store that made it.
TEST_P(StoreTest, OtherProcessesHearOfEveryCommittedChange) {
  auto a = open();
  auto b = open();
  std::mutex mutex;
  std::condition_variable heard;
  std::vector<std::pair<std::string, long long>> to_a, to_b;
  a->coordination().listen([&](const Change& c) {
    std::lock_guard lock(mutex);
    to_a.emplace_back(c.match, c.seq);
    heard.notify_all();
  });
  b->coordination().listen([&](const Change& c) {
    std::lock_guard lock(mutex);
    to_b.emplace_back(c.match, c.seq);
    heard.notify_all();
  });
  const StoredMatch m = a_match("f000000000000001");
  a->matches().create(m);
  ASSERT_EQ(a->matches().append_move(m.id, 0, "a1#a2", 1, {}), Write::kDone);
  ASSERT_EQ(a->matches().append_move(m.id, 1, "b1#b2", 2, {}), Write::kDone);
  ASSERT_EQ(a->matches().truncate_moves(m.id, 1, 3, {}), Write::kDone);
  json seats = m.seats;
  seats[1]["kind"] = "human";
  ASSERT_EQ(a->matches().update_seats(m.id, m.seats, 3, seats, "running", 4, {}), Write::kDone);
  ASSERT_EQ(a->matches().append_move(m.id, 1, "b1#b2", 4, {}),
            Write::kStale);  // not announced: not written
  ASSERT_EQ(b->matches().append_move(m.id, 1, "c1#c2", 5, {}), Write::kDone);
  std::unique_lock lock(mutex);
  if (!a->coordination().shared()) {
    // One process: nothing to announce, and no thread that could.
    EXPECT_TRUE(to_a.empty());
    EXPECT_TRUE(to_b.empty());
    return;
  }
  ASSERT_TRUE(heard.wait_for(lock, std::chrono::seconds(60),
                             [&] { return to_b.size() >= 4 && !to_a.empty(); }));
  EXPECT_EQ(to_b, (std::vector<std::pair<std::string, long long>>{
                      {m.id, 1}, {m.id, 2}, {m.id, 3}, {m.id, 4}}));
  EXPECT_EQ(to_a, (std::vector<std::pair<std::string, long long>>{{m.id, 5}}));
  lock.unlock();
  a->coordination().unlisten();
  b->coordination().unlisten();
}

// Deck expiry (serve --deck-expiry-days): the sweep removes what no match needs, on both stores.
TEST_P(StoreTest, TheDeckSweepKeepsWhatMatchesNameAndRemovesTheRest) {
  auto owned = open();
  Store& store = *owned;
  auto deck = [&](const std::string& id, long long created) {
    StoredDeck d;
    d.id = id;
    d.name = id;
    d.format = "json";
    d.text = "{}";
    d.created_at = created;
    store.decks().create_deck(d);
  };
  auto match = [&](const std::string& id, const std::string& hash, bool finished) {
    StoredMatch m;
    m.id = id;
    m.game = "conspiracy-tcg";
    m.params = {{"uploaded_decks", "upload:" + hash + ",agency-field-office"}};
    m.created_at = 100;
    store.matches().create(m);
    if (finished) store.matches().finish(id, json{{"returns", {1, -1}}});
  };
  deck("old", 100);       // untouched since 100: goes
  deck("touched", 100);   // touched at 5000: stays
  deck("running", 100);   // played by a running match: stays
  deck("finished", 100);  // its match is over: goes
  store.decks().touch_deck("touched", 5000);
  for (const char* hash : {"h-running", "h-finished", "h-unnamed"})
    store.decks().put_deck_snapshot(hash, "{}");
  store.decks().note_deck_use("running", "h-running");
  store.decks().note_deck_use("finished", "h-finished");
  match("m1", "h-running", false);
  match("m2", "h-finished", true);
  const long long later = std::time(nullptr) + 10;  // every snapshot was made before
  EXPECT_EQ(store.decks().sweep_decks(1000, later), std::make_pair(2, 1));
  EXPECT_FALSE(store.decks().load_deck("old"));
  EXPECT_FALSE(store.decks().load_deck("finished"));
  EXPECT_TRUE(store.decks().load_deck("touched"));
  EXPECT_TRUE(store.decks().load_deck("running"));
  // A finished match's snapshot is kept with the match; only the unnamed one went.
  EXPECT_TRUE(store.decks().load_deck_snapshot("h-running"));
  EXPECT_TRUE(store.decks().load_deck_snapshot("h-finished"));
  EXPECT_FALSE(store.decks().load_deck_snapshot("h-unnamed"));
  // A snapshot younger than its cutoff stays even when nothing names it.
  store.decks().put_deck_snapshot("h-new", "{}");
  EXPECT_EQ(store.decks().sweep_decks(1000, 0), std::make_pair(0, 0));
  EXPECT_TRUE(store.decks().load_deck_snapshot("h-new"));
}

// A finished match's post-game analysis is stored with it, one per search spec; the first written
// is kept (two processes may make the same one), and it survives the store being opened again.
TEST_P(StoreTest, AnAnalysisIsStoredWithItsMatchPerSearchSpec) {
  {
    auto store = open();
    store->matches().create(a_match("a000000000000001"));
    store->matches().finish("a000000000000001", json{{"returns", {1, -1}}});
    EXPECT_FALSE(store->analyses().load_analysis("a000000000000001", "ismcts:iterations=2000"));
    const std::string analysis = R"({"moves":[{"move":"a1#a2","before":0.5,"after":0.62}]})";
    store->analyses().put_analysis("a000000000000001", "ismcts:iterations=2000", analysis);
    store->analyses().put_analysis("a000000000000001", "ismcts:iterations=2000", R"({"moves":[]})");
    store->analyses().put_analysis("a000000000000001", "ismcts:iterations=500", R"({"moves":[]})");
    EXPECT_EQ(store->analyses().load_analysis("a000000000000001", "ismcts:iterations=2000"),
              analysis);
    EXPECT_EQ(store->analyses().load_analysis("a000000000000001", "ismcts:iterations=500"),
              R"({"moves":[]})");
    EXPECT_FALSE(store->analyses().load_analysis("a0000000000000ff", "ismcts:iterations=2000"));
    // Only a match the database holds has an analysis.
    EXPECT_ANY_THROW(
        store->analyses().put_analysis("a0000000000000ff", "ismcts:iterations=2000", "{}"));
  }
  auto reopened = open();
  EXPECT_EQ(reopened->analyses().load_analysis("a000000000000001", "ismcts:iterations=2000"),
            R"({"moves":[{"move":"a1#a2","before":0.5,"after":0.62}]})");
}

// Table talk (chat_store.h): each line gets its match's next number, whichever connection (or
// process) writes it; the last lines come back oldest first. The match sweep's queries
// (match_store.h): stalled matches by their last change, and ended ones removed with their moves
// and talk; an abandoned match does not count as unfinished.
TEST_P(StoreTest, ChatLinesAreNumberedPerMatchAndEndedMatchesGoWithTheirTalk) {
  auto store = open();
  MatchStore& matches = store->matches();
  matches.create(a_match("c000000000000001", 1000));
  matches.create(a_match("c000000000000002", 1000));
  EXPECT_TRUE(store->chat().recent_chat("c000000000000001", 10).empty());
  auto other = open();  // another connection, as another process has
  EXPECT_EQ(store->chat().add_chat("c000000000000001", 0, 100, "gl hf"), 0);
  EXPECT_EQ(other->chat().add_chat("c000000000000001", 1, 101, "thanks"), 1);
  EXPECT_EQ(store->chat().add_chat("c000000000000002", 1, 102, "elsewhere"), 0);
  EXPECT_EQ(store->chat().add_chat("c000000000000001", 0, 103, "\u00fcn\u00efcode \u2713"), 2);
  const std::vector<ChatLine> last = store->chat().recent_chat("c000000000000001", 2);
  ASSERT_EQ(last.size(), 2u);
  EXPECT_EQ(last[0].n, 1);
  EXPECT_EQ(last[0].seat, 1);
  EXPECT_EQ(last[0].at, 101);
  EXPECT_EQ(last[0].text, "thanks");
  EXPECT_EQ(last[1].text, "\u00fcn\u00efcode \u2713");
  EXPECT_EQ(store->chat().recent_chat("c000000000000001", 10).size(), 3u);
  EXPECT_TRUE(matches.load("c000000000000001")->moves.empty());  // talk is no move

  // Both created at 1000 and not changed since: stalled at any later cutoff, oldest first.
  EXPECT_EQ(matches.stalled(999, 10).size(), 0u);
  EXPECT_EQ(matches.stalled(1001, 10).size(), 2u);
  EXPECT_EQ(matches.stalled(1001, 1).size(), 1u);
  const long long unfinished = matches.unfinished();
  ASSERT_EQ(matches.append_move("c000000000000001", 0, "a1#a2", 1, {}), Write::kDone);
  const json seats = a_match("x").seats;
  ASSERT_EQ(matches.update_seats("c000000000000001", seats, 1, seats, "abandoned", 2, {}),
            Write::kDone);
  EXPECT_EQ(matches.unfinished(), unfinished - 1);
  // Its last change is now: not removed at a cutoff before it, removed (with its moves and talk)
  // at one after; the running match stays.
  const long long now = std::time(nullptr);
  EXPECT_TRUE(matches.remove_ended(now - 3600).empty());
  EXPECT_EQ(matches.remove_ended(now + 3600), std::vector<std::string>{"c000000000000001"});
  EXPECT_FALSE(matches.load("c000000000000001"));
  EXPECT_TRUE(store->chat().recent_chat("c000000000000001", 10).empty());
  EXPECT_TRUE(matches.load("c000000000000002"));
  EXPECT_EQ(store->chat().recent_chat("c000000000000002", 10).size(), 1u);
}

TEST_P(StoreTest, EveryChangeStoresItsClockInItsOwnTransaction) {
  auto store = open();
  StoredMatch m = a_match("k000000000000001");
  m.clock = {{"mode", "real-time"}, {"seq", 0}};
  store->matches().create(m);
  const auto clock_at = [&store, &m] { return store->matches().load(m.id)->clock; };
  const auto expired_at = [&store, &m](long long now) {
    const std::vector<std::string> ids = store->matches().clock_expired(now, 10);
    return std::find(ids.begin(), ids.end(), m.id) != ids.end();
  };
  // A move: its seq, its log and its clock with the running person's deadline, together.
  const json one = {{"mode", "real-time"}, {"seq", 1}};
  ASSERT_EQ(store->matches().append_move(m.id, 0, "a1#a2", 1, {one, 5000}), Write::kDone);
  EXPECT_EQ(clock_at(), one);
  EXPECT_TRUE(expired_at(5000));
  EXPECT_FALSE(expired_at(4999));
  // A stale write stores none of it, its clock neither.
  const json never = {{"mode", "real-time"}, {"seq", 99}};
  EXPECT_EQ(store->matches().append_move(m.id, 1, "b1#b2", 1, {never, 1}), Write::kStale);
  EXPECT_EQ(store->matches().truncate_moves(m.id, 0, 1, {never, 1}), Write::kStale);
  EXPECT_EQ(store->matches().update_seats(m.id, m.seats, 0, m.seats, "running", 1, {never, 1}),
            Write::kStale);
  EXPECT_EQ(clock_at(), one);
  EXPECT_FALSE(expired_at(4999));
  // A move that fails to store (its ply is taken) rolls back with its seq and its clock.
  EXPECT_ANY_THROW(store->matches().append_move(m.id, 0, "c1#c2", 2, {never, 1}));
  EXPECT_EQ(store->matches().load(m.id)->seq, 1);
  EXPECT_EQ(clock_at(), one);
  // An undo and a change of seats carry theirs; no deadline once nobody's clock runs.
  const json two = {{"mode", "real-time"}, {"seq", 2}};
  ASSERT_EQ(store->matches().truncate_moves(m.id, 0, 2, {two, 7000}), Write::kDone);
  EXPECT_EQ(clock_at(), two);
  EXPECT_FALSE(expired_at(6999));
  EXPECT_TRUE(expired_at(7000));
  const json three = {{"mode", "real-time"}, {"seq", 3}};
  ASSERT_EQ(store->matches().update_seats(m.id, m.seats, 2, m.seats, "finished", 3, {three, {}}),
            Write::kDone);
  EXPECT_EQ(clock_at(), three);
  EXPECT_FALSE(expired_at(1LL << 50));
  // A change without a clock (a seat claimed) leaves the stored one as it is.
  ASSERT_EQ(store->matches().update_seats(m.id, m.seats, 3, m.seats, "finished", 3, {}),
            Write::kDone);
  EXPECT_EQ(clock_at(), three);
}

INSTANTIATE_TEST_SUITE_P(BothStores, StoreTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& param) { return param.param; });

TEST(OpenStore, AnUnreachableDatabaseIsOneLineNamingItWithoutItsPassword) {
  try {
    open_store("postgresql://tabletop:secret@127.0.0.1:1/tabletop");
    FAIL() << "opened";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(
        what.find("cannot open the database postgresql://tabletop:***@127.0.0.1:1/tabletop: "),
        std::string::npos)
        << what;
    EXPECT_EQ(what.find("secret"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
  EXPECT_THROW(open_store("/nonexistent-folder/x/tabletop.db"), std::runtime_error);
  EXPECT_EQ(database_name("postgresql://u:p@h/d"), "postgresql://u:***@h/d");
  EXPECT_EQ(database_name("postgresql://u@h/d"), "postgresql://u@h/d");
  EXPECT_EQ(database_name("tabletop.db"), "tabletop.db");
}

}  // namespace
}  // namespace tabletop::server
