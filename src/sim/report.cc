#include "sim/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "sim/report_replay.h"

namespace tabletop::sim {
namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string fmt(const char* format, double x) {
  char b[64];
  std::snprintf(b, sizeof b, format, x);
  return b;
}

std::string pct(double x) {
  return fmt("%.1f%%", 100 * x);
}

// One row of an interval chart: a label, a point estimate and its interval.
struct Row {
  std::string label;
  double value, low, high;
  bool flagged = false;
};

// How an interval chart labels its values, and the axis range it shares with its neighbours.
enum class Unit { kShare, kPoints, kNumber };
struct Axis {
  double lo = 0, hi = 0;  // hi <= lo: from the rows
};

// The range that covers every row's value and interval and the reference, padded; shares stay
// within 0..100%. Side-by-side charts take the union of theirs, so their axes agree.
Axis axis_of(const std::vector<Row>& rows, double reference, Unit unit) {
  double lo = reference, hi = reference;
  for (const Row& r : rows) {
    if (std::isfinite(r.low)) lo = std::min(lo, r.low);
    if (std::isfinite(r.high)) hi = std::max(hi, r.high);
    lo = std::min(lo, r.value);
    hi = std::max(hi, r.value);
  }
  if (hi - lo < 1e-9) hi = lo + (unit == Unit::kNumber ? 1 : 0.01);
  const double pad = (hi - lo) * 0.08;
  lo -= pad;
  hi += pad;
  if (unit == Unit::kShare) {
    lo = std::max(lo, 0.0);
    hi = std::min(hi, 1.0);
  }
  return {lo, hi};
}

Axis join(Axis a, Axis b) {
  if (a.hi <= a.lo) return b;
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

// Horizontal interval chart ("forest plot"): a dot per row with its interval as a bar, and a
// dashed reference line (the fair share, or zero) labelled above the plot, the axis ends below
// (so the three labels never meet).
std::string interval_chart(const std::string& title, const std::vector<Row>& rows, double reference,
                           const std::string& reference_label, Unit unit, Axis axis = {}) {
  if (rows.empty()) return {};
  if (axis.hi <= axis.lo) axis = axis_of(rows, reference, unit);
  const double lo = axis.lo, hi = axis.hi;
  const int left = 230, width = 420, row_h = 26, top = 46;
  const int height = top + row_h * int(rows.size()) + 30;
  auto x = [&](double v) {
    v = std::clamp(v, lo, hi);
    return left + (v - lo) / (hi - lo) * width;
  };
  auto label = [&](double v) {
    if (unit == Unit::kShare) return pct(v);
    if (unit == Unit::kPoints) return fmt("%+.1f pts", 100 * v);
    return fmt("%+.0f", v);
  };
  std::ostringstream s;
  s << "<figure><svg class=\"chart\" role=\"img\" viewBox=\"0 0 " << left + width + 90 << " "
    << height << "\" width=\"" << left + width + 90 << "\" height=\"" << height << "\"><title>"
    << escape(title) << "</title>";
  s << "<text x=\"4\" y=\"16\" class=\"t\">" << escape(title) << "</text>";
  const double rx = x(reference);
  s << "<line x1=\"" << rx << "\" y1=\"" << top - 6 << "\" x2=\"" << rx << "\" y2=\"" << height - 26
    << "\" class=\"ref\"/>";
  s << "<text x=\"" << rx << "\" y=\"" << top - 10 << "\" class=\"axis\" text-anchor=\"middle\">"
    << escape(reference_label) << "</text>";
  s << "<text x=\"" << left << "\" y=\"" << height - 8 << "\" class=\"axis\">" << label(lo)
    << "</text><text x=\"" << left + width << "\" y=\"" << height - 8
    << "\" class=\"axis\" text-anchor=\"end\">" << label(hi) << "</text>";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    const int y = top + int(i) * row_h + row_h / 2;
    s << "<text x=\"" << left - 8 << "\" y=\"" << y + 4 << "\" text-anchor=\"end\" class=\"lab\">"
      << escape(r.label) << "</text>";
    const double a = std::isfinite(r.low) ? x(r.low) : left,
                 b = std::isfinite(r.high) ? x(r.high) : left + width;
    s << "<rect x=\"" << a << "\" y=\"" << y - 4 << "\" width=\"" << std::max(1.0, b - a)
      << "\" height=\"8\" class=\"" << (r.flagged ? "ci flag" : "ci") << "\"/>";
    s << "<circle cx=\"" << x(r.value) << "\" cy=\"" << y << "\" r=\"5\" class=\"pt\"/>";
    s << "<text x=\"" << left + width + 8 << "\" y=\"" << y + 4 << "\" class=\"lab\">"
      << label(r.value) << "</text>";
  }
  s << "</svg></figure>\n";
  return s.str();
}

// Histogram of a distribution over [lo, hi] (side-by-side charts pass the same range): five ticks
// across the axis, the last one the largest value itself.
std::string histogram_chart(const std::string& title, const Distribution& d, double lo, double hi) {
  if (d.count() == 0) return {};
  const bool integers = d.min() == std::floor(d.min()) && d.max() == std::floor(d.max());
  const int nbins = 24;
  double w = (hi - lo + (integers ? 1 : 0)) / nbins;
  if (integers) w = std::max(1.0, std::ceil(w));
  if (w <= 0) w = 1;
  std::vector<long> bins(std::size_t(std::max(1.0, std::ceil((hi - lo + (integers ? 1 : 0)) / w))),
                         0);
  for (const auto& [value, n] : d.counts())
    bins[std::size_t(std::clamp(int((value - lo) / w), 0, int(bins.size()) - 1))] += n;
  long most = 1;
  for (long b : bins) most = std::max(most, b);
  const int left = 50, width = 560, height = 180, top = 28, bottom = 24;
  const double span = double(bins.size()) * w;
  auto x = [&](double v) { return left + (v - lo) / span * width; };
  const double bw = double(width) / double(bins.size());
  std::ostringstream s;
  s << "<figure><svg class=\"chart\" role=\"img\" viewBox=\"0 0 " << left + width + 30 << " "
    << top + height + bottom << "\" width=\"" << left + width + 30 << "\" height=\""
    << top + height + bottom << "\"><title>" << escape(title) << "</title>";
  s << "<text x=\"4\" y=\"18\" class=\"t\">" << escape(title) << "</text>";
  for (std::size_t i = 0; i < bins.size(); ++i) {
    const double h = double(bins[i]) / double(most) * height;
    const double a = lo + double(i) * w, b = a + w - (integers ? 1 : 0);
    s << "<rect class=\"bar\" x=\"" << left + double(i) * bw + 1 << "\" y=\"" << top + height - h
      << "\" width=\"" << std::max(1.0, bw - 2) << "\" height=\"" << h << "\"><title>"
      << fmt("%g", a) << (integers ? "–" : " to ") << fmt("%g", b) << ": " << bins[i]
      << " games</title></rect>";
  }
  // Ticks: the smallest and largest values and three between (integers rounded), at the middle
  // of the value's place on the axis.
  const double half = integers ? 0.5 : 0;
  double previous = -1e300;
  for (int k = 0; k <= 4; ++k) {
    double v = lo + (hi - lo) * k / 4;
    if (integers) v = std::round(v);
    if (v <= previous) continue;
    previous = v;
    const double tx = x(v + half);
    s << "<line x1=\"" << tx << "\" y1=\"" << top + height << "\" x2=\"" << tx << "\" y2=\""
      << top + height + 4 << "\" class=\"tick\"/><text x=\"" << tx << "\" y=\"" << top + height + 16
      << "\" class=\"axis\" text-anchor=\""
      << (k == 0   ? "start"
          : k == 4 ? "end"
                   : "middle")
      << "\">" << fmt("%g", v) << "</text>";
  }
  s << "<text x=\"" << left - 6 << "\" y=\"" << top + 8 << "\" class=\"axis\" text-anchor=\"end\">"
    << most << "</text>";
  s << "</svg></figure>\n";
  return s.str();
}

// Lines over turns, each with a shaded band (mean ± one standard deviation across the games still
// running at that turn): the trajectories.
struct Line {
  std::string label;
  std::vector<double> mean, sd;
};
std::string line_chart(const std::string& title, const std::vector<Line>& lines,
                       const std::string& x_label) {
  if (lines.empty() || lines[0].mean.size() < 2) return {};
  double lo = 1e300, hi = -1e300;
  for (const Line& l : lines)
    for (std::size_t t = 0; t < l.mean.size(); ++t) {
      lo = std::min(lo, l.mean[t] - l.sd[t]);
      hi = std::max(hi, l.mean[t] + l.sd[t]);
    }
  bool counts = true;  // never below 0 when every mean is a count (legal moves)
  for (const Line& l : lines)
    for (double m : l.mean) counts &= m >= 0;
  if (counts) lo = std::max(lo, 0.0);
  if (hi - lo < 1e-9) hi = lo + 1;
  const int left = 60, width = 520, height = 180, top = 30, bottom = 30, key = 150;
  const double turns = double(lines[0].mean.size() - 1);
  auto x = [&](double t) { return left + t / turns * width; };
  // Bands clamped to the plot (a count's band may reach below 0, where the axis stops).
  auto y = [&](double v) { return top + (hi - std::clamp(v, lo, hi)) / (hi - lo) * height; };
  static const char* colours[] = {"#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#555"};
  std::ostringstream s;
  s << "<figure><svg class=\"chart\" role=\"img\" viewBox=\"0 0 " << left + width + key << " "
    << top + height + bottom << "\" width=\"" << left + width + key << "\" height=\""
    << top + height + bottom << "\"><title>" << escape(title) << "</title>";
  s << "<text x=\"4\" y=\"18\" class=\"t\">" << escape(title) << "</text>";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Line& l = lines[i];
    const char* colour = colours[i % 6];
    s << "<path fill=\"" << colour << "\" fill-opacity=\"0.12\" d=\"";
    for (std::size_t t = 0; t < l.mean.size(); ++t)
      s << (t ? "L" : "M") << x(double(t)) << "," << y(l.mean[t] + l.sd[t]);
    for (std::size_t t = l.mean.size(); t-- > 0;)
      s << "L" << x(double(t)) << "," << y(l.mean[t] - l.sd[t]);
    s << "Z\"/><path fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" d=\"";
    for (std::size_t t = 0; t < l.mean.size(); ++t)
      s << (t ? "L" : "M") << x(double(t)) << "," << y(l.mean[t]);
    s << "\"/><text x=\"" << left + width + 12 << "\" y=\"" << top + 12 + 16 * int(i)
      << "\" class=\"lab\" fill=\"" << colour << "\">" << escape(l.label) << "</text>";
  }
  s << "<text x=\"" << left - 6 << "\" y=\"" << top + 4 << "\" class=\"axis\" text-anchor=\"end\">"
    << fmt("%.2g", hi) << "</text><text x=\"" << left - 6 << "\" y=\"" << top + height
    << "\" class=\"axis\" text-anchor=\"end\">" << fmt("%.2g", lo) << "</text>";
  s << "<text x=\"" << left << "\" y=\"" << top + height + 16
    << "\" class=\"axis\">0</text><text x=\"" << left + width / 2 << "\" y=\"" << top + height + 16
    << "\" class=\"axis\" text-anchor=\"middle\">" << escape(x_label) << "</text><text x=\""
    << left + width << "\" y=\"" << top + height + 16 << "\" class=\"axis\" text-anchor=\"end\">"
    << fmt("%g", turns) << "</text>";
  s << "</svg></figure>\n";
  return s.str();
}

// A figure whose numbers are labels (a suit, a seat, a player): by the name's ending.
bool is_category(const std::string& name) {
  for (const char* end : {"_suit", "_seat", "_player"})
    if (name.size() >= std::strlen(end) &&
        name.compare(name.size() - std::strlen(end), std::string::npos, end) == 0)
      return true;
  return false;
}

// "first_player_won" -> "first player won": a figure's name as words (its id stays in the
// tooltip).
std::string readable(const std::string& id) {
  std::string out = id;
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

// The quality table and the trajectories of one condition.
std::string quality_section(const Summary& summary, std::size_t c) {
  const ConditionStats& s = summary.conditions()[c];
  std::ostringstream h;
  h << "<h3>Game quality</h3><p class=\"note\">Measured by the lab along every game, from its "
       "legal moves and the game's own estimate of each seat's outcome; intervals take the deal as "
       "the unit.</p><table class=\"quality\"><tr><th>measure</th><th>value</th><th>95% "
       "interval</th><th>what it means</th></tr>";
  for (const QualityMeasure& m : summary.quality(c)) {
    const bool share = m.unit == "%", points = m.unit == "pts";
    const char* f = share ? "%.1f%%" : points ? "%+.1f pts" : "%.2f";
    const double k = share || points ? 100 : 1;
    const bool no_value = !m.undefined.empty() && m.undefined.rfind("no", 0) == 0;
    h << "<tr><td>" << escape(m.name) << "</td><td>" << (no_value ? "—" : fmt(f, k * m.value))
      << "</td><td>";
    if (!m.undefined.empty())
      h << "— (" << escape(m.undefined) << ")";
    else
      h << fmt(f, k * m.interval.low) << " – " << fmt(f, k * m.interval.high);
    h << "</td><td class=\"meaning\">" << escape(m.meaning) << "</td></tr>";
  }
  h << "</table>\n";
  // Trajectories over the turns at least a tenth of the games reached.
  const auto& trace = s.trace;
  std::size_t turns = 0;
  while (turns < trace.size() && trace[turns][0].count() * 10 >= s.games) ++turns;
  if (turns >= 2) {
    std::vector<Line> estimate, branching(1);
    branching[0].label = "legal moves";
    for (int seat = 0; seat < s.players; ++seat)
      estimate.push_back({"seat " + std::to_string(seat), {}, {}});
    for (std::size_t t = 0; t < turns; ++t) {
      for (int seat = 0; seat < s.players; ++seat) {
        estimate[std::size_t(seat)].mean.push_back(trace[t][std::size_t(seat)].mean());
        estimate[std::size_t(seat)].sd.push_back(std::sqrt(trace[t][std::size_t(seat)].variance()));
      }
      const Moments& b = trace[t][std::size_t(s.players)];
      branching[0].mean.push_back(b.mean());
      branching[0].sd.push_back(std::sqrt(b.variance()));
    }
    h << "<p class=\"note\">Trajectories: per turn (" << s.players
      << " plies), the mean over the "
         "games still running, with a band of one standard deviation across them; drawn while at "
         "least a tenth of the games last. The estimate is the game's own judgement of each seat's "
         "final return (its <code>estimate_returns</code>); the game's own figures below are "
         "what it counts on the table for each seat (its <code>seat_figures</code>).</p>\n";
    h << line_chart("Each seat's estimated return, by turn", estimate, "turn");
    h << line_chart("Legal moves of the player to move, by turn", branching, "turn");
  }
  // The game's own figures per seat, one chart each, over the same turns.
  const std::size_t figures = s.seat_figure_names.size(), n = std::size_t(s.players);
  std::size_t figure_turns = 0;
  while (figure_turns < s.figure_trace.size() &&
         s.figure_trace[figure_turns][0].count() * 10 >= s.games)
    ++figure_turns;
  if (figures > 0 && figure_turns >= 2) {
    h << "<h3>The game's figures, turn by turn</h3>\n";
    for (std::size_t f = 0; f < figures; ++f) {
      std::vector<Line> lines;
      for (std::size_t seat = 0; seat < n; ++seat) {
        Line line{"seat " + std::to_string(seat), {}, {}};
        for (std::size_t t = 0; t < figure_turns; ++t) {
          const Moments& m = s.figure_trace[t][f * n + seat];
          line.mean.push_back(m.mean());
          line.sd.push_back(std::sqrt(m.variance()));
        }
        lines.push_back(std::move(line));
      }
      const std::string& name = s.seat_figure_names[f];
      h << "<div class=\"trajectory\" data-figure=\"" << escape(name) << "\">"
        << line_chart(readable(name) + " per seat, by turn", lines, "turn") << "<p class=\"note\">"
        << escape(s.seat_figure_meanings[f]) << " Mean over the games still running, band one "
        << "standard deviation; at the last turn drawn " << fmt("%.2f", lines[0].mean.back());
      for (std::size_t seat = 1; seat < n; ++seat)
        h << (seat + 1 == n ? " and " : ", ") << fmt("%.2f", lines[seat].mean.back());
      h << " (seat " << (n > 1 ? "0 to " + std::to_string(n - 1) : std::string("0"))
        << ").</p></div>\n";
    }
  }
  return h.str();
}

// A paired difference's interval cell: "−0.3 – +2.7" (flagged when it excludes 0) or "—" with
// the reason.
std::string paired_cells(const Paired& d, double scale, const char* format) {
  const std::string why = d.undefined_why();
  std::string out = "<td>" + fmt(format, scale * d.mean()) + "</td>";
  if (!why.empty()) return out + "<td>— (" + escape(why) + ")</td>";
  const Interval i = d.interval();
  return out + "<td" + (i.contains(0) ? "" : " class=\"flag\"") + ">" + fmt(format, scale * i.low) +
         " – " + fmt(format, scale * i.high) + "</td>";
}

std::string record_name(std::size_t condition, const std::string& kind) {
  return "records/" + std::to_string(condition) + "-" + kind + ".json";
}

// The rarest winner: the seat with the fewest sole wins that has an example.
int rare_seat(const ConditionStats& s) {
  int best = -1;
  for (std::size_t i = 0; i < s.seat_win_example.size(); ++i)
    if (s.seat_win_example[i] && (best < 0 || s.seat_wins[i] < s.seat_wins[std::size_t(best)]))
      best = int(i);
  return best;
}

// The outlier games of a condition the report links to and replays, each with its file's kind.
struct Outlier {
  std::string kind;    // "longest": records/<condition>-<kind>.json, data-replay "<c>-<kind>"
  std::string link;    // "longest game"
  std::string detail;  // " (212 plies)"
  const Record* record;
};
std::vector<Outlier> outliers(const ConditionStats& s) {
  std::vector<Outlier> out;
  if (s.longest)
    out.push_back({"longest", "longest game", " (" + std::to_string(s.longest_plies) + " plies)",
                   &*s.longest});
  if (s.shortest && s.shortest_plies != s.longest_plies)
    out.push_back({"shortest", "shortest game", " (" + std::to_string(s.shortest_plies) + " plies)",
                   &*s.shortest});
  if (s.most_lead_changes)
    out.push_back(
        {"most-lead-changes", "most lead changes",
         " (the lead changed hands " + std::to_string(s.most_lead_changes_count) + " times)",
         &*s.most_lead_changes});
  if (s.comeback) {
    char lowest[32];
    std::snprintf(lowest, sizeof lowest, "%+.2f", s.comeback_lowest);
    out.push_back({"comeback", "biggest comeback",
                   std::string(" (the winner's estimate fell to ") + lowest + ")", &*s.comeback});
  }
  if (s.capped_example) out.push_back({"capped", "a capped game", "", &*s.capped_example});
  const int rare = rare_seat(s);
  if (rare >= 0)
    out.push_back(
        {"rare-winner", "a win by seat " + std::to_string(rare),
         " (the rarest winner, " + std::to_string(s.seat_wins[std::size_t(rare)]) + " wins)",
         &*s.seat_win_example[std::size_t(rare)]});
  return out;
}

const char* kStyle = R"(
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1000px;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}h3{margin-top:1.4em}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:right}
th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
code,pre{background:#f6f6f6;padding:2px 4px;overflow-wrap:anywhere}pre{padding:8px;overflow-x:auto;white-space:pre-wrap}
.flag{color:#b00020;font-weight:600}figure{margin:.6em 0}
svg .t{font-weight:600;font-size:14px}svg .lab{font-size:12px}svg .axis{font-size:11px;fill:#555}
svg .ref{stroke:#888;stroke-dasharray:4 3}svg .tick{stroke:#555}svg .ci{fill:#7aa6d6}svg .ci.flag{fill:#e0787f}
svg .pt{fill:#123e6b}td.meaning{text-align:left;font-size:.9em;color:#444;max-width:420px}svg .bar{fill:#5b8fc7}.note{color:#555;font-size:.93em}
.replay{border-top:2px solid #1f5fa8;margin-top:2em}.replay .controls{display:flex;gap:.5em;align-items:center;flex-wrap:wrap}
pre.board{white-space:pre;overflow-x:auto;line-height:1.2;font-size:14px}#replay-log{max-height:16em;overflow-y:auto;font-size:.9em}
#replay-log li.now{font-weight:600}.replay-chart{max-width:100%;height:auto}
)";

// The page's head, what made it, the search (if any) and the methods.
void page_head(std::ostringstream& h, const Summary& summary, const std::string& command_line,
               const std::string& search) {
  const auto& conditions = summary.conditions();
  const std::string game = conditions.empty() ? "" : conditions[0].game;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Balance lab: "
    << escape(game) << "</title><style>" << kStyle << "</style></head><body>\n";
  h << "<h1>Balance lab: " << escape(game) << "</h1>\n";
  h << "<p>Made by</p><pre>" << escape(command_line) << "</pre>\n";
  h << "<p>" << summary.deals() << " deals (master seed " << summary.seed();
  if (summary.first_deal() > 0) h << ", from deal " << summary.first_deal();
  h << ")";
  if (summary.info().interrupted)
    h << " — <span class=\"flag\">interrupted</span> after " << summary.deals() << " of "
      << summary.planned_deals() << " deals";
  h << ", " << fmt("%.1f", summary.info().seconds) << " s. Every condition and rotation played the "
    << "same deals (common random numbers).</p>\n";
  if (!search.empty())
    h << "<h2>Variant search</h2><p>Successive halving: each round plays the remaining candidates "
         "on the same deals and keeps the better half for twice the deals; the last two are the "
         "conditions below (the better first).</p><pre class=\"search\">"
      << escape(search) << "</pre>\n";
  h << "<details><summary>Methods</summary><ul>"
    << "<li><b>Decisive share</b>: a seat's (agent's) sole wins over the decisive games (one seat "
       "with the best return), with the 95% Wilson score interval; the fair share is 1/n. "
       "<b>Win rate</b>: sole wins over all games, where capped, drawn and shared games count as "
       "not won. <b>Capped rate</b>, <b>draw rate</b>: games the engine's cap (not a rule) ended, "
       "games with every seat equal, over all games.</li>"
    << "<li>A value with no data (a share of no decisive game, an interval from fewer than two "
       "deals or from deals that all gave the same difference) is shown as — with the reason.</li>"
    << "<li>Mean return: the average of what the game's <code>returns()</code> gave the seat at "
       "the end (1 for a sole win, 0 or less for a loss, shares for draws, as each game "
       "defines).</li>"
    << "<li>Intervals take the <b>deal</b> as the unit: the rotations (and conditions) of one deal "
       "replay the same dice and cards, so their games are correlated. Each share's design effect "
       "is its cluster-robust variance over deals divided by the variance of as many independent "
       "games (Σ(s<sub>d</sub> − p t<sub>d</sub>)² / (N p(1−p))); the Wilson interval is taken at "
       "the effective sample size N / deff (deff at least 1). Paired differences are already per "
       "deal.</li>"
    << "<li>Seat advantage is flagged (red) only when a seat's interval excludes the fair share "
       "1/n.</li>"
    << "<li>Games needed to detect a difference: decisive games for a two-sided one-sample test "
       "of a proportion at the fair share, 5% level, 80% power (normal approximation).</li>"
    << "<li>Lengths: exact counts; quartiles by the nearest-rank method. The length spread (sd / "
       "mean of the plies) has a jackknife interval over deals: each deal left out in turn, "
       "variance (D−1)/D Σ(θ<sub>−d</sub> − θ̄)².</li>"
    << "<li>Variant differences: per deal, each condition's rate averaged over rotations, minus "
       "the first condition's; mean with a 95% normal interval (paired). The unpaired standard "
       "error is shown for comparison.</li>"
    << "<li>Ratings: Bradley–Terry by Hunter's MM algorithm, one virtual draw per pair that met, "
       "Elo scale (400 log10), 95% intervals from the observed information, sum-zero.</li>"
    << "</ul></details>\n";
}

// Each seat's decisive share with its interval, flagged where it excludes the fair share.
std::vector<Row> seat_rows(const ConditionStats& s) {
  std::vector<Row> rows;
  for (int seat = 0; seat < s.players; ++seat) {
    const auto i = std::size_t(seat);
    const Interval w = s.seat_share[i].interval();
    rows.push_back({"seat " + std::to_string(seat),
                    s.decisive ? double(s.seat_wins[i]) / double(s.decisive) : 0, w.low, w.high,
                    s.decisive > 0 && !w.contains(1.0 / s.players)});
  }
  return rows;
}

// Each agent's decisive share over all seats with its interval.
std::vector<Row> agent_rows(const ConditionStats& s) {
  std::vector<Row> rows;
  for (std::size_t slot = 0; slot < s.slots.size(); ++slot) {
    const Interval w = s.slot_share[slot].interval();
    rows.push_back({"agent " + std::to_string(slot) + " " + s.slots[slot],
                    s.decisive ? double(s.slot_wins[slot]) / double(s.decisive) : 0, w.low, w.high,
                    s.decisive > 0 && !w.contains(1.0 / s.players)});
  }
  return rows;
}

// Side-by-side conditions share their axes: seat and agent shares, and the plies histogram.
struct SharedAxes {
  Axis share;
  double plies_lo = 0, plies_hi = 0;
};

SharedAxes shared_axes(const std::vector<ConditionStats>& conditions) {
  SharedAxes axes;
  for (std::size_t c = 0; c < conditions.size(); ++c) {
    const ConditionStats& s = conditions[c];
    if (s.decisive == 0) continue;
    axes.share = join(axes.share, axis_of(seat_rows(s), 1.0 / s.players, Unit::kShare));
    if (s.rotations > 1)
      axes.share = join(axes.share, axis_of(agent_rows(s), 1.0 / s.players, Unit::kShare));
  }
  bool first_plies = true;
  for (const ConditionStats& s : conditions)
    if (s.plies.count()) {
      axes.plies_lo = first_plies ? s.plies.min() : std::min(axes.plies_lo, s.plies.min());
      axes.plies_hi = first_plies ? s.plies.max() : std::max(axes.plies_hi, s.plies.max());
      first_plies = false;
    }
  return axes;
}

// The figures a game exports (Game::figures), each as its distribution or, for a category, its
// share per value; "" when it exports none.
std::string figures_table(const ConditionStats& s) {
  std::ostringstream h;
  bool any = false;
  for (const auto& [name, d] : s.figures) {
    if (name == "capped" || name == "rounds") continue;
    if (!any) {
      h << "<h3>Figures the game exports</h3><p class=\"note\">A category (a suit, a seat: its "
           "numbers are labels) is shown as the share of games per value, not as a mean; so is "
           "any figure with few values.</p><table><tr><th>figure</th><th>games</th><th>mean</"
           "th><th>median</th><th>quartiles</th><th>max</th><th>share per value</th></tr>";
      any = true;
    }
    const bool category = is_category(name);
    h << "<tr><td title=\"" << escape(name) << "\">" << escape(readable(name)) << "</td><td>"
      << d.count() << "</td>";
    if (category)
      h << "<td colspan=\"4\">— (a category)</td>";
    else
      h << "<td>" << fmt("%.3f", d.mean()) << "</td><td>" << fmt("%g", d.quantile(0.5))
        << "</td><td>" << fmt("%g", d.quantile(0.25)) << " – " << fmt("%g", d.quantile(0.75))
        << "</td><td>" << fmt("%g", d.max()) << "</td>";
    h << "<td>";
    if (category || d.counts().size() <= 6) {
      bool first_value = true;
      for (const auto& [value, n] : d.counts()) {
        h << (first_value ? "" : ", ") << fmt("%g", value) << ": "
          << pct(double(n) / double(d.count()));
        first_value = false;
      }
    } else {
      h << "non-zero " << pct(d.nonzero_share());
    }
    h << "</td></tr>";
  }
  if (any) h << "</table>\n";
  return h.str();
}

// One condition: its parameters and agents, seat and agent shares, lengths, figures, the game's
// quality measures and its outlier games (added to `replays`).
void condition_section(std::ostringstream& h, const Summary& summary, std::size_t c,
                       const SharedAxes& axes, Replays& replays) {
  const auto& conditions = summary.conditions();
  const ConditionStats& s = conditions[c];
  const double fair = 1.0 / s.players;
  h << "<h2>" << escape(s.name) << "</h2>\n<p>Parameters ";
  bool first = true;
  for (auto it = s.params.begin(); it != s.params.end(); ++it, first = false)
    h << (first ? "" : ", ") << "<code>" << escape(it.key()) << "=" << escape(it.value().dump())
      << "</code>";
  h << "; agents";
  for (std::size_t slot = 0; slot < s.slots.size(); ++slot)
    h << (slot ? ", " : " ") << "<code>" << escape(s.slots[slot]) << "</code>";
  h << "; " << s.rotations << " rotation" << (s.rotations > 1 ? "s" : "") << ".</p>\n";
  h << "<p>" << s.games << " games: " << s.decisive << " decisive, " << s.draws << " draws, "
    << s.shared << " shared wins, " << s.capped << " capped by the engine (capped rate "
    << pct(s.games ? double(s.capped) / double(s.games) : 0) << ", 95% "
    << pct(s.capped_rate.interval().low) << " – " << pct(s.capped_rate.interval().high)
    << "; draw rate " << pct(s.games ? double(s.draws) / double(s.games) : 0) << ").";
  if (s.seat_design_effect() > 1.005)
    h << " Intervals take the deal as the unit: design effect up to "
      << fmt("%.2f", s.seat_design_effect()) << ", as if "
      << fmt("%.0f", 100 / s.seat_design_effect()) << "% of the games were independent.";
  if (s.rotations == 1 &&
      std::adjacent_find(s.slots.begin(), s.slots.end(), std::not_equal_to<>()) != s.slots.end())
    h << " <span class=\"flag\">The agents differ and seats were not rotated: seat rates mix "
         "seat and agent effects (use --rotate).</span>";
  h << "</p>\n";
  const std::vector<Row> rows = seat_rows(s);
  if (s.decisive > 0)
    h << interval_chart("Decisive share per seat, 95% Wilson", rows, fair, "fair " + pct(fair),
                        Unit::kShare, axes.share);
  else
    h << "<p class=\"note\">No game was decisive: the seats' shares are undefined (—).</p>\n";
  h << "<table><tr><th>seat</th><th>wins</th><th>decisive share</th><th>95% interval</th><th>win "
       "rate (of all games)</th><th>mean return</th><th></th></tr>";
  for (std::size_t i = 0; i < rows.size(); ++i)
    h << "<tr><td>" << rows[i].label << "</td><td>" << s.seat_wins[i] << "</td>"
      << (s.decisive > 0 ? "<td>" + pct(rows[i].value) + "</td><td>" + pct(rows[i].low) + " – " +
                               pct(rows[i].high) + "</td>"
                         : std::string("<td>—</td><td>— (no decisive game)</td>"))
      << "<td>" << (s.games ? pct(double(s.seat_wins[i]) / double(s.games)) : "—") << "</td><td>"
      << fmt("%+.3f", s.games ? s.seat_returns[i] / double(s.games) : 0) << "</td><td>"
      << (rows[i].flagged ? (rows[i].low > fair ? "<span class=\"flag\">advantage</span>"
                                                : "<span class=\"flag\">disadvantage</span>")
                          : "")
      << "</td></tr>";
  h << "</table>\n<p class=\"note\">Mean return: the average of what the game gave the seat at "
       "the end (its <code>returns()</code>: 1 for a sole win, less for a loss, shares for a "
       "draw, as each game defines), over all games.</p>\n<p class=\"note\">To detect a seat "
    << fmt("%.0f", 100 * summary.detect()) << " points away from its fair share takes about "
    << games_to_detect(fair, summary.detect()) << " decisive games (this run has " << s.decisive
    << ").</p>\n";
  if (s.rotations > 1 && s.decisive > 0) {
    const std::vector<Row> agents = agent_rows(s);
    h << interval_chart("Agent decisive share over all seats, 95% Wilson", agents, fair,
                        "fair " + pct(fair), Unit::kShare, axes.share);
    h << "<table><tr><th>agent</th><th>wins</th><th>decisive share</th><th>95% interval</th><th>"
         "mean return</th></tr>";
    for (std::size_t slot = 0; slot < agents.size(); ++slot)
      h << "<tr><td>" << escape(agents[slot].label) << "</td><td>" << s.slot_wins[slot]
        << "</td><td>" << pct(agents[slot].value) << "</td><td"
        << (agents[slot].flagged ? " class=\"flag\"" : "") << ">" << pct(agents[slot].low) << " – "
        << pct(agents[slot].high) << "</td><td>"
        << fmt("%+.3f", s.games ? s.slot_returns[slot] / double(s.games) : 0) << "</td></tr>";
    h << "</table>\n";
  }
  h << "<h3>Game length</h3><table><tr><th></th><th>mean</th><th>median</th><th>quartiles</"
       "th><th>max</th></tr>";
  auto length_row = [&](const std::string& name, const Distribution& d, const char* f) {
    h << "<tr><td>" << name << "</td><td>" << fmt(f, d.mean()) << "</td><td>"
      << fmt(f, d.quantile(0.5)) << "</td><td>" << fmt(f, d.quantile(0.25)) << " – "
      << fmt(f, d.quantile(0.75)) << "</td><td>" << fmt(f, d.max()) << "</td></tr>";
  };
  length_row("plies", s.plies, "%.1f");
  for (const auto& [name, d] : s.figures)
    if (name == "rounds") length_row("rounds", d, "%.1f");
  length_row("seconds", s.seconds, "%.4g");
  h << "</table>\n"
    << histogram_chart("Plies per game (games in each bar)", s.plies, axes.plies_lo, axes.plies_hi);
  h << figures_table(s);
  h << quality_section(summary, c);
  const std::vector<Outlier> found = outliers(s);
  if (!found.empty()) {
    h << "<p>Outliers (a click replays the game here; each link is also a record for "
         "<code>tabletop replay FILE</code>): ";
    for (std::size_t i = 0; i < found.size(); ++i) {
      const std::string key = std::to_string(c) + "-" + found[i].kind;
      h << (i ? ", " : "") << "<a href=\"" << record_name(c, found[i].kind) << "\" data-replay=\""
        << key << "\">" << escape(found[i].link) << "</a>" << escape(found[i].detail);
      if (s.rules) {
        const std::string title = found[i].link + found[i].detail +
                                  (conditions.size() > 1 ? ", " + s.name : std::string());
        replays.add(key, title, *s.rules, *found[i].record);
      }
    }
    h << ".</p>\n";
  }
}

// The variants compared with the first, paired deal by deal.
void comparisons_section(std::ostringstream& h, const Summary& summary) {
  const auto& conditions = summary.conditions();
  const auto comparisons = summary.comparisons();
  if (!comparisons.empty()) {
    h << "<h2>Variant differences (paired on the same deals)</h2>\n";
    std::vector<Row> rows;
    for (const PairedComparison& p : comparisons)
      for (std::size_t s = 0; s < p.seat_win.size(); ++s) {
        const Interval i = p.seat_win[s].interval();
        rows.push_back({conditions[std::size_t(p.condition)].name + ", seat " + std::to_string(s),
                        p.seat_win[s].mean(), i.low, i.high, !i.contains(0)});
      }
    h << "<p>The seats' <b>win rate</b> here is sole wins over <em>all</em> games (capped, drawn "
         "and shared games count as not won), compared deal by deal; the decisive shares above "
         "cannot be paired, since the decisive games differ between variants. The capped and "
         "draw rates are compared beside them, so a variant that caps more games shows why its "
         "win rates fell. Differences are in points (pts) of percentage.</p>\n";
    h << interval_chart("Win rate minus " + conditions[0].name + ", points, 95% paired", rows, 0,
                        "no difference", Unit::kPoints);
    h << "<table><tr><th>variant</th><th>measure</th><th>difference (pts)</th><th>95% interval "
         "(pts)</th><th>paired s.e.</th><th>unpaired s.e.</th></tr>";
    for (const PairedComparison& p : comparisons) {
      const std::string name = escape(conditions[std::size_t(p.condition)].name);
      for (std::size_t s = 0; s < p.seat_win.size(); ++s) {
        const double se =
            p.seat_win[s].sd() / std::sqrt(double(std::max<long>(1, p.seat_win[s].count())));
        h << "<tr><td>" << name << "</td><td>seat " << s << " win rate</td>"
          << paired_cells(p.seat_win[s], 100, "%+.1f") << "<td>" << fmt("%.2f", 100 * se)
          << "</td><td>" << fmt("%.2f", 100 * p.unpaired_sd[s]) << "</td></tr>";
      }
      h << "<tr><td>" << name << "</td><td>capped rate</td>" << paired_cells(p.capped, 100, "%+.1f")
        << "<td></td><td></td></tr>";
      h << "<tr><td>" << name << "</td><td>draw rate</td>" << paired_cells(p.drawn, 100, "%+.1f")
        << "<td></td><td></td></tr>";
    }
    h << "</table>\n<table><tr><th>variant</th><th>plies difference</th><th>95% interval</th></tr>";
    for (const PairedComparison& p : comparisons)
      h << "<tr><td>" << escape(conditions[std::size_t(p.condition)].name) << "</td>"
        << paired_cells(p.plies, 1, "%+.1f") << "</tr>";
    h << "</table>\n";
    bool any = false;
    for (const PairedComparison& p : comparisons)
      for (const auto& [name, d] : p.figures) {
        if (name == "capped") continue;
        if (!any)
          h << "<table><tr><th>variant</th><th>figure</th><th>difference</th><th>95% "
               "interval</th></tr>";
        any = true;
        h << "<tr><td>" << escape(conditions[std::size_t(p.condition)].name) << "</td><td title=\""
          << escape(name) << "\">" << escape(readable(name)) << "</td>"
          << (is_category(name) ? "<td>—</td><td>— (a category: its mean means nothing)</td>"
                                : paired_cells(d, 1, "%+.3f"))
          << "</tr>";
      }
    if (any) h << "</table>\n";
  }
}

// A tournament's ratings and win matrix.
void tournament_section(std::ostringstream& h, const Summary& summary) {
  if (summary.mode() == "tournament") {
    const Ratings r = summary.ratings();
    const auto& pool = summary.pool();
    h << "<h2>Tournament ratings</h2>\n";
    std::vector<Row> rows;
    for (std::size_t i = 0; i < pool.size(); ++i)
      rows.push_back({pool[i], r.elo[i], r.elo_95[i].low, r.elo_95[i].high, false});
    h << interval_chart("Bradley–Terry rating (Elo scale), 95%", rows, 0, "mean", Unit::kNumber);
    h << "<table><tr><th>agent</th><th>Elo</th><th>95% interval</th></tr>";
    for (const Row& row : rows)
      h << "<tr><td>" << escape(row.label) << "</td><td>" << fmt("%+.0f", row.value) << "</td><td>"
        << fmt("%+.0f", row.low) << " – " << fmt("%+.0f", row.high) << "</td></tr>";
    h << "</table>\n<h3>Win matrix (row beat column; draws count half)</h3><table><tr><th></th>";
    for (std::size_t j = 0; j < pool.size(); ++j) h << "<th>" << escape(pool[j]) << "</th>";
    h << "</tr>";
    for (std::size_t i = 0; i < pool.size(); ++i) {
      h << "<tr><td>" << escape(pool[i]) << "</td>";
      for (std::size_t j = 0; j < pool.size(); ++j)
        h << "<td>" << (i == j ? std::string("–") : fmt("%g", summary.win_matrix()[i][j]))
          << "</td>";
      h << "</tr>";
    }
    h << "</table>\n";
  }
}

// A skill trace: the share the k-times searcher won at each budget.
void skill_section(std::ostringstream& h, const Summary& summary) {
  const auto& conditions = summary.conditions();
  if (summary.mode() == "skill" && !conditions.empty()) {
    h << "<h2>Skill trace</h2>\n";
    std::vector<Row> rows;
    for (const ConditionStats& s : conditions) {
      const Interval w = s.slot_share[0].interval();
      rows.push_back({std::to_string(s.budget) + "x budget vs 1x",
                      s.decisive ? double(s.slot_wins[0]) / double(s.decisive) : 0, w.low, w.high,
                      false});
    }
    const double fair = 1.0 / conditions.back().players;
    h << interval_chart("Share won by the k× searcher, 95% Wilson", rows, fair, "fair " + pct(fair),
                        Unit::kShare);
    if (conditions.back().decisive == 0)
      h << "<p class=\"flag\">Uninformative: no game at the largest budget was decisive ("
        << conditions.back().capped << " of " << conditions.back().games
        << " hit the engine's cap), so this run says nothing about skill.</p>\n";
    else if (rows.back().low <= fair)
      h << "<p class=\"flag\">More thinking does not win more here: the largest budget's interval "
           "reaches the fair share.</p>\n";
    else
      h << "<p>The largest budget wins more than its fair share (its interval lies above "
        << pct(fair) << ").</p>\n";
  }
}

// Counts the charts once the page is laid out, so a test can tell the page ran in a browser.
// Also what a test checks of the layout: the page's width (a long line must wrap, not widen the
// page) and any two labels of one chart that overlap.
const char* kLayoutScript = R"(<script>
const body = document.body, charts = document.querySelectorAll('svg.chart');
body.dataset.charts = String(charts.length);
body.dataset.width = String(document.documentElement.scrollWidth);
const overlapping = [];
for (const svg of charts) {
const boxes = [...svg.querySelectorAll('text')].map(t => [t.textContent, t.getBoundingClientRect()]);
for (let i = 0; i < boxes.length; i++)
  for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i][1], b = boxes[j][1];
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
      overlapping.push(boxes[i][0] + ' / ' + boxes[j][0]);
  }
}
body.dataset.overlaps = String(overlapping.length);
body.dataset.overlapping = overlapping.join(' | ');
</script>
)";

}  // namespace

std::string report_html(const Summary& summary, const std::string& command_line,
                        const std::string& search) {
  std::ostringstream h;
  page_head(h, summary, command_line, search);
  const SharedAxes axes = shared_axes(summary.conditions());
  Replays replays;  // the outlier games, replayed in the page
  for (std::size_t c = 0; c < summary.conditions().size(); ++c)
    condition_section(h, summary, c, axes, replays);
  comparisons_section(h, summary);
  tournament_section(h, summary);
  skill_section(h, summary);
  h << replay_panel(replays) << kLayoutScript << "</body></html>\n";
  return h.str();
}

void write_report(const Summary& summary, const std::string& dir, const std::string& command_line,
                  const std::string& search) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(fs::path(dir) / "records", ec);
  if (ec) throw Error("cannot create '" + dir + "': " + ec.message());
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream out(fs::path(dir) / name, std::ios::binary);
    out << text;
    out.close();  // a full disk shows only when the buffer is written
    if (!out) throw Error("cannot write '" + (fs::path(dir) / name).string() + "'");
  };
  const auto& conditions = summary.conditions();
  for (std::size_t c = 0; c < conditions.size(); ++c) {
    for (const Outlier& o : outliers(conditions[c]))
      write(record_name(c, o.kind), o.record->to_json().dump(1) + "\n");
  }
  write("index.html", report_html(summary, command_line, search));
}

}  // namespace tabletop::sim
