// The search budgets the product's defaults name: one constant each, read by the lobby's levels
// (server/catalog.cc), the server's and the terminal's hint search, and their tests.
#pragma once

#include <array>
#include <cstddef>

namespace tabletop::ai {

// Hard's budget: milliseconds of a one-thread search per decision. The lobby's `hard` level and a
// hint's search (`--hint-ms`) default to it.
inline constexpr int kHardSearchMs = 1500;

namespace budgets_detail {

// "ismcts:time=<kHardSearchMs>,threads=1" as a NUL-terminated array, built at compile time.
constexpr std::array<char, 40> hard_spec() {
  std::array<char, 40> out{};
  std::size_t n = 0;
  for (const char* p = "ismcts:time="; *p; ++p) out[n++] = *p;
  char digits[12]{};
  std::size_t d = 0;
  for (int v = kHardSearchMs; v > 0; v /= 10) digits[d++] = char('0' + v % 10);
  while (d > 0) out[n++] = digits[--d];
  for (const char* p = ",threads=1"; *p; ++p) out[n++] = *p;
  return out;
}
inline constexpr std::array<char, 40> kHardSpecText = hard_spec();

}  // namespace budgets_detail

// Hard's agent spec: information-set search for kHardSearchMs on one thread.
inline constexpr const char* kHardSearchSpec = budgets_detail::kHardSpecText.data();

}  // namespace tabletop::ai
