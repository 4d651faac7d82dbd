// conspiracy_fit: fits the weights of the Conspiracy estimate (ConspiracyState::win_chances,
// conspiracy.h explains the model and its features) and prints them for conspiracy.cc.
//
//   conspiracy_fit [--games N] [--stride S] [--seed X] [--threads T]
//   conspiracy_fit --ties N [--seed X] [--players P]
//   conspiracy_fit --agree SPEC N [--seed X] [--players P]
//   conspiracy_fit --searchers SPEC [--games N] [--stride S] [--seed X] [--threads T]
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
// --searchers SPEC fits the same model to games where the moves are chosen with a purpose: N games
// (default 6,000; a few hundred is what a searcher's games afford) in which every seat plays the
// agent SPEC (e.g. `ismcts:iterations=500`, which searches with the compiled estimate), three and
// four players alternating (game g has 3 + g % 2 seats), sampled as above. Every fifth game (g % 5
// == 4) is held out; the fit is made on the others and printed, with the log-likelihood per sample
// of the compiled weights and of the new fit on the held-out games (the comparison that says
// whether the new weights predict the winner of such games better) and on the fitted ones.
//
// --ties N asks how much the fitted estimate (the compiled weights) tells a seat's choices apart:
// N four-player games in which every seat plays greedily with it (one ply, 8 determinizations
// shared by all the moves of a decision, as the `greedy` agent scores them), and at every decision
// with more than one legal move it counts the moves whose score ties with the best (within 1e-9),
// per phase of the turn. A tie is a choice that neither `greedy` nor a search ending in the
// estimate can make on anything but chance or what follows it. --players P (3 to 5, default 4)
// sets the player count of --ties and --agree.
//
// --agree SPEC N asks where a search parts from greedy: N games played as --ties plays them
// (greedy's move, ties broken at random), in which at every decision with a choice the agent SPEC
// of the seat to move (one per seat, told of every move) is also asked for its move, which is not
// played. Per phase: how often greedy's best is unique, how often the agent chose that move, how
// often it chose one of the tied best when several tie, how often a move greedy scores lower,
// and by how much on average (greedy's score: the mover's expected return).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "ai/agent.h"
#include "choice_model.h"
#include "core/rng.h"
#include "games/conspiracy/conspiracy.h"

using namespace tabletop;
using namespace tabletop::conspiracy;

namespace {

constexpr int kFeatures = ConspiracyState::kValueFeatures;
constexpr int kWeights = kFeatures + 1;  // the features, then "no winner"
constexpr int kSeats = 5;                // the most seats a sample holds
using Weights = std::array<double, kWeights>;

struct Sample {
  std::array<std::array<float, kFeatures>, kSeats> features;
  int players;  // the seats in play: features[0, players)
  int winner;   // -1: nobody
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

Sample sample_of(const ConspiracyState& position) {
  Sample sample{};
  sample.players = position.num_players();
  double advance[kColumns];
  for (int c = 0; c < kColumns; ++c) advance[c] = position.advance_chance(c);
  for (Seat s = 0; s < sample.players; ++s) {
    double f[kFeatures];
    position.value_features(s, advance, f);
    for (int i = 0; i < kFeatures; ++i)
      sample.features[std::size_t(s)][std::size_t(i)] = float(f[i]);
  }
  return sample;
}

// One game from `seed`, sampled with chance 1/stride at every decision after setup (`rng` draws
// the samples and whatever `choose(state, legal)` draws, in that order); every sample gets the
// winner.
template <class Choose>
std::vector<Sample> sampled_game(const Game& game, uint64_t seed, int stride, Rng& rng,
                                 Choose choose) {
  std::unique_ptr<State> state = game.new_initial_state(Chance(seed));
  state->log().set_enabled(false);
  std::vector<Sample> samples;
  MoveList legal;
  while (!state->is_terminal()) {
    const auto& position = static_cast<const ConspiracyState&>(*state);
    if (position.phase() != Phase::kGoal && rng.uniform(uint32_t(stride)) == 0)
      samples.push_back(sample_of(position));
    state->legal_moves(legal);
    state->apply(choose(position, legal));
  }
  const int winner = static_cast<const ConspiracyState&>(*state).winner();
  for (Sample& s : samples) s.winner = winner;
  return samples;
}

std::vector<Sample> play_game(const Game& game, uint64_t seed, int stride, const Weights* policy) {
  Rng rng(seed * 0x9e3779b97f4a7c15ULL + 17);
  bool greedy_seat[4] = {};
  if (policy)
    for (bool& g : greedy_seat) g = rng.uniform(4) == 0;
  return sampled_game(game, seed, stride, rng,
                      [&](const ConspiracyState& position, const MoveList& legal) {
                        const Move move = legal[rng.uniform(uint32_t(legal.size()))];
                        if (legal.size() > 1 && greedy_seat[position.current_player()])
                          return greedy(position, legal, *policy, rng);
                        return declare_or(position, legal, move, rng);
                      });
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

// The alternatives of a sample: its seats in play (x = their features, 0), then "no winner" (x =
// 0, ..., 0, 1). Returns the number of alternatives and writes each one's probability under `w`.
int choice_probabilities(const Sample& s, const Weights& w, double (&p)[kSeats + 1]) {
  const int n = s.players;
  double top = w[kFeatures];
  for (int k = 0; k < n; ++k) {
    p[k] = 0;
    for (int i = 0; i < kFeatures; ++i)
      p[k] += w[std::size_t(i)] * s.features[std::size_t(k)][std::size_t(i)];
    top = std::max(top, p[k]);
  }
  p[n] = w[kFeatures];
  double z = 0;
  for (int k = 0; k <= n; ++k) z += p[k] = std::exp(p[k] - top);
  for (int k = 0; k <= n; ++k) p[k] /= z;
  return n + 1;
}

// The observed outcome's alternative.
int outcome(const Sample& s) {
  return s.winner < 0 ? s.players : s.winner;
}

// Mean log-likelihood per sample of `data` under `w` (the fit's own measure).
double log_likelihood(const std::vector<Sample>& data, const Weights& w) {
  double sum = 0, p[kSeats + 1];
  for (const Sample& s : data) {
    choice_probabilities(s, w, p);
    sum += std::log(p[outcome(s)]);
  }
  return sum / double(data.size());
}

// The same over the samples of decisive games only, the seats alone being the alternatives: how
// well `w` tells which seat wins, whatever it says of a game the round cap ends.
double winner_log_likelihood(const std::vector<Sample>& data, const Weights& w) {
  double sum = 0, p[kSeats + 1];
  int n = 0;
  for (const Sample& s : data) {
    if (s.winner < 0) continue;
    choice_probabilities(s, w, p);
    sum += std::log(p[s.winner] / (1 - p[s.players]));
    ++n;
  }
  return n ? sum / n : 0.0;
}

// Maximum-likelihood conditional logit over the alternatives above (tools/choice_model.h).
Weights fit(const std::vector<Sample>& data) {
  std::vector<fitting::Choice> choices(data.size());
  for (std::size_t c = 0; c < data.size(); ++c) {
    const Sample& s = data[c];
    fitting::Choice& choice = choices[c];
    choice.alternatives = s.players + 1;
    choice.x.assign(std::size_t(s.players + 1) * kWeights, 0.0);
    choice.share.assign(std::size_t(s.players + 1), 0.0);
    for (int k = 0; k < s.players; ++k)
      for (int i = 0; i < kFeatures; ++i)
        choice.x[std::size_t(k * kWeights + i)] = s.features[std::size_t(k)][std::size_t(i)];
    choice.x[std::size_t(s.players * kWeights + kFeatures)] = 1.0;
    choice.share[std::size_t(outcome(s))] = 1.0;
  }
  const std::vector<double> w = fitting::fit(choices, kWeights, 1.0, {}, true);
  Weights out{};
  std::copy(w.begin(), w.end(), out.begin());
  return out;
}

void print(const char* title, const Weights& w);
void print_array(const Weights& w);

// --searchers: one game in which every seat plays `spec` (an agent spec, src/ai/agent.h), sampled
// as play_game samples.
std::vector<Sample> play_searched_game(const Game& game, uint64_t seed, int stride,
                                       const std::string& spec) {
  Rng rng(seed * 0x9e3779b97f4a7c15ULL + 29);
  std::vector<std::unique_ptr<ai::Agent>> agents;
  for (Seat s = 0; s < game.num_players(); ++s)
    agents.push_back(ai::make_agent(spec, game, seed * 8 + uint64_t(s)));
  return sampled_game(
      game, seed, stride, rng, [&](const ConspiracyState& position, const MoveList& legal) {
        const Move move = legal.size() == 1
                              ? legal[0]
                              : agents[std::size_t(position.current_player())]->choose(position);
        for (auto& agent : agents) agent->observe(position, move);
        return move;
      });
}

// What --searchers reads beside its games: where to keep or find them, and the weights to compare.
struct SearcherOptions {
  std::string spec;             // the agent every seat plays
  std::string save;             // --save FILE: write the games' samples there
  std::string load;             // --load FILE: read them instead of playing
  int features = kFeatures;     // --features K: fit on the first K features only (the rest weigh 0)
  std::vector<double> compare;  // --compare W,...: weights to score beside the compiled ones
  bool decisive = false;        // --decisive: fit on the samples of decisive games only
};

// --searchers: `games` games, game g with 3 + g % 2 players (three and four alternate), split by
// game into a training set and a held-out fifth (g % 5 == 4).
void searcher_round(int games, uint64_t seed, int stride, int threads,
                    const SearcherOptions& options) {
  std::vector<std::vector<Sample>> per_game;
  if (!options.load.empty()) {
    FILE* in = std::fopen(options.load.c_str(), "rb");
    int32_t count = 0, features = 0;
    if (!in || std::fread(&features, sizeof features, 1, in) != 1 ||
        std::fread(&count, sizeof count, 1, in) != 1 || count < 0)
      throw std::runtime_error("cannot read " + options.load);
    if (features != kFeatures)
      throw std::runtime_error(options.load + " holds samples of " + std::to_string(features) +
                               " features; this build has " + std::to_string(kFeatures));
    per_game.resize(std::size_t(count));
    for (auto& v : per_game) {
      int32_t n = 0;
      if (std::fread(&n, sizeof n, 1, in) != 1 || n < 0 || n > 100'000)
        throw std::runtime_error(options.load + " is cut short");
      v.resize(std::size_t(n));
      if (std::fread(v.data(), sizeof(Sample), v.size(), in) != v.size())
        throw std::runtime_error(options.load + " is cut short");
    }
    std::fclose(in);
    games = count;
  } else {
    const std::shared_ptr<const Game> variants[2] = {
        entry().make(json{{"max_rounds", 60}, {"players", 3}}),
        entry().make(json{{"max_rounds", 60}, {"players", 4}})};
    ai::make_agent(options.spec, *variants[0], 0);  // a bad spec fails here, not in a thread
    per_game.resize(std::size_t(games));
    std::atomic<int> next{0}, done{0};
    auto work = [&] {
      for (int g = next++; g < games; g = next++) {
        per_game[std::size_t(g)] =
            play_searched_game(*variants[g % 2], seed + uint64_t(g), stride, options.spec);
        const int d = ++done;
        if (d % 50 == 0) std::fprintf(stderr, "  %d of %d games\n", d, games);
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
  }
  if (!options.save.empty()) {
    FILE* out = std::fopen(options.save.c_str(), "wb");
    if (!out) throw std::runtime_error("cannot write " + options.save);
    const int32_t features = kFeatures, count = games;
    std::fwrite(&features, sizeof features, 1, out);
    std::fwrite(&count, sizeof count, 1, out);
    for (const auto& v : per_game) {
      const int32_t n = int32_t(v.size());
      std::fwrite(&n, sizeof n, 1, out);
      std::fwrite(v.data(), sizeof(Sample), v.size(), out);
    }
    std::fclose(out);
  }
  std::vector<Sample> train, test;
  int wins[2] = {}, capped[2] = {};
  for (int g = 0; g < games; ++g) {
    auto& v = per_game[std::size_t(g)];
    for (Sample& sample : v)
      for (auto& f : sample.features)
        for (int i = options.features; i < kFeatures; ++i) f[std::size_t(i)] = 0;
    if (!v.empty()) ++(v[0].winner < 0 ? capped : wins)[g % 2];
    if (g % 5 == 4)
      test.insert(test.end(), v.begin(), v.end());
    else if (!options.decisive || (!v.empty() && v[0].winner >= 0))
      train.insert(train.end(), v.begin(), v.end());
  }
  std::printf(
      "searcher games (every seat %s): 3 players %d won, %d capped; 4 players %d won, %d "
      "capped\n",
      options.load.empty() ? options.spec.c_str() : options.load.c_str(), wins[0], capped[0],
      wins[1], capped[1]);
  std::printf("samples: %zu for the fit, %zu held out (every fifth game)\n", train.size(),
              test.size());
  const Weights& compiled = ConspiracyState::value_weights();
  Weights current;
  std::copy(compiled.begin(), compiled.end(), current.begin());
  const Weights w = fit(train);
  print("searcher fit (the weights for conspiracy_estimate.cc):", w);
  std::printf(
      "log-likelihood per sample          held out   fitted   (decisive games: the winner "
      "among the seats, held out, fitted)\n");
  auto row = [&](const char* name, const Weights& weights) {
    std::printf("  %-32s %8.4f %8.4f   %8.4f %8.4f\n", name, log_likelihood(test, weights),
                log_likelihood(train, weights), winner_log_likelihood(test, weights),
                winner_log_likelihood(train, weights));
  };
  row("compiled weights", current);
  if (!options.compare.empty()) {
    // The first features' weights as given, the rest 0, the last number "no winner".
    Weights other{};
    for (std::size_t i = 0; i + 1 < options.compare.size() && i < std::size_t(kFeatures); ++i)
      other[i] = options.compare[i];
    other[kFeatures] = options.compare.back();
    row("--compare weights", other);
  }
  row("searcher fit", w);
  Weights uniform{};
  row("no features (all weights 0)", uniform);
  print_array(w);
}

// Greedy's score of every legal move for the seat to move (the sum over 8 determinizations shared
// by all the moves), into `score`; returns the best.
double greedy_scores(const State& state, const MoveList& legal, const Weights& w, Rng& rng,
                     std::vector<double>& score) {
  const Seat me = state.current_player();
  score.assign(legal.size(), 0.0);
  for (int k = 0; k < 8; ++k) {
    std::unique_ptr<State> sample = state.determinize(me, rng);
    for (std::size_t i = 0; i < legal.size(); ++i) {
      std::unique_ptr<State> after = sample->clone();
      after->apply(legal[i]);
      score[i] += expected_return(*after, me, w);
    }
  }
  return *std::max_element(score.begin(), score.end());
}

const char* const kPhaseNames[] = {"goal",          "jump",       "action", "place where",
                                   "place on tile", "attack end", "save",   "declare"};
constexpr int kPhases = 8;

// --ties and --agree (see the header): greedy games, and with `spec` the agent's choice beside
// greedy's at every decision (the agents draw from their own seeds, so the games are the same).
void greedy_games(const Game& game, int games, uint64_t seed, const std::string& spec) {
  int decisions[kPhases] = {}, tied[kPhases] = {}, all_tied[kPhases] = {}, same[kPhases] = {},
      tied_pick[kPhases] = {}, below[kPhases] = {};
  double shortfall[kPhases] = {};
  const Weights& w = ConspiracyState::value_weights();
  for (int g = 0; g < games; ++g) {
    Rng rng(seed + uint64_t(g));
    std::vector<std::unique_ptr<ai::Agent>> agents;
    if (!spec.empty())
      for (Seat s = 0; s < game.num_players(); ++s)
        agents.push_back(ai::make_agent(spec, game, (seed + uint64_t(g)) * 8 + uint64_t(s)));
    std::unique_ptr<State> state = game.new_initial_state(Chance(seed + uint64_t(g)));
    state->log().set_enabled(false);
    MoveList legal;
    std::vector<double> score;
    while (!state->is_terminal()) {
      state->legal_moves(legal);
      Move move = legal[0];
      if (legal.size() > 1) {
        const double best = greedy_scores(*state, legal, w, rng, score);
        std::vector<std::size_t> top;
        for (std::size_t i = 0; i < legal.size(); ++i)
          if (score[i] >= best - 1e-9) top.push_back(i);
        const int phase = int(static_cast<const ConspiracyState&>(*state).phase());
        ++decisions[phase];
        tied[phase] += top.size() > 1;
        all_tied[phase] += top.size() == legal.size();
        if (!agents.empty()) {
          const Move searched = agents[std::size_t(state->current_player())]->choose(*state);
          const std::size_t at =
              std::size_t(std::find(legal.begin(), legal.end(), searched) - legal.begin());
          if (score[at] < best - 1e-9) {
            ++below[phase];
            shortfall[phase] += (best - score[at]) / 8;
          } else {
            (top.size() == 1 ? same : tied_pick)[phase]++;
          }
        }
        move = legal[top[rng.uniform(uint32_t(top.size()))]];
      }
      for (auto& agent : agents) agent->observe(*state, move);
      state->apply(move);
    }
  }
  int t[6] = {};
  double total_shortfall = 0;
  for (int p = 0; p < kPhases; ++p)
    t[0] += decisions[p], t[1] += tied[p], t[2] += all_tied[p], t[3] += same[p],
        t[4] += tied_pick[p], t[5] += below[p], total_shortfall += shortfall[p];
  if (spec.empty()) {
    std::printf("%-14s %9s %22s %14s\n", "phase", "decisions", "best tied with another",
                "all moves tie");
    auto row = [](const char* name, int d, int ti, int all) {
      std::printf("%-14s %9d %21.1f%% %13.1f%%\n", name, d, 100.0 * ti / d, 100.0 * all / d);
    };
    for (int p = 0; p < kPhases; ++p)
      if (decisions[p]) row(kPhaseNames[p], decisions[p], tied[p], all_tied[p]);
    row("all", t[0], t[1], t[2]);
    return;
  }
  std::printf("%-14s %9s %14s %18s %18s %18s %10s\n", "phase", "decisions", "greedy's best",
              "search: that move", "search: a tied one", "search: lower move", "shortfall");
  std::printf("%-14s %9s %14s %18s %18s %18s %10s\n", "", "", "unique", "(of unique)", "(of tied)",
              "(of all)", "(mean)");
  auto row = [](const char* name, int d, int ti, int s, int tp, int b, double sf) {
    const int u = d - ti;
    std::printf("%-14s %9d %13.1f%% %17.1f%% %17.1f%% %17.1f%% %10.4f\n", name, d,
                100.0 * u / std::max(d, 1), 100.0 * s / std::max(u, 1),
                100.0 * tp / std::max(ti, 1), 100.0 * b / std::max(d, 1), b ? sf / b : 0.0);
  };
  for (int p = 0; p < kPhases; ++p)
    if (decisions[p])
      row(kPhaseNames[p], decisions[p], tied[p], same[p], tied_pick[p], below[p], shortfall[p]);
  row("all", t[0], t[1], t[3], t[4], t[5], total_shortfall);
}

void print(const char* title, const Weights& w) {
  std::printf("%s\n", title);
  for (int i = 0; i < kFeatures; ++i)
    std::printf("  %-42s %+.4f\n", ConspiracyState::kValueFeatureNames[std::size_t(i)],
                w[std::size_t(i)]);
  std::printf("  %-42s %+.4f\n", "no winner", w[kFeatures]);
}

void print_array(const Weights& w) {
  std::printf(
      "\nconstexpr std::array<double, ConspiracyState::kValueFeatures + 1> kValueWeights = {\n   ");
  for (int i = 0; i < kWeights; ++i)
    std::printf(" %+.4f%s%s", w[std::size_t(i)], i + 1 < kWeights ? "," : "",
                (i + 1) % 8 == 0 && i + 1 < kWeights ? "\n   " : "");
  std::printf("};\n");
}

}  // namespace

int main(int argc, char** argv) {
  int games = 6000, stride = 10, tie_games = 0,
      threads = int(std::max(1u, std::thread::hardware_concurrency()));
  uint64_t seed = 900000;
  SearcherOptions searchers;
  std::string agree_spec;
  std::vector<std::string> agree;  // --agree SPEC N
  int agree_games = 0, players = 4;
  CLI::App app{"Fits Conspiracy's estimate weights from self-play (docs/games/conspiracy.md)",
               "conspiracy_fit"};
  app.add_option("--games", games, "games a round")->check(CLI::PositiveNumber);
  app.add_option("--stride", stride, "plies between samples")->check(CLI::PositiveNumber);
  app.add_option("--seed", seed, "the first game's seed");
  app.add_option("--threads", threads, "worker threads")->check(CLI::PositiveNumber);
  app.add_option("--ties", tie_games, "play N greedy games and report their ties");
  app.add_option("--agree", agree, "SPEC N: how often greedy and SPEC agree over N games")
      ->expected(2);
  app.add_option("--players", players, "players")->check(CLI::Range(3, 5));
  app.add_option("--searchers", searchers.spec, "fit against a searcher's choices (agent spec)");
  app.add_option("--save", searchers.save, "save the searchers' samples to FILE");
  app.add_option("--load", searchers.load, "read the searchers' samples from FILE");
  app.add_flag("--decisive", searchers.decisive, "only decisive games' samples");
  app.add_option("--features", searchers.features, "fit the first K features")
      ->check(CLI::Range(0, kFeatures));
  app.add_option("--compare", searchers.compare, "weights to compare, comma-separated")
      ->delimiter(',');
  CLI11_PARSE(app, argc, argv);
  if (!agree.empty()) {
    agree_spec = agree[0];
    try {
      agree_games = std::stoi(agree[1]);
    } catch (const std::exception&) {
      std::fprintf(stderr, "--agree SPEC N: N must be a number of games\n");
      return 2;
    }
  }
  // Random play can go on for long: the simulation round cap that the fitted data was made with.
  const auto game = entry().make(json{{"max_rounds", 60}, {"players", players}});
  if (agree_games > 0) {
    try {
      greedy_games(*game, agree_games, seed, agree_spec);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "--agree: %s\n", e.what());
      return 2;
    }
    return 0;
  }
  if (tie_games > 0) {
    greedy_games(*game, tie_games, seed, "");
    return 0;
  }
  if (!searchers.spec.empty() || !searchers.load.empty()) {
    try {
      searcher_round(games, seed, stride, threads, searchers);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "--searchers: %s\n", e.what());
      return 2;
    }
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
  print_array(w2);
}
