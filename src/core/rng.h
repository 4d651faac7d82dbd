// Seeded pseudo-random numbers for everything in Tabletop: deals, dice, bags, agents.
//
// Rng is xoshiro256** seeded through splitmix64. It is a small value type (32 bytes): copying a
// state copies its generator, so a clone continues the same stream. It never allocates.
#pragma once

#include <cstdint>

namespace tabletop {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  // Restarts the stream from `seed`. Equal seeds give equal streams on every platform.
  void reseed(uint64_t seed) {
    for (auto& word : s_) {
      seed += 0x9e3779b97f4a7c15ULL;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      word = z ^ (z >> 31);
    }
  }

  // The next 64 random bits.
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // A uniform integer in [0, n). Precondition: n > 0. Unbiased (Lemire's method).
  uint32_t uniform(uint32_t n) {
    uint64_t m = uint64_t(uint32_t(next() >> 32)) * n;
    uint32_t low = uint32_t(m);
    if (low < n) {
      const uint32_t threshold = uint32_t(-n) % n;
      while (low < threshold) {
        m = uint64_t(uint32_t(next() >> 32)) * n;
        low = uint32_t(m);
      }
    }
    return uint32_t(m >> 32);
  }

  // A uniform double in [0, 1).
  double unit() { return double(next() >> 11) * 0x1.0p-53; }

  bool operator==(const Rng&) const = default;

  // The generator's four state words, for saving and restoring a state exactly.
  const uint64_t* words() const { return s_; }
  void set_words(const uint64_t words[4]) {
    for (int i = 0; i < 4; ++i) s_[i] = words[i];
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace tabletop
