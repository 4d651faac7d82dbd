// The fuzz targets (targets.h) in `make test`: every committed seed as it is, then a fixed number
// of seeded random mutations of the seeds per target (byte flips, insertions of characters and
// tokens that have broken Tabletop before — NaN, huge integers, deep brackets, control
// characters —, deletions, duplications, splices). Deterministic: a failure names the target and
// the mutation number, and prints the input escaped. `make fuzz` runs the same targets under
// libFuzzer for longer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <typeinfo>

#include "core/error.h"
#include "core/rng.h"
#include "targets.h"

namespace tabletop::fuzz {
namespace {

std::vector<std::string> seeds_of(const std::string& name) {
  std::vector<std::string> seeds;
  const std::filesystem::path dir = std::filesystem::path(TABLETOP_FUZZ_CORPUS) / name;
  std::vector<std::filesystem::path> files;
  for (const auto& f : std::filesystem::directory_iterator(dir)) files.push_back(f.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    seeds.push_back(text.str());
  }
  return seeds;
}

std::string mutate(const std::vector<std::string>& seeds, Rng& rng) {
  static const std::vector<std::string> tokens = {
      "nan", "inf", "-inf",       "1e999", "4294967298", "18446744073709551616",
      "-1",  "0",   "\n",         "\r",    "\x1b[",      "\"",
      "\\",  "{}",  "[]",         "null",  ",",          ":",
      "=",   "#",   ";",          "-",     "...",        "---",
      "{",   "}",   "2147483648", "1.5",   "999999",     "\xff\xfe",
      "\0"};
  std::string s = seeds[rng.uniform(uint32_t(seeds.size()))];
  const int edits = 1 + int(rng.uniform(4));
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = s.empty() ? 0 : rng.uniform(uint32_t(s.size() + 1));
    switch (rng.uniform(7)) {
      case 0:  // flip a byte
        if (!s.empty()) s[std::min(at, s.size() - 1)] ^= char(1u << rng.uniform(8));
        break;
      case 1:  // insert a token
        s.insert(at, tokens[rng.uniform(uint32_t(tokens.size()))]);
        break;
      case 2:  // delete a range
        s.erase(at, rng.uniform(16) + 1);
        break;
      case 3: {  // duplicate a range
        const std::string piece = s.substr(at, rng.uniform(32) + 1);
        s.insert(at, piece);
        break;
      }
      case 4: {  // splice in part of another seed
        const std::string& other = seeds[rng.uniform(uint32_t(seeds.size()))];
        const std::size_t from = other.empty() ? 0 : rng.uniform(uint32_t(other.size()));
        s.insert(at, other.substr(from, rng.uniform(64) + 1));
        break;
      }
      case 5:  // deep nesting
        s.insert(at, std::string(rng.uniform(2) ? 40 : 3000, rng.uniform(2) ? '[' : '{'));
        break;
      default:  // a random byte
        s.insert(at, 1, char(rng.uniform(256)));
        break;
    }
  }
  return s;
}

// What escaped the target, or empty.
std::string escaped(const Target& t, const std::string& input) {
  try {
    t.run(input);
  } catch (const std::exception& e) {
    return std::string(typeid(e).name()) + ": " + e.what();
  }
  return {};
}

class FuzzTarget : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzTarget, SeedsAndMutationsGiveErrorsNeverCrashes) {
  const Target& t = target(GetParam());
  const std::vector<std::string> seeds = seeds_of(t.name);
  ASSERT_FALSE(seeds.empty()) << "no committed seeds for " << t.name;
  for (std::size_t i = 0; i < seeds.size(); ++i)
    ASSERT_EQ(escaped(t, seeds[i]), "") << t.name << " seed " << i << ": " << quote(seeds[i], 400);
  // TABLETOP_FUZZ_MUTATIONS raises the count for a longer local run.
  const char* env = std::getenv("TABLETOP_FUZZ_MUTATIONS");
  const int mutations = env ? std::atoi(env) : 1000;
  Rng rng(0x5eed + std::hash<std::string>{}(t.name));
  for (int m = 0; m < mutations; ++m) {
    const std::string input = mutate(seeds, rng);
    ASSERT_EQ(escaped(t, input), "") << t.name << " mutation " << m << ": " << quote(input, 2000);
  }
}

INSTANTIATE_TEST_SUITE_P(AllInputPaths, FuzzTarget,
                         ::testing::Values("moves", "params", "agents", "record", "jsonl", "ppn",
                                           "state", "vcard", "deck", "http", "ws", "match"),
                         [](const auto& p) { return p.param; });

TEST(FuzzTargets, EveryTargetIsTested) {
  EXPECT_EQ(targets().size(), 12u);
}

}  // namespace
}  // namespace tabletop::fuzz
