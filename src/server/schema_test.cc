// The one migration list (schema.h) on both stores: a database made before versions were recorded
// is brought up to date keeping its rows, a database newer than the binary is refused, and opening
// again changes nothing. The old schemas are kept here as the statements the stores ran before.
#include "server/schema.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <pqxx/pqxx>

#include "server/store.h"
#include "testing/test_cluster.h"

namespace tabletop::server {
namespace {

// The SQLite schema of the first release: no column added since.
const std::vector<std::string> kSqliteFirstRelease = {
    "CREATE TABLE matches ("
    " id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, seed INTEGER NOT NULL,"
    " seats TEXT NOT NULL, undo INTEGER NOT NULL, takeover_after_s INTEGER,"
    " status TEXT NOT NULL, seq INTEGER NOT NULL, created_at INTEGER NOT NULL, result TEXT)",
    "CREATE TABLE moves ("
    " match_id TEXT NOT NULL REFERENCES matches(id), ply INTEGER NOT NULL, move TEXT NOT NULL,"
    " PRIMARY KEY (match_id, ply))",
    "CREATE INDEX matches_status ON matches(status, created_at)",
    "CREATE TABLE decks ("
    " id TEXT PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL, body TEXT NOT NULL,"
    " annotations TEXT NOT NULL, created_at INTEGER NOT NULL)",
    "CREATE TABLE deck_snapshots (hash TEXT PRIMARY KEY, content TEXT NOT NULL)",
};

// What the SQLite store added to it before the migration list, in its order.
const std::vector<std::string> kSqliteLastUnversioned = {
    "ALTER TABLE matches ADD COLUMN to_move INTEGER",
    "ALTER TABLE matches ADD COLUMN to_move_seq INTEGER",
    "ALTER TABLE matches ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE matches ADD COLUMN owner TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE decks ADD COLUMN touched_at INTEGER",
    "ALTER TABLE decks ADD COLUMN checked TEXT",
    "ALTER TABLE decks ADD COLUMN owner_hash TEXT",
    "ALTER TABLE deck_snapshots ADD COLUMN created_at INTEGER",
    "CREATE TABLE deck_uses (deck_id TEXT NOT NULL, hash TEXT NOT NULL,"
    " PRIMARY KEY (deck_id, hash))",
    "CREATE TABLE analyses ("
    " match_id TEXT NOT NULL REFERENCES matches(id), spec TEXT NOT NULL, content TEXT NOT NULL,"
    " created_at INTEGER NOT NULL, PRIMARY KEY (match_id, spec))",
};

// The PostgreSQL schema before the migration list (its schema_version row said 1).
const std::vector<std::string> kPostgresqlLastUnversioned = {
    "CREATE TABLE schema_version (version integer NOT NULL)",
    "INSERT INTO schema_version (version) VALUES (1)",
    "CREATE TABLE matches ("
    " n bigserial UNIQUE, id text PRIMARY KEY, game text NOT NULL, params text NOT NULL,"
    " seed bigint NOT NULL, seats text NOT NULL, undo boolean NOT NULL,"
    " takeover_after_s integer, status text NOT NULL, seq bigint NOT NULL,"
    " created_at bigint NOT NULL, result text, to_move integer, to_move_seq bigint)",
    "CREATE TABLE moves ("
    " match_id text NOT NULL REFERENCES matches(id), ply integer NOT NULL, move text NOT NULL,"
    " PRIMARY KEY (match_id, ply))",
    "CREATE INDEX matches_status ON matches(status, created_at)",
    "CREATE TABLE decks ("
    " id text PRIMARY KEY, name text NOT NULL, format text NOT NULL, body bytea NOT NULL,"
    " annotations text NOT NULL, created_at bigint NOT NULL)",
    "CREATE TABLE deck_snapshots (hash text PRIMARY KEY, content text NOT NULL)",
    "ALTER TABLE matches ADD COLUMN hints boolean NOT NULL DEFAULT false",
    "ALTER TABLE matches ADD COLUMN owner text NOT NULL DEFAULT ''",
    "ALTER TABLE decks ADD COLUMN touched_at bigint",
    "ALTER TABLE deck_snapshots ADD COLUMN created_at bigint",
    "ALTER TABLE decks ADD COLUMN checked text",
    "ALTER TABLE decks ADD COLUMN owner_hash text",
    "CREATE TABLE deck_uses (deck_id text NOT NULL, hash text NOT NULL,"
    " PRIMARY KEY (deck_id, hash))",
    "CREATE TABLE leases ("
    " match_id text PRIMARY KEY REFERENCES matches(id), holder text NOT NULL,"
    " expires_at timestamptz NOT NULL)",
    "CREATE TABLE presence ("
    " match_id text NOT NULL REFERENCES matches(id), seat integer NOT NULL, holder text NOT NULL,"
    " connected boolean NOT NULL, changed_at timestamptz NOT NULL,"
    " expires_at timestamptz NOT NULL, PRIMARY KEY (match_id, seat, holder))",
    "CREATE TABLE analyses ("
    " match_id text NOT NULL REFERENCES matches(id), spec text NOT NULL, content text NOT NULL,"
    " created_at bigint NOT NULL, PRIMARY KEY (match_id, spec))",
};

// Rows as the old stores wrote them: a match at seq 2 with two moves, noted to move, finished
// with a result; a deck with its annotations; a snapshot; an analysis of the match.
const std::vector<std::string> kOldRows = {
    "INSERT INTO matches (id, game, params, seed, seats, undo, takeover_after_s, status, seq,"
    " created_at, result, hints, owner) VALUES ('old0000000000001', 'relativity',"
    " '{\"players\":2}', 7, '[{\"kind\":\"human\"},{\"kind\":\"computer\"}]', UNDO, 30,"
    " 'finished', 2, 1000, '{\"winner\":0}', HINTS, 'owner-hash')",
    "INSERT INTO moves (match_id, ply, move) VALUES ('old0000000000001', 0, 'a1#a2')",
    "INSERT INTO moves (match_id, ply, move) VALUES ('old0000000000001', 1, 'b1#b2')",
    "INSERT INTO decks (id, name, format, body, annotations, created_at, checked, owner_hash)"
    " VALUES ('deck000000000001', 'Mine', 'json', BODY, '{\"3\":\"Animals\"}', 900,"
    " '{\"checked\":true}', 'key-hash')",
    "INSERT INTO deck_snapshots (hash, content, created_at) VALUES ('snap1', '{\"cards\":[]}', "
    "950)",
    "INSERT INTO analyses (match_id, spec, content, created_at)"
    " VALUES ('old0000000000001', 'spec1', '{\"swings\":[]}', 1100)",
};

std::string replaced(std::string sql, const std::string& what, const std::string& with) {
  if (const std::size_t at = sql.find(what); at != std::string::npos)
    sql.replace(at, what.size(), with);
  return sql;
}

// Runs the old statements on `where` with the database's own connection, then `rows` with the
// booleans and the deck's body in that database's words.
void make_old_database(const std::string& kind, const std::string& where,
                       std::vector<std::string> statements, const std::vector<std::string>& rows) {
  const bool pg = kind == "postgresql";
  for (const std::string& row : rows)
    statements.push_back(
        replaced(replaced(replaced(row, "UNDO", pg ? "true" : "1"), "HINTS", pg ? "true" : "1"),
                 "BODY", pg ? "'deck text'::bytea" : "'deck text'"));
  if (pg) {
    pqxx::connection c(where);
    pqxx::work t(c);
    for (const std::string& sql : statements) t.exec(sql);
    t.commit();
  } else {
    SQLite::Database db(where, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    for (const std::string& sql : statements) db.exec(sql);
  }
}

// The version the database records.
int recorded_version(const std::string& kind, const std::string& where) {
  if (kind == "postgresql") {
    pqxx::connection c(where);
    pqxx::read_transaction t(c);
    return t.exec("SELECT version FROM schema_version")[0][0].as<int>();
  }
  SQLite::Database db(where, SQLite::OPEN_READONLY);
  return db.execAndGet("PRAGMA user_version").getInt();
}

void set_recorded_version(const std::string& kind, const std::string& where, int version) {
  if (kind == "postgresql") {
    pqxx::connection c(where);
    pqxx::work t(c);
    t.exec("UPDATE schema_version SET version = " + std::to_string(version));
    t.commit();
    return;
  }
  SQLite::Database db(where, SQLite::OPEN_READWRITE);
  db.exec("PRAGMA user_version = " + std::to_string(version));
}

class SchemaTest : public OnEachDatabase {};

TEST(SchemaSteps, AreNumberedOneByOneFromOneAndEachAddsSomething) {
  int expected = 1;
  for (const SchemaStep& step : schema_steps()) {
    EXPECT_EQ(step.version, expected++);
    EXPECT_FALSE(step.adds.empty());
    EXPECT_FALSE(step.create.empty() && step.columns.empty()) << step.version;
  }
  EXPECT_EQ(schema_version(), expected - 1);
}

TEST_P(SchemaTest, ADatabaseOfTheStoresBeforeVersionsUpgradesKeepingItsRows) {
  make_old_database(GetParam(), where_,
                    GetParam() == "postgresql" ? kPostgresqlLastUnversioned : [] {
                      std::vector<std::string> all = kSqliteFirstRelease;
                      all.insert(all.end(), kSqliteLastUnversioned.begin(),
                                 kSqliteLastUnversioned.end());
                      return all;
                    }(),
                    kOldRows);
  {
    std::unique_ptr<Store> store = open_store(where_);
    std::optional<StoredMatch> m = store->matches().load("old0000000000001");
    ASSERT_TRUE(m);
    EXPECT_EQ(m->game, "relativity");
    EXPECT_EQ(m->params, json({{"players", 2}}));
    EXPECT_EQ(m->seed, 7u);
    EXPECT_EQ(m->seats, json::parse(R"([{"kind":"human"},{"kind":"computer"}])"));
    EXPECT_TRUE(m->undo);
    EXPECT_TRUE(m->hints);
    EXPECT_EQ(m->owner, "owner-hash");
    EXPECT_EQ(m->takeover_after_s, 30);
    EXPECT_EQ(m->status, "finished");
    EXPECT_EQ(m->result, json({{"winner", 0}}));
    EXPECT_EQ(m->seq, 2);
    EXPECT_EQ(m->moves, (std::vector<std::string>{"a1#a2", "b1#b2"}));
    std::optional<StoredDeck> d = store->decks().load_deck("deck000000000001");
    ASSERT_TRUE(d);
    EXPECT_EQ(d->name, "Mine");
    EXPECT_EQ(d->text, "deck text");
    EXPECT_EQ(d->annotations, json({{"3", "Animals"}}));
    EXPECT_EQ(d->checked, R"({"checked":true})");
    EXPECT_EQ(d->owner_hash, "key-hash");
    EXPECT_EQ(store->decks().load_deck_snapshot("snap1"), R"({"cards":[]})");
    EXPECT_EQ(store->analyses().load_analysis("old0000000000001", "spec1"), R"({"swings":[]})");
    // The upgraded database takes new writes.
    StoredMatch next = *m;
    next.id = "new0000000000001";
    next.status = "running";
    next.seq = 0;
    store->matches().create(next);
    EXPECT_EQ(store->matches().append_move("new0000000000001", 0, "c1#c2", 1, {}), Write::kDone);
  }
  EXPECT_EQ(recorded_version(GetParam(), where_), schema_version());
  // Opening again changes nothing.
  std::unique_ptr<Store> again = open_store(where_);
  EXPECT_EQ(again->matches().load("new0000000000001")->moves, std::vector<std::string>{"c1#c2"});
  EXPECT_EQ(again->matches().list("", 10).size(), 2u);
  EXPECT_EQ(recorded_version(GetParam(), where_), schema_version());
}

TEST_P(SchemaTest, ADatabaseNewerThanTheBinaryIsRefusedNamingBothVersions) {
  open_store(where_);
  set_recorded_version(GetParam(), where_, schema_version() + 1);
  try {
    open_store(where_);
    FAIL() << "a newer database was opened";
  } catch (const std::runtime_error& e) {
    const std::string said = e.what();
    EXPECT_NE(said.find("version " + std::to_string(schema_version() + 1)), std::string::npos)
        << said;
    EXPECT_NE(said.find("(" + std::to_string(schema_version()) + ")"), std::string::npos) << said;
  }
}

INSTANTIATE_TEST_SUITE_P(BothStores, SchemaTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& param) { return param.param; });

// A database of the first SQLite release gains every column since, its rows reading as the
// columns' defaults (no hints, no owner, nobody noted to move).
TEST(SqliteSchema, AFirstReleaseDatabaseGainsEveryLaterColumn) {
  const std::string where = fresh_database("sqlite", "first_release");
  make_old_database(
      "sqlite", where, kSqliteFirstRelease,
      {"INSERT INTO matches (id, game, params, seed, seats, undo, takeover_after_s, status, seq,"
       " created_at, result) VALUES ('old0000000000002', 'relativity', '{}', 7, '[]', 0, NULL,"
       " 'running', 1, 1000, NULL)",
       "INSERT INTO moves (match_id, ply, move) VALUES ('old0000000000002', 0, 'a1#a2')"});
  std::unique_ptr<Store> store = open_store(where);
  std::optional<StoredMatch> m = store->matches().load("old0000000000002");
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->hints);
  EXPECT_EQ(m->owner, "");
  EXPECT_FALSE(m->to_move);
  EXPECT_EQ(m->moves, std::vector<std::string>{"a1#a2"});
  store->matches().set_to_move("old0000000000002", 1, 1);
  EXPECT_EQ(store->matches().load("old0000000000002")->to_move, 1);
  StoredDeck d;
  d.id = "deck000000000002";
  d.name = "New";
  d.format = "json";
  d.text = "{}";
  d.checked = "{}";
  d.owner_hash = "k";
  store->decks().create_deck(d);
  EXPECT_EQ(store->decks().load_deck("deck000000000002")->owner_hash, "k");
  EXPECT_EQ(recorded_version("sqlite", where), schema_version());
}

}  // namespace
}  // namespace tabletop::server
