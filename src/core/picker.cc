#include "core/picker.h"

#include <algorithm>

namespace tabletop {
namespace {

using Strings = std::vector<std::string>;

bool contains(Strings::const_iterator first, Strings::const_iterator last, const std::string& s) {
  return std::find(first, last, s) != last;
}

// Where `clicks` leave a move of `places`: false when they do not follow it; otherwise the step
// they stopped in (places.size() when every place is clicked) and the first click of that step.
bool follow(const MovePlaces& places, const Strings& clicks, std::size_t& step,
            std::size_t& step_start) {
  step = 0;
  step_start = 0;
  auto skip_empty = [&] {
    while (step < places.size() && places[step].empty()) ++step;
  };
  skip_empty();
  for (std::size_t i = 0; i < clicks.size(); ++i) {
    if (step == places.size()) return false;
    const Strings& now = places[step];
    // A place of the current step, not clicked before in this step.
    if (!contains(now.begin(), now.end(), clicks[i]) ||
        contains(clicks.begin() + long(step_start), clicks.begin() + long(i), clicks[i]))
      return false;
    if (i + 1 - step_start == now.size()) {
      ++step;
      step_start = i + 1;
      skip_empty();
    }
  }
  return true;
}

bool has_places(const MovePlaces& places) {
  return std::any_of(places.begin(), places.end(), [](const Strings& s) { return !s.empty(); });
}

// Calls `f(move index, place)` for each place a click may go to next on each candidate, and
// `done(move index)` for each candidate whose every place is clicked.
template <typename Next, typename Done>
void each_candidate(const std::vector<MovePlaces>& moves, const Strings& clicks, Next f,
                    Done done) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::size_t step = 0, start = 0;
    if (!has_places(moves[i]) || !follow(moves[i], clicks, step, start)) continue;
    if (step == moves[i].size()) {
      done(i);
      continue;
    }
    for (const std::string& place : moves[i][step])
      if (!contains(clicks.begin() + long(start), clicks.end(), place)) f(i, place);
  }
}

bool lit(const std::vector<MovePlaces>& moves, const Strings& clicks, const std::string& place) {
  for (const MovePlaces& m : moves) {
    std::size_t step = 0, start = 0;
    if (!has_places(m) || !follow(m, clicks, step, start) || step == m.size()) continue;
    if (contains(m[step].begin(), m[step].end(), place) &&
        !contains(clicks.begin() + long(start), clicks.end(), place))
      return true;
  }
  return false;
}

}  // namespace

bool follows(const MovePlaces& places, const std::vector<std::string>& clicks) {
  std::size_t step = 0, start = 0;
  return follow(places, clicks, step, start);
}

PickView pick_view(const std::vector<MovePlaces>& moves, const std::vector<std::string>& clicks) {
  PickView view;
  each_candidate(
      moves, clicks,
      [&](std::size_t i, const std::string& place) {
        if (view.candidates.empty() || view.candidates.back() != i) view.candidates.push_back(i);
        view.lit.insert(place);
      },
      [&](std::size_t i) {
        view.candidates.push_back(i);
        view.complete.push_back(i);
      });
  return view;
}

ClickOutcome click_place(const std::vector<MovePlaces>& moves, std::vector<std::string>& clicks,
                         const std::string& place) {
  ClickOutcome out;
  const auto picked = std::find(clicks.begin(), clicks.end(), place);
  if (picked != clicks.end()) {
    clicks.erase(picked, clicks.end());
    out.kind = ClickOutcome::Kind::kNarrowed;
    return out;
  }
  if (!lit(moves, clicks, place)) {
    if (clicks.empty() || !lit(moves, {}, place)) {
      const bool touched = std::any_of(moves.begin(), moves.end(), [&](const MovePlaces& m) {
        return std::any_of(m.begin(), m.end(), [&](const Strings& step) {
          return contains(step.begin(), step.end(), place);
        });
      });
      out.why = touched ? Unlit::kNotNext : Unlit::kNoMove;
      return out;
    }
    clicks.clear();
  }
  clicks.push_back(place);
  std::size_t left = 0, last = 0;
  for (std::size_t i = 0; i < moves.size() && left < 2; ++i) {
    std::size_t step = 0, start = 0;
    if (has_places(moves[i]) && follow(moves[i], clicks, step, start)) {
      ++left;
      last = i;
    }
  }
  if (left == 1) {
    clicks.clear();
    out.kind = ClickOutcome::Kind::kChosen;
    out.move = last;
    return out;
  }
  out.kind = ClickOutcome::Kind::kNarrowed;
  return out;
}

}  // namespace tabletop
