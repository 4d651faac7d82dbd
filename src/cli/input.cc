#include "cli/input.h"

#include <arpa/inet.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <sstream>

#include "core/error.h"

namespace tabletop::cli {

CLI::Validator seed_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        if (!text.empty() && ptr == end && ec == std::errc()) return {};
        return "expected a whole number from 0 to 18446744073709551615, got " + quote(text);
      },
      "SEED");
}

CLI::Validator finite_in(double min, double max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        double value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        if (text.empty() || ptr != end || ec != std::errc() || !std::isfinite(value))
          return "expected a number, got " + quote(text);
        if (value < min || value > max) {
          std::ostringstream range;
          range << "expected a number from " << min << " to " << max << ", got " << quote(text);
          return range.str();
        }
        return {};
      },
      "NUMBER");
}

CLI::Validator ip_address() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        unsigned char address[sizeof(in6_addr)];
        if (inet_pton(AF_INET, text.c_str(), address) == 1 ||
            inet_pton(AF_INET6, text.c_str(), address) == 1)
          return {};
        return quote(text) +
               " is not an IP address (e.g. 127.0.0.1 for this machine only, 0.0.0.0 for every "
               "network)";
      },
      "ADDRESS");
}

int report_parse_error(const CLI::App& app, const CLI::ParseError& error) {
  if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(error);
  std::string command = "tabletop";
  for (const CLI::App* sub = &app; !sub->get_subcommands().empty();) {
    sub = sub->get_subcommands().front();
    command += " " + sub->get_name();
  }
  std::string hint;
  if (dynamic_cast<const CLI::ExtrasError*>(&error) &&
      std::string(error.what()).find(": -") != std::string::npos)
    hint = "; a move that begins with '-' goes after '--'";
  std::cerr << "error: " << one_line(error.what(), 300) << " (see '" << command << " --help'"
            << hint << ")\n";
  return 2;
}

}  // namespace tabletop::cli
