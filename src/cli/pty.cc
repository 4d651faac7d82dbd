#include "cli/pty.h"

#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <cstdlib>
#include <stdexcept>

namespace tabletop::cli::testing {

using Clock = std::chrono::steady_clock;

Pty::Pty(const std::vector<std::string>& argv, const std::vector<std::string>& env) {
  winsize size{};
  size.ws_row = 24;
  size.ws_col = 80;
  pid_ = forkpty(&fd_, nullptr, nullptr, &size);
  if (pid_ < 0) throw std::runtime_error("forkpty failed");
  if (pid_ == 0) {
    for (const std::string& e : env) putenv(const_cast<char*>(e.c_str()));
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
}

Pty::~Pty() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  if (fd_ >= 0) close(fd_);
}

bool Pty::read_some(std::chrono::milliseconds timeout) {
  if (eof_) return false;
  pollfd p{fd_, POLLIN, 0};
  if (poll(&p, 1, int(timeout.count())) <= 0) return true;
  char buffer[4096];
  const ssize_t n = read(fd_, buffer, sizeof buffer);
  if (n <= 0) {
    eof_ = true;  // EIO once the program has exited and closed the terminal
    return false;
  }
  out_.append(buffer, std::size_t(n));
  return true;
}

bool Pty::wait_for(const std::string& marker, std::size_t from, std::chrono::milliseconds timeout,
                   std::size_t* end) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    const std::size_t at = out_.find(marker, std::min(from, out_.size()));
    if (at != std::string::npos) {
      if (end) *end = at + marker.size();
      return true;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    if (!read_some(std::min(left, std::chrono::milliseconds(200))) && eof_) return false;
  }
}

bool Pty::wait_line_editor(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    termios modes{};
    if (tcgetattr(fd_, &modes) == 0 && !(modes.c_lflag & ICANON)) return true;
    if (Clock::now() >= deadline) return false;
    read_some(std::chrono::milliseconds(10));
  }
}

void Pty::type(const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd_, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += std::size_t(n);
  }
}

int Pty::wait_exit(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    read_some(std::chrono::milliseconds(50));
    int status = 0;
    const pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      pid_ = -1;
      for (int i = 0; i < 50 && read_some(std::chrono::milliseconds(20)) && !eof_; ++i) {
      }
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
  return -1;
}

}  // namespace tabletop::cli::testing
