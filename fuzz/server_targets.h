// The server's fuzz targets (targets.h lists them): raw bytes into the HTTP and WebSocket request
// handling in-process, with a fresh in-memory server (Store on ":memory:", a Lobby whose computer
// jobs are dropped) per input, holding one Relativity match with one human seat and one open seat.
// In the input, "$ID" stands for that match's id and "$TOKEN" for its seat 0 token, so that seeds
// reach past the lookups.
//   - http: bytes as a client sends them on one connection (several pipelined requests allowed),
//     read as a connection reads them (http_session.h: parse_request, the 16 KiB buffer, chunked
//     trailers and extensions), then routed (route) or, for a WebSocket upgrade, checked
//     (websocket_refusal). Every error answer must be a JSON object whose "error" is valid UTF-8.
//   - ws: one protocol message per line (ws_session.h: handle_client_message) on one connection;
//     every answer and every message the room delivers must be JSON text.
//   - match: one POST /api/matches body (JSON) taken as the route takes it, from request
//     parameters to the game: resolve_match_decks (card-game decks by id or sample name), then
//     Lobby::create (the client's params from ParamOrigin::kNetwork). With core/file.h's
//     file-open hook failing the input, no body may make the server open a file, whatever it
//     names (a path in any parameter, "upload:..." keys, sample names).
#pragma once

#include <string_view>

namespace tabletop::fuzz {

void run_http(std::string_view input);
void run_ws(std::string_view input);
void run_match(std::string_view input);

}  // namespace tabletop::fuzz
