// The README's C++ example as a whole program: make a game, play a move, read one seat's view,
// sample a full state consistent with it, and let a computer player finish the game.
// `make test` builds and runs it; a project of your own builds it against the library with
// add_subdirectory(tabletop) or find_package(tabletop) (see examples/consumer/).
#include <iostream>

#include "ai/agent.h"
#include "games/games.h"

int main() {
  using namespace tabletop;
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
  const Returns result = state->returns();
  std::cout << "after " << state->ply() << " moves: seat 0 " << result[0] << ", seat 1 "
            << result[1] << "\n";
  return sample->observation(1) == view ? 0 : 1;
}
