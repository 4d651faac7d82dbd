#include "server/addresses.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include <boost/asio/ip/address.hpp>

namespace tabletop::server {
namespace {

std::string url(const boost::asio::ip::address& a, unsigned short port) {
  const std::string host = a.is_v6() ? "[" + a.to_string() + "]" : a.to_string();
  return "http://" + host + ":" + std::to_string(port);
}

// The interfaces' addresses that are up, not loopback and not link-local (IPv4 first).
std::vector<boost::asio::ip::address> interface_addresses(bool want_v6) {
  std::vector<boost::asio::ip::address> v4, v6;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return {};
  for (ifaddrs* i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr || !(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
    if (i->ifa_addr->sa_family == AF_INET) {
      const auto* in = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
      v4.push_back(boost::asio::ip::address_v4(ntohl(in->sin_addr.s_addr)));
    } else if (want_v6 && i->ifa_addr->sa_family == AF_INET6) {
      const auto* in6 = reinterpret_cast<const sockaddr_in6*>(i->ifa_addr);
      boost::asio::ip::address_v6::bytes_type bytes;
      std::copy(std::begin(in6->sin6_addr.s6_addr), std::end(in6->sin6_addr.s6_addr),
                bytes.begin());
      const boost::asio::ip::address_v6 a(bytes);
      if (!a.is_link_local() && !a.is_loopback()) v6.push_back(a);
    }
  }
  freeifaddrs(list);
  v4.insert(v4.end(), v6.begin(), v6.end());
  return v4;
}

}  // namespace

std::vector<std::string> reachable_urls(const std::string& bind, unsigned short port,
                                        const std::string& public_url) {
  if (!public_url.empty()) return {public_url};
  boost::system::error_code ec;
  const boost::asio::ip::address bound = boost::asio::ip::make_address(bind, ec);
  if (ec) return {};
  if (!bound.is_unspecified()) return {url(bound, port)};
  std::vector<std::string> out;
  for (const boost::asio::ip::address& a : interface_addresses(bound.is_v6()))
    out.push_back(url(a, port));
  return out;
}

bool loopback_address(const std::string& address) {
  boost::system::error_code ec;
  const boost::asio::ip::address a = boost::asio::ip::make_address(address, ec);
  if (ec) return false;
  if (a.is_v6() && a.to_v6().is_v4_mapped())
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, a.to_v6()).is_loopback();
  return a.is_loopback();
}

}  // namespace tabletop::server
