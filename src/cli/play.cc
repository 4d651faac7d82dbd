// `tabletop play`: a game in the terminal between people and computer players.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <sstream>

#include "ai/agent.h"
#include "cli/commands.h"
#include "core/record.h"
#include "games/games.h"

namespace tabletop::cli {
namespace {

constexpr const char* kHelp =
    "Type a move in the game's notation, or:\n"
    "  moves   list the legal moves\n"
    "  board   show the board again\n"
    "  log     show what has happened (as this seat may know it)\n"
    "  undo    take back your last move (and the computer's reply)\n"
    "  help    this text\n"
    "  quit    leave the game\n";

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return {};
  return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

}  // namespace

int play(const std::string& game_id, const std::vector<std::string>& seats, uint64_t seed,
         const json& params) {
  std::shared_ptr<const Game> game = games::registry().make(game_id, params);
  const int players = game->num_players();
  if (int(seats.size()) != players)
    throw BadParams(game_id + " needs " + std::to_string(players) + " seats, --seats gave " +
                    std::to_string(seats.size()));
  // While a computer player thinks, a progress bar on stderr (a terminal only) with the move it
  // currently prefers and that move's share of the visits; the line is wiped when it has chosen.
  const bool tty = isatty(STDERR_FILENO);
  auto show_progress = [](double done, const std::string& note) {
    const int width = 24, filled = int(done * width + 0.5);
    std::fprintf(stderr, "\r  thinking [%s%s] %3.0f%%  %s\033[K",
                 std::string(std::size_t(filled), '#').c_str(),
                 std::string(std::size_t(width - filled), '.').c_str(), 100 * done, note.c_str());
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

  Match match(game, seed, seats);
  const bool hidden = game->info().hidden_information;
  // Whose view the computer's moves are told in: the one person at the terminal, else a
  // spectator's.
  Seat watcher = kSpectator;
  if (humans == 1)
    for (int s = 0; s < players; ++s)
      if (seats[std::size_t(s)] == "human") watcher = s;
  std::vector<Seat> movers;  // who made each move, for undo
  std::cout << game->info().name << " — seats: ";
  for (int s = 0; s < players; ++s)
    std::cout << (s ? ", " : "") << s << " " << seats[std::size_t(s)];
  std::cout << "\nType 'help' for commands.\n\n";

  // A human sees the board from their own seat; with several humans at one terminal, each sees
  // their own view on their turn; with none, the spectator's.
  Seat last_viewer = kSpectator;
  bool show = true;
  while (!match.state().is_terminal()) {
    const State& state = match.state();
    const Seat seat = state.current_player();
    if (agents[std::size_t(seat)]) {
      const Move move = agents[std::size_t(seat)]->choose(state);
      if (tty) std::fprintf(stderr, "\r\033[K"), std::fflush(stderr);
      const std::string text = state.move_to_string(move);
      const std::size_t events_before = state.log().events().size();
      for (auto& agent : agents)
        if (agent) agent->observe(state, move);
      match.play(move);
      movers.push_back(seat);
      // A move's notation may name what only its mover knows (a secret goal, a payment): in a
      // hidden-information game the terminal shows the move as the person watching may know it,
      // through the per-viewer log, and only the search's visit share (its value reflects what
      // the computer knows).
      std::string note = agents[std::size_t(seat)]->last_decision_note();
      std::cout << "seat " << seat << " (" << seats[std::size_t(seat)] << ")";
      if (hidden) {
        const std::vector<std::string> seen =
            match.state().log().for_viewer(watcher, events_before);
        if (seen.empty()) std::cout << " moves";
        for (std::size_t i = 0; i < seen.size(); ++i) std::cout << (i ? "; " : ": ") << seen[i];
        note = note.substr(0, note.find(", value"));
      } else {
        std::cout << " plays " << text;
      }
      if (!note.empty()) std::cout << "  [" << note << "]";
      std::cout << "\n";
      show = true;
      continue;
    }
    if (show) {
      std::cout << "\n" << state.render(seat);
      show = false;
      last_viewer = seat;
    }
    std::cout << "seat " << seat << "> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) {
      std::cout << "\n";
      return 0;
    }
    line = trim(line);
    if (line.empty()) continue;
    if (line == "quit" || line == "exit") return 0;
    if (line == "help" || line == "?") {
      std::cout << kHelp;
      continue;
    }
    if (line == "board") {
      show = true;
      continue;
    }
    if (line == "moves") {
      MoveList moves;
      state.legal_moves(moves);
      std::cout << moves.size() << " legal moves:";
      int column = 0;
      for (Move m : moves) {
        const std::string text = state.move_to_string(m);
        if (column + int(text.size()) > 76) {
          std::cout << "\n ";
          column = 0;
        }
        std::cout << " " << text;
        column += int(text.size()) + 1;
      }
      std::cout << "\n";
      continue;
    }
    if (line == "log") {
      for (const std::string& event : state.log().for_viewer(seat))
        std::cout << "  " << event << "\n";
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
    try {
      match.play_text(line);
      movers.push_back(seat);
      show = humans > 1;
    } catch (const BadMove& e) {
      std::cout << "illegal: " << e.what() << "\n";
    }
  }
  const State& state = match.state();
  std::cout << "\n" << state.render(humans == 1 ? last_viewer : kSpectator);
  const Returns r = state.returns();
  std::cout << "Result:";
  for (int s = 0; s < players; ++s) std::cout << " seat " << s << " " << r[std::size_t(s)];
  std::cout << "\n";
  return 0;
}

}  // namespace tabletop::cli
