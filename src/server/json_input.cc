#include "server/json_input.h"

#include <string>

namespace tabletop::server {

json parse_client_json(std::string_view text) {
  if (text.size() > kMaxMessageBytes)
    throw BadInput("message too large: " + std::to_string(text.size()) + " bytes, the limit is " +
                   std::to_string(kMaxMessageBytes));
  // The depth check runs in the parser's callback, before the deeper value is built.
  auto limit = [](int depth, json::parse_event_t event, json&) {
    if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) &&
        depth >= kMaxJsonDepth)
      throw BadInput("JSON nested too deeply (the limit is " + std::to_string(kMaxJsonDepth) +
                     " levels)");
    return true;
  };
  try {
    return json::parse(text.begin(), text.end(), limit);
  } catch (const json::parse_error& e) {
    throw BadInput(std::string("malformed JSON: ") + e.what());
  }
}

std::string string_field(const json& message, const char* key) {
  if (!message.is_object() || !message.contains(key) || !message[key].is_string())
    throw BadInput(std::string("field '") + key + "' must be a string");
  return message[key].get<std::string>();
}

long long int_field(const json& message, const char* key) {
  if (!message.is_object() || !message.contains(key) || !message[key].is_number_integer())
    throw BadInput(std::string("field '") + key + "' must be an integer");
  return message[key].get<long long>();
}

}  // namespace tabletop::server
