#include "server/cross_site.h"

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <cctype>

#include "core/error.h"
#include "core/text.h"
#include "server/routes.h"

namespace tabletop::server {

namespace {

std::string_view view(boost::beast::string_view text) {
  return {text.data(), text.size()};
}

struct HostName {
  std::string name;  // lower case; an IPv6 address without its brackets
  std::string port;  // empty when none was given
  bool ip = false;
};

// "name", "name:port", "[v6]" or "[v6]:port" (RFC 9110's Host), or nullopt when malformed.
std::optional<HostName> parse_host(std::string_view text) {
  HostName host;
  std::string_view rest;
  if (text.starts_with('[')) {
    const std::size_t close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    host.name = lower_ascii(text.substr(1, close - 1));
    rest = text.substr(close + 1);
    boost::system::error_code ec;
    boost::asio::ip::make_address_v6(host.name, ec);
    if (ec) return std::nullopt;
    host.ip = true;
  } else {
    const std::size_t colon = text.find(':');
    host.name = lower_ascii(text.substr(0, colon));
    rest = colon == std::string_view::npos ? std::string_view() : text.substr(colon);
    if (host.name.empty()) return std::nullopt;
    for (const char ch : host.name)
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '.' && ch != '-' && ch != '_')
        return std::nullopt;
    boost::system::error_code ec;
    boost::asio::ip::make_address_v4(host.name, ec);
    host.ip = !ec;
  }
  if (!rest.empty()) {
    if (rest.front() != ':' || rest.size() < 2 || rest.size() > 6) return std::nullopt;
    host.port = std::string(rest.substr(1));
    if (!std::all_of(host.port.begin(), host.port.end(),
                     [](char ch) { return ch >= '0' && ch <= '9'; }))
      return std::nullopt;
  }
  return host;
}

bool host_allowed(const SitePolicy& policy, const HostName& host) {
  if (host.ip || host.name == "localhost") return true;
  for (const std::string& entry : policy.allowed_hosts) {
    if (entry == "*") return true;
    const std::optional<HostName> allowed = parse_host(entry);
    if (allowed && allowed->name == host.name &&
        (allowed->port.empty() || allowed->port == host.port))
      return true;
  }
  return false;
}

std::optional<Response> host_refusal(const SitePolicy& policy, const Request& request) {
  const std::size_t count = request.count(http::field::host);
  if (count > 1)
    return error_response(request, http::status::bad_request, "more than one Host header");
  if (count == 0) {
    if (request.version() < 11) return std::nullopt;
    return error_response(request, http::status::bad_request,
                          "no Host header (HTTP/1.1 requires one)");
  }
  const std::string_view value = view(request[http::field::host]);
  const std::optional<HostName> host = parse_host(value);
  if (!host)
    return error_response(request, http::status::bad_request,
                          "bad Host header " + quote(std::string(value)));
  if (host_allowed(policy, *host)) return std::nullopt;
  return error_response(request, http::status::misdirected_request,
                        "this server does not answer to the name " + quote(host->name) +
                            ": it answers to its IP addresses, localhost and the names given "
                            "with --allowed-host (a page reaching it under another name is "
                            "refused, as DNS rebinding would)");
}

bool safe_method(http::verb method) {
  return method == http::verb::get || method == http::verb::head || method == http::verb::options;
}

std::optional<Response> origin_refusal(const SitePolicy& policy, const Request& request,
                                       bool websocket) {
  if (!websocket && safe_method(request.method())) return std::nullopt;
  const auto origin_field = request.find(http::field::origin);
  const std::string origin = origin_field == request.end()
                                 ? std::string()
                                 : lower_ascii(trim(view(origin_field->value())));
  const bool listed = !origin.empty() &&
                      std::any_of(policy.allowed_origins.begin(), policy.allowed_origins.end(),
                                  [&](const std::string& o) { return lower_ascii(o) == origin; });
  const std::string what = websocket ? "WebSocket" : "request";
  const auto site = request.find("Sec-Fetch-Site");
  if (site != request.end()) {
    const std::string value = lower_ascii(trim(view(site->value())));
    if (value == "same-origin" || value == "none" || listed) return std::nullopt;
    return error_response(request, http::status::forbidden,
                          "cross-site " + what + " refused: the browser says it comes from " +
                              (value == "same-site" ? "another origin" : "another site") +
                              " (Sec-Fetch-Site " + quote(value) + ", Origin " +
                              quote(origin.empty() ? "none" : origin) +
                              "); only this server's own pages and origins named with "
                              "--allowed-origin may");
  }
  if (origin.empty() || listed) return std::nullopt;
  const std::size_t scheme_end = origin.find("://");
  const std::string host = lower_ascii(trim(view(request[http::field::host])));
  if (scheme_end != std::string::npos && origin.substr(scheme_end + 3) == host) return std::nullopt;
  return error_response(request, http::status::forbidden,
                        "cross-origin " + what + " refused: Origin " + quote(origin) +
                            " is not this server (" + quote(host) +
                            "); only its own pages and origins named with --allowed-origin may");
}

std::optional<Response> content_type_refusal(const Request& request) {
  if (request.body().empty() || safe_method(request.method())) return std::nullopt;
  const std::string_view target(request.target().data(), request.target().size());
  const std::string_view path = target.substr(0, target.find('?'));
  if (path != "/api" && !path.starts_with("/api/")) return std::nullopt;
  std::string_view type = view(request[http::field::content_type]);
  type = type.substr(0, type.find(';'));
  const std::string media = lower_ascii(trim(type));
  if (request.method() == http::verb::post && path == "/api/decks") {
    if (media != "application/x-www-form-urlencoded" && media != "multipart/form-data")
      return std::nullopt;
    return error_response(
        request, http::status::unsupported_media_type,
        "a deck is uploaded as the file's own bytes, not as a form (" + quote(media) + ")");
  }
  if (media == "application/json") return std::nullopt;
  return error_response(request, http::status::unsupported_media_type,
                        "the body must be JSON sent with Content-Type: application/json (not " +
                            quote(media.empty() ? "none" : media) + ")");
}

}  // namespace

std::optional<Response> cross_site_refusal(const SitePolicy& policy, const Request& request,
                                           bool websocket) {
  if (auto refused = host_refusal(policy, request)) return refused;
  if (auto refused = origin_refusal(policy, request, websocket)) return refused;
  if (websocket) return std::nullopt;
  return content_type_refusal(request);
}

void add_security_headers(Response& response) {
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "no-referrer");
  response.set(http::field::x_frame_options, "DENY");
  const std::string_view type = view(response[http::field::content_type]);
  if (type.starts_with("text/html")) {
    response.set("Content-Security-Policy", kPageContentSecurityPolicy);
    response.set(http::field::cache_control, "no-store");
  } else {
    response.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
}

}  // namespace tabletop::server
