#include "core/registry.h"

#include <algorithm>

#include "core/file.h"

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

const GameEntry* Registry::find_with_decks() const {
  for (const GameEntry& e : entries_)
    if (e.decks) return &e;
  return nullptr;
}

std::shared_ptr<const Game> Registry::make(const std::string& id, const json& params,
                                           ParamOrigin origin, const json& attached) const {
  const GameEntry* entry = find(id);
  if (!entry) {
    std::string known;
    for (const GameEntry& e : entries_) known += (known.empty() ? "" : ", ") + e.info.id;
    throw BadParams("unknown game " + quote(id) + " (known: " + known + ")");
  }
  check_param_origin(id, entry->params, params, origin);
  json merged = params.is_null() ? json::object() : params;
  if (!attached.is_null() && !attached.empty()) {
    if (!attached.is_object() || !merged.is_object())
      throw BadParams(id + ": parameters must be a JSON object");
    for (auto it = attached.begin(); it != attached.end(); ++it) {
      const auto spec = std::find_if(entry->params.begin(), entry->params.end(),
                                     [&](const ParamSpec& p) { return p.name == it.key(); });
      if (spec == entry->params.end() || spec->who_sets() != ParamSpec::Setter::kEmbedder)
        throw BadParams(id + " param " + quote(it.key()) +
                        ": not one the embedding program attaches");
      if (merged.contains(it.key()))
        throw BadParams(id + " param " + quote(it.key()) + ": given twice");
      merged[it.key()] = it.value();
    }
  }
  if (origin == ParamOrigin::kCommandLine) return entry->make(merged);
  const NoFileAccess no_files;
  return entry->make(merged);
}

json Registry::public_params(const std::string& id, const json& params) const {
  const GameEntry* entry = find(id);
  if (!entry || !params.is_object()) return params;
  json out = params;
  for (const ParamSpec& spec : entry->params)
    if (spec.who_sets() != ParamSpec::Setter::kAnyone) out.erase(spec.name);
  return out;
}

}  // namespace tabletop
