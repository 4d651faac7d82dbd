#include "core/game.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "core/json_input.h"
#include "core/text.h"

namespace tabletop {

std::vector<std::string> EventLog::for_viewer(Seat viewer, std::size_t first,
                                              std::vector<int>* plies) const {
  std::vector<std::string> lines;
  const std::vector<Event>& all = events();
  for (std::size_t i = first; i < all.size(); ++i) {
    const Event& e = all[i];
    const bool sees =
        e.seen_by == kEveryone || (viewer >= 0 && viewer < 64 && (e.seen_by >> viewer) & 1);
    if (sees)
      lines.push_back(e.text);
    else if (!e.masked.empty())
      lines.push_back(e.masked);
    else
      continue;
    if (plies) plies->push_back(e.ply);
  }
  return lines;
}

int State::num_players() const {
  return game_->num_players();
}

std::vector<Move> State::legal_moves() const {
  MoveList list;
  legal_moves(list);
  return {list.begin(), list.end()};
}

std::string State::why_illegal(Move move) const {
  if (is_terminal()) return "the game is over";
  MoveList list;
  legal_moves(list);
  if (list.contains(move)) return {};
  return move_to_string(move) + " is not a legal move here";
}

void State::apply_checked(Move move) {
  std::string why = why_illegal(move);
  if (!why.empty()) throw BadMove(why);
  apply(move);
}

void State::apply_text(std::string_view text) {
  Move move = parse_move(text);
  std::string why = why_illegal(move);
  if (!why.empty()) throw BadMove("illegal move " + quote(text) + ": " + why);
  apply(move);
}

json State::to_json() const {
  return json{{"game", game_->info().id},
              {"params", game_->params()},
              {"ply", ply_},
              {"chance", chance_.to_json()},
              {"state", state_json()}};
}

std::unique_ptr<State> State::determinize(Seat viewer, Rng& rng) const {
  std::unique_ptr<State> copy = clone();
  copy->sample_hidden(viewer, rng);
  copy->chance_.reseed(rng.next());
  copy->chance_.set_journal(false);
  copy->log_ = EventLog();
  return copy;
}

std::string State::render(Seat viewer) const {
  return observation(viewer).dump(2);
}

std::unique_ptr<State> Game::state_from_json(const json& j) const {
  try {
    if (!j.is_object()) throw BadRecord("saved state: expected a JSON object");
    if (j.value("game", "") != info_.id)
      throw BadRecord("saved state is for game " +
                      quote(dump_for_message(j.value("game", json()))) + ", not '" + info_.id +
                      "'");
    if (j.at("params") != params_) throw BadRecord("saved state has different params");
    Chance chance;
    chance.restore(j.at("chance"));
    std::unique_ptr<State> state = restore_state(j.at("state"), std::move(chance));
    const json& ply = j.at("ply");
    // An integer (signed in memory, unsigned when parsed), never a float: no conversion is UB.
    if (!ply.is_number_integer() ||
        (ply.is_number_unsigned() ? ply.get<uint64_t>() > uint64_t(kMaxSavedPly)
                                  : ply.get<int64_t>() < 0 || ply.get<int64_t>() > kMaxSavedPly))
      throw BadRecord("saved state: ply is " + ply.dump().substr(0, 40) +
                      ", not an integer from 0 to " + std::to_string(kMaxSavedPly));
    state->ply_ = int(ply.get<int64_t>());
    // A saved state comes from outside: one the rules cannot reach is refused here, not found
    // out later by a move (fuzzing found a Relativity trophy owned by seat -10085 accepted).
    state->check_invariants();
    return state;
  } catch (const InvariantError& e) {
    throw BadRecord("saved state is impossible: " + one_line(e.what(), 200));
  } catch (const json::exception& e) {
    throw BadRecord("saved state: " + one_line(e.what(), 200));
  }
}

int64_t saved_int(const json& value, std::string_view field, int64_t min, int64_t max) {
  // Read as the widest integer of its kind first, so nothing is converted before the range check.
  const bool fits =
      value.is_number_unsigned()
          ? value.get<uint64_t>() <= uint64_t(INT64_MAX) && int64_t(value.get<uint64_t>()) >= min &&
                int64_t(value.get<uint64_t>()) <= max
          : value.is_number_integer() && value.get<int64_t>() >= min && value.get<int64_t>() <= max;
  if (!fits)
    throw BadRecord(std::string(field) + " is " + quote(dump_for_message(value), 40) +
                    ", not an integer from " + std::to_string(min) + " to " + std::to_string(max));
  return value.get<int64_t>();
}

bool saved_bool(const json& value, std::string_view field) {
  if (!value.is_boolean())
    throw BadRecord(std::string(field) + " is " + quote(dump_for_message(value), 40) +
                    ", not true or false");
  return value.get<bool>();
}

ParamReader::ParamReader(std::string game_id, const json& given)
    : game_id_(std::move(game_id)), given_(given.is_null() ? json::object() : given) {
  if (!given_.is_object()) fail("", "parameters must be a JSON object");
}

void ParamReader::fail(const std::string& key, const std::string& why) const {
  throw BadParams(game_id_ + (key.empty() ? "" : " param " + quote(key)) + ": " + why);
}

int ParamReader::get_int(const std::string& key, int fallback, int min, int max) {
  int value = fallback;
  if (given_.contains(key)) {
    const json& v = given_[key];
    // Read as the widest integer first, so that nothing is truncated before the range check.
    std::string text;
    int64_t wide = 0;
    bool in_range = true;
    if (v.is_number_unsigned()) {
      in_range = v.get<uint64_t>() <= uint64_t(INT64_MAX);
      wide = in_range ? int64_t(v.get<uint64_t>()) : INT64_MAX;
      text = v.dump();
    } else if (v.is_number_integer()) {
      wide = v.get<int64_t>();
      text = v.dump();
    } else if (v.is_string()) {
      text = v.get<std::string>();
      const char* end = text.data() + text.size();
      const auto [ptr, ec] = std::from_chars(text.data(), end, wide);
      if (text.empty() || ptr != end || (ec != std::errc() && ec != std::errc::result_out_of_range))
        fail(key, "expected an integer, got " + quote(text));
      in_range = ec == std::errc();
    } else {
      fail(key, "expected an integer, got " +
                    quote(v.is_string() ? v.get<std::string>() : dump_for_message(v)));
    }
    if (!in_range || wide < min || wide > max)
      fail(key, text + " is out of range " + std::to_string(min) + ".." + std::to_string(max));
    value = int(wide);
  }
  resolved_[key] = value;
  return value;
}

bool ParamReader::get_bool(const std::string& key, bool fallback) {
  bool value = fallback;
  if (given_.contains(key)) {
    const json& v = given_[key];
    if (v.is_boolean())
      value = v.get<bool>();
    else if (v == "true" || v == "1" || v == 1)
      value = true;
    else if (v == "false" || v == "0" || v == 0)
      value = false;
    else
      fail(key, "expected true or false, got " +
                    quote(v.is_string() ? v.get<std::string>() : dump_for_message(v)));
  }
  resolved_[key] = value;
  return value;
}

std::string ParamReader::get_string(const std::string& key, const std::string& fallback) {
  std::string value = fallback;
  if (given_.contains(key)) {
    const json& v = given_[key];
    if (v.is_string())
      value = v.get<std::string>();
    else
      fail(key, "expected a string, got " + quote(dump_for_message(v)));
  }
  resolved_[key] = value;
  return value;
}

json ParamReader::get(const ParamSpec& spec) {
  switch (spec.type) {
    case ParamSpec::Type::kInt:
      if (!spec.min || !spec.max) fail(spec.name, "the spec of an integer needs min and max");
      return get_int(spec.name, spec.fallback.get<int>(), *spec.min, *spec.max);
    case ParamSpec::Type::kBool:
      return get_bool(spec.name, spec.fallback.get<bool>());
    case ParamSpec::Type::kString:
    case ParamSpec::Type::kFile:
      return get_string(spec.name, spec.fallback.get<std::string>());
  }
  fail(spec.name, "unknown parameter type");
}

void ParamReader::get_all(const std::vector<ParamSpec>& specs) {
  for (const ParamSpec& spec : specs) get(spec);
}

const json& ParamReader::value(const std::string& key) const {
  if (!resolved_.contains(key)) fail(key, "read before it was resolved (a bug in the game)");
  return resolved_[key];
}

json ParamReader::finish() {
  for (auto it = given_.begin(); it != given_.end(); ++it) {
    if (!resolved_.contains(it.key())) {
      std::string known;
      for (auto r = resolved_.begin(); r != resolved_.end(); ++r)
        known += (known.empty() ? "" : ", ") + r.key();
      fail(it.key(), "unknown parameter (known: " + known + ")");
    }
  }
  return resolved_;
}

const char* ParamSpec::type_name(Type type) {
  switch (type) {
    case Type::kInt:
      return "int";
    case Type::kBool:
      return "bool";
    case Type::kString:
      return "string";
    case Type::kFile:
      return "file";
  }
  return "?";
}

json ParamSpec::to_json() const {
  static const char* const kSetters[] = {"anyone", "command line", "embedding program"};
  json j{{"name", name},        {"type", type_name(type)},
         {"default", fallback}, {"description", description},
         {"kind", kind},        {"set_by", kSetters[int(who_sets())]}};
  if (min) j["min"] = *min;
  if (max) j["max"] = *max;
  if (type == Type::kInt && network_top()) j["network_max"] = *network_top();
  if (type == Type::kString) j["max_length"] = max_length;
  return j;
}

void check_param_origin(const std::string& game_id, const std::vector<ParamSpec>& specs,
                        const json& given, ParamOrigin origin) {
  if (origin == ParamOrigin::kCommandLine || !given.is_object()) return;
  const bool network = origin == ParamOrigin::kNetwork;
  auto fail = [&](const std::string& key, const std::string& why) {
    throw BadParams(game_id + " param " + quote(key) + ": " + why);
  };
  for (const ParamSpec& spec : specs) {
    if (!given.contains(spec.name)) continue;
    const json& v = given[spec.name];
    const ParamSpec::Setter setter = spec.who_sets();
    if (setter == ParamSpec::Setter::kCommandLine) {
      // The value is never looked at beyond equality with the default: no answer tells
      // anything of the file system.
      if (network || v != spec.fallback)
        fail(spec.name, spec.type == ParamSpec::Type::kFile
                            ? "names a file and is accepted only on the command line, not over "
                              "the network"
                            : "is accepted only on the command line");
      continue;
    }
    if (!network) continue;
    if (setter == ParamSpec::Setter::kEmbedder)
      fail(spec.name, "is set by the server alone, never by a client");
    if (spec.type == ParamSpec::Type::kInt && spec.min && spec.network_top()) {
      // Only an integer is judged here (a string or a float is ParamReader's to refuse).
      const bool above = v.is_number_unsigned()  ? v.get<uint64_t>() > uint64_t(*spec.network_top())
                         : v.is_number_integer() ? v.get<int64_t>() > *spec.network_top()
                                                 : false;
      const bool below =
          v.is_number_integer() && !v.is_number_unsigned() && v.get<int64_t>() < int64_t(*spec.min);
      if (above || below) {
        const std::string range =
            std::to_string(*spec.min) + ".." + std::to_string(*spec.network_top());
        fail(spec.name, v.dump() + " is outside what a network client may set, " + range +
                            (spec.max != spec.network_top()
                                 ? " (the command line allows " + std::to_string(*spec.min) + ".." +
                                       std::to_string(*spec.max) + ")"
                                 : std::string()));
      }
    }
    if (spec.type == ParamSpec::Type::kString && v.is_string()) {
      const std::string& text = v.get_ref<const std::string&>();
      if (text.size() > spec.max_length)
        fail(spec.name, "is " + std::to_string(text.size()) +
                            " bytes long; a network client may "
                            "give at most " +
                            std::to_string(spec.max_length));
      if (const std::optional<std::string> bad = unsafe_character(text))
        fail(spec.name,
             "holds " + *bad + " (control, bidirectional and non-UTF-8 characters are refused)");
    }
  }
}

std::string ParamSpec::help() const {
  std::string line =
      name + "=" + (fallback.is_string() ? fallback.get<std::string>() : fallback.dump());
  line += "  " + description;
  if (min && max && *min != *max)
    line += " (" + std::to_string(*min) + ".." + std::to_string(*max) + ")";
  return line;
}

void set_param(json& params, std::string_view key_equals_value) {
  const auto eq = key_equals_value.find('=');
  if (eq == std::string_view::npos || eq == 0)
    throw BadParams("--param expects key=value, got " + quote(key_equals_value));
  const std::string key(key_equals_value.substr(0, eq));
  const std::string value(key_equals_value.substr(eq + 1));
  // A value is at most one scalar: anything deeper stays a string (the game then rejects it).
  const std::optional<json> parsed = try_read_json(value, JsonLimits{4096, 1});
  if (!parsed || parsed->is_object() || parsed->is_array() ||
      (parsed->is_number_float() && !std::isfinite(parsed->get<double>())))
    params[key] = value;
  else
    params[key] = *parsed;
}

}  // namespace tabletop
