// How the `tabletop` command turns bad command-line input into its one kind of error: a single
// line "error: ..." on stderr and exit status 2 (help and --version exit 0, as always).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace tabletop::cli {

// Checks a --seed before CLI11 converts it: a decimal whole number from 0 to 2^64-1. Without it a
// seed past 2^64-1 silently became 2^64-1.
CLI::Validator seed_check();

// Checks a real-number flag before CLI11 converts it: a finite decimal number (no nan, no inf)
// from `min` to `max` inclusive. CLI::Range alone lets "nan" through (every comparison with nan is
// false), which turned `--http-rate nan` into "no limit" and `--detect nan` into nonsense.
CLI::Validator finite_in(double min, double max);

// A CLI11 validator for an IPv4 or IPv6 address in numbers (`serve --bind`): anything else is
// refused with one error line naming the flag ("--bind: '999.1.1.1' is not an IP address ...").
CLI::Validator ip_address();

// Validators for `serve --allowed-host` (a host name with an optional ":port", "[IPv6]:port",
// or "*") and `serve --allowed-origin` (an origin as a browser sends it: "http://" or "https://",
// a host name, an optional ":port", nothing after). Each refusal names the form expected.
CLI::Validator host_name();
CLI::Validator web_origin();

// The most worker threads `sim --threads` takes (more only costs memory: the games are CPU-bound).
inline constexpr int kMaxSimThreads = 64;

// Reports a CLI11 parse error of `app` the project's way and returns the exit status: help and
// version requests print as CLI11 prints them (status 0); every other error prints one line,
// "error: <CLI11's message, escaped and cut> (see 'tabletop <subcommand> --help')", with status 2.
// A stray argument that begins with '-' gets a hint to put moves after "--".
int report_parse_error(const CLI::App& app, const CLI::ParseError& error);

}  // namespace tabletop::cli
