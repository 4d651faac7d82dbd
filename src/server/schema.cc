#include "server/schema.h"

#include <stdexcept>

namespace tabletop::server {

const std::string& SchemaSql::in(Dialect dialect) const {
  return dialect == Dialect::kPostgresql && !postgresql.empty() ? postgresql : sqlite;
}

const std::vector<SchemaStep>& schema_steps() {
  static const std::vector<SchemaStep> steps = {
      {1,
       "matches and their moves, decks and deck snapshots",
       {
           // PostgreSQL numbers the rows (`n`) for the lobby's order; SQLite has its rowid.
           {"CREATE TABLE IF NOT EXISTS matches ("
            " id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL,"
            " seed INTEGER NOT NULL, seats TEXT NOT NULL, undo INTEGER NOT NULL,"
            " takeover_after_s INTEGER, status TEXT NOT NULL, seq INTEGER NOT NULL,"
            " created_at INTEGER NOT NULL, result TEXT)",
            "CREATE TABLE IF NOT EXISTS matches ("
            " n bigserial UNIQUE, id text PRIMARY KEY, game text NOT NULL, params text NOT NULL,"
            " seed bigint NOT NULL, seats text NOT NULL, undo boolean NOT NULL,"
            " takeover_after_s integer, status text NOT NULL, seq bigint NOT NULL,"
            " created_at bigint NOT NULL, result text)"},
           {"CREATE TABLE IF NOT EXISTS moves ("
            " match_id text NOT NULL REFERENCES matches(id), ply integer NOT NULL,"
            " move text NOT NULL, PRIMARY KEY (match_id, ply))"},
           {"CREATE INDEX IF NOT EXISTS matches_status ON matches(status, created_at)"},
           // The file as sent: PostgreSQL keeps it as bytes (it may be Windows-1252 or hold a
           // NUL, which a text column refuses).
           {"CREATE TABLE IF NOT EXISTS decks ("
            " id TEXT PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL, body TEXT NOT NULL,"
            " annotations TEXT NOT NULL, created_at INTEGER NOT NULL)",
            "CREATE TABLE IF NOT EXISTS decks ("
            " id text PRIMARY KEY, name text NOT NULL, format text NOT NULL, body bytea NOT NULL,"
            " annotations text NOT NULL, created_at bigint NOT NULL)"},
           {"CREATE TABLE IF NOT EXISTS deck_snapshots ("
            " hash text PRIMARY KEY, content text NOT NULL)"},
       },
       {}},
      {2,
       "who is to move, noted in a match's row at a seq (NULL: unknown)",
       {},
       {{"matches", "to_move", {"integer"}}, {"matches", "to_move_seq", {"bigint"}}}},
      {3,
       "whether a match's creator allowed hints",
       {},
       {{"matches", "hints", {"INTEGER NOT NULL DEFAULT 0", "boolean NOT NULL DEFAULT false"}}}},
      {4,
       "a match's creator (the hash of its address), for the computer pool's fairness",
       {},
       {{"matches", "owner", {"text NOT NULL DEFAULT ''"}}}},
      {5,
       "deck expiry: when a deck was last touched, when a snapshot was made, which snapshots "
       "were made of which deck",
       {{"CREATE TABLE IF NOT EXISTS deck_uses (deck_id text NOT NULL, hash text NOT NULL,"
         " PRIMARY KEY (deck_id, hash))"}},
       {{"decks", "touched_at", {"bigint"}}, {"deck_snapshots", "created_at", {"bigint"}}}},
      {6,
       "a deck as checked and its owner's key (NULL in older rows)",
       {},
       {{"decks", "checked", {"text"}}, {"decks", "owner_hash", {"text"}}}},
      {7,
       "several processes: computer seats' leases and seats' presence (PostgreSQL)",
       {SchemaSql::postgresql_only(
            "CREATE TABLE IF NOT EXISTS leases ("
            " match_id text PRIMARY KEY REFERENCES matches(id), holder text NOT NULL,"
            " expires_at timestamptz NOT NULL)"),
        SchemaSql::postgresql_only(
            "CREATE TABLE IF NOT EXISTS presence ("
            " match_id text NOT NULL REFERENCES matches(id), seat integer NOT NULL,"
            " holder text NOT NULL, connected boolean NOT NULL, changed_at timestamptz NOT NULL,"
            " expires_at timestamptz NOT NULL, PRIMARY KEY (match_id, seat, holder))")},
       {}},
      {8,
       "post-game analyses, one per match and search spec",
       {{"CREATE TABLE IF NOT EXISTS analyses ("
         " match_id text NOT NULL REFERENCES matches(id), spec text NOT NULL,"
         " content text NOT NULL, created_at bigint NOT NULL, PRIMARY KEY (match_id, spec))"}},
       {}},
      {9,
       "table talk, numbered per match; when a match last changed (NULL: at its creation)",
       {{"CREATE TABLE IF NOT EXISTS chat_lines ("
         " match_id text NOT NULL REFERENCES matches(id), n bigint NOT NULL,"
         " seat integer NOT NULL, at bigint NOT NULL, text text NOT NULL,"
         " PRIMARY KEY (match_id, n))"}},
       {{"matches", "changed_at", {"bigint"}}}},
      {10,
       "what spectators have of a match's table talk, as its creator chose: read, none or apart",
       {},
       {{"matches", "spectator_chat", {"text NOT NULL DEFAULT 'read'"}}}},
      {11,
       "match clocks: the time control and each seat's time (NULL: none), and when the running "
       "person's time runs out",
       {},
       {{"matches", "clock", {"text"}}, {"matches", "clock_deadline_ms", {"bigint"}}}},
      {12,
       "an index of clock deadlines, for the clock sweep",
       {{"CREATE INDEX IF NOT EXISTS matches_clock_deadline ON matches (clock_deadline_ms)"}},
       {}},
  };
  return steps;
}

int schema_version() {
  return schema_steps().back().version;
}

void refuse_newer_schema(int found) {
  if (found <= schema_version()) return;
  throw std::runtime_error("the database's schema is version " + std::to_string(found) +
                           ", newer than this tabletop's (" + std::to_string(schema_version()) +
                           "): use a newer tabletop");
}

}  // namespace tabletop::server
