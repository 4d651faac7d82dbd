// `tabletop analyse RECORD [--json]`: the post-game analysis of a JSON record (ai/advice.h).
#include <cstdio>
#include <iostream>

#include "ai/advice.h"
#include "cli/commands.h"
#include "core/file.h"
#include "core/json_input.h"
#include "games/games.h"

namespace tabletop::cli {

int analyse_record(const std::string& path, bool as_json, const std::string& spec, uint64_t seed) {
  std::string text;
  try {
    text = read_regular_file(path, JsonLimits{}.max_bytes);
  } catch (const FileError& e) {
    throw BadRecord(e.what());
  }
  const Record record = Record::from_json(read_json(text, quote(path) + " (one JSON record)"));
  const ai::Analysis analysis = ai::analyse(games::registry(), record, spec, seed);
  if (as_json) {
    std::cout << ai::analysis_json(analysis).dump() << "\n";
    return 0;
  }
  std::shared_ptr<const Game> game = games::registry().make(record.game, record.params);
  std::printf("%s, %zu moves, analysed by %s in %.1f s (%llu iterations)\n",
              game->info().name.c_str(), analysis.moves.size(), analysis.spec.c_str(),
              analysis.seconds, (unsigned long long)analysis.iterations);
  std::printf("Each move: the mover's estimated chance of winning before it -> after it.\n");
  for (const ai::MoveAnalysis& m : analysis.moves) {
    std::printf("%4d  %-22s %-24s %3.0f%% -> %3.0f%%", m.ply, game->seat_name(m.seat).c_str(),
                m.move.c_str(), 100 * m.before, 100 * m.after);
    if (m.forced)
      std::printf("  (the only move)");
    else if (m.preferred != m.move && m.loss() >= ai::kBetterBy)
      std::printf("  better: %s", m.preferred.c_str());
    if (m.marked) std::printf("  ?? lost %.0f points", 100 * m.loss());
    if (m.refuted) std::printf(", the answer takes what %s keeps", m.preferred.c_str());
    std::printf("\n");
  }
  int marked = 0;
  for (const ai::MoveAnalysis& m : analysis.moves) marked += m.marked;
  std::printf(
      "%d move%s marked ?? (refuted by an answer, or among the %d largest losses of at least %.0f "
      "points)\n",
      marked, marked == 1 ? "" : "s", ai::kMostMarked, 100 * ai::kMarkedLoss);
  return 0;
}

}  // namespace tabletop::cli
