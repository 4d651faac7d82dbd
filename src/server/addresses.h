// Where people on other machines reach this server: the addresses the lobby writes into join
// links (GET /api/addresses) and `tabletop serve` prints at its start.
//
// A page opened at a loopback address (127.0.0.1, localhost) would otherwise write links that
// reach only the machine the server runs on. The server answers that page with the addresses it
// listens on that other machines can reach: `--public-url` when the operator gave one (behind a
// proxy, or a name), else, when it listens on every interface (`--bind 0.0.0.0` or `::`), each
// network interface's address that is up and not loopback, else the address it is bound to.
// Without --public-url the machine's interface addresses are told only to a client on the
// machine itself (a loopback peer): a client elsewhere already reached it by one of them, and a
// server behind a proxy has no reason to tell the world its inner addresses.
#pragma once

#include <string>
#include <vector>

namespace tabletop::server {

// "http://ADDRESS:PORT" for each address at which other machines reach a server bound to `bind`
// on `port`, or just `public_url` when it is set. IPv6 addresses in brackets. Interface
// addresses in the order the system lists them, IPv4 first.
std::vector<std::string> reachable_urls(const std::string& bind, unsigned short port,
                                        const std::string& public_url);

// Whether `address` (an IP address as text) is a loopback address (127.0.0.0/8, ::1, or an
// IPv4-mapped 127.x).
bool loopback_address(const std::string& address);

}  // namespace tabletop::server
