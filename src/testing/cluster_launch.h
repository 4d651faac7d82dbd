// Runs `scripts/cluster-demo` (a throwaway PostgreSQL, N `tabletop serve` processes sharing it,
// nginx in front with deploy/cluster/nginx.conf) as a child process, for the cluster test
// (cluster_demo_test.cc) and `make load-cluster` (tools/server_load.cc). Not used by the server.
//
// The script announces each process on a line of its own (see its header); the constructor reads
// them until the "open http://" line, so once it returns every process answers. The script runs
// in a session of its own, so that `leftovers` can tell whether anything it started outlived it:
// stopping it must leave no process behind (its trap stops nginx, the servers and PostgreSQL).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace tabletop::server {

class ClusterDemo {
 public:
  struct Process {
    pid_t pid = -1;
    unsigned short port = 0;
  };

  // Why the demo cannot run on this machine (PostgreSQL or nginx not installed: the reason
  // scripts/pg-temp gives, or "nginx is not installed ..."), or empty when it can.
  static std::string unavailable(const std::string& source_dir);

  // Starts `source_dir`/scripts/cluster-demo with `args` and waits (at most `timeout`) until it
  // says where to open. Throws std::runtime_error with everything the script printed when it
  // stops or times out first.
  ClusterDemo(const std::string& source_dir, const std::vector<std::string>& args,
              std::chrono::seconds timeout = std::chrono::seconds(180));
  // stop(), if not done yet.
  ~ClusterDemo();
  ClusterDemo(const ClusterDemo&) = delete;
  ClusterDemo& operator=(const ClusterDemo&) = delete;

  // nginx's port: the address clients use.
  unsigned short port() const { return nginx_.port; }
  const std::vector<Process>& servers() const { return servers_; }
  const Process& nginx() const { return nginx_; }
  pid_t postgres_pid() const { return postgres_pid_; }
  // What the script printed (stdout and stderr) up to the "open" line.
  const std::string& output() const { return output_; }

  // SIGTERM to the script (as Ctrl-C's trap would see it); waits for it (60 s, then SIGKILL).
  // Returns its exit status (128 + signal when a signal ended it), or -1 if it was stopped before.
  int stop();
  // Live processes the demo started that are still there: any in the script's session (the
  // servers, nginx and its workers) and PostgreSQL's postmaster (pg_ctl may start it in a session
  // of its own). Zombies do not count: they have exited.
  std::vector<pid_t> leftovers() const;

 private:
  pid_t script_ = -1;
  pid_t session_ = -1;  // the script's session id: its pid
  int output_fd_ = -1;
  std::string output_;
  Process nginx_;
  std::vector<Process> servers_;
  pid_t postgres_pid_ = -1;
  std::string database_url_;
};

}  // namespace tabletop::server
