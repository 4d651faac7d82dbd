#include "server/room_computers.h"

#include <cmath>
#include <random>

#include "ai/advice.h"
#include "ai/agent.h"
#include "server/catalog.h"
#include "server/log.h"

namespace tabletop::server {

namespace {

std::shared_ptr<const std::string> shared(const json& message) {
  return std::make_shared<const std::string>(message.dump());
}

// The agent seed of a decision: the match seed, the seat and the ply mixed (SplitMix64), so a
// restarted server makes the same decision and the seed itself stays inside.
uint64_t decision_seed(uint64_t seed, int seat, int ply) {
  uint64_t z = seed ^ (uint64_t(seat) << 56) ^ (uint64_t(ply) * 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

ComputerSeats::ComputerSeats(std::string match, ComputerSettings settings, bool loaded)
    : match_(std::move(match)), settings_(settings) {
  if (!loaded) watched_at_ = std::chrono::steady_clock::now();
}

std::string ComputerSeats::low_owner(const std::string& asker) const {
  return asker.empty() ? (owner_.empty() ? match_ : owner_) : asker;
}

bool ComputerSeats::busy() const {
  return settings_.pool->busy(match_) || hint_running_;
}

bool ComputerSeats::watched_now() {
  watched_at_ = std::chrono::steady_clock::now();
  const bool was = paused_;
  paused_ = false;
  return was;
}

bool ComputerSeats::pause_for_want_of_viewer(bool computer_only, bool shared_store, bool watched) {
  if (settings_.unwatched_pause_s > 0 && !shared_store && computer_only && !watched &&
      (!watched_at_ || std::chrono::steady_clock::now() - *watched_at_ >=
                           std::chrono::duration<double>(settings_.unwatched_pause_s))) {
    paused_ = true;
    return true;
  }
  return false;
}

void ComputerSeats::search_dropped(long long seq) {
  if (computer_seq_ == seq) computer_seq_ = -1;
}

void ComputerSeats::start_search(const std::weak_ptr<ComputerSeatsHost>& host, int seat,
                                 const std::string& strength, uint64_t match_seed,
                                 const State& position, long long seq, MatchViews& views) {
  computer_seq_ = seq;
  // Each search thread counts against the pool's cap (expert searches with several).
  const std::string spec = spec_with_threads(strength_spec(strength), settings_.pool->workers());
  const uint64_t seed = decision_seed(match_seed, seat, position.ply());
  std::shared_ptr<State> copy(position.clone().release());
  const double hurried_ms = settings_.hurried_search_ms;
  const bool waits = settings_.pool->submit(
      match_,
      [host, match = match_, copy, spec, seed, seat, seq,
       hurried_ms](const std::atomic<bool>& hurry) {
        if (auto room = host.lock(); !room || !room->search_starting(seat, seq)) return;
        // The search holds no reference: a room that leaves meanwhile only loses its answer.
        const std::string text =
            think(host, match, seat, seq, spec, seed, hurried_ms, *copy, hurry);
        if (text.empty()) return;  // a broken agent leaves the seat to move; nothing is stored
        if (auto room = host.lock()) room->computer_moved(seat, seq, text);
      },
      owner_, spec_threads(spec));
  if (waits) {
    thinking_ = {seat, 0.0};
    waiting_ = true;
    views.send_all(
        shared(json{{"type", "thinking"}, {"seat", seat}, {"progress", 0}, {"waiting", true}}));
  }
}

std::string ComputerSeats::think(const std::weak_ptr<ComputerSeatsHost>& host,
                                 const std::string& match, int seat, long long seq,
                                 const std::string& spec, uint64_t seed, double hurried_ms,
                                 const State& position, const std::atomic<bool>& hurry) {
  try {
    std::unique_ptr<ai::Agent> agent = ai::make_agent(spec, position.game(), seed);
    const auto start = std::chrono::steady_clock::now();
    // Once another match waits and `hurried_ms` have passed, the search is stopped (its progress
    // comes a few times a second) and answers with its best move so far.
    agent->set_progress(
        [host, seat, seq, &agent, &hurry, hurried_ms, start](double done, const std::string&) {
          if (auto room = host.lock()) room->search_progress(seat, seq, done);
          if (hurried_past(hurry, hurried_ms, start)) agent->stop();
        });
    return position.move_to_string(agent->choose(position));
  } catch (const std::exception& e) {
    log_match(spdlog::level::err, match,
              "seat " + std::to_string(seat) + "'s computer (" + spec +
                  ") failed and the seat stays to move: " + e.what());
    return {};
  }
}

void ComputerSeats::search_runs(int seat, MatchViews& views) {
  if (!waiting_) return;
  waiting_ = false;
  thinking_ = {seat, 0.0};
  views.send_all(shared(json{{"type", "thinking"}, {"seat", seat}, {"progress", 0}}));
}

void ComputerSeats::progress(int seat, double done, MatchViews& views) {
  const auto now = std::chrono::steady_clock::now();
  if (waiting_ || now - last_progress_ < std::chrono::milliseconds(250)) return;
  last_progress_ = now;
  thinking_ = {seat, done};
  views.send_all(shared(json{{"type", "thinking"}, {"seat", seat}, {"progress", done}}));
}

void ComputerSeats::stop_thinking() {
  thinking_.reset();
  waiting_ = false;
}

json ComputerSeats::thinking() const {
  json out = nullptr;
  if (thinking_) out = {{"seat", thinking_->first}, {"progress", thinking_->second}};
  if (thinking_ && waiting_) out["waiting"] = true;
  return out;
}

std::string ComputerSeats::why_no_hint(const std::string& asker) const {
  if (hint_running_) return "a hint for this match is already being worked out: one at a time";
  // Low-priority work is shared per address (computer_pool.h): each has its cap.
  if (const int cap = settings_.low_jobs_per_address;
      cap > 0 && settings_.pool->low_of(low_owner(asker)) >= std::size_t(cap))
    return "too many hints and analyses wait for your address: at most " + std::to_string(cap) +
           " at once (serve --low-jobs-per-address); ask again when one is answered";
  return {};
}

void ComputerSeats::start_hint(const std::weak_ptr<ComputerSeatsHost>& host, int seat,
                               long long seq, const State& position, const Record& record,
                               const std::weak_ptr<Viewer>& to, const std::string& asker) {
  hint_running_ = true;
  // The truth's copy goes to the search, which samples from it only what `seat` may know.
  std::shared_ptr<State> copy(position.clone().release());
  // The match so far: the hint leaves a move back to a position the seat has seen (advice.h).
  auto played = std::make_shared<const Record>(record);
  const std::string spec = "ismcts:time=" + std::to_string(int(settings_.hint_ms)) + ",threads=1";
  const double hurried_ms = settings_.hurried_search_ms;
  // A seed of its own: nothing of the match's seed goes into the search.
  const uint64_t seed = std::random_device{}() * 0x100000001ull ^ std::random_device{}();
  settings_.pool->submit_low(
      [host, match = match_, to, copy, played, spec, seed, seat, seq,
       hurried_ms](const std::atomic<bool>& hurry) {
        json answer{{"type", "hint"}, {"seat", seat}, {"seq", seq}};
        try {
          // Hurried like a computer seat's search (think): once a match's search waits and
          // `hurried_ms` have passed, the search is stopped.
          const auto start = std::chrono::steady_clock::now();
          const ai::StopWhen hurried = [&] { return hurried_past(hurry, hurried_ms, start); };
          const ai::Hint h =
              ai::hint(*copy, spec, seed, {}, hurried, ai::seen_positions(copy->game(), *played));
          answer["move"] = h.move;
          answer["win_chance"] = std::round(h.win_chance * 1000) / 1000;
          answer["iterations"] = h.iterations;
        } catch (const std::exception& e) {
          answer["refused"] = std::string("the hint failed: ") + e.what();
          log_match(spdlog::level::warn, match,
                    "seat " + std::to_string(seat) + "'s hint failed: " + e.what());
        }
        if (auto room = host.lock()) room->hint_ready(seat, seq, to, answer);
      },
      low_owner(asker));
}

}  // namespace tabletop::server
