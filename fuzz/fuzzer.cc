// The libFuzzer entry point, compiled once per target with TABLETOP_FUZZ_TARGET set to its name
// (fuzz/CMakeLists.txt makes <name>_fuzzer for every target in targets.h).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static const tabletop::fuzz::Target& target = tabletop::fuzz::target(TABLETOP_FUZZ_TARGET);
  target.run(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
