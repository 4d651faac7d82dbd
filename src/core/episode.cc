#include "core/episode.h"

namespace tabletop {

Episode::Episode(std::shared_ptr<const Game> game, uint64_t seed, ChanceMode mode, bool undoable)
    : game_(std::move(game)), seed_(seed), mode_(mode), undoable_(undoable) {
  if (mode_ == ChanceMode::kExplicit) {
    replay();
  } else {
    Chance chance(seed_);
    chance.set_journal(true);
    state_ = game_->new_initial_state(std::move(chance));
  }
}

Episode::Episode(std::unique_ptr<State> start, ChanceMode mode, bool undoable)
    : game_(start->game_ptr()), seed_(0), mode_(mode), undoable_(undoable) {
  start->set_recording(true);
  state_ = std::move(start);
}

Seat Episode::current_player() const {
  return is_chance_node() ? kChancePlayer : state_->current_player();
}

std::vector<std::pair<int, double>> Episode::chance_outcomes() const {
  std::vector<std::pair<int, double>> out;
  for (uint32_t i = 0; i < pending_outcomes_; ++i)
    out.emplace_back(int(i), 1.0 / double(pending_outcomes_));
  return out;
}

void Episode::replay() {
  Chance chance(seed_);
  chance.set_journal(true);
  std::unique_ptr<State> next;
  try {
    if (!state_) {
      chance.script(outcomes_);
      chance.set_explicit(true);
      next = game_->new_initial_state(std::move(chance));
    } else {
      next = state_->clone();
      next->chance().script(outcomes_);
      next->chance().set_explicit(true);
      next->apply(*move_);
    }
  } catch (const ChanceNeeded& needed) {
    pending_outcomes_ = needed.outcomes;
    return;
  }
  next->chance().set_explicit(false);
  state_ = std::move(next);
  move_.reset();
  outcomes_.clear();
  pending_outcomes_ = 0;
}

void Episode::apply_action(int action) {
  if (is_chance_node()) {
    if (action < 0 || uint32_t(action) >= pending_outcomes_)
      throw BadMove("chance outcome " + std::to_string(action) + " is not one of 0.." +
                    std::to_string(pending_outcomes_ - 1));
    if (undoable_) past_.push_back(point());
    history_.emplace_back(kChancePlayer, action);
    outcomes_.push_back(uint32_t(action));
    pending_outcomes_ = 0;
    replay();
    return;
  }
  if (is_terminal()) throw BadMove("the game is over");
  const int n = game_->num_distinct_actions();
  if (n <= 0) throw BadMove(game_->info().id + " has no action space");
  if (action < 0 || action >= n)
    throw BadMove("action " + std::to_string(action) + " is not one of 0.." +
                  std::to_string(n - 1));
  apply_move(state_->action_move(action));
}

void Episode::apply_move(Move move) {
  if (is_chance_node()) throw BadMove("chance is to move, not a seat");
  if (is_terminal()) throw BadMove("the game is over");
  const std::string why = state_->why_illegal(move);
  if (!why.empty()) throw BadMove(why);
  const Seat seat = state_->current_player();
  const int action = game_->num_distinct_actions() > 0 ? state_->action_index(move) : -1;
  if (undoable_) past_.push_back(point());
  history_.emplace_back(seat, action);
  if (mode_ == ChanceMode::kExplicit) {
    move_ = move;
    outcomes_.clear();
    replay();
    return;
  }
  if (state_.use_count() > 1) state_ = state_->clone();
  state_->apply(move);
}

void Episode::restore(const Point& p) {
  state_ = p.state;
  move_ = p.move;
  outcomes_ = p.outcomes;
  pending_outcomes_ = p.pending_outcomes;
}

void Episode::undo() {
  if (!undoable_) throw Error("this episode keeps no history to undo");
  if (past_.empty()) throw Error("nothing to undo: the episode is at its start");
  restore(past_.back());
  past_.pop_back();
  history_.pop_back();
}

}  // namespace tabletop
