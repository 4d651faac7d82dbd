// The balance lab's engine: many games under one or more conditions, played in threads, streamed in
// a fixed order to whoever listens, and summarised with the statistics of stats.h.
//
// Vocabulary.
//   - A deal is one game seed, game_seed(master, index) (seeds.h). Every condition and every
//     rotation plays every deal from the same seed: common random numbers, so comparisons between
//     conditions are paired deal by deal.
//   - A condition is one game (parameters fixed) and one list of agent slots: a variant, a pairing
//     of a tournament or a budget of the skill trace.
//   - A rotation assigns slots to seats: rotation r seats slot rotations[r][s] in seat s. With the
//     cyclic rotations every slot plays every seat once per deal; with all of them, every
//     permutation is played.
//
// Determinism. A game's moves depend only on its seed, the condition and the rotation (agents are
// seeded from the game seed and their slot), so a game's result is the same whatever the number of
// threads. Results reach the sinks in deal order (deal, then condition, then rotation) whatever
// the thread that played them, so summaries, CSV and record files are identical too (only the
// seconds differ). Memory does not grow with the number of deals: at most a window of finished
// deals waits for an earlier one.
#pragma once

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/record.h"
#include "sim/stats.h"

namespace tabletop::sim {

struct Condition {
  std::string name;                         // "baseline", "tie_rule=x", "mcts x4", "A vs B"
  std::shared_ptr<const Game> game;         // parameters fixed
  std::vector<std::string> slots;           // agent specs; one per seat
  std::vector<std::vector<int>> rotations;  // seat -> slot, one entry per rotation
  std::vector<int> slot_agent;              // tournament / skill: the pool agent of each slot
  int budget = 1;                           // skill trace: the budget factor of slot 0
};

// Plan::quality_every for a run of `deals` deals: every deal (1) in a run of fewer than
// 2 * kQualityDeals, else deals / kQualityDeals up to kQualityEvery, so that at least kQualityDeals
// deals are measured and, from kQualityEvery * kQualityDeals deals on, one in kQualityEvery: a
// measured game costs about a random playout more than playing it, so the measures cost about
// 1 / kQualityEvery of the playouts (about 0.06 on random Relativity; docs/lab.md "Speed").
constexpr long kQualityDeals = 64;
constexpr int kQualityEvery = 16;
inline int default_quality_every(long deals) {
  return int(std::clamp<long>(deals / kQualityDeals, 1, kQualityEvery));
}

// The rotations of `seats` slots: "none" (slot s in seat s), "cyclic" (the n cyclic shifts) or
// "all" (every permutation, at most 8! = 40320). Throws BadParams for another word.
std::vector<std::vector<int>> rotations(const std::string& kind, int seats);

// What the lab measures along a game, from the states it passes through (the game does nothing
// for it beyond `legal_moves` and its `estimate_returns`): see summary.h for the measures. They
// are taken at every ply of the games measured (quality_meter.h), a sample of the deals
// (Plan::quality_every).
struct GameQuality {
  static constexpr int kTraceTurns = 200;  // turns (of `players` plies) kept for trajectories
  bool measured = false;                   // the game was measured (Plan::measures)
  double branching = 0;                    // mean legal moves per decision (NaN: no sample)
  std::vector<int> choices;  // per seat: decisions with more than one legal move (estimated)
  int lead_changes = 0;      // times the estimate's sole leader changed hands
  bool estimated = false;    // the game supplied estimate_returns
  // For a game with a sole winner and estimates: whether the winner was not the sole leader at
  // the game's midpoint, and when it took the lead for good (share of the game's plies).
  bool winner_behind_at_midpoint = false;
  double clear_at = -1;  // -1: no sole winner or no estimate
  // The lowest estimate the eventual sole winner had along the game (the deepest hole it came
  // back from; 0 when no sole winner or no estimate).
  double winner_lowest = 0;
  // Per turn t < kTraceTurns the game reached (the state before ply t * players): each seat's
  // estimate, then the number of legal moves; players + 1 values per turn.
  std::vector<float> trace;
  // The game's seat figures (State::seat_figures) at the same turns: their names and meanings
  // (from the first state), then per turn each figure's value per seat (figures * players values
  // a turn, NaN in a turn whose state exported other figures).
  std::vector<std::string> seat_figure_names, seat_figure_meanings;
  std::vector<float> figure_trace;
};

struct GameResult {
  long deal = 0;
  int condition = 0, rotation = 0;
  uint64_t seed = 0;
  int players = 0;
  std::vector<int> seat_slot;   // the slot playing each seat
  std::vector<double> returns;  // per seat
  int plies = 0;
  double seconds = 0;   // wall time of this game alone
  bool capped = false;  // the figure "capped" was 1
  std::vector<std::pair<std::string, double>> figures;
  std::optional<Record> record;  // when Plan::record
  GameQuality quality;
  // Seats with the best return when exactly one seat has it, else -1.
  int sole_winner() const;
  // True when every seat got the same return (and the game was not capped).
  bool draw() const;
};

struct Plan {
  std::vector<Condition> conditions;
  long deals = 100;
  uint64_t seed = 1;
  // The index of this run's first deal: its deal d is seeded game_seed(seed, first_deal + d), so a
  // run with first_deal K plays the deals that a run of the same seed with K more would end with,
  // and the two together are game for game the longer run (scripts/ladder --extend). Deal numbers
  // in results, errors and the summary stay this run's own (from 0); the seeds say which deal.
  long first_deal = 0;
  int threads = 0;      // 0: one per core
  bool record = false;  // keep each game's record (GameResult::record)
  // Measure the game quality (GameResult::quality) at every ply of the games of one deal in
  // `quality_every`: the deals whose index (first_deal + d, the index in the seed's sequence) is
  // a multiple of it, under every condition and rotation. The sample is a function of the deal
  // alone, so the same deals are measured whatever the thread count or rank, under every variant
  // and agent, and in two runs that split a longer one (first_deal) as in the longer one. A
  // measured game costs about a random playout more (quality_meter.h); 1 measures every game.
  bool quality = true;
  int quality_every = 1;
  // Whether deal `deal` (this run's numbering, from 0) is measured.
  bool measures(long deal) const { return quality && (first_deal + deal) % quality_every == 0; }
  // This process's share of the deals when several processes play one plan (mpi_lab.h): it plays
  // the deals d with d % ranks == rank, in increasing order, and reports them with their global
  // index d. The default (0 of 1) plays every deal.
  int rank = 0, ranks = 1;
  // Set (from a signal handler, say) to stop: games in progress finish, no new game starts, and
  // the summary holds the deals finished before the first unfinished one.
  const std::atomic<bool>* stop = nullptr;
  // Set as well (a second Ctrl-C) to stop sooner: games in progress end at their next move and are
  // dropped with their deals, so a run whose games are long (two searchers in a capped game can
  // take an hour) still ends in a move's time with every deal finished before it summarised.
  const std::atomic<bool>* abandon = nullptr;
};

// What the runner tells its listener, in deal order, from one thread at a time.
class Sink {
 public:
  virtual ~Sink() = default;
  virtual void game(const GameResult& result) = 0;
  // Called after the last game of each deal.
  virtual void deal_done(long deal) {}
  // Called as games end, before their deal is whole: `played` games of this process's share have
  // ended so far (in any deal, merged or not), for a progress line within a long deal (a round
  // robin's deal is dozens of games). One thread at a time, never at once with game or deal_done,
  // but from whichever worker ended the game, and not after every game: a worker that finds the
  // runner's lock taken (another is merging) leaves the count to the next game's end or the
  // deal's. Counts only rise. Under MPI (mpi_lab.h) it is not called: rank 0 hears of other
  // ranks' games only as whole deals.
  virtual void games_played(long played) {}
};

struct RunInfo {
  long deals_done = 0;  // of this process's share (all deals unless Plan::ranks > 1)
  bool interrupted = false;
  double seconds = 0;
};

// Plays the plan. Validates every agent spec first (throws BadParams). A game that throws stops
// the run and the error is rethrown (as tabletop::Error naming the deal, condition and rotation).
RunInfo run_plan(const Plan& plan, Sink& sink);

}  // namespace tabletop::sim
