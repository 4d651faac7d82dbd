// Batch self-play: N games between agents, in parallel threads, with a summary and optional
// records.
//
// Game i is played from seed `seed + i` with its agents seeded from the same number, so a run is
// reproducible whatever the thread count. Results are reported in game order.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/record.h"

namespace tabletop::sim {

struct Options {
  int games = 100;
  uint64_t seed = 1;
  std::vector<std::string> agents;  // one spec per seat
  int threads = 0;                  // 0: one per core
  bool keep_records = false;
};

struct Summary {
  std::string game;
  json params;
  std::vector<std::string> agents;
  int games = 0;
  std::vector<int> wins;  // per seat; a shared top score counts as a win for each sharer
  int draws = 0;          // every seat scored the same
  double mean_plies = 0;
  int min_plies = 0, max_plies = 0;
  std::vector<double> mean_returns;  // per seat
  double seconds = 0;
  std::vector<Record> records;  // when Options::keep_records

  json to_json() const;
  // A few human-readable lines.
  std::string to_text() const;
};

// Plays the games. Throws BadParams for a bad agent spec or the wrong number of agents.
Summary run(std::shared_ptr<const Game> game, const Options& options);

}  // namespace tabletop::sim
