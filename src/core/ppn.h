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
// Parses every game of a file: each starts with its own `---` header (a file without a header is
// one game). A game may span several documents (e.g. one per round, each with its own setup);
// which is the game's business. Throws BadRecord naming the line.
std::vector<Record> parse_games(std::string_view text);

// Writes `record` as PPN text that `parse` reads back to the same header, comments (all placed
// before the first move) and moves: a `---` ... `...` header (dotted keys nested by two spaces,
// keys in map order; values quoted when YAML would read them otherwise), then each comment as
// `{ text }` on its own line, then the movetext, `number. part;part` separated by spaces and
// broken into lines of at most 80 columns where possible. Throws BadRecord for what PPN cannot
// hold: a key that is empty, has a ':' or an empty component, or has a value and nested keys; a
// value holding a line break or both quote characters; a comment with '{', '}' or a line break; a
// move with no part, or a part that is empty or holds a space, ';' or '{'; a number that is not
// letters or digits starting with a digit.
std::string write(const Record& record);
// Several games (or documents of one game) one after another, each with its header: what
// parse_games reads back.
std::string write_games(const std::vector<Record>& games);

}  // namespace tabletop::ppn
