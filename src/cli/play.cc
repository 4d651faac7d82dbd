// `tabletop play`: a game in the terminal between people and computer players.
//
// What a person reads is built from the views they may have: the board from `render(seat)`, what
// happened from the log as filtered for them (`for_viewer`), and a computer's thinking as a bar
// that shows progress only (agent.h: on a hidden-information game an agent's notes never name its
// candidates). With several people at one terminal, a hand-over prompt clears the screen before a
// private view is shown.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "ai/agent.h"
#include "cli/commands.h"
#include "cli/line_input.h"
#include "cli/style.h"
#include "core/record.h"
#include "core/text.h"
#include "games/games.h"
#include "server/catalog.h"

namespace tabletop::cli {
namespace {

constexpr const char* kCommands =
    "Type a move in the game's notation (Tab completes it), or a command:\n"
    "  moves        list the legal moves\n"
    "  board        show the board again\n"
    "  legend       the key to the board's signs\n"
    "  log          show what has happened (as this seat may know it)\n"
    "  undo         take back your last move (and the computer's replies)\n"
    "  hint         the move the computer would play (in a game started with --hints)\n"
    "  help KIND    explain one kind of move (the kinds are listed below)\n"
    "  quit         leave the game (the record is saved)\n";

const char* const kCommandNames[] = {"moves", "board", "legend", "log",
                                     "undo",  "hint",  "help",   "quit"};

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return {};
  return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

std::string default_record_path(const std::string& game, uint64_t seed) {
  const std::string file = game + "-" + std::to_string(seed) + ".json";
  std::filesystem::path dir;
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state)
    dir = std::filesystem::path(state) / "tabletop";
  else if (const char* home = std::getenv("HOME"); home && *home)
    dir = std::filesystem::path(home) / ".local" / "state" / "tabletop";
  else
    return "tabletop-" + file;
  return (dir / file).string();
}

}  // namespace

std::string list_moves(const std::vector<std::string>& moves) {
  std::string out = std::to_string(moves.size()) + " legal moves:";
  if (moves.size() <= kUngroupedMoves) {
    // Comma-separated: a move may hold spaces ("goal S4").
    for (std::size_t i = 0; i < moves.size(); ++i)
      out += " " + moves[i] + (i + 1 < moves.size() ? "," : "");
    return wrap_text(out, 78, 2);
  }
  // Grouped by everything before the last part, in the order the groups first appear.
  std::vector<std::pair<std::string, std::string>> groups;
  for (const std::string& m : moves) {
    const std::size_t cut = m.find_last_of(" -#:");
    const std::string head = cut == std::string::npos ? "" : m.substr(0, cut + 1);
    const std::string tail = cut == std::string::npos ? m : m.substr(cut + 1);
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == head; });
    if (it == groups.end())
      groups.push_back({head, tail});
    else
      it->second += " " + tail;
  }
  out += " " + std::to_string(groups.size()) + " groups, each as START | its ENDS";
  for (const auto& [head, tails] : groups)
    out += "\n" + wrap_text("  " + head + " | " + tails, 78, 6);
  return out;
}

std::string wrap_text(const std::string& text, std::size_t width, std::size_t indent) {
  return wrap_words(text, width, indent);
}

std::string notation_help(const Game& game, const std::string& kind) {
  const std::vector<NotationKind> kinds = game.notation();
  std::ostringstream out;
  if (kind.empty()) {
    if (kinds.empty()) return "(this game's notation is not written up yet: type 'moves')\n";
    out << wrap_text(game.info().name + " notation (help KIND explains one):", 78, 2) << "\n";
    for (const NotationKind& k : kinds) {
      std::string line = "  " + k.name + ": " + k.form;
      if (!k.examples.empty()) line += " (e.g. " + k.examples.front() + ")";
      out << wrap_text(line, 78, 6) << "\n";
    }
    return out.str();
  }
  for (const NotationKind& k : kinds) {
    if (k.name != kind) continue;
    out << wrap_text(k.name + ": " + k.form, 78, 4) << "\n"
        << wrap_text("  " + k.meaning, 78, 2) << "\n";
    if (!k.examples.empty()) {
      // Comma-separated, as a move may hold spaces ("deploy @17 front c2").
      std::string examples = "  examples:";
      for (std::size_t i = 0; i < k.examples.size(); ++i)
        examples += " " + k.examples[i] + (i + 1 < k.examples.size() ? "," : "");
      out << wrap_text(examples, 78, 4) << "\n";
    }
    return out.str();
  }
  std::string known;
  for (const NotationKind& k : kinds) known += (known.empty() ? "" : ", ") + k.name;
  return "no kind of move '" + kind + "'" + (known.empty() ? "" : "; the kinds are: " + known) +
         "\n";
}

int play(const PlayOptions& options) {
  json params = options.params;
  // With --seats of n entries and no "players" parameter, n players where the game allows it.
  if (const GameEntry* entry = games::registry().find(options.game);
      entry && !options.seats.empty() && !params.contains("players") &&
      entry->info.min_players != entry->info.max_players)
    for (const ParamSpec& p : entry->params)
      if (p.name == "players") params["players"] = int(options.seats.size());
  std::shared_ptr<const Game> game = games::registry().make(options.game, params);
  const int players = game->num_players();
  std::vector<std::string> seats = options.seats;
  if (seats.empty()) {
    seats.assign(std::size_t(players), kDefaultComputer);
    seats[0] = "human";
  }
  if (int(seats.size()) != players)
    throw BadParams(options.game + " needs " + std::to_string(players) + " seats, --seats gave " +
                    std::to_string(seats.size()));
  const uint64_t seed = options.seed
                            ? *options.seed
                            : std::random_device{}() * 65536ULL + std::random_device{}() % 65536;
  const bool hidden = game->info().hidden_information;
  // Colour for seats and news on a terminal, ASCII when the locale cannot show the boards' signs.
  std::vector<std::string> seat_names;
  for (int s = 0; s < players; ++s) seat_names.push_back(game->seat_name(s));
  const TerminalStyle style = TerminalStyle::detect(seat_names);

  // While a computer player thinks, a bar on stderr (a terminal only). On a perfect-information
  // game it names the move the search prefers; on a hidden-information game the agent reports
  // progress only, and the bar never prints a note there either.
  const bool tty = isatty(STDERR_FILENO);
  auto show_progress = [hidden](double done, const std::string& note) {
    const int width = 24, filled = int(done * width + 0.5);
    std::fprintf(stderr, "\r  thinking [%s%s] %3.0f%%  %s\033[K",
                 std::string(std::size_t(filled), '#').c_str(),
                 std::string(std::size_t(width - filled), '.').c_str(), 100 * done,
                 hidden ? "" : note.c_str());
    std::fflush(stderr);
  };
  auto make_agents = [&] {
    std::vector<std::unique_ptr<ai::Agent>> agents(seats.size());
    for (std::size_t s = 0; s < seats.size(); ++s)
      if (seats[s] != "human") {
        agents[s] = ai::make_agent(seats[s], *game, seed * 7919 + s);
        if (tty) agents[s]->set_progress(show_progress);
      }
    return agents;
  };
  std::vector<std::unique_ptr<ai::Agent>> agents = make_agents();
  int humans = 0;
  for (const auto& s : seats) humans += s == "human";
  auto name = [&](Seat s) {
    return game->seat_name(s) + (seats[std::size_t(s)] == "human" ? "" : " (computer)");
  };

  Match match(game, seed, seats);
  const std::string record_path = !options.record ? std::string()
                                  : options.record_path.empty()
                                      ? default_record_path(options.game, seed)
                                      : options.record_path;
  auto save_record = [&] {
    if (record_path.empty()) return;
    std::error_code ignored;
    const auto parent = std::filesystem::path(record_path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ignored);
    std::ofstream out(record_path);
    json record = match.record().to_json();
    if (options.hints) record["hints"] = true;  // the record says hints were allowed
    out << record.dump() << "\n";
    if (out.flush())
      std::cout << "Record saved to " << record_path << " (replay it: tabletop replay "
                << record_path << " --step)\n";
    else
      std::cerr << "error: cannot write the record to '" << record_path << "'\n";
  };

  // Whose view the computers' moves are told in: the one person at the terminal, else a
  // spectator's (several people each read their own view only after a hand-over).
  Seat watcher = kSpectator;
  if (humans == 1)
    for (int s = 0; s < players; ++s)
      if (seats[std::size_t(s)] == "human") watcher = s;
  const bool hand_over = humans > 1 && hidden;
  std::vector<Seat> movers;  // who made each move, for undo
  std::cout << style(game->info().name + " — seed " + std::to_string(seed)) << "\n";
  for (int s = 0; s < players; ++s)
    std::cout << style("  " + game->seat_name(s) + ": " +
                       (seats[std::size_t(s)] == "human" ? "human"
                                                         : "computer " + seats[std::size_t(s)]))
              << "\n";
  if (style.ascii()) std::cout << style.ascii_key() << "\n";
  // The key to the board's signs once here (and on `legend`), not under every board.
  const std::string board_key = game->board_key();
  std::cout << style(board_key);
  if (options.hints) std::cout << "Hints are on: type 'hint' on your turn.\n";
  const std::string hint_spec =
      options.hint_spec.empty() ? server::strength_spec("hard") : options.hint_spec;
  std::cout << "Type 'help' for the notation and the commands.\n";

  // Prints what the log says since event `first`, as `viewer` may read it (`news`: what just
  // happened, bold in colour).
  auto tell = [&](Seat viewer, std::size_t first, bool news = true) {
    for (const std::string& event : match.state().log().for_viewer(viewer, first))
      std::cout << style(wrap_text("  " + event, 78, 4), news) << "\n";
  };
  if (!hand_over) tell(watcher, 0);

  LineInput input;
  input.set_candidates([&] {
    std::vector<std::string> all;
    const State& state = match.state();
    if (!state.is_terminal() && !agents[std::size_t(state.current_player())])
      for (Move m : state.legal_moves()) all.push_back(state.move_to_string(m));
    for (const char* c : kCommandNames) all.push_back(c);
    return all;
  });

  // The log position each person has read up to (for the news after a hand-over).
  std::vector<std::size_t> read_up_to(std::size_t(players), 0);
  Seat last_viewer = kSpectator;
  bool show = true;
  while (!match.state().is_terminal()) {
    const State& state = match.state();
    const Seat seat = state.current_player();
    if (agents[std::size_t(seat)]) {
      ai::Agent& agent = *agents[std::size_t(seat)];
      const Move move = agent.choose(state);
      if (tty) std::fprintf(stderr, "\r\033[K"), std::fflush(stderr);
      const std::size_t events_before = state.log().events().size();
      for (auto& a : agents)
        if (a) a->observe(state, move);
      const std::string text = state.move_to_string(move);
      match.play(move);
      movers.push_back(seat);
      // The move as the watcher may know it: through their log. A perfect-information game whose
      // log says nothing of a move names it in notation.
      const std::vector<std::string> seen = match.state().log().for_viewer(watcher, events_before);
      if (seen.empty())
        std::cout << style("  " + name(seat) + (hidden ? " moves" : " plays " + text), true)
                  << "\n";
      else
        tell(watcher, events_before);
      if (options.verbose) {
        const std::string note = agent.last_decision_note();
        if (!note.empty()) std::cout << "    [" << agent.spec() << ": " << note << "]\n";
      }
      show = true;
      continue;
    }
    if (hand_over && seat != last_viewer) {
      // Clear the screen and its scrollback so the last person's private view is gone, then wait
      // for the next person.
      std::cout << "\033[H\033[2J\033[3J" << std::flush;
      const auto ready = input.read("Hand the terminal to " + name(seat) + " and press Enter (" +
                                    name(seat) + " only)... ");
      if (!ready) {
        std::cout << "\n";
        save_record();
        return 0;
      }
      std::cout << "\033[H\033[2J\033[3J" << std::flush;
      std::cout << "Since your last turn:\n";
      tell(seat, read_up_to[std::size_t(seat)]);
      show = true;
    }
    if (show) {
      // The board, then what is left of this turn and the kind of step that comes next.
      std::cout << "\n" << style(state.render(seat));
      if (const std::string status = state.turn_status(seat); !status.empty())
        std::cout << style(wrap_text("  " + status, 78, 4)) << "\n";
      show = false;
      last_viewer = seat;
    }
    read_up_to[std::size_t(seat)] = state.log().events().size();
    const auto read = input.read(game->seat_name(seat) + "> ");
    if (!read) {
      std::cout << "\n";
      save_record();
      return 0;
    }
    const std::string line = trim(*read);
    if (line.empty()) continue;
    if (line == "quit" || line == "exit") {
      save_record();
      return 0;
    }
    if (line == "help" || line == "?") {
      std::cout << kCommands << notation_help(*game, "");
      continue;
    }
    if (line.starts_with("help ")) {
      std::cout << notation_help(*game, trim(line.substr(5)));
      continue;
    }
    if (line == "legend") {
      std::cout << style(board_key.empty() ? "the board explains its signs itself\n" : board_key);
      continue;
    }
    if (line == "board") {
      show = true;
      continue;
    }
    if (line == "moves") {
      MoveList moves;
      state.legal_moves(moves);
      std::vector<std::string> texts;
      for (std::size_t i = 0; i < moves.size(); ++i)
        texts.push_back(state.move_to_string(moves[i]));
      std::cout << style(list_moves(texts)) << "\n";
      continue;
    }
    if (line == "log") {
      tell(seat, 0, false);
      continue;
    }
    if (line == "hint") {
      // Seeded afresh: the search samples only what this seat may know (ai/advice.h).
      std::cout << hint_line(match, options.hints, hint_spec, std::random_device{}()) << "\n";
      continue;
    }
    if (line == "undo") {
      if (humans != 1) {
        std::cout << "undo is for a game against the computer\n";
        continue;
      }
      // The core policy: the human's own last move, never across a roll, a reveal or a human.
      const std::string why = match.why_no_undo(seat);
      if (!why.empty()) {
        std::cout << "cannot undo: " << why << "\n";
        continue;
      }
      int count = int(match.moves().size());
      match.undo_own(seat);
      movers.resize(match.moves().size());
      count -= int(match.moves().size());
      agents = make_agents();
      std::cout << "took back " << count << " move" << (count > 1 ? "s" : "") << "\n";
      show = true;
      continue;
    }
    const std::size_t events_before = state.log().events().size();
    try {
      match.play_text(line);
    } catch (const BadMove& e) {
      std::cout << "illegal: " << e.what() << "\n";
      continue;
    }
    movers.push_back(seat);
    // What changed, as this person may know it; when they move again, the board with what is
    // left (dice, action points) and the kind of step that comes next (State::turn_status).
    tell(seat, events_before);
    read_up_to[std::size_t(seat)] = match.state().log().events().size();
    show = match.state().current_player() == seat || (humans > 1 && !hand_over);
  }
  const State& state = match.state();
  const Seat final_viewer = humans == 1 ? watcher : kSpectator;
  // The board ends with the game's own worded result (who won and why, or what stopped it).
  std::cout << "\n" << style(state.render(final_viewer));
  save_record();
  return 0;
}

}  // namespace tabletop::cli
