// The `tabletop` command's subcommands. main.cc parses the command line (CLI11) and calls these;
// each returns the process exit code. Errors the user can fix are tabletop::Error exceptions, which
// main prints as one "error: ..." line with exit code 2.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace CLI {
class App;
}

namespace tabletop::cli {

// "--param k=v" list -> params object (throws BadParams).
json params_from(const std::vector<std::string>& pairs);

int list_games();
int play(const std::string& game, const std::vector<std::string>& seats, uint64_t seed,
         const json& params);
// Plays `moves` from a new deal (or, with `state_path`, from the saved state in that file, whose
// params --param must match when given) and prints the result as JSON; with `save_path`, also
// writes the complete state there (State::to_json), ready for --state.
int apply_moves(const std::string& game, uint64_t seed, const json& params,
                const std::vector<std::string>& moves, const std::string& state_path = {},
                const std::string& save_path = {});
int replay_file(const std::string& path, bool quiet);
// `tabletop sim`, the balance lab (sim.cc): registers the subcommand and its options on `app`,
// and runs it once parsed. `command_line` is shown in the report. Returns 130 when Ctrl-C stopped
// the run (what finished is still summarised and written).
CLI::App* add_sim_command(CLI::App& app);
int run_sim_command(const std::string& command_line);
// Splits a comma-separated list of agent specs, keeping each spec's options with it:
// "mcts:iterations=5,c=1,random" -> {"mcts:iterations=5,c=1", "random"}.
std::vector<std::string> split_agent_specs(const std::string& text);
int perft(const std::string& game, int depth, uint64_t seed, const json& params);
// `deck check`: loads each Conspiracy TCG deck file and prints every card's army, comparison keys
// and pro moves (or, with `as_json`, one JSON object per card per line); errors name file and
// line. Returns 0 when every file loads, 1 otherwise.
int deck_check(const std::vector<std::string>& files, bool as_json);
// Runs the web server (src/server) until SIGINT/SIGTERM; see docs/server.md.
int serve(const std::string& bind, int port, const std::string& db, const std::string& static_dir,
          bool sync_full, double messages_per_second);

}  // namespace tabletop::cli
