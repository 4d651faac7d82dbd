// Room::replay_steps and replay_page (room.h): a finished match's replay, built once outside the
// room's lock and shared; and Room::log_page, a view's earlier log lines.
#include <algorithm>
#include <chrono>
#include <future>
#include <optional>

#include "server/json_input.h"
#include "server/log.h"
#include "server/room.h"

namespace tabletop::server {

namespace {

// The steps of the match `game` with `seed` and `moves`, as the spectator saw them: each
// {"move", "observation", "log"} as JSON text (never one tree for the whole match).
std::vector<std::string> build_replay(std::shared_ptr<const Game> game, uint64_t seed,
                                      const std::vector<std::string>& moves) {
  Match again(std::move(game), seed);
  std::vector<std::string> steps;
  steps.reserve(moves.size() + 1);
  std::size_t seen = 0;
  auto step = [&](const std::string* move) {
    const State& s = again.state();
    std::string text = R"({"move":)";
    text += move ? json(*move).dump() : "null";
    text += R"(,"observation":)";
    text += s.observation(kSpectator).dump();
    text += R"(,"log":)";
    text += json(s.log().for_viewer(kSpectator, seen)).dump();
    text += '}';
    seen = s.log().events().size();
    steps.push_back(std::move(text));
  };
  step(nullptr);
  for (const std::string& move : moves) {
    again.play_text(move);
    step(&move);
  }
  return steps;
}

}  // namespace

std::shared_ptr<const std::vector<std::string>> Room::replay_steps(const std::string& asker) {
  using Steps = std::shared_ptr<const std::vector<std::string>>;
  std::shared_future<Steps> ready;
  auto building = std::make_shared<std::promise<Steps>>();
  std::shared_ptr<const Game> game;
  std::vector<std::string> moves;
  {
    std::lock_guard lock(mutex_);
    if (!over())
      throw NotYet("the replay of match " + id_ + " is public only once the match is finished");
    if (!replay_.valid()) {
      // This request starts the one build; the others share it.
      replay_ = building->get_future().share();
      game = match_->state().game_ptr();
      moves = match_->moves();
    }
    ready = replay_;
  }
  const std::size_t count = moves.size();
  std::weak_ptr<Room> self = weak_from_this();
  auto build = [self, building, game, seed = seed_, moves = std::move(moves)] {
    try {
      building->set_value(
          std::make_shared<const std::vector<std::string>>(build_replay(game, seed, moves)));
      if (auto room = self.lock()) ++room->replay_builds_;
    } catch (...) {
      building->set_exception(std::current_exception());
      if (auto room = self.lock()) {
        log_match(
            spdlog::level::err, room->id(),
            "building the replay failed (tried again at the next request): " + current_error());
        std::lock_guard lock(room->mutex_);
        room->replay_ = {};  // the next request tries again
      }
    }
  };
  if (game && count <= kInlineReplayMoves) {
    build();  // short: on this request
  } else if (game) {
    // Long: on the pool, like a search of the asker's (never on a network thread).
    computers_.settings().pool->submit(
        "replay " + id_, [build](const std::atomic<bool>&) { build(); },
        computers_.low_owner(asker));
  }
  if (ready.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
    // A short one being built by another request is waited for; a long one is not.
    std::lock_guard lock(mutex_);
    if (match_->moves().size() > kInlineReplayMoves) return nullptr;
  }
  return ready.get();
}

std::optional<std::string> Room::replay_page(std::size_t from, const std::string& asker) {
  const std::shared_ptr<const std::vector<std::string>> steps = replay_steps(asker);
  if (!steps) return std::nullopt;
  if (from >= steps->size())
    throw BadInput("the replay of match " + id_ + " has steps 0 to " +
                   std::to_string(steps->size() - 1) + ", not " + std::to_string(from));
  std::string out = R"({"steps":[)";
  std::size_t end = from;
  std::size_t bytes = 0;
  while (end < steps->size() && end - from < kReplayPageSteps &&
         (end == from || bytes + (*steps)[end].size() <= kReplayPageBytes)) {
    if (end > from) out += ',';
    out += (*steps)[end];
    bytes += (*steps)[end].size();
    ++end;
  }
  out += R"(],"from":)" + std::to_string(from) + R"(,"total":)" + std::to_string(steps->size()) +
         R"(,"next":)" + (end < steps->size() ? std::to_string(end) : "null") + "}";
  return out;
}

json Room::log_page(SeatMask held, int seat, long long before) const {
  std::lock_guard lock(mutex_);
  return MatchViews::log_page(match_->state(), over(), seats_.size(), held, seat, before);
}

}  // namespace tabletop::server
