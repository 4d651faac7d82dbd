// `tabletop rate`: Bradley–Terry ratings from a win matrix (commands.h).
#include <cmath>
#include <iostream>
#include <iterator>

#include "cli/commands.h"
#include "core/file.h"
#include "core/json_input.h"
#include "sim/stats.h"

namespace tabletop::cli {

namespace {

// A share's sums over deals, {"deals", "s", "t", "ss", "st", "tt"} (a sim summary slot's
// "deal_sums"): the share and its 95% interval, as the lab computes them (sim::ClusterShare).
json rate_share(const json& sums) {
  sim::ClusterShare::Sums in{};
  if (!sums.is_object()) throw BadRecord("\"deal_sums\" must be an object");
  const auto number = [&](const char* key) {
    if (!sums.contains(key) || !sums.at(key).is_number() ||
        !std::isfinite(sums.at(key).get<double>()) || sums.at(key).get<double>() < 0)
      throw BadRecord(std::string("\"deal_sums\" needs \"") + key + "\", a number from 0");
    return sums.at(key).get<double>();
  };
  in.clusters = long(number("deals"));
  in.s = number("s");
  in.t = number("t");
  in.ss = number("ss");
  in.st = number("st");
  in.tt = number("tt");
  const sim::ClusterShare share = sim::ClusterShare::from_sums(in);
  const sim::Interval interval = share.interval();
  return {{"share", share.share()}, {"share_95", json::array({interval.low, interval.high})}};
}

}  // namespace

json rate_wins(const json& input) {
  if (input.is_object() && input.contains("deal_sums")) return rate_share(input.at("deal_sums"));
  const json& table =
      input.is_object() && input.contains("tournament") ? input.at("tournament") : input;
  if (!table.is_object() || !table.contains("agents") || !table.contains("wins"))
    throw BadRecord(
        "the input is not a win matrix: {\"agents\": [names], \"wins\": [[...]]} (or a tabletop "
        "sim --tournament summary)");
  const json &agents = table.at("agents"), &wins = table.at("wins");
  if (!agents.is_array() || agents.size() < 2)
    throw BadRecord("\"agents\" must be a list of at least two names");
  for (const json& a : agents)
    if (!a.is_string()) throw BadRecord("every entry of \"agents\" must be a string");
  const std::size_t k = agents.size();
  if (!wins.is_array() || wins.size() != k)
    throw BadRecord("\"wins\" must have one row per agent (" + std::to_string(k) + ")");
  std::vector<std::vector<double>> matrix(k, std::vector<double>(k, 0));
  for (std::size_t i = 0; i < k; ++i) {
    if (!wins[i].is_array() || wins[i].size() != k)
      throw BadRecord("row " + std::to_string(i) + " of \"wins\" must have " + std::to_string(k) +
                      " numbers");
    for (std::size_t j = 0; j < k; ++j) {
      const json& x = wins[i][j];
      if (!x.is_number() || !std::isfinite(x.get<double>()) || x.get<double>() < 0 ||
          x.get<double>() > 1e12)
        throw BadRecord("wins[" + std::to_string(i) + "][" + std::to_string(j) +
                        "] must be a number of games from 0 to 1e12");
      if (i != j) matrix[i][j] = x.get<double>();
    }
  }
  const sim::Ratings r = sim::bradley_terry(matrix);
  json ratings = json::array();
  for (std::size_t i = 0; i < k; ++i) {
    // as the sim's summary writes it: an unbounded end (agents that never met) is null
    ratings.push_back({{"agent", agents[i]},
                       {"elo", r.elo[i]},
                       {"elo_95", json::array({r.elo_95[i].low, r.elo_95[i].high})}});
  }
  return {{"agents", agents}, {"wins", matrix}, {"ratings", ratings}};
}

int rate(const std::string& path) {
  constexpr std::size_t kMaxBytes = std::size_t(16) << 20;
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    text = read_regular_file(path, kMaxBytes);
  }
  std::cout << rate_wins(read_json(text, path == "-" ? "standard input" : quote(path))).dump(1)
            << "\n";
  return 0;
}

}  // namespace tabletop::cli
