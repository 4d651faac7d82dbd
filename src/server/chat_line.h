// One line of a match's table talk, as the room keeps it and the store holds it (room_chat.h).
#pragma once

#include <string>

namespace tabletop::server {

struct ChatLine {
  long long n = 0;   // the match's chat sequence number, from 0
  int seat = 0;      // who wrote it
  long long at = 0;  // seconds since the epoch
  std::string text;  // cleaned (room_chat.h)
};

}  // namespace tabletop::server
