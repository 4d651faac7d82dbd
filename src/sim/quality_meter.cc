#include "sim/quality_meter.h"

#include <algorithm>
#include <iterator>
#include <limits>

namespace tabletop::sim {

namespace {
constexpr float kUnsampled = std::numeric_limits<float>::quiet_NaN();
}  // namespace

QualityMeter::QualityMeter(int players, int every, int lead_every, uint64_t seed, GameQuality& out)
    : q_(out),
      n_(players),
      every_(std::max(1, every)),
      lead_every_(std::clamp(lead_every, 1, every_)),
      phase_(int(seed % uint64_t(every_))),
      lead_phase_(phase_ % lead_every_),
      next_sample_(phase_),
      lowest_{} {
  lowest_.fill(1e300);
  q_.measured = true;
  q_.choices.assign(std::size_t(n_), 0);
}

void QualityMeter::observe(const State& state) {
  if (ply_ == 0) {  // the figures' names, once
    seat_figures_.clear();
    state.seat_figures(seat_figures_);
    for (const SeatFigures::Entry& e : seat_figures_) {
      q_.seat_figure_names.emplace_back(e.name);
      q_.seat_figure_meanings.emplace_back(e.meaning);
    }
  }
  if (ply_ >= lead_phase_) {
    lead(state);
    if (ply_ == next_sample_) {
      next_sample_ += every_;
      sample(state);
      if (ply_ % n_ == 0 && ply_ / n_ < GameQuality::kTraceTurns) trace_row(state, ply_ / n_);
    }
  }
  next_ = ply_ < lead_phase_ ? lead_phase_ : ply_ + lead_every_;
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
  if (runs_.empty() || runs_.back().leader != leader) runs_.push_back(Run{lead_samples_, leader});
  ++lead_samples_;
}

void QualityMeter::sample(const State& state) {
  legal_.clear();
  state.legal_moves(legal_);
  const int k = int(legal_.size());
  ++samples_;
  legal_sum_ += k;
  const int seat = state.current_player();
  if (k > 1 && seat >= 0 && seat < n_) q_.choices[std::size_t(seat)] += every_;
}

void QualityMeter::trace_row(const State& state, int turn) {
  pad_rows(turn);
  for (int s = 0; s < n_; ++s) q_.trace.push_back(float(estimate_[std::size_t(s)]));
  q_.trace.push_back(float(legal_.size()));
  seat_figures_.clear();
  state.seat_figures(seat_figures_);
  const std::size_t width = q_.seat_figure_names.size() * std::size_t(n_);
  if (seat_figures_.size() == q_.seat_figure_names.size())
    for (const SeatFigures::Entry& e : seat_figures_)
      for (int s = 0; s < n_; ++s) q_.figure_trace.push_back(float(e.values[std::size_t(s)]));
  else
    q_.figure_trace.insert(q_.figure_trace.end(), width, kUnsampled);
}

void QualityMeter::pad_rows(int turns) {
  q_.trace.resize(std::size_t(turns) * std::size_t(n_ + 1), kUnsampled);
  q_.figure_trace.resize(std::size_t(turns) * q_.seat_figure_names.size() * std::size_t(n_),
                         kUnsampled);
}

void QualityMeter::finish(int plies, int winner) {
  // A row for every turn the game reached.
  pad_rows(std::min(GameQuality::kTraceTurns, (plies + n_ - 1) / n_));
  q_.branching = samples_ > 0 ? legal_sum_ / samples_ : std::numeric_limits<double>::quiet_NaN();
  if (winner < 0 || !q_.estimated || lead_samples_ == 0 || plies <= 0) return;
  // Estimate samples are at plies lead_phase_ + i * lead_every_; with every ply sampled (phase 0,
  // stride 1) both measures below are exact.
  const auto at = [this](int i) { return double(lead_phase_) + double(i) * lead_every_; };
  // The leader at the last sample at or before the middle ply (the first when none is).
  const int middle =
      std::min(std::max(0, (plies / 2 - lead_phase_) / lead_every_), lead_samples_ - 1);
  const auto run = std::upper_bound(runs_.begin(), runs_.end(), middle,
                                    [](int i, const Run& r) { return i < r.first; });
  q_.winner_behind_at_midpoint = std::prev(run)->leader != winner;
  // Plies before the winner led for good: halfway between the last sample it did not lead (or
  // the start) and the next sample (or the end).
  double before = at(0) / 2;
  for (std::size_t r = runs_.size(); r-- > 0;)
    if (runs_[r].leader != winner) {
      const int last = r + 1 < runs_.size() ? runs_[r + 1].first - 1 : lead_samples_ - 1;
      before = (at(last) + 1 + (last + 1 < lead_samples_ ? at(last + 1) : double(plies))) / 2;
      break;
    }
  q_.clear_at = before / plies;
  q_.winner_lowest = lowest_[std::size_t(winner)];
}

}  // namespace tabletop::sim
