// `tabletop sim`: the balance lab's command line (src/sim does the work). Options are documented in
// --help and docs/lab.md.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <csignal>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "ai/agent.h"
#include "cli/commands.h"
#include "cli/input.h"
#include "core/file.h"
#include "core/json_input.h"
#include "games/games.h"
#include "sim/lab.h"
#include "sim/progress.h"
#include "sim/report.h"
#include "sim/search.h"
#include "sim/summary.h"
#ifdef TABLETOP_WITH_MPI
#include "sim/mpi_lab.h"
#endif

namespace tabletop::sim {
class MpiWorld;
}

namespace tabletop::cli {
namespace {

struct SimOptions {
  std::string game;
  std::vector<std::string> params;
  uint64_t seed = 1;
  long first_deal = 0;
  long games = 100;
  std::string agents;
  int threads = 0;
  std::string json_path, csv_path, records_path, report_dir;
  std::string rotate = "none";
  std::string variants_path;
  std::vector<std::string> sweeps;
  bool tournament = false;
  bool no_quality = false;
  int quality_every = 0;  // 0: by the run's size (sim::default_quality_every)
  std::string progress = "auto";
  std::vector<std::string> searches;
  std::string target;
  std::string skill;
  std::string budgets = "1,2,4,8";
  double detect_points = 5;
  std::string command_line;
};

SimOptions& options() {
  static SimOptions o;
  return o;
}

std::atomic<bool> g_stop{false};
std::atomic<bool> g_abandon{false};

// The first Ctrl-C stops after the games in progress; the second drops them (their deals are
// unfinished anyway) and still summarises; a third ends the process at once.
extern "C" void on_interrupt(int) {
  if (g_stop.exchange(true)) {
    g_abandon = true;
    std::signal(SIGINT, SIG_DFL);
  }
}

std::vector<std::string> split_plain(const std::string& text, char by) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, by)) out.push_back(item);
  return out;
}

std::string quote_csv(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// The per-game CSV (--csv) and JSON Lines records (--records), written as games arrive.
class FileSinks final : public sim::Sink {
 public:
  FileSinks(const std::string& csv, const std::string& records, sim::Summary& summary,
            sim::Progress& progress)
      : summary_(summary), progress_(progress), csv_path_(csv), records_path_(records) {
    if (!csv.empty()) {
      csv_.open(csv);
      if (!csv_) throw Error("cannot write '" + csv + "'");
      csv_ << "deal,condition,rotation,seed,agents,returns,sole_winner,capped,draw,plies,seconds,"
              "figures\n";
    }
    if (!records.empty()) {
      records_.open(records);
      if (!records_) throw Error("cannot write '" + records + "'");
    }
  }
  void game(const sim::GameResult& r) override {
    summary_.game(r);
    ++done_;
    if (csv_.is_open()) {
      std::string agents, returns, figures;
      for (std::size_t s = 0; s < r.seat_slot.size(); ++s) {
        agents +=
            (s ? ";" : "") +
            summary_.conditions()[std::size_t(r.condition)].slots[std::size_t(r.seat_slot[s])];
        char b[32];
        std::snprintf(b, sizeof b, "%s%g", s ? ";" : "", r.returns[s]);
        returns += b;
      }
      for (const auto& [name, value] : r.figures) {
        char b[96];
        std::snprintf(b, sizeof b, "%s%s=%g", figures.empty() ? "" : ";", name.c_str(), value);
        figures += b;
      }
      csv_ << r.deal << "," << quote_csv(summary_.conditions()[std::size_t(r.condition)].name)
           << "," << r.rotation << "," << r.seed << "," << quote_csv(agents) << "," << returns
           << "," << r.sole_winner() << "," << int(r.capped) << "," << int(r.draw()) << ","
           << r.plies << "," << r.seconds << "," << quote_csv(figures) << "\n";
    }
    if (records_.is_open() && r.record) records_ << r.record->to_json().dump() << "\n";
  }
  // Flushes and closes the files; throws naming the first whose writing failed (a full disk).
  void close() {
    for (auto [stream, path] :
         {std::pair{&csv_, &csv_path_}, std::pair{&records_, &records_path_}}) {
      if (!stream->is_open()) continue;
      stream->close();
      if (!*stream) throw Error("cannot write '" + *path + "' (is the disk full?)");
    }
  }
  void deal_done(long deal) override {
    summary_.deal_done(deal);
    progress_.update(std::max(done_, played_));
  }
  // Games ended in deals not yet whole (one process; under MPI only whole deals are counted).
  void games_played(long played) override {
    played_ = played;  // the lab tells only rising counts
    progress_.update(std::max(done_, played_));
  }

 private:
  sim::Summary& summary_;
  sim::Progress& progress_;
  std::string csv_path_, records_path_;
  std::ofstream csv_, records_;
  long done_ = 0;    // games handed over in whole deals
  long played_ = 0;  // games ended, whole deals or not (Sink::games_played)
};

// "mcts:iterations=100" times 4 -> "mcts:iterations=400" (the first of iterations, time, samples).
std::string scaled(const std::string& spec, int factor) {
  const ai::AgentSpec parsed = ai::AgentSpec::parse(spec);
  for (const char* key : {"iterations", "time", "samples"}) {
    auto it = parsed.options.find(key);
    if (it == parsed.options.end()) continue;
    std::string out = parsed.name + ":";
    bool first = true;
    for (const auto& [k, v] : parsed.options) {
      std::string value = v;
      if (k == key) {
        const double x = std::stod(v) * factor;
        char b[32];
        std::snprintf(b, sizeof b, "%g", x);
        value = b;
      }
      out += (first ? "" : ",") + k + "=" + value;
      first = false;
    }
    return out;
  }
  throw BadParams("--skill needs a budget in the spec (iterations=, time= or samples=): '" + spec +
                  "'");
}

}  // namespace

std::vector<std::string> split_agent_specs(const std::string& text) {
  // A new spec starts only at a comma followed by a name then ':' , ',' or the end, so options
  // ("mcts:iterations=5,c=1") stay with their agent.
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != ',') continue;
    std::string piece = text.substr(start, i - start);
    const bool option =
        piece.find('=') != std::string::npos && piece.find(':') == std::string::npos;
    if (option && !out.empty())
      out.back() += "," + piece;
    else
      out.push_back(piece);
    start = i + 1;
  }
  return out;
}

CLI::App* add_sim_command(CLI::App& app) {
  SimOptions& o = options();
  auto* sim = app.add_subcommand(
      "sim", "the balance lab: many games between agents, under variants, with statistics");
  sim->add_option("game", o.game, "game id (see `tabletop list`)")->required();
  sim->add_option("--param,-p", o.params, "game parameter key=value (repeatable)")
      ->allow_extra_args(false);
  sim->add_option("--seed,-s", o.seed, "master seed; game i is seeded by SplitMix64(seed, i)")
      ->capture_default_str();
  sim->add_option("--first-deal", o.first_deal,
                  "index of the first deal: play the seed's deals K to K+n-1, the ones a run of K "
                  "fewer would not have played (extends an earlier run: scripts/ladder --extend)")
      ->capture_default_str()
      ->check(CLI::Range(0L, 100000000L));
  sim->add_option("--games,-n", o.games,
                  "deals (seeds) to play; each is played once per rotation and condition")
      ->capture_default_str()
      ->check(CLI::Range(0L, 100000000L));
  sim->add_option("--agents,-a", o.agents,
                  "agent specs, comma-separated: one per seat, or one for every seat (the player "
                  "count follows when the game allows); with --tournament, the pool")
      ->default_str("random");
  sim->add_option("--threads,-j", o.threads, "worker threads (0: one per core)")
      ->capture_default_str()
      ->check(CLI::Range(0, kMaxSimThreads));
  sim->add_option("--rotate", o.rotate,
                  "seat rotations per deal: none (the default: agent i always in seat i), cyclic "
                  "(each agent in each seat once) or all (every permutation); --rotate alone "
                  "means cyclic")
      ->expected(0, 1);
  sim->add_option("--variants", o.variants_path,
                  "JSON file of named parameter sets, {\"name\": {params}, ...}, played side by "
                  "side on the same deals; the first is the baseline");
  sim->add_option("--sweep", o.sweeps,
                  "key=a,b,c: one variant per value (repeatable: all "
                  "combinations)");
  sim->add_flag("--tournament", o.tournament,
                "round robin between the --agents: every pair on the same deals, Bradley-Terry "
                "ratings");
  sim->add_option("--skill", o.skill,
                  "skill trace for this searcher: budgets --budgets times its own against 1x");
  sim->add_option("--budgets", o.budgets, "skill trace budget factors")->capture_default_str();
  sim->add_option("--detect", o.detect_points,
                  "points of win share for 'games needed to detect a difference'")
      ->capture_default_str()
      ->check(finite_in(0.1, 100));
  sim->add_option("--search", o.searches,
                  "key=a..b[/step] or key=a,b,c: search these parameter values for the --target "
                  "by successive halving on common deals, from --games deals, doubled each round "
                  "(repeatable: every combination)");
  sim->add_option("--target", o.target,
                  "what --search looks for: \"seat balance within N points\", \"decisive >= X%\" "
                  "or \"median length A-B plies|turns|rounds\"");
  sim->add_flag("--no-quality", o.no_quality, "skip the game-quality measures and trajectories");
  sim->add_option("--quality-every", o.quality_every,
                  "take the game-quality measures and trajectories at every ply of the games of "
                  "one deal in K (the deals whose index is a multiple of K; 1: every game; "
                  "default: every game in a run of fewer than 128 deals, else one deal in "
                  "min(16, deals / 64), so that at least 64 deals are measured)")
      ->check(CLI::PositiveNumber);
  sim->add_option("--progress", o.progress,
                  "auto: a progress bar when stderr is a terminal; lines: a line on stderr at most "
                  "once a minute (for logs); off")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "lines", "off"}));
  sim->add_option("--json", o.json_path, "write the summary as JSON to this file");
  sim->add_option("--csv", o.csv_path, "write one CSV row per game to this file");
  sim->add_option("--records", o.records_path, "write one JSON record per game (JSON Lines)");
  sim->add_option("--report", o.report_dir,
                  "write a self-contained HTML report (index.html) and outlier records here");
  return sim;
}

namespace {

#ifdef TABLETOP_WITH_MPI
int rank_of(const sim::MpiWorld& world) {
  return world.rank();
}
int size_of(const sim::MpiWorld& world) {
  return world.size();
}
sim::RunInfo run_plan_on(const sim::MpiWorld& world, const sim::Plan& plan, sim::Sink& sink) {
  return sim::run_plan_mpi(world, plan, sink);
}
#else
int rank_of(const sim::MpiWorld&) {
  return 0;
}
int size_of(const sim::MpiWorld&) {
  return 1;
}
sim::RunInfo run_plan_on(const sim::MpiWorld&, const sim::Plan& plan, sim::Sink& sink) {
  return sim::run_plan(plan, sink);
}
#endif

using Variants = std::vector<std::pair<std::string, json>>;

// The variants to compare: the --variants file's named parameter sets (or `base` alone as
// "baseline"), then every --sweep value of each.
Variants variants_of(const SimOptions& o, const json& base) {
  Variants variants;
  if (!o.variants_path.empty()) {
    std::string text;
    try {
      text = read_regular_file(o.variants_path, JsonLimits{}.max_bytes);
    } catch (const FileError& e) {
      throw BadParams("--variants: " + std::string(e.what()));
    }
    const nlohmann::ordered_json file = nlohmann::ordered_json::parse(text, nullptr, false);
    if (file.is_discarded() || !file.is_object() || file.empty())
      throw BadParams("--variants file '" + o.variants_path +
                      "' must be a JSON object of named parameter sets: {\"name\": {...}, ...}");
    for (auto it = file.begin(); it != file.end(); ++it) {
      if (!it.value().is_object())
        throw BadParams("--variants: '" + it.key() + "' is not an object of parameters");
      json p = base;
      for (auto kv = it.value().begin(); kv != it.value().end(); ++kv)
        p[kv.key()] = json::parse(kv.value().dump());
      variants.emplace_back(it.key(), p);
    }
  } else {
    variants.emplace_back("baseline", base);
  }
  for (const std::string& sweep : o.sweeps) {
    const auto eq = sweep.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == sweep.size())
      throw BadParams("--sweep wants key=a,b,c, not '" + sweep + "'");
    const std::string key = sweep.substr(0, eq);
    // A sweep would silently replace what a named variant sets: refused, naming both.
    if (!o.variants_path.empty())
      for (const auto& [name, p] : variants)
        if (p.contains(key) && (!base.contains(key) || base[key] != p[key]))
          throw BadParams("--sweep " + key + "=... would override " + key + "=" + p[key].dump() +
                          " that the --variants entry '" + name +
                          "' sets; sweep another key or drop it from the file");
    Variants next;
    for (const auto& [name, p] : variants)
      for (const std::string& value : split_plain(sweep.substr(eq + 1), ',')) {
        json q = p;
        set_param(q, key + "=" + value);
        next.emplace_back((name == "baseline" ? std::string() : name + " ") + key + "=" + value, q);
      }
    variants = std::move(next);
  }
  return variants;
}

// A condition of o.game under `params`, named `name`, played by `agents` (one for every seat, or
// one each) in o.rotate's rotations.
sim::Condition variant_condition(const SimOptions& o, const std::string& name, const json& params,
                                 const std::vector<std::string>& agents) {
  sim::Condition c;
  c.name = name;
  c.game = games::registry().make(o.game, params);
  const int n = c.game->num_players();
  c.slots = agents.size() == 1 ? std::vector<std::string>(std::size_t(n), agents[0]) : agents;
  if (int(c.slots.size()) != n)
    throw BadParams(o.game + " is played by " + std::to_string(n) + " seats here but " +
                    std::to_string(c.slots.size()) + " agents were given");
  c.rotations = sim::rotations(o.rotate, n);
  return c;
}

// What --search did: its account for people and JSON, and the deals the final round plays.
struct SearchRun {
  std::string text;
  json summary;
  long deals = 0;
};

// --search: successive halving narrows `variants` to two, doubling the deals each round; the run
// then plays the two on search.deals.
SearchRun narrow_by_search(const SimOptions& o, const sim::Target& target,
                           const std::vector<std::string>& agents, Variants& variants) {
  SearchRun search;
  long deals = o.games;
  std::ostringstream text;
  text << "== search for \"" << o.target << "\": " << variants.size()
       << " candidates, successive halving from " << deals << " deals\n";
  search.summary = {
      {"target", o.target}, {"candidates", variants.size()}, {"rounds", json::array()}};
  while (variants.size() > 2 && !g_stop) {
    sim::Plan round;
    round.deals = deals;
    round.seed = o.seed;
    round.first_deal = o.first_deal;
    round.threads = o.threads;
    round.quality = false;
    round.stop = &g_stop;
    round.abandon = &g_abandon;
    for (const auto& [name, p] : variants)
      round.conditions.push_back(variant_condition(o, name, p, agents));
    sim::Summary summary(round, "variants", {}, o.detect_points / 100.0);
    sim::run_plan(round, summary);
    std::vector<std::size_t> order(variants.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const auto& stats = summary.conditions();
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return target.score(stats[a]) < target.score(stats[b]);
    });
    const std::size_t keep = std::max<std::size_t>(2, (variants.size() + 1) / 2);
    text << "  round of " << variants.size() << " on " << deals << " deals:";
    json round_json = {{"deals", deals}, {"candidates", json::array()}};
    Variants next;
    for (std::size_t k = 0; k < order.size(); ++k) {
      const auto& st = stats[order[k]];
      text << "\n    " << (k < keep ? "kept    " : "dropped ") << st.name << ": "
           << target.describe(st);
      round_json["candidates"].push_back(
          {{"name", st.name}, {"score", target.score(st)}, {"kept", k < keep}});
      if (k < keep) next.push_back(variants[order[k]]);
    }
    text << "\n";
    search.summary["rounds"].push_back(round_json);
    variants = std::move(next);
    deals *= 2;
  }
  text << "  final round of " << variants.size() << " on " << deals
       << " deals: the summary below\n";
  search.text = text.str();
  search.deals = deals;
  return search;
}

// The conditions the run plays, into plan.conditions: every pair of the pool (--tournament), the
// search at each budget factor against itself (--skill), else each variant; answers the summary's
// mode, and fills `pool` with the agents compared.
std::string add_conditions(const SimOptions& o, const json& base, const Variants& variants,
                           const std::vector<std::string>& agents, sim::Plan& plan,
                           std::vector<std::string>& pool) {
  const Registry& registry = games::registry();
  std::string mode = "variants";
  if (o.tournament) {
    mode = "tournament";
    pool = agents;
    if (pool.size() < 2) throw BadParams("--tournament needs at least two agents in --agents");
    auto game = registry.make(o.game, base);
    const int n = game->num_players();
    for (int i = 0; i < int(pool.size()); ++i)
      for (int j = i + 1; j < int(pool.size()); ++j)
        for (int start = 0; start < (n % 2 ? 2 : 1); ++start) {
          sim::Condition c;
          const int a = start ? j : i, b = start ? i : j;
          c.name = pool[std::size_t(a)] + " vs " + pool[std::size_t(b)];
          c.game = game;
          for (int s = 0; s < n; ++s) {
            const int agent = s % 2 == 0 ? a : b;
            c.slots.push_back(pool[std::size_t(agent)]);
            c.slot_agent.push_back(agent);
          }
          c.rotations = sim::rotations(o.rotate == "all" ? "all" : "cyclic", n);
          plan.conditions.push_back(std::move(c));
        }
  } else if (!o.skill.empty()) {
    mode = "skill";
    auto game = registry.make(o.game, base);
    const int n = game->num_players();
    for (const std::string& f : split_plain(o.budgets, ',')) {
      int factor = 0;
      try {
        factor = std::stoi(f);
      } catch (const std::exception&) {
      }
      if (factor < 1)
        throw BadParams("--budgets wants whole factors like 1,2,4,8, not '" + f + "'");
      sim::Condition c;
      c.name = std::to_string(factor) + "x " + o.skill;
      c.game = game;
      c.budget = factor;
      c.slots.push_back(factor == 1 ? o.skill : scaled(o.skill, factor));
      for (int s = 1; s < n; ++s) c.slots.push_back(o.skill);
      c.rotations = sim::rotations(o.rotate == "all" ? "all" : "cyclic", n);
      pool.push_back(c.slots[0]);
      plan.conditions.push_back(std::move(c));
    }
  } else {
    for (const auto& [name, p] : variants)
      plan.conditions.push_back(variant_condition(o, name, p, agents));
  }
  return mode;
}

// --search's verdict on the final round: the best variant, whether it meets the target, and
// whether it is better than the runner-up beyond chance; its names go into search.summary.
std::string search_verdict(const SimOptions& o, const sim::Target& target,
                           const sim::Summary& summary, json& search_json) {
  const auto& st = summary.conditions();
  std::size_t best = 0;
  for (std::size_t i = 1; i < st.size(); ++i)
    if (target.score(st[i]) < target.score(st[best])) best = i;
  std::ostringstream verdict;
  verdict << "== search result for \"" << o.target << "\"\n  best: " << st[best].name << ": "
          << target.describe(st[best])
          << (target.met(st[best]) ? " (meets the target)" : " (does NOT meet the target)") << "\n";
  if (st.size() > 1) {
    const std::size_t other = best == 0 ? 1 : 0;
    const sim::Interval a = target.score_interval(st[best]), b = target.score_interval(st[other]);
    const bool tied = target.score(st[best]) == target.score(st[other]);
    verdict << (tied ? "  runner-up (tied on the target's measure; the earlier in the final "
                       "round's order is named best): "
                     : "  runner-up it beat: ")
            << st[other].name << ": " << target.describe(st[other])
            << (target.met(st[other]) ? " (meets the target too)" : "") << "\n  "
            << (a.high < b.low || b.high < a.low
                    ? "the two intervals are apart: the best is better beyond chance"
                    : "the two intervals overlap: on these deals the best is not surely better")
            << "\n";
    search_json["runner_up"] = st[other].name;
  }
  search_json["best"] = st[best].name;
  search_json["met"] = target.met(st[best]);
  return verdict.str();
}

// Writes the summary as JSON (--json, with the command and the search) and the HTML report
// (--report).
void write_outputs(const SimOptions& o, const sim::Summary& summary,
                   const std::string& command_line, const json* search,
                   const std::string& search_text) {
  if (!o.json_path.empty()) {
    std::ofstream out(o.json_path);
    if (!out) throw Error("cannot write '" + o.json_path + "'");
    json j = summary.to_json();
    j["command"] = command_line;
    if (search) j["search"] = *search;
    out << j.dump(2) << "\n";
    out.close();  // a full disk shows only when the buffer is written
    if (!out) throw Error("cannot write '" + o.json_path + "' (is the disk full?)");
  }
  if (!o.report_dir.empty()) {
    sim::write_report(summary, o.report_dir, command_line, search_text);
    std::cerr << "report: " << o.report_dir << "/index.html\n";
  }
}
// The command; `world` is the MPI job when run under mpirun (then only rank 0 writes anything and
// `*started` tells when the run began).
int run_sim(const std::string& command_line, const sim::MpiWorld* world, bool* started) {
  SimOptions& o = options();
  if (o.rotate.empty()) o.rotate = "cyclic";
  const GameInfo info =
      games::registry().make(o.game, json::object())->info();  // throws for unknown ids
  json base = params_from(o.params);
  std::vector<std::string> agents = split_agent_specs(o.agents.empty() ? "random" : o.agents);
  if (o.tournament && !o.skill.empty())
    throw BadParams("--tournament and --skill are separate runs: give one of them");
  if ((o.tournament || !o.skill.empty()) && (!o.variants_path.empty() || !o.sweeps.empty()))
    throw BadParams(
        "--variants and --sweep compare rule sets; run them apart from --tournament "
        "and --skill");
  // The player count follows from the agents when the game allows and none was given.
  if (!o.tournament && o.skill.empty() && agents.size() > 1 && !base.contains("players") &&
      info.min_players != info.max_players)
    base["players"] = int(agents.size());

  Variants variants = variants_of(o, base);

  // The search: successive halving narrows the candidates to two, which the run below plays as
  // variants (the better first) on the doubled deals.
  SearchRun search;
  search.deals = o.games;
  std::optional<sim::Target> target;
  if (!o.searches.empty() || !o.target.empty()) {
    if (o.searches.empty() || o.target.empty())
      throw BadParams("--search and --target go together");
    if (o.tournament || !o.skill.empty() || !o.variants_path.empty() || !o.sweeps.empty())
      throw BadParams(
          "--search chooses among its own variants: give it without --variants, "
          "--sweep, --tournament and --skill");
    if (world && size_of(*world) > 1)
      throw BadParams("--search runs in one process, not under mpirun");
    if (o.games < 1) throw BadParams("--search needs --games 1 or more (the first round's deals)");
    target = sim::Target::parse(o.target);
    variants = sim::search_candidates(o.searches, base);
    search = narrow_by_search(o, *target, agents, variants);
  }

  sim::Plan plan;
  plan.deals = search.deals;
  plan.seed = o.seed;
  plan.first_deal = o.first_deal;
  plan.threads = o.threads;
  plan.record = !o.records_path.empty() || !o.report_dir.empty();
  plan.quality = !o.no_quality;
  plan.quality_every =
      o.quality_every > 0 ? o.quality_every : sim::default_quality_every(plan.deals);
  plan.stop = &g_stop;
  plan.abandon = &g_abandon;
  std::vector<std::string> pool;
  const std::string mode = add_conditions(o, base, variants, agents, plan, pool);

  long games_per_deal = 0;
  for (const sim::Condition& c : plan.conditions) games_per_deal += long(c.rotations.size());
  // The agent specs are checked here too (run_plan checks them again), so that under MPI every
  // rank rejects a bad one before the run starts, alike, and the job ends without an abort.
  for (const sim::Condition& c : plan.conditions)
    for (const std::string& spec : c.slots) ai::make_agent(spec, *c.game, 0);
  if (started) *started = true;
  sim::Summary summary(plan, mode, pool, o.detect_points / 100.0);
  // Under MPI the ranks other than 0 only play: no progress bar, no files.
  const bool writes = world == nullptr || rank_of(*world) == 0;
  const sim::Progress::Style style = !writes || o.progress == "off" ? sim::Progress::Style::kOff
                                     : o.progress == "lines"        ? sim::Progress::Style::kLines
                                     : sim::Progress::stderr_is_terminal()
                                         ? sim::Progress::Style::kBar
                                         : sim::Progress::Style::kOff;
  sim::Progress progress(games_per_deal * plan.deals, style);
  FileSinks sinks(writes ? o.csv_path : "", writes ? o.records_path : "", summary, progress);
  g_stop = false;
  g_abandon = false;
  auto previous = std::signal(SIGINT, on_interrupt);
  sim::RunInfo run_info;
  try {
    run_info = world ? run_plan_on(*world, plan, sinks) : sim::run_plan(plan, sinks);
  } catch (...) {
    std::signal(SIGINT, previous);
    progress.finish();
    throw;
  }
  std::signal(SIGINT, previous);
  progress.finish();
  sinks.close();
  if (!writes) return 0;
  summary.finish(run_info);

  if (target) search.text += search_verdict(o, *target, summary, search.summary);
  std::cout << search.text << summary.to_text() << std::flush;
  write_outputs(o, summary, command_line, target ? &search.summary : nullptr,
                target ? search.text : std::string());
  return run_info.interrupted ? 130 : 0;
}

}  // namespace

int run_sim_command(const std::string& command_line) {
#ifdef TABLETOP_WITH_MPI
  if (sim::launched_by_mpirun()) {
    sim::MpiWorld world;
    bool started = false;
    try {
      return run_sim(command_line, &world, &started);
    } catch (const std::exception& e) {
      if (world.size() == 1) throw;
      // An error before the run (a bad option or agent) is the same on every rank: rank 0 reports
      // it and its status is the job's; every other rank ends with status 0, since mpirun aborts
      // the whole job at the first non-zero status, which could kill rank 0 before it has said
      // why. One during the run is reported by the rank that met it, which ends the job, since
      // other ranks may be waiting for it.
      if (!started) {
        if (world.rank() == 0) throw;
        return 0;
      }
      std::cerr << "error" << (world.rank() ? " (rank " + std::to_string(world.rank()) + ")" : "")
                << ": " << e.what() << std::endl;
      world.abort(2);
    }
  }
#endif
  return run_sim(command_line, nullptr, nullptr);
}

}  // namespace tabletop::cli
