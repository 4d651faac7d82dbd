#include "cli/commands.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "core/perft.h"
#include "core/ppn.h"
#include "core/record.h"
#include "games/games.h"

namespace tabletop::cli {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw BadRecord("cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
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
                const std::vector<std::string>& moves) {
  std::shared_ptr<const Game> game = games::registry().make(game_id, params);
  std::unique_ptr<State> state = game->new_initial_state(seed);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    try {
      state->apply_text(moves[i]);
    } catch (const BadMove& e) {
      std::cerr << "error: move " << i + 1 << " '" << moves[i] << "': " << e.what() << "\n";
      return 2;
    }
  }
  json out{{"game", game_id}, {"params", game->params()}, {"ply", state->ply()}};
  out["terminal"] = state->is_terminal();
  out["current_player"] = state->is_terminal() ? json(nullptr) : json(state->current_player());
  const Returns r = state->returns();
  out["returns"] = std::vector<double>(r.begin(), r.begin() + state->num_players());
  out["observation"] = state->observation(kSpectator);
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

int perft(const std::string& game_id, int depth, uint64_t seed, const json& params) {
  std::shared_ptr<const Game> game = games::registry().make(game_id, params);
  std::unique_ptr<State> state = game->new_initial_state(seed);
  std::cout << tabletop::perft(*state, depth) << "\n";
  return 0;
}

}  // namespace tabletop::cli
