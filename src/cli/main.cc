// tabletop: one binary, many subcommands (list, play, apply, replay, sim, perft, bench, ...).
#include <CLI/CLI.hpp>
#include <iostream>

#include "ai/bench.h"
#include "cli/commands.h"
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
    cmd->add_option("--seed,-s", seed, "random seed (deal, dice, agents)")->capture_default_str();
  };

  app.add_subcommand("list", "list the games: id, name, player counts");

  auto* play = app.add_subcommand("play", "play in the terminal (people and computer players)");
  add_game(play);
  std::string seats_text = "human,random";
  play->add_option("--seats", seats_text,
                   "one agent spec per seat, comma-separated; 'human' for a person")
      ->capture_default_str();

  auto* apply = app.add_subcommand("apply", "apply moves and print the resulting state as JSON");
  add_game(apply);
  std::vector<std::string> moves;
  apply->add_option("moves", moves, "moves in the game's notation");

  auto* replay = app.add_subcommand("replay", "replay a JSON record (or JSON Lines) or a PPN file");
  std::string path;
  bool quiet = false;
  replay->add_option("file", path, "record file")->required();
  replay->add_flag("--quiet,-q", quiet, "print nothing on success");

  auto* sim = app.add_subcommand("sim", "play many games between agents and summarise");
  add_game(sim);
  int games = 100, threads = 0;
  std::string agents_text, json_path, records_path;
  sim->add_option("--games,-n", games, "number of games")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000000));
  sim->add_option("--agents,-a", agents_text,
                  "one agent spec per seat, comma-separated (default: random for every seat)");
  sim->add_option("--threads,-j", threads, "worker threads (0: one per core)")
      ->capture_default_str();
  sim->add_option("--json", json_path, "write the summary as JSON to this file");
  sim->add_option("--records", records_path, "write one JSON record per game (JSON Lines)");

  auto* perft = app.add_subcommand("perft", "count the move sequences of a given length");
  add_game(perft);
  int depth = 1;
  perft->add_option("--depth,-d", depth, "sequence length")->required()->check(CLI::Range(0, 12));

  auto* bench = app.add_subcommand(
      "bench", "deterministic search benchmark over every game: speeds and a node-count signature");
  int bench_iterations = 20000;
  bench->add_option("--iterations,-i", bench_iterations, "search iterations per position")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000000));

  auto* serve = app.add_subcommand("serve", "the web server: lobby, matches, computer players");
  std::string bind = "127.0.0.1", db = "tabletop.db", static_dir = "web/dist";
  int port = 8080;
  bool sync_full = false;
  double messages_per_second = 20;
  serve->add_option("--port", port, "TCP port (0: any free one)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  serve->add_option("--bind", bind, "address to listen on (0.0.0.0: every network)")
      ->capture_default_str();
  serve->add_option("--db", db, "SQLite database file")->capture_default_str();
  serve->add_option("--static", static_dir, "the built web client (empty: none)")
      ->capture_default_str();
  serve->add_flag("--sync-full", sync_full,
                  "fsync the database at every move (survives power loss)");

  serve->add_option("--rate", messages_per_second, "WebSocket messages a second per connection")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 1e9));

  CLI11_PARSE(app, argc, argv);

  auto split = [](const std::string& text) {
    std::vector<std::string> out;
    std::string item;
    // Agent specs contain commas inside their options ("mcts:iterations=5,c=1"): a new spec starts
    // only at a comma followed by a name (letters) and then ':' , ',' or the end, not key=value.
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
      if (i < text.size() && text[i] != ',') continue;
      std::string piece = text.substr(start, i - start);
      const bool option =
          piece.find('=') != std::string::npos && piece.find(':') == std::string::npos;
      if (option && !out.empty())
        out.back() += "," + piece;
      else
        out.push_back(piece);
      start = i + 1;
    }
    return out;
  };

  try {
    const json params = cli::params_from(param_pairs);
    if (app.got_subcommand("list")) return cli::list_games();
    if (play->parsed()) return cli::play(game, split(seats_text), seed, params);
    if (apply->parsed()) return cli::apply_moves(game, seed, params, moves);
    if (replay->parsed()) return cli::replay_file(path, quiet);
    if (sim->parsed())
      return cli::simulate(game, games,
                           agents_text.empty() ? std::vector<std::string>{} : split(agents_text),
                           seed, params, threads, json_path, records_path);
    if (perft->parsed()) return cli::perft(game, depth, seed, params);
    if (serve->parsed())
      return cli::serve(bind, port, db, static_dir, sync_full, messages_per_second);
    if (bench->parsed()) {
      std::cout << ai::bench_report(ai::run_bench(games::registry(), bench_iterations))
                << std::flush;
      return 0;
    }
  } catch (const Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
