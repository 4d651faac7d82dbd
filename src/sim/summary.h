// The lab's summary: a Sink that folds every game into the statistics a designer reads, then
// renders them as text (the terminal) and JSON (--json, which the HTML report draws: report.h).
//
// Measures, each with one name everywhere (text, JSON, report):
//   - decisive share: a seat's (agent's) sole wins over the decisive games; fair share 1/n;
//   - win rate: sole wins over all games (capped, drawn and shared games count as not won); the
//     paired variant differences use it, since a deal's decisive games differ between variants;
//   - capped rate and draw rate: capped (drawn) games over all games, compared in pairs too.
// An undefined value (a share of no decisive game, an interval from fewer than two deals) is shown
// as "—" with the reason, never as a number.
//
// Outcomes. A game is capped when its "capped" figure is 1 (the engine's safeguard, not the rules,
// ended it); a draw when every seat got the same return; decisive when exactly one seat got the
// best return (its sole winner); shared otherwise (several, not all, seats top). Win shares are
// taken over decisive games, so a seat's fair share is 1/n; a seat advantage is flagged only when
// the 95% Wilson interval of its share excludes 1/n.
//
// Modes (what the conditions are): "variants" (one condition per parameter set; every later one is
// compared deal by deal with the first), "tournament" (one condition per pair of pool agents; a
// Bradley–Terry rating per agent) and "skill" (one condition per budget; slot 0 thinks k times as
// long as the others).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/lab.h"
#include "sim/stats.h"

namespace tabletop::sim {

struct ConditionStats {
  std::string name;
  std::string game;  // the game id
  // The condition's game (parameters fixed), for the report's replays of its outlier games.
  std::shared_ptr<const Game> rules;
  json params;
  std::vector<std::string> slots;
  // The game's tuned search options at this count (ai/tuning.h), which every search slot ran
  // with where its spec did not set them: "" for none. The ladder records it with each measure.
  std::string tuned;
  int players = 0;
  int rotations = 1;
  int budget = 1;
  long games = 0, capped = 0, draws = 0, decisive = 0, shared = 0;
  std::vector<long> seat_wins;       // sole wins per seat
  std::vector<long> seat_top;        // best return, sole or shared (not draws, not capped)
  std::vector<double> seat_returns;  // sum of returns per seat
  std::vector<long> slot_wins;       // sole wins per agent slot
  std::vector<double> slot_returns;
  Distribution plies, seconds;
  std::vector<std::pair<std::string, Distribution>> figures;  // in order of first appearance
  // Outliers, kept as records when the plan records games: the longest and the shortest game
  // (the first of equals), a capped game, the game whose lead (by the game's estimate) changed
  // hands most often (when measured, and it changed at least once).
  std::optional<Record> longest, shortest, capped_example, most_lead_changes;
  int longest_plies = -1, shortest_plies = -1, most_lead_changes_count = 0;
  // The biggest comeback: the decisive game whose winner's estimate fell lowest along the way
  // (kept when it fell below 0: the winner was expected to lose at some point).
  std::optional<Record> comeback;
  double comeback_lowest = 0;
  std::vector<std::optional<Record>> seat_win_example;  // the first sole win of each seat
  // The same shares with the deal as the unit (stats.h ClusterShare): every interval and flag
  // uses these, since the games of one deal are correlated.
  std::vector<ClusterShare> seat_share, slot_share;  // sole wins over decisive games
  ClusterShare capped_rate, draw_rate;               // over all games
  // Game quality, the deal as the unit. Decisiveness and the length spread are over all games;
  // the rest (GameQuality) over the games measured (Plan::quality_every), `quality_games` of them.
  long quality_games = 0;
  ClusterShare decisive_rate;         // decisive games over all games
  DealMeans lead_changes, branching;  // per game
  DealMeans decisions_per_player;     // decisions with a choice, per seat, per game
  ClusterShare winner_behind;         // decisive games (with estimates) whose winner was behind
                                      // at the midpoint
  DealMeans clear_at;                 // when the winner led for good (share of the game)
  DealSpread length_spread;           // sd / mean of the plies, jackknifed over deals
  // Trajectories: per turn, per seat the estimate, then the legal moves (GameQuality::trace),
  // over the measured games still running at that turn.
  std::vector<std::vector<Moments>> trace;  // [turn][seat ... players]
  std::vector<long> turn_games;             // [turn]: the measured games still running then
  // The game's seat figures by turn (GameQuality::figure_trace), over the measured games still
  // running: their names and meanings, and [turn][figure * players + seat].
  std::vector<std::string> seat_figure_names, seat_figure_meanings;
  std::vector<std::vector<Moments>> figure_trace;
  // The largest design effect among the seats' shares (1: the deals added no correlation).
  double seat_design_effect() const;
  // Per-deal values (mean over rotations), for paired and unpaired comparisons.
  std::vector<Moments> deal_seat_win;
  Moments deal_plies;
};

struct PairedComparison {
  int condition = 0;                // compared with condition 0
  std::vector<Paired> seat_win;     // per seat: win rate difference (this minus the first)
  std::vector<double> unpaired_sd;  // what an unpaired comparison's standard error would be
  Paired plies;
  Paired capped, drawn;  // per deal: the share of its games capped (drawn), this minus the first
  // Each figure both conditions export in every game (mean over rotations, this minus the first).
  std::vector<std::pair<std::string, Paired>> figures;
  double unpaired_plies_se = 0;
};

// One game-quality measure of a condition, as every output shows it.
struct QualityMeasure {
  std::string id;         // "decisiveness" (the JSON key)
  std::string name;       // "decisiveness" (for people)
  double value = 0;       // in `unit`
  Interval interval;      // 95%, deals as the unit
  std::string undefined;  // why there is no value or interval, or ""
  std::string unit;       // "%" (a share, value 0..1), "pts" (a share difference) or ""
  std::string meaning;    // one sentence for the report
};

class Summary final : public Sink {
 public:
  // `mode`: "variants", "tournament" or "skill"; `pool`: the tournament's or skill trace's agents;
  // `detect`: the difference (a share, 0.05 = 5 points) for "games needed to detect".
  Summary(const Plan& plan, std::string mode, std::vector<std::string> pool, double detect);

  void game(const GameResult& result) override;
  void deal_done(long deal) override;
  void finish(const RunInfo& info) { info_ = info; }

  const std::vector<ConditionStats>& conditions() const { return conditions_; }
  const std::string& mode() const { return mode_; }
  long deals() const { return deals_done_; }
  long planned_deals() const { return planned_deals_; }
  uint64_t seed() const { return seed_; }
  long first_deal() const { return first_deal_; }       // Plan::first_deal
  int quality_every() const { return quality_every_; }  // Plan::quality_every
  const RunInfo& info() const { return info_; }
  double detect() const { return detect_; }
  std::vector<PairedComparison> comparisons() const;
  // Tournament: pool agent names, wins[i][j] (i beat j; a draw counts half), Bradley–Terry.
  const std::vector<std::string>& pool() const { return pool_; }
  const std::vector<std::vector<double>>& win_matrix() const { return wins_; }
  Ratings ratings() const { return bradley_terry(wins_); }
  // The game-quality measures of condition `c`: decisiveness, seat advantage, lead changes, the
  // winner behind at the midpoint, when the outcome became clear, branching factor, decisions
  // per player, length spread and (for a skill trace) whether the stronger player wins.
  std::vector<QualityMeasure> quality(std::size_t c) const;
  // True when a rare-winner, longest or capped record exists.
  bool has_outliers() const;

  // Everything, as JSON. The top level also keeps the fields earlier versions wrote for the first
  // condition (game, params, agents, games, wins, draws, mean_plies, min_plies, max_plies,
  // mean_returns, seconds), so scripts written against them keep working.
  json to_json() const;
  // The terminal summary.
  std::string to_text() const;

 private:
  std::string mode_;
  std::vector<std::string> pool_;
  double detect_;
  uint64_t seed_;
  long first_deal_;
  int quality_every_;
  long planned_deals_;
  long deals_done_ = 0;
  RunInfo info_;
  std::vector<ConditionStats> conditions_;
  void add_quality(const GameResult& r);  // a measured game's GameQuality
  // A tournament's win matrix: the sole winner's agent beat each other agent in the game.
  void add_to_tournament(const GameResult& r, int winner);
  std::vector<std::vector<int>> slot_agent_;  // per condition
  // This deal's per-condition values, folded at deal_done.
  std::vector<std::vector<double>> deal_win_sum_;  // [condition][seat]
  std::vector<double> deal_plies_sum_, deal_capped_sum_, deal_draw_sum_;
  std::vector<double> deal_behind_, deal_estimated_decisive_;
  std::vector<char> deal_measured_;  // [condition]: this deal's games were measured
  std::vector<std::map<std::string, double>> deal_figure_sum_;  // [condition] name -> sum
  std::vector<int> deal_games_;
  std::vector<PairedComparison> paired_;
  // Each condition's counts after the previous deal, so deal_done sees this deal's alone.
  struct Counts {
    std::vector<long> seat_wins, slot_wins;
    long decisive = 0, capped = 0, draws = 0, games = 0;
  };
  std::vector<Counts> last_;
  bool measured_ = false;  // Plan::quality: the measures were asked for
 public:
  bool measured() const { return measured_; }
  std::vector<std::vector<double>> wins_;  // tournament
};

}  // namespace tabletop::sim
