// What other web sites may make the server do through their visitors' browsers: nothing. Every
// request passes these checks before it is routed or upgraded to a WebSocket (http_session.cc);
// docs/server.md, "Security model: other sites", says the same for users.
//
// - Host (DNS rebinding). A page on evil.example whose name the attacker points at 127.0.0.1 is
//   same-origin with the server as far as the browser knows, so only the Host header it sends
//   tells it apart. A request is served when its Host names an IP address (a name nobody can
//   rebind), `localhost`, or an entry of SitePolicy::allowed_hosts (serve --allowed-host): a
//   name, which matches at any port; "name:port", only that port; "*", every Host. Anything else
//   is a 421 JSON error. An HTTP/1.1 request without Host, or with two, is a 400.
// - Origin (cross-site request forgery and cross-site WebSocket hijacking), as Go's
//   net/http.CrossOriginProtection decides it, for every request but GET, HEAD and OPTIONS and for
//   every WebSocket upgrade: a browser's `Sec-Fetch-Site` of `same-origin` or `none` passes; any
//   other value passes only when `Origin` is listed in SitePolicy::allowed_origins (serve
//   --allowed-origin, "scheme://host[:port]" exactly). Without Sec-Fetch-Site (an older
//   browser), an `Origin` whose host[:port] is the request's Host passes, and so does a listed
//   one; without either header the request is no browser's and passes (a browser always sends
//   Origin on these requests). Everything else is a 403 JSON error naming the origin.
// - Content type. An /api/ request with a body must say `Content-Type: application/json`
//   (parameters such as charset allowed), which a page on another site cannot send without the
//   server's CORS consent (none is ever given); else 415. A deck upload (POST /api/decks) is
//   the file's own bytes in whatever type the browser gives the file, so there only the form
//   encodings (application/x-www-form-urlencoded, multipart/form-data) are a 415.
#pragma once

#include <boost/beast/http.hpp>
#include <optional>
#include <string>
#include <vector>

namespace tabletop::server {

namespace http = boost::beast::http;
using Request = http::request<http::string_body>;  // as routes.h
using Response = http::response<http::string_body>;

struct SitePolicy {
  std::vector<std::string> allowed_hosts;    // besides IP addresses and localhost (see above)
  std::vector<std::string> allowed_origins;  // other sites' origins trusted to make requests
};

// The JSON refusal of `request` (its Host, Origin or content type; `websocket`: it is a WebSocket
// upgrade), or nullopt when it may be served.
std::optional<Response> cross_site_refusal(const SitePolicy& policy, const Request& request,
                                           bool websocket);

// Sets the headers every answer carries: `X-Content-Type-Options: nosniff`, `Referrer-Policy:
// no-referrer`, `X-Frame-Options: DENY` and a Content-Security-Policy; a page (text/html) gets
// kPageContentSecurityPolicy and `Cache-Control: no-store` (a join link's token is in the page's
// URL), anything else `default-src 'none'; frame-ancestors 'none'`.
void add_security_headers(Response& response);

// The built client's policy: its own scripts, styles, images and connections (WebSocket to the
// same host included) only; no inline script or style attribute, no plugin, no <base>, no
// framing by any page, forms posted nowhere else.
inline constexpr const char* kPageContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'";

}  // namespace tabletop::server
