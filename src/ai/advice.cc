#include "ai/advice.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "ai/greedy_agent.h"
#include "ai/loops.h"
#include "ai/mcts.h"
#include "ai/reply_check.h"
#include "ai/tuning.h"

namespace tabletop::ai {

namespace {

std::unique_ptr<MctsAgent> make_search(const Game& game, const std::string& spec, uint64_t seed) {
  const AgentSpec parsed = AgentSpec::parse(spec);
  if (parsed.name != "ismcts")
    throw BadParams("advice searches with ismcts (e.g. ismcts:iterations=2000), not " +
                    quote(spec));
  // The game's tuned options (ai/tuning.h), as for a computer seat: the hint is hard's own search.
  return std::make_unique<MctsAgent>(
      game, SearchOptions::from_spec(with_tuned_defaults(parsed, game)), true, seed, spec);
}

// The seat to move's expected return after `move`, by greedy's one-ply score over samples of what
// it cannot see (for a move the search gave no value: the only legal one).
double one_ply_value(const State& state, Move move, uint64_t seed) {
  std::unique_ptr<State> base = state.clone();
  base->log().clear();
  base->log().set_enabled(false);
  base->chance() = Chance(0);  // the future is not known: determinize reseeds every sample
  MoveList moves;
  moves.push_back(move);
  Rng rng(seed);
  std::vector<double> score;
  constexpr int kSamples = 8;
  one_ply_scores(*base, state.current_player(), moves, kSamples, rng, Evaluation(state.game()),
                 score);
  return score[0] / kSamples;
}

// The search's verdict at `state`, with the reply check (advice.h): the move it prefers with its
// value, and the value of `played` (when given).
struct Verdict {
  Move best{0};
  double best_value = 0;
  double played_value = 0;
  uint64_t iterations = 0;
  bool forced = false;
  bool refuted = false;  // `played`'s reply value is kRefutedBy below the best checked one's
};

// The root moves the reply check judges: the search's `count` most visited, its choice and
// `played`, as indices into the search's root moves.
std::vector<std::size_t> checked_moves(const std::vector<std::pair<Move, uint32_t>>& visits,
                                       std::size_t count, Move best,
                                       const std::optional<Move>& played) {
  std::vector<std::size_t> order(visits.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return visits[a].second > visits[b].second;
  });
  order.resize(std::min(order.size(), count));
  for (std::size_t i = 0; i < visits.size(); ++i)
    if ((visits[i].first == best || (played && visits[i].first == *played)) &&
        std::find(order.begin(), order.end(), i) == order.end())
      order.push_back(i);
  return order;
}

Verdict judge(const State& state, const std::optional<Move>& played, const std::string& spec,
              uint64_t seed, const SearchClock& clock, const StopWhen& stop_when = {},
              const std::vector<std::string>& seen = {}) {
  auto search = make_search(state.game(), spec, seed);
  if (clock) search->set_clock(clock);
  if (stop_when)
    search->set_progress([&](double, const std::string&) {
      if (stop_when()) search->stop();
    });
  Verdict v;
  v.best = search->choose(state);
  v.iterations = search->last_stats().iterations;
  const auto& visits = search->last_root_visits();
  const auto& values = search->last_root_values();
  v.forced = visits.size() == 1;
  auto search_value = [&](std::size_t i) {
    return std::isnan(values[i]) ? one_ply_value(state, visits[i].first, seed) : values[i];
  };
  auto index_of = [&](Move m) {
    for (std::size_t i = 0; i < visits.size(); ++i)
      if (visits[i].first == m) return i;
    return std::size_t(0);  // cannot happen: every legal move is a root move
  };
  const std::size_t best_index = index_of(v.best);
  if (v.forced) {
    v.best_value = v.played_value = search_value(best_index);
    return v;
  }
  const ReplyCheck check(state, seed);
  std::vector<double> checked(visits.size(), std::numeric_limits<double>::quiet_NaN());
  std::vector<double> reply(visits.size(), std::numeric_limits<double>::quiet_NaN());
  double best_reply = -std::numeric_limits<double>::infinity();
  const std::size_t count = check.samples() == 1 ? visits.size() : std::size_t(kCheckedMoves);
  for (std::size_t i : checked_moves(visits, count, v.best, played)) {
    checked[i] = search_value(i);
    if (!check.usable()) continue;
    reply[i] = check.reply_value(visits[i].first);
    if (std::isnan(reply[i])) continue;
    checked[i] = std::min(checked[i], reply[i]);
    best_reply = std::max(best_reply, reply[i]);
  }
  // The search's choice stands unless the best checked move is worth kRefutedBy more.
  const Game& game = state.game();
  std::size_t chosen = best_index;
  for (std::size_t i = 0; i < visits.size(); ++i)
    if (!std::isnan(checked[i]) && checked[i] > checked[chosen]) chosen = i;
  if (win_chance(game, checked[chosen]) < win_chance(game, checked[best_index]) + kRefutedBy)
    chosen = best_index;
  // A move that goes round in a loop gives way to the best checked one that does not (loops.h).
  if (!seen.empty()) {
    SeenPositions seen_keys;
    for (const std::string& text : seen) seen_keys.add(SeenPositions::key(text));
    std::vector<double> chances(visits.size(), std::numeric_limits<double>::quiet_NaN());
    for (std::size_t i = 0; i < visits.size(); ++i)
      if (!std::isnan(checked[i])) chances[i] = win_chance(game, checked[i]);
    chosen = avoid_loop(chances, chosen, draw_chance(game), [&](std::size_t i) {
      return seen_keys.contains(SeenPositions::key(check.seen_after(visits[i].first)));
    });
  }
  v.best = visits[chosen].first;
  v.best_value = checked[chosen];
  if (!played) return v;
  const std::size_t p = index_of(*played);
  v.played_value = checked[p];
  v.refuted = !std::isnan(reply[p]) &&
              win_chance(game, reply[p]) <= win_chance(game, best_reply) - kRefutedBy;
  return v;
}

}  // namespace

std::vector<std::string> seen_positions(const Game& game, const Record& record) {
  Chance chance(record.seed);
  chance.script(record.chance);
  std::unique_ptr<State> state = game.new_initial_state(std::move(chance));
  try {
    std::unique_ptr<State> last = state->clone();
    for (const std::string& move : record.moves) last->apply_text(move);
    if (last->is_terminal()) return {};
    const Seat seat = last->current_player();
    std::vector<std::string> seen{position_text(*state, seat)};
    for (const std::string& move : record.moves) {
      state->apply_text(move);
      seen.push_back(position_text(*state, seat));
    }
    return seen;
  } catch (const std::exception&) {
    return {};
  }
}

Hint hint(const State& state, const std::string& spec, uint64_t seed, SearchClock clock,
          StopWhen stop_when, const std::vector<std::string>& seen) {
  const Verdict v = judge(state, std::nullopt, spec, seed, clock, stop_when, seen);
  return {state.move_to_string(v.best), win_chance(state.game(), v.best_value), v.iterations};
}

Analyser::Analyser(const Registry& registry, const Record& record, std::string spec, uint64_t seed)
    : moves_(record.moves), spec_(std::move(spec)), seed_(seed) {
  replay(registry, record);  // every problem of the record, named, before any search
  game_ = registry.make(record.game, record.params);
  make_search(*game_, spec_, seed_);  // the spec, checked
  Chance chance(record.seed);
  chance.script(record.chance);
  state_ = game_->new_initial_state(std::move(chance));
  result_.spec = spec_;
}

Analyser::~Analyser() = default;

MoveAnalysis analyse_move(const State& before, Move played, const std::string& spec, uint64_t seed,
                          SearchClock clock) {
  const Verdict v = judge(before, played, spec, seed, clock);
  MoveAnalysis m;
  m.seat = before.current_player();
  m.preferred = before.move_to_string(v.best);
  m.before = win_chance(before.game(), v.best_value);
  m.after = win_chance(before.game(), v.played_value);
  m.forced = v.forced;
  m.refuted = v.refuted;
  m.iterations = v.iterations;
  return m;
}

std::string spec_for_position(const std::string& spec, std::size_t legal_moves) {
  AgentSpec parsed = AgentSpec::parse(spec);
  const auto it = parsed.options.find("iterations");
  if (it == parsed.options.end()) return spec;
  const int64_t n = parsed.integer("iterations", 0, 1, 1'000'000'000);
  const int64_t scaled = std::clamp<int64_t>(n * int64_t(legal_moves) / kTypicalMoves,
                                             std::max<int64_t>(1, n / 2), 2 * n);
  it->second = std::to_string(scaled);
  std::string text = parsed.name + ":";
  for (const auto& [key, value] : parsed.options) text += key + "=" + value + ",";
  text.pop_back();
  return text;
}

void Analyser::step(SearchClock clock) {
  const std::size_t i = result_.moves.size();
  const auto start = std::chrono::steady_clock::now();
  MoveList legal;
  state_->legal_moves(legal);
  MoveAnalysis m = analyse_move(*state_, state_->parse_move(moves_[i]),
                                spec_for_position(spec_, legal.size()), seed_ + i, clock);
  m.ply = int(i) + 1;
  m.move = moves_[i];
  result_.iterations += m.iterations;
  result_.moves.push_back(std::move(m));
  state_->apply_text(moves_[i]);
  result_.seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Analysis Analyser::result() const {
  Analysis a = result_;
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < a.moves.size(); ++i)
    if (a.moves[i].loss() >= kMarkedLoss) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return a.moves[x].loss() > a.moves[y].loss();
  });
  for (std::size_t k = 0; k < order.size() && k < std::size_t(kMostMarked); ++k)
    a.moves[order[k]].marked = true;
  // A refuted move is marked whatever the other losses (a loss the search values as none at all
  // is a difference of its noise, not a mistake).
  for (MoveAnalysis& m : a.moves)
    if (m.refuted && m.loss() > 0) m.marked = true;
  return a;
}

Analysis analyse(const Registry& registry, const Record& record, const std::string& spec,
                 uint64_t seed) {
  Analyser analyser(registry, record, spec, seed);
  while (!analyser.finished()) analyser.step();
  return analyser.result();
}

json analysis_json(const Analysis& analysis) {
  auto round3 = [](double x) { return std::round(x * 1000) / 1000; };
  json moves = json::array(), marked = json::array();
  for (const MoveAnalysis& m : analysis.moves) {
    moves.push_back({{"ply", m.ply},
                     {"seat", m.seat},
                     {"move", m.move},
                     {"preferred", m.preferred},
                     {"before", round3(m.before)},
                     {"after", round3(m.after)},
                     {"loss", round3(m.loss())},
                     {"forced", m.forced},
                     {"refuted", m.refuted},
                     {"marked", m.marked}});
    if (m.marked) marked.push_back(m.ply);
  }
  return {{"spec", analysis.spec},
          {"iterations", analysis.iterations},
          {"seconds", std::round(analysis.seconds * 100) / 100},
          {"moves", moves},
          {"marked", marked}};
}

}  // namespace tabletop::ai
