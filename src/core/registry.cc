#include "core/registry.h"

namespace tabletop {

void Registry::add(GameEntry entry) {
  if (find(entry.info.id)) throw Error("game '" + entry.info.id + "' is registered twice");
  entries_.push_back(std::move(entry));
}

const GameEntry* Registry::find(const std::string& id) const {
  for (const GameEntry& e : entries_)
    if (e.info.id == id) return &e;
  return nullptr;
}

std::shared_ptr<const Game> Registry::make(const std::string& id, const json& params) const {
  const GameEntry* entry = find(id);
  if (!entry) {
    std::string known;
    for (const GameEntry& e : entries_) known += (known.empty() ? "" : ", ") + e.info.id;
    throw BadParams("unknown game " + quote(id) + " (known: " + known + ")");
  }
  return entry->make(params);
}

}  // namespace tabletop
