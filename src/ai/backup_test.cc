// What the search backs up in a game of three seats (max^n, mcts.h): a toy game of three seats
// without chance or hidden information.
#include <gtest/gtest.h>

#include "ai/mcts.h"

namespace tabletop::ai {
namespace {

// The three-seat toy game whose states are `Position`s.
template <class Position>
class Toy3Game final : public Game {
 public:
  explicit Toy3Game(const char* id)
      : Game(GameInfo{id, id, "", 3, 3, false, false}, json::object()) {}
  int num_players() const override { return 3; }
  std::unique_ptr<State> new_initial_state(Chance chance) const override {
    return std::make_unique<Position>(shared_from_this(), std::move(chance));
  }

 protected:
  std::unique_ptr<State> restore_state(const json&, Chance chance) const override {
    return new_initial_state(std::move(chance));
  }
};

// Seat 0 picks "a" (0) or "b" (1); then seat 1 picks x (0), y (1) or z (2); then the game ends:
//   a, x: (+0.3, +0.7, -1.0)   a, y: (+0.8, -0.9, +0.1)   a, z: (-1.0, -0.9, +0.9)
//   b, any: (+0.1, +0.2, -0.3)
// Seat 1 takes what is best for itself, x after a, so a is worth +0.3 to seat 0 and b +0.1. A
// search that backed seat 0's return up everywhere would have seat 1 answer y (a worth +0.8); one
// that let seat 1 play against seat 0 (paranoid) would fear z and take b.
class ChoiceState final : public State {
 public:
  using State::State;
  Seat current_player() const override { return first_ < 0 ? 0 : second_ < 0 ? 1 : kTerminal; }
  Returns returns() const override {
    Returns r{};
    if (second_ < 0) return r;
    if (first_ == 0 && second_ == 0) r[0] = 0.3, r[1] = 0.7, r[2] = -1.0;
    if (first_ == 0 && second_ == 1) r[0] = 0.8, r[1] = -0.9, r[2] = 0.1;
    if (first_ == 0 && second_ == 2) r[0] = -1.0, r[1] = -0.9, r[2] = 0.9;
    if (first_ == 1) r[0] = 0.1, r[1] = 0.2, r[2] = -0.3;
    return r;
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<ChoiceState>(*this); }
  std::string move_to_string(Move m) const override { return std::to_string(m.bits); }
  Move parse_move(std::string_view text) const override { return Move{uint64_t(text[0] - '0')}; }
  json observation(Seat) const override { return state_json(); }

 protected:
  void do_legal_moves(MoveList& out) const override {
    for (uint64_t m = 0; m < (first_ < 0 ? 2u : 3u); ++m) out.push_back(Move{m});
  }
  void do_apply(Move m) override { (first_ < 0 ? first_ : second_) = int(m.bits); }
  json state_json() const override { return json{{"first", first_}, {"second", second_}}; }

 private:
  int first_ = -1, second_ = -1;
};

// Every node adds the return of the seat that moved into it (max^n): seat 1's nodes take seat 1's
// returns, so it learns to answer a with x, and seat 0's a is then worth about +0.3, more than b.
TEST(BackUp, EachSeatMaximisesItsOwnReturn) {
  auto game = std::make_shared<Toy3Game<ChoiceState>>("choice3");
  auto state = game->new_initial_state(1);
  MctsAgent agent(*game, SearchOptions::from_spec(AgentSpec::parse("mcts:iterations=3000,prior=0")),
                  false, 1, "");
  EXPECT_EQ(state->move_to_string(agent.choose(*state)), "0");
  const auto& values = agent.last_root_values();
  // a's mean tends to x's +0.3 as seat 1 settles on x (y and z tried now and then); b's is +0.1.
  EXPECT_GT(values[0], 0.2);
  EXPECT_LT(values[0], 0.4);
  EXPECT_NEAR(values[1], 0.1, 1e-9);
}

}  // namespace
}  // namespace tabletop::ai
