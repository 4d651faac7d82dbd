// A throwaway PostgreSQL cluster for tests, through scripts/pg-temp (initdb into a temp folder,
// loopback on a free port, removed at the end). Not used by the server.
#pragma once

#include <string>

namespace tabletop::server {

class PgTemp {
 public:
  // Whether `script` (scripts/pg-temp) can start a cluster here; if not, `why` gets its reason.
  static bool available(const std::string& script, std::string* why);
  // Starts a cluster in a new folder under the temp directory (up to five tries, a port being
  // taken between the script's check and the server's bind). Throws std::runtime_error with the
  // script's output if it cannot.
  explicit PgTemp(const std::string& script);
  // Stops the cluster and removes its folder.
  ~PgTemp();
  PgTemp(const PgTemp&) = delete;
  PgTemp& operator=(const PgTemp&) = delete;

  // postgresql://tabletop@127.0.0.1:PORT/tabletop
  const std::string& url() const { return url_; }

 private:
  std::string script_;
  std::string dir_;
  std::string url_;
};

}  // namespace tabletop::server
