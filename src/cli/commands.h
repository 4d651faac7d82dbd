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
int apply_moves(const std::string& game, uint64_t seed, const json& params,
                const std::vector<std::string>& moves);
int replay_file(const std::string& path, bool quiet);
int simulate(const std::string& game, int games, const std::vector<std::string>& agents,
             uint64_t seed, const json& params, int threads, const std::string& json_path,
             const std::string& records_path);
int perft(const std::string& game, int depth, uint64_t seed, const json& params);
// `deck check`: loads each Conspiracy TCG deck file and prints every card's army, comparison keys
// and pro moves (or, with `as_json`, one JSON object per card per line); errors name file and
// line. Returns 0 when every file loads, 1 otherwise.
int deck_check(const std::vector<std::string>& files, bool as_json);

}  // namespace tabletop::cli
