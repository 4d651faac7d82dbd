// The picking rule (core/picker.h) on the cases the web client's picker is tested on too
// (web/src/picker-cases.json): both follow one rule.
#include "core/picker.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace tabletop {
namespace {

using Strings = std::vector<std::string>;

json read_cases() {
  std::ifstream in(TABLETOP_SOURCE_DIR "/web/src/picker-cases.json");
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

// A legal move as the server sends it (places in click order, steps' sizes) back to MovePlaces.
MovePlaces steps_of(const json& move) {
  const Strings places = move["places"].get<Strings>();
  MovePlaces out;
  std::size_t at = 0;
  for (const json& size : move["steps"]) {
    const std::size_t n = size.get<std::size_t>();
    out.emplace_back(places.begin() + long(at), places.begin() + long(at + n));
    at += n;
  }
  EXPECT_EQ(at, places.size()) << move.dump();
  return out;
}

Strings names(const json& legal, const std::vector<std::size_t>& indices) {
  Strings out;
  for (std::size_t i : indices) out.push_back(legal[i]["move"].get<std::string>());
  return out;
}

Strings sorted(const std::set<std::string>& s) {
  return Strings(s.begin(), s.end());
}

TEST(Picker, FollowsTheSharedCases) {
  const json cases = read_cases()["cases"];
  ASSERT_FALSE(cases.empty());
  for (const json& c : cases) {
    SCOPED_TRACE(c["name"].get<std::string>());
    std::vector<MovePlaces> moves;
    for (const json& m : c["legal"]) moves.push_back(steps_of(m));
    EXPECT_EQ(sorted(pick_view(moves, {}).lit), c["lit"].get<Strings>());
    Strings clicks;
    for (const json& step : c["clicks"]) {
      const std::string place = step["place"];
      SCOPED_TRACE("click on " + place);
      const ClickOutcome r = click_place(moves, clicks, place);
      const std::string result = step["result"];
      if (result == "chosen") {
        ASSERT_EQ(r.kind, ClickOutcome::Kind::kChosen);
        EXPECT_EQ(c["legal"][r.move]["move"], step["move"]);
      } else if (result == "narrowed") {
        ASSERT_EQ(r.kind, ClickOutcome::Kind::kNarrowed);
      } else {
        ASSERT_EQ(r.kind, ClickOutcome::Kind::kIgnored);
        EXPECT_EQ(r.why, step["why"] == "no-move" ? Unlit::kNoMove : Unlit::kNotNext);
      }
      EXPECT_EQ(clicks, step["picked"].get<Strings>());
      if (!step.contains("lit")) continue;
      const PickView view = pick_view(moves, clicks);
      EXPECT_EQ(sorted(view.lit), step["lit"].get<Strings>());
      EXPECT_EQ(names(c["legal"], view.candidates), step["left"].get<Strings>());
      EXPECT_EQ(names(c["legal"], view.complete), step["complete"].get<Strings>());
    }
  }
}

TEST(Picker, FollowsTakesEachStepInAnyOrderAndTheStepsInSequence) {
  const MovePlaces attack{{"@17"}, {"seat 1", "seat 2"}};
  EXPECT_TRUE(follows(attack, {}));
  EXPECT_TRUE(follows(attack, {"@17", "seat 2", "seat 1"}));
  EXPECT_TRUE(follows(attack, {"@17", "seat 1"}));
  EXPECT_FALSE(follows(attack, {"seat 1"}));
  EXPECT_FALSE(follows(attack, {"@17", "seat 1", "seat 1"}));
  EXPECT_FALSE(follows(attack, {"@17", "seat 1", "seat 2", "seat 3"}));
  EXPECT_EQ(flat_places(attack), (Strings{"@17", "seat 1", "seat 2"}));
}

}  // namespace
}  // namespace tabletop
