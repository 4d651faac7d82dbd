// tabletop: one binary, many subcommands (list, play, apply, replay, sim, perft, bench, ...).
#include <CLI/CLI.hpp>
#include <iostream>

#include "ai/advice.h"
#include "ai/bench.h"
#include "cli/commands.h"
#include "cli/input.h"
#include "games/games.h"

namespace {

using namespace tabletop;

// What the subcommands' flags set.
struct Args {
  std::string game;  // the subcommands that take a game (add_game)
  std::vector<std::string> param_pairs;
  uint64_t seed = 1;
  std::string list_game, rules_game, seats_text;
  cli::PlayOptions play_options;
  bool no_record = false;
  std::vector<std::string> moves;
  cli::ApplyOptions apply_options;
  std::string path, export_format;  // replay
  bool quiet = false, step = false;
  std::string analyse_path, analyse_spec = ai::analysis_spec();
  bool analyse_json = false;
  uint64_t analyse_seed = 1;
  std::string rate_path;
  int depth = 1;
  bool divide = false;
  int bench_iterations = 20000;
  std::string bench_game;
  std::vector<std::string> deck_files;
  bool deck_json = false;
};

// The subcommands, to tell which one was given.
struct Commands {
  CLI::App *list, *rules, *play, *apply, *replay, *analyse, *sim, *rate, *perft, *bench, *deck,
      *deck_check, *serve;
};

// A game id, its parameters and a seed, for a subcommand that plays a game.
void add_game(CLI::App* cmd, Args& a) {
  cmd->add_option("game", a.game, "game id (see `tabletop list`)")->required();
  cmd->add_option("--param,-p", a.param_pairs, "game parameter key=value (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--seed,-s", a.seed, "random seed (deal, dice, agents)")
      ->capture_default_str()
      ->check(cli::seed_check());
}

// The subcommands that play, show or replay one game: list, rules, play, apply, replay, analyse.
void add_game_commands(CLI::App& app, Args& a, Commands& c) {
  c.list = app.add_subcommand(
      "list", "list the games; with a game id: its parameters, notation and computer players");
  c.list->add_option("game", a.list_game, "a game id: show its parameters, notation and agents");

  c.rules = app.add_subcommand(
      "rules", "how to play a game: the goal, the setup, a turn, what wins, the notation");
  c.rules->add_option("game", a.rules_game, "a game id (see `tabletop list`)")->required();

  c.play = app.add_subcommand("play", "play in the terminal (people and computer players)");
  add_game(c.play, a);
  c.play->get_option("--seed")
      ->description(
          "random seed (deal, dice, agents); without it a fresh one, printed at the start")
      ->default_str("");
  c.play->add_option(
      "--seats", a.seats_text,
      "one agent spec per seat, comma-separated, 'human' for a person; n entries set "
      "the player count where the game allows (default: you in seat 0, the greedy "
      "computer in the others, at the game's usual count)");
  c.play->add_option("--record", a.play_options.record_path,
                     "save the record here on quit and at the end "
                     "(default: ~/.local/state/tabletop/GAME-SEED.json)");
  c.play->add_flag("--no-record", a.no_record, "do not save the record");
  c.play->add_flag("--verbose,-v", a.play_options.verbose, "print the computers' search figures");
  c.play->add_flag("--hints", a.play_options.hints,
                   "allow hints: 'hint' shows the move the computer would play for you");
  c.play->add_option("--hint-agent", a.play_options.hint_spec,
                     "the search that answers 'hint', an ismcts spec (default: the lobby's hard)");

  c.apply = app.add_subcommand("apply", "apply moves and print the resulting state as JSON");
  add_game(c.apply, a);
  c.apply->add_option("moves", a.moves, "moves in the game's notation");
  c.apply->add_option("--state", a.apply_options.state_path,
                      "start from this saved state (JSON) instead of a deal");
  c.apply->add_option("--save", a.apply_options.save_path,
                      "write the resulting state to this file (for --state)");
  c.apply
      ->add_option("--viewer", a.apply_options.viewer,
                   "print the view of this seat (observation and log); -1: a spectator's")
      ->capture_default_str();
  c.apply->add_flag(
      "--legal", a.apply_options.legal,
      "also print the legal moves of the seat to move (\"legal_moves\", in notation); "
      "in a hidden-information game only to that seat's --viewer");
  c.apply
      ->add_flag("--edited", a.apply_options.edited,
                 "the --state file is a position edited by hand: checked like any saved state, "
                 "its record ignored, the output and --save marked \"edited\" (never a record)")
      ->needs(c.apply->get_option("--state"));

  c.replay = app.add_subcommand("replay", "replay a JSON record (or JSON Lines) or a PPN file");
  c.replay->add_option("file", a.path, "record file")->required();
  c.replay->add_flag("--quiet,-q", a.quiet, "print nothing on success");
  c.replay->add_flag("--step", a.step, "walk through the record move by move (Enter for the next)");
  c.replay->add_option("--export", a.export_format,
                       "check a JSON record, then print it in this format (ppn: Relativity)");

  c.analyse = app.add_subcommand(
      "analyse", "every move of a JSON record with its mover's chance of winning before and after");
  c.analyse->add_option("record", a.analyse_path, "a JSON record (tabletop play saves one)")
      ->required();
  c.analyse->add_flag("--json", a.analyse_json, "print the analysis as one JSON object");
  c.analyse
      ->add_option("--agent", a.analyse_spec, "the search that judges each move (an ismcts spec)")
      ->capture_default_str();
  c.analyse->add_option("--seed", a.analyse_seed, "the search's seed")->capture_default_str();
}

// The lab, the tools and the server: sim, rate, perft, bench, deck, serve.
void add_tool_commands(CLI::App& app, Args& a, Commands& c) {
  c.sim = cli::add_sim_command(app);

  c.rate = app.add_subcommand(
      "rate", "Bradley-Terry ratings of a win matrix (a tournament's, or two added together)");
  c.rate
      ->add_option("file", a.rate_path,
                   "{\"agents\": [...], \"wins\": [[...]]} or a sim --tournament "
                   "--json summary; - for standard input")
      ->required();

  c.perft = app.add_subcommand("perft", "count the move sequences of a given length");
  add_game(c.perft, a);
  c.perft->add_option("--depth,-d", a.depth, "sequence length")
      ->required()
      ->check(CLI::Range(0, 12));
  c.perft->add_flag("--divide", a.divide, "the count under each first move, and the time");

  c.bench = app.add_subcommand(
      "bench", "deterministic search benchmark over every game: speeds and a node-count signature");
  c.bench->add_option("--iterations,-i", a.bench_iterations, "search iterations per position")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000000));
  c.bench->add_option(
      "game", a.bench_game,
      "one game only (its positions under --param; the signature is then of it alone)");
  c.bench
      ->add_option("--param,-p", a.param_pairs,
                   "game parameter key=value (repeatable; with a game)")
      ->allow_extra_args(false);

  c.deck = app.add_subcommand("deck", "Conspiracy TCG decks (JSON or vCard)");
  c.deck_check = c.deck->add_subcommand("check", "validate decks and show what each card plays as");
  c.deck_check->add_option("files", a.deck_files, "deck files (.json, .vcf)")->required();
  c.deck_check->add_flag("--json", a.deck_json, "one JSON object per card");
  c.deck->require_subcommand(1);

  c.serve = cli::add_serve_command(app);
}

// Runs the subcommand given.
int run(const Commands& c, Args& a, int argc, char** argv) {
  const json params = cli::params_from(a.param_pairs);
  if (c.list->parsed())
    return a.list_game.empty() ? cli::list_games() : cli::list_game(a.list_game);
  if (c.rules->parsed()) return cli::rules(a.rules_game);
  if (c.play->parsed()) {
    a.play_options.game = a.game;
    if (!a.seats_text.empty()) a.play_options.seats = cli::split_agent_specs(a.seats_text);
    if (c.play->count("--seed")) a.play_options.seed = a.seed;
    a.play_options.params = params;
    a.play_options.record = !a.no_record;
    return cli::play(a.play_options);
  }
  if (c.apply->parsed()) return cli::apply_moves(a.game, a.seed, params, a.moves, a.apply_options);
  if (c.analyse->parsed())
    return cli::analyse_record(a.analyse_path, a.analyse_json, a.analyse_spec, a.analyse_seed);
  if (c.replay->parsed() && !a.export_format.empty())
    return cli::export_record(a.path, a.export_format);
  if (c.replay->parsed())
    return a.step ? cli::replay_steps(a.path) : cli::replay_file(a.path, a.quiet);
  if (c.sim->parsed()) {
    std::string command_line = "tabletop";
    for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];
    return cli::run_sim_command(command_line);
  }
  if (c.rate->parsed()) return cli::rate(a.rate_path);
  if (c.perft->parsed()) return cli::perft(a.game, a.depth, a.seed, params, a.divide);
  if (c.deck_check->parsed()) return cli::deck_check(a.deck_files, a.deck_json);
  if (c.serve->parsed()) return cli::run_serve_command();
  if (c.bench->parsed()) {
    if (a.bench_game.empty() && !a.param_pairs.empty())
      throw BadParams("bench: --param needs a game (tabletop bench GAME -p key=value)");
    std::cout << ai::bench_report(
                     ai::run_bench(games::registry(), a.bench_iterations, a.bench_game, params))
              << std::flush;
    return 0;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Tabletop: piecepack and card games, rules-exact, for people and programs."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "tabletop 0.1.0");
  Args args;
  Commands commands{};
  add_game_commands(app, args, commands);
  add_tool_commands(app, args, commands);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return cli::report_parse_error(app, e);
  }
  try {
    return run(commands, args, argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "error: " << one_line(e.what()) << "\n";
    return 2;
  }
}
