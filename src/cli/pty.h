// A program run in a pseudo-terminal, for end-to-end tests of `tabletop play`: the program sees a
// terminal on stdin, stdout and stderr (so line editing and the thinking bar are on), the test
// reads everything it prints and types lines into it. Test-only (linked into the CLI tests).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace tabletop::cli::testing {

class Pty {
 public:
  // Starts `argv[0]` (a path) with `argv` in a new 80x24 pseudo-terminal; `env` entries
  // ("NAME=value") are added to the environment.
  explicit Pty(const std::vector<std::string>& argv, const std::vector<std::string>& env = {});
  ~Pty();  // kills the program if it still runs
  Pty(const Pty&) = delete;
  Pty& operator=(const Pty&) = delete;

  // Reads until everything printed from `from` on contains `marker`, the program exits, or
  // `timeout` passes; true when the marker was seen. The position just past the marker is put in
  // `*end` when given.
  bool wait_for(const std::string& marker, std::size_t from, std::chrono::milliseconds timeout,
                std::size_t* end = nullptr);
  // Waits until the terminal is in non-canonical mode, i.e. a line editor is reading keys one by
  // one (on Linux the master side reports the terminal's modes); true when it is, false after
  // `timeout`. Type keys that only a line editor understands (arrows, Tab) after it, or the
  // terminal driver, still in line mode, echoes them as text ("^[[A") before the editor starts.
  bool wait_line_editor(std::chrono::milliseconds timeout);
  // Types `text` (send "\n" to end a line).
  void type(const std::string& text);
  // Waits for the program to exit (up to `timeout`, then kills it); its exit code, or -1.
  int wait_exit(std::chrono::milliseconds timeout);
  // Everything the program printed so far.
  const std::string& output() const { return out_; }

 private:
  bool read_some(std::chrono::milliseconds timeout);  // false at end of output
  pid_t pid_ = -1;
  int fd_ = -1;
  bool eof_ = false;
  std::string out_;
};

}  // namespace tabletop::cli::testing
