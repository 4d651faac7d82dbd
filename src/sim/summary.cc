#include "sim/summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <sstream>

#include "ai/tuning.h"

namespace tabletop::sim {

Summary::Summary(const Plan& plan, std::string mode, std::vector<std::string> pool, double detect)
    : mode_(std::move(mode)),
      pool_(std::move(pool)),
      detect_(detect),
      seed_(plan.seed),
      first_deal_(plan.first_deal),
      quality_every_(plan.quality_every),
      planned_deals_(plan.deals),
      measured_(plan.quality) {
  for (const Condition& c : plan.conditions) {
    ConditionStats s;
    s.name = c.name;
    s.game = c.game->info().id;
    s.rules = c.game;
    s.params = c.game->params();
    s.slots = c.slots;
    s.players = c.game->num_players();
    s.tuned = std::string(ai::tuned_search_options(c.game->info(), s.players));
    s.rotations = int(c.rotations.size());
    s.budget = c.budget;
    const auto n = std::size_t(s.players);
    s.seat_wins.assign(n, 0);
    s.seat_top.assign(n, 0);
    s.seat_returns.assign(n, 0);
    s.slot_wins.assign(n, 0);
    s.slot_returns.assign(n, 0);
    s.seat_win_example.resize(n);
    s.seat_share.resize(n);
    s.slot_share.resize(n);
    s.deal_seat_win.resize(n);
    conditions_.push_back(std::move(s));
    slot_agent_.push_back(c.slot_agent);
    deal_win_sum_.emplace_back(n, 0.0);
  }
  deal_plies_sum_.assign(conditions_.size(), 0);
  for (const ConditionStats& s : conditions_) last_.push_back({s.seat_wins, s.slot_wins});
  deal_capped_sum_.assign(conditions_.size(), 0);
  deal_behind_.assign(conditions_.size(), 0);
  deal_estimated_decisive_.assign(conditions_.size(), 0);
  deal_measured_.assign(conditions_.size(), 0);
  deal_draw_sum_.assign(conditions_.size(), 0);
  deal_figure_sum_.resize(conditions_.size());
  deal_games_.assign(conditions_.size(), 0);
  for (std::size_t c = 1; mode_ == "variants" && c < conditions_.size(); ++c) {
    PairedComparison p;
    p.condition = int(c);
    p.seat_win.resize(std::size_t(std::min(conditions_[0].players, conditions_[c].players)));
    paired_.push_back(std::move(p));
  }
  wins_.assign(pool_.size(), std::vector<double>(pool_.size(), 0));
}

void Summary::game(const GameResult& r) {
  ConditionStats& s = conditions_[std::size_t(r.condition)];
  const int n = r.players;
  ++s.games;
  const int winner = r.sole_winner();
  const double best = *std::max_element(r.returns.begin(), r.returns.end());
  if (r.capped) {
    ++s.capped;
    if (r.record && !s.capped_example) s.capped_example = r.record;
  } else if (r.draw()) {
    ++s.draws;
  } else if (winner >= 0) {
    ++s.decisive;
  } else {
    ++s.shared;
  }
  for (int seat = 0; seat < n; ++seat) {
    const auto i = std::size_t(seat);
    const int slot = r.seat_slot[i];
    s.seat_returns[i] += r.returns[i];
    s.slot_returns[std::size_t(slot)] += r.returns[i];
    if (!r.capped && !r.draw() && r.returns[i] == best) ++s.seat_top[i];
  }
  if (winner >= 0) {
    ++s.seat_wins[std::size_t(winner)];
    ++s.slot_wins[std::size_t(r.seat_slot[std::size_t(winner)])];
    if (r.record && !s.seat_win_example[std::size_t(winner)])
      s.seat_win_example[std::size_t(winner)] = r.record;
    deal_win_sum_[std::size_t(r.condition)][std::size_t(winner)] += 1;
  }
  deal_plies_sum_[std::size_t(r.condition)] += r.plies;
  deal_capped_sum_[std::size_t(r.condition)] += r.capped ? 1 : 0;
  deal_draw_sum_[std::size_t(r.condition)] += r.draw() ? 1 : 0;
  ++deal_games_[std::size_t(r.condition)];
  s.plies.add(r.plies);
  s.length_spread.add(r.plies);
  s.seconds.add(r.seconds);
  if (r.plies > s.longest_plies) {
    s.longest_plies = r.plies;
    if (r.record) s.longest = r.record;
  }
  if (s.shortest_plies < 0 || r.plies < s.shortest_plies) {
    s.shortest_plies = r.plies;
    if (r.record) s.shortest = r.record;
  }
  if (r.quality.measured) add_quality(r);
  for (const auto& [name, value] : r.figures) {
    deal_figure_sum_[std::size_t(r.condition)][name] += value;
    auto it = std::find_if(s.figures.begin(), s.figures.end(),
                           [&](const auto& f) { return f.first == name; });
    if (it == s.figures.end()) {
      s.figures.emplace_back(name, Distribution{});
      it = s.figures.end() - 1;
    }
    it->second.add(value);
  }
  add_to_tournament(r, winner);
}

void Summary::add_quality(const GameResult& r) {
  ConditionStats& s = conditions_[std::size_t(r.condition)];
  const int n = r.players;
  const GameQuality& q = r.quality;
  ++s.quality_games;
  deal_measured_[std::size_t(r.condition)] = 1;
  if (!std::isnan(q.branching)) s.branching.add(q.branching);
  double choices = 0;
  for (int c : q.choices) choices += c;
  if (q.estimated) s.lead_changes.add(q.lead_changes);
  if (q.estimated && q.lead_changes > s.most_lead_changes_count) {
    s.most_lead_changes_count = q.lead_changes;
    if (r.record) s.most_lead_changes = r.record;
  }
  s.decisions_per_player.add(choices / std::max(1, n));
  if (q.clear_at >= 0) s.clear_at.add(q.clear_at);
  if (q.clear_at >= 0 && q.winner_lowest < s.comeback_lowest) {
    s.comeback_lowest = q.winner_lowest;
    if (r.record) s.comeback = r.record;
  }
  const std::size_t width = std::size_t(n) + 1;
  for (std::size_t t = 0; t * width + width <= q.trace.size(); ++t) {
    if (s.trace.size() <= t) {
      s.trace.emplace_back(width);
      s.turn_games.push_back(0);
    }
    ++s.turn_games[t];
    for (std::size_t k = 0; k < width; ++k)
      if (!std::isnan(q.trace[t * width + k])) s.trace[t][k].add(q.trace[t * width + k]);
  }
  if (s.seat_figure_names.empty()) {
    s.seat_figure_names = q.seat_figure_names;
    s.seat_figure_meanings = q.seat_figure_meanings;
  }
  if (q.seat_figure_names == s.seat_figure_names && !s.seat_figure_names.empty()) {
    const std::size_t w = s.seat_figure_names.size() * std::size_t(n);
    for (std::size_t t = 0; t * w + w <= q.figure_trace.size(); ++t) {
      if (s.figure_trace.size() <= t) s.figure_trace.emplace_back(w);
      for (std::size_t k = 0; k < w; ++k)
        if (!std::isnan(q.figure_trace[t * w + k]))
          s.figure_trace[t][k].add(q.figure_trace[t * w + k]);
    }
  }
  deal_behind_[std::size_t(r.condition)] += q.clear_at >= 0 && q.winner_behind_at_midpoint;
  deal_estimated_decisive_[std::size_t(r.condition)] += q.clear_at >= 0;
}

void Summary::add_to_tournament(const GameResult& r, int winner) {
  const int n = r.players;
  // Tournament: the sole winner's agent beats each other agent in the game once; a draw (or a
  // capped game) is half a win each way between the two agents.
  const auto& agent_of = slot_agent_[std::size_t(r.condition)];
  if (!pool_.empty() && mode_ == "tournament" && !agent_of.empty()) {
    std::vector<int> present;
    for (int seat = 0; seat < n; ++seat) {
      const int a = agent_of[std::size_t(r.seat_slot[std::size_t(seat)])];
      if (std::find(present.begin(), present.end(), a) == present.end()) present.push_back(a);
    }
    if (winner >= 0) {
      const int w = agent_of[std::size_t(r.seat_slot[std::size_t(winner)])];
      for (int a : present)
        if (a != w) wins_[std::size_t(w)][std::size_t(a)] += 1;
    } else if (r.capped || r.draw()) {
      for (int a : present)
        for (int b : present)
          if (a != b) wins_[std::size_t(a)][std::size_t(b)] += 0.5;
    }
  }
}

double ConditionStats::seat_design_effect() const {
  double most = 1;
  for (const ClusterShare& c : seat_share) most = std::max(most, c.design_effect());
  return most;
}

void Summary::deal_done(long deal) {
  deals_done_ = deal + 1;
  const std::size_t k = conditions_.size();
  for (std::size_t c = 0; c < k; ++c) {
    ConditionStats& s = conditions_[c];
    Counts& last = last_[c];
    const double decisive = double(s.decisive - last.decisive);
    for (std::size_t i = 0; i < s.seat_share.size(); ++i)
      s.seat_share[i].add(double(s.seat_wins[i] - last.seat_wins[i]), decisive);
    for (std::size_t i = 0; i < s.slot_share.size(); ++i)
      s.slot_share[i].add(double(s.slot_wins[i] - last.slot_wins[i]), decisive);
    s.capped_rate.add(double(s.capped - last.capped), double(s.games - last.games));
    s.decisive_rate.add(double(s.decisive - last.decisive), double(s.games - last.games));
    if (deal_measured_[c]) s.winner_behind.add(deal_behind_[c], deal_estimated_decisive_[c]);
    deal_behind_[c] = deal_estimated_decisive_[c] = 0;
    deal_measured_[c] = 0;
    s.branching.close_deal();
    s.lead_changes.close_deal();
    s.decisions_per_player.close_deal();
    s.clear_at.close_deal();
    s.length_spread.close_deal();
    s.draw_rate.add(double(s.draws - last.draws), double(s.games - last.games));
    last = {s.seat_wins, s.slot_wins, s.decisive, s.capped, s.draws, s.games};
  }
  std::vector<std::vector<double>> win(k);
  std::vector<double> plies(k, 0), capped(k, 0), drawn(k, 0);
  for (std::size_t c = 0; c < k; ++c) {
    const double g = std::max(1, deal_games_[c]);
    for (double w : deal_win_sum_[c]) win[c].push_back(w / g);
    plies[c] = deal_plies_sum_[c] / g;
    capped[c] = deal_capped_sum_[c] / g;
    drawn[c] = deal_draw_sum_[c] / g;
    deal_capped_sum_[c] = deal_draw_sum_[c] = 0;
    for (std::size_t s = 0; s < win[c].size(); ++s) conditions_[c].deal_seat_win[s].add(win[c][s]);
    conditions_[c].deal_plies.add(plies[c]);
    std::fill(deal_win_sum_[c].begin(), deal_win_sum_[c].end(), 0.0);
    deal_plies_sum_[c] = 0;
    deal_games_[c] = 0;
  }
  for (PairedComparison& p : paired_) {
    const auto c = std::size_t(p.condition);
    for (std::size_t s = 0; s < p.seat_win.size(); ++s) p.seat_win[s].add(win[c][s] - win[0][s]);
    p.plies.add(plies[c] - plies[0]);
    p.capped.add(capped[c] - capped[0]);
    p.drawn.add(drawn[c] - drawn[0]);
    // A figure is compared while both conditions export it in every game (the first deal decides
    // which; a figure missing later stops being compared).
    const double g0 = std::max(1, conditions_[0].rotations),
                 gc = std::max(1, conditions_[c].rotations);
    if (deal == 0)
      for (const auto& [name, sum] : deal_figure_sum_[c])
        if (deal_figure_sum_[0].count(name)) p.figures.emplace_back(name, Paired{});
    for (auto it = p.figures.begin(); it != p.figures.end();) {
      auto a = deal_figure_sum_[0].find(it->first), b = deal_figure_sum_[c].find(it->first);
      if (a == deal_figure_sum_[0].end() || b == deal_figure_sum_[c].end()) {
        it = p.figures.erase(it);
        continue;
      }
      it->second.add(b->second / gc - a->second / g0);
      ++it;
    }
  }
  for (auto& sums : deal_figure_sum_) sums.clear();
}

std::vector<PairedComparison> Summary::comparisons() const {
  std::vector<PairedComparison> out = paired_;
  for (PairedComparison& p : out) {
    const ConditionStats& a = conditions_[0];
    const ConditionStats& b = conditions_[std::size_t(p.condition)];
    const double n = std::max<long>(1, p.plies.count());
    p.unpaired_sd.clear();
    for (std::size_t s = 0; s < p.seat_win.size(); ++s)
      p.unpaired_sd.push_back(
          std::sqrt((a.deal_seat_win[s].variance() + b.deal_seat_win[s].variance()) / n));
    p.unpaired_plies_se = std::sqrt((a.deal_plies.variance() + b.deal_plies.variance()) / n);
  }
  return out;
}

std::vector<QualityMeasure> Summary::quality(std::size_t c) const {
  const ConditionStats& s = conditions_[c];
  std::vector<QualityMeasure> out;
  auto share = [&](const char* id, const char* name, const ClusterShare& x, const char* none,
                   const char* meaning) {
    QualityMeasure m{id, name, x.share(), x.interval(), "", "%", meaning};
    if (x.trials() <= 0) m.undefined = none;
    out.push_back(m);
  };
  auto mean = [&](const char* id, const char* name, const DealMeans& x, const char* unit,
                  const char* none, const char* meaning) {
    QualityMeasure m{id, name, x.mean(), x.interval(), "", unit, meaning};
    if (!measured_)
      m.undefined = "not measured (--no-quality)";
    else if (x.deals() == 0)
      m.undefined = none;
    else if (x.deals() < 2)
      m.undefined = "fewer than two deals";
    out.push_back(m);
  };
  share("decisiveness", "decisiveness", s.decisive_rate, "no game",
        "The share of games the rules decided with a sole winner before the engine's cap (draws, "
        "shared wins and capped games are not decisive).");
  {
    const double fair = 1.0 / s.players;
    std::size_t worst = 0;
    for (std::size_t i = 1; i < s.seat_share.size(); ++i)  // the seat that wins most
      if (s.seat_share[i].share() > s.seat_share[worst].share()) worst = i;
    QualityMeasure m{"seat_advantage",
                     "seat advantage (seat " + std::to_string(worst) + ")",
                     s.seat_share[worst].share() - fair,
                     {},
                     "",
                     "pts",
                     "The largest gap between a seat's decisive share and the fair share 1/n; when "
                     "its interval excludes 0 the seat (its place in the turn order) wins more or "
                     "less than its share."};
    const Interval i = s.seat_share[worst].interval();
    m.interval = {i.low - fair, i.high - fair};
    if (s.decisive == 0)
      m.undefined = "no decisive game";
    else if (s.rotations == 1 && std::adjacent_find(s.slots.begin(), s.slots.end(),
                                                    std::not_equal_to<>()) != s.slots.end())
      m.meaning += " The seats were not rotated and the agents differ: this mixes seat and agent.";
    out.push_back(m);
  }
  mean("lead_changes", "lead changes per game", s.lead_changes, "", "no game",
       "How often the lead, judged by the game's own estimate of each seat's outcome "
       "(estimate_returns), passed to another seat; 0 means whoever leads first wins.");
  share("winner_behind", "winner behind at the midpoint", s.winner_behind,
        measured_ ? "no decisive game with an estimate" : "not measured (--no-quality)",
        "The share of decisive games whose eventual winner was not the leader at the game's "
        "midpoint: the drama of comebacks (high) or a game decided early (low).");
  mean("clear_at", "outcome clear at", s.clear_at, "%", "no decisive game with an estimate",
       "How far into the game (share of its plies) the eventual winner took the lead for good: "
       "late means the outcome stays open.");
  mean("branching", "branching factor", s.branching, "", "no game",
       "Legal moves per decision, averaged over each game: how many options a player weighs.");
  mean("decisions_per_player", "decisions per player", s.decisions_per_player, "", "no game",
       "Moves per player per game where there was more than one legal move: how much each "
       "player actually decides.");
  {
    QualityMeasure m{"length_spread",
                     "length spread (sd / mean of plies)",
                     s.length_spread.value(),
                     s.length_spread.interval(),
                     "",
                     "",
                     "How much game lengths vary relative to their mean (the coefficient of "
                     "variation; its interval by the jackknife over deals); the histogram shows "
                     "the whole distribution."};
    if (s.length_spread.deals() < 2) m.undefined = "an interval needs two deals";
    if (s.plies.count() < 2) m.undefined = "no value from fewer than two games";
    out.push_back(m);
  }
  if (mode_ == "skill" && !conditions_.empty()) {
    const ConditionStats& top = conditions_.back();
    QualityMeasure m{
        "stronger_wins",
        "stronger player's decisive share (" + std::to_string(top.budget) + "x budget)",
        top.slot_share[0].share(),
        top.slot_share[0].interval(),
        "",
        "%",
        "From the skill trace: the share of decisive games the searcher with the "
        "largest budget won against 1x copies; above the fair share means skill "
        "pays."};
    if (top.decisive == 0) m.undefined = "no decisive game at the largest budget";
    out.push_back(m);
  }
  return out;
}

bool Summary::has_outliers() const {
  for (const ConditionStats& s : conditions_) {
    if (s.longest || s.shortest || s.capped_example || s.most_lead_changes || s.comeback)
      return true;
    for (const auto& r : s.seat_win_example)
      if (r) return true;
  }
  return false;
}

namespace {

json interval_json(Interval i) {
  return json::array({i.low, i.high});
}

// A share of `n` (null, with the reason, when n is 0).
json share_json(const ClusterShare& c, const char* of_what) {
  if (c.trials() <= 0)
    return {{"value", nullptr}, {"95", nullptr}, {"undefined", std::string("no ") + of_what}};
  return {{"value", c.share()},
          {"95", interval_json(c.interval())},
          {"design_effect", c.design_effect()}};
}

// The share's sums over deals (ClusterShare::Sums): two runs on different deals of one seed
// (Plan::first_deal) add them to get the longer run's share and interval exactly.
json sums_json(const ClusterShare& c) {
  const ClusterShare::Sums m = c.sums();
  return {{"deals", m.clusters}, {"s", m.s}, {"t", m.t}, {"ss", m.ss}, {"st", m.st}, {"tt", m.tt}};
}

// A paired difference: the mean, its interval (null with the reason when undefined) and whether
// the interval excludes 0.
json paired_json(const Paired& d) {
  const std::string why = d.undefined_why();
  json out = {{"difference", d.mean()}, {"deals", d.count()}};
  out["paired_95"] = why.empty() ? interval_json(d.interval()) : json(nullptr);
  out["different"] = why.empty() && !d.interval().contains(0);
  if (!why.empty()) out["undefined"] = why;
  return out;
}

json condition_json(const ConditionStats& s, double detect, const std::vector<int>& slot_agent) {
  const double fair = 1.0 / s.players;
  json seats = json::array();
  for (int seat = 0; seat < s.players; ++seat) {
    const auto i = std::size_t(seat);
    const Interval share = s.seat_share[i].interval();
    seats.push_back(
        {{"seat", seat},
         {"wins", s.seat_wins[i]},
         {"top_including_shared", s.seat_top[i]},
         {"win_rate", s.games ? double(s.seat_wins[i]) / double(s.games) : 0},
         {"share_of_decisive", s.decisive ? double(s.seat_wins[i]) / double(s.decisive) : 0},
         {"share_95", interval_json(share)},
         {"decisive_share", share_json(s.seat_share[i], "decisive game")},
         {"fair_share", fair},
         {"advantage_flagged", s.decisive > 0 && !share.contains(fair)},
         {"mean_return", s.games ? s.seat_returns[i] / double(s.games) : 0}});
  }
  json agents = json::array();
  for (std::size_t slot = 0; slot < s.slots.size(); ++slot) {
    const Interval share = s.slot_share[slot].interval();
    agents.push_back(
        {{"slot", slot},
         {"agent", s.slots[slot]},
         {"pool_agent", slot < slot_agent.size() ? json(slot_agent[slot]) : json(nullptr)},
         {"wins", s.slot_wins[slot]},
         {"share_of_decisive", s.decisive ? double(s.slot_wins[slot]) / double(s.decisive) : 0},
         {"share_95", interval_json(share)},
         {"deal_sums", sums_json(s.slot_share[slot])},
         {"mean_return", s.games ? s.slot_returns[slot] / double(s.games) : 0}});
  }
  json figures = json::object();
  for (const auto& [name, d] : s.figures) figures[name] = d.to_json();
  json rounds = nullptr;
  for (const auto& [name, d] : s.figures)
    if (name == "rounds") rounds = d.to_json();
  return json{{"name", s.name},
              {"game", s.game},
              {"params", s.params},
              {"agents", s.slots},
              {"tuned", s.tuned},
              {"players", s.players},
              {"rotations", s.rotations},
              {"budget", s.budget},
              {"games", s.games},
              {"decisive", s.decisive},
              {"draws", s.draws},
              {"shared_wins", s.shared},
              {"capped", s.capped},
              {"capped_rate", share_json(s.capped_rate, "game")},
              {"capped_sums", sums_json(s.capped_rate)},
              {"draw_rate", share_json(s.draw_rate, "game")},
              {"seats", seats},
              {"slots", agents},
              {"games_to_detect",
               {{"difference", detect}, {"decisive_games", games_to_detect(fair, detect)}}},
              {"plies", s.plies.to_json()},
              {"rounds", rounds},
              {"seconds", s.seconds.to_json()},
              {"figures", figures}};
}

// What each figure of the summary means and how its interval is computed ("methods").
json methods_json() {
  return {
      {"win_share",
       "sole wins over decisive games, 95% Wilson score interval at the effective sample size "
       "(deals as the unit: games / design effect, the design effect from the cluster-robust "
       "variance over deals, at least 1)"},
      {"decisive_share", "a seat's (agent's) sole wins over the decisive games; fair share 1/n"},
      {"win_rate",
       "sole wins over all games (capped, drawn and shared games count as not won); the paired "
       "differences compare win rates"},
      {"capped_rate", "games the engine's cap ended, over all games"},
      {"quality_sample",
       "the game-quality measures other than decisiveness, seat advantage and length spread are "
       "taken at every ply of the games of one deal in quality_every (the deals whose index in "
       "the seed's sequence is a multiple of it, under every condition and rotation), "
       "quality_games per condition; their means and intervals are over those games, the deal as "
       "the unit"},
      {"undefined",
       "a value with no data (a share of no decisive game, an interval from fewer "
       "than two deals or from deals that all gave the same difference) is null, "
       "with the reason in \"undefined\""},
      {"seat_advantage", "flagged when the 95% interval of a seat's share excludes 1/n"},
      {"games_to_detect",
       "decisive games for a two-sided one-sample test of a proportion at the fair share, 5% "
       "level, 80% power (normal approximation)"},
      {"quantiles", "nearest rank over the exact counts of each value"},
      {"length_spread",
       "sd / mean of the plies; 95% interval by the jackknife over deals (each deal left out in "
       "turn, variance (D-1)/D times the sum of squared deviations)"},
      {"paired_difference",
       "per deal: mean over rotations in each condition, difference from the first condition; "
       "mean with a 95% normal interval (mean ± 1.96 sd/sqrt(deals))"},
      {"ratings",
       "Bradley–Terry by Hunter's MM algorithm, one virtual draw per pair that met, Elo scale, "
       "95% interval from the observed information under a sum-zero constraint"}};
}

// The game's seat figures by turn: per figure its meaning, and per turn the measured games
// still running, each seat's mean and standard deviation, up to the first turn with none.
json trajectories_json(const ConditionStats& s) {
  json trajectories = json::object();
  const std::size_t n = std::size_t(s.players);
  for (std::size_t f = 0; f < s.seat_figure_names.size(); ++f) {
    json games = json::array(), mean = json::array(), sd = json::array();
    for (std::size_t t = 0; t < s.figure_trace.size() && s.figure_trace[t][f * n].count() > 0;
         ++t) {
      const std::vector<Moments>& turn = s.figure_trace[t];
      games.push_back(t < s.turn_games.size() ? s.turn_games[t] : 0);
      json m = json::array(), d = json::array();
      for (std::size_t seat = 0; seat < n; ++seat) {
        m.push_back(turn[f * n + seat].mean());
        d.push_back(std::sqrt(turn[f * n + seat].variance()));
      }
      mean.push_back(m);
      sd.push_back(d);
    }
    trajectories[s.seat_figure_names[f]] = {
        {"meaning", s.seat_figure_meanings[f]}, {"games", games}, {"mean", mean}, {"sd", sd}};
  }
  return trajectories;
}

}  // namespace

json Summary::to_json() const {
  json out;
  out["mode"] = mode_;
  out["seed"] = seed_;
  out["first_deal"] = first_deal_;
  out["deals"] = deals_done_;
  out["planned_deals"] = planned_deals_;
  out["quality_every"] = measured_ ? json(quality_every_) : json(nullptr);
  out["interrupted"] = info_.interrupted;
  out["methods"] = methods_json();
  json conditions = json::array();
  for (std::size_t c = 0; c < conditions_.size(); ++c) {
    json one = condition_json(conditions_[c], detect_, slot_agent_[c]);
    json quality = json::object();
    for (const QualityMeasure& m : this->quality(c)) {
      json q = {{"name", m.name}, {"value", m.value}, {"unit", m.unit}, {"meaning", m.meaning}};
      q["95"] = m.undefined.empty() ? interval_json(m.interval) : json(nullptr);
      if (!m.undefined.empty()) q["undefined"] = m.undefined;
      quality[m.id] = q;
    }
    one["quality"] = quality;
    one["quality_games"] = conditions_[c].quality_games;
    one["trajectories"] = trajectories_json(conditions_[c]);
    conditions.push_back(one);
  }
  out["conditions"] = conditions;
  json comparisons = json::array();
  for (const PairedComparison& p : this->comparisons()) {
    json seats = json::array();
    for (std::size_t s = 0; s < p.seat_win.size(); ++s)
      seats.push_back({{"seat", s},
                       {"paired", paired_json(p.seat_win[s])},
                       {"difference", p.seat_win[s].mean()},
                       {"paired_95", interval_json(p.seat_win[s].interval())},
                       {"paired_se", p.seat_win[s].sd() / std::sqrt(double(std::max<long>(
                                                              1, p.seat_win[s].count())))},
                       {"unpaired_se", p.unpaired_sd[s]}});
    comparisons.push_back({{"condition", conditions_[std::size_t(p.condition)].name},
                           {"against", conditions_[0].name},
                           {"seat_win_rate", seats},
                           {"seat_win_rate_measure", "win rate: sole wins over all games"},
                           {"capped_rate", paired_json(p.capped)},
                           {"draw_rate", paired_json(p.drawn)},
                           {"figures",
                            [&] {
                              json f = json::object();
                              for (const auto& [name, d] : p.figures) f[name] = paired_json(d);
                              return f;
                            }()},
                           {"plies", [&] {
                              json j = paired_json(p.plies);
                              j["unpaired_se"] = p.unpaired_plies_se;
                              return j;
                            }()}});
  }
  out["comparisons"] = comparisons;
  if (mode_ == "tournament") {
    const Ratings r = ratings();
    json table = json::array();
    for (std::size_t i = 0; i < pool_.size(); ++i)
      table.push_back(
          {{"agent", pool_[i]}, {"elo", r.elo[i]}, {"elo_95", interval_json(r.elo_95[i])}});
    out["tournament"] = {{"agents", pool_}, {"wins", wins_}, {"ratings", table}};
  }
  if (mode_ == "skill") {
    json trace = json::array();
    for (const ConditionStats& s : conditions_)
      trace.push_back({{"budget", s.budget},
                       {"agent", s.slots[0]},
                       {"share", s.decisive ? double(s.slot_wins[0]) / double(s.decisive) : 0},
                       {"share_95", interval_json(s.slot_share[0].interval())},
                       {"fair_share", 1.0 / s.players}});
    const ConditionStats& top = conditions_.back();
    const bool informative = top.decisive > 0;
    const bool flat = informative && top.slot_share[0].interval().low <= 1.0 / top.players;
    out["skill"] = {
        {"trace", trace}, {"informative", informative}, {"more_thinking_does_not_win_more", flat}};
    if (!informative)
      out["skill"]["undefined"] = "no game at the largest budget was decisive (" +
                                  std::to_string(top.capped) + " of " + std::to_string(top.games) +
                                  " hit the engine's cap)";
  }
  out["seconds"] = info_.seconds;
  // The first condition's figures under the names earlier versions used.
  if (!conditions_.empty()) {
    const ConditionStats& s = conditions_[0];
    out["game"] = s.game;
    out["params"] = s.params;
    out["agents"] = s.slots;
    out["tuned"] = s.tuned;
    out["games"] = s.games;
    out["wins"] = s.seat_top;
    out["draws"] = s.draws + s.capped;
    out["mean_plies"] = s.plies.mean();
    out["min_plies"] = s.plies.min();
    out["max_plies"] = s.plies.max();
    std::vector<double> mean_returns;
    for (double r : s.seat_returns) mean_returns.push_back(s.games ? r / double(s.games) : 0);
    out["mean_returns"] = mean_returns;
  }
  return out;
}

namespace {

std::string percent(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f%%", 100 * x);
  return b;
}

std::string range(Interval i) {
  return "[" + percent(i.low) + ", " + percent(i.high) + "]";
}

// "66.4% [63.4%, 69.3%]", or "— (no decisive game)" when there is nothing to share.
std::string share_text(const ClusterShare& c, const char* of_what) {
  if (c.trials() <= 0) return std::string("— (no ") + of_what + ")";
  return percent(c.share()) + " " + range(c.interval());
}

// "+1.2 points, 95% [-0.3, +2.7]" (with DIFFERENT when the interval excludes 0), or the difference
// with "— no interval (why)".
std::string paired_text(const Paired& d, double scale, const char* unit) {
  char b[160];
  const std::string why = d.undefined_why();
  if (!why.empty()) {
    std::snprintf(b, sizeof b, "%+.1f%s, 95%% — (%s)", scale * d.mean(), unit, why.c_str());
    return b;
  }
  const Interval i = d.interval();
  std::snprintf(b, sizeof b, "%+.1f%s, 95%% [%+.1f, %+.1f]%s", scale * d.mean(), unit,
                scale * i.low, scale * i.high, i.contains(0) ? "" : "  DIFFERENT");
  return b;
}

// "61.2% [58.0%, 64.3%]", "+4.1 pts [+1.0, +7.2]", "2.31 [2.20, 2.42]", with "— (why)" for what
// is undefined.
std::string quality_text(const QualityMeasure& m) {
  char b[200];
  const bool share = m.unit == "%", points = m.unit == "pts";
  const double k = share || points ? 100 : 1;
  const char* f = share ? "%.1f%%" : points ? "%+.1f pts" : "%.2f";
  char v[64];
  std::snprintf(v, sizeof v, f, k * m.value);
  if (!m.undefined.empty()) {
    const bool no_value = m.undefined.rfind("no", 0) == 0;  // "no game", "not measured"
    std::snprintf(b, sizeof b, "%s (%s)", no_value ? "—" : (std::string(v) + ", 95% —").c_str(),
                  m.undefined.c_str());
    return b;
  }
  char lo[64], hi[64];
  std::snprintf(lo, sizeof lo, f, k * m.interval.low);
  std::snprintf(hi, sizeof hi, f, k * m.interval.high);
  std::snprintf(b, sizeof b, "%s, 95%% [%s, %s]", v, lo, hi);
  return b;
}

// Which games the quality measures come from: "" when not measured, " (every game measured)",
// or " (measured on 126 of 2000 games, one deal in 16; ...)".
std::string quality_sample_text(const ConditionStats& s, int every, bool measured) {
  if (!measured) return "";
  if (every == 1 && s.quality_games == s.games) return " (every game measured)";
  return " (measured on " + std::to_string(s.quality_games) + " of " + std::to_string(s.games) +
         " games, one deal in " + std::to_string(every) +
         "; decisiveness, seat advantage and length spread on all games)";
}

bool agents_differ(const ConditionStats& s) {
  return std::adjacent_find(s.slots.begin(), s.slots.end(), std::not_equal_to<>()) != s.slots.end();
}

}  // namespace

std::string Summary::to_text() const {
  std::ostringstream out;
  char line[512];
  if (!conditions_.empty())
    out << "(decisive share: sole wins over decisive games, fair share 1/n; win rate: sole wins "
           "over all games)\n";
  for (std::size_t c = 0; c < conditions_.size(); ++c) {
    const ConditionStats& s = conditions_[c];
    out << "== " << s.name << ": " << s.games << " games (" << deals_done_ << " deals";
    if (first_deal_ > 0 && deals_done_ > 0)
      out << ", " << first_deal_ << " to " << first_deal_ + deals_done_ - 1 << " of seed " << seed_;
    out << " x " << s.rotations << " rotation" << (s.rotations > 1 ? "s" : "") << "), "
        << s.decisive << " decisive, " << s.draws << " draws, " << s.shared << " shared, "
        << s.capped << " capped\n";
    out << "  capped rate " << share_text(s.capped_rate, "game") << ", draw rate "
        << share_text(s.draw_rate, "game") << "\n";
    if (s.seat_design_effect() > 1.005) {
      std::snprintf(line, sizeof line,
                    "  (intervals take the deal as the unit: design effect up to %.2f, as if "
                    "%.0f%% of the games were independent)\n",
                    s.seat_design_effect(), 100 / s.seat_design_effect());
      out << line;
    }
    const double fair = 1.0 / s.players;
    for (int seat = 0; seat < s.players; ++seat) {
      const auto i = std::size_t(seat);
      const Interval share = s.seat_share[i].interval();
      const bool flag = s.decisive > 0 && !share.contains(fair);
      std::snprintf(line, sizeof line,
                    "  seat %d  wins %6ld  decisive share %-22s win rate %6s%s\n", seat,
                    s.seat_wins[i], share_text(s.seat_share[i], "decisive game").c_str(),
                    s.games ? percent(double(s.seat_wins[i]) / double(s.games)).c_str() : "—",
                    flag ? (share.low > fair ? "  ADVANTAGE" : "  DISADVANTAGE") : "");
      out << line;
    }
    if (s.rotations == 1 && agents_differ(s))
      out << "  (seats not rotated and the agents differ: seat shares mix seat and agent effects; "
             "use --rotate)\n";
    if (s.rotations > 1 || agents_differ(s)) {
      for (std::size_t slot = 0; slot < s.slots.size(); ++slot) {
        std::snprintf(line, sizeof line, "  agent %zu %-24s wins %6ld  decisive share %s\n", slot,
                      s.slots[slot].c_str(), s.slot_wins[slot],
                      share_text(s.slot_share[slot], "decisive game").c_str());
        out << line;
      }
    }
    std::snprintf(line, sizeof line,
                  "  to detect a seat %.0f points from its fair share: about %ld decisive games\n",
                  100 * detect_, games_to_detect(fair, detect_));
    out << line;
    std::snprintf(line, sizeof line,
                  "  plies: mean %.1f, median %g, quartiles %g-%g, max %g; seconds per game: mean "
                  "%.4g, max %.4g\n",
                  s.plies.mean(), s.plies.quantile(0.5), s.plies.quantile(0.25),
                  s.plies.quantile(0.75), s.plies.max(), s.seconds.mean(), s.seconds.max());
    out << line;
    int width = 22;  // the names in one column
    for (const auto& [name, d] : s.figures) width = std::max(width, int(name.size()));
    for (const auto& [name, d] : s.figures) {
      if (name == "capped") continue;
      std::snprintf(line, sizeof line, "  %-*s mean %8.3f  median %g  max %g  non-zero %s\n", width,
                    name.c_str(), d.mean(), d.quantile(0.5), d.max(),
                    percent(d.nonzero_share()).c_str());
      out << line;
    }
    out << "  quality" << quality_sample_text(s, quality_every_, measured_) << ":\n";
    for (const QualityMeasure& m : quality(c))
      out << "    " << m.name << " " << quality_text(m) << "\n";
  }
  for (const PairedComparison& p : comparisons()) {
    out << "== " << conditions_[std::size_t(p.condition)].name << " minus " << conditions_[0].name
        << " (paired over " << p.plies.count() << " deals)\n";
    for (std::size_t s = 0; s < p.seat_win.size(); ++s)
      out << "  seat " << s << " win rate " << paired_text(p.seat_win[s], 100, " points") << "\n";
    out << "  capped rate " << paired_text(p.capped, 100, " points") << "\n";
    out << "  draw rate " << paired_text(p.drawn, 100, " points") << "\n";
    out << "  plies " << paired_text(p.plies, 1, "") << "\n";
    for (const auto& [name, d] : p.figures) {
      if (name == "capped") continue;
      const std::string why = d.undefined_why();
      const Interval f = d.interval();
      if (!why.empty())
        std::snprintf(line, sizeof line, "  %-22s %+.3f, 95%% — (%s)\n", name.c_str(), d.mean(),
                      why.c_str());
      else
        std::snprintf(line, sizeof line, "  %-22s %+.3f, 95%% [%+.3f, %+.3f]%s\n", name.c_str(),
                      d.mean(), f.low, f.high, f.contains(0) ? "" : "  DIFFERENT");
      out << line;
    }
  }
  if (mode_ == "tournament") {
    const Ratings r = ratings();
    out << "== ratings (Bradley-Terry, Elo scale)\n";
    for (std::size_t i = 0; i < pool_.size(); ++i) {
      if (std::isfinite(r.elo_95[i].low))
        std::snprintf(line, sizeof line, "  %-30s %+7.0f  95%% [%+.0f, %+.0f]\n", pool_[i].c_str(),
                      r.elo[i], r.elo_95[i].low, r.elo_95[i].high);
      else
        std::snprintf(line, sizeof line, "  %-30s %+7.0f  95%% — (not connected to the others)\n",
                      pool_[i].c_str(), r.elo[i]);
      out << line;
    }
  }
  if (mode_ == "skill") {
    out << "== skill trace (decisive share of the budget-k agent)\n";
    for (const ConditionStats& s : conditions_) {
      std::snprintf(line, sizeof line, "  %dx  %s\n", s.budget,
                    share_text(s.slot_share[0], "decisive game").c_str());
      out << line;
    }
    const ConditionStats& top = conditions_.back();
    if (top.decisive == 0)
      out << "  UNINFORMATIVE: no game at the largest budget was decisive (" << top.capped << " of "
          << top.games << " hit the engine's cap); raise the cap or lower the budgets\n";
    else if (top.slot_share[0].interval().low <= 1.0 / top.players)
      out << "  FLAG: more thinking does not win more here (the top budget's interval reaches "
             "the fair share)\n";
  }
  if (info_.interrupted)
    out << "interrupted: " << deals_done_ << " of " << planned_deals_ << " deals finished\n";
  std::snprintf(line, sizeof line, "%ld deals in %.2f s\n", deals_done_, info_.seconds);
  out << line;
  return out.str();
}

}  // namespace tabletop::sim
