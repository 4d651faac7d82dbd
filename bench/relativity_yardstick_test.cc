// The yardstick (relativity_yardstick.h) plays the very games the engine plays: from the same deals
// and the same seed, a random game through the generic API (legal_moves, then the k-th move) and
// one through the yardstick last as many plies and leave their random streams at the same place.
// The speed comparison in relativity_bench means something only while this holds.
#include "relativity_yardstick.h"

#include <gtest/gtest.h>

#include "games/games.h"
#include "games/relativity/relativity.h"

namespace tabletop {
namespace {

constexpr const char* kDeals[] = {"n45a5n/3a2243/3n4a2n/a25345", "5n4a32/3a2n54/4n25a3/a2n534"};

// Plays one random game through the engine; returns its plies.
int engine_game(const char* night, const char* day, int max_plies, Rng& rng) {
  auto state =
      games::registry()
          .make("relativity", json{{"coins", night}, {"coins2", day}, {"max_plies", max_plies}})
          ->new_initial_state(1);
  MoveList moves;
  while (!state->is_terminal()) {
    state->legal_moves(moves);
    state->apply(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  return state->ply();
}

TEST(RelativityYardstick, PlaysTheEnginesGames) {
  int games = 0, capped = 0;
  for (const char* night : kDeals)
    for (const char* day : kDeals)
      for (int max_plies : {relativity::kDefaultMaxPlies, 40})
        for (uint64_t seed = 1; seed <= 20; ++seed) {
          Rng engine_rng(seed), yardstick_rng(seed);
          const int plies = engine_game(night, day, max_plies, engine_rng);
          EXPECT_EQ(relativity_yardstick::play_random_game(relativity::parse_coins(night),
                                                           relativity::parse_coins(day),
                                                           yardstick_rng, max_plies),
                    plies)
              << night << " then " << day << ", seed " << seed;
          EXPECT_EQ(engine_rng.next(), yardstick_rng.next()) << "seed " << seed;
          ++games;
          capped += plies == max_plies;
        }
  EXPECT_EQ(games, 160);
  EXPECT_GT(capped, 0);  // the cap is among the rules compared
}

}  // namespace
}  // namespace tabletop
