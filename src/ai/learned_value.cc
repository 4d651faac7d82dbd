#include "ai/learned_value.h"

#include <algorithm>

#include "core/error.h"

namespace tabletop::ai {

extern const char* const kLearnedValuesJson;  // values_data.cc, generated (CMakeLists.txt)

namespace {

const json& field(const json& j, const std::string& name, const std::string& where) {
  if (!j.contains(name)) throw Error("learned value " + where + ": no field \"" + name + "\"");
  return j.at(name);
}

double number(const json& j, const std::string& name, const std::string& where) {
  const json& v = field(j, name, where);
  if (!v.is_number()) throw Error("learned value " + where + ": \"" + name + "\" is not a number");
  return v.get<double>();
}

}  // namespace

LearnedValue LearnedValue::from_json(const json& j) {
  if (!j.is_object()) throw Error("learned value: not a JSON object");
  LearnedValue m;
  const json& game = j.contains("game") ? j.at("game") : json();
  if (!game.is_string()) throw Error("learned value: \"game\" is missing or not a string");
  m.game_ = game.get<std::string>();
  const json& players = field(j, "players", m.game_);
  if (!players.is_number_integer() || players.get<int>() < 1)
    throw Error("learned value " + m.game_ + ": \"players\" is not a positive integer");
  m.players_ = players.get<int>();
  const std::string where = m.game_ + "-" + std::to_string(m.players_);
  m.bias_ = number(j, "bias", where);
  m.estimate_weight_ = number(j, "estimate_weight", where);
  m.min_ = number(j, "min", where);
  m.max_ = number(j, "max", where);
  if (!(m.min_ < m.max_)) throw Error("learned value " + where + ": \"min\" is not below \"max\"");
  const json& inputs = field(j, "inputs", where);
  if (!inputs.is_number_integer() || inputs.get<int>() < 1)
    throw Error("learned value " + where + ": \"inputs\" is not a positive integer");
  const json& weights = field(j, "weights", where);
  if (!weights.is_array() || weights.size() != inputs.get<std::size_t>())
    throw Error("learned value " + where + ": \"weights\" is not an array of \"inputs\" (" +
                std::to_string(inputs.get<int>()) + ") numbers");
  m.weights_.reserve(weights.size());
  for (const json& w : weights) {
    if (!w.is_number()) throw Error("learned value " + where + ": a weight is not a number");
    m.weights_.push_back(w.get<float>());
  }
  for (std::size_t i = 0; i < m.weights_.size(); ++i)
    if (m.weights_[i] != 0) m.active_.push_back(int(i));
  return m;
}

bool LearnedValue::fits(const Game& game) const {
  if (game.info().id != game_ || game.num_players() != players_) return false;
  int size = 1;
  const std::vector<int> shape = game.observation_tensor_shape();
  if (shape.empty()) return false;
  for (int d : shape) size *= d;
  return size == inputs();
}

double LearnedValue::value_of(std::span<const float> x, double estimate) const {
  double v = bias_ + estimate_weight_ * estimate;
  for (int i : active_) v += double(weights_[std::size_t(i)]) * x[std::size_t(i)];
  return std::clamp(v, min_, max_);
}

double LearnedValue::value(const State& state, Seat seat, double estimate,
                           std::span<float> tensor) const {
  state.observation_tensor(seat, tensor);
  return value_of(tensor, estimate);
}

const std::vector<LearnedValue>& learned_values() {
  static const std::vector<LearnedValue> models = [] {
    std::vector<LearnedValue> out;
    const json all = json::parse(kLearnedValuesJson);
    for (const json& j : all) out.push_back(LearnedValue::from_json(j));
    return out;
  }();
  return models;
}

const LearnedValue* learned_value(const Game& game) {
  for (const LearnedValue& m : learned_values())
    if (m.fits(game)) return &m;
  return nullptr;
}

}  // namespace tabletop::ai
