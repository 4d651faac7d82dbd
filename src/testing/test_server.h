// The options of a server under test (the server's tests, src/server/*_test.cc): one place for
// what every such server shares, so each test sets only the limit or feature it checks.
#pragma once

#include <string>

#include "server/server.h"

namespace tabletop::server {

// A server on database `where` (a SQLite path or a PostgreSQL URL) that listens on a free port of
// 127.0.0.1 (Server::port says which), with two network threads and one computer thread, and with
// the per-address limits on new matches and HTTP requests off and the per-connection WebSocket
// message rate out of reach: tests create matches and send moves faster than people do. Every
// other option keeps its serve default; a test that checks a limit sets it on the copy.
inline ServerOptions test_server_options(const std::string& where) {
  ServerOptions o;
  o.port = 0;
  o.db = where;
  o.network_threads = 2;
  o.computer_threads = 1;
  o.matches_per_minute = 0;
  o.http_requests_per_second = 0;
  o.messages_per_second = 100000;
  return o;
}

}  // namespace tabletop::server
