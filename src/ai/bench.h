// `tabletop bench`: a fixed, deterministic search workload over every registered game.
//
// For each game (default parameters) the bench builds three positions from seed 1: the initial
// state and the states after 10 and 40 uniformly random moves (drawn from a fixed generator; fewer
// if the game ends first). At each it runs one decision of a fresh search agent - `mcts` for a
// perfect-information game, `ismcts` for a hidden-information one - with a fixed iteration count,
// one thread, seed 1: first with SearchOptions' defaults (the plain line), then, for a game with a
// tuned line (its entry's search_lines), with those options added at a tenth of the iterations (the
// search the lobby's levels run, whose iteration can cost a hundred plain ones: the card game's
// opponent model scans every other seat's moves). Nothing depends on the clock, so the node counts
// (moves applied in tree descents and playouts, SearchStats::plies) are the same on every run of
// the same code: the plain lines' sum, the signature, changes only when the behaviour of the search
// or of a game changes, and the tuned lines' sum when that of the tuned search does. Commits that
// change behaviour carry them as "Bench: N" and "Tuned: N". Times, and so the speeds, naturally
// vary.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/registry.h"

namespace tabletop::ai {

struct BenchLine {
  std::string game;
  std::string agent;  // the spec searched with
  // The game's tuned search (src/ai/tuning.h), as the lobby's levels, the hint and the analysis
  // run it; false for the plain search with SearchOptions' defaults.
  bool tuned = false;
  int positions = 0;
  uint64_t iterations = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  // The searching thread's CPU time (CLOCK_THREAD_CPUTIME_ID): on a busy machine the wall time
  // counts the time other processes had the core, the CPU time does not, so iterations per CPU
  // second estimate the speed on one quiet core.
  double cpu_seconds = 0;
};

struct BenchResult {
  std::vector<BenchLine> lines;  // in registry order, a game's tuned line after its plain one
  uint64_t signature = 0;        // sum of the plain lines' nodes ("Bench: N")
  uint64_t tuned_signature = 0;  // sum of the tuned lines' nodes ("Tuned: N")
};

// The bench's position `plies` moves into `game`'s seed-1 deal: uniformly random moves from a
// fixed generator, stopping short of a move that would end the game. Also the start of
// bench/search_threads_bench.cc's decisions.
std::unique_ptr<State> bench_position(const Game& game, int plies);

// Runs the bench with `iterations` per position: over every game with its default parameters, or
// over `game` alone made with `params` (e.g. the card game at six players: what the lobby's time
// budget buys there). Throws BadParams for an unknown game or bad parameters, and what the games
// throw (a bug).
BenchResult run_bench(const Registry& registry, int iterations, const std::string& game = "",
                      const json& params = json::object());

// The result as a table (speeds per wall second and per CPU second), then "Bench: <signature>"
// and "Tuned: <tuned_signature>", each on its own line.
std::string bench_report(const BenchResult& result);

}  // namespace tabletop::ai
