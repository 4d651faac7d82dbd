#include "cli/commands.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "core/file.h"
#include "core/json_input.h"
#include "core/perft.h"
#include "core/ppn.h"
#include "core/record.h"
#include "games/games.h"

namespace tabletop::cli {
namespace {

// The most bytes read from a PPN file or saved state, and from one record of a JSON (Lines) file.
constexpr std::size_t kMaxDocument = JsonLimits{}.max_bytes;

// A user's file opened by the one safe reader (regular files only; see core/file.h).
std::unique_ptr<std::istream> open_file(const std::string& path) {
  try {
    return open_regular_file(path);
  } catch (const FileError& e) {
    throw BadRecord(e.what());
  }
}

// Appends the rest of `in` to `text`; throws BadRecord once `text` would pass kMaxDocument.
void read_rest(std::istream& in, std::string& text, const std::string& path) {
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    if (text.size() + std::size_t(in.gcount()) > kMaxDocument)
      throw BadRecord(quote(path) + " is larger than the " + std::to_string(kMaxDocument) +
                      " bytes allowed");
    text.append(buffer, std::size_t(in.gcount()));
  }
}

// Reads one line (without its '\n') into `line`; false at the end of the file. Throws BadRecord
// for a line longer than kMaxDocument, without reading past the limit.
bool read_line(std::istream& in, std::string& line, const std::string& where) {
  line.clear();
  if (in.peek() == std::char_traits<char>::eof()) return false;
  for (int c; (c = in.get()) != std::char_traits<char>::eof() && c != '\n';) {
    if (line.size() == kMaxDocument)
      throw BadRecord(where + " is longer than the " + std::to_string(kMaxDocument) +
                      " bytes allowed");
    line += char(c);
  }
  return true;
}

bool blank(const std::string& text) {
  return text.find_first_not_of(" \t\r\n") == std::string::npos;
}

void print_perft_time(uint64_t total, std::chrono::steady_clock::time_point start) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("time: %.3f s (%.0f sequences/s)\n", seconds,
              seconds > 0 ? double(total) / seconds : 0.0);
}

// Throws BadRecord unless replaying `record` reaches the saved state `saved` (its ply and the
// game's own fields): a record kept in a saved state must be the way to that very state.
void check_record_reaches(const Record& record, const json& saved, const std::string& path) {
  const json reached = replay(games::registry(), record)->to_json();
  if (reached.at("ply") != saved.value("ply", json()) ||
      reached.at("state") != saved.value("state", json()))
    throw BadRecord(quote(path) + ": its record does not lead to the state saved with it");
}

// Whether a saved state is marked as a position edited by hand (apply --edited): any "edited"
// field counts, whatever its value, so that no spelling of it slips through as a plain state.
bool edited_mark(const json& saved) {
  return saved.is_object() && saved.contains("edited");
}

// The legal moves of the seat to move, in notation ([] at the end), for `apply --legal`. In a
// hidden-information game only the seat to move may see them: a move can show what it holds.
json legal_move_texts(const State& state, Seat viewer, const std::string& game_id) {
  json texts = json::array();
  if (state.is_terminal()) return texts;
  const Seat mover = state.current_player();
  if (state.game().info().hidden_information && viewer != mover)
    throw BadParams("--legal: " + game_id +
                    " hides information, and the legal moves of the seat to move may show what "
                    "it holds: pass --viewer " +
                    std::to_string(mover) + " (the seat to move)");
  for (Move move : state.legal_moves()) texts.push_back(state.move_to_string(move));
  return texts;
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
                const std::vector<std::string>& moves, const ApplyOptions& options) {
  const Seat viewer = options.viewer;
  const std::string& state_path = options.state_path;
  const std::string& save_path = options.save_path;
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state;
  // The record of the moves from the deal to the state, when known (from a deal, or kept in the
  // saved state): --save keeps it with the state, so that `replay` can walk it.
  std::optional<Record> record;
  if (state_path.empty()) {
    game = games::registry().make(game_id, params);
    record = Record{game_id, game->params(), seed, {}, {}, {}, {}};
    // Recording from the deal on, so the log holds everything the viewer may read.
    Chance chance(seed);
    chance.set_journal(true);
    state = game->new_initial_state(std::move(chance));
  } else {
    std::string text;
    try {
      text = read_regular_file(state_path, kMaxDocument);
    } catch (const FileError& e) {
      throw BadRecord(e.what());
    }
    const json saved = read_json(text, "saved state " + quote(state_path));
    if (edited_mark(saved) && !options.edited)
      throw BadRecord(quote(state_path) +
                      " is a position edited by hand (marked \"edited\"): play on from it with "
                      "--edited");
    // The saved state carries its parameters; --param, when given, must agree with them.
    const json saved_params = saved.is_object() ? saved.value("params", json()) : json();
    try {
      game = games::registry().make(
          game_id, params.empty() && saved_params.is_object() ? saved_params : params);
    } catch (const BadParams& e) {
      throw BadRecord("saved state " + quote(state_path) + ": " + e.what());
    }
    // A saved state holds no log: the log printed is of the moves applied after it.
    state = game->state_from_json(saved);
    // An edited position has no way from a deal: its record (if any) is not read.
    if (saved.contains("record") && !options.edited) {
      record = Record::from_json(saved["record"]);
      try {
        check_record_reaches(*record, saved, state_path);
      } catch (const BadRecord& e) {
        throw BadRecord(std::string(e.what()) +
                        " (a position edited by hand is read with --edited)");
      }
    }
  }
  state->set_recording(true);
  if (viewer < kSpectator || viewer >= game->num_players())
    throw BadParams("--viewer " + std::to_string(viewer) + ": " + game_id +
                    " with these params has seats 0-" + std::to_string(game->num_players() - 1) +
                    " (-1: a spectator)");
  for (std::size_t i = 0; i < moves.size(); ++i) {
    try {
      const std::string text = state->move_to_string(state->parse_move(moves[i]));
      state->apply_text(moves[i]);
      if (record) record->moves.push_back(text);
    } catch (const BadMove& e) {
      throw BadMove("move " + std::to_string(i + 1) + " " + quote(moves[i]) + ": " + e.what());
    }
  }
  // Before anything is written: --legal may refuse the viewer.
  const json legal_moves = options.legal ? legal_move_texts(*state, viewer, game_id) : json();
  if (!save_path.empty()) {
    json saved = state->to_json();
    if (options.edited) saved["edited"] = true;
    if (record) {
      const std::vector<uint32_t>& drawn = state->chance().journal();
      record->chance.insert(record->chance.end(), drawn.begin(), drawn.end());
      if (state->is_terminal()) {
        const Returns r = state->returns();
        record->result = std::vector<double>(r.begin(), r.begin() + state->num_players());
      }
      saved["record"] = record->to_json();
    }
    std::ofstream out(save_path);
    out << saved.dump() << "\n";
    out.close();  // a full disk shows only when the buffer is written
    if (!out) throw Error("cannot write " + quote(save_path));
  }
  json out{{"game", game_id}, {"params", game->params()}, {"ply", state->ply()}};
  out["viewer"] = viewer;
  out["terminal"] = state->is_terminal();
  out["current_player"] = state->is_terminal() ? json(nullptr) : json(state->current_player());
  const Returns r = state->returns();
  out["returns"] = std::vector<double>(r.begin(), r.begin() + state->num_players());
  if (options.edited) out["edited"] = true;
  if (options.legal) out["legal_moves"] = legal_moves;
  out["observation"] = state->observation(viewer);
  out["log"] = state->log().for_viewer(viewer);
  std::cout << out.dump() << "\n";
  return 0;
}

Record record_in(const json& j, const std::string& path) {
  const bool saved_state =
      j.is_object() && !j.contains("moves") && j.contains("state") && j.contains("chance");
  if (!saved_state) return Record::from_json(j);
  // The game's id as the registry knows it (never the file's text echoed unchecked).
  const GameEntry* entry = j.contains("game") && j["game"].is_string()
                               ? games::registry().find(j["game"].get<std::string>())
                               : nullptr;
  const std::string game = entry ? entry->info.id : std::string("GAME");
  if (edited_mark(j))
    throw BadRecord(quote(path) +
                    " is a position edited by hand (saved by 'tabletop apply --edited'), not a "
                    "record: no moves from a deal lead to it. Play on from it with: tabletop "
                    "apply " +
                    game + " --state FILE --edited MOVE...");
  if (!j.contains("record"))
    throw BadRecord(quote(path) +
                    " is a saved state (from 'tabletop apply --save'), not a record: it holds no "
                    "moves to replay. Play on from it with: tabletop apply " +
                    game +
                    " --state FILE MOVE...; a state saved by 'apply ... --save' from a deal (or "
                    "from a saved state that has one) keeps its record and replays");
  Record record = Record::from_json(j["record"]);
  check_record_reaches(record, j, path);
  return record;
}

int replay_file(const std::string& path, bool quiet) {
  const std::unique_ptr<std::istream> file = open_file(path);
  std::istream& in = *file;
  // Blank lines before the first text are kept, so that PPN line numbers stay right.
  std::string head;
  while (in.peek() != std::char_traits<char>::eof() && std::isspace(in.peek()))
    head += char(in.get());
  if (in.peek() == std::char_traits<char>::eof()) throw BadRecord(quote(path) + " is empty");
  const bool is_ppn = path.ends_with(".ppn") || in.peek() == '-';
  if (is_ppn) {
    read_rest(in, head, path);
    const std::vector<ppn::Record> documents = ppn::parse_games(head);
    const ppn::Record& record = documents.front();
    auto name_it = record.header.find("GameType.Name");
    if (name_it == record.header.end()) name_it = record.header.find("GameType");
    if (name_it == record.header.end()) throw BadRecord("PPN: header has no GameType Name");
    for (const GameEntry& e : games::registry().entries()) {
      if (e.ppn_name != name_it->second || !e.replay_ppn) continue;
      std::unique_ptr<State> final_state = e.replay_ppn(documents);
      if (!quiet) {
        std::size_t moves = 0;
        for (const ppn::Record& d : documents) moves += d.moves.size();
        std::cout << "ok: " << path << " replays exactly (" << moves << " moves)\n";
        std::cout << final_state->render(kSpectator);
      }
      return 0;
    }
    throw BadRecord("PPN: no game here reads records of " + quote(name_it->second));
  }
  if (in.peek() != '{') throw BadRecord(quote(path) + " is neither a JSON record nor a PPN file");
  // JSON: one record (on one line or many), or JSON Lines, one record per line, read one at a
  // time so that memory does not grow with the number of records.
  std::size_t count = 0;
  std::string first_render;
  auto replay_one = [&](const json& j, const std::string& where) {
    try {
      std::unique_ptr<State> final_state = replay(games::registry(), record_in(j, path));
      if (!quiet && count == 0) first_render = final_state->render(kSpectator);
      ++count;
    } catch (const BadRecord& e) {
      throw BadRecord(where.empty() ? std::string(e.what()) : where + ": " + e.what());
    }
  };
  std::string line;
  read_line(in, line, "line 1");
  std::string error;
  std::optional<json> first = try_read_json(line, {}, &error);
  if (!first) {
    // Not a whole record on line 1: the file may be one record spread over many lines.
    std::string text = head + line + "\n";
    read_rest(in, text, path);
    std::string whole_error;
    std::optional<json> whole = try_read_json(text, {}, &whole_error);
    if (!whole) {
      // JSON Lines (the next line starts a record too): the fault is on line 1; otherwise the
      // file was meant as one record.
      const std::size_t next = text.find_first_not_of(" \t\r\n", head.size() + line.size());
      if (next != std::string::npos && text[next] == '{')
        throw BadRecord(quote(path) + " line 1 " + error);
      throw BadRecord(quote(path) + " " + whole_error);
    }
    replay_one(*whole, "");
  } else {
    replay_one(*first, "record 1 (line 1)");
    for (int number = 2;; ++number) {
      const std::string where = quote(path) + " line " + std::to_string(number);
      if (!read_line(in, line, where)) break;
      if (blank(line)) continue;
      replay_one(read_json(line, where),
                 "record " + std::to_string(count + 1) + " (line " + std::to_string(number) + ")");
    }
  }
  if (!quiet && count == 1) std::cout << first_render;
  if (!quiet) std::cout << "ok: " << count << " record(s) replay exactly\n";
  return 0;
}

int export_record(const std::string& path, const std::string& format) {
  if (format != "ppn") throw BadParams("--export " + quote(format) + ": the one format is ppn");
  const std::unique_ptr<std::istream> file = open_file(path);
  std::string text;
  read_rest(*file, text, path);
  std::string error;
  std::optional<json> j = try_read_json(text, {}, &error);
  if (!j) {
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && text[first] != '{')
      throw BadRecord("--export ppn reads a JSON record; " + quote(path) +
                      " is not one (a PPN file is already PPN)");
    throw BadRecord(quote(path) + " " + error + " (--export ppn reads a file holding one record)");
  }
  const Record record = record_in(*j, path);
  // The record must replay exactly before it is written in another form.
  replay(games::registry(), record);
  std::cout << record_to_ppn(games::registry(), record);
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
