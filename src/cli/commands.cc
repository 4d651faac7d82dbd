#include "cli/commands.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/perft.h"
#include "core/ppn.h"
#include "core/record.h"
#include "games/games.h"
#include "sim/sim.h"

namespace tabletop::cli {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw BadRecord("cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void print_perft_time(uint64_t total, std::chrono::steady_clock::time_point start) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("time: %.3f s (%.0f sequences/s)\n", seconds,
              seconds > 0 ? double(total) / seconds : 0.0);
}

}  // namespace

json params_from(const std::vector<std::string>& pairs) {
  json params = json::object();
  for (const std::string& p : pairs) set_param(params, p);
  return params;
}

int list_games() {
  for (const GameEntry& e : games::registry().entries()) {
    std::string players = std::to_string(e.info.min_players);
    if (e.info.max_players != e.info.min_players)
      players += "-" + std::to_string(e.info.max_players);
    std::cout << e.info.id << "\t" << e.info.name << "\t" << players << " players\n";
  }
  return 0;
}

int apply_moves(const std::string& game_id, uint64_t seed, const json& params,
                const std::vector<std::string>& moves, Seat viewer) {
  std::shared_ptr<const Game> game = games::registry().make(game_id, params);
  if (viewer < kSpectator || viewer >= game->num_players())
    throw BadParams("--viewer " + std::to_string(viewer) + ": " + game_id +
                    " with these params has seats 0-" + std::to_string(game->num_players() - 1) +
                    " (-1: a spectator)");
  // Recording from the deal on, so the log holds everything the viewer may read.
  Chance chance(seed);
  chance.set_journal(true);
  std::unique_ptr<State> state = game->new_initial_state(std::move(chance));
  state->set_recording(true);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    try {
      state->apply_text(moves[i]);
    } catch (const BadMove& e) {
      std::cerr << "error: move " << i + 1 << " '" << moves[i] << "': " << e.what() << "\n";
      return 2;
    }
  }
  json out{{"game", game_id}, {"params", game->params()}, {"ply", state->ply()}};
  out["viewer"] = viewer;
  out["terminal"] = state->is_terminal();
  out["current_player"] = state->is_terminal() ? json(nullptr) : json(state->current_player());
  const Returns r = state->returns();
  out["returns"] = std::vector<double>(r.begin(), r.begin() + state->num_players());
  out["observation"] = state->observation(viewer);
  out["log"] = state->log().for_viewer(viewer);
  std::cout << out.dump() << "\n";
  return 0;
}

int replay_file(const std::string& path, bool quiet) {
  const std::string text = read_file(path);
  std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) throw BadRecord("'" + path + "' is empty");
  const bool is_ppn = path.ends_with(".ppn") || text.compare(first, 3, "---") == 0;
  if (is_ppn) {
    const ppn::Record record = ppn::parse(text);
    auto name_it = record.header.find("GameType.Name");
    if (name_it == record.header.end()) name_it = record.header.find("GameType");
    if (name_it == record.header.end()) throw BadRecord("PPN: header has no GameType Name");
    for (const GameEntry& e : games::registry().entries()) {
      if (e.ppn_name != name_it->second || !e.replay_ppn) continue;
      std::unique_ptr<State> final_state = e.replay_ppn(record);
      if (!quiet) {
        std::cout << "ok: " << path << " replays exactly (" << record.moves.size() << " moves)\n";
        std::cout << final_state->render(kSpectator);
      }
      return 0;
    }
    throw BadRecord("PPN: no game here reads records of '" + name_it->second + "'");
  }
  // JSON: one record, or one per line.
  std::vector<json> records;
  if (text[first] == '{') {
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    json whole = json::parse(text, nullptr, false);
    if (!whole.is_discarded()) {
      records.push_back(whole);
    } else {
      while (std::getline(lines, line)) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        json j = json::parse(line, nullptr, false);
        if (j.is_discarded())
          throw BadRecord(path + " line " + std::to_string(number) + ": not valid JSON");
        records.push_back(std::move(j));
      }
    }
  } else {
    throw BadRecord("'" + path + "' is neither a JSON record nor a PPN file");
  }
  for (std::size_t i = 0; i < records.size(); ++i) {
    try {
      std::unique_ptr<State> final_state = replay(games::registry(), Record::from_json(records[i]));
      if (!quiet && records.size() == 1) std::cout << final_state->render(kSpectator);
    } catch (const BadRecord& e) {
      throw BadRecord(records.size() == 1 ? std::string(e.what())
                                          : "record " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  if (!quiet) std::cout << "ok: " << records.size() << " record(s) replay exactly\n";
  return 0;
}

int simulate(const std::string& game_id, int games, const std::vector<std::string>& agents,
             uint64_t seed, const json& params, int threads, const std::string& json_path,
             const std::string& records_path) {
  std::shared_ptr<const Game> game = games::registry().make(game_id, params);
  sim::Options options;
  options.games = games;
  options.seed = seed;
  options.threads = threads;
  options.agents = agents.empty()
                       ? std::vector<std::string>(std::size_t(game->num_players()), "random")
                       : agents;
  options.keep_records = !records_path.empty();
  const sim::Summary summary = sim::run(game, options);
  std::cout << summary.to_text();
  if (!json_path.empty()) {
    std::ofstream out(json_path);
    if (!out) throw Error("cannot write '" + json_path + "'");
    out << summary.to_json().dump(2) << "\n";
  }
  if (!records_path.empty()) {
    std::ofstream out(records_path);
    if (!out) throw Error("cannot write '" + records_path + "'");
    for (const Record& r : summary.records) out << r.to_json().dump() << "\n";
  }
  return 0;
}

int perft(const std::string& game_id, int depth, uint64_t seed, const json& params, bool divide) {
  std::shared_ptr<const Game> game = games::registry().make(game_id, params);
  std::unique_ptr<State> state = game->new_initial_state(seed);
  const auto start = std::chrono::steady_clock::now();
  if (!divide || depth == 0 || state->is_terminal()) {
    const uint64_t total = tabletop::perft(*state, depth);
    std::cout << total << "\n";
    if (divide) print_perft_time(total, start);
    return 0;
  }
  uint64_t total = 0;
  for (Move m : state->legal_moves()) {
    std::unique_ptr<State> child = state->clone();
    child->apply(m);
    const uint64_t count = tabletop::perft(*child, depth - 1);
    std::cout << state->move_to_string(m) << ": " << count << "\n";
    total += count;
  }
  std::cout << "total: " << total << "\n";
  print_perft_time(total, start);
  return 0;
}

}  // namespace tabletop::cli
