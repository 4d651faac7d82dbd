#include "testing/cluster_launch.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "testing/pg_temp.h"

namespace tabletop::server {

namespace {

// The state letter and session id of process `pid` from /proc (state 0 when it is gone).
std::pair<char, long> state_and_session(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return {0, 0};
  std::istringstream fields(text.substr(close + 2));
  char state = 0;
  long ppid = 0, pgrp = 0, session = 0;
  fields >> state >> ppid >> pgrp >> session;
  return {state, session};
}

bool alive(pid_t pid) {
  const char state = state_and_session(pid).first;
  return state != 0 && state != 'Z' && state != 'X';
}

}  // namespace

std::string ClusterDemo::unavailable(const std::string& source_dir) {
  std::string why;
  if (!PgTemp::available(source_dir + "/scripts/pg-temp", &why)) {
    while (!why.empty() && why.back() == '\n') why.pop_back();
    return why;
  }
  if (std::system("command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx") != 0)
    return "nginx is not installed (Debian package nginx; scripts/install-deps installs it)";
  return {};
}

ClusterDemo::ClusterDemo(const std::string& source_dir, const std::vector<std::string>& args,
                         std::chrono::seconds timeout) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) throw std::runtime_error("cluster-demo: no pipe");
  const std::string script = source_dir + "/scripts/cluster-demo";
  script_ = fork();
  session_ = script_;
  if (script_ == 0) {
    setsid();
    // Should the test or the load generator die, the script gets SIGTERM and stops everything.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    dup2(pipe_fds[1], 1);
    dup2(pipe_fds[1], 2);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    std::vector<std::string> all = {script};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(script.c_str(), argv.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  output_fd_ = pipe_fds[0];
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::string pending;
  auto fail = [&](const std::string& why) {
    stop();
    throw std::runtime_error("cluster-demo " + why + "; it printed:\n" + output_);
  };
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) fail("did not say where to open within the time allowed");
    pollfd p{output_fd_, POLLIN, 0};
    if (poll(&p, 1, int(std::min<long long>(left.count(), 1000))) <= 0) continue;
    char buffer[4096];
    const ssize_t n = read(output_fd_, buffer, sizeof buffer);
    if (n <= 0) fail("stopped before it was ready");
    output_.append(buffer, std::size_t(n));
    pending.append(buffer, std::size_t(n));
    for (std::size_t end; (end = pending.find('\n')) != std::string::npos;) {
      const std::string line = pending.substr(0, end);
      pending.erase(0, end + 1);
      std::istringstream words(line);
      std::string prefix, what, pid_word, port_word;
      words >> prefix >> what;
      if (prefix != "cluster-demo:") continue;
      if (what == "open") return;
      long number = 0, pid = 0, port = 0;
      std::string url_word;
      if (what == "postgresql" && (words >> pid_word >> pid >> url_word >> database_url_)) {
        postgres_pid_ = pid_t(pid);
      } else if (what == "server" && (words >> number >> pid_word >> pid >> port_word >> port)) {
        servers_.push_back({pid_t(pid), static_cast<unsigned short>(port)});
      } else if (what == "nginx" && (words >> pid_word >> pid >> port_word >> port)) {
        nginx_ = {pid_t(pid), static_cast<unsigned short>(port)};
      }
    }
  }
}

ClusterDemo::~ClusterDemo() {
  stop();
}

int ClusterDemo::stop() {
  if (script_ <= 0) return -1;
  kill(script_, SIGTERM);
  int status = 0;
  for (int i = 0; i < 600; ++i) {
    if (waitpid(script_, &status, WNOHANG) == script_) break;
    if (i == 599) {
      kill(-script_, SIGKILL);  // the whole session's group, as a last resort
      waitpid(script_, &status, 0);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  script_ = -1;
  if (output_fd_ >= 0) close(output_fd_);
  output_fd_ = -1;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

std::vector<pid_t> ClusterDemo::leftovers() const {
  std::vector<pid_t> left;
  std::vector<pid_t> ours;
  for (const Process& s : servers_) ours.push_back(s.pid);
  ours.push_back(nginx_.pid);
  ours.push_back(postgres_pid_);
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = pid_t(std::stol(name));
    if (!alive(pid)) continue;
    if (state_and_session(pid).second == session_ ||
        std::find(ours.begin(), ours.end(), pid) != ours.end())
      left.push_back(pid);
  }
  return left;
}

}  // namespace tabletop::server
