#include "sim/quality_meter.h"

#include <algorithm>
#include <iterator>
#include <limits>

namespace tabletop::sim {

QualityMeter::QualityMeter(int players, GameQuality& out) : q_(out), n_(players), lowest_{} {
  lowest_.fill(1e300);
  q_.measured = true;
  q_.choices.assign(std::size_t(n_), 0);
}

void QualityMeter::look(const State& state) {
  if (ply_ == 0) {  // the figures' names, once
    seat_figures_.clear();
    state.seat_figures(seat_figures_);
    for (const SeatFigures::Entry& e : seat_figures_) {
      q_.seat_figure_names.emplace_back(e.name);
      q_.seat_figure_meanings.emplace_back(e.meaning);
    }
  }
  lead(state);
  legal_.clear();
  state.legal_moves(legal_);
  legal_sum_ += double(legal_.size());
  const int seat = state.current_player();
  if (legal_.size() > 1 && seat >= 0 && seat < n_) ++q_.choices[std::size_t(seat)];
  if (ply_ % n_ == 0 && ply_ / n_ < GameQuality::kTraceTurns) trace_row(state);
  ++ply_;
}

void QualityMeter::lead(const State& state) {
  int leader = -1;
  if (state.estimate_returns(estimate_)) {
    q_.estimated = true;
    // The sole best seat, or -1 when the best is shared (a higher estimate ends a tie before it).
    double best = estimate_[0];
    leader = 0;
    lowest_[0] = std::min(lowest_[0], best);
    for (int s = 1; s < n_; ++s) {
      const double e = estimate_[std::size_t(s)];
      lowest_[std::size_t(s)] = std::min(lowest_[std::size_t(s)], e);
      if (e > best) {
        best = e;
        leader = s;
      } else if (e == best) {
        leader = -1;
      }
    }
    if (leader >= 0) {
      if (previous_leader_ >= 0 && leader != previous_leader_) ++q_.lead_changes;
      previous_leader_ = leader;
    }
  } else {
    estimate_ = Returns{};
  }
  if (runs_.empty() || runs_.back().leader != leader) runs_.push_back(Run{ply_, leader});
}

void QualityMeter::trace_row(const State& state) {
  for (int s = 0; s < n_; ++s) q_.trace.push_back(float(estimate_[std::size_t(s)]));
  q_.trace.push_back(float(legal_.size()));
  seat_figures_.clear();
  state.seat_figures(seat_figures_);
  if (seat_figures_.size() == q_.seat_figure_names.size())
    for (const SeatFigures::Entry& e : seat_figures_)
      for (int s = 0; s < n_; ++s) q_.figure_trace.push_back(float(e.values[std::size_t(s)]));
  else  // a state whose figures differ from the first state's: the row is left out (NaN)
    q_.figure_trace.insert(q_.figure_trace.end(), q_.seat_figure_names.size() * std::size_t(n_),
                           std::numeric_limits<float>::quiet_NaN());
}

void QualityMeter::finish(int plies, int winner) {
  q_.branching = ply_ > 0 ? legal_sum_ / ply_ : std::numeric_limits<double>::quiet_NaN();
  if (winner < 0 || !q_.estimated || ply_ == 0 || plies <= 0) return;
  // The leader at the middle ply.
  const int middle = std::min(plies / 2, ply_ - 1);
  const auto run = std::upper_bound(runs_.begin(), runs_.end(), middle,
                                    [](int p, const Run& r) { return p < r.first; });
  q_.winner_behind_at_midpoint = std::prev(run)->leader != winner;
  // Plies before the winner led for good: up to the end of the last run it did not lead.
  int before = 0;
  for (std::size_t r = runs_.size(); r-- > 0;)
    if (runs_[r].leader != winner) {
      before = r + 1 < runs_.size() ? runs_[r + 1].first : plies;
      break;
    }
  q_.clear_at = double(before) / plies;
  q_.winner_lowest = lowest_[std::size_t(winner)];
}

}  // namespace tabletop::sim
