// Conspiracy TCG: the rules of shared/rules/conspiracy-tcg.txt as tests, one per pro move at least
// (named after it: what it does and one thing it may not do).
#include "games/conspiracy_tcg/conspiracy_tcg.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <set>

#include "core/file.h"
#include "games/conspiracy_tcg/gazetteer.h"
#include "games/games.h"

namespace tabletop::conspiracy_tcg {
namespace {

// Test decks: invented agents, each built for one rule.
struct Spec {
  const char *first, *last, *occupation, *army, *phone;
  double lat, lon;
  const char* extra;  // more JSON fields, e.g. "\"features\": [\"colour\"]"
};
const Spec kAlpha[] = {
    {"Helen", "Waters", "Actress", "Performance", "215-555-0100", 39.95, -75.16,
     "\"city\": \"Philadelphia\""},
    {"Gil", "Plumb", "Plumber", "Construction", "215-555-0101", 39.95, -75.16, ""},
    {"Ivy", "Decor", "Interior decorator", "Design", "215-555-0102", 39.95, -75.16, ""},
    {"Lana", "Legal", "Attorney", "Law", "215-555-0103", 39.95, -75.16, ""},
    {"Tab", "Books", "Librarian", "Publishing", "215-555-0104", 39.95, -75.16, ""},
    {"Sam", "Trips", "Travel agent", "Travel", "215-555-0105", 39.95, -75.16, ""},
    {"Wyn", "Dial", "Telephone technician", "Communications", "215-555-0106", 39.95, -75.16, ""},
    {"Clara", "Clock", "Watchmaker", "Crafts", "215-555-0107", 39.95, -75.16, ""},
    {"Rolly", "Colour", "Baker", "Food", "215-555-0108", 39.95, -75.16,
     "\"features\": [\"colour\"]"},
    {"Pat", "Papers", "Accountant", "Finance", "215-555-0109", 39.95, -75.16, ""},
    {"Bo", "Bloom", "Landscaper", "Agriculture", "215-555-0110", 39.95, -75.16, ""},
    {"Hal", "Hacker", "Software developer", "Computers", "215-555-0111", 39.95, -75.16, ""},
    {"Sy", "Seer", "Psychic", "All Others", "215-555-0112", 39.95, -75.16, ""},
    {"Yogi", "Stretch", "Yoga instructor", "Sports", "215-555-0113", 39.95, -75.16, ""},
    {"Dan", "Dancer", "Dancer", "Performance", "215-555-0114", 39.95, -75.16, ""},
    {"Dee", "Dentist", "Dentist", "Medicine", "215-555-0115", 39.95, -75.16, ""},
    {"Tat", "Inkwell", "Tattoo artist", "Arts", "215-555-0116", 39.95, -75.16, ""},
    {"Finn", "Fisher", "Fishmonger", "Food", "215-555-0117", 39.95, -75.16, ""},
    {"Coco", "Coach", "Life coach", "Therapy", "215-555-0118", 39.95, -75.16, ""},
    {"Otto", "Oldham", "Printer", "Crafts", "215-555-0119", 39.95, -75.16,
     "\"features\": [\"black-and-white\"]"},
    {"Freya", "Fjord", "Geologist", "Science", "354-555-0120", 64.1, -21.9,
     "\"country\": \"Iceland\""},
    {"Fay", "Filler", "Clerk", "All Others", "215-555-0121", 39.95, -75.16, ""},
    {"Flo", "Fuller", "Clerk", "All Others", "215-555-0122", 39.95, -75.16, ""},
    {"Fred", "Fielding", "Clerk", "All Others", "215-555-0123", 39.95, -75.16, ""},
    {"Tess", "Thrift", "Thrift store owner", "Sales", "215-555-0124", 39.95, -75.16, ""},
    {"Shay", "Shrink", "Psychotherapist", "Therapy", "215-555-0125", 39.95, -75.16, ""},
    {"Gwen", "Guardian", "Security guard", "Security", "215-555-0126", 39.95, -75.16, ""},
    {"Rex", "Recruit", "Recruiter", "All Others", "215-555-0127", 39.95, -75.16, ""},
};
const Spec kBeta[] = {
    {"Art", "Addams", "Teacher", "Education", "610-555-0200", 40.0, -75.3, ""},
    {"Dale", "Wilson", "Tailor", "Clothing", "610-555-0201", 40.0, -75.3, ""},
    {"Liz", "Monroe", "Janitor", "Cleaning", "610-555-0202", 40.0, -75.3, ""},
    {"Alan", "Wong", "Machinist", "Industry", "610-555-0203", 40.0, -75.3, ""},
    {"Miriam", "Cho", "Pharmacist", "Medicine", "610-555-0204", 40.0, -75.3, ""},
    {"May", "Mayor", "Mayor", "Government", "610-555-0205", 39.95, -75.16,
     "\"jurisdiction\": \"Philadelphia\""},
    {"Olga", "Oldfield", "Printer", "Crafts", "610-555-0206", 40.0, -75.3,
     "\"features\": [\"black-and-white\"]"},
    {"Gus", "Guard", "Machinist", "Industry", "610-555-0207", 40.0, -75.3, ""},
    {"Bea", "Bystander", "Clerk", "All Others", "610-555-0208", 40.0, -75.3, ""},
    {"Ben", "Bench", "Clerk", "All Others", "610-555-0209", 40.0, -75.3, ""},
    {"Bill", "Board", "Clerk", "All Others", "610-555-0210", 40.0, -75.3, ""},
    {"Bob", "Bolt", "Clerk", "All Others", "610-555-0211", 40.0, -75.3, ""},
    {"Bo", "Bloom", "Landscaper", "Agriculture", "215-555-0110", 39.95, -75.16, ""},
    {"Nora", "Nightingale", "Registered nurse", "Medicine", "610-555-0212", 40.0, -75.3, ""},
    {"Bella", "Beaumont", "Hair stylist", "Beauty", "610-555-0213", 40.0, -75.3, ""},
};
const Spec kGamma[] = {
    {"Cal", "Carter", "Clerk", "All Others", "717-555-0300", 40.2, -76.8, ""},
    {"Cat", "Cobb", "Clerk", "All Others", "717-555-0301", 40.2, -76.8, ""},
    {"Cy", "Crane", "Clerk", "All Others", "717-555-0302", 40.2, -76.8, ""},
    {"Col", "Cruz", "Clerk", "All Others", "717-555-0303", 40.2, -76.8, ""},
    {"Cam", "Cole", "Clerk", "All Others", "717-555-0304", 40.2, -76.8, ""},
    {"Cid", "Curry", "Clerk", "All Others", "717-555-0305", 40.2, -76.8, ""},
    {"Cora", "Cage", "Clerk", "All Others", "717-555-0306", 40.2, -76.8, ""},
    {"Cleo", "Council", "City councillor", "Government", "717-555-0307", 40.2, -76.8,
     "\"jurisdiction\": \"Harrisburg\""},
};

template <std::size_t N>
std::string write_deck(const char* name, const Spec (&specs)[N]) {
  // One file per process: ctest runs the tests of this binary in parallel processes.
  const std::string path =
      ::testing::TempDir() + "tcg_" + std::to_string(::getpid()) + "_" + name + ".json";
  std::ofstream out(path);
  out << "{\"name\": \"" << name << "\", \"cards\": [\n";
  for (std::size_t i = 0; i < N; ++i) {
    const Spec& s = specs[i];
    out << (i ? ",\n" : "") << "{\"first_name\": \"" << s.first << "\", \"last_name\": \"" << s.last
        << "\", \"occupation\": \"" << s.occupation << "\", \"army\": \"" << s.army
        << "\", \"phone\": \"" << s.phone << "\", \"latitude\": " << s.lat
        << ", \"longitude\": " << s.lon << (*s.extra ? ", " : "") << s.extra << "}";
  }
  out << "]}\n";
  return path;
}

std::shared_ptr<const TcgGame> game(int players = 3, json params = json::object()) {
  static const std::string decks = write_deck("alpha", kAlpha) + "," + write_deck("beta", kBeta) +
                                   "," + write_deck("gamma", kGamma);
  params["players"] = players;
  params["decks"] = decks;
  return std::static_pointer_cast<const TcgGame>(games::registry().make("conspiracy-tcg", params));
}

uint16_t id(const TcgGame& g, const std::string& last) {
  for (int a = 0; a < g.agent_count(); ++a)
    if (g.card(uint16_t(a)).last_name == last) return uint16_t(a);
  ADD_FAILURE() << "no agent " << last;
  return 0;
}

std::string at(const TcgGame& g, const std::string& last) {
  return "@" + std::to_string(id(g, last));
}

struct SeatSpec {
  std::vector<std::vector<std::string>> field;  // columns, front first
  std::vector<std::string> hand;
  std::vector<std::string> pile;  // top first
};

// A position: fields, hands and piles by last name; `modes` by name; everything else default.
std::unique_ptr<TcgState> position(const std::shared_ptr<const TcgGame>& g,
                                   const std::vector<SeatSpec>& seats,
                                   const std::vector<std::string>& modes, int to_move = 0,
                                   json overrides = json::object()) {
  json full = g->new_initial_state(1)->to_json();
  json& st = full["state"];
  std::string claimed;
  for (std::size_t s = 0; s < seats.size(); ++s) {
    json& j = st["seats"][s];
    std::string pile, hand;
    for (auto it = seats[s].pile.rbegin(); it != seats[s].pile.rend(); ++it)
      pile += (pile.empty() ? "" : " ") + std::to_string(id(*g, *it));
    for (const std::string& h : seats[s].hand)
      hand += (hand.empty() ? "" : " ") + std::to_string(id(*g, h)) + ":" + std::to_string(1 << s);
    json field = json::array();
    for (const auto& col : seats[s].field) {
      json c = json::array();
      for (const std::string& a : col) {
        c.push_back(id(*g, a));
        claimed += (claimed.empty() ? "" : " ") + std::to_string(id(*g, a));
      }
      field.push_back(c);
    }
    j["pile"] = pile;
    j["hand"] = hand;
    j["field"] = field;
  }
  st["claimed"] = claimed;
  st["discarded"] = "";
  st["modes"] = modes;
  st["to_move"] = to_move;
  for (auto it = overrides.begin(); it != overrides.end(); ++it) st[it.key()] = it.value();
  std::unique_ptr<State> s = g->state_from_json(full);
  return std::unique_ptr<TcgState>(static_cast<TcgState*>(s.release()));
}

bool legal(const TcgState& s, const std::string& move) {
  return s.why_illegal(s.parse_move(move)).empty();
}

bool in_field(const TcgState& s, const TcgGame& g, const std::string& last) {
  return s.field_owner(id(g, last)) >= 0;
}

// ---------------------------------------------------------------------------------------------
// Attacks and comparisons.

TEST(TcgAttack, HelenWatersWorkedExampleHasExactlyItsFiveOutcomes) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}, {"Wilson"}, {"Monroe"}, {"Wong"}, {"Cho"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  const CompareKeys& helen = g->keys(id(*g, "Waters"));
  struct Row {
    const char* who;
    Outcome zzz, reptilians;
  };
  const Row table[] = {{"Addams", Outcome::kLoss, Outcome::kLoss},
                       {"Wilson", Outcome::kWin, Outcome::kWin},
                       {"Monroe", Outcome::kLoss, Outcome::kTie},
                       {"Wong", Outcome::kWin, Outcome::kLoss},
                       {"Cho", Outcome::kLoss, Outcome::kLoss}};
  for (const Row& r : table) {
    const CompareKeys& k = g->keys(id(*g, r.who));
    EXPECT_EQ(compare(k, helen, kZZZ, kReptiliansMode), r.zzz) << r.who;
    EXPECT_EQ(compare(k, helen, kReptiliansMode, kZZZ), r.reptilians) << r.who;
  }
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  // Waters defeats Addams and Cho, not Monroe or Wong; Wilson beats her in both: she is lost.
  EXPECT_FALSE(in_field(*s, *g, "Addams"));
  EXPECT_FALSE(in_field(*s, *g, "Cho"));
  for (const char* kept : {"Wilson", "Monroe", "Wong"}) EXPECT_TRUE(in_field(*s, *g, kept)) << kept;
  EXPECT_FALSE(in_field(*s, *g, "Waters"));
  EXPECT_TRUE(s->discarded(id(*g, "Waters")));
}

TEST(TcgAttack, NeedsTwoActiveModes) {
  auto g = game();
  auto s = position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
                    {"ZZZ"});
  EXPECT_EQ(s->why_illegal(s->parse_move("attack " + at(*g, "Waters") + " 1")),
            "attacking is not an option until two attack modes have been selected");
}

TEST(TcgAttack, RearmostLaunchesFrontmostIsExposed) {
  auto g = game();
  // Seat 0: Waters in front of Wilson? No: Waters front, Filler behind (the rear launches).
  auto s = position(
      g, {{{{"Waters", "Filler"}}, {}, {}}, {{{"Addams", "Cho"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"AAA", "REPTILIANS"});
  EXPECT_FALSE(legal(*s, "attack " + at(*g, "Waters") + " 1"));
  EXPECT_TRUE(legal(*s, "attack " + at(*g, "Filler") + " 1"));
  // AAA: Addams beats Filler; Reptilians: Education (tier 4) beats All Others (tier 7): Filler
  // dies at the end of the turn and Cho, defended, is untouched.
  s->apply_text("attack " + at(*g, "Filler") + " 1");
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
  EXPECT_TRUE(in_field(*s, *g, "Cho"));
  EXPECT_FALSE(in_field(*s, *g, "Filler"));
}

TEST(TcgDeploy, BesideInFrontOrBehindNeverIntoTheMiddle) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters", "Filler"}}, {"Fuller"}, {"Fielding"}},
                     {{{"Addams"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  MoveList moves;
  s->legal_moves(moves);
  int deploys = 0;
  for (Move m : moves)
    if (unpack(m).kind == kDeploy && unpack(m).pro == kNoPro) ++deploys;
  EXPECT_EQ(deploys, 3);  // new column, front of c1, back of c1: no middle place exists
  s->apply_text("deploy " + at(*g, "Fuller") + " front c1");
  EXPECT_EQ(s->field_agent(0, 0, 0), id(*g, "Fuller"));
  EXPECT_EQ(s->hand_count(0), 1);  // refilled from the pile at the end of the turn
  EXPECT_EQ(s->to_move(), 1);
}

TEST(TcgModes, OppositesNeverTogetherAndAtMostTwo) {
  ModePair p = make_pair_of(kAAA, kNear);
  ModePair out;
  EXPECT_FALSE(change_mode(p, kNear, kZZZ, out));    // AAA with ZZZ
  EXPECT_TRUE(change_mode(p, kAAA, kZZZ, out));      // replacing AAA itself
  EXPECT_FALSE(change_mode(p, kNoMode, k000, out));  // no empty place
  EXPECT_FALSE(change_mode(make_pair_of(kFar, kNoMode), kNoMode, kNear, out));
}

TEST(TcgModes, LibraryOrderPhonesNearFarAndNetworks) {
  auto g = game();
  const auto& k = [&](const char* last) { return g->keys(id(*g, last)); };
  EXPECT_EQ(compare(k("Addams"), k("Wilson"), kAAA, kNoMode), Outcome::kWin);
  EXPECT_EQ(compare(k("Addams"), k("Wilson"), kZZZ, kNoMode), Outcome::kLoss);
  // Bloom appears in two decks with one phone: one agent, equal keys: a tie.
  EXPECT_EQ(compare(k("Bloom"), k("Bloom"), k999, kNoMode), Outcome::kTie);
  EXPECT_EQ(compare(k("Waters"), k("Addams"), k000, kNoMode), Outcome::kWin);  // 215 < 610
  // The venue is Philadelphia: Waters (in town) is nearer than Fjord (Iceland).
  EXPECT_EQ(compare(k("Waters"), k("Fjord"), kNear, kNoMode), Outcome::kWin);
  EXPECT_EQ(compare(k("Waters"), k("Fjord"), kFar, kNoMode), Outcome::kLoss);
  // Two networks: Illuminati + Agency compare by the Reptilian coordinate (tier 0 on top).
  EXPECT_EQ(compare(k("Decor"), k("Wilson"), kIlluminatiMode, kAgencyMode), Outcome::kWin);
  // A card without a last name, phone or location loses those contests.
  CompareKeys none;
  EXPECT_EQ(compare(none, k("Wilson"), kAAA, kNoMode), Outcome::kLoss);
  EXPECT_EQ(compare(none, k("Wilson"), k999, kNoMode), Outcome::kLoss);
  EXPECT_EQ(compare(none, k("Wilson"), kFar, kNoMode), Outcome::kLoss);
  EXPECT_EQ(compare(none, none, kNear, kNoMode), Outcome::kTie);
}

// compare() is antisymmetric, so both_ways (the estimate's one pass over a pair) answers what
// beats_in_both asks in each direction: every pair of the sample decks' agents, every pair of
// modes that may stand.
TEST(TcgModes, BothWaysIsBeatsInBothEachWay) {
  auto g = game();
  int kills = 0, dies = 0;
  for (int m0 = 0; m0 < kModeCount; ++m0)
    for (int m1 = m0 + 1; m1 < kModeCount; ++m1) {
      const ModePair modes = make_pair_of(m0, m1);
      if (!allowed(modes)) continue;
      for (int a = 0; a < g->agent_count(); ++a)
        for (int b = 0; b < g->agent_count(); ++b) {
          const CompareKeys &ka = g->keys(uint16_t(a)), &kb = g->keys(uint16_t(b));
          for (int mode : {m0, m1})
            ASSERT_EQ(compare(kb, ka, mode, mode == m0 ? m1 : m0),
                      flip(compare(ka, kb, mode, mode == m0 ? m1 : m0)));
          const BothWays way = both_ways(ka, kb, modes);
          ASSERT_EQ(way.kills, beats_in_both(ka, kb, modes)) << a << " " << b;
          ASSERT_EQ(way.dies, beats_in_both(kb, ka, modes)) << a << " " << b;
          kills += way.kills;
          dies += way.dies;
        }
    }
  EXPECT_GT(kills, 0);
  EXPECT_EQ(kills, dies);  // every pair is looked at both ways
}

// ---------------------------------------------------------------------------------------------
// Agents are unique; elimination.

TEST(TcgAgents, AClaimedAgentDrawnOrHeldIsRevealedDiscardedAndReplaced) {
  auto g = game();
  // Bloom is in alpha and beta: seat 1 holds it; seat 0 deploys it; seat 1 replaces it at once.
  auto s = position(g,
                    {{{{"Waters"}}, {"Bloom"}, {"Filler"}},
                     {{{"Addams"}}, {"Bench"}, {"Board", "Bolt"}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  s->apply_text("deploy " + at(*g, "Bloom") + " new");
  EXPECT_EQ(s->hand_count(1), 1);
  EXPECT_EQ(s->hand_card(1, 0), id(*g, "Bench"));
  // The replacement came from seat 1's pile... Bloom was not in seat 1's hand, so check the draw:
  auto t = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}}, {"Bloom"}, {"Board"}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  t->apply_text("pass");  // seat 0 cannot act (empty hand, no modes): passes and draws Filler
  EXPECT_EQ(t->to_move(), 1);
  t->apply_text("deploy " + at(*g, "Bloom") + " new");
  EXPECT_TRUE(t->claimed(id(*g, "Bloom")));
  // A claimed agent on top of a pile: drawn, revealed, discarded, replaced by the next card.
  auto u = position(g,
                    {{{{"Waters", "Bloom"}}, {}, {}},
                     {{{"Addams"}}, {}, {"Bloom", "Board"}},
                     {{{"Carter"}}, {}, {}}},
                    {}, 1);
  u->apply_text("pass");
  EXPECT_EQ(u->hand_count(1), 1);
  EXPECT_EQ(u->hand_card(1, 0), id(*g, "Board"));
}

TEST(TcgElimination, NoFieldAgentPlacesFromHandOrIsOutLastSeatWins) {
  auto g = game(2);
  // Waters (ZZZ, Reptilians) kills Addams, seat 1's only field agent; seat 1 holds Bench: it must
  // place it at once.
  auto s =
      position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}}, {"Bench"}, {}}}, {"ZZZ", "REPTILIANS"});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_EQ(s->phase(), kEmergencyPlacement);
  EXPECT_EQ(s->current_player(), 1);
  s->apply_text("place " + at(*g, "Bench"));
  EXPECT_EQ(s->phase(), kMain);
  EXPECT_EQ(s->to_move(), 1);
  // With an empty hand the seat is eliminated and the last seat standing wins.
  auto t = position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}}, {}, {}}}, {"ZZZ", "REPTILIANS"});
  t->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_TRUE(t->is_terminal());
  EXPECT_EQ(t->winner(), 0);
  EXPECT_EQ(t->returns()[0], 1.0);
  EXPECT_EQ(t->returns()[1], -1.0);
}

TEST(TcgEngineCap, AGameStoppedByThePlyCapIsADraw) {
  auto g = std::static_pointer_cast<const TcgGame>(
      games::registry().make("conspiracy-tcg", json{{"players", 2}, {"max_plies", 10}}));
  auto s = g->new_initial_state(3);
  Rng rng(1);
  while (!s->is_terminal()) {
    auto moves = s->legal_moves();
    s->apply(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  EXPECT_TRUE(static_cast<TcgState&>(*s).stopped_by_ply_cap());
  EXPECT_EQ(s->returns()[0], 0.0);
  EXPECT_EQ(s->returns()[1], 0.0);
}

// Why a game stalls (the lab's figures capped_no_attack_kills, capped_no_kill_now,
// capped_stalemate): an attack that kills for good, a kill the cards allow but the fields do not.
TEST(TcgStall, AKillTheFieldsAllowTheCardsAllowAndTheModesAllow) {
  auto g = game(2);
  // ZZZ and Reptilians: Waters beats Addams in both (the worked example); Wilson beats Waters.
  auto open = position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}}, {}, {}}}, {"ZZZ", "REPTILIANS"});
  EXPECT_TRUE(open->attack_kills());
  // Wilson in front of Addams: Waters still beats Addams (a kill the cards allow), but Addams is
  // not exposed and Wilson, who beats Waters, may not launch from the front.
  auto screened = position(g, {{{{"Waters"}}, {}, {}}, {{{"Wilson", "Addams"}}, {}, {}}},
                           {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(screened->attack_kills());
  EXPECT_TRUE(screened->kill_possible(screened->modes()));
  // A card in the pile counts for kill_possible, not for attack_kills.
  auto piled =
      position(g, {{{{"Filler"}}, {}, {"Waters"}}, {{{"Addams"}}, {}, {}}}, {"ZZZ", "REPTILIANS"});
  EXPECT_TRUE(piled->kill_possible(piled->modes()));
  // Addams alone is killed, and Nightingale (a nurse, behind Monroe, whom Waters only ties)
  // saves him: the Crash Clinic loop, no lasting kill.
  auto saved =
      position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}, {"Monroe", "Nightingale"}}, {}, {}}},
               {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(saved->attack_kills());
  // Clerks of All Others against clerks of All Others tie under two networks, whatever their
  // places: no kill under those modes, but Bench beats Filler under AAA and 999.
  auto clerks = position(g, {{{{"Filler"}, {"Fuller"}}, {}, {}}, {{{"Bench"}, {"Board"}}, {}, {}}},
                         {"REPTILIANS", "ILLUMINATI"});
  EXPECT_FALSE(clerks->attack_kills());
  EXPECT_FALSE(clerks->kill_possible(clerks->modes()));
  EXPECT_TRUE(clerks->kill_possible(make_pair_of(kAAA, k999)));
}

// The figures of a game the ply cap ended in `s`'s position.
std::map<std::string, double> capped_figures(const std::shared_ptr<const TcgGame>& g,
                                             const std::vector<SeatSpec>& seats,
                                             const std::vector<std::string>& modes) {
  auto s = position(g, seats, modes, 0, json{{"over", true}, {"stopped_by_ply_cap", true}});
  Figures f;
  s->figures(f);
  std::map<std::string, double> out;
  for (const Figures::Entry& e : f) out[e.name] = e.value;
  return out;
}

TEST(TcgStall, ACappedGameTheRulesCannotEndIsAStalemate) {
  auto g = game(2);
  const std::vector<std::string> zr = {"ZZZ", "REPTILIANS"};
  // Wilson screens Addams from Waters, nobody holds another card or a pro move: frozen.
  auto frozen = capped_figures(g, {{{{"Waters"}}, {}, {}}, {{{"Wilson", "Addams"}}, {}, {}}}, zr);
  EXPECT_EQ(frozen["capped_no_attack_kills"], 1);
  EXPECT_EQ(frozen["capped_no_kill_now"], 0);  // Waters beats Addams, were he exposed
  EXPECT_EQ(frozen["capped_stalemate"], 1);
  // A card left in a pile may still be deployed behind Waters or in front of Addams.
  auto pile =
      capped_figures(g, {{{{"Waters"}}, {}, {"Filler"}}, {{{"Wilson", "Addams"}}, {}, {}}}, zr);
  EXPECT_EQ(pile["capped_stalemate"], 0);
  // Clerks tie under two networks; with no card that changes the modes, nothing ever kills,
  // whatever is deployed.
  const std::vector<std::string> ri = {"REPTILIANS", "ILLUMINATI"};
  auto clerks =
      capped_figures(g, {{{{"Filler"}}, {}, {"Fuller"}}, {{{"Bench"}}, {}, {"Board"}}}, ri);
  EXPECT_EQ(clerks["capped_no_kill_now"], 1);
  EXPECT_EQ(clerks["capped_stalemate"], 1);
  // A librarian (Tabula Recta) in a pile can still change the modes: not a stalemate.
  auto librarian =
      capped_figures(g, {{{{"Filler"}}, {}, {"Books"}}, {{{"Bench"}}, {}, {"Board"}}}, ri);
  EXPECT_EQ(librarian["capped_stalemate"], 0);
  // A game the ply cap did not end reports no stall.
  auto won = position(g, {{{{"Waters"}}, {}, {}}, {{{"Addams"}}, {}, {}}}, zr);
  Figures f;
  won->figures(f);
  for (const Figures::Entry& e : f)
    if (std::string(e.name).rfind("capped", 0) == 0) {
      EXPECT_EQ(e.value, 0) << e.name;
    }
}

// ---------------------------------------------------------------------------------------------
// The estimate (estimate_returns): the cards each seat has left, the threats of the modes.

double estimate(const TcgState& s, Seat seat) {
  Returns r{};
  EXPECT_TRUE(s.estimate_returns(r));
  return r[std::size_t(seat)];
}

TEST(TcgEstimate, EveryCardLeftCountsSoDrawingAndDeployingAreNoProgress) {
  auto g = game(2);
  // The same cards in the pile or in the hand are worth the same: a draw is not progress.
  auto piled = position(g, {{{{"Waters"}}, {}, {"Filler", "Fuller"}}, {{{"Addams"}}, {}, {}}}, {});
  auto held = position(g, {{{{"Waters"}}, {"Filler", "Fuller"}, {}}, {{{"Addams"}}, {}, {}}}, {});
  EXPECT_DOUBLE_EQ(estimate(*piled, 0), estimate(*held, 0));
  EXPECT_GT(estimate(*held, 0), 0.3);  // three cards left against one
  // Deploying moves a card from the hand to the field: only the field's small bonus changes.
  const double before = estimate(*held, 0);
  held->apply_text("deploy " + at(*g, "Filler") + " new");
  EXPECT_NEAR(estimate(*held, 0), before, 0.05);
  EXPECT_NEAR(estimate(*held, 0) + estimate(*held, 1), 0.0, 1e-12);
}

TEST(TcgEstimate, AKillIsProgressAndAThreatCountsMostForTheSeatToAct) {
  auto g = game(2);
  // ZZZ and Reptilians: Waters beats Addams and Cho in both (the worked example).
  const std::vector<SeatSpec> seats = {{{{"Waters"}}, {}, {"Filler"}},
                                       {{{"Addams"}, {"Cho"}, {"Monroe"}}, {"Bench"}, {"Board"}}};
  auto mine = position(g, seats, {"ZZZ", "REPTILIANS"}, 0);
  auto theirs = position(g, seats, {"ZZZ", "REPTILIANS"}, 1);
  auto calm = position(g, seats, {"ZZZ"}, 0);  // one mode: no attack is possible
  EXPECT_GT(estimate(*mine, 0), estimate(*theirs, 0));
  EXPECT_GT(estimate(*theirs, 0), estimate(*calm, 0));
  const double threatened = estimate(*mine, 0);
  mine->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_FALSE(in_field(*mine, *g, "Addams"));
  EXPECT_GT(estimate(*mine, 0), threatened);
}

TEST(TcgEstimate, AnAttackBeingAnsweredCountsItsDefeatedLessTheOneAMedicSaves) {
  auto g = game(2);
  // Waters defeats Addams and Nightingale (exposed, beaten in both); Nightingale may save Addams.
  auto s = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}, {"Nightingale"}, {"Monroe"}}, {"Bench"}, {"Board"}}},
                    {"ZZZ", "REPTILIANS"});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  ASSERT_EQ(s->phase(), kAttackReaction);
  const double asked = estimate(*s, 0);
  s->apply_text("save " + at(*g, "Addams") + " " + at(*g, "Nightingale"));
  // Saved: one agent lost, as the reaction phase counted it.
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
  EXPECT_NEAR(estimate(*s, 0), asked, 0.1);
}

TEST(TcgEstimate, ACardThatChangesTheModesIsWorthKeeping) {
  auto g = game(2);
  // Books (a librarian: Tabula Recta) in the hand against a clerk with no pro move.
  auto librarian = position(g, {{{{"Waters"}}, {"Books"}, {}}, {{{"Addams"}}, {"Bench"}, {}}}, {});
  auto clerk = position(g, {{{{"Waters"}}, {"Filler"}, {}}, {{{"Addams"}}, {"Bench"}, {}}}, {});
  EXPECT_GT(estimate(*librarian, 0), estimate(*clerk, 0));
  EXPECT_DOUBLE_EQ(estimate(*clerk, 0), 0.0);
}

TEST(TcgEstimate, AFieldBeingRearrangedIsJudgedAsItIsBuilt) {
  auto g = game(2);
  // ZZZ and Reptilians: Waters beats Addams and Cho in both; the clerks kill nobody.
  const std::vector<SeatSpec> seats = {{{{"Waters"}, {"Filler"}, {"Fuller"}, {"Recruit"}}, {}, {}},
                                       {{{"Addams"}, {"Cho"}}, {}, {"Bench"}}};
  auto build = [&](const std::string& first, const std::string& second) {
    auto s = position(g, seats, {"ZZZ", "REPTILIANS"});
    s->apply_text("pro shakeup " + at(*g, "Recruit"));
    s->apply_text("put " + at(*g, first) + " new");
    s->apply_text("put " + at(*g, second) + " behind c1");
    EXPECT_EQ(s->phase(), kRearranging);  // Fuller is still to put
    return s;
  };
  // The old field stands until the last put, but the estimate reads the one being built: Waters
  // at the rear of a column launches, in front of Filler he does not.
  auto launching = build("Filler", "Waters");
  auto screened = build("Waters", "Filler");
  EXPECT_GT(estimate(*launching, 0), estimate(*screened, 0) + 0.05);
  // The last put makes the built field the real one: the estimate does not jump.
  const double before = estimate(*launching, 0);
  launching->apply_text("put " + at(*g, "Fuller") + " new");
  ASSERT_EQ(launching->phase(), kMain);
  EXPECT_NEAR(estimate(*launching, 0), before, 0.05);
}

// ---------------------------------------------------------------------------------------------
// Hidden information.

TEST(TcgHidden, HandsAndPilesArePrivate) {
  auto g = game();
  auto s = g->new_initial_state(5);
  auto& t = static_cast<TcgState&>(*s);
  const std::string other = t.observation(1).dump() + t.observation(kSpectator).dump();
  for (int i = 0; i < t.hand_count(0); ++i) {
    const json own = t.observation(0)["seats"][0]["hand"][std::size_t(i)];
    EXPECT_EQ(own.get<int>(), t.hand_card(0, i));
    EXPECT_TRUE(t.observation(1)["seats"][0]["hand"][std::size_t(i)].is_null());
  }
  EXPECT_EQ(t.observation(1)["seats"][0]["pile_known"].size(), 0u);
  // The rendering shows the viewer's hand and only the sizes of the others.
  const std::string own = t.render(0), theirs = t.render(1);
  EXPECT_NE(own.find("6 in hand (size 6)"), std::string::npos) << own;
  const std::string first = "@" + std::to_string(t.hand_card(0, 0)) + " ";
  EXPECT_NE(own.find("hand: " + first), std::string::npos);
  EXPECT_EQ(theirs.find("hand: " + first), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Pro moves: one test each, named after it.

TEST(TcgProMoves, GettingTheBallRolling) {
  auto g = game();
  auto s = position(
      g, {{{{"Waters"}, {"Colour"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  s->apply_text("pro rolling " + at(*g, "Colour") + " none>AAA");
  EXPECT_TRUE(s->modes().has(kAAA));
  EXPECT_TRUE(s->discarded(id(*g, "Colour")));
  // May not: when two modes are already active.
  auto t = position(
      g, {{{{"Waters"}, {"Colour"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"AAA", "NEAR"});
  EXPECT_FALSE(legal(*t, "pro rolling " + at(*g, "Colour") + " none>000"));
}

TEST(TcgProMoves, LegalManeuvering) {
  auto g = game();
  auto s =
      position(g, {{{{"Waters"}}, {"Legal"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"AAA", "NEAR"});
  EXPECT_FALSE(legal(*s, "pro legal " + at(*g, "Legal") + " NEAR>ZZZ"));  // AAA with ZZZ
  s->apply_text("pro legal " + at(*g, "Legal") + " NEAR>999");
  EXPECT_EQ(s->modes(), make_pair_of(kAAA, k999));
  // At deployment (D) too.
  auto t = position(
      g, {{{{"Waters"}}, {"Legal"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  t->apply_text("deploy " + at(*g, "Legal") + " new legal none>FAR");
  EXPECT_TRUE(t->modes().has(kFar));
}

TEST(TcgProMoves, TabulaRecta) {
  auto g = game();
  auto s =
      position(g, {{{{"Waters"}}, {"Books"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"AAA", "NEAR"});
  EXPECT_FALSE(legal(*s, "pro tabula " + at(*g, "Books") + " NEAR>ZZZ"));
  EXPECT_FALSE(legal(*s, "pro tabula " + at(*g, "Books") + " NEAR>999"));  // only AAA or ZZZ
  s->apply_text("pro tabula " + at(*g, "Books") + " AAA>ZZZ");
  EXPECT_EQ(s->modes(), make_pair_of(kZZZ, kNear));
}

// Ruling 2: with one active mode and one empty place, "set one of the attack modes" fills the
// empty place or replaces the active mode; Legal Maneuvering ("select a new attack mode (if less
// than two are selected)") only fills.
TEST(TcgProMoves, SetOneOfTheModesWithOneEmptyPlaceFillsOrReplaces) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}}, {"Trips", "Books", "Dial"}, {}},
                     {{{"Addams"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"AAA"});
  EXPECT_TRUE(legal(*s, "pro spysat " + at(*g, "Trips") + " none>NEAR"));
  EXPECT_TRUE(legal(*s, "pro spysat " + at(*g, "Trips") + " AAA>NEAR"));
  EXPECT_TRUE(legal(*s, "pro wiretap " + at(*g, "Dial") + " AAA>999"));
  EXPECT_TRUE(legal(*s, "pro tabula " + at(*g, "Books") + " AAA>ZZZ"));
  EXPECT_FALSE(legal(*s, "pro tabula " + at(*g, "Books") + " none>ZZZ"));  // opposites
  s->apply_text("pro spysat " + at(*g, "Trips") + " AAA>NEAR");
  EXPECT_EQ(s->modes(), make_pair_of(kNear, kNoMode));
  auto t = position(
      g, {{{{"Waters"}}, {"Legal"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {"AAA"});
  EXPECT_TRUE(legal(*t, "pro legal " + at(*g, "Legal") + " none>NEAR"));
  EXPECT_FALSE(legal(*t, "pro legal " + at(*g, "Legal") + " AAA>NEAR"));
}

TEST(TcgProMoves, SpySatellite) {
  auto g = game();
  auto s =
      position(g, {{{{"Waters"}}, {"Trips"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"AAA", "NEAR"});
  EXPECT_FALSE(legal(*s, "pro spysat " + at(*g, "Trips") + " AAA>FAR"));
  s->apply_text("pro spysat " + at(*g, "Trips") + " NEAR>FAR");
  EXPECT_EQ(s->modes(), make_pair_of(kAAA, kFar));
}

TEST(TcgProMoves, Wiretap) {
  auto g = game();
  auto s =
      position(g, {{{{"Waters"}}, {"Dial"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"000", "NEAR"});
  EXPECT_FALSE(legal(*s, "pro wiretap " + at(*g, "Dial") + " NEAR>999"));
  s->apply_text("pro wiretap " + at(*g, "Dial") + " 000>999");
  EXPECT_EQ(s->modes(), make_pair_of(k999, kNear));
}

TEST(TcgProMoves, ClockworkWoman) {
  auto g = game();
  auto s =
      position(g, {{{{"Waters"}}, {"Clock"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"ZZZ", "999"});
  s->apply_text("pro clockwork " + at(*g, "Clock"));
  EXPECT_EQ(s->modes(), make_pair_of(k000, kNear));
  // AGENCY + AAA would become AAA + ZZZ: rotated again to ZZZ + 000.
  EXPECT_EQ(rotate_clockwise(make_pair_of(kAgencyMode, kAAA)), make_pair_of(kZZZ, k000));
  // May not: with no mode active there is nothing to rotate.
  auto t = position(
      g, {{{{"Waters"}}, {"Clock"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  EXPECT_FALSE(legal(*t, "pro clockwork " + at(*g, "Clock")));
}

TEST(TcgProMoves, ShadowSurgeTempleOfDagon) {
  auto g = game();
  auto s = position(
      g, {{{{"Waters"}}, {"Fisher", "Filler"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"AAA", "NEAR"});
  s->apply_text("deploy " + at(*g, "Fisher") + " new surge NEAR>REPTILIANS");
  EXPECT_EQ(s->modes(), make_pair_of(kAAA, kReptiliansMode));
  // Later, at the beginning of its owner's turn, discarded for the same effect; the turn goes on.
  auto t = position(
      g,
      {{{{"Waters"}, {"Fisher"}}, {"Filler"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"ZZZ", "NEAR"});
  t->apply_text("surge " + at(*g, "Fisher") + " ZZZ>REPTILIANS");
  EXPECT_EQ(t->modes(), make_pair_of(kNear, kReptiliansMode));
  EXPECT_EQ(t->to_move(), 0);
  // May not: once the turn's action is taken.
  t->apply_text("deploy " + at(*g, "Filler") + " new");
  auto u = position(
      g,
      {{{{"Waters"}, {"Fisher"}}, {"Filler"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"ZZZ", "NEAR"}, 0, json{{"turn_begun", true}});
  EXPECT_EQ(u->why_illegal(u->parse_move("surge " + at(*g, "Fisher") + " ZZZ>REPTILIANS")),
            "a Shadow Surge agent is discarded only at the beginning of its owner's turn");
}

TEST(TcgProMoves, MasterPlanFluorideOneHolderNoOtherProMoves) {
  auto g = game();
  auto s = position(
      g,
      {{{{"Waters"}}, {"Dentist", "Inkwell"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {});
  s->apply_text("deploy " + at(*g, "Dentist") + " new plan fluoride");
  EXPECT_EQ(s->plan_holder(kMasterPlanFluoride - kMasterPlanAncientSecrets), id(*g, "Dentist"));
  EXPECT_EQ(s->master_plans(0), 1);
  // A holder exercises no other pro move (a dentist has none here; the rule is in may_use).
  EXPECT_TRUE(s->may_use(id(*g, "Dentist"), kMasterPlanFluoride));
  // May not: claim it after entering the field (only deployment offers it).
  auto t = position(
      g, {{{{"Waters"}, {"Inkwell"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  MoveList moves;
  t->legal_moves(moves);
  for (Move m : moves) EXPECT_FALSE(is_master_plan(ProMove(unpack(m).pro))) << t->move_to_string(m);
}

TEST(TcgProMoves, Paperwork) {
  auto g = game();
  auto s = position(
      g, {{{{"Waters"}}, {"Papers"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  s->apply_text("pro paperwork " + at(*g, "Papers") + " 1-");
  EXPECT_EQ(s->hand_size(1), 5);
  // May not: reduce a hand below three cards.
  json seats = s->to_json()["state"]["seats"];
  auto t = position(
      g, {{{{"Waters"}}, {"Papers"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  json full = t->to_json();
  full["state"]["seats"][1]["hand_size"] = 3;
  auto u = g->state_from_json(full);
  EXPECT_FALSE(u->why_illegal(u->parse_move("pro paperwork " + at(*g, "Papers") + " 1-")).empty());
  EXPECT_TRUE(u->why_illegal(u->parse_move("pro paperwork " + at(*g, "Papers") + " 1+")).empty());
}

TEST(TcgProMoves, PlantingBombs) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}}, {"Bloom"}, {}},
                     {{{"Addams"}, {"Cho"}, {"Wilson"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  // May not: bomb one's own agents.
  EXPECT_FALSE(
      legal(*s, "pro bomb " + at(*g, "Bloom") + " " + at(*g, "Waters") + " " + at(*g, "Waters")));
  const uint16_t a = id(*g, "Addams"), w = id(*g, "Wilson");
  s->apply_text("pro bomb " + at(*g, "Bloom") + " @" + std::to_string(std::min(a, w)) + " @" +
                std::to_string(std::max(a, w)));
  EXPECT_EQ(s->bomb_count(), 1);
}

TEST(TcgProMoves, Hacking) {
  auto g = game();
  auto s = position(
      g, {{{{"Waters"}}, {"Hacker"}, {}}, {{{"Addams"}}, {"Bench"}, {}}, {{{"Carter"}}, {}, {}}},
      {});
  s->apply_text("deploy " + at(*g, "Hacker") + " new hack 1");
  EXPECT_TRUE(s->hand_open(1));
  EXPECT_EQ(s->observation(2)["seats"][1]["hand"][0].get<int>(), id(*g, "Bench"));
  EXPECT_EQ(s->observation(kSpectator)["seats"][1]["hand"][0].get<int>(), id(*g, "Bench"));
  // May not: hack oneself.
  auto t = position(
      g, {{{{"Waters"}}, {"Hacker"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}}, {});
  EXPECT_FALSE(legal(*t, "deploy " + at(*g, "Hacker") + " new hack 0"));
}

TEST(TcgProMoves, ScryingShowsFiveCardsToOneSeatOnly) {
  auto g = game();
  auto s =
      position(g,
               {{{{"Waters"}}, {"Seer"}, {}},
                {{{"Addams"}}, {}, {"Bench", "Board", "Bolt", "Guard", "Bystander", "Oldfield"}},
                {{{"Carter"}}, {}, {}}},
               {});
  s->set_recording(true);
  s->apply_text("deploy " + at(*g, "Seer") + " new scry 1");
  EXPECT_EQ(s->phase(), kArranging);
  EXPECT_EQ(s->observation(0)["seats"][1]["pile_known"].size(), 5u);
  EXPECT_EQ(s->observation(2)["seats"][1]["pile_known"].size(), 0u);
  const std::string bench = "Bench";
  for (const std::string& line : s->log().for_viewer(2))
    EXPECT_EQ(line.find(bench), std::string::npos) << line;
  // May not: send cards to the bottom without a master plan (that is the All-Seeing Eye).
  EXPECT_FALSE(legal(*s, "arrange 2 3 4 5 | 1"));
  s->apply_text("arrange 5 4 3 2 1");
  EXPECT_EQ(s->pile_card(1, 0), id(*g, "Bystander"));
  EXPECT_EQ(s->pile_card(1, 5), id(*g, "Oldfield"));
}

TEST(TcgProMoves, AllSeeingEye) {
  auto g = game();
  auto s =
      position(g,
               {{{{"Waters"}, {"Dentist"}}, {"Seer"}, {}},
                {{{"Addams"}}, {}, {"Bench", "Board", "Bolt", "Guard", "Bystander", "Oldfield"}},
                {{{"Carter"}}, {}, {}}},
               {}, 0, json{{"plans", {-1, -1, 15, -1, -1, -1}}});
  ASSERT_EQ(s->master_plans(0), 1);
  s->apply_text("deploy " + at(*g, "Seer") + " new eye 1");
  // M1: one card to the bottom, not two.
  EXPECT_FALSE(legal(*s, "arrange 3 4 5 | 1 2"));
  s->apply_text("arrange 2 3 4 5 | 1");
  EXPECT_EQ(s->pile_card(1, 0), id(*g, "Board"));
  EXPECT_EQ(s->pile_card(1, 5), id(*g, "Bench"));
}

TEST(TcgProMoves, NinjaOps) {
  auto g = game();
  auto s = position(
      g,
      {{{{"Stretch"}}, {}, {}}, {{{"Addams", "Cho"}, {"Wilson"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"ZZZ", "AGENCY"});
  // ZZZ: Stretch beats Addams and Cho; AGENCY: Sports (a=2) tier 5 beats Education (a=0, tier 7)
  // and Medicine (a=1, tier 6). The whole column c1 falls, Wilson (not in it) is not attacked.
  s->apply_text("attack " + at(*g, "Stretch") + " 1 ninja c1");
  EXPECT_FALSE(in_field(*s, *g, "Addams"));
  EXPECT_FALSE(in_field(*s, *g, "Cho"));
  EXPECT_TRUE(in_field(*s, *g, "Wilson"));
  // May not: every field agent at once (Tenth-Dan, needs two master plans).
  auto t =
      position(g, {{{{"Stretch"}}, {}, {}}, {{{"Addams", "Cho"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"ZZZ", "AGENCY"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Stretch") + " 1 all"));
}

TEST(TcgProMoves, TenthDanNinjaOps) {
  auto g = game();
  auto s = position(
      g,
      {{{{"Stretch"}, {"Dentist"}, {"Inkwell"}}, {}, {}},
       {{{"Addams", "Cho"}, {"Monroe"}}, {}, {}},
       {{{"Carter"}}, {}, {}}},
      {"ZZZ", "AGENCY"}, 0,
      json{{"plans", {-1, -1, int(id(*game(), "Dentist")), int(id(*game(), "Inkwell")), -1, -1}}});
  ASSERT_EQ(s->master_plans(0), 2);
  s->apply_text("attack " + at(*g, "Stretch") + " 1 all");
  EXPECT_FALSE(in_field(*s, *g, "Addams"));
  EXPECT_FALSE(in_field(*s, *g, "Cho"));
}

TEST(TcgProMoves, Onslaught) {
  auto g = game();
  const json plans = {-1, -1, int(id(*g, "Dentist")), -1, -1, -1};
  auto s = position(
      g,
      {{{{"Waters"}, {"Dentist"}}, {"Dancer"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"ZZZ", "REPTILIANS"}, 0, json{{"plans", plans}});
  s->apply_text("attack " + at(*g, "Waters") + " 1+2 onslaught " + at(*g, "Dancer"));
  EXPECT_FALSE(in_field(*s, *g, "Addams"));
  EXPECT_FALSE(in_field(*s, *g, "Carter"));
  // May not: without a master plan.
  auto t =
      position(g, {{{{"Waters"}}, {"Dancer"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Waters") + " 1+2 onslaught " + at(*g, "Dancer")));
}

TEST(TcgProMoves, InsideJob) {
  auto g = game();
  auto s =
      position(g, {{{{"Decor"}}, {}, {}}, {{{"Addams", "Wilson"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"AAA", "REPTILIANS"});
  // Seat 0 uses seat 1's Addams (not its rearmost) to attack seat 2.
  s->apply_text("attack " + at(*g, "Addams") + " 2 inside " + at(*g, "Decor"));
  EXPECT_FALSE(in_field(*s, *g, "Carter"));
  EXPECT_TRUE(s->discarded(id(*g, "Decor")));
  // May not: turn the agent on its own player.
  auto t =
      position(g, {{{{"Decor"}}, {}, {}}, {{{"Addams", "Wilson"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"AAA", "REPTILIANS"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Addams") + " 1 inside " + at(*g, "Decor")));
}

TEST(TcgProMoves, ThirdRateBurglaryAndHomeTurf) {
  auto g = game();
  // Waters works in Philadelphia, the Mayor's jurisdiction: Home Turf keeps her from attacking.
  auto s = position(
      g,
      {{{{"Waters"}, {"Plumb"}}, {}, {}}, {{{"Addams", "Mayor"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(legal(*s, "attack " + at(*g, "Waters") + " 2"));
  // The burglary ignores Home Turf and defence: the Mayor, behind Addams, is attacked.
  s->apply_text("attack " + at(*g, "Waters") + " 1 burglary " + at(*g, "Plumb"));
  EXPECT_FALSE(in_field(*s, *g, "Mayor"));
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
  // May not: the plumber launching it himself.
  auto t = position(g, {{{{"Plumb"}}, {}, {}}, {{{"Mayor"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Plumb") + " 1 burglary " + at(*g, "Plumb")));
}

TEST(TcgProMoves, ForeignAgents) {
  auto g = game();
  // Fjord (Iceland, the only Icelandic field agent) attacks from the front of a column.
  auto s =
      position(g, {{{{"Fjord", "Filler"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"ZZZ", "FAR"});
  EXPECT_TRUE(legal(*s, "attack " + at(*g, "Fjord") + " 1"));
  // May not: the filler in front of a column (no country) cannot.
  auto t =
      position(g, {{{{"Filler", "Fjord"}}, {}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
               {"ZZZ", "FAR"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Filler") + " 1"));
}

TEST(TcgProMoves, CapableOfAnything) {
  auto g = game();
  auto s = position(
      g, {{{{"Coach"}}, {"Books", "Trips"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {"AAA", "NEAR"});
  s->apply_text("pro tabula " + at(*g, "Books") + " AAA>ZZZ");
  EXPECT_EQ(s->to_move(), 0);  // the turn goes on
  // May not: a second free turn-taking pro move: this one ends the turn.
  s->apply_text("pro spysat " + at(*g, "Trips") + " NEAR>FAR");
  EXPECT_EQ(s->to_move(), 1);
}

TEST(TcgProMoves, OldSchool) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}, {"Colour"}}, {}, {}},
                     {{{"Addams"}, {"Oldfield"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  s->apply_text("pro rolling " + at(*g, "Colour") + " none>AAA");
  // Seat 1 decides, in seat 0's turn.
  EXPECT_EQ(s->phase(), kOldSchoolWindow);
  EXPECT_EQ(s->current_player(), 1);
  s->apply_text("oldschool " + at(*g, "Oldfield"));
  EXPECT_EQ(s->modes().count(), 0);
  EXPECT_TRUE(s->discarded(id(*g, "Oldfield")));
  // Allowing lets the change stand; a seat may not block with an agent that is not Old School.
  auto t = position(g,
                    {{{{"Waters"}, {"Colour"}}, {}, {}},
                     {{{"Addams"}, {"Oldfield"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  t->apply_text("pro rolling " + at(*g, "Colour") + " none>AAA");
  EXPECT_FALSE(legal(*t, "oldschool " + at(*g, "Addams")));
  t->apply_text("allow");
  EXPECT_TRUE(t->modes().has(kAAA));
}

TEST(TcgProMoves, CrashClinic) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}, {"Nightingale"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  // The attacked seat decides, in the attacker's turn, before anyone dies.
  EXPECT_EQ(s->phase(), kAttackReaction);
  EXPECT_EQ(s->current_player(), 1);
  // May not: a medic saving herself.
  EXPECT_FALSE(legal(*s, "save " + at(*g, "Nightingale") + " " + at(*g, "Nightingale")));
  // Ruling 24: Nightingale is exposed and beaten in both modes, being killed herself, and still
  // saves Addams; then she dies.
  s->apply_text("save " + at(*g, "Addams") + " " + at(*g, "Nightingale"));
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
  EXPECT_FALSE(in_field(*s, *g, "Nightingale"));
  EXPECT_TRUE(s->discarded(id(*g, "Nightingale")));
  EXPECT_EQ(s->to_move(), 1);
}

TEST(TcgProMoves, Disguise) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}, {"Beaumont"}}, {"Bench"}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_EQ(s->current_player(), 1);
  // May not: switch with an agent that is being lost too.
  EXPECT_FALSE(legal(*s, "disguise " + at(*g, "Addams") + " " + at(*g, "Beaumont")));
  s->apply_text("disguise " + at(*g, "Addams") + " " + at(*g, "Bench"));
  // Bench died in Addams' place (and Beaumont with it): seat 1 has no field agent left and must
  // place one at once: Addams, back in its hand face up for everyone to see.
  EXPECT_FALSE(in_field(*s, *g, "Addams"));
  EXPECT_TRUE(s->discarded(id(*g, "Bench")));
  EXPECT_EQ(s->hand_card(1, 0), id(*g, "Addams"));
  EXPECT_EQ(s->observation(2)["seats"][1]["hand"][0].get<int>(), id(*g, "Addams"));
  EXPECT_EQ(s->phase(), kEmergencyPlacement);
  s->apply_text("place " + at(*g, "Addams"));
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
}

// Ruling 25: Disguise is offered while the Beauty agent is itself lost, and may switch the Beauty
// agent itself out.
TEST(TcgProMoves, ALostBeautyAgentStillDisguises) {
  auto g = game();
  auto t = position(g,
                    {{{{"Waters"}}, {}, {"Filler"}},
                     {{{"Addams"}, {"Beaumont"}, {"Wong"}}, {"Bench"}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  t->apply_text("attack " + at(*g, "Waters") + " 1");
  // Beaumont (Beauty) is being lost: Disguise is still offered, for another agent or itself.
  EXPECT_TRUE(legal(*t, "disguise " + at(*g, "Addams") + " " + at(*g, "Wong")));
  t->apply_text("disguise " + at(*g, "Beaumont") + " " + at(*g, "Wong"));
  EXPECT_TRUE(in_field(*t, *g, "Beaumont"));
  EXPECT_TRUE(t->discarded(id(*g, "Wong")));
}

TEST(TcgProMoves, SecondRateBurglary) {
  auto g = game();
  const json plans = {-1, -1, int(id(*g, "Dentist")), -1, -1, -1};
  // Both other seats hold an elected official, defended; with M1 the plumber's burglary lets
  // Waters attack both at once, and nobody else.
  auto s = position(g,
                    {{{{"Waters"}, {"Plumb"}, {"Dentist"}}, {}, {}},
                     {{{"Addams", "Mayor"}}, {}, {}},
                     {{{"Carter", "Council"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"}, 0, json{{"plans", plans}});
  s->apply_text("attack " + at(*g, "Waters") + " 1+2 burglary " + at(*g, "Plumb"));
  EXPECT_FALSE(in_field(*s, *g, "Mayor"));
  EXPECT_FALSE(in_field(*s, *g, "Council"));
  EXPECT_TRUE(in_field(*s, *g, "Addams"));
  EXPECT_TRUE(in_field(*s, *g, "Carter"));
  EXPECT_TRUE(s->discarded(id(*g, "Plumb")));
  // May not: without a master plan (M1) only one seat's officials (Third-Rate).
  auto t = position(g,
                    {{{{"Waters"}, {"Plumb"}}, {}, {}},
                     {{{"Addams", "Mayor"}}, {}, {}},
                     {{{"Carter", "Council"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  EXPECT_FALSE(legal(*t, "attack " + at(*g, "Waters") + " 1+2 burglary " + at(*g, "Plumb")));
  EXPECT_TRUE(legal(*t, "attack " + at(*g, "Waters") + " 2 burglary " + at(*g, "Plumb")));
}

TEST(TcgProMoves, BigCon) {
  auto g = game();
  const json plans = {-1, -1, int(id(*g, "Dentist")), -1, -1, -1};
  auto s = position(g,
                    {{{{"Waters", "Decor"}, {"Dentist"}}, {"Thrift", "Filler", "Fuller"}, {}},
                     {{{"Addams"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {}, 0, json{{"plans", plans}});
  s->apply_text("pro bigcon " + at(*g, "Thrift"));
  EXPECT_EQ(s->phase(), kBigConning);
  EXPECT_EQ(s->current_player(), 0);
  // One replacement at a time, each in the replaced agent's place (the arrangement stays).
  s->apply_text("replace " + at(*g, "Decor") + " " + at(*g, "Filler"));
  EXPECT_EQ(s->field_agent(0, 0, 1), id(*g, "Filler"));
  EXPECT_TRUE(s->discarded(id(*g, "Decor")));
  EXPECT_TRUE(s->claimed(id(*g, "Filler")));
  // May not: replace with a card that is not in the hand.
  EXPECT_EQ(s->why_illegal(s->parse_move("replace " + at(*g, "Waters") + " " + at(*g, "Plumb"))),
            at(*g, "Plumb") + " is not in your hand");
  s->apply_text("done");
  EXPECT_EQ(s->phase(), kMain);
  EXPECT_EQ(s->to_move(), 1);
  EXPECT_EQ(s->column_length(0, 0), 2);
  // May not: without a master plan (M1).
  auto t = position(
      g, {{{{"Waters"}}, {"Thrift", "Filler"}, {}}, {{{"Addams"}}, {}, {}}, {{{"Carter"}}, {}, {}}},
      {});
  EXPECT_EQ(t->why_illegal(t->parse_move("pro bigcon " + at(*g, "Thrift"))),
            "Big Con needs a master plan (M1)");
}

TEST(TcgProMoves, Brainwashing) {
  auto g = game();
  // ZZZ + REPTILIANS: Waters defeats Addams and Cho; Wong survives and does not beat her.
  auto s = position(g,
                    {{{{"Waters"}}, {"Shrink"}, {"Filler"}},
                     {{{"Addams"}, {"Cho"}, {"Wong"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_EQ(s->phase(), kBrainwashPhase);
  EXPECT_EQ(s->current_player(), 0);
  s->apply_text("brainwash " + at(*g, "Addams") + " " + at(*g, "Shrink") + " new");
  // Addams joins seat 0's field; without a master plan that was the only capture: Cho dies.
  EXPECT_EQ(s->field_owner(id(*g, "Addams")), 0);
  EXPECT_TRUE(s->discarded(id(*g, "Shrink")));
  EXPECT_TRUE(s->discarded(id(*g, "Cho")));
  EXPECT_EQ(s->to_move(), 1);
  // May not: capture an agent the attack did not defeat.
  auto t = position(g,
                    {{{{"Waters"}}, {"Shrink"}, {"Filler"}},
                     {{{"Addams"}, {"Cho"}, {"Wong"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"});
  t->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_EQ(t->why_illegal(
                t->parse_move("brainwash " + at(*g, "Wong") + " " + at(*g, "Shrink") + " new")),
            at(*g, "Wong") + " was not defeated in this attack");
  // With a master plan, a second capture follows the first.
  const json plans = {-1, -1, int(id(*g, "Dentist")), -1, -1, -1};
  auto u = position(g,
                    {{{{"Waters"}, {"Dentist"}}, {"Shrink"}, {"Filler"}},
                     {{{"Addams"}, {"Cho"}, {"Wong"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"}, 0, json{{"plans", plans}});
  u->apply_text("attack " + at(*g, "Waters") + " 1");
  u->apply_text("brainwash " + at(*g, "Addams") + " " + at(*g, "Shrink") + " back c1");
  EXPECT_EQ(u->phase(), kBrainwashPhase);
  u->apply_text("brainwash " + at(*g, "Cho") + " new");
  EXPECT_EQ(u->field_owner(id(*g, "Cho")), 0);
  EXPECT_EQ(u->field_agent(0, 0, 1), id(*g, "Addams"));
}

// "Any subsequent attack that kills one of those agents will kill both of them": a bombed agent
// captured by Brainwashing keeps its bomb in its new field (the text); the variant
// brainwashing_defuses_bombs removes it (ruling 21's old reading).
TEST(TcgProMoves, BrainwashedAgentKeepsItsBombUnlessTheVariantSaysSo) {
  for (const bool defuses : {false, true}) {
    auto g = game(3, json{{"brainwashing_defuses_bombs", defuses}});
    const json bombs = {{id(*g, "Addams"), id(*g, "Wong")}};
    auto s = position(g,
                      {{{{"Waters"}}, {"Shrink"}, {"Filler"}},
                       {{{"Addams"}, {"Cho"}, {"Wong"}}, {}, {}},
                       {{{"Carter"}}, {}, {}}},
                      {"ZZZ", "REPTILIANS"}, 0, json{{"bombs", bombs}});
    s->apply_text("attack " + at(*g, "Waters") + " 1");
    s->apply_text("brainwash " + at(*g, "Addams") + " " + at(*g, "Shrink") + " new");
    EXPECT_EQ(s->field_owner(id(*g, "Addams")), 0);
    EXPECT_EQ(s->bomb_count(), defuses ? 0 : 1) << defuses;
    EXPECT_TRUE(in_field(*s, *g, "Wong"));
  }
  // The bomb across two fields goes off: killing Cho (seat 1) kills Addams (seat 0's, captured).
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}, {"Addams"}}, {}, {"Filler"}},
                     {{{"Cho"}, {"Wong"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"ZZZ", "REPTILIANS"}, 0, json{{"bombs", {{id(*g, "Addams"), id(*g, "Cho")}}}});
  s->apply_text("attack " + at(*g, "Waters") + " 1");
  EXPECT_TRUE(s->discarded(id(*g, "Cho")));
  EXPECT_TRUE(s->discarded(id(*g, "Addams")));
  EXPECT_TRUE(in_field(*s, *g, "Waters"));
  EXPECT_EQ(s->bomb_count(), 0);
}

TEST(TcgProMoves, SecurityPerimeter) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters"}, {"Filler"}}, {"Guardian", "Fuller"}, {"Fielding"}},
                     {{{"Addams"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  // May not: an agent without Security Perimeter in front of two columns.
  EXPECT_EQ(
      s->why_illegal(s->parse_move("deploy " + at(*g, "Fuller") + " span c1")),
      at(*g, "Fuller") + " has no Security Perimeter: it cannot stand in front of two columns");
  // A client clicks the card, then the slot in front of both columns.
  EXPECT_EQ(s->move_places(s->parse_move("deploy " + at(*g, "Guardian") + " span c1")),
            (MovePlaces{{at(*g, "Guardian")}, {"span c1"}}));
  s->apply_text("deploy " + at(*g, "Guardian") + " span c1");
  EXPECT_TRUE(s->bridges(0, 0));
  EXPECT_EQ(s->field_agent(0, 0, 0), id(*g, "Guardian"));
  // The guard defends both Waters (behind it in c1) and Filler (c2): only the guard is exposed.
  std::array<uint16_t, kMaxColumns> ex;
  ASSERT_EQ(s->exposed(0, ex), 1);
  EXPECT_EQ(ex[0], id(*g, "Guardian"));
  EXPECT_FALSE(s->is_exposed(0, 1, 0));
  // Nor may anyone deploy in front of the column it defends (the middle of a column).
  auto bridged = [&](const std::shared_ptr<const TcgGame>& game_, const SeatSpec& attacker,
                     const std::vector<std::string>& modes, int to_move) {
    auto u = position(
        game_,
        {{{{"Guardian", "Waters"}, {"Filler"}}, {"Fuller"}, {}}, attacker, {{{"Carter"}}, {}, {}}},
        modes, to_move);
    json full = u->to_json();
    full["state"]["seats"][0]["bridges"] = 1;
    auto v = game_->state_from_json(full);
    return std::unique_ptr<TcgState>(static_cast<TcgState*>(v.release()));
  };
  auto t = bridged(g, {{{"Addams"}}, {}, {}}, {}, 0);
  EXPECT_TRUE(t->bridges(0, 0));
  EXPECT_EQ(t->why_illegal(t->parse_move("deploy " + at(*g, "Fuller") + " front c2")),
            "c2 stands behind or is a perimeter: in front of it is the middle of a column");
  EXPECT_TRUE(legal(*t, "deploy " + at(*g, "Fuller") + " back c2"));
  // A Ninja Ops attack on c2 takes the guard too (perimeter_in_both_columns, the default), or
  // only c2's own agents (the variant).
  const CompareKeys& ninja = g->keys(id(*g, "Stretch"));
  ASSERT_TRUE(beats_in_both(ninja, g->keys(id(*g, "Guardian")), make_pair_of(kZZZ, k000)));
  ASSERT_TRUE(beats_in_both(ninja, g->keys(id(*g, "Filler")), make_pair_of(kZZZ, k000)));
  auto both = bridged(g, {{{"Stretch"}}, {}, {}}, {"ZZZ", "000"}, 1);
  both->apply_text("attack " + at(*g, "Stretch") + " 0 ninja c2");
  EXPECT_FALSE(in_field(*both, *g, "Guardian"));
  EXPECT_FALSE(in_field(*both, *g, "Filler"));
  EXPECT_TRUE(in_field(*both, *g, "Waters"));
  auto g2 = game(3, json{{"perimeter_in_both_columns", false}});
  auto own = bridged(g2, {{{"Stretch"}}, {}, {}}, {"ZZZ", "000"}, 1);
  own->apply_text("attack " + at(*g2, "Stretch") + " 0 ninja c2");
  EXPECT_TRUE(in_field(*own, *g2, "Guardian"));
  EXPECT_FALSE(in_field(*own, *g2, "Filler"));
  // c2 is gone, so the bridge fell with it.
  EXPECT_FALSE(own->bridges(0, 0));
}

TEST(TcgProMoves, Shakeup) {
  auto g = game();
  auto s = position(g,
                    {{{{"Waters", "Filler"}, {"Recruit"}, {"Fuller"}}, {}, {}},
                     {{{"Addams"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  s->apply_text("pro shakeup " + at(*g, "Recruit"));
  EXPECT_EQ(s->phase(), kRearranging);
  EXPECT_TRUE(s->discarded(id(*g, "Recruit")));
  // May not: stand an agent without Security Perimeter in front of two columns.
  EXPECT_EQ(
      s->why_illegal(s->parse_move("put " + at(*g, "Waters") + " span")),
      at(*g, "Waters") + " has no Security Perimeter: it cannot stand in front of two columns");
  // Who defends whom changes, and so may the number of columns: Filler now defends Waters, behind
  // whom Fuller stands.
  s->apply_text("put " + at(*g, "Filler") + " new");
  s->apply_text("put " + at(*g, "Waters") + " behind c1");
  EXPECT_EQ(s->phase(), kRearranging);
  s->apply_text("put " + at(*g, "Fuller") + " behind c1");
  EXPECT_EQ(s->phase(), kMain);
  EXPECT_EQ(s->columns(0), 1);
  EXPECT_EQ(s->field_agent(0, 0, 0), id(*g, "Filler"));
  EXPECT_EQ(s->field_agent(0, 0, 1), id(*g, "Waters"));
  EXPECT_EQ(s->field_agent(0, 0, 2), id(*g, "Fuller"));
  EXPECT_EQ(s->to_move(), 1);
}

TEST(TcgProMoves, HostileTakeover) {
  auto g = game();
  const json plans = {-1, -1, int(id(*g, "Dentist")), -1, -1, -1};
  auto s = position(g,
                    {{{{"Waters"}, {"Recruit"}, {"Dentist"}}, {}, {}},
                     {{{"Addams", "Wilson"}, {"Cho"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {}, 0, json{{"plans", plans}});
  s->apply_text("pro takeover " + at(*g, "Recruit") + " 1");
  EXPECT_EQ(s->phase(), kRearranging);
  EXPECT_EQ(s->current_player(), 0);  // the taker decides, not the owner
  s->apply_text("put " + at(*g, "Cho") + " new");
  s->apply_text("put " + at(*g, "Wilson") + " behind c1");
  // May not: leave seat 1 with another number of columns than its two.
  EXPECT_EQ(s->why_illegal(s->parse_move("put " + at(*g, "Addams") + " behind c1")),
            "the agents left could no longer fill every column (and stand behind every "
            "perimeter)");
  s->apply_text("put " + at(*g, "Addams") + " new");
  EXPECT_EQ(s->columns(1), 2);
  EXPECT_EQ(s->field_agent(1, 0, 0), id(*g, "Cho"));
  EXPECT_EQ(s->field_agent(1, 0, 1), id(*g, "Wilson"));
  EXPECT_EQ(s->field_agent(1, 1, 0), id(*g, "Addams"));
  // May not: without a master plan (M1).
  auto t = position(g,
                    {{{{"Waters"}, {"Recruit"}}, {}, {}},
                     {{{"Addams", "Wilson"}, {"Cho"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {});
  EXPECT_EQ(t->why_illegal(t->parse_move("pro takeover " + at(*g, "Recruit") + " 1")),
            "Hostile Takeover needs a master plan (M1)");
}

// The sample decks hold agents for every pro move: random play with them reaches each run of
// decisions (Brainwashing, Shakeup or Hostile Takeover, Big Con) and the Security Perimeter.
TEST(TcgSampleDecks, RandomPlayoutsReachTheRunsOfDecisionsAndThePerimeter) {
  auto g = games::registry().make("conspiracy-tcg", json{{"players", 4}});
  std::array<int, 16> kinds{};
  int spans = 0;
  std::array<int, kProMoveCount> pros{};
  Rng rng(7);
  for (int game_no = 0; game_no < 60; ++game_no) {
    auto s = g->new_initial_state(uint64_t(100 + game_no));
    MoveList moves;
    while (!s->is_terminal()) {
      moves.clear();
      s->legal_moves(moves);
      const Move m = moves[rng.uniform(uint32_t(moves.size()))];
      const MoveParts p = unpack(m);
      ++kinds[p.kind & 15];
      if (p.kind == kDeploy && p.y == kSpan) ++spans;
      if (p.kind == kPro) ++pros[p.pro];
      s->apply(m);
    }
  }
  EXPECT_GT(kinds[kBrainwash], 0);
  EXPECT_GT(kinds[kPut], 0);
  EXPECT_GT(kinds[kReplace], 0);
  EXPECT_GT(kinds[kDone], 0);
  EXPECT_GT(spans, 0);
  EXPECT_GT(pros[kShakeup], 0);
  EXPECT_GT(pros[kHostileTakeover], 0);
  EXPECT_GT(pros[kBigCon], 0);
}

// ---------------------------------------------------------------------------------------------
// The offline gazetteer (made by `make build`; the tests that need it skip without it).

bool have_gazetteer() {
  return Gazetteer::load(Gazetteer::default_path()) != nullptr;
}

std::shared_ptr<const TcgGame> city_game(json params = json::object()) {
  const std::string path =
      ::testing::TempDir() + "tcg_" + std::to_string(::getpid()) + "_cities.json";
  std::ofstream(path) << R"({"name": "cities", "cards": [
    {"first_name": "Ada", "last_name": "Exact", "phone": "1", "army": "Law",
     "address": "64 Broad St", "city": "Philadelphia", "latitude": 39.9526, "longitude": -75.1652},
    {"first_name": "Dee", "last_name": "Downtown", "phone": "2", "army": "Law",
     "address": "Downtown, PA", "city": "Philadelphia", "country": "USA"},
    {"first_name": "Rey", "last_name": "Kjavik", "phone": "3", "army": "Law",
     "city": "Reykjavik", "country": "Iceland"},
    {"first_name": "Tex", "last_name": "Paris", "phone": "4", "army": "Law",
     "address": "12 Main St, Paris, TX", "city": "Paris", "country": "USA"},
    {"first_name": "Sam", "last_name": "Spring", "phone": "5", "army": "Law",
     "city": "Springfield", "country": "USA"}]})";
  params["players"] = 2;
  params["decks"] = path;
  return std::static_pointer_cast<const TcgGame>(games::registry().make("conspiracy-tcg", params));
}

TEST(TcgGazetteer, VenueByCityName) {
  if (!have_gazetteer()) GTEST_SKIP() << "no gazetteer: make build installs it";
  auto g = city_game(json{{"venue", "Reykjavik"}});
  EXPECT_NEAR(g->venue_latitude(), 64.14, 0.05);
  EXPECT_NEAR(g->venue_longitude(), -21.9, 0.05);
  // A country or region after a comma settles a name several cities share.
  auto tx = city_game(json{{"venue", "Paris, TX"}});
  EXPECT_NEAR(tx->venue_latitude(), 33.66, 0.05);
  auto fr = city_game(json{{"venue", "Paris, France"}});
  EXPECT_NEAR(fr->venue_longitude(), 2.35, 0.05);
  // May not: an ambiguous name, or an unknown one; both say what is wrong.
  try {
    city_game(json{{"venue", "Paris"}});
    ADD_FAILURE() << "an ambiguous venue was accepted";
  } catch (const BadParams& e) {
    EXPECT_NE(std::string(e.what()).find("ambiguous: Paris ("), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("\"Paris, FR\""), std::string::npos) << e.what();
  }
  EXPECT_THROW(city_game(json{{"venue", "Atlantis Under The Sea"}}), BadParams);
}

TEST(TcgGazetteer, CityOnlyCardIsPlacedAndVagueWhereItMatters) {
  if (!have_gazetteer()) GTEST_SKIP() << "no gazetteer: make build installs it";
  auto g = city_game();
  const auto& k = [&](const char* last) { return g->keys(id(*g, last)); };
  // Reykjavik and Paris (Texas: the card's address names TX) are placed; Springfield (USA) is
  // one of many and stays without a location, which a note says.
  EXPECT_GT(k("Kjavik").distance, 4000);
  EXPECT_NEAR(k("Paris").distance, 2050, 150);
  EXPECT_LT(k("Spring").distance, 0);
  ASSERT_EQ(g->placement_notes().size(), 1u) << g->placement_notes()[0];
  EXPECT_NE(g->placement_notes()[0].find("Springfield"), std::string::npos);
  // "64 Broad St, Philadelphia" beats "Downtown Philadelphia" in either contest (the text), but
  // the downtown card, placed at the city, is nearer than Reykjavik and farther from it.
  EXPECT_EQ(compare(k("Exact"), k("Downtown"), kNear, kNoMode), Outcome::kWin);
  EXPECT_EQ(compare(k("Exact"), k("Downtown"), kFar, kNoMode), Outcome::kWin);
  EXPECT_EQ(compare(k("Downtown"), k("Kjavik"), kNear, kNoMode), Outcome::kWin);
  EXPECT_EQ(compare(k("Downtown"), k("Kjavik"), kFar, kNoMode), Outcome::kLoss);
  EXPECT_EQ(compare(k("Spring"), k("Kjavik"), kNear, kNoMode), Outcome::kLoss);
}

TEST(TcgGazetteer, WithoutTheFileCityOnlyCardsLoseNearAndFarAndSaySo) {
  auto g = city_game(json{{"gazetteer", ::testing::TempDir() + "no-such-gazetteer.tsv"}});
  EXPECT_LT(g->keys(id(*g, "Kjavik")).distance, 0);
  EXPECT_GE(g->keys(id(*g, "Exact")).distance, 0);
  ASSERT_EQ(g->placement_notes().size(), 1u);
  EXPECT_NE(g->placement_notes()[0].find("4 card(s) give only a city"), std::string::npos);
  // A venue by name needs the gazetteer.
  EXPECT_THROW(city_game(json{{"venue", "Reykjavik"},
                              {"gazetteer", ::testing::TempDir() + "no-such-gazetteer.tsv"}}),
               BadParams);
}
}  // namespace
}  // namespace tabletop::conspiracy_tcg

namespace tabletop::conspiracy_tcg {
namespace {

// uploaded_decks names only what the embedding program's deck source answers: never a path,
// never a sample deck read by the game, never a file opened (the file-open hook records every
// open), and only the embedding program sets it (a network client's is refused by name). A snapshot
// without a name is shown as "uploaded deck", never by its key.
TEST(TcgUploadedDecks, OnlyTheEmbeddingProgramsSnapshotsAndNeverAPath) {
  const std::string named =
      R"({"name": "my-cards", "cards": [{"first_name": "Ada", "last_name": "Byron",)"
      R"( "occupation": "Librarian", "army": "Education"}]})";
  const std::string nameless =
      R"({"cards": [{"first_name": "Ada", "last_name": "Byron", "army": "Education"}]})";
  set_deck_source([&](const std::string& name) -> std::optional<std::string> {
    if (name == "upload:k1") return named;
    if (name == "upload:k2") return nameless;
    return std::nullopt;
  });
  std::vector<std::string> opened;
  set_file_open_hook([&](const std::string& path) { opened.push_back(path); });
  const auto embedder = ParamOrigin::kEmbedder;
  auto game = std::static_pointer_cast<const TcgGame>(games::registry().make(
      "conspiracy-tcg", json::object(), embedder, json{{"uploaded_decks", "upload:k1,upload:k2"}}));
  EXPECT_EQ(game->deck_name(0), "my-cards");
  EXPECT_EQ(game->deck_name(1), "uploaded deck");
  for (const std::string value :
       {"agency-field-office", "/etc/passwd", "data/decks/agency-field-office.vcf", "../x.vcf"}) {
    try {
      games::registry().make("conspiracy-tcg", json::object(), embedder,
                             json{{"uploaded_decks", "upload:k1," + value}});
      ADD_FAILURE() << value << " accepted";
    } catch (const BadParams& e) {
      EXPECT_NE(std::string(e.what()).find(": no such uploaded deck"), std::string::npos)
          << e.what();
    }
  }
  try {
    games::registry().make("conspiracy-tcg", json{{"uploaded_decks", "upload:nope"}});
    ADD_FAILURE() << "an unknown snapshot accepted";
  } catch (const BadParams& e) {
    EXPECT_NE(std::string(e.what()).find("no such uploaded deck"), std::string::npos) << e.what();
  }
  EXPECT_THROW(games::registry().make("conspiracy-tcg", json{{"uploaded_decks", "upload:k1"}},
                                      ParamOrigin::kNetwork),
               BadParams);
  set_file_open_hook(nullptr);
  set_deck_source(nullptr);
  EXPECT_TRUE(opened.empty()) << opened.size() << " opened, the first " << opened[0];
}

// ---------------------------------------------------------------------------------------------
// For learning (conspiracy_tcg.h, TcgGame's "For learning").

// An agent of a move is numbered by the slot the seat to move sees it in: the same card in
// another hand slot is another action, and every legal action maps back to its move.
TEST(TcgLearning, ActionsNumberAgentsByTheirSlots) {
  auto g = game(3);
  ASSERT_EQ(g->num_distinct_actions(), 336755);
  EXPECT_EQ(game(2)->num_distinct_actions(), 306824);
  const std::vector<SeatSpec> seats = {{{{"Waters", "Filler"}}, {"Legal"}, {}},
                                       {{{"Addams", "Cho"}}, {}, {}},
                                       {{{"Carter"}}, {}, {}}};
  auto s = position(g, seats, {"AAA", "REPTILIANS"});
  auto index = [&](const TcgState& t, const std::string& text) {
    return t.action_index(t.parse_move(text));
  };
  // Blocks before deploy: pass, allow, done, place (9), oldschool (48), save (48 * 48),
  // disguise (48 * 57), surge (48 * 3 * 90); deploy has 376 options a place with 3 players.
  const int deploy = 3 + 9 + 48 + 48 * 48 + 48 * 57 + 48 * 3 * 90;
  const int attack = deploy + 9 * 32 * 376;
  EXPECT_EQ(index(*s, "deploy " + at(*g, "Legal") + " new"), deploy);
  EXPECT_EQ(index(*s, "attack " + at(*g, "Filler") + " 1"), attack + 1 * 3 + 1);  // c1, depth 1
  std::vector<SeatSpec> moved = seats;
  moved[0].hand = {"Plumb", "Legal"};
  auto t = position(g, moved, {"AAA", "REPTILIANS"});
  EXPECT_EQ(index(*t, "deploy " + at(*g, "Legal") + " new"), deploy + 32 * 376);
  for (const TcgState* state : {s.get(), t.get()})
    for (int a : state->legal_actions()) {
      const Move m = state->action_move(a);
      EXPECT_EQ(state->action_index(m), a) << state->move_to_string(m);
    }
  EXPECT_THROW(s->action_move(deploy + 32 * 376), BadMove);  // hand slot 1 is empty
  EXPECT_THROW(s->action_move(-1), BadMove);
  EXPECT_THROW(s->action_move(g->num_distinct_actions()), BadMove);
}

// The tensor places field agents for everyone and a hand card only for the seat that sees it.
TEST(TcgLearning, TheTensorShowsAHandCardOnlyToItsHolder) {
  auto g = game(3);
  auto s = position(g,
                    {{{{"Waters", "Filler"}}, {"Legal"}, {}},
                     {{{"Addams", "Cho"}}, {}, {}},
                     {{{"Carter"}}, {}, {}}},
                    {"AAA", "REPTILIANS"});
  const std::vector<int> shape = g->observation_tensor_shape();
  ASSERT_EQ(shape.size(), 1u);
  ASSERT_EQ(shape[0], g->agent_count() * TcgGame::kAgentFeatures + 6 * TcgGame::kSeatFeatures +
                          TcgGame::kGlobalFeatures);
  auto block = [&](const std::vector<float>& x, const std::string& last) {
    return x.data() + std::size_t(id(*g, last)) * TcgGame::kAgentFeatures;
  };
  for (Seat viewer : {kSpectator, 0, 1}) {
    std::vector<float> x(static_cast<std::size_t>(shape[0]));
    s->observation_tensor(viewer, x);
    const float* cho = block(x, "Cho");  // seat 1, column 1, depth 1, not exposed
    EXPECT_EQ(cho[1], 1);
    EXPECT_EQ(cho[6], 1);
    EXPECT_EQ(cho[15], 1);
    EXPECT_EQ(cho[20], 0);
    EXPECT_EQ(block(x, "Addams")[20], 1);                   // exposed
    EXPECT_EQ(block(x, "Legal")[21], viewer == 0 ? 1 : 0);  // in seat 0's hand
    EXPECT_EQ(block(x, "Legal")[27], viewer == 0 ? 1 : 0);  // slot 0
    const float* seat0 = x.data() + std::size_t(g->agent_count()) * TcgGame::kAgentFeatures;
    EXPECT_EQ(seat0[1], viewer == 0 ? 1 : 0);  // the viewer's own seat
    EXPECT_EQ(seat0[6], 1);                    // one card in hand, for everyone
  }
}

// Long random games with the sample decks reach the rarer runs (pro moves, reactions,
// rebuilding a field) that the conformance suite's short games seldom do: every legal move of
// every state has its own action, which maps back to it, and the same on determinized samples.
TEST(TcgLearning, EveryMoveOfLongRandomGamesHasItsOwnAction) {
  auto g = games::registry().make("conspiracy-tcg", {{"players", 4}, {"max_plies", 400}});
  std::set<int> kinds;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto s = g->new_initial_state(seed);
    Rng rng(seed);
    while (!s->is_terminal()) {
      std::set<int> seen;
      for (Move m : s->legal_moves()) {
        const int a = s->action_index(m);
        ASSERT_TRUE(a >= 0 && a < g->num_distinct_actions()) << s->move_to_string(m);
        ASSERT_TRUE(seen.insert(a).second) << "two moves have action " << a;
        ASSERT_EQ(s->action_move(a), m) << s->move_to_string(m);
        kinds.insert(int(unpack(m).kind));
      }
      const std::vector<int> legal = s->legal_actions();
      // The seat to move numbers its moves alike on every state it cannot tell apart.
      if (s->ply() % 7 == 0) {
        ASSERT_EQ(s->determinize(s->current_player(), rng)->legal_actions(), legal);
      }
      s->apply(s->action_move(legal[rng.uniform(uint32_t(legal.size()))]));
    }
  }
  for (MoveKind k : {kDeploy, kAttack, kPro}) EXPECT_TRUE(kinds.count(int(k))) << int(k);
}

TEST(TcgLearning, UtilityLengthAndChanceFollowTheParams) {
  auto g = game(3, {{"max_plies", 321}});
  const Game::Utility u = g->utility();
  EXPECT_EQ(u.min, -0.5);
  EXPECT_EQ(u.max, 1);
  EXPECT_TRUE(u.constant_sum);
  EXPECT_EQ(u.sum, 0);
  EXPECT_EQ(g->max_game_length(), 321);
  std::size_t largest = 0;
  for (Seat s = 0; s < 3; ++s) largest = std::max(largest, g->deck(s).size());
  EXPECT_EQ(g->max_chance_outcomes(), int(largest));
}

}  // namespace
}  // namespace tabletop::conspiracy_tcg
