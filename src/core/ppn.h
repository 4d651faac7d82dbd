// A reader for Portable Piecepack Notation (PPN) files: a YAML header between `---` and `...`, then
// movetext. This reads the subset real PPN game records use: nested `Key: value` header lines
// (flattened to dotted keys such as "GameType.Coins"), quoted or plain scalars, `{comments}`, move
// numbers with an optional side (`12S.`), and moves whose sub-moves are separated by `;`.
// Interpreting the moves is the game's job (see e.g. games/relativity/relativity_ppn.h).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tabletop::ppn {

struct MoveText {
  std::string number;              // "12S" for `12S.`; empty when the record has no number
  std::vector<std::string> parts;  // "c1#c4;M5@b6" -> {"c1#c4", "M5@b6"}
  int line = 0;                    // 1-based line of the file, for error messages
};

struct Record {
  std::map<std::string, std::string> header;  // "GameType.Name" -> "Relativity"
  std::vector<std::string> comments;          // the text of each {comment}
  std::vector<MoveText> moves;
};

// Parses one PPN game (the first, if a file holds several). Throws BadRecord naming the line.
Record parse(std::string_view text);

}  // namespace tabletop::ppn
