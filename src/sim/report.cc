#include "sim/report.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "sim/report_replay.h"

namespace tabletop::sim {

// data/lab-report-page.html (tabletop_embed_text in src/sim/CMakeLists.txt).
extern const char* const kLabReportPage;

namespace {

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
  std::string kind;    // "longest": records/<condition>-<kind>.json, replay key "<c>-<kind>"
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

json counts_json(const Distribution& d) {
  json out = json::array();
  for (const auto& [value, n] : d.counts()) out.push_back({value, n});
  return out;
}

// Columns `first` to `last` (exclusive) of each turn of `s.trace`, over the turns at least a tenth
// of the measured games reached: {"mean": [turn][column], "sd": ...}; null when fewer than two
// turns.
json trace_json(const ConditionStats& s, std::size_t first, std::size_t last) {
  const std::vector<std::vector<Moments>>& trace = s.trace;
  std::size_t turns = 0;
  while (turns < trace.size() && turns < s.turn_games.size() &&
         s.turn_games[turns] * 10 >= s.quality_games && trace[turns][0].count() > 0)
    ++turns;
  if (turns < 2) return nullptr;
  json mean = json::array(), sd = json::array();
  for (std::size_t t = 0; t < turns; ++t) {
    json m = json::array(), d = json::array();
    for (std::size_t k = first; k < last; ++k) {
      m.push_back(trace[t][k].mean());
      d.push_back(std::sqrt(trace[t][k].variance()));
    }
    mean.push_back(std::move(m));
    sd.push_back(std::move(d));
  }
  return {{"mean", std::move(mean)}, {"sd", std::move(sd)}};
}

// What the page shows of condition `c` beyond the summary JSON; its outliers' replays go into
// `replays`.
json condition_data(const Summary& summary, std::size_t c, Replays& replays) {
  const auto& conditions = summary.conditions();
  const ConditionStats& s = conditions[c];
  json figure_counts = json::object();
  for (const auto& [name, d] : s.figures) figure_counts[name] = counts_json(d);
  const auto n = std::size_t(s.players);
  json links = json::array();
  for (const Outlier& o : outliers(s)) {
    json link = {{"kind", o.kind},
                 {"link", o.link},
                 {"detail", o.detail},
                 {"record", record_name(c, o.kind)}};
    if (s.rules) {
      const std::string key = std::to_string(c) + "-" + o.kind;
      replays.add(key, o.link + o.detail + (conditions.size() > 1 ? ", " + s.name : ""), *s.rules,
                  *o.record);
      link["replay"] = key;
    }
    links.push_back(std::move(link));
  }
  return {{"design_effect", s.seat_design_effect()},   {"plies_counts", counts_json(s.plies)},
          {"figure_counts", std::move(figure_counts)}, {"estimate", trace_json(s, 0, n)},
          {"legal_moves", trace_json(s, n, n + 1)},    {"outliers", std::move(links)}};
}

}  // namespace

json report_data(const Summary& summary, const std::string& command_line,
                 const std::string& search) {
  json out = summary.to_json();
  Replays replays;
  json conditions = json::array();
  for (std::size_t c = 0; c < summary.conditions().size(); ++c)
    conditions.push_back(condition_data(summary, c, replays));
  out["report"] = {{"command_line", command_line},
                   {"search", search},
                   {"conditions", std::move(conditions)},
                   {"replays", replays.to_json()}};
  return out;
}

std::string report_html(const Summary& summary, const std::string& command_line,
                        const std::string& search) {
  const std::string page = kLabReportPage;
  const std::string slot = "<script type=\"application/json\" id=\"lab-summary\">";
  const std::size_t at = page.rfind(slot);  // the block in <body>, after the inlined script
  if (at == std::string::npos) throw Error("the built report page has no lab-summary block");
  // Non-ASCII stays UTF-8 (the page is), an invalid byte becomes U+FFFD instead of throwing.
  const std::string text = report_data(summary, command_line, search)
                               .dump(-1, ' ', false, json::error_handler_t::replace);
  std::string out = page.substr(0, at + slot.size());
  out.reserve(page.size() + text.size() + text.size() / 16);
  for (char ch : text) {
    if (ch == '<')
      out += "\\u003c";
    else
      out += ch;
  }
  out += page.substr(at + slot.size());
  return out;
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
