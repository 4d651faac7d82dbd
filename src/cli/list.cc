// `tabletop list GAME`: what a newcomer needs to start a game of GAME from the command line.
#include <iostream>

#include "ai/agent.h"
#include "cli/commands.h"
#include "core/howto_positions.h"
#include "games/games.h"

namespace tabletop::cli {

int list_game(const std::string& game_id) {
  const GameEntry* entry = games::registry().find(game_id);
  if (!entry) games::registry().make(game_id);  // throws BadParams listing the known games
  const GameInfo& info = entry->info;
  std::shared_ptr<const Game> game = entry->make(json::object());
  std::cout << info.name << " (" << info.id << "), " << info.min_players;
  if (info.max_players != info.min_players) std::cout << "-" << info.max_players;
  std::cout << " players; rules: shared/rules/" << info.rules << "\n"
            << (info.hidden_information ? "Hidden information" : "Perfect information")
            << (info.has_chance ? ", with chance" : ", no chance after the deal") << ".\n";

  std::cout << "\nParameters (--param name=value):\n";
  if (entry->params.empty()) std::cout << "  none\n";
  for (const ParamSpec& p : entry->params) {
    std::string line = "  " + p.name + " (" + ParamSpec::type_name(p.type);
    if (p.min && p.max) line += " " + std::to_string(*p.min) + ".." + std::to_string(*p.max);
    line += ", default " + (p.fallback.is_string() && p.fallback.get<std::string>().empty()
                                ? std::string("none")
                            : p.fallback.is_string() ? p.fallback.get<std::string>()
                                                     : p.fallback.dump());
    if (!p.kind.empty()) line += ", " + p.kind;
    line += "): " + p.description;
    std::cout << wrap_text(line, 78, 6) << "\n";
  }

  std::cout << "\nSeats (default player count):";
  for (int s = 0; s < game->num_players(); ++s)
    std::cout << (s ? "," : "") << " " << game->seat_name(s);
  std::cout << "\n\n" << notation_help(*game, "");
  for (const NotationKind& k : game->notation())
    if (k.examples.size() > 1) {
      std::cout << "  more examples of " << k.name << ":";
      for (std::size_t i = 1; i < k.examples.size(); ++i) std::cout << "  " << k.examples[i];
      std::cout << "\n";
    }

  std::cout << "\nComputer players (--seats, --agents: name or name:key=value,key=value):\n";
  for (const auto& [name, help] : ai::agent_names()) {
    bool usable = true;
    try {
      ai::make_agent(name, *game, 1);
    } catch (const BadParams&) {
      usable = false;
    }
    std::cout << "  " << name << (usable ? "" : " (not for this game)") << ": " << help << "\n";
  }
  std::cout << "  human: a person at the terminal (tabletop play)\n";
  return 0;
}

int rules(const std::string& game_id) {
  const GameEntry* entry = games::registry().find(game_id);
  if (!entry) games::registry().make(game_id);  // throws BadParams listing the known games
  if (entry->how_to_play.empty())
    throw BadParams("no how-to-play for " + entry->info.name + " yet");
  std::cout << "How to play " << entry->info.name << "\n";
  // The Markdown subset as plain text: headings stand alone, `code` loses its backquotes, and each
  // ```position block is the board of its position as the game draws it (core/howto_positions.h).
  const std::vector<howto::Position> positions = howto::parse_positions(entry->how_to_play);
  const std::string& text = entry->how_to_play;
  std::size_t start = 0, block = 0;
  bool in_position = false;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (in_position) {
      in_position = !line.starts_with("```");
      continue;
    }
    if (line == "```position") {
      in_position = true;
      if (block < positions.size()) {
        const howto::PlayedPosition played = howto::play_position(*entry, positions[block++]);
        if (played.picture) std::cout << played.picture->render(kSpectator);
      }
      continue;
    }
    std::erase(line, '`');
    std::cout << (line.starts_with("## ") ? line.substr(3) : line) << "\n";
  }
  const RulesSource& source = entry->rules_source;
  std::cout << "\n"
            << wrap_text("The full rules: " + source.title + ", by " + source.author + " (" +
                             source.licence + (source.licence_url.empty() ? "" : ", ") +
                             source.licence_url + "); shared/rules/" + entry->info.rules + ".",
                         100, 0)
            << "\n";
  return 0;
}

}  // namespace tabletop::cli
