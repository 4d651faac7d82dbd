// Positions with a known forced loss, built from Relativity's rules: the mover has a swap after
// which the other side's very next swap takes a trophy (it completes a molecule), and another swap
// after which no swap of the other side takes one. The analysis at the server's budget
// (analysis_spec) must refute and mark the first, and a hint must not choose it (advice.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ai/advice.h"
#include "ai/loops.h"
#include "ai/mcts.h"
#include "core/record.h"
#include "games/games.h"
#include "games/relativity/relativity.h"

namespace tabletop::ai {
namespace {

int trophies(const State& state, Seat seat) {
  return dynamic_cast<const relativity::RelativityState&>(state).trophies_of(seat);
}

// Whether the seat to move in `state` can take a trophy with its next swap.
bool can_take_a_trophy(const State& state) {
  const Seat seat = state.current_player();
  for (Move m : state.legal_moves()) {
    std::unique_ptr<State> after = state.clone();
    after->apply(m);
    if (trophies(*after, seat) > trophies(state, seat)) return true;
  }
  return false;
}

// A position and the moves that led to it, a swap handing the other side a trophy, and whether
// each legal swap does (a swap that takes a trophy itself counts as safe).
struct ForcedLoss {
  std::vector<std::string> moves;  // from the deal
  std::unique_ptr<State> state;
  std::string blunder;
  std::vector<std::string> losing;  // every swap after which the answer takes a trophy
};

// The first position of a random game from `seed` where some swaps hand the other side a trophy
// and others do not; empty `blunder` when the game ends without one.
ForcedLoss find_forced_loss(const Game& game, uint64_t seed) {
  ForcedLoss f;
  f.state = game.new_initial_state(seed);
  Rng rng(seed);
  while (!f.state->is_terminal()) {
    const Seat mover = f.state->current_player();
    bool safe = false;
    for (Move m : f.state->legal_moves()) {
      std::unique_ptr<State> after = f.state->clone();
      after->apply(m);
      if (after->is_terminal()) continue;
      if (trophies(*after, mover) == trophies(*f.state, mover) && can_take_a_trophy(*after))
        f.losing.push_back(f.state->move_to_string(m));
      else
        safe = true;
    }
    if (safe && !f.losing.empty() && !can_take_a_trophy(*f.state)) {
      f.blunder = f.losing[rng.uniform(uint32_t(f.losing.size()))];
      return f;
    }
    f.losing.clear();
    const std::vector<Move> legal = f.state->legal_moves();
    const Move m = legal[rng.uniform(uint32_t(legal.size()))];
    f.moves.push_back(f.state->move_to_string(m));
    f.state->apply(m);
  }
  return f;
}

bool is_losing(const ForcedLoss& f, const std::string& move) {
  return std::find(f.losing.begin(), f.losing.end(), move) != f.losing.end();
}

TEST(ForcedLoss, AnalysisRefutesASwapThatHandsTheOtherSideATrophy) {
  auto game = games::registry().make("relativity");
  int positions = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    const ForcedLoss f = find_forced_loss(*game, seed);
    if (f.blunder.empty()) continue;
    ++positions;
    SCOPED_TRACE("seed " + std::to_string(seed) + ", ply " + std::to_string(f.moves.size()) + ", " +
                 f.blunder);
    const MoveAnalysis m =
        analyse_move(*f.state, f.state->parse_move(f.blunder), analysis_spec(), seed);
    EXPECT_TRUE(m.refuted);
    EXPECT_GT(m.loss(), 0);
    EXPECT_FALSE(is_losing(f, m.preferred)) << m.preferred;
    const Hint h = hint(*f.state, analysis_spec(), seed);
    EXPECT_FALSE(is_losing(f, h.move)) << h.move;
  }
  EXPECT_GE(positions, 6);
}

// The whole analysis of a record ending in such a swap marks it `??`.
TEST(ForcedLoss, TheAnalysisOfARecordMarksTheSwap) {
  auto game = games::registry().make("relativity");
  const ForcedLoss f = find_forced_loss(*game, 3);
  ASSERT_FALSE(f.blunder.empty());
  Record record;
  record.game = "relativity";
  record.seed = 3;
  record.seats = {"random", "random"};
  record.moves = f.moves;
  record.moves.push_back(f.blunder);
  const Analysis a = analyse(games::registry(), record, analysis_spec(), 1);
  ASSERT_EQ(a.moves.size(), record.moves.size());
  EXPECT_TRUE(a.moves.back().refuted);
  EXPECT_TRUE(a.moves.back().marked);
  EXPECT_EQ(analysis_json(a)["marked"].back(), int(record.moves.size()));
}

// A hint leaves a move after which its seat would see a position again: from a position where
// every swap but one leads to a position seen before, the hint is that one.
TEST(ForcedLoss, AHintTakesTheOnlyMoveThatDoesNotRepeat) {
  auto game = games::registry().make("relativity");
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const ForcedLoss f = find_forced_loss(*game, seed);
    ASSERT_FALSE(f.blunder.empty());
    const Seat seat = f.state->current_player();
    std::vector<std::string> seen, safe;
    for (Move m : f.state->legal_moves()) {
      std::unique_ptr<State> after = f.state->clone();
      after->apply(m);
      if (!is_losing(f, f.state->move_to_string(m))) safe.push_back(f.state->move_to_string(m));
      seen.push_back(position_text(*after, seat));
    }
    ASSERT_GE(safe.size(), 2u);
    // Every position but the one after the hint's own move (which it would give anyway) and one
    // other safe swap has been seen.
    const std::string first = hint(*f.state, analysis_spec(), seed).move;
    const std::string fresh = safe[0] == first ? safe[1] : safe[0];
    std::unique_ptr<State> after = f.state->clone();
    after->apply_text(fresh);
    std::erase(seen, position_text(*after, seat));
    EXPECT_EQ(hint(*f.state, analysis_spec(), seed, {}, {}, seen).move, fresh)
        << "seed " << seed << ", the hint without history " << first;
  }
}

// A computer seat leaves a move after which it would see a position again: where every move but
// the best-valued other one (within kLoopMargin of its choice, or of a draw) leads to a position
// its seat has seen, it plays that one.
TEST(ForcedLoss, AnAgentTakesTheMoveThatDoesNotRepeat) {
  auto game = games::registry().make("relativity");
  const SearchOptions options = SearchOptions::from_spec(AgentSpec::parse("ismcts:iterations=600"));
  int checked = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const ForcedLoss f = find_forced_loss(*game, seed);
    ASSERT_FALSE(f.blunder.empty());
    const State& state = *f.state;
    const Seat seat = state.current_player();
    MctsAgent plain(*game, options, true, seed, "");
    const Move first = plain.choose(state);
    // The best-valued other move: the one the rule falls back on.
    const auto& visits = plain.last_root_visits();
    const auto& values = plain.last_root_values();
    std::size_t fresh = visits.size(), chosen = 0;
    for (std::size_t i = 0; i < visits.size(); ++i) {
      if (visits[i].first == first)
        chosen = i;
      else if (!std::isnan(values[i]) && (fresh == visits.size() || values[i] > values[fresh]))
        fresh = i;
    }
    ASSERT_LT(fresh, visits.size());
    if (win_chance(*game, values[fresh]) + kLoopMargin <=
        std::min(win_chance(*game, values[chosen]), draw_chance(*game)))
      continue;  // the repeat is worth more: it stands
    // Every position after a move but `fresh` has been seen.
    SeenPositions seen;
    for (Move m : state.legal_moves()) {
      if (m == visits[fresh].first) continue;
      std::unique_ptr<State> after = state.clone();
      after->apply(m);
      seen.add(*after, seat);
    }
    MctsAgent looping(*game, options, true, seed, "");
    looping.set_seen(seen);
    EXPECT_EQ(state.move_to_string(looping.choose(state)),
              state.move_to_string(visits[fresh].first))
        << "seed " << seed << ", without history " << state.move_to_string(first);
    // Without history the same search plays its own choice: the history made the difference.
    MctsAgent again(*game, options, true, seed, "");
    EXPECT_EQ(again.choose(state), first);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// The loop rule (loops.h): a looping choice gives way to the best candidate that does not loop
// when that one is within kLoopMargin of it, counted at most as a draw; a choice that does not
// loop, or a loop worth more, stands.
TEST(ForcedLoss, TheLoopRule) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> chances{0.50, 0.48, 0.47, nan, 0.30};
  auto looping = [](std::vector<std::size_t> which) {
    return
        [which](std::size_t i) { return std::find(which.begin(), which.end(), i) != which.end(); };
  };
  const double draw = 0.5;                                          // two players
  EXPECT_EQ(avoid_loop(chances, 0, draw, looping({1})), 0u);        // the choice does not loop
  EXPECT_EQ(avoid_loop(chances, 0, draw, looping({0})), 1u);        // the best that does not
  EXPECT_EQ(avoid_loop(chances, 0, draw, looping({0, 1})), 2u);     // ... skipping another loop
  EXPECT_EQ(avoid_loop(chances, 0, draw, looping({0, 1, 2})), 0u);  // 0.30 is not within the margin
  EXPECT_EQ(avoid_loop(chances, 0, draw, looping({0, 1, 2, 4})), 0u);  // nothing else: it stands
  // A seat ahead: its loop counts as a draw, so any progress worth more than a draw less the
  // margin is made, however much more the estimate gives the loop.
  const std::vector<double> ahead{0.98, 0.60, 0.40};
  EXPECT_EQ(avoid_loop(ahead, 0, draw, looping({0})), 1u);
  EXPECT_EQ(avoid_loop(ahead, 0, draw, looping({0, 1})), 0u);  // 0.40 is worse than the draw
  // Three players: the draw is a third.
  EXPECT_EQ(avoid_loop(ahead, 0, 1.0 / 3, looping({0, 1})), 2u);
  // A seat behind: the draw is worth more than its loop, which is weighed as it is.
  const std::vector<double> behind{0.20, 0.10};
  EXPECT_EQ(avoid_loop(behind, 0, draw, looping({0})), 0u);
  // A candidate without a value (NaN) is never taken.
  EXPECT_EQ(avoid_loop({0.5, nan}, 0, draw, looping({0})), 0u);
  // Keys: equal texts, equal keys; the hash is FNV-1a (the same on every machine).
  EXPECT_EQ(SeenPositions::key("{}"), SeenPositions::key(std::string("{}")));
  EXPECT_NE(SeenPositions::key("{\"a\":1}"), SeenPositions::key("{\"a\":2}"));
  EXPECT_EQ(SeenPositions::key(""), 0xcbf29ce484222325ULL);
}

// seen_positions: the seat to move's position (its observation without the move counter) at the
// start and after every move.
TEST(ForcedLoss, SeenPositionsAreTheSeatsObservationsAfterEveryMove) {
  auto game = games::registry().make("relativity");
  const ForcedLoss f = find_forced_loss(*game, 2);
  Record record;
  record.game = "relativity";
  record.seed = 2;
  record.seats = {"random", "random"};
  record.moves = f.moves;
  const std::vector<std::string> seen = seen_positions(*game, record);
  ASSERT_EQ(seen.size(), f.moves.size() + 1);
  EXPECT_EQ(seen.back(), position_text(*f.state, f.state->current_player()));
  // A record that does not replay gives none.
  record.moves.push_back("zz");
  EXPECT_TRUE(seen_positions(*game, record).empty());
}

// The analysis's budget follows the number of legal moves, within half and twice the spec's.
TEST(ForcedLoss, TheAnalysisBudgetFollowsThePositionsMoves) {
  EXPECT_EQ(spec_for_position(analysis_spec(2000), 96), "ismcts:iterations=4000,opponents=search");
  EXPECT_EQ(spec_for_position(analysis_spec(2000), 48), "ismcts:iterations=3000,opponents=search");
  EXPECT_EQ(spec_for_position(analysis_spec(2000), 3), "ismcts:iterations=1000,opponents=search");
  EXPECT_EQ(spec_for_position("ismcts:time=100", 96), "ismcts:time=100");
  // The analysis of a Relativity record searches its 96-swap positions at twice the budget.
  auto game = games::registry().make("relativity");
  const ForcedLoss f = find_forced_loss(*game, 3);
  Record record;
  record.game = "relativity";
  record.seed = 3;
  record.seats = {"random", "random"};
  record.moves = {f.moves.empty() ? f.blunder : f.moves[0]};
  const Analysis a = analyse(games::registry(), record, analysis_spec(100), 1);
  ASSERT_EQ(a.moves.size(), 1u);
  EXPECT_EQ(a.moves[0].iterations, 200u);
}

}  // namespace
}  // namespace tabletop::ai
