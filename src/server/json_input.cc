#include "server/json_input.h"

#include <climits>
#include <optional>
#include <string>

#include "core/json_input.h"

namespace tabletop::server {

json parse_client_json(std::string_view text) {
  if (text.size() > kMaxMessageBytes)
    throw BadInput("message too large: " + std::to_string(text.size()) + " bytes, the limit is " +
                   std::to_string(kMaxMessageBytes));
  // The project's one reader of untrusted JSON (core/json_input.h) checks the depth before parsing.
  std::string problem;
  std::optional<json> message =
      try_read_json(text, JsonLimits{kMaxMessageBytes, kMaxJsonDepth}, &problem);
  if (!message) throw BadInput("malformed JSON: the message " + problem);
  return std::move(*message);
}

std::string string_field(const json& message, const char* key) {
  if (!message.is_object() || !message.contains(key) || !message[key].is_string())
    throw BadInput(std::string("field '") + key + "' must be a string");
  return message[key].get<std::string>();
}

long long int_field(const json& message, const char* key) {
  if (!message.is_object() || !message.contains(key) || !message[key].is_number_integer())
    throw BadInput(std::string("field '") + key + "' must be an integer");
  // Above 2^63 - 1 (a JSON number parsed as unsigned): named as sent, never wrapped.
  if (message[key].is_number_unsigned() &&
      message[key].get<unsigned long long>() > (unsigned long long)(LLONG_MAX))
    throw BadInput(std::string("field '") + key + "' must be an integer from " +
                   std::to_string(LLONG_MIN) + " to " + std::to_string(LLONG_MAX) + ", not " +
                   std::to_string(message[key].get<unsigned long long>()));
  return message[key].get<long long>();
}

}  // namespace tabletop::server

namespace tabletop::server {

long long int_field(const json& message, const char* key, long long min, long long max) {
  auto out_of_range = [&](const std::string& value) {
    return BadInput(std::string("field '") + key + "' must be an integer from " +
                    std::to_string(min) + " to " + std::to_string(max) + ", not " + value);
  };
  // An unsigned value above 2^63 - 1 is no integer a client may mean; refuse it (named as sent),
  // never wrap it.
  if (message.is_object() && message.contains(key) && message[key].is_number_unsigned() &&
      message[key].get<unsigned long long>() > static_cast<unsigned long long>(max))
    throw out_of_range(std::to_string(message[key].get<unsigned long long>()));
  const long long value = int_field(message, key);
  if (value < min || value > max) throw out_of_range(std::to_string(value));
  return value;
}

}  // namespace tabletop::server
