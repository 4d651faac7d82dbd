// Tests of the learned values (learned_value.h) and the one place that picks them (evaluation.h):
// a model's output for known weights, the errors of a file that does not read, every compiled-in
// model, and that greedy's scores, and so greedy and the searches, follow the model in use.
#include "ai/learned_value.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "ai/evaluation.h"
#include "ai/greedy_agent.h"
#include "games/games.h"

namespace tabletop::ai {
namespace {

json model_json(const std::string& game, int players, std::vector<double> weights) {
  return {{"game", game}, {"players", players},     {"inputs", weights.size()},
          {"bias", 0.25}, {"estimate_weight", 0.5}, {"min", -1},
          {"max", 1},     {"weights", weights},     {"training", {{"command", "test"}}}};
}

TEST(LearnedValue, KnownWeightsGiveKnownValues) {
  const LearnedValue m = LearnedValue::from_json(model_json("g", 2, {0, 2, -1}));
  EXPECT_EQ(m.game(), "g");
  EXPECT_EQ(m.players(), 2);
  EXPECT_EQ(m.inputs(), 3);
  const std::vector<float> x{5, 0.25, 0.5};  // the first weight is 0: its input is never read
  // 0.25 + 0.5 * 0.2 + 2 * 0.25 - 1 * 0.5
  EXPECT_NEAR(m.value_of(x, 0.2), 0.35, 1e-6);
  // Clamped to [min, max].
  EXPECT_DOUBLE_EQ(m.value_of(std::vector<float>{0, 3, 0}, 0), 1);
  EXPECT_DOUBLE_EQ(m.value_of(std::vector<float>{0, 0, 4}, 0), -1);
}

TEST(LearnedValue, AFileThatDoesNotReadNamesWhatIsWrong) {
  auto error_of = [](const json& j) {
    try {
      LearnedValue::from_json(j);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error_of(json::array()), "learned value: not a JSON object");
  json j = model_json("conspiracy", 4, {1, 2});
  j.erase("bias");
  EXPECT_EQ(error_of(j), "learned value conspiracy-4: no field \"bias\"");
  j = model_json("conspiracy", 4, {1, 2});
  j["inputs"] = 3;
  EXPECT_EQ(error_of(j),
            "learned value conspiracy-4: \"weights\" is not an array of \"inputs\" (3) numbers");
  j = model_json("conspiracy", 4, {1, 2});
  j["weights"][1] = "x";
  EXPECT_EQ(error_of(j), "learned value conspiracy-4: a weight is not a number");
  j = model_json("conspiracy", 4, {1, 2});
  j["min"] = 1;
  EXPECT_EQ(error_of(j), "learned value conspiracy-4: \"min\" is not below \"max\"");
  j = model_json("conspiracy", 0, {1});
  EXPECT_EQ(error_of(j), "learned value conspiracy: \"players\" is not a positive integer");
  EXPECT_EQ(error_of(json{{"players", 4}}), "learned value: \"game\" is missing or not a string");
}

// Every file of data/values reads, names a game and count the registry offers, fits that game's
// tensor, and is the one the game's evaluation picks when asked (value=learned), never unasked.
TEST(LearnedValue, EveryCompiledInModelFitsItsGame) {
  for (const LearnedValue& m : learned_values()) {
    SCOPED_TRACE(m.game() + "-" + std::to_string(m.players()));
    const auto game = games::registry().make(m.game(), {{"players", m.players()}});
    EXPECT_TRUE(m.fits(*game));
    EXPECT_EQ(learned_value(*game), &m);
    EXPECT_EQ(Evaluation(*game, true).model(), &m);
    EXPECT_EQ(Evaluation(*game).model(), nullptr);
    EXPECT_EQ(Evaluation::from_spec(*game, AgentSpec::parse("greedy:value=game")).model(), nullptr);
    EXPECT_EQ(Evaluation::from_spec(*game, AgentSpec::parse("greedy")).model(), nullptr);
    EXPECT_EQ(Evaluation::from_spec(*game, AgentSpec::parse("greedy:value=learned")).model(), &m);
    // Finite values within the game's range on a real position, for every seat.
    auto state = game->new_initial_state(7);
    Returns r{};
    ASSERT_TRUE(Evaluation(*game, true).estimate(*state, r));
    for (Seat s = 0; s < game->num_players(); ++s) {
      EXPECT_TRUE(std::isfinite(r[std::size_t(s)]));
      EXPECT_LE(std::abs(r[std::size_t(s)]), 1.0);
    }
  }
}

TEST(LearnedValue, AgentsTakeTheValueOption) {
  const auto game = games::registry().make("conspiracy", {{"players", 4}});
  EXPECT_NO_THROW(make_agent("greedy:value=game", *game, 1));
  EXPECT_NO_THROW(make_agent("ismcts:iterations=10,value=learned", *game, 1));
  EXPECT_THROW(make_agent("greedy:value=best", *game, 1), BadParams);
  EXPECT_THROW(make_agent("ismcts:iterations=10,value=best", *game, 1), BadParams);
  EXPECT_EQ(make_agent("greedy:value=game", *game, 1)->spec(), "greedy:value=game");
}

// A model that values one tensor entry, seen after some of the legal moves but not all: greedy's
// one-ply scores (what greedy picks from, and the search's prior and modelled opponents use) put
// exactly those moves on top.
TEST(LearnedValue, GreedyScoresFollowTheModel) {
  const auto game = games::registry().make("conspiracy", {{"players", 4}});
  auto state = game->new_initial_state(11);
  const Seat seat = state->current_player();
  MoveList moves;
  state->legal_moves(moves);
  ASSERT_GT(moves.size(), 2u);
  int size = 1;
  for (int d : game->observation_tensor_shape()) size *= d;
  // How many moves show each entry.
  std::vector<int> shown(std::size_t(size), 0);
  std::vector<std::vector<float>> after;
  for (Move m : moves) {
    auto next = state->clone();
    next->apply(m);
    std::vector<float> x(static_cast<std::size_t>(size), 0.0f);
    next->observation_tensor(seat, x);
    for (int i = 0; i < size; ++i) shown[std::size_t(i)] += x[std::size_t(i)] != 0;
    after.push_back(std::move(x));
  }
  int entry = -1;
  for (int i = 0; i < size && entry < 0; ++i)
    if (shown[std::size_t(i)] > 0 && shown[std::size_t(i)] < int(moves.size())) entry = i;
  ASSERT_GE(entry, 0) << "no tensor entry tells the moves apart";
  std::vector<double> weights(std::size_t(size), 0.0);
  weights[std::size_t(entry)] = 0.5;
  json j = model_json("conspiracy", 4, weights);
  j["bias"] = 0;
  j["estimate_weight"] = 0;
  const LearnedValue model = LearnedValue::from_json(j);
  ASSERT_TRUE(model.fits(*game));

  Rng rng(3);
  std::vector<double> score;
  one_ply_scores(*state, seat, moves, 1, rng, Evaluation(&model), score);
  for (std::size_t i = 0; i < moves.size(); ++i)
    EXPECT_DOUBLE_EQ(score[i], std::min(1.0, 0.5 * after[i][std::size_t(entry)]))
        << state->move_to_string(moves[i]);
}

}  // namespace
}  // namespace tabletop::ai
