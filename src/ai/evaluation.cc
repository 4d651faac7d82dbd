#include "ai/evaluation.h"

#include <vector>

#include "core/error.h"

namespace tabletop::ai {

Evaluation::Evaluation(const Game& game, bool learned)
    : model_(learned ? learned_value(game) : nullptr) {}

Evaluation Evaluation::from_spec(const Game& game, const AgentSpec& spec) {
  const auto it = spec.options.find("value");
  if (it == spec.options.end() || it->second == "game") return Evaluation(game, false);
  if (it->second == "learned") return Evaluation(game, true);
  throw BadParams("value=" + it->second + ": use value=game or value=learned");
}

bool Evaluation::estimate(const State& state, Returns& out) const {
  const bool has = state.estimate_returns(out);
  if (!model_) return has;
  if (!has) out = Returns{};
  thread_local std::vector<float> tensor;
  tensor.resize(std::size_t(model_->inputs()));
  for (Seat s = 0; s < state.num_players(); ++s)
    out[std::size_t(s)] = model_->value(state, s, out[std::size_t(s)], tensor);
  return true;
}

}  // namespace tabletop::ai
