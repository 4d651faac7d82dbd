#include "testing/pg_temp.h"

#include <stdlib.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>

namespace tabletop::server {

namespace {
// Runs `command` (through sh), answers its exit status; its output (stdout and stderr) to `out`.
int run(const std::string& command, std::string& out) {
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return -1;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, p)) > 0) out.append(buffer, n);
  const int status = pclose(p);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}
}  // namespace

bool PgTemp::available(const std::string& script, std::string* why) {
  std::string out;
  const bool ok = run(shell_quoted(script) + " available", out) == 0;
  if (!ok && why) *why = out.empty() ? script + " available failed" : out;
  return ok;
}

PgTemp::PgTemp(const std::string& script) : script_(script) {
  std::string out;
  // The port the script finds free may be taken before the server binds it (another program's
  // connection): a few tries, each on a new port.
  for (int attempt = 0;; ++attempt) {
    std::string pattern = (std::filesystem::temp_directory_path() / "tabletop-pg-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("pg-temp: cannot make a temp folder");
    dir_ = pattern;
    out.clear();
    if (run(shell_quoted(script_) + " start " + shell_quoted(dir_), out) == 0) break;
    std::string ignored;
    run(shell_quoted(script_) + " stop " + shell_quoted(dir_), ignored);
    if (attempt == 4) throw std::runtime_error("scripts/pg-temp start failed 5 times: " + out);
  }
  // The URL is the last line.
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  url_ = out.substr(out.find_last_of('\n') + 1);
}

PgTemp::~PgTemp() {
  std::string ignored;
  run(shell_quoted(script_) + " stop " + shell_quoted(dir_), ignored);
}

}  // namespace tabletop::server
