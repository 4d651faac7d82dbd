#include "server_targets.h"

#include <boost/beast/websocket.hpp>
#include <stdexcept>

#include "core/error.h"
#include "core/file.h"
#include "core/json_input.h"
#include "games/conspiracy_tcg/gazetteer.h"
#include "games/games.h"
#include "server/deck_routes.h"
#include "server/http_session.h"
#include "server/json_input.h"
#include "server/lobby.h"
#include "server/routes.h"
#include "server/sqlite_store.h"
#include "server/ws_session.h"

namespace tabletop::fuzz {
namespace {

using server::json;

// A finding: what the server answered broke its own contract.
struct Broken : std::logic_error {
  using std::logic_error::logic_error;
};

struct FuzzServer {
  server::SqliteStore store{":memory:"};
  // No worker threads: a computer's search is queued and never run (the matches have none).
  server::ComputerPool computers{1, /*threads=*/false};
  server::Lobby lobby{games::registry(), store, server::ComputerSettings{&computers, 0}, 0};
  server::RouteContext context{games::registry(), lobby, "", 1e9, nullptr, nullptr};
  std::string id, token;

  FuzzServer() {
    const json created = lobby.create(json::parse(
        R"({"game":"relativity","seats":[{"kind":"human"},{"kind":"human","open":true}]})"));
    id = created["id"];
    token = created["seats"][0]["token"];
  }
  // `input` with $ID and $TOKEN filled in.
  std::string fill(std::string_view input) const {
    std::string out(input);
    for (const auto& [from, to] :
         {std::pair<std::string, std::string>{"$ID", id}, {"$TOKEN", token}})
      for (std::size_t at = out.find(from); at != std::string::npos; at = out.find(from, at))
        out.replace(at, from.size(), to);
    return out;
  }
};

void check_answer(const server::Response& response) {
  if (response.result_int() < 400) return;
  const json body = json::parse(response.body(), nullptr, false);
  if (!body.is_object() || !body.contains("error") || !body["error"].is_string())
    throw Broken("an error answer that is not {\"error\": \"...\"}: " + quote(response.body()));
  const std::string text = body["error"];
  if (valid_utf8(text) != text) throw Broken("an error text that is not valid UTF-8");
}

class DroppingViewer : public server::Viewer {
 public:
  void deliver(std::shared_ptr<const std::string> message) override {
    if (json::parse(*message, nullptr, false).is_discarded())
      throw Broken("the room delivered a message that is not JSON");
  }
};

}  // namespace

void run_http(std::string_view input) {
  FuzzServer s;
  const std::string bytes = s.fill(input);
  std::string_view rest = bytes;
  while (!rest.empty()) {
    server::RequestParser parser;
    server::limit_parser(parser);
    std::size_t used = 0;
    const boost::beast::error_code ec = server::parse_request(rest, parser, used);
    if (ec == boost::beast::http::error::need_more) return;  // the connection would wait
    if (ec) {
      check_answer(server::parse_error_response(ec));
      return;  // the connection is closed after the answer
    }
    const server::Request request = parser.release();
    if (boost::beast::websocket::is_upgrade(request)) {
      if (auto refusal = server::websocket_refusal(request)) check_answer(*refusal);
      return;  // the connection is a WebSocket now (or closed)
    }
    check_answer(server::route(s.context, request, "127.0.0.1"));
    if (!request.keep_alive() || used == 0) return;
    rest.remove_prefix(used);
  }
}

void run_ws(std::string_view input) {
  FuzzServer s;
  const std::string messages = s.fill(input);
  auto viewer = std::make_shared<DroppingViewer>();
  server::ClientState client;
  std::size_t start = 0;
  while (start <= messages.size()) {
    std::size_t end = messages.find('\n', start);
    if (end == std::string::npos) end = messages.size();
    server::handle_client_message(s.lobby, client, viewer, messages.substr(start, end - start),
                                  [](const json& answer) {
                                    // What the session would send: it must be writable.
                                    (void)dump_for_message(answer);
                                    if (!answer.contains("type"))
                                      throw Broken("an answer without a type");
                                  });
    start = end + 1;
  }
  if (client.room) client.room->unsubscribe(viewer.get());
}

void run_match(std::string_view input) {
  // The operator's gazetteer, read as serve reads it at its start (before any request).
  static const bool gazetteer_read = [] {
    try {
      conspiracy_tcg::Gazetteer::load(conspiracy_tcg::Gazetteer::default_path());
    } catch (const std::exception&) {
    }
    return true;
  }();
  (void)gazetteer_read;
  // As the server does at its start (server.cc): uploaded decks' snapshots come from the stores.
  static const bool snapshots_from_stores = [] {
    if (const GameEntry* entry = games::registry().find_with_decks())
      entry->decks->set_snapshot_source(server::stored_deck_snapshot);
    return true;
  }();
  (void)snapshots_from_stores;
  FuzzServer s;
  const server::DeckSourceRegistration decks(s.store.decks());
  std::string opened;
  set_file_open_hook([&](const std::string& path) {
    opened = path;
    throw FileError("the fuzz target forbids opening files");
  });
  try {
    json body = server::parse_client_json(s.fill(input));
    const json attached = server::resolve_match_decks(games::registry(), s.store.decks(), body);
    s.lobby.create(body, "203.0.113.9", attached);
  } catch (const server::BadInput&) {
  } catch (const Error&) {
  } catch (...) {
    set_file_open_hook(nullptr);
    throw;
  }
  set_file_open_hook(nullptr);
  if (!opened.empty()) throw Broken("a match request opened the file " + quote(opened));
}

}  // namespace tabletop::fuzz
