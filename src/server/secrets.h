// Secrets of the server: match seeds, seat tokens and match ids, all drawn from the operating
// system's random source (getrandom), and how tokens are stored and compared.
//
// A token is 128 random bits written as 32 lowercase hex characters. The server keeps only its
// SHA-256 hash (hex), and compares a presented token with a stored hash in constant time, so
// neither the database nor timing gives a token away.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tabletop::server {

// `bytes` random bytes from the OS as lowercase hex. Throws std::runtime_error if the OS fails.
std::string random_hex(std::size_t bytes);
// A new seat token (128 bits, 32 hex characters).
inline std::string new_token() {
  return random_hex(16);
}
// A new match id (64 bits, 16 hex characters; public, only needs to be unique).
inline std::string new_match_id() {
  return random_hex(8);
}
// A new match seed (64 bits from the OS).
uint64_t new_seed();

// SHA-256 of `token`, as 64 hex characters (what the database stores).
std::string hash_token(std::string_view token);
// True when `token` hashes to `stored_hash`; the comparison takes the same time wherever the
// hashes differ.
bool token_matches(std::string_view token, std::string_view stored_hash);

}  // namespace tabletop::server
