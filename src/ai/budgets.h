// The search budgets the product's levels name: one constant each, read by the levels (levels.h),
// the server's and the terminal's hint search, and their tests.
#pragma once

namespace tabletop::ai {

// Hard's budget: milliseconds of a one-thread search per decision. The lobby's `hard` level and a
// hint's search (`--hint-ms`) default to it.
inline constexpr int kHardSearchMs = 1500;
// Expert's budget: milliseconds per decision of one tree grown by kExpertThreads threads
// (parallel=tree); a computer seat of this level counts kExpertThreads against `serve
// --computer-threads`.
inline constexpr int kExpertSearchMs = 3000;
inline constexpr int kExpertThreads = 4;

}  // namespace tabletop::ai
