// Reading JSON that arrives from the network: bounded in size and nesting depth, so a hostile
// body can neither exhaust memory nor the stack. Every failure is a BadInput naming the problem
// in one sentence, fit for {"error": ...}.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>

namespace tabletop::server {

using json = nlohmann::json;

// Input from a client that the server refuses; `what()` is the sentence sent back.
struct BadInput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline constexpr std::size_t kMaxMessageBytes = 64 * 1024;
inline constexpr int kMaxJsonDepth = 32;

// Parses `text` through core's read_json limits; throws BadInput if it is longer than
// kMaxMessageBytes ("message too large"), nested deeper than kMaxJsonDepth or not JSON
// ("malformed JSON: ...").
json parse_client_json(std::string_view text);

// Field readers for a parsed message; each throws BadInput naming the field and what it should be.
std::string string_field(const json& message, const char* key);
long long int_field(const json& message, const char* key);
// An integer field that must lie in [min, max] (a seat number, ...); BadInput names the range.
long long int_field(const json& message, const char* key, long long min, long long max);

}  // namespace tabletop::server
