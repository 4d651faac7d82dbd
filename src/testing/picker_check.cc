#include "testing/picker_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "core/picker.h"

namespace tabletop::testing {
namespace {

using Clicks = std::vector<std::string>;
using Kind = ClickOutcome::Kind;

// Every order in which `places` may be clicked: the steps in sequence, each step's places in every
// order (the picker's rule, listed out rather than followed).
std::vector<Clicks> click_orders(const MovePlaces& places) {
  std::vector<Clicks> orders{{}};
  for (std::vector<std::string> step : places) {
    std::sort(step.begin(), step.end());
    std::vector<Clicks> longer;
    for (const Clicks& start : orders) {
      do {
        Clicks order = start;
        order.insert(order.end(), step.begin(), step.end());
        longer.push_back(std::move(order));
      } while (std::next_permutation(step.begin(), step.end()));
    }
    orders = std::move(longer);
  }
  return orders;
}

// What the picker must answer after one selection, from the listed orders.
struct Expected {
  std::set<std::size_t> candidates, complete;
  std::set<std::string> lit;
};

std::string show(const Clicks& clicks) {
  if (clicks.empty()) return "nothing";
  std::string out;
  for (const std::string& c : clicks) out += (out.empty() ? "" : " ") + c;
  return out;
}

template <typename T>
std::set<T> as_set(const std::vector<T>& v) {
  return std::set<T>(v.begin(), v.end());
}

struct Moves {
  std::vector<MovePlaces> places;
  std::vector<std::string> texts;
};

void check_moves_places(const Moves& moves, const std::string& places_choice,
                        const std::string& where) {
  std::map<MovePlaces, std::size_t> seen;
  for (std::size_t i = 0; i < moves.places.size(); ++i) {
    const std::vector<std::string> flat = flat_places(moves.places[i]);
    if (flat.empty()) continue;
    for (const std::vector<std::string>& step : moves.places[i])
      ASSERT_FALSE(step.empty()) << where << ": move " << moves.texts[i] << " has an empty step";
    ASSERT_EQ(as_set(flat).size(), flat.size())
        << where << ": move " << moves.texts[i] << " names a place twice";
    MovePlaces sorted = moves.places[i];
    for (std::vector<std::string>& step : sorted) std::sort(step.begin(), step.end());
    auto [it, fresh] = seen.emplace(sorted, i);
    ASSERT_TRUE(fresh || !places_choice.empty())
        << where << ": moves " << moves.texts[it->second] << " and " << moves.texts[i]
        << " touch the same places and the game names no choice after the clicks";
  }
}

// Every selection the listed orders reach, with what the picker must answer there, checked against
// what it does answer; every lit place leads on to some legal move.
void check_narrowing(const Moves& moves, const std::vector<std::vector<Clicks>>& orders,
                     const std::string& where) {
  std::map<Clicks, Expected> expected;
  for (std::size_t i = 0; i < orders.size(); ++i)
    for (const Clicks& order : orders[i])
      for (std::size_t n = 0; n <= order.size(); ++n) {
        Expected& e = expected[Clicks(order.begin(), order.begin() + long(n))];
        e.candidates.insert(i);
        if (n < order.size())
          e.lit.insert(order[n]);
        else
          e.complete.insert(i);
      }
  if (expected.empty()) {
    ASSERT_TRUE(pick_view(moves.places, {}).lit.empty()) << where << ": lit with no move to make";
    return;
  }
  for (const auto& [clicks, want] : expected) {
    const PickView got = pick_view(moves.places, clicks);
    ASSERT_EQ(as_set(got.candidates), want.candidates)
        << where << ": the moves left after clicking " << show(clicks);
    ASSERT_EQ(as_set(got.complete), want.complete)
        << where << ": the moves complete after clicking " << show(clicks);
    ASSERT_EQ(got.lit, want.lit) << where << ": the places lit after clicking " << show(clicks);
    for (const std::string& place : got.lit) {
      Clicks next = clicks;
      next.push_back(place);
      ASSERT_TRUE(expected.count(next)) << where << ": " << place << " is lit after clicking "
                                        << show(clicks) << " but leads to no legal move";
    }
  }
}

// Every move with places, clicked in each order its steps allow, is chosen or offered as a button.
void check_reachable(const Moves& moves, const std::vector<std::vector<Clicks>>& orders,
                     const std::string& places_choice, const std::string& where) {
  for (std::size_t i = 0; i < orders.size(); ++i)
    for (const Clicks& order : orders[i]) {
      Clicks clicks;
      bool chosen = false;
      for (std::size_t k = 0; k < order.size() && !chosen; ++k) {
        const Clicks before = clicks;
        const ClickOutcome r = click_place(moves.places, clicks, order[k]);
        ASSERT_NE(r.kind, Kind::kIgnored)
            << where << ": after clicking " << show(before) << ", a click on " << order[k]
            << " on the way to " << moves.texts[i] << " did nothing";
        if (r.kind == Kind::kChosen) {
          ASSERT_EQ(r.move, i) << where << ": clicking " << show(before) << " then " << order[k]
                               << " on the way to " << moves.texts[i] << " chose "
                               << moves.texts[r.move];
          ASSERT_TRUE(clicks.empty()) << where << ": the selection stays after a choice";
          chosen = true;
        } else {
          Clicks want = before;
          want.push_back(order[k]);
          ASSERT_EQ(clicks, want) << where << ": clicking " << show(before) << " then " << order[k]
                                  << " on the way to " << moves.texts[i];
        }
      }
      if (chosen) continue;
      const PickView end = pick_view(moves.places, clicks);
      ASSERT_TRUE(std::count(end.complete.begin(), end.complete.end(), i))
          << where << ": " << moves.texts[i] << " is not offered after clicking " << show(clicks);
      ASSERT_TRUE(end.complete.size() == 1 || !places_choice.empty())
          << where << ": several moves complete after clicking " << show(clicks)
          << " and the game names no choice after the clicks";
    }
}

// A click on a place that is not lit, and starts no move, changes nothing and says why; one that
// starts a move begins a new selection with it.
void check_unlit(const State& state, const Moves& moves, const std::string& where) {
  std::set<std::string> touched, everywhere;
  for (const MovePlaces& m : moves.places)
    for (const std::string& place : flat_places(m)) touched.insert(place);
  everywhere = touched;
  for (const std::string& place : state.game().board_places()) everywhere.insert(place);
  const PickView start = pick_view(moves.places, {});
  std::vector<Clicks> selections{{}};
  for (const std::string& first : start.lit) {
    if (selections.size() > 2) break;
    Clicks clicks;
    if (click_place(moves.places, clicks, first).kind == Kind::kNarrowed)
      selections.push_back(clicks);
  }
  for (const Clicks& selection : selections) {
    const PickView now = pick_view(moves.places, selection);
    for (const std::string& place : everywhere) {
      if (now.lit.count(place) ||
          std::find(selection.begin(), selection.end(), place) != selection.end())
        continue;
      Clicks clicks = selection;
      const ClickOutcome r = click_place(moves.places, clicks, place);
      if (start.lit.count(place)) {
        ASSERT_NE(r.kind, Kind::kIgnored)
            << where << ": " << place << ", where a move starts, ignored after " << show(selection);
        ASSERT_TRUE(clicks.empty() || clicks == Clicks{place})
            << where << ": " << place << " does not start a new selection";
        continue;
      }
      ASSERT_EQ(r.kind, Kind::kIgnored)
          << where << ": unlit " << place << " clicked after " << show(selection);
      ASSERT_EQ(clicks, selection) << where << ": an unlit click changed the selection";
      ASSERT_EQ(r.why, touched.count(place) ? Unlit::kNotNext : Unlit::kNoMove)
          << where << ": why a click on " << place << " after " << show(selection)
          << " did nothing";
    }
  }
}

}  // namespace

void check_picker(const State& state, const std::string& places_choice, const std::string& where,
                  PickerCounts& counts) {
  if (state.is_terminal()) return;
  Moves moves;
  for (Move m : state.legal_moves()) {
    moves.places.push_back(state.move_places(m));
    moves.texts.push_back(state.move_to_string(m));
  }
  ASSERT_NO_FATAL_FAILURE(check_moves_places(moves, places_choice, where));
  std::vector<std::vector<Clicks>> orders(moves.places.size());
  for (std::size_t i = 0; i < moves.places.size(); ++i) {
    if (!flat_places(moves.places[i]).empty()) {
      orders[i] = click_orders(moves.places[i]);
      ++counts.moves;
    }
    counts.click_orders += long(orders[i].size());
  }
  ++counts.positions;
  for (const std::string& first : pick_view(moves.places, {}).lit) {
    ++counts.first_places;
    Clicks clicks;
    if (click_place(moves.places, clicks, first).kind == Kind::kChosen) ++counts.one_tap;
  }
  ASSERT_NO_FATAL_FAILURE(check_narrowing(moves, orders, where));
  ASSERT_NO_FATAL_FAILURE(check_reachable(moves, orders, places_choice, where));
  ASSERT_NO_FATAL_FAILURE(check_unlit(state, moves, where));
}

}  // namespace tabletop::testing
