// Seeds for batch play: every game of a run gets its own seed, mixed from the run's master seed
// and the game's index, so that two runs with different master seeds share no game.
//
// game_seed(m, i) = splitmix64(splitmix64(m) + i). splitmix64's finaliser is a bijection of 64-bit
// words, so two runs share a game only if their masters' hashes lie within the number of games of
// each other: for runs of a million games that happens with probability about 1e-13.
#pragma once

#include <cstdint>

namespace tabletop::sim {

// One step of Steele, Lea and Flood's SplitMix64 (the increment, then the finaliser).
constexpr uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The seed of deal `index` in a run with master seed `master`: the game's chance stream starts
// from it. Every condition and rotation of the run plays deal `index` from this same seed (common
// random numbers).
constexpr uint64_t game_seed(uint64_t master, uint64_t index) {
  return splitmix64(splitmix64(master) + index);
}

// The seed of the agent in `slot` (the slot's place in the agent list, not the seat it sits in)
// for the game seeded `game`: an agent keeps its random stream when rotations move it to another
// seat.
constexpr uint64_t agent_seed(uint64_t game, int slot) {
  return splitmix64(game ^ (0xd1b54a32d192ed03ULL * uint64_t(slot + 1)));
}

}  // namespace tabletop::sim
