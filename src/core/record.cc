#include "core/record.h"

#include <cmath>
#include <cstdint>

#include "core/json_input.h"
#include "core/ppn.h"

namespace tabletop {

json Record::to_json() const {
  json j{{"game", game},   {"params", params}, {"seed", seed},
         {"seats", seats}, {"moves", moves},   {"chance", chance}};
  if (result) j["result"] = *result;
  return j;
}

namespace {

// The field `key` of a record as an unsigned integer no larger than `max` (no truncation, no
// wrapping of negative numbers).
uint64_t unsigned_field(const json& v, const std::string& key, uint64_t max) {
  if (!v.is_number_unsigned())
    throw BadRecord("record: field '" + key + "' must be a whole number from 0 to " +
                    std::to_string(max) + ", got " + quote(dump_for_message(v)));
  const uint64_t value = v.get<uint64_t>();
  if (value > max)
    throw BadRecord("record: field '" + key + "' is " + std::to_string(value) +
                    ", more than the largest allowed, " + std::to_string(max));
  return value;
}

}  // namespace

Record Record::from_json(const json& j) {
  if (!j.is_object()) throw BadRecord("record: expected a JSON object");
  Record r;
  try {
    if (!j.contains("game")) throw BadRecord("record: missing field 'game'");
    if (!j.contains("moves")) throw BadRecord("record: missing field 'moves'");
    r.game = j.at("game").get<std::string>();
    r.params = j.value("params", json::object());
    if (j.contains("seed")) r.seed = unsigned_field(j["seed"], "seed", UINT64_MAX);
    r.seats = j.value("seats", std::vector<std::string>{});
    r.moves = j.at("moves").get<std::vector<std::string>>();
    if (j.contains("chance")) {
      if (!j["chance"].is_array()) throw BadRecord("record: field 'chance' must be an array");
      for (const json& outcome : j["chance"])
        r.chance.push_back(uint32_t(unsigned_field(outcome, "chance", UINT32_MAX)));
    }
    if (j.contains("result") && !j["result"].is_null()) {
      r.result = j["result"].get<std::vector<double>>();
      for (double v : *r.result)
        if (!std::isfinite(v)) throw BadRecord("record: field 'result' holds a number too large");
    }
  } catch (const json::exception& e) {
    throw BadRecord(std::string("record: ") + one_line(e.what(), 200));
  }
  return r;
}

std::unique_ptr<State> replay(const Registry& registry, const Record& record) {
  std::shared_ptr<const Game> game;
  try {
    game = registry.make(record.game, record.params);
  } catch (const BadParams& e) {
    throw BadRecord(std::string("record: ") + e.what());
  }
  Chance chance(record.seed);
  chance.script(record.chance);
  chance.set_journal(true);
  std::unique_ptr<State> state;
  try {
    state = game->new_initial_state(std::move(chance));
  } catch (const Error& e) {
    throw BadRecord(std::string("record: the deal does not replay: ") + e.what());
  }
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    try {
      state->apply_text(record.moves[i]);
    } catch (const Error& e) {
      throw BadRecord("record: move " + std::to_string(i + 1) + " (" + quote(record.moves[i]) +
                      ") does not replay: " + e.what());
    }
  }
  if (state->chance().scripted_left() != 0)
    throw BadRecord("record: " + std::to_string(state->chance().scripted_left()) +
                    " chance outcomes were never drawn");
  if (record.result) {
    if (!state->is_terminal())
      throw BadRecord("record: it states a result but the game is not over after its moves");
    const Returns returns = state->returns();
    const auto& expected = *record.result;
    if (expected.size() != std::size_t(state->num_players()))
      throw BadRecord("record: result has the wrong number of seats");
    for (std::size_t s = 0; s < expected.size(); ++s)
      if (expected[s] != returns[s])
        throw BadRecord("record: result for seat " + std::to_string(s) + " is " +
                        std::to_string(expected[s]) + " but the replay gives " +
                        std::to_string(returns[s]));
  }
  return state;
}

bool has_ppn_writer(const Registry& registry, const std::string& game_id) {
  const GameEntry* entry = registry.find(game_id);
  return entry && entry->record_ppn;
}

std::string record_to_ppn(const Registry& registry, const Record& record) {
  const GameEntry* entry = registry.find(record.game);
  if (!entry) throw BadRecord("record: no game " + quote(record.game));
  if (!entry->record_ppn)
    throw BadRecord("no PPN exporter for " + entry->info.name +
                    " (only for games with a PPN name)");
  return ppn::write_games(entry->record_ppn(record));
}

Match::Match(std::shared_ptr<const Game> game, uint64_t seed, std::vector<std::string> seats)
    : game_(std::move(game)), seed_(seed), seats_(std::move(seats)) {
  Chance chance(seed_);
  chance.set_journal(true);
  state_ = game_->new_initial_state(std::move(chance));
  state_->set_recording(true);
}

void Match::play(Move move) {
  std::string text = state_->move_to_string(move);
  const std::string why = state_->why_illegal(move);
  if (!why.empty()) throw BadMove(why);
  const Seat seat = state_->current_player();
  const bool revealed = state_->reveals(move);
  const std::size_t drawn = state_->chance().journal().size();
  state_->apply(move);
  moves_.push_back(std::move(text));
  steps_.push_back({seat, state_->chance().journal().size() != drawn, revealed});
}

void Match::play_text(std::string_view text) {
  play(state_->parse_move(text));
}

void Match::undo(int count) {
  if (count > int(moves_.size())) count = int(moves_.size());
  moves_.resize(moves_.size() - std::size_t(count));
  steps_.resize(moves_.size());
  Chance chance(seed_);
  chance.set_journal(true);
  state_ = game_->new_initial_state(std::move(chance));
  state_->set_recording(true);
  for (const std::string& m : moves_) state_->apply_text(m);
}

bool Match::human(Seat seat) const {
  return seats_.empty() ||
         (seat >= 0 && std::size_t(seat) < seats_.size() && seats_[std::size_t(seat)] == "human");
}

std::string Match::why_no_undo(Seat seat) const {
  if (seat < 0 || seat >= state_->num_players()) return "there is no seat " + std::to_string(seat);
  if (state_->is_terminal()) return "the game is over";
  std::size_t last = steps_.size();
  while (last > 0 && steps_[last - 1].seat != seat) --last;
  if (last == 0) return "seat " + std::to_string(seat) + " has made no move to take back";
  for (std::size_t i = last - 1; i < steps_.size(); ++i) {
    const Step& step = steps_[i];
    // Only `seat`'s own move is quoted: another seat's text may be secret (a Conspiracy goal).
    const std::string which =
        "move " + std::to_string(i + 1) +
        (step.seat == seat ? " ('" + moves_[i] + "')"
                           : " (seat " + std::to_string(step.seat) + "'s move)");
    if (step.seat != seat && human(step.seat))
      return "seat " + std::to_string(step.seat) + ", a human, has moved since (" + which + ")";
    if (step.drew_chance)
      return "the dice have been rolled or pieces drawn since (" + which +
             "): taking it back would show what comes next";
    if (step.revealed)
      return "hidden pieces have been shown since (" + which + "): they cannot be hidden again";
  }
  return {};
}

bool Match::undoable(Move move) const {
  // Worked out on the truth, the answer could tell the seat something it may not know (that a
  // move completes another seat's secret goal): in a game with hidden information no move is.
  if (game_->info().hidden_information) return false;
  if (state_->is_terminal() || state_->reveals(move)) return false;
  std::unique_ptr<State> after = state_->clone();
  after->log().set_enabled(false);
  after->chance().set_journal(true);
  const std::size_t drawn = after->chance().journal().size();
  after->apply(move);
  if (after->chance().journal().size() != drawn) return false;
  if (after->is_terminal()) return false;  // nothing is taken back after the end
  const GameInfo& info = game_->info();
  return human(after->current_player()) || !(info.has_chance || info.hidden_information);
}

void Match::undo_own(Seat seat) {
  const std::string why = why_no_undo(seat);
  if (!why.empty()) throw BadMove("cannot undo: " + why);
  std::size_t last = steps_.size();
  while (steps_[last - 1].seat != seat) --last;
  undo(int(steps_.size() - (last - 1)));
}

Record Match::record() const {
  Record r;
  r.game = game_->info().id;
  r.params = game_->params();
  r.seed = seed_;
  r.seats = seats_;
  r.moves = moves_;
  r.chance = state_->chance().journal();
  if (state_->is_terminal()) {
    const Returns returns = state_->returns();
    r.result = std::vector<double>(returns.begin(), returns.begin() + state_->num_players());
  }
  return r;
}

}  // namespace tabletop
