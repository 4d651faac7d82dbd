#include "server/connections.h"

namespace tabletop::server {

ConnectionLimits::ConnectionLimits(std::size_t total, std::size_t per_address)
    : total_cap_(total), per_address_cap_(per_address) {}

ConnectionLimits::Admission ConnectionLimits::admit(const std::string& address) {
  std::lock_guard lock(mutex_);
  if (total_cap_ > 0 && open_ >= total_cap_)
    return {nullptr, 503,
            "the server is full: " + std::to_string(total_cap_) +
                " connections are open (its --max-connections); try again later"};
  std::size_t& mine = by_address_[address];
  if (per_address_cap_ > 0 && mine >= per_address_cap_)
    return {nullptr, 429,
            "too many connections from your address: at most " + std::to_string(per_address_cap_) +
                " at once (the server's --max-connections-per-address); close some first"};
  ++mine;
  ++open_;
  // The slot's deleter gives it back; it holds nothing but the way back here.
  Slot slot(static_cast<void*>(this), [this, address](void*) { release(address); });
  return {std::move(slot), 0, {}};
}

void ConnectionLimits::release(const std::string& address) {
  std::lock_guard lock(mutex_);
  --open_;
  auto it = by_address_.find(address);
  if (it != by_address_.end() && --it->second == 0) by_address_.erase(it);
}

std::size_t ConnectionLimits::open() const {
  std::lock_guard lock(mutex_);
  return open_;
}

}  // namespace tabletop::server
