#include "server/deck_routes.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <mutex>

#include "core/error.h"
#include "core/text.h"
#include "server/json_input.h"
#include "server/log.h"
#include "server/secrets.h"

namespace tabletop::server {

namespace {

std::mutex stores_mutex;
std::vector<DeckStore*>& stores() {
  static std::vector<DeckStore*> list;
  return list;
}

Response answer(const Request& request, http::status status, const std::string& type,
                std::string body) {
  Response res{status, request.version()};
  res.set(http::field::content_type, type);
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(request.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

bool valid_id(const std::string& id) {
  return id.size() == 32 && std::all_of(id.begin(), id.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// The game whose seats play player-made decks (core/decks.h); a BadInput where none is registered.
const DeckHook& hook(const Registry& registry) {
  const GameEntry* entry = registry.find_with_decks();
  if (!entry) throw BadInput("no game here plays player-made decks");
  return *entry->decks;
}

// The stored deck checked, its annotations applied (DeckHook::check); BadParams is a BadInput.
std::string check(const DeckHook& decks, const StoredDeck& d) {
  try {
    return decks.check(d.text, d.name, d.annotations).dump();
  } catch (const BadParams& e) {
    throw BadInput(e.what());
  }
}

// The deck as checked, from the store; a deck stored before the check was kept is checked once
// and the check kept.
std::string checked_text(const DeckHook& decks, DeckStore& store, StoredDeck& d) {
  if (d.checked.empty()) {
    d.checked = check(decks, d);
    store.set_deck_annotations(d.id, d.annotations, d.checked);
  }
  return d.checked;
}

StoredDeck load(DeckStore& store, const std::string& id) {
  std::optional<StoredDeck> d = valid_id(id) ? store.load_deck(id) : std::nullopt;
  if (!d) throw BadInput("no deck " + id + " (neither an uploaded deck's id nor a sample deck)");
  store.touch_deck(id, std::time(nullptr));
  return *d;
}

// {"id", "format", "deck"}, the checked deck spliced in as stored (never parsed again).
std::string deck_answer(const DeckHook& decks, DeckStore& store, StoredDeck& d) {
  return R"({"id":)" + json(d.id).dump() + R"(,"format":)" + json(d.format).dump() + R"(,"deck":)" +
         checked_text(decks, store, d) + "}";
}

// The name an upload gives in ?name=: letters, digits, '-', '_' and '.', at most 64; "deck" when
// none is left.
std::string upload_name(const std::string& target) {
  std::string name = "deck";
  if (const std::size_t q = target.find("?name="); q != std::string::npos)
    name = target.substr(q + 6, 64);
  std::erase_if(name, [](char ch) {
    return !(std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_' || ch == '.');
  });
  return name.empty() ? "deck" : name;
}

// The key in a request's "Authorization: Bearer KEY" header ("" when there is none).
std::string bearer_key(const Request& request) {
  const auto it = request.find(http::field::authorization);
  if (it == request.end()) return {};
  const std::string value(it->value());
  return value.starts_with("Bearer ") ? trim(value.substr(7)) : std::string();
}

// POST /api/decks after the limits: checks the deck once, keeps the check, answers 201 with the
// owner's key (shown this once; the store keeps its hash).
Response upload(const DeckHook& decks, DeckStore& store, const Request& request) {
  const std::string& body = request.body();
  StoredDeck d;
  d.id = random_hex(16);
  d.name = upload_name(std::string(request.target()));
  d.text = body;
  d.created_at = std::time(nullptr);
  d.checked = check(decks, d);
  const std::size_t first = body.find_first_not_of(" \t\r\n");
  d.format = first != std::string::npos && body[first] == '{' ? "json" : "vcf";
  const std::string owner_key = new_token();
  d.owner_hash = hash_token(owner_key);
  store.create_deck(d);
  std::string text = deck_answer(decks, store, d);
  text.pop_back();
  text += R"(,"owner_key":)" + json(owner_key).dump() + "}";
  return answer(request, http::status::created, "application/json", std::move(text));
}

// DELETE /api/decks/ID with the owner's key: 204, the deck gone (matches keep their snapshots).
Response delete_deck_answer(DeckStore& store, const Request& request, const StoredDeck& d) {
  const std::string key = bearer_key(request);
  if (key.empty() || d.owner_hash.empty() || !token_matches(key, d.owner_hash))
    return error_response(request, http::status::forbidden,
                          "deleting deck " + d.id +
                              " takes the owner_key its upload answered, as \"Authorization: "
                              "Bearer KEY\"");
  store.delete_deck(d.id);
  Response res{http::status::no_content, request.version()};
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(request.keep_alive());
  res.prepare_payload();
  return res;
}

}  // namespace

std::optional<std::string> stored_deck_snapshot(const std::string& key) {
  const std::lock_guard<std::mutex> lock(stores_mutex);
  for (auto it = stores().rbegin(); it != stores().rend(); ++it)
    if (std::optional<std::string> content = (*it)->load_deck_snapshot(key)) return content;
  return std::nullopt;
}

DeckSourceRegistration::DeckSourceRegistration(DeckStore& store) : store_(store) {
  const std::lock_guard<std::mutex> lock(stores_mutex);
  stores().push_back(&store_);
}

DeckSourceRegistration::~DeckSourceRegistration() {
  const std::lock_guard<std::mutex> lock(stores_mutex);
  std::erase(stores(), &store_);
}

DeckSweeper::DeckSweeper(DeckStore& store, double expiry_s) : store_(store), expiry_s_(expiry_s) {
  if (expiry_s_ <= 0) return;
  // A database error (busy, full) leaves the decks as they are; the next sweep tries again.
  task_.emplace(std::chrono::duration<double>(std::min(expiry_s_ / 4, 3600.0)),
                "sweeping expired decks", [this] {
                  const double now = double(std::time(nullptr));
                  store_.sweep_decks(static_cast<long long>(now - expiry_s_),
                                     static_cast<long long>(now - std::max(expiry_s_, 600.0)));
                });
}

DeckSweeper::~DeckSweeper() = default;

Response deck_too_large(const Request& request, std::size_t limit, std::size_t bytes) {
  return error_response(request, http::status::payload_too_large,
                        "a deck is at most " + std::to_string(limit) + " bytes (" +
                            std::to_string((limit + 1023) / 1024) +
                            " KiB, serve --deck-max-bytes)" +
                            (bytes ? "; this one has " + std::to_string(bytes) : std::string()) +
                            ": export the contacts without photos, or fewer of them");
}

Response deck_route(const RouteContext& c, const Request& request,
                    const std::vector<std::string>& parts, const std::string& address) {
  DeckStore& store = c.lobby.store().decks();
  const DeckHook& decks = hook(c.registry);
  const http::verb method = request.method();
  auto wrong_method = [&] {
    return error_response(request, http::status::method_not_allowed,
                          "method " + std::string(request.method_string()) + " is not allowed on " +
                              std::string(request.target()));
  };
  if (parts.size() == 2) {
    if (method == http::verb::get)
      return answer(request, http::status::ok, "application/json",
                    json{{"samples", decks.samples()}}.dump());
    if (method != http::verb::post) return wrong_method();
    if (c.deck_limit)
      if (auto refused = refuse_over_limit(request, *c.deck_limit, address, "decks", 3600,
                                           "an hour", "serve --deck-rate"))
        return *refused;
    if (request.body().size() > c.deck_max_bytes)
      return deck_too_large(request, c.deck_max_bytes, request.body().size());
    return upload(decks, store, request);
  }
  std::string id = parts[2];
  std::string format;
  for (const char* ext : {".vcf", ".json"})
    if (parts.size() == 3 && id.ends_with(ext)) {
      format = ext + 1;
      id.resize(id.size() - std::string(ext).size());
    }
  if (parts.size() != 3) return error_response(request, http::status::not_found, "no such route");
  if (!valid_id(id) || !store.load_deck(id))
    return error_response(request, http::status::not_found, "no deck " + id);
  if (format.empty() && method == http::verb::delete_)
    return delete_deck_answer(store, request, *store.load_deck(id));
  StoredDeck d = load(store, id);
  if (format == "vcf") {
    if (method != http::verb::get) return wrong_method();
    if (d.format != "vcf")
      throw BadInput("deck " + id + " was uploaded as JSON: GET /api/decks/" + id + ".json");
    Response res = answer(request, http::status::ok, "text/vcard; charset=utf-8",
                          decks.annotated_upload(d.text, d.annotations));
    res.set(http::field::content_disposition, "attachment; filename=\"" + d.name + ".vcf\"");
    return res;
  }
  if (format == "json") {
    if (method != http::verb::get) return wrong_method();
    const json exported = decks.exported(json::parse(checked_text(decks, store, d)));
    return answer(request, http::status::ok, "application/json", exported.dump());
  }
  if (method == http::verb::get)
    return answer(request, http::status::ok, "application/json", deck_answer(decks, store, d));
  if (method != http::verb::patch) return wrong_method();
  const json body = parse_client_json(request.body());
  if (!body.is_object() || !body.contains("card") || !body["card"].is_number_integer())
    throw BadInput("a PATCH names a card by its index: {\"card\": 0, \"army\": \"Animals\"}");
  const long long card = body["card"].get<long long>();
  const std::size_t count =
      json::parse(checked_text(decks, store, d)).value("cards", json::array()).size();
  if (card < 0 || std::size_t(card) >= count)
    throw BadInput("no card " + std::to_string(card) + " (the deck has " + std::to_string(count) +
                   ")");
  if (!body.contains("army")) throw BadInput("field 'army' is missing (an army name, or null)");
  if (body["army"].is_null()) {
    d.annotations.erase(std::to_string(card));
  } else {
    const std::optional<std::string> army = decks.annotation(body["army"]);
    if (!army) throw BadInput("unknown shadow army " + body["army"].dump());
    d.annotations[std::to_string(card)] = *army;
  }
  // An annotation changes the check: checked again once, here, and kept.
  d.checked = check(decks, d);
  store.set_deck_annotations(d.id, d.annotations, d.checked);
  return answer(request, http::status::ok, "application/json", deck_answer(decks, store, d));
}

json resolve_match_decks(const Registry& registry, DeckStore& store, json& request) {
  if (!request.is_object() || !request.contains("decks")) return json::object();
  const json& game = request.contains("game") ? request["game"] : json();
  const GameEntry* entry = game.is_string() ? registry.find(game.get<std::string>()) : nullptr;
  if (!entry || !entry->decks) {
    const GameEntry* with_decks = registry.find_with_decks();
    throw BadInput("field 'decks' is for a game played with decks" +
                   (with_decks ? " (" + with_decks->info.id + ")" : std::string()));
  }
  const DeckHook& decks = *entry->decks;
  const json& list = request["decks"];
  if (!list.is_array() || list.empty())
    throw BadInput("field 'decks' must be an array: one deck id or sample deck name per seat");
  if (list.size() > std::size_t(decks.max_decks()))
    throw BadInput("field 'decks' names at most " + std::to_string(decks.max_decks()) +
                   " decks, one per seat");
  std::string names;
  for (const json& item : list) {
    if (!item.is_string()) throw BadInput("field 'decks' holds deck ids or sample deck names");
    const std::string name = item.get<std::string>();
    if (decks.is_sample(name)) {  // the game reads its samples by name
      names += (names.empty() ? "" : ",") + name;
      continue;
    }
    const StoredDeck d = load(store, name);
    std::string snapshot;
    try {
      snapshot = decks.snapshot(d.text, d.name, d.annotations);
    } catch (const BadParams& e) {
      throw BadInput(e.what());
    }
    // A key of this match's own, random: the snapshot is reachable only through the parameters
    // of the match it was made for, which no client sees or sets.
    const std::string key = random_hex(16);
    store.put_deck_snapshot(key, snapshot);
    store.note_deck_use(d.id, key);
    names += (names.empty() ? "" : ",") + ("upload:" + key);
  }
  request.erase("decks");
  return {{decks.param(), names}};
}

}  // namespace tabletop::server
