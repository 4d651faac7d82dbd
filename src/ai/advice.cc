#include "ai/advice.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "ai/greedy_agent.h"
#include "ai/mcts.h"
#include "ai/tuning.h"

namespace tabletop::ai {

double win_chance(const Game& game, double value) {
  const double loss = game.loss_return();
  if (!std::isfinite(value) || !(loss < 1)) return 0.5;
  return std::clamp((value - loss) / (1 - loss), 0.0, 1.0);
}

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
  one_ply_scores(*base, state.current_player(), moves, kSamples, rng, score);
  return score[0] / kSamples;
}

// The search's verdict at `state`: the move it prefers with its value, and the value of `played`
// (when given).
struct Verdict {
  Move best{0};
  double best_value = 0;
  double played_value = 0;
  uint64_t iterations = 0;
  bool forced = false;
};

Verdict judge(const State& state, const std::optional<Move>& played, const std::string& spec,
              uint64_t seed, const SearchClock& clock, const StopWhen& stop_when = {}) {
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
  auto value_of = [&](Move m) {
    for (std::size_t i = 0; i < visits.size(); ++i)
      if (visits[i].first == m && !std::isnan(values[i])) return values[i];
    return one_ply_value(state, m, seed);
  };
  v.best_value = value_of(v.best);
  v.played_value = played ? (*played == v.best ? v.best_value : value_of(*played)) : v.best_value;
  return v;
}

}  // namespace

Hint hint(const State& state, const std::string& spec, uint64_t seed, SearchClock clock,
          StopWhen stop_when) {
  const Verdict v = judge(state, std::nullopt, spec, seed, clock, stop_when);
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
  m.iterations = v.iterations;
  return m;
}

void Analyser::step(SearchClock clock) {
  const std::size_t i = result_.moves.size();
  const auto start = std::chrono::steady_clock::now();
  MoveAnalysis m = analyse_move(*state_, state_->parse_move(moves_[i]), spec_, seed_ + i, clock);
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
