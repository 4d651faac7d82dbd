#include "sim/search.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <regex>

namespace tabletop::sim {
namespace {

double seat_gap(const ConditionStats& s, Interval* interval) {
  const double fair = 1.0 / s.players;
  double worst = -1;
  for (const ClusterShare& c : s.seat_share) {
    const double gap = std::fabs(c.share() - fair);
    if (gap > worst) {
      worst = gap;
      if (interval) {
        const Interval i = c.interval();
        // The gap's interval: from the nearest to the farthest end from the fair share.
        const double a = std::fabs(i.low - fair), b = std::fabs(i.high - fair);
        *interval = {i.contains(fair) ? 0 : std::min(a, b), std::max(a, b)};
      }
    }
  }
  return worst;
}

double median_length(const ConditionStats& s, const std::string& unit) {
  if (unit == "rounds") {
    for (const auto& [name, d] : s.figures)
      if (name == "rounds") return d.quantile(0.5);
    throw BadParams("this game exports no 'rounds' figure: use plies or turns in --target");
  }
  const double plies = s.plies.quantile(0.5);
  return unit == "turns" ? plies / s.players : plies;
}

}  // namespace

Target Target::parse(const std::string& text) {
  Target t;
  t.text = text;
  std::smatch m;
  const std::string num = R"(([0-9]+(?:\.[0-9]+)?))";
  if (std::regex_match(
          text, m,
          std::regex(R"(\s*seat balance within\s+)" + num + R"(\s*(?:points|pts|point)?\s*)"))) {
    t.kind = Kind::kSeatBalance;
    t.limit = std::stod(m[1]) / 100;
  } else if (std::regex_match(text, m,
                              std::regex(R"(\s*decisive\s*(?:>=|≥)\s*)" + num + R"(\s*%?\s*)"))) {
    t.kind = Kind::kDecisive;
    t.limit = std::stod(m[1]) / 100;
  } else if (std::regex_match(text, m,
                              std::regex(R"(\s*median length\s+)" + num + R"(\s*(?:-|–|\.\.)\s*)" +
                                         num + R"(\s*(plies|turns|rounds)\s*)"))) {
    t.kind = Kind::kMedianLength;
    t.low = std::stod(m[1]);
    t.high = std::stod(m[2]);
    t.unit = m[3];
    if (t.low > t.high) throw BadParams("--target: the range " + text + " runs backwards");
  } else {
    throw BadParams(
        "--target must be \"seat balance within N points\", \"decisive >= X%\" or "
        "\"median length A-B plies|turns|rounds\", not '" +
        text + "'");
  }
  if (t.limit > 1 && t.kind == Kind::kDecisive)
    throw BadParams("--target: a share above 100% ('" + text + "')");
  return t;
}

double Target::score(const ConditionStats& s) const {
  switch (kind) {
    case Kind::kSeatBalance:
      return s.decisive ? seat_gap(s, nullptr) : 1;
    case Kind::kDecisive:
      return -s.decisive_rate.share();
    case Kind::kMedianLength: {
      const double m = median_length(s, unit);
      return m < low ? low - m : m > high ? m - high : 0;
    }
  }
  return 0;
}

Interval Target::score_interval(const ConditionStats& s) const {
  switch (kind) {
    case Kind::kSeatBalance: {
      Interval i{0, 1};
      if (s.decisive) seat_gap(s, &i);
      return i;
    }
    case Kind::kDecisive: {
      const Interval i = s.decisive_rate.interval();
      return {-i.high, -i.low};
    }
    case Kind::kMedianLength:
      break;
  }
  const double x = score(s);
  return {x, x};
}

bool Target::met(const ConditionStats& s) const {
  switch (kind) {
    case Kind::kSeatBalance:
      return s.decisive > 0 && seat_gap(s, nullptr) <= limit;
    case Kind::kDecisive:
      return s.decisive_rate.share() >= limit;
    case Kind::kMedianLength:
      return score(s) == 0;
  }
  return false;
}

std::string Target::describe(const ConditionStats& s) const {
  char b[160];
  switch (kind) {
    case Kind::kSeatBalance: {
      if (!s.decisive) return "seat gap — (no decisive game)";
      Interval i;
      const double gap = seat_gap(s, &i);
      std::snprintf(b, sizeof b, "largest seat gap %.1f pts, 95%% [%.1f, %.1f]", 100 * gap,
                    100 * i.low, 100 * i.high);
      break;
    }
    case Kind::kDecisive: {
      const Interval i = s.decisive_rate.interval();
      std::snprintf(b, sizeof b, "decisive %.1f%%, 95%% [%.1f%%, %.1f%%]",
                    100 * s.decisive_rate.share(), 100 * i.low, 100 * i.high);
      break;
    }
    case Kind::kMedianLength: {
      const double m = median_length(s, unit);
      std::snprintf(b, sizeof b, "median length %g %s (quartiles of plies %g-%g)", m, unit.c_str(),
                    s.plies.quantile(0.25), s.plies.quantile(0.75));
      break;
    }
  }
  return b;
}

std::vector<std::pair<std::string, json>> search_candidates(const std::vector<std::string>& specs,
                                                            const json& base) {
  std::vector<std::pair<std::string, json>> out{{"", base}};
  for (const std::string& spec : specs) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
      throw BadParams("--search wants key=a..b, key=a..b/step or key=a,b,c, not '" + spec + "'");
    const std::string key = spec.substr(0, eq), values = spec.substr(eq + 1);
    std::vector<std::string> list;
    std::smatch m;
    if (std::regex_match(values, m, std::regex(R"((-?[0-9]+)\.\.(-?[0-9]+)(?:/([0-9]+))?)"))) {
      const long a = std::stol(m[1]), b = std::stol(m[2]);
      const long step = m[3].matched ? std::stol(m[3]) : 1;
      if (step < 1 || b < a)
        throw BadParams("--search " + spec + ": the range must rise, with a step of 1 or more");
      if ((b - a) / step >= 256) throw BadParams("--search " + spec + ": more than 256 values");
      for (long v = a; v <= b; v += step) list.push_back(std::to_string(v));
    } else {
      std::size_t start = 0;
      for (std::size_t i = 0; i <= values.size(); ++i)
        if (i == values.size() || values[i] == ',') {
          if (i > start) list.push_back(values.substr(start, i - start));
          start = i + 1;
        }
    }
    if (list.empty()) throw BadParams("--search " + spec + ": no values");
    std::vector<std::pair<std::string, json>> next;
    for (const auto& [name, p] : out)
      for (const std::string& v : list) {
        json q = p;
        const json parsed = json::parse(v, nullptr, false);
        q[key] = parsed.is_discarded() ? json(v) : parsed;
        next.emplace_back((name.empty() ? "" : name + " ") + key + "=" + v, q);
      }
    out = std::move(next);
    if (out.size() > 256) throw BadParams("--search: more than 256 candidates");
  }
  return out;
}

}  // namespace tabletop::sim
