// tabletop: one binary, many subcommands (list, play, apply, replay, sim, perft, bench, ...).
#include <CLI/CLI.hpp>
#include <iostream>

#include "ai/advice.h"
#include "ai/bench.h"
#include "cli/commands.h"
#include "cli/input.h"
#include "games/games.h"

int main(int argc, char** argv) {
  using namespace tabletop;
  CLI::App app{"Tabletop: piecepack and card games, rules-exact, for people and programs."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "tabletop 0.1.0");

  std::string game;
  std::vector<std::string> param_pairs;
  uint64_t seed = 1;
  auto add_game = [&](CLI::App* cmd) {
    cmd->add_option("game", game, "game id (see `tabletop list`)")->required();
    cmd->add_option("--param,-p", param_pairs, "game parameter key=value (repeatable)")
        ->allow_extra_args(false);
    cmd->add_option("--seed,-s", seed, "random seed (deal, dice, agents)")
        ->capture_default_str()
        ->check(cli::seed_check());
  };

  auto* list = app.add_subcommand(
      "list", "list the games; with a game id: its parameters, notation and computer players");
  std::string list_game;
  list->add_option("game", list_game, "a game id: show its parameters, notation and agents");

  auto* rules = app.add_subcommand(
      "rules", "how to play a game: the goal, the setup, a turn, what wins, the notation");
  std::string rules_game;
  rules->add_option("game", rules_game, "a game id (see `tabletop list`)")->required();

  auto* play = app.add_subcommand("play", "play in the terminal (people and computer players)");
  add_game(play);
  play->get_option("--seed")
      ->description(
          "random seed (deal, dice, agents); without it a fresh one, printed at the start")
      ->default_str("");
  std::string seats_text;
  play->add_option("--seats", seats_text,
                   "one agent spec per seat, comma-separated, 'human' for a person; n entries set "
                   "the player count where the game allows (default: you in seat 0, the greedy "
                   "computer in the others, at the game's usual count)");
  cli::PlayOptions play_options;
  bool no_record = false;
  play->add_option("--record", play_options.record_path,
                   "save the record here on quit and at the end "
                   "(default: ~/.local/state/tabletop/GAME-SEED.json)");
  play->add_flag("--no-record", no_record, "do not save the record");
  play->add_flag("--verbose,-v", play_options.verbose, "print the computers' search figures");
  play->add_flag("--hints", play_options.hints,
                 "allow hints: 'hint' shows the move the computer would play for you");
  play->add_option("--hint-agent", play_options.hint_spec,
                   "the search that answers 'hint', an ismcts spec (default: the lobby's hard)");

  auto* apply = app.add_subcommand("apply", "apply moves and print the resulting state as JSON");
  add_game(apply);
  std::vector<std::string> moves;
  apply->add_option("moves", moves, "moves in the game's notation");
  cli::ApplyOptions apply_options;
  apply->add_option("--state", apply_options.state_path,
                    "start from this saved state (JSON) instead of a deal");
  apply->add_option("--save", apply_options.save_path,
                    "write the resulting state to this file (for --state)");
  apply
      ->add_option("--viewer", apply_options.viewer,
                   "print the view of this seat (observation and log); -1: a spectator's")
      ->capture_default_str();
  apply->add_flag("--legal", apply_options.legal,
                  "also print the legal moves of the seat to move (\"legal_moves\", in notation); "
                  "in a hidden-information game only to that seat's --viewer");
  apply
      ->add_flag("--edited", apply_options.edited,
                 "the --state file is a position edited by hand: checked like any saved state, "
                 "its record ignored, the output and --save marked \"edited\" (never a record)")
      ->needs(apply->get_option("--state"));

  auto* replay = app.add_subcommand("replay", "replay a JSON record (or JSON Lines) or a PPN file");
  std::string path;
  bool quiet = false;
  replay->add_option("file", path, "record file")->required();
  replay->add_flag("--quiet,-q", quiet, "print nothing on success");
  bool step = false;
  replay->add_flag("--step", step, "walk through the record move by move (Enter for the next)");
  std::string export_format;
  replay->add_option("--export", export_format,
                     "check a JSON record, then print it in this format (ppn: Relativity)");

  auto* analyse = app.add_subcommand(
      "analyse", "every move of a JSON record with its mover's chance of winning before and after");
  std::string analyse_path, analyse_spec = ai::analysis_spec();
  bool analyse_json = false;
  uint64_t analyse_seed = 1;
  analyse->add_option("record", analyse_path, "a JSON record (tabletop play saves one)")
      ->required();
  analyse->add_flag("--json", analyse_json, "print the analysis as one JSON object");
  analyse->add_option("--agent", analyse_spec, "the search that judges each move (an ismcts spec)")
      ->capture_default_str();
  analyse->add_option("--seed", analyse_seed, "the search's seed")->capture_default_str();

  auto* sim = cli::add_sim_command(app);

  auto* rate = app.add_subcommand(
      "rate", "Bradley-Terry ratings of a win matrix (a tournament's, or two added together)");
  std::string rate_path;
  rate->add_option("file", rate_path,
                   "{\"agents\": [...], \"wins\": [[...]]} or a sim --tournament "
                   "--json summary; - for standard input")
      ->required();

  auto* perft = app.add_subcommand("perft", "count the move sequences of a given length");
  add_game(perft);
  int depth = 1;
  perft->add_option("--depth,-d", depth, "sequence length")->required()->check(CLI::Range(0, 12));
  bool divide = false;
  perft->add_flag("--divide", divide, "the count under each first move, and the time");

  auto* bench = app.add_subcommand(
      "bench", "deterministic search benchmark over every game: speeds and a node-count signature");
  int bench_iterations = 20000;
  bench->add_option("--iterations,-i", bench_iterations, "search iterations per position")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000000));
  std::string bench_game;
  bench->add_option(
      "game", bench_game,
      "one game only (its positions under --param; the signature is then of it alone)");
  bench->add_option("--param,-p", param_pairs, "game parameter key=value (repeatable; with a game)")
      ->allow_extra_args(false);

  auto* deck = app.add_subcommand("deck", "Conspiracy TCG decks (JSON or vCard)");
  auto* deck_check =
      deck->add_subcommand("check", "validate decks and show what each card plays as");
  std::vector<std::string> deck_files;
  bool deck_json = false;
  deck_check->add_option("files", deck_files, "deck files (.json, .vcf)")->required();
  deck_check->add_flag("--json", deck_json, "one JSON object per card");
  deck->require_subcommand(1);

  auto* serve = app.add_subcommand("serve", "the web server: lobby, matches, computer players");
  std::string bind = "127.0.0.1", db = "tabletop.db", static_dir = "web/dist";
  int port = 8080;
  bool sync_full = false;
  double messages_per_second = 20;
  serve->add_option("--port", port, "TCP port (0: any free one)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  serve->add_option("--bind", bind, "address to listen on (0.0.0.0: every network)")
      ->capture_default_str()
      ->check(cli::ip_address());
  serve
      ->add_option("--db", db,
                   "SQLite database file, or a postgresql://user@host:port/database URL that "
                   "several serve processes share")
      ->capture_default_str();
  serve->add_option("--static", static_dir, "the built web client (empty: none)")
      ->capture_default_str();
  std::string gazetteer_path;
  serve->add_option("--gazetteer", gazetteer_path,
                    "the gazetteer placing Conspiracy TCG city venues and city-only cards, read "
                    "once at start (default: $TABLETOP_GAZETTEER, else the installed copy, else "
                    "data/gazetteer/gazetteer.tsv of the build)");
  serve->add_flag("--sync-full", sync_full,
                  "fsync the database at every move (survives power loss)");

  serve->add_option("--rate", messages_per_second, "WebSocket messages a second per connection")
      ->capture_default_str()
      ->check(cli::finite_in(1.0, 1e9));
  double http_rate = 50, http_burst = 200;
  serve->add_option("--http-rate", http_rate, "HTTP requests a second per client address (0: off)")
      ->capture_default_str()
      ->check(cli::finite_in(0.0, 1e9));
  serve->add_option("--http-burst", http_burst, "HTTP requests in a burst per client address")
      ->capture_default_str()
      ->check(cli::finite_in(1.0, 1e9));
  cli::ComputerFlags computer_flags;
  serve
      ->add_option("--computer-threads", computer_flags.threads,
                   "computer search threads at once (expert's search counts each of its "
                   "threads; 0: one per core, less one)")
      ->capture_default_str()
      ->check(CLI::Range(0, 256));
  serve
      ->add_option("--hurried-search-ms", computer_flags.hurried_search_ms,
                   "a hard computer's search stops after this many ms while another match's "
                   "computer waits for a thread (0: never)")
      ->capture_default_str()
      ->check(cli::finite_in(0.0, 1e6));
  serve
      ->add_option("--idle-unload-s", computer_flags.idle_unload_s,
                   "seconds a match nobody watches stays in memory (0: for ever)")
      ->capture_default_str()
      ->check(cli::finite_in(0.0, 1e9));
  serve
      ->add_option("--lease-s", computer_flags.lease_s,
                   "with PostgreSQL: seconds after a process dies before another plays its "
                   "matches' computer seats")
      ->capture_default_str()
      ->check(cli::finite_in(0.5, 3600.0));
  serve
      ->add_option("--hint-ms", computer_flags.hint_ms,
                   "milliseconds of search a hint gets (hard's budget), on the computer threads "
                   "at low priority")
      ->capture_default_str()
      ->check(cli::finite_in(1.0, 60000.0));
  serve
      ->add_option("--analysis-iterations", computer_flags.analysis_iterations,
                   "search iterations per move of a finished match's analysis")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000000));
  serve
      ->add_option("--unwatched-pause-s", computer_flags.unwatched_pause_s,
                   "seconds a computer-only match nobody watches plays on before it pauses until "
                   "someone watches (0: never pauses)")
      ->capture_default_str()
      ->check(cli::finite_in(0.0, 1e9));
  serve
      ->add_option("--computer-matches-per-address", computer_flags.computer_matches_per_address,
                   "computer-only matches of one client address playing at once (over: 429; "
                   "0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  serve
      ->add_option("--low-jobs-per-address", computer_flags.low_jobs_per_address,
                   "hints waiting, and analyses under way, per client address at once (over: "
                   "refused; 0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  cli::ServeLimits serve_limits;
  serve
      ->add_option("--trusted-proxy", serve_limits.trusted_proxies,
                   "a balancer's IP address whose X-Real-IP header names the client for the "
                   "per-address limits (repeatable or comma-separated; from any other peer the "
                   "header is ignored)")
      ->delimiter(',')
      ->check(cli::ip_address());
  serve
      ->add_option("--allowed-host", serve_limits.allowed_hosts,
                   "a name this server answers to besides its IP addresses and localhost "
                   "(NAME: any port, NAME:PORT, * for any; repeatable or comma-separated); a "
                   "request for any other Host is refused (421), as DNS rebinding would send")
      ->delimiter(',')
      ->check(cli::host_name());
  serve
      ->add_option("--allowed-origin", serve_limits.allowed_origins,
                   "another site's origin (scheme://host[:port]) whose pages may send this "
                   "server requests that change something and open WebSockets (repeatable or "
                   "comma-separated; by default only its own pages may: others get 403)")
      ->delimiter(',')
      ->check(cli::web_origin());
  serve
      ->add_option("--hello-grace", serve_limits.hello_grace_s,
                   "seconds a WebSocket may stay open without a hello naming a match")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  serve
      ->add_option("--max-connections", serve_limits.max_connections,
                   "open connections in all (over: 503; 0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  serve
      ->add_option("--max-connections-per-address", serve_limits.max_connections_per_address,
                   "open connections from one address (over: 429; 0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  serve
      ->add_option("--match-rate", serve_limits.matches_per_minute,
                   "new matches a minute per client address, in bursts as large (0: off)")
      ->capture_default_str()
      ->check(cli::finite_in(0.0, 1e6));
  serve
      ->add_option("--http-idle", serve_limits.http_idle_s,
                   "seconds an HTTP connection may wait for its next request")
      ->capture_default_str()
      ->check(CLI::Range(1, 86400));
  serve
      ->add_option("--ws-idle", serve_limits.ws_idle_s,
                   "seconds without a message or pong before a WebSocket is closed")
      ->capture_default_str()
      ->check(CLI::Range(2, 86400));
  serve
      ->add_option("--deck-max-bytes", serve_limits.deck_max_bytes,
                   "the largest card-game deck upload, in bytes (over: 413)")
      ->capture_default_str()
      ->check(CLI::Range(1024, 16 << 20));
  serve
      ->add_option("--deck-rate", serve_limits.decks_per_hour,
                   "new card-game decks an hour per client address, in bursts as large (0: off)")
      ->capture_default_str()
      ->check(cli::finite_in(0.0, 1e6));
  serve
      ->add_option("--deck-expiry-days", serve_limits.deck_expiry_days,
                   "days an uploaded deck nobody touched and no running match plays is kept "
                   "(0: for ever)")
      ->capture_default_str()
      ->check(cli::finite_in(0.0, 36500.0));
  serve
      ->add_option("--ws-queue-bytes", serve_limits.ws_queue_bytes,
                   "bytes that may wait for one WebSocket besides its newest state (over: an "
                   "error and the connection is closed)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(4096), int64_t(1) << 32));

  cli::ServeLog serve_log;
  serve
      ->add_option("--log-level", serve_log.level,
                   "the least severe events logged to standard error: trace, debug, info, warn, "
                   "error or off")
      ->capture_default_str()
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}));
  serve
      ->add_option("--log-format", serve_log.format,
                   "text (one line an event) or json (one JSON object a line, for log collectors)")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json"}));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return cli::report_parse_error(app, e);
  }

  try {
    const json params = cli::params_from(param_pairs);
    if (list->parsed()) return list_game.empty() ? cli::list_games() : cli::list_game(list_game);
    if (rules->parsed()) return cli::rules(rules_game);
    if (play->parsed()) {
      play_options.game = game;
      if (!seats_text.empty()) play_options.seats = cli::split_agent_specs(seats_text);
      if (play->count("--seed")) play_options.seed = seed;
      play_options.params = params;
      play_options.record = !no_record;
      return cli::play(play_options);
    }
    if (apply->parsed()) return cli::apply_moves(game, seed, params, moves, apply_options);
    if (analyse->parsed())
      return cli::analyse_record(analyse_path, analyse_json, analyse_spec, analyse_seed);
    if (replay->parsed() && !export_format.empty()) return cli::export_record(path, export_format);
    if (replay->parsed()) return step ? cli::replay_steps(path) : cli::replay_file(path, quiet);
    if (sim->parsed()) {
      std::string command_line = "tabletop";
      for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];
      return cli::run_sim_command(command_line);
    }
    if (rate->parsed()) return cli::rate(rate_path);
    if (perft->parsed()) return cli::perft(game, depth, seed, params, divide);
    if (deck_check->parsed()) return cli::deck_check(deck_files, deck_json);
    if (serve->parsed() && !gazetteer_path.empty()) cli::use_gazetteer(gazetteer_path);
    if (serve->parsed())
      return cli::serve(bind, port, db, static_dir, sync_full, messages_per_second, http_rate,
                        http_burst, serve_limits, computer_flags, serve_log);
    if (bench->parsed()) {
      if (bench_game.empty() && !param_pairs.empty())
        throw BadParams("bench: --param needs a game (tabletop bench GAME -p key=value)");
      std::cout << ai::bench_report(
                       ai::run_bench(games::registry(), bench_iterations, bench_game, params))
                << std::flush;
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << "error: " << one_line(e.what()) << "\n";
    return 2;
  }
  return 0;
}
