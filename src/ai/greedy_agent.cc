#include "ai/greedy_agent.h"

#include <cstdio>
#include <vector>

namespace tabletop::ai {

GreedyAgent::GreedyAgent(const Game& game, const AgentSpec& spec, uint64_t seed) : rng_(seed) {
  spec.allow_only("samples,value");
  const bool certain = !game.info().hidden_information && !game.info().has_chance;
  samples_ = int(spec.integer("samples", certain ? 1 : 8, 1, 1'000'000));
  eval_ = Evaluation::from_spec(game, spec);
  hidden_ = game.info().hidden_information;
  std::string options;
  for (const char* key : {"samples", "value"})
    if (spec.options.count(key))
      options += (options.empty() ? ":" : ",") + std::string(key) + "=" + spec.options.at(key);
  spec_ = "greedy" + options;
}

void one_ply_scores(const State& base, Seat seat, const MoveList& moves, int samples, Rng& rng,
                    const Evaluation& eval, std::vector<double>& score) {
  score.assign(moves.size(), 0.0);
  MoveList sampled;
  for (int s = 0; s < samples; ++s) {
    std::unique_ptr<State> sample = base.determinize(seat, rng);
    sample->legal_moves(sampled);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (!sampled.contains(moves[i])) continue;  // cannot happen in a consistent sample
      score[i] += one_ply_score(*sample, seat, moves[i], eval);
    }
  }
}

double one_ply_score(const State& state, Seat seat, Move move, const Evaluation& eval) {
  std::unique_ptr<State> after = state.clone();
  after->apply(move);
  Returns r{};
  if (after->is_terminal())
    r = after->returns();
  else if (!eval.estimate(*after, r))
    r = Returns{};
  return r[std::size_t(seat)];
}

Move GreedyAgent::choose(const State& state) {
  const Seat seat = state.current_player();
  MoveList legal;
  state.legal_moves(legal);
  std::unique_ptr<State> base = state.clone();
  base->log().clear();
  base->log().set_enabled(false);
  base->chance() = Chance(0);
  std::vector<double> score;
  one_ply_scores(*base, seat, legal, samples_, rng_, eval_, score);
  double best = score[0];
  for (double v : score) best = std::max(best, v);
  std::vector<std::size_t> ties;
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (score[i] >= best - 1e-9) ties.push_back(i);
  const std::size_t pick = ties[rng_.uniform(uint32_t(ties.size()))];
  char note[96];
  note_.clear();
  if (hidden_) return legal[pick];  // its score and ties speak of its secrets (agent.h)
  std::snprintf(note, sizeof note, "score %+.2f, %zu of %zu moves tie", best / samples_,
                ties.size(), legal.size());
  note_ = note;
  return legal[pick];
}

}  // namespace tabletop::ai
