// The conformance suite (testing/conformance.h) with greedy seats mixed in: random playouts of
// Culture Wars never attack a settlement, sail, loot or meet Technological Advantage, so the
// suite's checks never saw those positions. Here the same checks run on playouts where most seats
// play greedy (one seat random in most playouts), and the test counts that each of those happened.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "ai/agent.h"
#include "games/culture_wars/culture_wars.h"
#include "games/games.h"
#include "testing/conformance.h"

namespace tabletop::ai {
namespace {

using culture_wars::CultureWarsState;

// What the playouts reached, counted move by move.
struct Reached {
  int attacks = 0;       // settlements attacked (the game's own figure, summed at each game's end)
  int boats = 0;         // token moves by boat: not to an orthogonal neighbour
  int looted = 0;        // settlements made on another suit's coin
  int tech_squares = 0;  // conflicts between seats holding different numbers of settlements
};

// Squares where the conflicts step about to run sets seats with different numbers of settlements
// against each other (Technological Advantage decides who loses first): two or more seats' tokens
// over the square's support, or tokens in another seat's settlement. `s` is the state before the
// last `done` of movement (the tokens stand where the conflicts find them).
int tech_squares(const CultureWarsState& s) {
  int count = 0;
  for (int square = 0; square < culture_wars::kSquares; ++square) {
    if (!s.is_land(square)) continue;
    const uint8_t coin = s.coin_at(square);
    const bool settlement = coin != culture_wars::kNoCoin && s.suit_up(square);
    const int support = coin == culture_wars::kNoCoin ? 2
                        : settlement                  ? 0
                                                      : coin % culture_wars::kCoinValues;
    std::vector<Seat> seats;
    int total = 0;
    for (Seat seat = 0; seat < s.num_players(); ++seat)
      if (s.tokens(seat, square) > 0) {
        seats.push_back(seat);
        total += s.tokens(seat, square);
      }
    const Seat owner = settlement ? Seat(coin / culture_wars::kCoinValues) : kSpectator;
    const bool attacked =
        settlement && !seats.empty() && (seats.size() > 1 || seats.front() != owner);
    if (!(seats.size() > 1 && total > support) && !attacked) continue;
    if (attacked && std::find(seats.begin(), seats.end(), owner) == seats.end())
      seats.push_back(owner);
    for (Seat seat : seats)
      if (s.settlements(seat) != s.settlements(seats.front())) {
        ++count;
        break;
      }
  }
  return count;
}

TEST(GreedyPlayouts, CultureWarsReachesAttacksBoatsLootingAndTechnologicalAdvantage) {
  Reached reached;
  for (int players = 2; players <= 4; ++players) {
    SCOPED_TRACE(std::to_string(players) + " players");
    const json params = {{"players", players}, {"tech_advantage", true}, {"max_rounds", 20}};
    auto game = games::registry().make("culture-wars", params);
    testing::ConformanceOptions options;
    options.playouts = 3;
    options.seed = 20261206;
    options.thorough_playouts = 1;
    options.playouts_from_environment = false;
    // Playout p: seat p % (players + 1) plays random (none when that is `players`), the others
    // greedy with one sample (a greedy seat's choice depends on its own seat's view only).
    int agents_of = -1;
    std::vector<std::unique_ptr<Agent>> agents;
    options.choose = [&](const State& state, int playout, Rng& rng) {
      if (playout != agents_of) {
        agents.clear();
        for (Seat seat = 0; seat < players; ++seat)
          agents.push_back(seat == playout % (players + 1)
                               ? nullptr
                               : make_agent("greedy:samples=1", *game,
                                            options.seed * 31 + uint64_t(playout * 4 + seat)));
        agents_of = playout;
      }
      if (Agent* agent = agents[std::size_t(state.current_player())].get())
        return agent->choose(state);
      const std::vector<Move> moves = state.legal_moves();
      return moves[rng.uniform(uint32_t(moves.size()))];
    };
    options.observe = [&](const State& before_state, Move move, const State& after_state) {
      const auto& before = static_cast<const CultureWarsState&>(before_state);
      const auto& after = static_cast<const CultureWarsState&>(after_state);
      const culture_wars::MoveParts p = culture_wars::move_parts(move);
      if (p.kind == culture_wars::kStep) {
        const int dc = std::abs(culture_wars::column_of(p.from) - culture_wars::column_of(p.to));
        const int dr = std::abs(culture_wars::row_of(p.from) - culture_wars::row_of(p.to));
        reached.boats += dc + dr != 1;
      }
      if (p.kind == culture_wars::kSettle && before.coin_at(p.from) != culture_wars::kNoCoin &&
          before.coin_at(p.from) / culture_wars::kCoinValues != before.current_player())
        ++reached.looted;
      if (before.phase() == culture_wars::Phase::kMovement &&
          after.phase() != culture_wars::Phase::kMovement)
        reached.tech_squares += tech_squares(before);
      if (after.is_terminal()) {
        Figures figures;
        after.figures(figures);
        for (const Figures::Entry& e : figures)
          if (std::string(e.name) == "settlements_attacked") reached.attacks += int(e.value);
      }
    };
    testing::random_sim_test(games::registry(), "culture-wars", params, options);
  }
  EXPECT_GT(reached.attacks, 0);
  EXPECT_GT(reached.boats, 0);
  EXPECT_GT(reached.looted, 0);
  EXPECT_GT(reached.tech_squares, 0);
  std::printf(
      "settlements attacked %d, boat moves %d, settlements looted %d, conflicts under "
      "Technological Advantage %d\n",
      reached.attacks, reached.boats, reached.looted, reached.tech_squares);
}

}  // namespace
}  // namespace tabletop::ai
