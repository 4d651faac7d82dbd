// Conspiracy TCG's test helpers: three small invented decks, each agent built for one rule (written
// once per test process), games made from them, and positions laid out by last name (fields,
// hands, piles and modes). Shared by the tcg_*_test.cc files of the conspiracy_tcg_test binary.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "games/conspiracy_tcg/conspiracy_tcg.h"
#include "games/games.h"

namespace tabletop::conspiracy_tcg::test_util {

// Test decks: invented agents, each built for one rule.
struct Spec {
  const char *first, *last, *occupation, *army, *phone;
  double lat, lon;
  const char* extra;  // more JSON fields, e.g. "\"features\": [\"colour\"]"
};
inline const Spec kAlpha[] = {
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
inline const Spec kBeta[] = {
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
inline const Spec kGamma[] = {
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
inline std::string write_deck(const char* name, const Spec (&specs)[N]) {
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

inline std::shared_ptr<const TcgGame> game(int players = 3, json params = json::object()) {
  static const std::string decks = write_deck("alpha", kAlpha) + "," + write_deck("beta", kBeta) +
                                   "," + write_deck("gamma", kGamma);
  params["players"] = players;
  params["decks"] = decks;
  return std::static_pointer_cast<const TcgGame>(games::registry().make("conspiracy-tcg", params));
}

inline uint16_t id(const TcgGame& g, const std::string& last) {
  for (int a = 0; a < g.agent_count(); ++a)
    if (g.card(uint16_t(a)).last_name == last) return uint16_t(a);
  ADD_FAILURE() << "no agent " << last;
  return 0;
}

inline std::string at(const TcgGame& g, const std::string& last) {
  return "@" + std::to_string(id(g, last));
}

struct SeatSpec {
  std::vector<std::vector<std::string>> field;  // columns, front first
  std::vector<std::string> hand;
  std::vector<std::string> pile;  // top first
};

// A position: fields, hands and piles by last name; `modes` by name; everything else default.
inline std::unique_ptr<TcgState> position(const std::shared_ptr<const TcgGame>& g,
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

inline bool legal(const TcgState& s, const std::string& move) {
  return s.why_illegal(s.parse_move(move)).empty();
}

inline bool in_field(const TcgState& s, const TcgGame& g, const std::string& last) {
  return s.field_owner(id(g, last)) >= 0;
}

}  // namespace tabletop::conspiracy_tcg::test_util
