#include "core/howto_positions.h"

#include <charconv>

#include "core/error.h"
#include "core/rng.h"

namespace tabletop::howto {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::vector<std::string> split(std::string_view s, char by) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at <= s.size();) {
    const std::size_t end = std::min(s.find(by, at), s.size());
    const std::string_view part = trim(s.substr(at, end - at));
    if (!part.empty()) out.emplace_back(part);
    at = end + 1;
  }
  return out;
}

int read_int(std::string_view s, const std::string& where) {
  int n = 0;
  s = trim(s);
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || end != s.data() + s.size()) throw Error(where + ": not a number");
  return n;
}

// One step line of a block; `position` gets params and seed directly.
void read_step(Position& position, std::string_view line, int number) {
  const std::string where = "how-to line " + std::to_string(number) + " " + quote(line);
  PositionStep step;
  step.line = number;
  step.text = std::string(line);
  if (line == "picture") {
    step.kind = PositionStep::Kind::kPicture;
    position.steps.push_back(std::move(step));
    return;
  }
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) throw Error(where + ": no step name before ':'");
  const std::string_view name = trim(line.substr(0, colon)), rest = trim(line.substr(colon + 1));
  using Kind = PositionStep::Kind;
  if (name == "params" || name == "seed") {
    if (!position.steps.empty()) throw Error(where + ": " + std::string(name) + " comes first");
    if (name == "seed") {
      const int seed = read_int(rest, where);
      if (seed < 0) throw Error(where + ": a seed is 0 or more");
      position.seed = uint64_t(seed);
    } else {
      for (const std::string& pair : split(rest, ' ')) set_param(position.params, pair);
    }
    return;
  }
  if (name == "play" || name == "legal" || name == "illegal") {
    step.kind = name == "play" ? Kind::kPlay : name == "legal" ? Kind::kLegal : Kind::kIllegal;
    step.moves = split(rest, ';');
    if (step.moves.empty()) throw Error(where + ": no move");
  } else if (name == "random") {
    step.kind = Kind::kRandom;
    step.count = rest == "end" ? 100000 : read_int(rest, where);
  } else if (name == "see") {
    const std::size_t space = rest.find(' ');
    if (!rest.starts_with('/') || space == std::string_view::npos)
      throw Error(where + ": see: /POINTER = JSON or /POINTER has JSON");
    step.pointer = std::string(rest.substr(0, space));
    std::string_view claim = trim(rest.substr(space));
    if (claim.starts_with("= ")) {
      step.kind = Kind::kSee;
      claim.remove_prefix(2);
    } else if (claim.starts_with("has ")) {
      step.kind = Kind::kSeeHas;
      claim.remove_prefix(4);
    } else {
      throw Error(where + ": see: /POINTER = JSON or /POINTER has JSON");
    }
    step.value = json::parse(claim, nullptr, false);
    if (step.value.is_discarded()) throw Error(where + ": not JSON");
  } else if (name == "log") {
    step.kind = Kind::kLog;
    step.value = std::string(rest);
  } else if (name == "to move" || name == "winner") {
    step.kind = name == "winner" ? Kind::kWinner : Kind::kToMove;
    step.value = read_int(rest, where);
  } else {
    throw Error(where +
                ": unknown step (params, seed, play, legal, illegal, see, log, to move, "
                "winner, picture)");
  }
  position.steps.push_back(std::move(step));
}

// Whether `have` (found at the pointer) holds `want`: an array item, or a string's text.
bool holds(const json& have, const json& want) {
  if (have.is_array())
    for (const json& item : have)
      if (item == want) return true;
  return have.is_string() && want.is_string() &&
         have.get<std::string>().find(want.get<std::string>()) != std::string::npos;
}

// Empty when `step` (any kind but play and picture) holds in `state`; else why not.
std::string check(const State& state, const PositionStep& step, std::size_t log_from) {
  using Kind = PositionStep::Kind;
  switch (step.kind) {
    case Kind::kLegal:
    case Kind::kIllegal:
      for (const std::string& text : step.moves) {
        std::string why;
        try {
          why = state.why_illegal(state.parse_move(text));
        } catch (const BadMove& e) {
          return text + " does not parse: " + e.what();
        }
        if (step.kind == Kind::kLegal && !why.empty()) return text + " is illegal: " + why;
        if (step.kind == Kind::kIllegal && why.empty()) return text + " is legal";
      }
      return {};
    case Kind::kSee:
    case Kind::kSeeHas: {
      const json seen = state.observation(kSpectator);
      const json::json_pointer pointer(step.pointer);
      if (!seen.contains(pointer)) return "the observation has nothing at " + step.pointer;
      const json& have = seen.at(pointer);
      const bool ok = step.kind == Kind::kSee ? have == step.value : holds(have, step.value);
      return ok ? std::string() : "the observation has " + have.dump() + " at " + step.pointer;
    }
    case Kind::kLog: {
      const std::vector<std::string> lines = state.log().for_viewer(kSpectator, log_from);
      for (const std::string& line : lines)
        if (line.find(step.value.get<std::string>()) != std::string::npos) return {};
      std::string last;  // the last lines, enough to see what happened
      for (std::size_t i = lines.size() > 6 ? lines.size() - 6 : 0; i < lines.size(); ++i)
        last += (last.empty() ? "" : " | ") + lines[i];
      return "the log ends: " + last;
    }
    case Kind::kToMove:
      return state.current_player() == step.value.get<int>()
                 ? std::string()
                 : "seat " + std::to_string(state.current_player()) + " is to move";
    case Kind::kWinner: {
      if (!state.is_terminal()) return "the game is not over";
      const Returns r = state.returns();
      const int seat = step.value.get<int>();
      if (seat < 0 || seat >= state.num_players()) return "no seat " + std::to_string(seat);
      for (Seat s = 0; s < state.num_players(); ++s)
        if (s != seat && r[s] >= r[seat])
          return "seat " + std::to_string(seat) + " is not alone best";
      return {};
    }
    case Kind::kPlay:
    case Kind::kRandom:
    case Kind::kPicture:
      break;
  }
  return {};
}

}  // namespace

std::vector<Position> parse_positions(std::string_view text) {
  std::vector<Position> out;
  bool inside = false, other_fence = false;
  int number = 0;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = trim(text.substr(at, end - at));
    at = end + 1;
    ++number;
    if (line.starts_with("```")) {
      if (inside || other_fence) {
        inside = other_fence = false;
      } else if (line == "```position") {
        inside = true;
        out.push_back({});
        out.back().line = number;
      } else {
        other_fence = true;
      }
      continue;
    }
    if (inside && !line.empty()) read_step(out.back(), line, number);
  }
  if (inside) throw Error("how-to line " + std::to_string(out.back().line) + ": block not closed");
  return out;
}

PlayedPosition play_position(const GameEntry& entry, const Position& position) {
  PlayedPosition out;
  const std::string at = "line " + std::to_string(position.line) + ": ";
  std::unique_ptr<State> state;
  try {
    Chance chance(position.seed);
    chance.set_journal(true);  // the log from the deal on
    state = entry.make(position.params)->new_initial_state(std::move(chance));
  } catch (const Error& e) {
    out.failures.push_back(at + "the game does not start: " + e.what());
    return out;
  }
  std::size_t log_from = 0;
  Rng rng(position.seed);
  for (const PositionStep& step : position.steps) {
    const std::string where = "line " + std::to_string(step.line) + " " + quote(step.text) + ": ";
    if (step.kind == PositionStep::Kind::kPicture) {
      out.picture = state->clone();
    } else if (step.kind == PositionStep::Kind::kPlay) {
      log_from = state->log().events().size();
      for (const std::string& move : step.moves) {
        try {
          state->apply_text(move);
        } catch (const BadMove& e) {
          out.failures.push_back(where + e.what());
          if (!out.picture) out.picture = std::move(state);
          return out;
        }
      }
    } else if (step.kind == PositionStep::Kind::kRandom) {
      log_from = state->log().events().size();
      for (int i = 0; i < step.count && !state->is_terminal(); ++i) {
        const std::vector<Move> moves = state->legal_moves();
        state->apply(moves[rng.uniform(uint32_t(moves.size()))]);
      }
    } else if (std::string why = check(*state, step, log_from); !why.empty()) {
      out.failures.push_back(where + why);
    }
  }
  if (!out.picture) out.picture = std::move(state);
  return out;
}

json position_observations(const GameEntry& entry) {
  json out = json::array();
  try {
    for (const Position& p : parse_positions(entry.how_to_play)) {
      PlayedPosition played = play_position(entry, p);
      out.push_back(played.failures.empty() && played.picture
                        ? played.picture->observation(kSpectator)
                        : json());
    }
  } catch (const Error&) {
    // A page whose blocks do not read has no pictures (howto_test fails on it).
  }
  return out;
}

}  // namespace tabletop::howto
