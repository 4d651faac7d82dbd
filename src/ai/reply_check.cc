#include "ai/reply_check.h"

#include <cmath>
#include <limits>

#include "ai/greedy_agent.h"
#include "ai/loops.h"

namespace tabletop::ai {

namespace {

// Greedy's move for the seat to move in `state` (the first of the best one-ply scores).
Move greedy_answer(const State& state, const Evaluation& eval, MoveList& moves) {
  state.legal_moves(moves);
  const Seat seat = state.current_player();
  Move best = moves[0];
  double best_score = -std::numeric_limits<double>::infinity();
  for (Move m : moves) {
    const double score = one_ply_score(state, seat, m, eval);
    if (score > best_score) best_score = score, best = m;
  }
  return best;
}

}  // namespace

ReplyCheck::ReplyCheck(const State& state, uint64_t seed)
    : mover_(state.current_player()), eval_(state.game()) {
  std::unique_ptr<State> base = state.clone();
  base->log().clear();
  base->log().set_enabled(false);
  base->chance() = Chance(0);  // the future is not known: determinize reseeds every sample
  Returns probe{};
  usable_ = eval_.estimate(*base, probe);
  const int samples = state.game().info().hidden_information ? kSamples : 1;
  Rng rng(seed ^ 0x5851f42d4c957f2dULL);
  for (int s = 0; s < samples; ++s) samples_.push_back(base->determinize(mover_, rng));
}

double ReplyCheck::reply_value(Move move) const {
  MoveList moves;
  double sum = 0;
  int answered = 0;
  for (const auto& sample : samples_) {
    std::unique_ptr<State> s = sample->clone();
    s->apply(move);
    int answers = 0;
    while (!s->is_terminal() && s->current_player() != mover_ && answers < kMaxAnswers) {
      s->apply(greedy_answer(*s, eval_, moves));
      ++answers;
    }
    if (answers == 0 && !s->is_terminal()) continue;  // the mover decides again at once
    Returns r{};
    if (s->is_terminal())
      r = s->returns();
    else if (!eval_.estimate(*s, r))
      r = Returns{};
    sum += r[std::size_t(mover_)];
    ++answered;
  }
  return answered ? sum / answered : std::numeric_limits<double>::quiet_NaN();
}

std::string ReplyCheck::seen_after(Move move) const {
  std::unique_ptr<State> s = samples_[0]->clone();
  s->apply(move);
  return position_text(*s, mover_);
}

}  // namespace tabletop::ai
