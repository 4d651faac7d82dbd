// value_rows: the positions a learned value (src/ai/learned_value.h) is fitted to, read from the
// lab's self-play records (`tabletop sim ... --records FILE`, one JSON record per line).
//
//   value_rows --records FILE [--positions K] [--seed X] > ROWS
//
// Every record is replayed move by move (core/record.h, with its scripted chance); at K plies of
// it drawn uniformly (with replacement, default 16; a ply drawn twice is written once) among those
// before its end, each seat's row is
// written: one line of
//   deal seat return estimate index value index value ...
// after one header line, "# game ID players N inputs I min LOW max HIGH" (the tensor's size and
// the game's utility range, from the first record; every record must be of that game and count),
// where deal is the record's line number (from 0), return the seat's final return, estimate the
// game's own State::estimate_returns for it (0 where the game has none), then the nonzero entries
// of State::observation_tensor(seat). The plies are drawn by a generator seeded from X and the
// deal, so the rows are a function of the records and X. A record without a result (unfinished)
// is skipped. scripts/train-value fits the rows and writes data/values/<game>-<players>.json.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "core/record.h"
#include "core/rng.h"
#include "games/games.h"

using namespace tabletop;

namespace {

void write_rows(const State& state, int deal, const std::vector<double>& result,
                std::vector<float>& tensor) {
  Returns estimate{};
  if (!state.estimate_returns(estimate)) estimate = Returns{};
  for (Seat s = 0; s < state.num_players(); ++s) {
    state.observation_tensor(s, tensor);
    std::printf("%d %d %g %.6g", deal, s, result[std::size_t(s)], estimate[std::size_t(s)]);
    for (std::size_t i = 0; i < tensor.size(); ++i)
      if (tensor[i] != 0) std::printf(" %zu %g", i, double(tensor[i]));
    std::printf("\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"value_rows: positions of self-play records as rows for scripts/train-value"};
  std::string path;
  int positions = 16;
  uint64_t seed = 1;
  app.add_option("--records", path, "the lab's records (JSON Lines)")->required();
  app.add_option("--positions", positions, "plies drawn per record")->check(CLI::Range(1, 10000));
  app.add_option("--seed", seed, "seeds the plies drawn");
  CLI11_PARSE(app, argc, argv);
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "value_rows: cannot read %s\n", path.c_str());
    return 1;
  }
  std::string line;
  std::vector<float> tensor;
  for (int deal = 0; std::getline(in, line); ++deal) {
    if (line.empty()) continue;
    const Record record = Record::from_json(json::parse(line));
    if (!record.result) continue;
    const std::shared_ptr<const Game> game = games::registry().make(record.game, record.params);
    int size = 1;
    for (int d : game->observation_tensor_shape()) size *= d;
    if (tensor.empty()) {
      const Game::Utility u = game->utility();
      std::printf("# game %s players %d inputs %d min %g max %g\n", record.game.c_str(),
                  game->num_players(), size, u.min, u.max);
    } else if (std::size_t(size) != tensor.size()) {
      std::fprintf(stderr, "value_rows: deal %d is not of the first record's game and count\n",
                   deal);
      return 1;
    }
    tensor.assign(std::size_t(size), 0.0f);
    std::vector<int> wanted(std::size_t(record.moves.size()), 0);
    Rng rng(seed * 0x9e3779b97f4a7c15ULL + uint64_t(deal));
    for (int k = 0; k < positions && !wanted.empty(); ++k)
      ++wanted[rng.uniform(uint32_t(wanted.size()))];
    Chance chance(record.seed);
    chance.script(record.chance);
    std::unique_ptr<State> state = game->new_initial_state(std::move(chance));
    for (std::size_t ply = 0; ply < record.moves.size(); ++ply) {
      if (wanted[ply] > 0) write_rows(*state, deal, *record.result, tensor);
      state->apply_text(record.moves[ply]);
    }
  }
  return 0;
}
