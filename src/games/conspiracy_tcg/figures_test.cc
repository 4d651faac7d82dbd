// Conspiracy TCG: the balance lab's figures (figures.h) against the moves that made them.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/games.h"

namespace tabletop::conspiracy_tcg {
namespace {

std::map<std::string, double> figures_of(const State& s) {
  Figures f;
  s.figures(f);
  std::map<std::string, double> out;
  for (const Figures::Entry& e : f) out[e.name] = e.value;
  return out;
}

bool has_word(const std::string& text, const std::string& word) {
  return (" " + text + " ").find(" " + word + " ") != std::string::npos;
}

// The pro moves a move's text names, as their figures; none when it names none; "?" for one this
// test does not map (its total is still checked).
std::vector<std::string> named_figures(const std::string& text) {
  const std::string verb = text.substr(0, text.find(' '));
  if (verb == "oldschool") return {"pro_old_school"};
  if (verb == "save") return {"pro_crash_clinic"};
  if (verb == "disguise") return {"pro_disguise"};
  if (verb == "brainwash") return {"pro_brainwashing"};
  if (verb == "surge" || verb == "pro") return {"?"};
  if (verb != "deploy" && verb != "attack") return {};
  std::vector<std::string> out;
  if (verb == "deploy" && has_word(text, "span")) out.push_back("pro_security_perimeter");
  const std::pair<const char*, const char*> options[] = {{"hack", "pro_hacking"},
                                                         {"scry", "pro_scrying"},
                                                         {"eye", "pro_all_seeing_eye"},
                                                         {"legal", "pro_legal_maneuvering"},
                                                         {"onslaught", "pro_onslaught"},
                                                         {"inside", "pro_inside_job"},
                                                         {"surge", "?"},
                                                         {"plan", "?"},
                                                         {"ninja", "pro_ninja_ops"},
                                                         {"all", "pro_tenth_dan_ninja_ops"},
                                                         {"burglary", "?"}};
  for (const auto& [word, figure] : options)
    if (has_word(text, word)) {
      out.push_back(figure);
      break;
    }
  return out;
}

double pro_total(const std::map<std::string, double>& f) {
  double total = 0;
  for (const auto& [name, value] : f)
    if (name.rfind("pro_", 0) == 0) total += value;
  return total;
}

TEST(TcgFigures, EveryMoveCountsWhereItsTextSays) {
  auto g = games::registry().make("conspiracy-tcg", json{{"players", 4}, {"max_plies", 400}});
  std::set<std::string> used;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    auto s = g->new_initial_state(seed);
    Rng rng(seed);
    auto before = figures_of(*s);
    ASSERT_EQ(before.size(), 9u + 34u) << "capped, eight game figures and 34 pro moves";
    EXPECT_EQ(before["seats_left"], 4);
    while (!s->is_terminal()) {
      const auto moves = s->legal_moves();
      const Move m = moves[rng.uniform(uint32_t(moves.size()))];
      const std::string text = s->move_to_string(m);
      s->apply(m);
      auto after = figures_of(*s);
      const std::string verb = text.substr(0, text.find(' '));
      EXPECT_EQ(after["deploys"] - before["deploys"], verb == "deploy" ? 1 : 0) << text;
      EXPECT_EQ(after["attacks"] - before["attacks"], verb == "attack" ? 1 : 0) << text;
      EXPECT_EQ(after["passes"] - before["passes"], verb == "pass" ? 1 : 0) << text;
      const std::vector<std::string> figures = named_figures(text);
      EXPECT_EQ(pro_total(after) - pro_total(before), double(figures.size())) << text;
      for (const std::string& figure : figures) {
        if (figure != "?") {
          EXPECT_EQ(after[figure] - before[figure], 1) << text;
        }
      }
      for (const auto& [name, value] : after) {
        if (name.rfind("pro_", 0) == 0 && value > before[name]) used.insert(name);
      }
      before = std::move(after);
    }
    const auto& t = static_cast<const TcgState&>(*s);
    EXPECT_EQ(before["capped"], t.stopped_by_ply_cap() ? 1 : 0);
    int left = 0;
    for (Seat p = 0; p < 4; ++p) left += t.eliminated(p) ? 0 : 1;
    EXPECT_EQ(before["seats_left"], left);
    EXPECT_EQ(before["winner_master_plans"], t.winner() >= 0 ? t.master_plans(t.winner()) : 0);
    // Why a capped game stalled: each figure is a narrower case of the one before it.
    EXPECT_EQ(before["capped_no_attack_kills"], t.stopped_by_ply_cap() && !t.attack_kills());
    EXPECT_LE(before["capped_no_kill_now"], before["capped_no_attack_kills"]);
    EXPECT_LE(before["capped_stalemate"], before["capped_no_attack_kills"]);
  }
  // Random play on the sample decks reaches several pro moves.
  EXPECT_GE(used.size(), 4u) << "pro moves used: " << used.size();
}

TEST(TcgFigures, ASavedGameKeepsItsCounts) {
  auto g = games::registry().make("conspiracy-tcg", json{{"players", 3}, {"max_plies", 300}});
  auto s = g->new_initial_state(7);
  Rng rng(7);
  for (int ply = 0; ply < 120 && !s->is_terminal(); ++ply) {
    const auto moves = s->legal_moves();
    s->apply(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  const auto restored = g->state_from_json(s->to_json());
  EXPECT_EQ(figures_of(*restored), figures_of(*s));
  EXPECT_GT(figures_of(*s)["deploys"], 0);
  // A malformed count is one clear error.
  json bad = s->to_json();
  bad["state"]["figures"] = json::array({1, 2});
  EXPECT_THROW(g->state_from_json(bad), BadRecord);
}

}  // namespace
}  // namespace tabletop::conspiracy_tcg
