// Conspiracy's notation: moves read from and written as text (parse_move, move_to_string), the
// board places a move touches (move_places, board_places), and the notation help for people
// (Game::notation).
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "core/text.h"
#include "games/conspiracy/conspiracy.h"
#include "games/conspiracy/conspiracy_internal.h"

namespace tabletop::conspiracy {
namespace {

// Names and notation constants: conspiracy_internal.h.

// The words of a move, lower-cased.
std::vector<std::string> split(std::string_view text) {
  return split_words(lower_ascii(text));
}

int parse_piece(const std::string& w) {
  if (w.size() != 2)
    throw BadMove(quote(w) + " is not a coin or tile: write suit S M C A and rank 0-5, e.g. C3");
  const char* s = std::strchr("smca", w[0]);
  if (!s || w[0] == 0) throw BadMove(quote(w) + ": the suit letter must be S, M, C or A");
  int rank = -1;
  if (w[1] >= '0' && w[1] <= '5') rank = w[1] - '0';
  if (w[1] == 'n') rank = 0;
  if (w[1] == 'a') rank = 1;
  if (rank < 0) throw BadMove(quote(w) + ": the rank must be 0-5 (n = blank, a = spiral)");
  return piece_id(int(s - "smca"), rank);
}

bool looks_like_square(const std::string& w) {
  return w.size() >= 2 && w[0] >= 'a' && w[0] <= 'f' &&
         std::isdigit(static_cast<unsigned char>(w[1]));
}

int parse_square(const std::string& w) {
  if (!looks_like_square(w))
    throw BadMove(quote(w) + " is not a square: columns a-f, rows 1.. from the top (e.g. c3)");
  int row = 0;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(w[i])))
      throw BadMove(quote(w) + " is not a square");
    row = row * 10 + (w[i] - '0');
    if (row > kSquareRows) break;
  }
  if (row < 1) throw BadMove(quote(w) + ": square rows run from 1 (the top)");
  if (row > kSquareRows)
    throw BadMove(quote(w) + ": the engine's board ends at square row " +
                  std::to_string(kSquareRows) + " (Future " + std::to_string(kMaxRows - 1) +
                  "), an engine limit and not a rule (docs/games/conspiracy.md, Rulings 16)");
  return (row - 1) * kSquareColumns + (w[0] - 'a');
}

int parse_column(const std::string& w) {
  if (w.size() == 1 && (w[0] == 'l' || w[0] == 'm' || w[0] == 'r'))
    return int(std::strchr("lmr", w[0]) - "lmr");
  throw BadMove(quote(w) + " is not a column: write L, M or R");
}

int parse_position(const std::string& w) {
  if (w.size() < 2)
    throw BadMove(quote(w) +
                  " is not a tile position: write L, M or R and a row (P, 1, 2, ...), e.g. M2");
  if (w[0] == 0 || !std::strchr("lmr", w[0]))
    throw BadMove(quote(w) +
                  " is not a tile position: it starts with the column L, M or R, e.g. M2");
  const int column = parse_column(w.substr(0, 1));
  if (w.substr(1) == "p") return position(column, 0);
  int row = 0;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(w[i])))
      throw BadMove(quote(w) + " is not a tile position: the row is P or a number");
    row = row * 10 + (w[i] - '0');
    if (row >= kMaxRows) break;
  }
  if (row >= kMaxRows)
    throw BadMove(quote(w) + ": the engine's board ends at Future " + std::to_string(kMaxRows - 1) +
                  ", an engine limit and not a rule (docs/games/conspiracy.md, Rulings 16)");
  return position(column, row);
}

int parse_direction(const std::string& w) {
  for (int d = 0; d < 8; ++d)
    if (w == kDirNames[d]) return d;
  throw BadMove(quote(w) +
                " is not a direction: write n ne e se s sw w nw (n points to the Present)");
}

int parse_seat(const std::string& w, int players) {
  if (w.size() == 1 && w[0] >= '0' && w[0] < '0' + players) return w[0] - '0';
  throw BadMove(quote(w) + " is not a seat: write 0.." + std::to_string(players - 1));
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Notation

std::string hand_place(int piece) {
  return "hand-" + piece_name(piece);
}
std::string seat_place(int seat) {
  return "seat-" + std::to_string(seat);
}

MovePlaces ConspiracyState::move_places(Move move) const {
  const int a = move_a(move), b = move_b(move), c = move_c(move);
  // Every place a step of its own: each has its own role (what acts, what pays, who is paid).
  switch (move_kind(move)) {
    case MoveKind::kPlace:
    case MoveKind::kSave:
      return {{hand_place(a % kPieces)}};
    case MoveKind::kAttack:
      return {{hand_place(a % kPieces)}, {hand_place(b % kPieces)}, {seat_place(c)}};
    case MoveKind::kRemove:
      return {{hand_place(a % kPieces)}, {seat_place(c)}};
    case MoveKind::kRevealCoin:
      return {{square_name(b % kSquares)}, {hand_place(a % kPieces)}, {seat_place(c)}};
    case MoveKind::kRevealTile:
      return {{position_name(b % kPositions)}, {hand_place(a % kPieces)}, {seat_place(c)}};
    case MoveKind::kAt:
      return {{square_name(b % kSquares)}};
    case MoveKind::kTile:
      return {{position_name(b % kPositions)}};
    case MoveKind::kMark:
      return {{position_name(position(a % kColumns, 0))}};
    default:
      return {};
  }
}

bool ConspiracyState::reveals(Move move) const {
  // The coin put on the board shows its suit (symbol side up) or number to everyone.
  if (move_kind(move) == MoveKind::kAt) return true;
  ConspiracyState after(*this);
  after.log().set_enabled(false);
  after.chance().set_journal(false);
  after.apply(move);
  if (phase_ == Phase::kJump && after.phase_ != Phase::kJump) return true;
  if (after.phase_ == Phase::kOver && winner_ < 0 && after.winner_ >= 0) return true;  // goals
  for (int i = 0; i < kPieces; ++i)
    if ((after.coin_known_[std::size_t(i)] & ~coin_known_[std::size_t(i)]) ||
        (after.tile_known_[std::size_t(i)] & ~tile_known_[std::size_t(i)]))
      return true;
  return false;
}

std::vector<std::string> ConspiracyGame::board_places() const {
  std::vector<std::string> places;
  for (int pos = 0; pos < kPositions; ++pos) places.push_back(position_name(pos));
  for (int square = 0; square < kSquares; ++square) places.push_back(square_name(square));
  for (int piece = 0; piece < kPieces; ++piece) places.push_back(hand_place(piece));
  for (int seat = 0; seat < players_; ++seat) places.push_back(seat_place(seat));
  return places;
}

std::string ConspiracyState::move_to_string(Move move) const {
  const int a = move_a(move), b = move_b(move), c = move_c(move);
  switch (move_kind(move)) {
    case MoveKind::kGoal:
      return std::string("goal ") + kSuitLetters[a & 3] + std::to_string(b);
    case MoveKind::kJump:
      return "jump";
    case MoveKind::kWait:
      return "wait";
    case MoveKind::kPlace:
      return "place " + piece_name(a % kPieces);
    case MoveKind::kAttack:
      return "attack " + piece_name(a % kPieces) + " pay " + piece_name(b % kPieces) + " to " +
             std::to_string(c);
    case MoveKind::kRevealCoin:
      return "reveal " + square_name(b % kSquares) + " pay " + piece_name(a % kPieces) + " to " +
             std::to_string(c);
    case MoveKind::kRevealTile:
      return "reveal " + position_name(b % kPositions) + " pay " + piece_name(a % kPieces) +
             " to " + std::to_string(c);
    case MoveKind::kAdvance:
      return std::string("advance ") + kColumnLetters[a % 3];
    case MoveKind::kEnd:
      return "end";
    case MoveKind::kTile:
      return "tile " + piece_name(a % kPieces) + " " + position_name(b % kPositions);
    case MoveKind::kAt:
      return square_name(b % kSquares) + " " + kDirNames[c & 7];
    case MoveKind::kFlip:
      return "flip";
    case MoveKind::kRemove:
      return "remove " + piece_name(a % kPieces) + " to " + std::to_string(c);
    case MoveKind::kSave:
      return "save " + piece_name(a % kPieces);
    case MoveKind::kSaveNone:
      return "save none";
    case MoveKind::kMark:
      return std::string("mark ") + kColumnLetters[a % 3];
    case MoveKind::kWin:
      return "win";
    case MoveKind::kPass:
      return "pass";
  }
  return "?";
}

Move ConspiracyState::parse_move(std::string_view text) const {
  try {
    return parse_lowered(text);
  } catch (const BadMove& e) {
    // The words were read in lower case; the message quotes them as the player wrote them.
    std::string message = e.what();
    for (const std::string& original : split_words(text)) {
      const std::string lowered = lower_ascii(original);
      if (lowered == original) continue;
      const std::string from = quote(lowered), to = quote(original);
      for (std::size_t at = message.find(from); at != std::string::npos;
           at = message.find(from, at + to.size()))
        message.replace(at, from.size(), to);
    }
    throw BadMove(message);
  }
}

Move ConspiracyState::parse_lowered(std::string_view text) const {
  const std::vector<std::string> w = split(text);
  if (w.empty()) throw BadMove("empty move");
  auto need = [&](std::size_t n, const char* form) {
    if (w.size() != n) throw BadMove(quote(text) + ": expected the form " + quote(form));
  };
  const std::string& k = w[0];
  if (k == "goal") {
    need(2, "goal C3");
    const int p = parse_piece(w[1]);
    return make_move(MoveKind::kGoal, suit_of(p), rank_of(p));
  }
  if (k == "jump" || k == "wait" || k == "end" || k == "flip" || k == "win" || k == "pass") {
    need(1, k.c_str());
    const MoveKind kind = k == "jump"   ? MoveKind::kJump
                          : k == "wait" ? MoveKind::kWait
                          : k == "end"  ? MoveKind::kEnd
                          : k == "flip" ? MoveKind::kFlip
                          : k == "win"  ? MoveKind::kWin
                                        : MoveKind::kPass;
    return make_move(kind);
  }
  // "... pay C2 to 3" at the end of a paid action.
  auto payment = [&](std::size_t at, int& coin, int& seat) {
    if (w.size() != at + 4 || w[at] != "pay" || w[at + 2] != "to")
      throw BadMove(quote(text) +
                    ": a paid action ends with 'pay C2 to 3' (the coin and the seat paid)");
    coin = parse_piece(w[at + 1]);
    seat = parse_seat(w[at + 3], players());
  };
  if (k == "place" || k == "save") {
    need(2, (k + " C3").c_str());
    if (k == "save" && w[1] == "none") return make_move(MoveKind::kSaveNone);
    return make_move(k == "place" ? MoveKind::kPlace : MoveKind::kSave, parse_piece(w[1]));
  }
  if (k == "attack") {
    int coin = 0, seat = 0;
    if (w.size() < 2) throw BadMove("expected 'attack C3 pay C2 to 3'");
    const int attacker = parse_piece(w[1]);
    payment(2, coin, seat);
    return paid_move(MoveKind::kAttack, attacker, coin, seat);
  }
  if (k == "reveal") {
    if (w.size() < 2)
      throw BadMove(
          "expected 'reveal c5 pay C2 to 3' (a coin's square) or 'reveal M2 pay C2 to 3' (a tile)");
    int coin = 0, seat = 0;
    payment(2, coin, seat);
    if (looks_like_square(w[1]))
      return paid_move(MoveKind::kRevealCoin, parse_square(w[1]), coin, seat);
    return paid_move(MoveKind::kRevealTile, parse_position(w[1]), coin, seat);
  }
  if (k == "advance") {
    need(2, "advance M");
    return make_move(MoveKind::kAdvance, parse_column(w[1]));
  }
  if (k == "tile") {
    need(3, "tile A4 M2");
    return make_move(MoveKind::kTile, parse_piece(w[1]), parse_position(w[2]));
  }
  if (k == "remove") {
    need(4, "remove C2 to 3");
    if (w[2] != "to") throw BadMove(quote(text) + ": expected 'remove C2 to 3'");
    return make_move(MoveKind::kRemove, parse_piece(w[1]), 0, parse_seat(w[3], players()));
  }
  if (k == "mark") {
    need(2, "mark M");
    return make_move(MoveKind::kMark, parse_column(w[1]));
  }
  if (looks_like_square(k)) {
    need(2, "c5 ne");
    return make_move(MoveKind::kAt, 0, parse_square(k), parse_direction(w[1]));
  }
  throw BadMove(
      quote(text) +
      " is not a Conspiracy move (goal, jump, wait, place, attack, reveal, advance, end, tile, "
      "<square> <direction>, pay, flip, remove, save, mark, win, pass)");
}

std::string ConspiracyGame::board_key() const {
  return "  [C2] a face-up tile; ### an empty square of a face-down tile, (C2) one you\n"
         "  know; 3#↗ a coin number side up (the arrow is its direction), C*↗ symbol side\n"
         "  up; m0 the marker of seat 0. Under the board: each seat's coins and tiles.\n";
}

std::vector<NotationKind> ConspiracyGame::notation() const {
  return {
      {"goal",
       "goal COIN",
       "Setup: choose your secret goal, a suit and a number, from the three coins you drew. "
       "Coins and tiles are a suit letter (S Suns, M Moons, C Crowns, A Arms) and a number 0-5 "
       "(0 the blank, 1 the spiral).",
       {"goal C3", "goal S1"}},
      {"jump",
       "jump",
       "A spiral holder steps in and plays now (answers stay hidden until every waiting holder "
       "has answered).",
       {"jump"}},
      {"wait", "wait", "A spiral holder lets the others play first.", {"wait"}},
      {"place",
       "place COIN",
       "Place Coin (1 action point): put a coin from your hand number side up on an empty square "
       "of a face-down tile. Then, optionally, lay a tile (tile ...), then say where the coin goes "
       "and where it points (SQUARE DIRECTION).",
       {"place C3"}},
      {"attack",
       "attack COIN pay COIN to SEAT",
       "Attack Coin (1 action point): play a coin that will point at a coin on the board, paying "
       "another coin from your hand to a player. Then, optionally, a tile, then the square and "
       "the direction (it must point at a coin).",
       {"attack C3 pay C2 to 1"}},
      {"reveal",
       "reveal SQUARE pay COIN to SEAT  or  reveal TILE-POSITION pay COIN to SEAT",
       "Reveal Coin on a square (1 action point) or Reveal Tile at a tile position (2 action "
       "points), paying a coin to a player. Squares are a-f and 1, 2, 3...; tile positions are a "
       "column L, M or R and a row P (Present) or 1, 2, 3... (Future).",
       {"reveal c5 pay C2 to 1", "reveal M2 pay C2 to 1"}},
      {"advance", "advance COLUMN", "Advance Column (2 action points): L, M or R.", {"advance M"}},
      {"end", "end", "End your actions for this turn.", {"end"}},
      {"tile",
       "tile TILE POSITION",
       "The first step of a placement: lay a tile you hold face down at a tile position (the "
       "column and the Future row).",
       {"tile A4 M2"}},
      {"point",
       "SQUARE DIRECTION",
       "The last step of a placement: the square the coin goes on and where it points: n ne e se "
       "s sw w nw (n points toward the Present).",
       {"c5 ne", "a3 s"}},
      {"flip",
       "flip",
       "After a successful attack on a coin lying symbol side up: turn it number side up.",
       {"flip"}},
      {"remove",
       "remove COIN to SEAT",
       "After a successful attack on a coin lying symbol side up: pay a second coin to a player "
       "to remove it instead.",
       {"remove C2 to 1"}},
      {"save",
       "save COIN  or  save none",
       "At the end of your turn keep one coin (number side up, its number public) and discard "
       "the rest, or keep none.",
       {"save C3", "save none"}},
      {"mark",
       "mark COLUMN",
       "Declare progress on the Present tile of a column with your marker.",
       {"mark M"}},
      {"win", "win", "Declare victory.", {"win"}},
      {"pass", "pass", "Declare neither progress nor victory.", {"pass"}}};
}

}  // namespace tabletop::conspiracy
