// relativity_playouts WAY GAMES: plays GAMES random games of Relativity from the benchmarks' deal
// (seeds 1..GAMES) one way (yardstick, generic or actions: relativity_playouts.h) and prints the
// plies played. For counting instructions, which the machine's load does not change: the
// difference between a run of N games and a run of 0 under
// `valgrind --tool=cachegrind --cache-sim=no`, over the plies, is that way's instructions per ply.
#include "relativity_playouts.h"

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
  const std::string way = argc == 3 ? argv[1] : "";
  if (way != "yardstick" && way != "generic" && way != "actions") {
    std::fprintf(stderr, "usage: relativity_playouts yardstick|generic|actions GAMES\n");
    return 2;
  }
  const long games = std::strtol(argv[2], nullptr, 10);
  tabletop::RelativityPlayouts playouts("n45a5n/3a2243/3n4a2n/a25345");
  long long plies = 0;
  for (long g = 0; g < games; ++g) {
    tabletop::Rng rng(uint64_t(g) + 1);
    plies += way == "yardstick" ? playouts.yardstick(rng)
             : way == "generic" ? playouts.generic(rng)
                                : playouts.actions(rng);
  }
  std::printf("%s: %ld games, %lld plies\n", way.c_str(), games, plies);
  return 0;
}
