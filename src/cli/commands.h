// The `tabletop` command's subcommands. main.cc parses the command line (CLI11) and calls these;
// each returns the process exit code. Errors the user can fix are tabletop::Error exceptions, which
// main prints as one "error: ..." line with exit code 2.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ai/budgets.h"
#include "core/game.h"
#include "core/record.h"

namespace CLI {
class App;
}

namespace tabletop::cli {

// "--param k=v" list -> params object (throws BadParams).
json params_from(const std::vector<std::string>& pairs);

int list_games();
// `tabletop list GAME` (list.cc): the game's parameters, its notation with examples, and the agent
// specs with their options.
int list_game(const std::string& game);
// `tabletop rules GAME` (list.cc): how to play it (games/howto.h: goal, setup, a turn, what wins,
// the notation) and where the full rule text comes from.
int rules(const std::string& game);

// `tabletop play` (play.cc).
struct PlayOptions {
  std::string game;
  // One agent spec per seat, "human" for a person. Empty: a person in seat 0 and kDefaultComputer
  // in the others, at the game's default player count. With n specs and no "players" parameter,
  // the player count is n where the game allows it.
  std::vector<std::string> seats;
  std::optional<uint64_t> seed;  // none: a random seed, printed
  json params = json::object();
  bool record = true;       // save the record on quit and at the end
  std::string record_path;  // empty: $XDG_STATE_HOME/tabletop/GAME-SEED.json (or ~/.local/state)
  bool verbose = false;     // print the computers' search figures
  // `hint` answers (the move `hint_spec` would play and the chance of winning) only with this on.
  bool hints = false;
  std::string hint_spec;  // an ismcts spec; empty: the lobby's hard level
};
// The answer to `hint` in `tabletop play` (hint.cc): the move `spec` (an ismcts search) would
// play for the seat to move in `match`, with that seat's estimated chance of winning, computed
// from what the seat may know only (ai/advice.h), leaving a move back to a position the seat has
// seen in the match; or, when `allowed` is false, why there is none.
std::string hint_line(const Match& match, bool allowed, const std::string& spec, uint64_t seed);
int play(const PlayOptions& options);
// The `moves` list of `play`: up to kUngroupedMoves moves comma-separated; more (Culture Wars'
// setup offers 184) grouped by everything before each move's last part, one line per group
// ("tile:m15- | m19 m20 ...": the move is the start then one end, joined by a space when the start
// does not end in '-', '#' or ':'), in the order the groups first appear.
inline constexpr std::size_t kUngroupedMoves = 40;
std::string list_moves(const std::vector<std::string>& moves);
// The computer player in the seats `play` fills when --seats is not given.
inline constexpr const char* kDefaultComputer = "greedy";
// The game's notation for people (Game::notation): every kind with its form and first example
// when `kind` is empty, else that kind in full (or an error line naming the known kinds).
std::string notation_help(const Game& game, const std::string& kind);
// `text` broken at spaces into lines of at most `width` columns (UTF-8 characters), the lines after
// the first indented by `indent` spaces; the first line keeps its own leading spaces.
std::string wrap_text(const std::string& text, std::size_t width, std::size_t indent);

// What `tabletop apply` starts from, prints and writes besides the state.
struct ApplyOptions {
  Seat viewer = kSpectator;  // whose view is printed
  std::string state_path;    // a saved state to start from instead of a deal
  std::string save_path;     // where to write the resulting state
  // Print "legal_moves": the seat to move's legal moves in notation, in the state's order ([] at
  // the end). In a hidden-information game only when `viewer` is that seat (a move can show what
  // the seat holds); otherwise BadParams naming the seat.
  bool legal = false;
  // The state at `state_path` is a position edited by hand (for analysis and outside checkers):
  // read and checked like any saved state (Game::state_from_json, the game's invariants), its
  // "record" ignored unchecked, and marked: the output and the file --save writes carry
  // "edited": true and no record, so `replay` refuses it and nothing records a game from it (the
  // server restores no saved state at all). A file so marked needs --edited again.
  bool edited = false;
};

// `tabletop apply`: the state after `moves` as JSON, seen by `options.viewer`: observation(viewer)
// and the log as that viewer may read it, never the truth. Plays from a new deal or, with
// `state_path`, from the saved state in that file (whose params --param must match when given;
// its record must lead to it unless `edited`); with `save_path`, also writes the complete state
// there (State::to_json), ready for --state, with the record of the moves from the deal when it is
// known (`replay` reads it).
int apply_moves(const std::string& game, uint64_t seed, const json& params,
                const std::vector<std::string>& moves, const ApplyOptions& options = {});
int replay_file(const std::string& path, bool quiet);
// The record that `replay` walks in the JSON `j` read from `path`: a record, or a saved state
// from `apply --save`, whose "record" field is the record of the moves from the deal to it (kept
// when the state was reached from a deal or from a saved state that had one). Throws BadRecord
// for a saved state without a record or an edited one (saying what the file is and how to play on
// from it), one whose record does not lead to the state saved with it, or a record with a bad
// field.
Record record_in(const json& j, const std::string& path);
// `tabletop replay FILE --export ppn`: checks that the one JSON record in FILE replays exactly,
// then prints it as PPN on standard output (record_to_ppn; `tabletop replay` reads it back).
// Throws BadRecord for a game without a PPN writer, a file that is not one JSON record, or a
// record that does not replay.
int export_record(const std::string& path, const std::string& format);
// `tabletop replay FILE --step` (replay_step.cc): a JSON record walked through move by move as a
// spectator sees it, waiting for Enter between moves when standard input is a terminal.
int replay_steps(const std::string& path);
// `tabletop analyse RECORD [--json]` (analyse.cc): every move of a JSON record with its mover's
// estimated chance of winning before and after it, the move the search `spec` preferred, and the
// moves that lost the most marked (ai/advice.h); --json prints ai::analysis_json.
int analyse_record(const std::string& path, bool as_json, const std::string& spec, uint64_t seed);
// `tabletop sim`, the balance lab (sim.cc): registers the subcommand and its options on `app`,
// and runs it once parsed. `command_line` is shown in the report. Returns 130 when Ctrl-C stopped
// the run (what finished is still summarised and written).
CLI::App* add_sim_command(CLI::App& app);
// `tabletop rate FILE` (rate.cc): Bradley–Terry ratings (sim/stats.h, the lab's tournament
// method) of the win matrix in FILE ("-": standard input), {"agents": [names], "wins": [[games
// agent i won against agent j, halves for draws]]} or a `tabletop sim --tournament --json`
// summary; printed as the summary's "tournament" object, {"agents", "wins", "ratings": [{"agent",
// "elo", "elo_95"}]}. Two tournaments on different deals of one seed (--first-deal) add their
// matrices into the longer run's, so their sum rates exactly as that run does (scripts/ladder
// --extend). Or a share's sums over deals, {"deal_sums": {"deals", "s", "t", "ss", "st",
// "tt"}} (a sim summary slot's): printed as {"share", "share_95": [low, high]}, the lab's interval
// (sim::ClusterShare), so scripts/ladder's grown shares need no formula of their own. Throws
// BadRecord naming what is malformed, FileError for an unreadable file.
json rate_wins(const json& input);
int rate(const std::string& path);
int run_sim_command(const std::string& command_line);
// Splits a comma-separated list of agent specs, keeping each spec's options with it:
// "mcts:iterations=5,c=1,random" -> {"mcts:iterations=5,c=1", "random"}.
std::vector<std::string> split_agent_specs(const std::string& text);
// `divide`: also the count under each first move, and the time taken.
int perft(const std::string& game, int depth, uint64_t seed, const json& params,
          bool divide = false);
// `deck check`: loads each Conspiracy TCG deck file and prints every card's army, comparison keys
// and pro moves (or, with `as_json`, one JSON object per card per line); errors name file and
// line. Returns 0 when every file loads, 1 otherwise.
int deck_check(const std::vector<std::string>& files, bool as_json);
// `serve --gazetteer PATH`: makes PATH this process's default gazetteer (Conspiracy TCG games use
// it; no client can name another) and reads it now, once. Throws Error naming the file when it is
// absent, not a regular file, too large or malformed.
void use_gazetteer(const std::string& path);
// `serve`'s computer players and memory (server.h's ServerOptions says what each does).
struct ComputerFlags {
  int threads = 0;
  double hurried_search_ms = 300;
  double idle_unload_s = 60;
  double lease_s = 5;                  // PostgreSQL: a computer seat's lease (server.h)
  double hint_ms = ai::kHardSearchMs;  // a hint's search (ServerOptions::hint_ms)
  int analysis_iterations = 2000;      // per move of a finished match's analysis
  double unwatched_pause_s = 30;       // a computer-only match nobody watches pauses after it
  int computer_matches_per_address = 4;
  int low_jobs_per_address = 4;  // hints, and analyses, per address at once
};
// `serve`'s limits on connections, idle time and new matches (server::ServerOptions has the same
// fields and defaults, documented in docs/server.md "Limits"; 0 turns a cap off).
struct ServeLimits {
  // Balancers whose X-Real-IP header names the client (server::ServerOptions::trusted_proxies).
  std::vector<std::string> trusted_proxies;
  // Other sites (server::ServerOptions::allowed_hosts, allowed_origins, hello_grace_s).
  std::vector<std::string> allowed_hosts;
  std::vector<std::string> allowed_origins;
  // serve --public-url (server::ServerOptions::public_url).
  std::string public_url;
  int hello_grace_s = 10;
  // Table talk (server::ServerOptions::chat_max_bytes, chat_per_minute).
  int chat_max_bytes = 500;
  double chat_per_minute = 12;
  // Match lifetime (server::ServerOptions::abandon_after_s, keep_s).
  double abandon_after_hours = 72;
  int clock_sweep_ms = 1000;
  double test_clock_scale = 1;  // browser tests only (server/clock.h, ScaledClock)
  bool test_clock = false;      // browser tests only: POST /api/test-clock moves the clock
  double keep_days = 0;
  int max_connections = 1000;
  int max_connections_per_address = 50;
  double matches_per_minute = 20;
  int http_idle_s = 30;
  int ws_idle_s = 60;
  // Card-game deck uploads (server.h's ServerOptions).
  int deck_max_bytes = 60 * 1024;
  double decks_per_hour = 30;
  double deck_expiry_days = 30;
  int64_t ws_queue_bytes = 4 * 1024 * 1024;
};
// `serve --log-level`, `--log-format` (server/log.h; docs/server.md, Logging).
struct ServeLog {
  std::string level = "info";
  std::string format = "text";
};
// `tabletop serve`'s subcommand with its flags (serve.cc), and the server run with what they set
// (after `--gazetteer`, use_gazetteer).
CLI::App* add_serve_command(CLI::App& app);
int run_serve_command();
// Runs the web server (src/server) until SIGINT/SIGTERM; see docs/server.md. A --bind that is not
// an IP address, or a --static folder without index.html, is one "error:" line naming the flag
// and status 2.
int serve(const std::string& bind, int port, const std::string& db, const std::string& static_dir,
          bool sync_full, double messages_per_second, double http_per_second = 50,
          double http_burst = 200, const ServeLimits& limits = {},
          const ComputerFlags& computers = {}, const ServeLog& log = {});

}  // namespace tabletop::cli
