#include "sim/lab.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>

#include "ai/agent.h"
#include "sim/quality_meter.h"
#include "sim/seeds.h"

namespace tabletop::sim {

std::vector<std::vector<int>> rotations(const std::string& kind, int seats) {
  std::vector<int> identity(static_cast<std::size_t>(seats));
  std::iota(identity.begin(), identity.end(), 0);
  std::vector<std::vector<int>> out;
  if (kind == "none" || kind.empty()) {
    out.push_back(identity);
  } else if (kind == "cyclic") {
    for (int r = 0; r < seats; ++r) {
      std::vector<int> seat_slot(static_cast<std::size_t>(seats));
      for (int s = 0; s < seats; ++s) seat_slot[std::size_t(s)] = (s + r) % seats;
      out.push_back(seat_slot);
    }
  } else if (kind == "all") {
    std::vector<int> p = identity;
    do out.push_back(p);
    while (std::next_permutation(p.begin(), p.end()));
  } else {
    throw BadParams("--rotate must be none, cyclic or all, not '" + kind + "'");
  }
  return out;
}

int GameResult::sole_winner() const {
  if (capped || returns.empty()) return -1;
  const double best = *std::max_element(returns.begin(), returns.end());
  int winner = -1;
  for (std::size_t s = 0; s < returns.size(); ++s) {
    if (returns[s] != best) continue;
    if (winner >= 0) return -1;
    winner = int(s);
  }
  return winner;
}

bool GameResult::draw() const {
  if (capped || returns.empty()) return false;
  return std::all_of(returns.begin(), returns.end(), [&](double r) { return r == returns[0]; });
}

namespace {

// Thrown to leave a deal unfinished when the run stops (Plan::stop between its games,
// Plan::abandon within one): not an error.
struct DealLeftUnfinished {};

GameResult play(const Condition& c, long deal, int condition, int rotation, uint64_t seed,
                bool record, bool measure, const std::atomic<bool>* abandon) {
  auto check_abandon = [abandon] {
    if (abandon && abandon->load(std::memory_order_relaxed)) throw DealLeftUnfinished{};
  };
  const int n = c.game->num_players();
  GameResult result;
  result.deal = deal;
  result.condition = condition;
  result.rotation = rotation;
  result.seed = seed;
  result.players = n;
  result.seat_slot = c.rotations[std::size_t(rotation)];
  std::vector<std::unique_ptr<ai::Agent>> agents;
  std::vector<std::string> seats;
  for (int s = 0; s < n; ++s) {
    const int slot = result.seat_slot[std::size_t(s)];
    agents.push_back(ai::make_agent(c.slots[std::size_t(slot)], *c.game, agent_seed(seed, slot)));
    seats.push_back(c.slots[std::size_t(slot)]);
  }
  std::optional<QualityMeter> meter;
  if (measure) meter.emplace(n, result.quality);
  const auto start = std::chrono::steady_clock::now();
  auto finish = [&](const State& state) {
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.plies = state.ply();
    const Returns r = state.returns();
    result.returns.assign(r.begin(), r.begin() + n);
    Figures figures;
    state.figures(figures);
    for (const Figures::Entry& e : figures) {
      if (std::string_view(e.name) == "capped") result.capped = e.value != 0;
      result.figures.emplace_back(e.name, e.value);
    }
    if (meter) meter->finish(result.plies, result.sole_winner());
  };
  if (record) {
    Match match(c.game, seed, seats);
    while (!match.state().is_terminal()) {
      check_abandon();
      if (meter) meter->look(match.state());
      const Move move = agents[std::size_t(match.state().current_player())]->choose(match.state());
      for (auto& agent : agents) agent->observe(match.state(), move);
      match.play(move);
    }
    finish(match.state());
    result.record = match.record();
  } else {
    std::unique_ptr<State> state = c.game->new_initial_state(seed);
    while (!state->is_terminal()) {
      check_abandon();
      if (meter) meter->look(*state);
      const Move move = agents[std::size_t(state->current_player())]->choose(*state);
      for (auto& agent : agents) agent->observe(*state, move);
      state->apply(move);
    }
    finish(*state);
  }
  return result;
}

}  // namespace

RunInfo run_plan(const Plan& plan, Sink& sink) {
  for (const Condition& c : plan.conditions) {
    if (int(c.slots.size()) != c.game->num_players())
      throw BadParams(c.game->info().id + " is played by " + std::to_string(c.game->num_players()) +
                      " seats here but " + std::to_string(c.slots.size()) + " agents were given");
    for (const std::string& spec : c.slots) ai::make_agent(spec, *c.game, 0);
  }
  if (plan.quality_every < 1)
    throw BadParams("--quality-every must be at least 1, not " +
                    std::to_string(plan.quality_every));
  const auto start = std::chrono::steady_clock::now();
  if (plan.ranks < 1 || plan.rank < 0 || plan.rank >= plan.ranks)
    throw BadParams("rank " + std::to_string(plan.rank) + " of " + std::to_string(plan.ranks));
  // Local deal i is the global deal rank + i * ranks.
  const long share =
      plan.deals > plan.rank ? (plan.deals - plan.rank + plan.ranks - 1) / plan.ranks : 0;
  int threads = plan.threads > 0 ? plan.threads : int(std::thread::hardware_concurrency());
  threads = int(std::clamp<long>(threads, 1, std::max(1L, share)));
  // How far a thread may run ahead of the merge: wide when games are small (a thread the system
  // pauses then holds up the others less), narrower when every game keeps its record.
  const long window = (plan.record ? 16L : 256L) * threads;

  // The shared counters on cache lines of their own: threads take deals from `next` and read
  // `merged` without the lock, which is taken once per deal (to merge) unless the window is full.
  struct alignas(64) Counter {
    std::atomic<long> value{0};
  };
  Counter next, merged;  // the next local deal to play; deals handed to the sink
  Counter played;        // games ended, in any deal (Sink::games_played)
  long told = 0;         // the count the sink last heard (under the lock)
  std::mutex mutex;
  std::condition_variable room;
  std::map<long, std::vector<GameResult>> pending;
  std::string error;
  std::atomic<bool> failed{false};

  // Abandoning implies stopping: no new deal starts either.
  auto stopping = [&] {
    return failed.load() || (plan.stop && plan.stop->load()) ||
           (plan.abandon && plan.abandon->load());
  };
  auto worker = [&] {
    for (;;) {
      if (stopping()) return;
      const long local = next.value.fetch_add(1, std::memory_order_relaxed);
      if (local >= share) return;
      const long deal = plan.rank + local * plan.ranks;
      if (local >= merged.value.load(std::memory_order_acquire) + window) {
        std::unique_lock lock(mutex);
        room.wait(lock, [&] { return local < merged.value.load() + window || stopping(); });
        if (stopping()) return;
      }
      std::vector<GameResult> results;
      const uint64_t seed = game_seed(plan.seed, uint64_t(plan.first_deal + deal));
      int condition = -1, rotation = -1;
      try {
        for (condition = 0; condition < int(plan.conditions.size()); ++condition) {
          const Condition& c = plan.conditions[std::size_t(condition)];
          for (rotation = 0; rotation < int(c.rotations.size()); ++rotation) {
            // Stopped (Ctrl-C): the deal is left unfinished and out of the summary, which counts
            // whole deals only, rather than waiting for its every condition and rotation.
            if (stopping()) throw DealLeftUnfinished{};
            results.push_back(play(c, deal, condition, rotation, seed, plan.record,
                                   plan.measures(deal), plan.abandon));
            played.value.fetch_add(1, std::memory_order_relaxed);
            // Two workers whose games end together may both read the later count: the sink hears
            // it once, so the counts it hears only rise.
            if (std::unique_lock lock(mutex, std::try_to_lock); lock) {
              const long now = played.value.load(std::memory_order_relaxed);
              if (now > told) sink.games_played(told = now);
            }
          }
        }
      } catch (const DealLeftUnfinished&) {
        std::lock_guard lock(mutex);  // a worker waiting for this deal's merge stops too
        room.notify_all();
        return;
      } catch (const std::exception& e) {
        std::lock_guard lock(mutex);
        if (error.empty())
          error = "deal " + std::to_string(deal) + " (seed " + std::to_string(seed) +
                  "), condition '" + plan.conditions[std::size_t(condition)].name + "', rotation " +
                  std::to_string(rotation) + ": " + e.what();
        failed = true;
        room.notify_all();
        return;
      }
      std::lock_guard lock(mutex);
      pending.emplace(local, std::move(results));
      const long before = merged.value.load(std::memory_order_relaxed);
      long now = before;
      for (auto it = pending.begin(); it != pending.end() && it->first == now;
           it = pending.erase(it)) {
        for (const GameResult& r : it->second) sink.game(r);
        sink.deal_done(plan.rank + now * plan.ranks);
        merged.value.store(++now, std::memory_order_release);
      }
      if (now != before) room.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failed) throw Error(error);
  RunInfo info;
  info.deals_done = merged.value.load();
  info.interrupted = info.deals_done < share;
  info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return info;
}

}  // namespace tabletop::sim
