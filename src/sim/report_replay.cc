#include "sim/report_replay.h"

namespace tabletop::sim {

json observation_change(const json& before, const json& after) {
  json set = json::object(), sub = json::object(), del = json::array();
  for (const auto& [key, value] : after.items()) {
    const auto was = before.find(key);
    if (was == before.end())
      set[key] = value;
    else if (*was == value)
      continue;
    else if (was->is_object() && value.is_object())
      sub[key] = observation_change(*was, value);
    else
      set[key] = value;
  }
  for (const auto& [key, value] : before.items())
    if (!after.contains(key)) del.push_back(key);
  json out = json::object();
  if (!set.empty()) out["set"] = std::move(set);
  if (!sub.empty()) out["sub"] = std::move(sub);
  if (!del.empty()) out["del"] = std::move(del);
  return out;
}

json replay_frames(const Game& game, const Record& record) {
  Chance chance(record.seed);
  chance.script(record.chance);
  chance.set_journal(true);
  std::unique_ptr<State> state;
  try {
    state = game.new_initial_state(std::move(chance));
  } catch (const std::exception& e) {
    throw BadRecord(std::string("replay: the deal does not replay: ") + e.what());
  }
  state->set_recording(true);
  const int n = state->num_players();
  const int plies = int(record.moves.size());
  json out = {{"game", game.info().id},
              {"name", game.info().name},
              {"plies", plies},
              {"seats", json::array()}};
  for (int s = 0; s < n; ++s)
    out["seats"].push_back(
        {{"name", game.seat_name(s)},
         {"agent", std::size_t(s) < record.seats.size() ? record.seats[std::size_t(s)] : ""}});
  if (record.result) out["result"] = *record.result;
  out["frames"] = json::array();
  std::size_t seen = 0;
  int gap = 0;
  json previous;  // the last embedded frame's observation; null: none (the next one is whole)
  auto frame = [&](json f) {
    f["ply"] = state->ply();
    if (gap) f["gap"] = gap;
    gap = 0;
    f["log"] = state->log().for_viewer(kSpectator, seen);
    seen = state->log().events().size();
    json observation = state->observation(kSpectator);
    if (previous.is_object() && observation.is_object())
      f["change"] = observation_change(previous, observation);
    else
      f["observation"] = observation;
    previous = std::move(observation);
    Returns estimate{};
    if (state->is_terminal()) {
      estimate = state->returns();
      f["estimate"] = std::vector<double>(estimate.begin(), estimate.begin() + n);
    } else if (state->estimate_returns(estimate)) {
      f["estimate"] = std::vector<double>(estimate.begin(), estimate.begin() + n);
    }
    out["frames"].push_back(std::move(f));
  };
  frame(json::object());
  const int half = kReplaySteps / 2;
  for (int i = 0; i < plies; ++i) {
    const Seat mover = state->current_player();
    try {
      state->apply_text(record.moves[std::size_t(i)]);
    } catch (const std::exception& e) {
      throw BadRecord("replay: move " + std::to_string(i + 1) + " does not replay: " + e.what());
    }
    if (i + 1 > half && i + 1 <= plies - half) {  // left out: only counted
      ++gap;
      seen = state->log().events().size();
      previous = nullptr;
      continue;
    }
    json f = {{"mover", game.seat_name(mover)}};
    if (!game.info().hidden_information) f["move"] = record.moves[std::size_t(i)];
    frame(std::move(f));
  }
  return out;
}

void Replays::add(const std::string& key, const std::string& title, const Game& game,
                  const Record& record) {
  std::size_t index = 0;
  while (index < records_.size() &&
         !(records_[index]->seed == record.seed && records_[index]->seats == record.seats &&
           records_[index]->moves == record.moves && records_[index]->params == record.params))
    ++index;
  if (index == records_.size()) {
    json_["games"].push_back(replay_frames(game, record));
    records_.push_back(&record);
  }
  json_["links"][key] = {{"game", index}, {"title", title}};
}

}  // namespace tabletop::sim
