// The README's C++ example as a whole program: list the games, make one, play a move, read one
// seat's view, sample a full state consistent with it, and let a computer player finish the game.
// `make test` builds and runs it; a project of your own builds it against the library with
// add_subdirectory(tabletop) or find_package(tabletop) (this folder is such a project).
// `quickstart CITY` also starts a Conspiracy TCG game at a venue given by a city name, which
// needs the gazetteer (in an install: <prefix>/share/tabletop/gazetteer.tsv).
#include <iostream>
#include <span>

#include "ai/agent.h"
#include "games/conspiracy_tcg/gazetteer.h"
#include "games/games.h"

int main(int argc, char** argv) {
  using namespace tabletop;
  // Every game: its registry entry, its info (GameInfo) and its parameters.
  for (const GameEntry& entry : games::registry().entries())
    std::cout << entry.info.id << ": " << entry.info.name << ", " << entry.info.min_players << "-"
              << entry.info.max_players << " players, " << entry.params.size() << " parameters\n";
  if (argc > 1) {
    std::cout << "gazetteer: " << conspiracy_tcg::Gazetteer::default_path() << std::endl;
    try {
      auto tcg = games::registry().make("conspiracy-tcg", {{"venue", argv[1]}});
      std::cout << "a Conspiracy TCG game at " << argv[1] << ": "
                << tcg->new_initial_state(1)->legal_moves().size() << " first moves\n";
    } catch (const Error& e) {  // a bad parameter: BadParams names it
      std::cerr << "error: " << e.what() << "\n";
      return 2;
    }
  }

  auto game = games::registry().make("relativity", {{"coins", "n45a5n/3a2243/3n4a2n/a25345"}});
  auto state = game->new_initial_state(/*seed=*/1);
  state->apply_text("d3#e3");                   // or apply(Move) for moves from legal_moves()
  nlohmann::json view = state->observation(1);  // exactly what seat 1 may know
  Rng rng(7);
  auto sample = state->determinize(1, rng);  // a full state consistent with that view
  std::cout << "seat 1 sees the board " << view["coins"].get<std::string>() << "\n";
  std::cout << "a sample agrees with it: " << (sample->observation(1) == view ? "yes" : "no")
            << "\n";

  // Two computer players finish the game.
  auto first = ai::make_agent("greedy", *game, /*seed=*/1);
  auto second = ai::make_agent("random", *game, /*seed=*/2);
  while (!state->is_terminal()) {
    ai::Agent& agent = state->current_player() == 0 ? *first : *second;
    state->apply(agent.choose(*state));
  }
  // Returns holds kMaxPlayers numbers; the first num_players() are the seats'.
  const Returns result = state->returns();
  std::cout << "after " << state->ply() << " moves:";
  for (double r : std::span(result).first(std::size_t(game->num_players()))) std::cout << " " << r;
  std::cout << "\n";
  return sample->observation(1) == view ? 0 : 1;
}
