// The `tabletop` command's subcommands. main.cc parses the command line (CLI11) and calls these;
// each returns the process exit code. Errors the user can fix are tabletop::Error exceptions, which
// main prints as one "error: ..." line with exit code 2.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

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
int simulate(const std::string& game, int games, const std::vector<std::string>& agents,
             uint64_t seed, const json& params, int threads, const std::string& json_path,
             const std::string& records_path);
int perft(const std::string& game, int depth, uint64_t seed, const json& params);

}  // namespace tabletop::cli
