// The `tabletop` command's subcommands. main.cc parses the command line (CLI11) and calls these;
// each returns the process exit code. Errors the user can fix are tabletop::Error exceptions, which
// main prints as one "error: ..." line with exit code 2.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace tabletop::cli {

// "--param k=v" list -> params object (throws BadParams).
json params_from(const std::vector<std::string>& pairs);

int list_games();
// `tabletop list GAME` (list.cc): the game's parameters, its notation with examples, and the agent
// specs with their options.
int list_game(const std::string& game);

// `tabletop play` (play.cc).
struct PlayOptions {
  std::string game;
  std::vector<std::string> seats;  // one agent spec per seat, "human" for a person
  std::optional<uint64_t> seed;    // none: a random seed, printed
  json params = json::object();
  bool record = true;       // save the record on quit and at the end
  std::string record_path;  // empty: $XDG_STATE_HOME/tabletop/GAME-SEED.json (or ~/.local/state)
  bool verbose = false;     // print the computers' search figures
};
int play(const PlayOptions& options);
// The game's notation for people (Game::notation): every kind with its form and first example
// when `kind` is empty, else that kind in full (or an error line naming the known kinds).
std::string notation_help(const Game& game, const std::string& kind);
// `text` broken at spaces into lines of at most `width` columns (UTF-8 characters), the lines after
// the first indented by `indent` spaces; the first line keeps its own leading spaces.
std::string wrap_text(const std::string& text, std::size_t width, std::size_t indent);

// `tabletop apply`: the state after `moves` as JSON, seen by `viewer` (kSpectator by default):
// observation(viewer) and the log as that viewer may read it, never the truth.
int apply_moves(const std::string& game, uint64_t seed, const json& params,
                const std::vector<std::string>& moves, Seat viewer = kSpectator);
int replay_file(const std::string& path, bool quiet);
// `tabletop replay FILE --step` (replay_step.cc): a JSON record walked through move by move as a
// spectator sees it, waiting for Enter between moves when standard input is a terminal.
int replay_steps(const std::string& path);
int simulate(const std::string& game, int games, const std::vector<std::string>& agents,
             uint64_t seed, const json& params, int threads, const std::string& json_path,
             const std::string& records_path);
// `divide`: also the count under each first move, and the time taken.
int perft(const std::string& game, int depth, uint64_t seed, const json& params,
          bool divide = false);

}  // namespace tabletop::cli
