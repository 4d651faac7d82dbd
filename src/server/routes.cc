#include "server/routes.h"

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <cerrno>
#include <optional>
#include <sstream>

#include "core/error.h"
#include "core/file.h"
#include "core/json_input.h"
#include "core/record.h"
#include "server/addresses.h"
#include "server/catalog.h"
#include "server/deck_routes.h"
#include "server/json_input.h"
#include "server/log.h"

namespace tabletop::server {

namespace {

Response json_response(const Request& request, http::status status, const json& body) {
  Response res{status, request.version()};
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(request.keep_alive());
  res.body() = dump_for_message(body);
  res.prepare_payload();
  return res;
}

// A JSON answer already written as text (a cached replay page).
Response json_text_response(const Request& request, http::status status, std::string body) {
  Response res{status, request.version()};
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(request.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

std::string mime_type(const std::string& path) {
  auto ends = [&](const char* ext) { return path.ends_with(ext); };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript";
  if (ends(".css")) return "text/css";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".json")) return "application/json";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".woff2")) return "font/woff2";
  return "application/octet-stream";
}

// The largest static file served (the built client's largest asset is well under 1 MiB).
constexpr std::size_t kMaxStaticFileBytes = std::size_t(32) << 20;

enum class Static { kRead, kAbsent, kRefused };

// Reads `path` (decoded, beginning with '/') beneath the static root: kAbsent when nothing is
// there, kRefused for what is no file to serve (a directory, a device, a symlink out of the root,
// a file too large).
Static read_static(const RouteContext& c, const std::string& path, std::string& out) {
  try {
    out = read_file_beneath(c.static_dir, path.substr(1), kMaxStaticFileBytes);
    return Static::kRead;
  } catch (const FileError& e) {
    return e.error_number == ENOENT || e.error_number == ENOTDIR ? Static::kAbsent
                                                                 : Static::kRefused;
  }
}

// `path` with its %XX escapes decoded (RFC 3986); nullopt for a malformed escape.
std::optional<std::string> percent_decoded(const std::string& path) {
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] != '%') {
      out += path[i];
      continue;
    }
    auto hex = [](char h) {
      return h >= '0' && h <= '9'   ? h - '0'
             : h >= 'a' && h <= 'f' ? h - 'a' + 10
             : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                    : -1;
    };
    if (i + 2 >= path.size() || hex(path[i + 1]) < 0 || hex(path[i + 2]) < 0) return std::nullopt;
    out += char(hex(path[i + 1]) * 16 + hex(path[i + 2]));
    i += 2;
  }
  return out;
}

Response static_file(const RouteContext& c, const Request& request, std::string path) {
  if (request.method() != http::verb::get && request.method() != http::verb::head)
    return error_response(request, http::status::method_not_allowed, "only GET serves files");
  if (c.static_dir.empty())
    return error_response(request, http::status::not_found,
                          "no client is served (start with --static web/dist)");
  if (const auto q = path.find('?'); q != std::string::npos) path.resize(q);
  // No way out of the static folder, however it is spelled: the path is decoded first (%2e%2e is
  // ".."), then no "..", no backslash, no NUL; read_static then refuses a file whose real place
  // (symlinks resolved) is outside the root.
  const std::optional<std::string> decoded = percent_decoded(path);
  if (!decoded || decoded->find("..") != std::string::npos ||
      decoded->find('\\') != std::string::npos || decoded->find('\0') != std::string::npos ||
      decoded->empty() || (*decoded)[0] != '/')
    return error_response(request, http::status::bad_request, "bad path");
  path = *decoded;
  if (path.back() == '/') path += "index.html";
  std::string body;
  std::string served = path;
  if (const Static got = read_static(c, path, body); got != Static::kRead) {
    // Client routes (/match/...) load the app; a missing asset, a directory or anything else that
    // is no file to serve is a 404.
    if (got == Static::kRefused ||
        (path.find('.') != std::string::npos && !path.starts_with("/match/")))
      return error_response(request, http::status::not_found, "no file " + path);
    served = "/index.html";
    if (read_static(c, served, body) != Static::kRead)
      return error_response(request, http::status::not_found, "the client is not built");
  }
  Response res{http::status::ok, request.version()};
  res.set(http::field::content_type, mime_type(served));
  res.keep_alive(request.keep_alive());
  res.body() = request.method() == http::verb::head ? std::string() : std::move(body);
  res.prepare_payload();
  return res;
}

// Splits "/api/matches/abc/join?x=1" into its path segments and query.
std::vector<std::string> segments(const std::string& target, std::string& query) {
  std::string path = target;
  if (const auto q = path.find('?'); q != std::string::npos) {
    query = path.substr(q + 1);
    path.resize(q);
  }
  std::vector<std::string> out;
  std::size_t start = 1;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    if (end > start) out.push_back(path.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string query_value(const std::string& query, const std::string& key) {
  std::size_t start = 0;
  while (start < query.size()) {
    std::size_t end = query.find('&', start);
    if (end == std::string::npos) end = query.size();
    const std::string pair = query.substr(start, end - start);
    if (pair.starts_with(key + "=")) return pair.substr(key.size() + 1);
    start = end + 1;
  }
  return {};
}

// POST /api/test-clock (serve --test-clock, tests only): {"advance_ms": N}, N from 1 ms to 30
// days, moves the server's clock N ms forward; answers {"now_ms"}. 404 without the flag; 403 from
// another machine.
Response test_clock_route(const RouteContext& c, const Request& request,
                          const std::string& address) {
  if (!c.test_clock)
    return error_response(request, http::status::not_found,
                          "no test clock: the server was not started with --test-clock");
  if (request.method() != http::verb::post)
    return error_response(request, http::status::method_not_allowed,
                          "method " + std::string(request.method_string()) + " is not allowed on " +
                              std::string(request.target()));
  if (!loopback_address(address))
    return error_response(request, http::status::forbidden,
                          "the test clock is moved from this machine only");
  const json body = parse_client_json(request.body());
  constexpr long long kMaxAdvanceMs = 30LL * 24 * 3600 * 1000;
  c.test_clock->advance(int_field(body, "advance_ms", 1, kMaxAdvanceMs));
  return json_response(request, http::status::ok, {{"now_ms", c.test_clock->now_ms()}});
}

Response api(const RouteContext& c, const Request& request, const std::string& address) {
  std::string query;
  const std::vector<std::string> parts = segments(std::string(request.target()), query);
  const http::verb method = request.method();
  auto wrong_method = [&] {
    return error_response(request, http::status::method_not_allowed,
                          "method " + std::string(request.method_string()) + " is not allowed on " +
                              std::string(request.target()));
  };
  // parts[0] == "api"
  if (parts.size() == 2 && parts[1] == "games") {
    if (method != http::verb::get) return wrong_method();
    return json_response(request, http::status::ok, games_json(c.registry));
  }
  if (parts.size() == 2 && parts[1] == "addresses") {
    if (method != http::verb::get) return wrong_method();
    const bool tell = c.public_url_given || loopback_address(address);
    return json_response(request, http::status::ok,
                         json{{"urls", tell ? json(c.public_urls) : json::array()}});
  }
  if (parts.size() == 2 && parts[1] == "test-clock") return test_clock_route(c, request, address);
  if (parts.size() == 2 && parts[1] == "matches") {
    if (method == http::verb::get)
      return json_response(request, http::status::ok, c.lobby.list(query_value(query, "status")));
    if (method != http::verb::post) return wrong_method();
    if (c.create_limit)
      if (auto refused =
              refuse_over_limit(request, *c.create_limit, address, "matches", 60, "a minute"))
        return *refused;
    json body = parse_client_json(request.body());
    // Decks by id (deck_routes.h): snapshots the server attaches itself.
    const json attached = resolve_match_decks(c.registry, c.lobby.store().decks(), body);
    return json_response(request, http::status::created, c.lobby.create(body, address, attached));
  }
  if (parts.size() >= 2 && parts[1] == "decks") return deck_route(c, request, parts, address);
  if (parts.size() >= 3 && parts[1] == "matches") {
    std::shared_ptr<Room> room = c.lobby.find(parts[2]);
    if (!room) return error_response(request, http::status::not_found, "no match " + parts[2]);
    if (parts.size() == 3) {
      if (method != http::verb::get) return wrong_method();
      return json_response(request, http::status::ok, room->summary());
    }
    if (parts.size() == 4 && parts[3] == "join") {
      if (method != http::verb::post) return wrong_method();
      const json body = parse_client_json(request.body());
      const int seat = int(int_field(body, "seat", 0, 63));
      if (body.contains("player") && !body["player"].is_string())
        throw BadInput("'player' must be a name (text)");
      const std::string token = room->claim(seat, body.value("player", ""));
      return json_response(
          request, http::status::ok,
          {{"seat", seat}, {"token", token}, {"join_url", join_url(room->id(), seat, token)}});
    }
    if (parts.size() == 4 && parts[3] == "replay") {
      if (method != http::verb::get) return wrong_method();
      // One page from step `from` (room.h: built once, served from the room's copy).
      const std::string from = query_value(query, "from");
      if (from.size() > 9 || from.find_first_not_of("0123456789") != std::string::npos)
        return error_response(request, http::status::bad_request,
                              "'from' must be a step number (0 to 999999999)");
      std::optional<std::string> page =
          room->replay_page(from.empty() ? 0 : std::stoul(from), address);
      if (page) return json_text_response(request, http::status::ok, std::move(*page));
      // A long match's is being built on the computer threads: ask again shortly.
      Response res = json_response(request, http::status::accepted,
                                   {{"status", "building"}, {"retry_after_ms", 500}});
      res.set(http::field::retry_after, "1");
      return res;
    }
    if (parts.size() == 4 && parts[3] == "analysis" && c.analyses) {
      if (method != http::verb::get) return wrong_method();
      json record;
      try {
        record = room->record();
      } catch (const NotYet&) {  // 409: the analysis, like the record, waits for the end
        return error_response(
            request, http::status::conflict,
            "the analysis of match " + room->id() + " is made only once the match is finished");
      }
      return json_response(request, http::status::ok, c.analyses->get(room->id(), record, address));
    }
    if (parts.size() == 4 && parts[3] == "record") {
      if (method != http::verb::get) return wrong_method();
      const std::string format = query_value(query, "format");
      if (!format.empty() && format != "json" && format != "ppn")
        return error_response(request, http::status::bad_request,
                              "unknown format " + quote(format) + " (json or ppn)");
      // A request that is wrong whatever the match's state (an unknown format, a game without
      // a PPN writer) is a 400 first; a valid one is a 403 until the end (docs/server.md).
      if (format == "ppn" && !has_ppn_writer(c.registry, room->game_id()))
        return error_response(
            request, http::status::bad_request,
            "no PPN exporter for " + room->game_id() + " (PPN is written for relativity only)");
      // Throws NotYet (403) before the end: an unfinished match's record never leaves.
      json record = room->record();
      // Everyone may fetch a finished match's record: no key that opens a deck snapshot.
      record["params"] = c.registry.public_params(room->game_id(), record["params"]);
      if (format != "ppn") return json_response(request, http::status::ok, record);
      Response res{http::status::ok, request.version()};
      res.set(http::field::content_type, "text/plain; charset=utf-8");
      res.set(http::field::content_disposition, "attachment; filename=\"" + room->id() + ".ppn\"");
      res.set(http::field::cache_control, "no-store");
      res.keep_alive(request.keep_alive());
      try {
        res.body() = record_to_ppn(c.registry, Record::from_json(record));
      } catch (const BadRecord& e) {  // e.g. a game stopped by the engine's ply cap
        return error_response(request, http::status::bad_request, e.what());
      }
      res.prepare_payload();
      return res;
    }
  }
  return error_response(request, http::status::not_found,
                        "no route " + std::string(request.target()));
}

}  // namespace

Response error_response(const Request& request, http::status status, const std::string& message) {
  return json_response(request, status, json{{"error", valid_utf8(message)}});
}

std::optional<Response> refuse_over_limit(const Request& request, HttpRateLimiter& limit,
                                          const std::string& address, const std::string& what,
                                          double per_seconds, const std::string& per,
                                          const std::string& note) {
  const int retry_after = limit.take(address);
  if (!retry_after) return std::nullopt;
  std::ostringstream rate;
  rate << limit.per_second() * per_seconds << " " << per << " (bursts of " << limit.burst()
       << (note.empty() ? "" : ", " + note) << ")";
  Response res =
      error_response(request, http::status::too_many_requests,
                     "too many new " + what + " from your address: at most " + rate.str() +
                         "; retry in " + std::to_string(retry_after) + " s");
  res.set(http::field::retry_after, std::to_string(retry_after));
  return res;
}

Response too_many_requests(const Request& request, const HttpRateLimiter& limit,
                           int retry_after_s) {
  std::ostringstream rate;
  rate << limit.per_second() << " a second (bursts of " << limit.burst() << ")";
  Response res = error_response(request, http::status::too_many_requests,
                                "too many requests from your address: at most " + rate.str() +
                                    "; retry in " + std::to_string(retry_after_s) + " s");
  res.set(http::field::retry_after, std::to_string(retry_after_s));
  return res;
}

std::string client_address(const RouteContext& context, const Request& request,
                           const std::string& peer) {
  if (context.trusted_proxies.empty() ||
      std::find(context.trusted_proxies.begin(), context.trusted_proxies.end(), peer) ==
          context.trusted_proxies.end())
    return peer;
  const auto header = request.find("X-Real-IP");
  if (header == request.end()) return peer;
  boost::system::error_code ec;
  const auto named = boost::asio::ip::make_address(std::string(header->value()), ec);
  return ec ? peer : named.to_string();
}

Response route(const RouteContext& c, const Request& request, const std::string& address) {
  const std::string target(request.target());
  try {
    for (const unsigned char ch : target)
      if (ch <= 0x20 || ch >= 0x7f)
        return error_response(request, http::status::bad_request,
                              "bad path " + quote(target) +
                                  ": a path is printable ASCII (escape other bytes as %XX)");
    if (target == "/api" || target.starts_with("/api/") || target.starts_with("/api?"))
      return api(c, request, address);
    return static_file(c, request, target);
  } catch (const BadInput& e) {
    return error_response(request, http::status::bad_request, e.what());
  } catch (const Conflict& e) {
    return error_response(request, http::status::conflict, e.what());
  } catch (const NotYet& e) {
    return error_response(request, http::status::forbidden, e.what());
  } catch (const OverLimit& e) {
    return error_response(request, http::status::too_many_requests, e.what());
  } catch (const std::exception& e) {
    logger().error("{} {} failed with an internal error: {}", std::string(request.method_string()),
                   quote(target, 200), one_line(e.what()));
    return error_response(request, http::status::internal_server_error,
                          std::string("internal error: ") + e.what());
  }
}

}  // namespace tabletop::server
