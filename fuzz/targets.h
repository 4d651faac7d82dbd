// Fuzz targets: one function per input path of Tabletop, each taking arbitrary bytes. They are
// driven two ways: by libFuzzer (fuzzer.cc, `make fuzz`, clang only, built in build/fuzz) and by a
// seeded random-input test in `make test` (fuzz_test.cc), which mutates the committed corpus
// (fuzz/corpus/<target>/) for a few seconds.
//
// The contract every target checks is the project's bad-input rule: whatever the bytes, the code
// either accepts them or throws a tabletop::Error (BadMove, BadParams, BadRecord) — which the
// target swallows — and never crashes, hangs, leaks or throws anything else (a std::exception of
// another kind or an InvariantError escapes the target and is a finding). Where the input is
// accepted, the target also checks what must then hold (a restored state saves back to the same
// JSON, a legal move leaves a state whose invariants hold).
//
// Input formats (text, so that the corpus is readable and the seeds are real inputs):
//   - moves:   first line "<game id> <seed> [players]", then one move per line in the game's
//   notation;
//   - params:  first line "<game id>", then one `key=value` per line (as --param takes them);
//   - agents:  first line "<game id>", then one agent spec per line (as --agents/--seats take
//   them);
//   - record:  one JSON record (as `tabletop replay` reads);
//   - jsonl:   JSON Lines, one record per line;
//   - ppn:     a PPN file;
//   - state:   a saved state (State::to_json, as `apply --state` reads);
//   - vcard:   a conspiracy-tcg deck as a vCard file (as `tabletop deck check FILE.vcf` reads);
//   - deck:    a conspiracy-tcg deck as JSON (as `tabletop deck check FILE.json` reads);
//   - http:    raw bytes of HTTP requests on one connection to the server (server_targets.h);
//   - ws:      WebSocket protocol messages to the server, one per line (server_targets.h);
//   - match:   one POST /api/matches body, from request parameters to game construction, no
//   file opened (server_targets.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tabletop::fuzz {

struct Target {
  const char* name;
  void (*run)(std::string_view input);
};

// Every target, in a fixed order.
const std::vector<Target>& targets();

// The target named `name`; throws std::invalid_argument for an unknown name.
const Target& target(std::string_view name);

}  // namespace tabletop::fuzz
