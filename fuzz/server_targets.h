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
#pragma once

#include <string_view>

namespace tabletop::fuzz {

void run_http(std::string_view input);
void run_ws(std::string_view input);

}  // namespace tabletop::fuzz
