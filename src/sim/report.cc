#include "sim/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

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

// Horizontal interval chart ("forest plot"): a dot per row with its interval as a bar, and a
// dashed reference line (the fair share, or zero).
std::string interval_chart(const std::string& title, const std::vector<Row>& rows, double reference,
                           const std::string& reference_label, bool percent) {
  if (rows.empty()) return {};
  double lo = reference, hi = reference;
  for (const Row& r : rows) {
    if (std::isfinite(r.low)) lo = std::min(lo, r.low);
    if (std::isfinite(r.high)) hi = std::max(hi, r.high);
    lo = std::min(lo, r.value);
    hi = std::max(hi, r.value);
  }
  if (hi - lo < 1e-9) hi = lo + 1;
  const double pad = (hi - lo) * 0.08;
  lo -= pad;
  hi += pad;
  if (percent && reference > 0) {  // shares: the axis stays within 0..100%
    lo = std::max(lo, 0.0);
    hi = std::min(hi, 1.0);
  }
  const int left = 230, width = 420, row_h = 26, top = 30;
  const int height = top + row_h * int(rows.size()) + 30;
  auto x = [&](double v) {
    v = std::clamp(v, lo, hi);
    return left + (v - lo) / (hi - lo) * width;
  };
  auto label = [&](double v) { return percent ? pct(v) : fmt("%+.0f", v); };
  std::ostringstream s;
  s << "<figure><svg class=\"chart\" role=\"img\" viewBox=\"0 0 " << left + width + 90 << " "
    << height << "\" width=\"" << left + width + 90 << "\" height=\"" << height << "\"><title>"
    << escape(title) << "</title>";
  s << "<text x=\"4\" y=\"18\" class=\"t\">" << escape(title) << "</text>";
  const double rx = x(reference);
  s << "<line x1=\"" << rx << "\" y1=\"" << top - 6 << "\" x2=\"" << rx << "\" y2=\"" << height - 26
    << "\" class=\"ref\"/>";
  s << "<text x=\"" << rx << "\" y=\"" << height - 8 << "\" class=\"axis\" text-anchor=\"middle\">"
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

std::string histogram_chart(const std::string& title, const Distribution& d) {
  const auto bins = d.histogram(24);
  if (bins.empty()) return {};
  long most = 1;
  for (const auto& b : bins) most = std::max(most, b.count);
  const int left = 50, width = 560, height = 180, top = 28, bottom = 24;
  const double bw = double(width) / double(bins.size());
  std::ostringstream s;
  s << "<figure><svg class=\"chart\" role=\"img\" viewBox=\"0 0 " << left + width + 20 << " "
    << top + height + bottom << "\" width=\"" << left + width + 20 << "\" height=\""
    << top + height + bottom << "\"><title>" << escape(title) << "</title>";
  s << "<text x=\"4\" y=\"18\" class=\"t\">" << escape(title) << "</text>";
  for (std::size_t i = 0; i < bins.size(); ++i) {
    const double h = double(bins[i].count) / double(most) * height;
    s << "<rect class=\"bar\" x=\"" << left + i * bw + 1 << "\" y=\"" << top + height - h
      << "\" width=\"" << std::max(1.0, bw - 2) << "\" height=\"" << h << "\"><title>"
      << fmt("%g", bins[i].low) << "–" << fmt("%g", bins[i].high) << ": " << bins[i].count
      << "</title></rect>";
  }
  s << "<text x=\"" << left << "\" y=\"" << top + height + 16 << "\" class=\"axis\">"
    << fmt("%g", bins.front().low) << "</text>";
  s << "<text x=\"" << left + width << "\" y=\"" << top + height + 16
    << "\" class=\"axis\" text-anchor=\"end\">" << fmt("%g", bins.back().high) << "</text>";
  s << "<text x=\"" << left - 6 << "\" y=\"" << top + 8 << "\" class=\"axis\" text-anchor=\"end\">"
    << most << "</text>";
  s << "</svg></figure>\n";
  return s.str();
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

const char* kStyle = R"(
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1000px;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}h3{margin-top:1.4em}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:right}
th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
code,pre{background:#f6f6f6;padding:2px 4px}pre{padding:8px;overflow-x:auto;white-space:pre-wrap}
.flag{color:#b00020;font-weight:600}figure{margin:.6em 0}
svg .t{font-weight:600;font-size:14px}svg .lab{font-size:12px}svg .axis{font-size:11px;fill:#555}
svg .ref{stroke:#888;stroke-dasharray:4 3}svg .ci{fill:#7aa6d6}svg .ci.flag{fill:#e0787f}
svg .pt{fill:#123e6b}svg .bar{fill:#5b8fc7}.note{color:#555;font-size:.93em}
)";

}  // namespace

std::string report_html(const Summary& summary, const std::string& command_line) {
  std::ostringstream h;
  const auto& conditions = summary.conditions();
  const std::string game = conditions.empty() ? "" : conditions[0].game;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Balance lab: "
    << escape(game) << "</title><style>" << kStyle << "</style></head><body>\n";
  h << "<h1>Balance lab: " << escape(game) << "</h1>\n";
  h << "<p>Made by</p><pre>" << escape(command_line) << "</pre>\n";
  h << "<p>" << summary.deals() << " deals (master seed " << summary.seed() << ")";
  if (summary.info().interrupted)
    h << " — <span class=\"flag\">interrupted</span> after " << summary.deals() << " of "
      << summary.planned_deals() << " deals";
  h << ", " << fmt("%.1f", summary.info().seconds) << " s. Every condition and rotation played the "
    << "same deals (common random numbers).</p>\n";
  h << "<details><summary>Methods</summary><ul>"
    << "<li>Win share: sole wins over decisive games (one seat with the best return), with the "
       "95% Wilson score interval. Draws (every seat equal), shared wins and games ended by the "
       "engine's cap (not a rule) are counted apart.</li>"
    << "<li>Seat advantage is flagged (red) only when a seat's interval excludes the fair share "
       "1/n.</li>"
    << "<li>Games needed to detect a difference: decisive games for a two-sided one-sample test "
       "of a proportion at the fair share, 5% level, 80% power (normal approximation).</li>"
    << "<li>Lengths: exact counts; quartiles by the nearest-rank method.</li>"
    << "<li>Variant differences: per deal, each condition's rate averaged over rotations, minus "
       "the first condition's; mean with a 95% normal interval (paired). The unpaired standard "
       "error is shown for comparison.</li>"
    << "<li>Ratings: Bradley–Terry by Hunter's MM algorithm, one virtual draw per pair that met, "
       "Elo scale (400 log10), 95% intervals from the observed information, sum-zero.</li>"
    << "</ul></details>\n";

  for (std::size_t c = 0; c < conditions.size(); ++c) {
    const ConditionStats& s = conditions[c];
    const double fair = 1.0 / s.players;
    h << "<h2>" << escape(s.name) << "</h2>\n<p>Parameters <code>" << escape(s.params.dump())
      << "</code>; agents";
    for (std::size_t slot = 0; slot < s.slots.size(); ++slot)
      h << (slot ? ", " : " ") << "<code>" << escape(s.slots[slot]) << "</code>";
    h << "; " << s.rotations << " rotation" << (s.rotations > 1 ? "s" : "") << ".</p>\n";
    h << "<p>" << s.games << " games: " << s.decisive << " decisive, " << s.draws << " draws, "
      << s.shared << " shared wins, " << s.capped << " capped by the engine.";
    if (s.rotations == 1 &&
        std::adjacent_find(s.slots.begin(), s.slots.end(), std::not_equal_to<>()) != s.slots.end())
      h << " <span class=\"flag\">The agents differ and seats were not rotated: seat rates mix "
           "seat and agent effects (use --rotate).</span>";
    h << "</p>\n";
    std::vector<Row> rows;
    for (int seat = 0; seat < s.players; ++seat) {
      const auto i = std::size_t(seat);
      const Interval w = wilson(s.seat_wins[i], s.decisive);
      rows.push_back({"seat " + std::to_string(seat),
                      s.decisive ? double(s.seat_wins[i]) / double(s.decisive) : 0, w.low, w.high,
                      s.decisive > 0 && !w.contains(fair)});
    }
    h << interval_chart("Seat win share, 95% Wilson", rows, fair, "fair " + pct(fair), true);
    h << "<table><tr><th>seat</th><th>wins</th><th>share</th><th>95% interval</th><th>mean "
         "return</th><th></th></tr>";
    for (std::size_t i = 0; i < rows.size(); ++i)
      h << "<tr><td>" << rows[i].label << "</td><td>" << s.seat_wins[i] << "</td><td>"
        << pct(rows[i].value) << "</td><td>" << pct(rows[i].low) << " – " << pct(rows[i].high)
        << "</td><td>" << fmt("%+.3f", s.games ? s.seat_returns[i] / double(s.games) : 0)
        << "</td><td>"
        << (rows[i].flagged ? (rows[i].low > fair ? "<span class=\"flag\">advantage</span>"
                                                  : "<span class=\"flag\">disadvantage</span>")
                            : "")
        << "</td></tr>";
    h << "</table>\n<p class=\"note\">To detect a seat " << fmt("%.0f", 100 * summary.detect())
      << " points away from its fair share takes about " << games_to_detect(fair, summary.detect())
      << " decisive games (this run has " << s.decisive << ").</p>\n";
    if (s.rotations > 1) {
      std::vector<Row> agents;
      for (std::size_t slot = 0; slot < s.slots.size(); ++slot) {
        const Interval w = wilson(s.slot_wins[slot], s.decisive);
        agents.push_back({"agent " + std::to_string(slot) + " " + s.slots[slot],
                          s.decisive ? double(s.slot_wins[slot]) / double(s.decisive) : 0, w.low,
                          w.high, s.decisive > 0 && !w.contains(fair)});
      }
      h << interval_chart("Agent win share over all seats, 95% Wilson", agents, fair,
                          "fair " + pct(fair), true);
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
    h << "</table>\n" << histogram_chart("Plies per game", s.plies);
    bool any = false;
    for (const auto& [name, d] : s.figures) {
      if (name == "capped" || name == "rounds") continue;
      if (!any) {
        h << "<h3>Figures the game exports</h3><table><tr><th>figure</th><th>games</th><th>mean</"
             "th><th>median</th><th>quartiles</th><th>max</th><th>non-zero</th></tr>";
        any = true;
      }
      h << "<tr><td>" << escape(name) << "</td><td>" << d.count() << "</td><td>"
        << fmt("%.3f", d.mean()) << "</td><td>" << fmt("%g", d.quantile(0.5)) << "</td><td>"
        << fmt("%g", d.quantile(0.25)) << " – " << fmt("%g", d.quantile(0.75)) << "</td><td>"
        << fmt("%g", d.max()) << "</td><td>" << pct(d.nonzero_share()) << "</td></tr>";
    }
    if (any) h << "</table>\n";
    std::vector<std::string> links;
    if (s.longest)
      links.push_back("<a href=\"" + record_name(c, "longest") + "\">longest game</a> (" +
                      std::to_string(s.longest_plies) + " plies)");
    if (s.capped_example)
      links.push_back("<a href=\"" + record_name(c, "capped") + "\">a capped game</a>");
    const int rare = rare_seat(s);
    if (rare >= 0)
      links.push_back("<a href=\"" + record_name(c, "rare-winner") + "\">a win by seat " +
                      std::to_string(rare) + "</a> (the rarest winner, " +
                      std::to_string(s.seat_wins[std::size_t(rare)]) + " wins)");
    if (!links.empty()) {
      h << "<p>Outliers, as records (<code>tabletop replay FILE</code>): ";
      for (std::size_t i = 0; i < links.size(); ++i) h << (i ? ", " : "") << links[i];
      h << ".</p>\n";
    }
  }

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
    h << interval_chart("Win rate minus " + conditions[0].name + ", 95% paired", rows, 0,
                        "no difference", true);
    h << "<table><tr><th>variant</th><th>seat</th><th>difference</th><th>95% interval</"
         "th><th>paired s.e.</th><th>unpaired s.e.</th></tr>";
    for (const PairedComparison& p : comparisons)
      for (std::size_t s = 0; s < p.seat_win.size(); ++s) {
        const Interval i = p.seat_win[s].interval();
        const double se =
            p.seat_win[s].sd() / std::sqrt(double(std::max<long>(1, p.seat_win[s].count())));
        h << "<tr><td>" << escape(conditions[std::size_t(p.condition)].name) << "</td><td>" << s
          << "</td><td>" << fmt("%+.1f", 100 * p.seat_win[s].mean()) << " pts</td><td>"
          << fmt("%+.1f", 100 * i.low) << " – " << fmt("%+.1f", 100 * i.high) << "</td><td>"
          << fmt("%.2f", 100 * se) << "</td><td>" << fmt("%.2f", 100 * p.unpaired_sd[s])
          << "</td></tr>";
      }
    h << "</table>\n<table><tr><th>variant</th><th>plies difference</th><th>95% interval</th></tr>";
    for (const PairedComparison& p : comparisons) {
      const Interval i = p.plies.interval();
      h << "<tr><td>" << escape(conditions[std::size_t(p.condition)].name) << "</td><td>"
        << fmt("%+.1f", p.plies.mean()) << "</td><td>" << fmt("%+.1f", i.low) << " – "
        << fmt("%+.1f", i.high) << "</td></tr>";
    }
    h << "</table>\n";
    bool any = false;
    for (const PairedComparison& p : comparisons)
      for (const auto& [name, d] : p.figures) {
        if (name == "capped") continue;
        if (!any)
          h << "<table><tr><th>variant</th><th>figure</th><th>difference</th><th>95% "
               "interval</th></tr>";
        any = true;
        const Interval i = d.interval();
        h << "<tr><td>" << escape(conditions[std::size_t(p.condition)].name) << "</td><td>"
          << escape(name) << "</td><td>" << fmt("%+.3f", d.mean()) << "</td><td"
          << (i.contains(0) ? "" : " class=\"flag\"") << ">" << fmt("%+.3f", i.low) << " – "
          << fmt("%+.3f", i.high) << "</td></tr>";
      }
    if (any) h << "</table>\n";
  }

  if (summary.mode() == "tournament") {
    const Ratings r = summary.ratings();
    const auto& pool = summary.pool();
    h << "<h2>Tournament ratings</h2>\n";
    std::vector<Row> rows;
    for (std::size_t i = 0; i < pool.size(); ++i)
      rows.push_back({pool[i], r.elo[i], r.elo_95[i].low, r.elo_95[i].high, false});
    h << interval_chart("Bradley–Terry rating (Elo scale), 95%", rows, 0, "mean", false);
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

  if (summary.mode() == "skill" && !conditions.empty()) {
    h << "<h2>Skill trace</h2>\n";
    std::vector<Row> rows;
    for (const ConditionStats& s : conditions) {
      const Interval w = wilson(s.slot_wins[0], s.decisive);
      rows.push_back({std::to_string(s.budget) + "x budget vs 1x",
                      s.decisive ? double(s.slot_wins[0]) / double(s.decisive) : 0, w.low, w.high,
                      false});
    }
    const double fair = 1.0 / conditions.back().players;
    h << interval_chart("Share won by the k× searcher, 95% Wilson", rows, fair, "fair " + pct(fair),
                        true);
    if (rows.back().low <= fair)
      h << "<p class=\"flag\">More thinking does not win more here: the largest budget's interval "
           "reaches the fair share.</p>\n";
    else
      h << "<p>The largest budget wins more than its fair share (its interval lies above "
        << pct(fair) << ").</p>\n";
  }
  // Counts the charts once the page is laid out, so a test can tell the page ran in a browser.
  h << "<script>document.body.dataset.charts = "
       "String(document.querySelectorAll('svg.chart').length);</script>\n";
  h << "</body></html>\n";
  return h.str();
}

void write_report(const Summary& summary, const std::string& dir, const std::string& command_line) {
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
    const ConditionStats& s = conditions[c];
    if (s.longest) write(record_name(c, "longest"), s.longest->to_json().dump(1) + "\n");
    if (s.capped_example)
      write(record_name(c, "capped"), s.capped_example->to_json().dump(1) + "\n");
    const int rare = rare_seat(s);
    if (rare >= 0)
      write(record_name(c, "rare-winner"),
            s.seat_win_example[std::size_t(rare)]->to_json().dump(1) + "\n");
  }
  write("index.html", report_html(summary, command_line));
}

}  // namespace tabletop::sim
