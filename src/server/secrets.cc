#include "server/secrets.h"

#include <openssl/crypto.h>
#include <openssl/sha.h>
#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <vector>

namespace tabletop::server {

namespace {

void fill_random(unsigned char* out, std::size_t n) {
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = getrandom(out + got, n - got, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed");
    }
    got += std::size_t(r);
  }
}

std::string to_hex(const unsigned char* data, std::size_t n) {
  static const char* kDigits = "0123456789abcdef";
  std::string out(2 * n, '0');
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = kDigits[data[i] >> 4];
    out[2 * i + 1] = kDigits[data[i] & 15];
  }
  return out;
}

}  // namespace

std::string random_hex(std::size_t bytes) {
  std::vector<unsigned char> buffer(bytes);
  fill_random(buffer.data(), bytes);
  return to_hex(buffer.data(), bytes);
}

uint64_t new_seed() {
  unsigned char b[8];
  fill_random(b, 8);
  uint64_t seed = 0;
  for (unsigned char c : b) seed = (seed << 8) | c;
  return seed;
}

std::string hash_token(std::string_view token) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(token.data()), token.size(), digest);
  return to_hex(digest, sizeof digest);
}

bool token_matches(std::string_view token, std::string_view stored_hash) {
  const std::string presented = hash_token(token);
  if (stored_hash.size() != presented.size()) return false;
  return CRYPTO_memcmp(presented.data(), stored_hash.data(), presented.size()) == 0;
}

}  // namespace tabletop::server
