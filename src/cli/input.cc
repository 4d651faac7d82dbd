#include "cli/input.h"

#include <arpa/inet.h>

#include <cctype>
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

namespace {

// "name" or "name:port" with a name of letters, digits, '.', '-', '_', or "[v6]" and "[v6]:port".
bool valid_host(const std::string& text) {
  std::string name = text, port;
  if (text.starts_with('[')) {
    const std::size_t close = text.find(']');
    if (close == std::string::npos) return false;
    unsigned char address[sizeof(in6_addr)];
    if (inet_pton(AF_INET6, text.substr(1, close - 1).c_str(), address) != 1) return false;
    name = "x";
    if (close + 1 < text.size()) {
      if (text[close + 1] != ':') return false;
      port = text.substr(close + 2);
      if (port.empty()) return false;
    }
  } else if (const std::size_t colon = text.find(':'); colon != std::string::npos) {
    name = text.substr(0, colon);
    port = text.substr(colon + 1);
    if (port.empty()) return false;
  }
  if (name.empty() || name.size() > 253 || port.size() > 5) return false;
  for (const char ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '.' && ch != '-' && ch != '_')
      return false;
  for (const char ch : port)
    if (ch < '0' || ch > '9') return false;
  return true;
}

}  // namespace

CLI::Validator host_name() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (text == "*" || valid_host(text)) return {};
        return quote(text) +
               " is not a host name (e.g. tabletop.example.org, tabletop.lan:8080, or * for any)";
      },
      "HOST");
}

CLI::Validator web_origin() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        for (const char* scheme : {"http://", "https://"})
          if (text.starts_with(scheme) && valid_host(text.substr(std::string(scheme).size())))
            return {};
        return quote(text) +
               " is not an origin (scheme://host[:port] with nothing after, e.g. "
               "https://tabletop.example.org)";
      },
      "ORIGIN");
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
