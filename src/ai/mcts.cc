#include "ai/mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string_view>
#include <thread>

#include "ai/search_policy.h"
#include "ai/search_tree.h"
#include "core/error.h"

namespace tabletop::ai {

using Clock = std::chrono::steady_clock;

namespace {

// A search option that is one of two words: false when `key` is absent or `first`, true when it is
// `second`; any other value throws BadParams naming it, then "is not " and `what`.
bool second_word(const AgentSpec& spec, const char* key, std::string_view first,
                 std::string_view second, const char* what) {
  const auto it = spec.options.find(key);
  if (it == spec.options.end()) return false;
  if (it->second != first && it->second != second)
    throw BadParams(spec.name + ": " + key + "=" + quote(it->second) + " is not " + what);
  return it->second == second;
}

}  // namespace

SearchOptions SearchOptions::from_spec(const AgentSpec& spec) {
  spec.allow_only(
      "iterations,time,c,threads,depth,reuse,nodes,prior,prior_samples,minimax,opponents,parallel,"
      "mast,value");
  SearchOptions o;
  o.iterations = int(spec.integer("iterations", 0, 1, 1'000'000'000));
  o.time_ms = spec.number("time", 0, 1, 1e8);
  if (o.iterations == 0 && o.time_ms == 0) o.iterations = kDefaultIterations;
  o.c = spec.number("c", o.c, 0, 100);
  o.threads = int(spec.integer("threads", 1, 1, 256));
  o.depth = int(spec.integer("depth", -1, -1, 1'000'000));
  o.reuse = spec.integer("reuse", 1, 0, 1) != 0;
  o.prior = int(spec.integer("prior", o.prior, 0, 1'000'000));
  o.prior_samples = int(spec.integer("prior_samples", o.prior_samples, 1, 1000));
  o.minimax = spec.number("minimax", o.minimax, 0, 1);
  o.mast = spec.number("mast", o.mast, 0, 100);
  o.learned_value = second_word(spec, "value", "game", "learned",
                                "a value: use value=game (the default: the game's estimate) or "
                                "value=learned (the learned value where one exists)");
  if (spec.options.count("opponents")) {
    const std::string& model = spec.options.at("opponents");
    if (model != "greedy" && model != "search")
      throw BadParams("ismcts: opponents=" + model +
                      " is not a model of the other seats: use opponents=search (the default: "
                      "the tree searches every seat) or opponents=greedy");
    o.model_opponents = model == "greedy";
  }
  o.max_nodes = uint32_t(spec.integer("nodes", 4'000'000, 1000, 1'000'000'000));
  o.tree_parallel = second_word(spec, "parallel", "root", "tree",
                                "a way to share the threads: use parallel=root (the default: one "
                                "tree per thread, root visits summed) or parallel=tree (one shared "
                                "tree)");
  return o;
}

MctsAgent::MctsAgent(const Game& game, SearchOptions options, bool information_sets, uint64_t seed,
                     std::string spec_text)
    : options_(options), seed_(seed), spec_(std::move(spec_text)) {
  const bool hidden = game.info().hidden_information;
  if (!information_sets && hidden)
    throw BadParams(
        "mcts searches perfect-information games, and " + game.info().id +
        " hides information: use ismcts, which takes the same options (e.g. ismcts:time=2000)");
  eval_ = Evaluation(game, options_.learned_value);
  reuse_allowed_ = options_.reuse;
  own_moves_only_ = hidden;
  for (int t = 0; t < options_.threads; ++t) {
    const bool owner = !options_.tree_parallel || t == 0;
    if (owner) trees_.push_back(std::make_unique<SearchTree>());
    if (!owner) trees_[0]->share();
    threads_.push_back(std::make_unique<SearchPolicy>(
        seed * 0x9e3779b97f4a7c15ULL + uint64_t(t) * 7919 + 1, *trees_.back(), owner, eval_));
  }
}

MctsAgent::~MctsAgent() = default;

void MctsAgent::set_clock(std::function<Clock::time_point()> clock) {
  clock_ = std::move(clock);
}

Move MctsAgent::choose(const State& state) {
  // A stop asked for before now ends this decision; one asked for meanwhile, this one too.
  struct ClearStop {
    std::atomic<bool>& stop;
    ~ClearStop() { stop.store(false, std::memory_order_relaxed); }
  } clear_stop{stop_};
  auto read_clock = [this] { return clock_ ? clock_() : Clock::now(); };
  const auto start = read_clock();
  const Seat seat = state.current_player();
  seat_ = seat;
  if (state.ply() < seen_ply_) seen_.clear();  // another game
  seen_ply_ = state.ply();
  seen_.add(state, seat);
  MoveList legal;
  state.legal_moves(legal);
  ++decisions_;
  stats_ = SearchStats{};
  root_visits_.clear();
  root_values_.clear();
  root_priors_.clear();
  if (legal.size() == 1) {
    note_ = own_moves_only_ ? "" : "the only legal move";
    stats_.best_share = 1;
    root_visits_.push_back({legal[0], 0});
    root_values_.push_back(std::numeric_limits<double>::quiet_NaN());
    root_priors_.push_back(std::numeric_limits<double>::quiet_NaN());
    if (tree_ply_ != state.ply()) tree_ply_ = -1;
    return legal[0];
  }
  if (!reuse_allowed_ || tree_ply_ != state.ply())
    for (auto& tree : trees_) tree->reset();
  tree_ply_ = reuse_allowed_ ? state.ply() : -1;

  // The sample source: the state without its log, journal or chance stream (so copies are cheap).
  std::unique_ptr<State> base = state.clone();
  base->log().clear();
  base->log().set_enabled(false);
  base->chance() = Chance(0);
  Returns probe{};
  const bool estimates = eval_.estimate(*base, probe);
  const int depth = options_.depth >= 0 ? options_.depth
                    : estimates         ? SearchOptions::kDefaultDepth
                                        : SearchOptions::kDefaultDepthWithoutEstimate;
  // The prior's virtual visits of every root move, per tree: left out of the visits reported.
  const uint32_t prior_visits = options_.prior > 0 && estimates ? uint32_t(options_.prior) : 0;
  for (auto& thread : threads_) {
    thread->clear_lock_counts();
    if (thread->owns_tree() && prior_visits)
      thread->seed_root(*base, seat, prior_visits, options_.prior_samples);
  }
  if (options_.mast > 0)
    for (auto& thread : threads_) thread->start_move_averages();
  const SearchPolicy::Config config{.c = options_.c,
                                    .depth = depth,
                                    .max_nodes = options_.max_nodes,
                                    .minimax = options_.minimax,
                                    .model_opponents = options_.model_opponents && estimates,
                                    .mast = options_.mast};

  const int threads = options_.threads;
  const bool timed = options_.time_ms > 0;
  const auto deadline = start + std::chrono::microseconds(int64_t(options_.time_ms * 1000));
  std::vector<uint64_t> iterations(std::size_t(threads), 0), plies(std::size_t(threads), 0);
  // Thread 0's progress report (agent.h): the share of the budget used, and on a
  // perfect-information game the move the visits prefer.
  auto report = [&](Clock::time_point now, uint64_t i, uint64_t budget) {
    const double done = std::max(
        timed ? std::chrono::duration<double, std::milli>(now - start).count() / options_.time_ms
              : 0.0,
        budget ? double(i) / double(budget) : 0.0);
    SearchPolicy& thread = *threads_[0];
    uint32_t best_visits = 0, total = 0;
    Move best{0};
    {
      auto hold = thread.lock(0);
      for (Move m : legal) {
        const uint32_t c = thread.tree().find_child(0, m);
        const uint32_t v = c == SearchTree::kNone ? 0 : thread.tree().node(c).visits - prior_visits;
        total += v;
        if (v > best_visits) best_visits = v, best = m;
      }
    }
    char share[32];
    std::snprintf(share, sizeof share, " %.0f%%", total ? 100.0 * best_visits / total : 0.0);
    // Hidden information: progress only (agent.h), never the candidate it prefers.
    progress_(std::min(done, 1.0),
              total && !own_moves_only_ ? state.move_to_string(best) + share : std::string());
  };
  auto work = [&](int t) {
    SearchPolicy& thread = *threads_[std::size_t(t)];
    // Every thread makes at least one iteration.
    const uint64_t budget =
        options_.iterations > 0
            ? std::max<uint64_t>(1, uint64_t(options_.iterations / threads +
                                             (t < options_.iterations % threads ? 1 : 0)))
            : 0;
    const bool reports = t == 0 && bool(progress_);
    auto last_report = start;
    for (uint64_t i = 0;; ++i) {
      if (budget && i >= budget) break;
      if (i > 0 && stop_.load(std::memory_order_relaxed)) break;
      if (i > 0 && (timed || (reports && i % 64 == 0))) {
        const auto now = read_clock();
        if (timed && now >= deadline) break;
        if (reports && now - last_report >= std::chrono::milliseconds(100)) {
          last_report = now;
          report(now, i, budget);
        }
      }
      plies[std::size_t(t)] += thread.iterate(*base, seat, config);
      ++iterations[std::size_t(t)];
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();

  const std::size_t best_index =
      avoid_seen(*base, legal, tally_root(legal, prior_visits, trees_.size()));
  uint64_t total = 0;
  for (const auto& [move, visits] : root_visits_) total += visits;
  SearchTree::LockCounts locks;
  for (std::size_t t = 0; t < threads_.size(); ++t) {
    stats_.iterations += iterations[t];
    stats_.plies += plies[t];
    locks.taken += threads_[t]->lock_counts().taken;
    locks.waited += threads_[t]->lock_counts().waited;
  }
  for (auto& tree : trees_) stats_.nodes += tree->live_nodes();
  if (locks.taken > 0) stats_.lock_waits = double(locks.waited) / double(locks.taken);
  stats_.seconds = std::chrono::duration<double>(read_clock() - start).count();
  const uint32_t best_visits = root_visits_[best_index].second;
  stats_.best_share = total ? double(best_visits) / double(total) : 0;
  stats_.best_value = best_visits ? root_values_[best_index] : 0;
  write_note(total, trees_.size() < threads_.size());
  return legal[best_index];
}

std::size_t MctsAgent::tally_root(const MoveList& legal, uint32_t prior_visits,
                                  std::size_t tree_count) {
  std::size_t best_index = 0;
  uint32_t best_visits = 0;
  double best_value = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < legal.size(); ++i) {
    uint32_t visits = 0;
    double value = 0;
    for (auto& tree : trees_) {
      const uint32_t c = tree->find_child(0, legal[i]);
      if (c == SearchTree::kNone) continue;
      visits += tree->node(c).visits;
      value += tree->node(c).value;
    }
    const double mean = visits ? value / visits : -std::numeric_limits<double>::infinity();
    visits -= std::min<uint32_t>(visits, prior_visits * uint32_t(tree_count));
    root_visits_.push_back({legal[i], visits});
    root_values_.push_back(std::isinf(mean) ? std::numeric_limits<double>::quiet_NaN() : mean);
    if (visits > best_visits || (visits == best_visits && mean > best_value)) {
      best_visits = visits;
      best_value = mean;
      best_index = i;
    }
  }
  // The first tree's prior (its owner is the first thread).
  root_priors_.assign(legal.size(), std::numeric_limits<double>::quiet_NaN());
  if (prior_visits)
    for (std::size_t i = 0; i < legal.size(); ++i)
      root_priors_[i] = threads_[0]->prior_score(legal[i], i);
  return best_index;
}

std::size_t MctsAgent::avoid_seen(const State& base, const MoveList& legal,
                                  std::size_t best_index) {
  // Every root move with a value: its mean, or for a move no iteration tried the prior's score.
  // The way out of a loop may be a move the search hardly looked at (a card spent to change the
  // modes beside many free repeats; a budget spread almost evenly over ten attacks).
  std::vector<double> chances(legal.size(), std::numeric_limits<double>::quiet_NaN());
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (!std::isnan(root_values_[i])) chances[i] = win_chance(base.game(), root_values_[i]);
  // The position after a move, on one sample of what the seat cannot see (loops.h).
  Rng rng(seed_ ^ (decisions_ * 0x9e3779b97f4a7c15ULL));
  const std::unique_ptr<State> sample = base.determinize(seat_, rng);
  return avoid_loop(chances, best_index, draw_chance(base.game()), [&](std::size_t i) {
    std::unique_ptr<State> after = sample->clone();
    after->apply(legal[i]);
    return seen_.contains(SeenPositions::key(*after, seat_));
  });
}

void MctsAgent::write_note(uint64_t total, bool one_tree) {
  char note[160];
  const double speed = stats_.seconds > 0 ? double(stats_.iterations) / stats_.seconds : 0.0;
  if (own_moves_only_)  // figures that say nothing of the decision (agent.h)
    std::snprintf(note, sizeof note, "%llu iterations, %.2f s, %.0f it/s",
                  (unsigned long long)stats_.iterations, stats_.seconds, speed);
  else
    std::snprintf(note, sizeof note, "visits %.0f%% of %llu, value %+.2f, %.2f s, %.0f it/s",
                  100 * stats_.best_share, (unsigned long long)total, stats_.best_value,
                  stats_.seconds, speed);
  note_ = note;
  if (one_tree) {  // parallel=tree
    std::snprintf(note, sizeof note, ", one tree: %.1f%% of node locks waited",
                  100 * stats_.lock_waits);
    note_ += note;
  }
}

void MctsAgent::observe(const State& before, Move move) {
  if (seat_ >= 0 && before.ply() >= seen_ply_) {  // what this seat sees after the move
    std::unique_ptr<State> after = before.clone();
    after->log().set_enabled(false);
    after->apply(move);
    seen_ply_ = after->ply();
    seen_.add(*after, seat_);
  }
  if (tree_ply_ < 0) return;
  // On a hidden-information game only this seat's own moves are known to it: another seat's move
  // ends the reuse, unread.
  // With modelled opponents the tree holds only this seat's moves: another seat's move ends it too.
  const bool others_unread = own_moves_only_ || options_.model_opponents;
  if (before.ply() != tree_ply_ || (others_unread && before.current_player() != seat_)) {
    tree_ply_ = -1;
    return;
  }
  for (auto& tree : trees_) tree->advance(move);
  tree_ply_ = before.ply() + 1;
}

std::string MctsAgent::last_decision_note() const {
  return note_;
}

}  // namespace tabletop::ai
