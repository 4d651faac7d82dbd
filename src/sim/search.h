// The lab's variant search (`tabletop sim GAME --search key=a..b --target "..."`): which values of
// the game's parameters meet a designer's target, by successive halving over the candidates, every
// candidate of a round played on the same deals (common random numbers).
//
// Targets (one per search), each a score to minimise and a test of whether it is met:
//   - "seat balance within N points": the largest gap between a seat's decisive share and the
//     fair share 1/n, in points; met when <= N;
//   - "decisive >= X%": the share of decisive games (score: minus it); met when >= X%;
//   - "median length A-B plies" (or "turns": plies / players, or "rounds": the game's rounds
//     figure): the distance of the median from the range (0 inside); met when inside.
// Successive halving: round r plays the surviving candidates on deals 0 .. n_r - 1 (n_0 = --games,
// doubled each round) and keeps the better half (at least two), until two remain; the last round
// of the two is the run the summary and the report describe.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/summary.h"

namespace tabletop::sim {

struct Target {
  enum class Kind { kSeatBalance, kDecisive, kMedianLength } kind = Kind::kDecisive;
  double limit = 0, low = 0, high = 0;  // points / share / range
  std::string unit = "plies";           // median length: plies, turns or rounds
  std::string text;                     // as given
  // Parses one of the forms above; throws BadParams naming the forms for anything else.
  static Target parse(const std::string& text);
  // The condition's score (lower is better), its 95% interval where one is defined (else the
  // score twice) and whether the target is met by the estimate.
  double score(const ConditionStats& s) const;
  Interval score_interval(const ConditionStats& s) const;
  bool met(const ConditionStats& s) const;
  // "seat gap 3.1 pts [0.4, 6.0]": the score as a designer reads it.
  std::string describe(const ConditionStats& s) const;
};

// The candidates of `--search` specs ("key=a..b", "key=a..b/step" for integers, "key=v1,v2,...";
// several specs: every combination), each a name ("max_rounds=40 tech_advantage=true") and its
// parameters over `base`. Throws BadParams for a malformed spec or more than 256 candidates.
std::vector<std::pair<std::string, json>> search_candidates(const std::vector<std::string>& specs,
                                                            const json& base);

}  // namespace tabletop::sim
