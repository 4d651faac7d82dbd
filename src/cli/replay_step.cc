// `tabletop replay FILE --step`: a record walked through move by move, as a spectator sees it.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "core/file.h"
#include "core/json_input.h"
#include "core/record.h"
#include "games/games.h"

namespace tabletop::cli {

int replay_steps(const std::string& path) {
  std::string text;
  try {
    text = read_regular_file(path, JsonLimits{}.max_bytes);
  } catch (const FileError& e) {
    throw BadRecord(e.what());
  }
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded())
    throw BadRecord("'" + path + "': --step walks one JSON record (not JSON Lines or PPN)");
  const Record record = record_in(j, path);
  // Replaying the whole record first checks it and names its first bad move before any output.
  replay(games::registry(), record);

  std::shared_ptr<const Game> game = games::registry().make(record.game, record.params);
  Chance chance(record.seed);
  chance.script(record.chance);
  chance.set_journal(true);
  std::unique_ptr<State> state = game->new_initial_state(std::move(chance));
  state->set_recording(true);
  const bool wait = isatty(STDIN_FILENO);
  std::cout << game->info().name << ", seed " << record.seed << ", " << record.moves.size()
            << " moves";
  for (std::size_t s = 0; s < record.seats.size(); ++s)
    std::cout << (s ? ", " : "; ") << game->seat_name(Seat(s)) << ": " << record.seats[s];
  std::cout << "\n" << game->board_key();
  std::size_t seen = 0;
  auto news = [&] {
    for (const std::string& e : state->log().for_viewer(kSpectator, seen))
      std::cout << "  " << e << "\n";
    seen = state->log().events().size();
  };
  news();
  std::cout << state->render(kSpectator);
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    if (wait) {
      std::cout << "[Enter: move " << i + 1 << " of " << record.moves.size() << ", q: stop] "
                << std::flush;
      std::string line;
      if (!std::getline(std::cin, line) || line == "q" || line == "quit") return 0;
    }
    const Seat mover = state->current_player();
    state->apply_text(record.moves[i]);
    std::cout << "\nMove " << i + 1 << ": " << game->seat_name(mover);
    if (!game->info().hidden_information) std::cout << " plays " << record.moves[i];
    std::cout << "\n";
    news();
    std::cout << state->render(kSpectator);
    if (const std::string status = state->turn_status(kSpectator); !status.empty())
      std::cout << "  " << status << "\n";
  }
  return 0;
}

}  // namespace tabletop::cli
