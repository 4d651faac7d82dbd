// conspiracy_fit: fits the weights of the Conspiracy estimate (ConspiracyState::win_chances,
// conspiracy.h explains the model and its features) and prints them for conspiracy.cc.
//
//   conspiracy_fit [--games N] [--stride S] [--seed X] [--threads T]
//   conspiracy_fit --ties N [--seed X]
//
// Two rounds of the same procedure, each on N four-player games (default 6,000):
//   1. every seat plays uniformly random moves, except that it declares victory whenever it can
//      (random play rarely converts, which would teach the model that a victory in hand is worth
//      little) and, when it can mark a Present tile and has no marker, marks one with chance 1/2
//      (otherwise its declare step is random too), so the data shows what a marker placed earlier
//      is worth;
//   2. each seat, with chance 1/4 per game, instead plays greedily with the round-1 weights: one
//      ply, the mover's expected return from estimate_with averaged over 8 determinizations of
//      what it sees (the rule of the `greedy` agent, which can only use the compiled weights).
// In each game a state is sampled with chance 1/S at every decision after setup (default S = 10);
// every sample records each seat's features and, once the game is over, who won (or nobody, at
// the round cap). The weights are the maximum-likelihood conditional logit over the samples
// (Newton's method, L2 penalty 1), the seats and "no winner" being the alternatives. Round 2's fit
// is printed. The run is deterministic: games are seeded from X and their samples are fitted in
// game order, whatever the thread count.
//
// --ties N asks how much the fitted estimate (the compiled weights) tells a seat's choices apart:
// N four-player games in which every seat plays greedily with it (one ply, 8 determinizations
// shared by all the moves of a decision, as the `greedy` agent scores them), and at every decision
// with more than one legal move it counts the moves whose score ties with the best (within 1e-9),
// per phase of the turn. A tie is a choice that neither `greedy` nor a search ending in the
// estimate can make on anything but chance or what follows it.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "games/conspiracy/conspiracy.h"

using namespace tabletop;
using namespace tabletop::conspiracy;

namespace {

constexpr int kFeatures = ConspiracyState::kValueFeatures;
constexpr int kWeights = kFeatures + 1;  // the features, then "no winner"
constexpr int kSeats = 4;
using Weights = std::array<double, kWeights>;

struct Sample {
  std::array<std::array<float, kFeatures>, kSeats> features;
  int winner;  // -1: nobody
};

// The declare rule of round 1's players: victory when possible, else (with chance 1/2) a mark
// when unmarked.
Move declare_or(const ConspiracyState& state, const MoveList& legal, Move fallback, Rng& rng) {
  if (state.phase() != Phase::kDeclare) return fallback;
  for (Move m : legal)
    if (move_kind(m) == MoveKind::kWin) return m;
  if (state.marker(state.current_player()) < 0 && rng.uniform(2) == 0)
    for (Move m : legal)
      if (move_kind(m) == MoveKind::kMark) return m;
  return fallback;
}

double expected_return(const State& state, Seat seat, const Weights& weights) {
  Returns r{};
  static_cast<const ConspiracyState&>(state).estimate_with(weights.data(), r);
  return r[std::size_t(seat)];
}

Move greedy(const State& state, const MoveList& legal, const Weights& weights, Rng& rng) {
  const Seat me = state.current_player();
  double best = -1e300;
  Move choice = legal[0];
  int ties = 0;
  for (Move m : legal) {
    double score = 0;
    for (int k = 0; k < 8; ++k) {
      std::unique_ptr<State> sample = state.determinize(me, rng);
      sample->apply(m);
      score += expected_return(*sample, me, weights);
    }
    if (score > best + 1e-12) {
      best = score, choice = m, ties = 1;
    } else if (std::fabs(score - best) <= 1e-12 && rng.uniform(uint32_t(++ties)) == 0) {
      choice = m;
    }
  }
  return choice;
}

std::vector<Sample> play_game(const Game& game, uint64_t seed, int stride, const Weights* policy) {
  Rng rng(seed * 0x9e3779b97f4a7c15ULL + 17);
  bool greedy_seat[kSeats] = {};
  if (policy)
    for (bool& g : greedy_seat) g = rng.uniform(4) == 0;
  std::unique_ptr<State> state = game.new_initial_state(Chance(seed));
  state->log().set_enabled(false);
  std::vector<Sample> samples;
  MoveList legal;
  while (!state->is_terminal()) {
    const auto& position = static_cast<const ConspiracyState&>(*state);
    if (position.phase() != Phase::kGoal && rng.uniform(uint32_t(stride)) == 0) {
      Sample sample{};
      double advance[kColumns];
      for (int c = 0; c < kColumns; ++c) advance[c] = position.advance_chance(c);
      for (Seat s = 0; s < kSeats; ++s) {
        double f[kFeatures];
        position.value_features(s, advance, f);
        for (int i = 0; i < kFeatures; ++i)
          sample.features[std::size_t(s)][std::size_t(i)] = float(f[i]);
      }
      samples.push_back(sample);
    }
    state->legal_moves(legal);
    const Seat mover = state->current_player();
    Move move = legal[rng.uniform(uint32_t(legal.size()))];
    if (legal.size() > 1 && greedy_seat[mover])
      move = greedy(*state, legal, *policy, rng);
    else
      move = declare_or(position, legal, move, rng);
    state->apply(move);
  }
  const int winner = static_cast<const ConspiracyState&>(*state).winner();
  for (Sample& s : samples) s.winner = winner;
  return samples;
}

std::vector<Sample> play_games(const Game& game, int games, uint64_t seed, int stride, int threads,
                               const Weights* policy) {
  std::vector<std::vector<Sample>> per_game(static_cast<std::size_t>(games));
  std::atomic<int> next{0};
  auto work = [&] {
    for (int g = next++; g < games; g = next++)
      per_game[std::size_t(g)] = play_game(game, seed + uint64_t(g), stride, policy);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  std::vector<Sample> all;
  for (auto& v : per_game) all.insert(all.end(), v.begin(), v.end());
  return all;
}

// Maximum-likelihood conditional logit: alternatives are the four seats (x = their features, 0)
// and "no winner" (x = 0, ..., 0, 1).
Weights fit(const std::vector<Sample>& data) {
  constexpr int D = kWeights;
  Weights w{};
  const double l2 = 1.0;
  for (int iteration = 0; iteration < 30; ++iteration) {
    std::array<double, D> g{};
    std::vector<double> H(D * D, 0.0);
    double loglik = 0;
    for (const Sample& s : data) {
      auto x = [&](int k, int i) -> double {
        return k < kSeats ? (i < kFeatures ? s.features[std::size_t(k)][std::size_t(i)] : 0.0)
                          : (i == kFeatures ? 1.0 : 0.0);
      };
      double u[kSeats + 1], p[kSeats + 1], top = -1e300, z = 0;
      for (int k = 0; k <= kSeats; ++k) {
        u[k] = 0;
        for (int i = 0; i < D; ++i) u[k] += w[std::size_t(i)] * x(k, i);
        top = std::max(top, u[k]);
      }
      for (int k = 0; k <= kSeats; ++k) z += p[k] = std::exp(u[k] - top);
      for (double& q : p) q /= z;
      const int y = s.winner < 0 ? kSeats : s.winner;
      loglik += std::log(p[y]);
      double mean[D] = {};
      for (int k = 0; k <= kSeats; ++k)
        for (int i = 0; i < D; ++i) mean[i] += p[k] * x(k, i);
      for (int i = 0; i < D; ++i) g[std::size_t(i)] += x(y, i) - mean[i];
      for (int k = 0; k <= kSeats; ++k)
        for (int i = 0; i < D; ++i) {
          const double di = x(k, i) - mean[i];
          if (di == 0) continue;
          for (int j = 0; j < D; ++j) H[std::size_t(i * D + j)] += p[k] * di * (x(k, j) - mean[j]);
        }
    }
    for (int i = 0; i < D; ++i) {
      g[std::size_t(i)] -= l2 * w[std::size_t(i)];
      H[std::size_t(i * D + i)] += l2;
    }
    // Newton step: solve H d = g by Gaussian elimination with partial pivoting.
    std::array<double, D> d{};
    for (int c = 0; c < D; ++c) {
      int pivot = c;
      for (int r = c + 1; r < D; ++r)
        if (std::fabs(H[std::size_t(r * D + c)]) > std::fabs(H[std::size_t(pivot * D + c)]))
          pivot = r;
      for (int j = 0; j < D; ++j)
        std::swap(H[std::size_t(c * D + j)], H[std::size_t(pivot * D + j)]);
      std::swap(g[std::size_t(c)], g[std::size_t(pivot)]);
      for (int r = c + 1; r < D; ++r) {
        const double f = H[std::size_t(r * D + c)] / H[std::size_t(c * D + c)];
        for (int j = c; j < D; ++j) H[std::size_t(r * D + j)] -= f * H[std::size_t(c * D + j)];
        g[std::size_t(r)] -= f * g[std::size_t(c)];
      }
    }
    for (int c = D - 1; c >= 0; --c) {
      double v = g[std::size_t(c)];
      for (int j = c + 1; j < D; ++j) v -= H[std::size_t(c * D + j)] * d[std::size_t(j)];
      d[std::size_t(c)] = v / H[std::size_t(c * D + c)];
    }
    double step = 0;
    for (int i = 0; i < D; ++i) {
      w[std::size_t(i)] += d[std::size_t(i)];
      step = std::max(step, std::fabs(d[std::size_t(i)]));
    }
    std::fprintf(stderr, "  Newton step %d: log-likelihood per sample %.5f, largest change %.1e\n",
                 iteration + 1, loglik / double(data.size()), step);
    if (step < 1e-7) break;
  }
  return w;
}

// --ties: see the header.
void ties(const Game& game, int games, uint64_t seed) {
  static const char* const kPhaseNames[] = {"goal",          "jump",       "action", "place where",
                                            "place on tile", "attack end", "save",   "declare"};
  constexpr int kPhases = 8;
  int decisions[kPhases] = {}, tied[kPhases] = {}, all_tied[kPhases] = {};
  const Weights& w = ConspiracyState::value_weights();
  for (int g = 0; g < games; ++g) {
    Rng rng(seed + uint64_t(g));
    std::unique_ptr<State> state = game.new_initial_state(Chance(seed + uint64_t(g)));
    state->log().set_enabled(false);
    MoveList legal;
    std::vector<double> score;
    while (!state->is_terminal()) {
      state->legal_moves(legal);
      const Seat me = state->current_player();
      if (legal.size() == 1) {
        state->apply(legal[0]);
        continue;
      }
      score.assign(legal.size(), 0.0);
      for (int k = 0; k < 8; ++k) {
        std::unique_ptr<State> sample = state->determinize(me, rng);
        for (std::size_t i = 0; i < legal.size(); ++i) {
          std::unique_ptr<State> after = sample->clone();
          after->apply(legal[i]);
          score[i] += expected_return(*after, me, w);
        }
      }
      const double best = *std::max_element(score.begin(), score.end());
      std::vector<std::size_t> top;
      for (std::size_t i = 0; i < legal.size(); ++i)
        if (score[i] >= best - 1e-9) top.push_back(i);
      const int phase = int(static_cast<const ConspiracyState&>(*state).phase());
      ++decisions[phase];
      tied[phase] += top.size() > 1;
      all_tied[phase] += top.size() == legal.size();
      state->apply(legal[top[rng.uniform(uint32_t(top.size()))]]);
    }
  }
  std::printf("%-14s %9s %22s %14s\n", "phase", "decisions", "best tied with another",
              "all moves tie");
  int total = 0, total_tied = 0, total_all = 0;
  for (int p = 0; p < kPhases; ++p) {
    if (!decisions[p]) continue;
    total += decisions[p], total_tied += tied[p], total_all += all_tied[p];
    std::printf("%-14s %9d %21.1f%% %13.1f%%\n", kPhaseNames[p], decisions[p],
                100.0 * tied[p] / decisions[p], 100.0 * all_tied[p] / decisions[p]);
  }
  std::printf("%-14s %9d %21.1f%% %13.1f%%\n", "all", total, 100.0 * total_tied / total,
              100.0 * total_all / total);
}

void print(const char* title, const Weights& w) {
  std::printf("%s\n", title);
  for (int i = 0; i < kFeatures; ++i)
    std::printf("  %-42s %+.4f\n", ConspiracyState::kValueFeatureNames[std::size_t(i)],
                w[std::size_t(i)]);
  std::printf("  %-42s %+.4f\n", "no winner", w[kFeatures]);
}

}  // namespace

int main(int argc, char** argv) {
  int games = 6000, stride = 10, tie_games = 0,
      threads = int(std::max(1u, std::thread::hardware_concurrency()));
  uint64_t seed = 900000;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> long long {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return std::atoll(argv[++i]);
    };
    if (arg == "--games")
      games = int(value());
    else if (arg == "--stride")
      stride = int(value());
    else if (arg == "--seed")
      seed = uint64_t(value());
    else if (arg == "--threads")
      threads = int(value());
    else if (arg == "--ties")
      tie_games = int(value());
    else {
      std::fprintf(stderr,
                   "usage: conspiracy_fit [--games N] [--stride S] [--seed X] [--threads T]\n"
                   "       conspiracy_fit --ties N [--seed X]\n");
      return 2;
    }
  }
  if (games < 1 || stride < 1 || threads < 1) {
    std::fprintf(stderr, "--games, --stride and --threads must be positive\n");
    return 2;
  }
  // Random play can go on for long: the simulation round cap that the fitted data was made with.
  const auto game = entry().make(json{{"max_rounds", 60}});
  if (tie_games > 0) {
    ties(*game, tie_games, seed);
    return 0;
  }
  std::fprintf(stderr, "round 1: %d games of random play with a sensible declare\n", games);
  const std::vector<Sample> first = play_games(*game, games, seed, stride, threads, nullptr);
  std::fprintf(stderr, "  %zu samples\n", first.size());
  const Weights w1 = fit(first);
  print("round 1 (random play):", w1);
  std::fprintf(stderr, "round 2: %d games, a quarter of the seats greedy with round 1's weights\n",
               games);
  const std::vector<Sample> second =
      play_games(*game, games, seed + uint64_t(games), stride, threads, &w1);
  std::fprintf(stderr, "  %zu samples\n", second.size());
  const Weights w2 = fit(second);
  print("round 2 (the weights for conspiracy.cc):", w2);
  std::printf(
      "\nconstexpr std::array<double, ConspiracyState::kValueFeatures + 1> kValueWeights = {\n   ");
  for (int i = 0; i < kWeights; ++i)
    std::printf(" %+.4f%s%s", w2[std::size_t(i)], i + 1 < kWeights ? "," : "",
                (i + 1) % 8 == 0 && i + 1 < kWeights ? "\n   " : "");
  std::printf("};\n");
}
