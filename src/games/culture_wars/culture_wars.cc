#include "games/culture_wars/culture_wars.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cctype>
#include <cmath>
#include <sstream>

#include "core/text.h"
#include "games/culture_wars/culture_wars_internal.h"

namespace tabletop::culture_wars {
namespace {

constexpr const char* kPhaseNames[] = {"tile moves", "coin placement", "token placement",
                                       "expansion",  "movement",       "settlement",
                                       "over"};

}  // namespace

std::string square_name(int square) {
  return std::string(1, char('a' + column_of(square))) + std::to_string(row_of(square) + 1);
}

int square_of_name(std::string_view name) {
  if (name.size() < 2 || name.size() > 3) return -1;
  const char c = char(std::tolower(static_cast<unsigned char>(name[0])));
  if (c < 'a' || c >= 'a' + kWidth) return -1;
  int row = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return -1;
    row = row * 10 + (name[i] - '0');
  }
  if (row < 1 || row > kWidth) return -1;
  return square_at(c - 'a', row - 1);
}

// ---------------------------------------------------------------------------------------------
// CultureWarsGame

// The parameters: what entry() lists and what CultureWarsGame reads.
static const std::vector<ParamSpec>& param_specs() {
  static const std::vector<ParamSpec> specs = {
      {"players", ParamSpec::Type::kInt, 4, 2, 4, "2 to 4 players", "players"},
      {"tech_advantage", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "the optional Technological Advantage rule", "variant"},
      {"handicap_seat", ParamSpec::Type::kInt, -1, -1, kMaxSeats - 1,
       "this seat places a third token in setup (the text's handicap); -1: none; below players",
       "variant"},
      {"max_rounds", ParamSpec::Type::kInt, kDefaultMaxRounds, 1, 100000,
       "engine round cap (not a rule): the game then ends with no winner", "engine",
       ParamSpec::Setter::kAnyone, kDefaultMaxRounds},
      {"conflict_stops_at_one_seat", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "conflict removal stops when one seat is left; its excess goes after settlements (Rulings "
       "5)",
       "variant"},
      {"tech_inferior_loses_all_first", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "with tech_advantage the inferior seats lose all their tokens before the advanced lose any "
       "(Rulings 9)",
       "variant"},
      {"setup_tiles_move_again", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "with 2 players a tile moved in setup may be moved again, or back, instead of four "
       "different tiles (Rulings 10)",
       "variant"},
      {"setup_tiles_move_once", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "with 3 or 4 players too, a tile moved in setup is not moved again (Rulings 10)", "variant"},
      {"tokens_restart_reverse_order", ParamSpec::Type::kBool, false, std::nullopt, std::nullopt,
       "token placement begins again with the last seat instead of continuing where coin "
       "placement stopped (Rulings 11)",
       "variant"}};
  return specs;
}

CultureWarsGame::CultureWarsGame(const json& params)
    : Game(entry().info, [&] {
        ParamReader reader("culture-wars", params);
        reader.get_all(param_specs());
        const int players = reader.value("players"), handicap = reader.value("handicap_seat");
        if (handicap >= players)
          reader.fail("handicap_seat", std::to_string(handicap) + " is out of range -1.." +
                                           std::to_string(players - 1) + " for " +
                                           std::to_string(players) + " players");
        return reader.finish();
      }()) {
  players_ = this->params()["players"];
  tech_advantage_ = this->params()["tech_advantage"];
  handicap_seat_ = this->params()["handicap_seat"];
  max_rounds_ = this->params()["max_rounds"];
  conflict_stops_at_one_seat_ = this->params()["conflict_stops_at_one_seat"];
  tech_inferior_loses_all_first_ = this->params()["tech_inferior_loses_all_first"];
  setup_tiles_move_again_ = this->params()["setup_tiles_move_again"];
  setup_tiles_move_once_ = this->params()["setup_tiles_move_once"];
  tokens_restart_reverse_order_ = this->params()["tokens_restart_reverse_order"];
}

std::unique_ptr<State> CultureWarsGame::new_initial_state(Chance chance) const {
  auto state = std::make_unique<CultureWarsState>(shared_from_this(), std::move(chance));
  state->lay_out_starting_map();
  state->mix_order();
  state->phase_ = Phase::kTileMoves;
  state->step_ = 0;
  state->to_move_ = state->order_[0];
  return state;
}

// ---------------------------------------------------------------------------------------------
// The state

CultureWarsState::CultureWarsState(std::shared_ptr<const Game> game, Chance chance)
    : State(std::move(game), std::move(chance)) {
  coin_at_.fill(kNoCoin);
  coin_square_.fill(kNoSquare);
  for (int seat = 0; seat < kMaxSeats; ++seat) {
    reserve_tokens_[std::size_t(seat)] = kTokens;
    // The Null (turn-order lot) and the Ace (kept in front of its owner) are known to everyone.
    coin_seen_[std::size_t(make_coin(seat, 0))] = true;
    coin_seen_[std::size_t(make_coin(seat, kAce))] = true;
  }
}

const CultureWarsGame& CultureWarsState::rules() const {
  return static_cast<const CultureWarsGame&>(game());
}

int CultureWarsState::num_seats() const {
  return rules().num_players();
}

// ---------------------------------------------------------------------------------------------
// Moves

Seat CultureWarsState::current_player() const {
  return phase_ == Phase::kOver ? kTerminal : to_move_;
}

void CultureWarsState::do_legal_moves(MoveList& out) const {
  switch (phase_) {
    case Phase::kTileMoves: {
      // A moved tile touches another: its lower-left square lies within two squares of the land.
      int c0 = kWidth, c1 = 0, r0 = kWidth, r1 = 0;
      for (int16_t origin : tile_origin_) {
        c0 = std::min(c0, column_of(origin));
        c1 = std::max(c1, column_of(origin) + 1);
        r0 = std::min(r0, row_of(origin));
        r1 = std::max(r1, row_of(origin) + 1);
      }
      c0 = std::max(c0 - 2, 0), r0 = std::max(r0 - 2, 0);
      c1 = std::min(c1 + 1, kWidth - 2), r1 = std::min(r1 + 1, kWidth - 2);
      for (int tile = 0; tile < kTiles; ++tile) {
        if (!tile_may_move(tile)) continue;
        for (int r = r0; r <= r1; ++r)
          for (int c = c0; c <= c1; ++c)
            if (tile_fits(tile, square_at(c, r)))
              out.push_back(make_move(kTileMove, tile_origin_[std::size_t(tile)], square_at(c, r)));
      }
      break;
    }
    case Phase::kCoinPlacement:
      for (int square = 0; square < kSquares; ++square)
        if (land_[std::size_t(square)] && coin_fits(square))
          out.push_back(make_move(kPlaceCoin, square));
      break;
    case Phase::kTokenPlacement:
      for (int square = 0; square < kSquares; ++square)
        if (land_[std::size_t(square)]) out.push_back(make_move(kPlaceToken, square));
      break;
    case Phase::kExpansion:
      for (int square = 0; square < kSquares; ++square)
        if (tokens_[std::size_t(to_move_)][std::size_t(square)] > 0 && !moved_[std::size_t(square)])
          out.push_back(make_move(kGrow, square));
      break;
    case Phase::kMovement:
      step_moves(out);
      out.push_back(make_move(kDone));
      break;
    case Phase::kSettlement:
      settle_moves(out);
      out.push_back(make_move(kDone));
      break;
    case Phase::kOver:
      break;
  }
}

std::string CultureWarsState::why_illegal(Move move) const {
  if (phase_ == Phase::kOver) return "the game is over";
  const MoveParts p = move_parts(move);
  static constexpr int kKindOfPhase[] = {kTileMove, kPlaceCoin, kPlaceToken, kGrow, kStep, kSettle};
  const int expected = kKindOfPhase[int(phase_)];
  if (p.kind != expected &&
      !(p.kind == kDone && (phase_ == Phase::kMovement || phase_ == Phase::kSettlement)))
    return std::string("it is the ") + kPhaseNames[int(phase_)] + " phase";
  // Checked directly (not by searching the legal moves): the same conditions as do_legal_moves.
  auto in_window = [](int square) { return square >= 0 && square < kSquares; };
  if (!in_window(p.from) || !in_window(p.to)) return "a square is outside the map's window";
  switch (p.kind) {
    case kTileMove: {
      int tile = -1;
      for (int t = 0; t < kTiles; ++t)
        if (tile_origin_[std::size_t(t)] == p.from) tile = t;
      if (tile < 0) return "no tile has its lower-left square on " + square_name(p.from);
      if (!tile_can_move(tile))
        return "the tile at " + square_name(p.from) + " is not next to the hole";
      if (!tile_may_move(tile))
        return "the tile at " + square_name(p.from) + " has been moved already: " +
               (num_seats() == 2 ? "four different tiles get moved"
                                 : "with setup_tiles_move_once, different tiles get moved") +
               " (another tile next to the hole can move)";
      if (!tile_fits(tile, p.to))
        return "the tile cannot go to " + square_name(p.to) +
               ": it must overlap no tile and share a square edge with another tile";
      return {};
    }
    case kPlaceCoin:
      if (!land_[std::size_t(p.from)]) return square_name(p.from) + " is not land";
      if (!coin_fits(p.from)) return square_name(p.from) + " is within two squares of another coin";
      return {};
    case kPlaceToken:
      return land_[std::size_t(p.from)] ? "" : square_name(p.from) + " is not land";
    case kGrow:
      if (tokens_[std::size_t(to_move_)][std::size_t(p.from)] == 0 || moved_[std::size_t(p.from)])
        return square_name(p.from) + " holds none of your tokens, or has grown already";
      return {};
    case kStep: {
      const int free =
          tokens_[std::size_t(to_move_)][std::size_t(p.from)] - moved_[std::size_t(p.from)];
      if (p.count < 1 || free < p.count)
        return square_name(p.from) + " has " + std::to_string(std::max(free, 0)) +
               " of your tokens that have not moved this round";
      if (!land_[std::size_t(p.to)]) return square_name(p.to) + " is not land";
      for (int d = 0; d < 4; ++d)
        if (neighbour(p.from, d) == p.to) return {};
      if (boat_source(to_move_, p.from)) {
        std::array<bool, kSquares> by_boat{};
        boat_destinations(to_move_, p.from, by_boat);
        if (by_boat[std::size_t(p.to)]) return {};
      }
      return "tokens step to an orthogonal neighbour, or sail from your coastal settlement to a "
             "square on the coast of the same sea next to another settlement on that sea: " +
             square_name(p.from) + " to " + square_name(p.to) + " is neither";
    }
    case kSettle: {
      MoveList legal;
      settle_moves(legal);
      if (legal.contains(move)) return {};
      return "you cannot settle on " + square_name(p.from) +
             " that way: ten of your tokens on an empty square (with your Ace at home), or five on "
             "a coin, "
             "and a coin you hold for another suit's coin";
    }
    case kDone:
      return {};
    default:
      return move_to_string(move) + " is not a legal move here";
  }
}

void CultureWarsState::do_apply(Move move) {
  assert(why_illegal(move).empty());
  const MoveParts p = move_parts(move);
  const Seat seat = to_move_;
  switch (p.kind) {
    case kTileMove: {
      for (int t = 0; t < kTiles; ++t) {
        if (tile_origin_[std::size_t(t)] != p.from) continue;
        for (int k = 0; k < 4; ++k) land_[std::size_t(p.from + (k % 2) + (k / 2) * kWidth)] = false;
        for (int k = 0; k < 4; ++k) land_[std::size_t(p.to + (k % 2) + (k / 2) * kWidth)] = true;
        tile_origin_[std::size_t(t)] = int16_t(p.to);
        moved_tiles_ |= uint32_t(1) << t;
        break;
      }
      if (log().enabled())
        log().add(game().seat_name(seat) + " moves the tile at " + square_name(p.from) + " to " +
                  square_name(p.to));
      if (++step_ < rules().setup_tile_moves()) {
        to_move_ = order_[std::size_t(step_ % num_seats())];
      } else {
        compute_seas();
        compute_reach();
        phase_ = Phase::kCoinPlacement;
        step_ = 0;
        advance_coin_placement();
      }
      break;
    }
    case kPlaceCoin: {
      const int coin = draw_unseen_coin(seat);
      put_coin(coin, p.from, true);
      log().add(game().seat_name(seat) + " places a coin suit side up (its number unseen) on " +
                square_name(p.from));
      ++step_;
      advance_coin_placement();
      break;
    }
    case kPlaceToken:
      if (log().enabled())
        log().add(game().seat_name(seat) + " places a token on " + square_name(p.from));
      add_tokens(seat, p.from, 1);
      advance_token_placement();
      break;
    case kGrow:
      if (log().enabled()) log().add(game().seat_name(seat) + " grows on " + square_name(p.from));
      add_tokens(seat, p.from, 1);
      moved_[std::size_t(p.from)] = 1;
      if (reserve_tokens_[std::size_t(seat)] == 0) {
        phase_ = Phase::kExpansion;
        ++step_;
        advance_expansion();
      }
      break;
    case kStep:
      if (log().enabled())
        log().add(game().seat_name(seat) + " moves " + std::to_string(p.count) + " token" +
                  (p.count > 1 ? "s " : " ") + square_name(p.from) + "-" + square_name(p.to));
      remove_tokens(seat, p.from, p.count);
      add_tokens(seat, p.to, p.count);
      moved_[std::size_t(p.to)] = uint8_t(moved_[std::size_t(p.to)] + p.count);
      break;
    case kSettle:
      ++settlements_made_;
      settle(seat, p.from, p.choice);
      if (!can_settle_anywhere(seat)) {
        ++step_;
        advance_settlement();
      }
      break;
    case kDone:
      log().add(game().seat_name(seat) + " is done " +
                (phase_ == Phase::kMovement ? "moving" : "settling"));
      ++step_;
      if (phase_ == Phase::kMovement)
        advance_movement();
      else
        advance_settlement();
      break;
  }
}

Returns CultureWarsState::returns() const {
  Returns r{};
  if (phase_ != Phase::kOver || winners_ == 0) return r;
  const int n = num_seats();
  for (int s = 0; s < n; ++s) r[std::size_t(s)] = (winners_ >> s & 1) ? 1.0 : -1.0 / (n - 1);
  return r;
}

void CultureWarsState::seat_figures(SeatFigures& out) const {
  SeatFigures::Values& population =
      out.add("population", "Tokens each seat has on the map (its people).");
  SeatFigures::Values& squares = out.add("squares", "Squares each seat's tokens occupy.");
  SeatFigures::Values& held =
      out.add("settlements", "Settlements each seat holds (suit side up on the map).");
  SeatFigures::Values& reserve = out.add("reserve", "Tokens in each seat's reserve.");
  for (Seat s = 0; s < num_players(); ++s) {
    const auto i = std::size_t(s);
    for (int square = 0; square < kSquares; ++square) {
      const int t = tokens(s, square);
      population[i] += t;
      squares[i] += t > 0;
    }
    held[i] = settlements(s);
    reserve[i] = reserve_tokens(s);
  }
}

void CultureWarsState::figures(Figures& out) const {
  int held = 0;
  for (Seat s = 0; s < num_seats(); ++s) held += settlements(s);
  out.add("capped", stopped_by_cap_ ? 1 : 0);
  out.add("rounds", round_);
  out.add("conflicts", conflicts_);
  out.add("settlements_attacked", settlements_attacked_);
  out.add("settlements_made", settlements_made_);
  out.add("settlements_abandoned", settlements_abandoned_);
  out.add("settlements", held);
  out.add("shared_win", std::popcount(unsigned(winners_)) > 1 ? 1 : 0);
}

std::unique_ptr<State> CultureWarsState::clone() const {
  return std::make_unique<CultureWarsState>(*this);
}

std::string CultureWarsState::move_to_string(Move move) const {
  const MoveParts p = move_parts(move);
  switch (p.kind) {
    case kTileMove:
      return "tile:" + square_name(p.from) + "-" + square_name(p.to);
    case kPlaceCoin:
      return "coin:" + square_name(p.from);
    case kPlaceToken:
      return "token:" + square_name(p.from);
    case kGrow:
      return "grow:" + square_name(p.from);
    case kStep:
      return (p.count > 1 ? std::to_string(p.count) : "") + square_name(p.from) + "-" +
             square_name(p.to);
    case kSettle: {
      std::string text = "settle:" + square_name(p.from);
      if (p.choice == kChooseUnseen)
        text += "=?";
      else if (p.choice == kAce)
        text += "=a";
      else if (p.choice > 0)
        text += "=" + std::to_string(p.choice);
      return text;
    }
    case kDone:
      return "done";
    default:
      return "?";
  }
}

Move CultureWarsState::parse_move(std::string_view raw) const {
  const std::string text = compact_lower(raw);
  auto square = [&](const std::string& name) {
    const int s = square_of_name(name);
    if (s < 0)
      throw BadMove(quote(name) +
                    " is not a square: columns a-z, rows 1-26 (the map starts at i9-r18)");
    return s;
  };
  auto split = [&](const std::string& body) {
    const auto dash = body.find('-');
    if (dash == std::string::npos) throw BadMove(quote(raw) + " needs two squares joined by '-'");
    return std::pair{square(body.substr(0, dash)), square(body.substr(dash + 1))};
  };
  if (text == "done" || text == "end" || text == "pass") return make_move(kDone);
  const auto colon = text.find(':');
  if (colon != std::string::npos) {
    const std::string word = text.substr(0, colon), body = text.substr(colon + 1);
    if (word == "tile") {
      const auto [from, to] = split(body);
      return make_move(kTileMove, from, to);
    }
    if (word == "coin") return make_move(kPlaceCoin, square(body));
    if (word == "token") return make_move(kPlaceToken, square(body));
    if (word == "grow") return make_move(kGrow, square(body));
    if (word == "settle") {
      const auto eq = body.find('=');
      int choice = kChooseOwnCoin;
      if (eq != std::string::npos) {
        const std::string v = body.substr(eq + 1);
        if (v == "?")
          choice = kChooseUnseen;
        else if (v == "a" || v == "1")
          choice = kAce;
        else if (v.size() == 1 && v[0] >= '2' && v[0] <= '5')
          choice = v[0] - '0';
        else
          throw BadMove(quote(v) + " is not a coin to settle with: use a, 2-5 or ?");
      }
      return make_move(kSettle, square(body.substr(0, eq)), 0, 0, choice);
    }
    throw BadMove(quote(word) + " is not a move word: use tile, coin, token, grow or settle");
  }
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  const int count = digits ? std::stoi(text.substr(0, std::min<std::size_t>(digits, 3))) : 1;
  if (count < 1 || count > kTokens) throw BadMove(quote(raw) + ": a count of 1 to 36 tokens");
  const auto [from, to] = split(text.substr(digits));
  return make_move(kStep, from, to, count);
}

std::string CultureWarsState::coin_text(uint8_t coin) const {
  static constexpr const char* kValues[] = {"Null", "Ace", "2", "3", "4", "5"};
  return std::string(kValues[coin_value(coin)]) + " of " + game().seat_name(coin_seat(coin));
}

// ---------------------------------------------------------------------------------------------
// Views

MovePlaces CultureWarsState::move_places(Move move) const {
  const MoveParts p = move_parts(move);
  switch (p.kind) {
    case kTileMove:
    case kStep:
      return {{square_name(p.from)}, {square_name(p.to)}};  // from, then to
    case kPlaceCoin:
    case kPlaceToken:
    case kGrow:
    case kSettle:
      return {{square_name(p.from)}};
    default:
      return {};
  }
}

bool CultureWarsState::reveals(Move move) const {
  CultureWarsState after(*this);
  after.log().set_enabled(false);
  after.chance().set_journal(false);
  after.apply(move);
  for (std::size_t coin = 0; coin < coin_seen_.size(); ++coin)
    if (after.coin_seen_[coin] && !coin_seen_[coin]) return true;
  return false;
}

std::vector<std::string> CultureWarsGame::board_places() const {
  std::vector<std::string> places;
  for (int square = 0; square < kSquares; ++square) places.push_back(square_name(square));
  return places;
}

json CultureWarsState::record_observation() const {
  CultureWarsState all(*this);
  all.coin_seen_.fill(true);
  return all.observation(kSpectator);
}

json CultureWarsState::observation(Seat viewer) const {
  json tiles = json::array();
  std::array<int16_t, kTiles> sorted = tile_origin_;
  std::sort(sorted.begin(), sorted.end());
  for (int16_t origin : sorted) tiles.push_back(square_name(origin));
  json coins = json::array();
  json tokens = json::array();
  json reserves = json::array();
  for (int square = 0; square < kSquares; ++square) {
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin == kNoCoin) continue;
    json c{{"square", square_name(square)},
           {"suit", coin_seat(coin)},
           {"face", suit_up_[std::size_t(square)] ? "suit" : "number"}};
    c["value"] = coin_seen_[coin] ? json(coin_value(coin)) : json(nullptr);
    coins.push_back(c);
  }
  for (int s = 0; s < num_seats(); ++s) {
    json on_map = json::object();
    for (int square = 0; square < kSquares; ++square)
      if (tokens_[std::size_t(s)][std::size_t(square)])
        on_map[square_name(square)] = tokens_[std::size_t(s)][std::size_t(square)];
    tokens.push_back(on_map);
    json known = json::array();
    for (int v = 1; v < kCoinValues; ++v) {
      const uint8_t coin = make_coin(s, v);
      if (coin_square_[coin] == kNoSquare && coin_seen_[coin]) known.push_back(v);
    }
    reserves.push_back({{"tokens", reserve_tokens_[std::size_t(s)]},
                        {"coins", known},
                        {"unseen_coins", reserve_coins_unseen(s)},
                        {"settlements", settlements(s)},
                        {"settlements_last_round", settlements_last_round_[std::size_t(s)]}});
  }
  json order = json::array();
  for (int i = 0; i < num_seats(); ++i) order.push_back(order_[std::size_t(i)]);
  json obs{{"game", "culture-wars"}, {"round", round_},   {"phase", kPhaseNames[int(phase_)]},
           {"order", order},         {"tiles", tiles},    {"coins", coins},
           {"tokens", tokens},       {"seats", reserves}, {"terminal", phase_ == Phase::kOver}};
  obs["to_move"] = phase_ == Phase::kOver ? json(nullptr) : json(to_move_);
  if (phase_ == Phase::kMovement || phase_ == Phase::kExpansion) {
    json moved = json::object();
    for (int square = 0; square < kSquares; ++square)
      if (moved_[std::size_t(square)]) moved[square_name(square)] = moved_[std::size_t(square)];
    obs[phase_ == Phase::kMovement ? "moved" : "grown"] = moved;
  }
  if (phase_ == Phase::kTokenPlacement) obs["tokens_to_place"] = tokens_to_place_;
  if (phase_ == Phase::kTileMoves) {
    json moved = json::array();  // the tiles moved so far (Rulings 10)
    for (int t = 0; t < kTiles; ++t)
      if (moved_tiles_ >> t & 1) moved.push_back(square_name(tile_origin_[std::size_t(t)]));
    obs["moved_tiles"] = moved;
  }
  if (phase_ == Phase::kOver) {
    json winners = json::array();
    for (int s = 0; s < num_seats(); ++s)
      if (winners_ >> s & 1) winners.push_back(s);
    obs["winners"] = winners;
    obs["stopped_by_round_cap"] = stopped_by_cap_;
  }
  return obs;
}

namespace {

// The squares where several seats' tokens stand ("; a3 A:2 B:1" each), under the board, broken
// into lines of at most 78 columns at the squares; nothing when there are none.
void write_contested(std::ostream& out, const std::string& contested) {
  if (contested.empty()) return;
  // Broken into lines of at most 78 columns, at the squares.
  std::string text = " several seats' tokens on one square:";
  for (std::size_t at = 0; at < contested.size();) {
    const std::size_t next = std::min(contested.find(';', at + 1), contested.size());
    const std::string item = contested.substr(at, next - at);
    if (text.size() + item.size() > 78) {
      out << text << "\n";
      text = "  " + item.substr(item.find_first_not_of("; "));
    } else {
      text += item;
    }
    at = next;
  }
  out << text << "\n";
}

}  // namespace

void CultureWarsState::render_seats(std::ostream& out) const {
  const Game& g = game();
  for (int s = 0; s < num_seats(); ++s) {
    // The coins in reserve as everybody knows them: those seen number side up, and how many not.
    std::string coins;
    for (int v = 1; v < kCoinValues; ++v) {
      const uint8_t coin = make_coin(s, v);
      if (coin_square_[coin] == kNoSquare && coin_seen_[coin])
        coins += (coins.empty() ? "" : ", ") + std::string(v == kAce ? "Ace" : std::to_string(v));
    }
    if (const int unseen = reserve_coins_unseen(s))
      coins += (coins.empty() ? "" : ", ") + std::to_string(unseen) + " unseen";
    out << " " << g.seat_name(s) << ": reserve " << int(reserve_tokens_[std::size_t(s)])
        << " tokens, coins " << (coins.empty() ? "none" : coins) << ";"
        << (coins.size() > 13 ? "\n   " : " ") << "settlements " << settlements(s)
        << ", last round " << int(settlements_last_round_[std::size_t(s)]) << "\n";
  }
  if (phase_ == Phase::kOver) {
    out << " Game over:";
    if (!winners_)
      out << " no winner: the engine's round cap of " << rules().max_rounds()
          << " rounds was reached\n   (max_rounds, not a rule)";
    for (int s = 0; s < num_seats(); ++s)
      if (winners_ >> s & 1)
        out << " " << g.seat_name(s) << " wins: " << settlements(s)
            << " settlements at the final round's end\n   (" << rules().settlements_to_win()
            << " needed at the end of two rounds in a row; the most wins)";
    out << "\n";
  }
}

std::string CultureWarsState::render(Seat viewer) const {
  int c0 = kWidth, c1 = 0, r0 = kWidth, r1 = 0;
  for (int square = 0; square < kSquares; ++square)
    if (land_[std::size_t(square)]) {
      c0 = std::min(c0, column_of(square));
      c1 = std::max(c1, column_of(square));
      r0 = std::min(r0, row_of(square));
      r1 = std::max(r1, row_of(square));
    }
  const Game& g = game();
  std::ostringstream out;
  auto line = [&out](std::string text) {  // without trailing spaces
    text.erase(text.find_last_not_of(' ') + 1);
    out << text << "\n";
  };
  out << "Culture Wars — round " << round_ << ", " << kPhaseNames[int(phase_)];
  if (phase_ != Phase::kOver) out << ", " << g.seat_name(to_move_) << " to move";
  out << "\n";
  // Each square's coin then its tokens ("3B A:4"), centred in its column; the tiles' edges drawn
  // between the squares.
  const int columns = c1 - c0 + 1;
  std::array<int16_t, kSquares> tile_of;
  tile_of.fill(-1);
  for (int t = 0; t < kTiles; ++t)
    for (int d : {0, 1, kWidth, kWidth + 1})
      tile_of[std::size_t(tile_origin_[std::size_t(t)] + d)] = int16_t(t);
  auto tile = [&](int c, int r) {  // the tile at column c, row r; -1 for sea and off the window
    return c < c0 || c > c1 || r < r0 || r > r1 ? -1 : tile_of[std::size_t(square_at(c, r))];
  };
  // An edge between two squares that are not on the same tile (sea on both sides: none).
  auto edge = [&](int a, int b) { return a != b; };
  std::string contested;
  // Each square's coin and tokens ("~" for sea, "." for an empty square).
  struct Cell {
    std::string coin, tokens;
    std::string joined() const {
      return coin + (coin.empty() || tokens.empty() ? "" : " ") + tokens;
    }
  };
  std::vector<std::vector<Cell>> cells(std::size_t(r1 - r0 + 1),
                                       std::vector<Cell>(std::size_t(columns)));
  for (int r = r1; r >= r0; --r)
    for (int c = c0; c <= c1; ++c) {
      const int square = square_at(c, r);
      Cell& cell = cells[std::size_t(r - r0)][std::size_t(c - c0)];
      if (!land_[std::size_t(square)]) {
        cell.coin = "~";
        continue;
      }
      const uint8_t coin = coin_at_[std::size_t(square)];
      if (coin != kNoCoin) {
        const char suit = seat_letter(coin_seat(coin));
        const std::string number = std::to_string(coin_value(coin));
        // Number up: seen by all. Suit up: a settlement, whose number the record makes public at
        // the end (as record_observation and the browser's end board show it).
        cell.coin = !suit_up_[std::size_t(square)] ? number + suit
                    : phase_ == Phase::kOver       ? "[" + number + suit + "]"
                                                   : std::string("[") + suit + "]";
      }
      int seats = 0, total = 0, only = 0;
      std::string each;
      for (int s = 0; s < num_seats(); ++s)
        if (const int n = tokens_[std::size_t(s)][std::size_t(square)]) {
          ++seats;
          total += n;
          only = s;
          each += std::string(" ") + seat_letter(s) + ":" + std::to_string(n);
        }
      if (seats > 1)
        contested += (contested.empty() ? "" : ";") + std::string(" ") + square_name(square) + each;
      if (seats)
        cell.tokens =
            std::string(1, seats > 1 ? '*' : seat_letter(only)) + ":" + std::to_string(total);
      if (cell.coin.empty() && cell.tokens.empty()) cell.coin = ".";
    }
  // One line per row of squares (coin and tokens side by side) when that fits in 80 columns, else
  // two (coins above tokens). Each column is as wide as its widest square and one space more.
  std::vector<std::size_t> width(std::size_t(columns), 3);
  std::size_t total_width = 4;
  for (int i = 0; i < columns; ++i) {
    for (const auto& row : cells)
      width[std::size_t(i)] =
          std::max(width[std::size_t(i)], row[std::size_t(i)].joined().size() + 1);
    total_width += width[std::size_t(i)] + 1;
  }
  const bool two_lines = total_width > 80;
  if (two_lines)
    for (int i = 0; i < columns; ++i) {
      width[std::size_t(i)] = 3;
      for (const auto& row : cells)
        width[std::size_t(i)] =
            std::max({width[std::size_t(i)], row[std::size_t(i)].coin.size() + 1,
                      row[std::size_t(i)].tokens.size() + 1});
    }
  std::vector<std::size_t> x(std::size_t(columns) + 1, 3);  // where the edge left of column i is
  for (int i = 0; i < columns; ++i)
    x[std::size_t(i) + 1] = x[std::size_t(i)] + width[std::size_t(i)] + 1;
  std::string letters(x.back() + 1, ' ');
  for (int i = 0; i < columns; ++i)
    letters[x[std::size_t(i)] + 1 + (width[std::size_t(i)] - 1) / 2] = char('a' + c0 + i);
  line(letters);
  // The line of edges above row r (r0 - 1: the bottom line), drawn only where some tile ends.
  auto edges_above = [&](int r) {
    std::string text(3, ' ');
    bool any = false;
    for (int i = 0; i <= columns; ++i) {
      const int c = c0 + i;
      const bool up = edge(tile(c - 1, r + 1), tile(c, r + 1)) && r + 1 <= r1;
      const bool down = edge(tile(c - 1, r), tile(c, r)) && r >= r0;
      const bool left = i > 0 && edge(tile(c - 1, r), tile(c - 1, r + 1));
      const bool right = i < columns && edge(tile(c, r), tile(c, r + 1));
      static const char* const kJoints[16] = {" ", "─", "─", "─", "│", "┌", "┐", "┬",
                                              "│", "└", "┘", "┴", "│", "├", "┤", "┼"};
      text += kJoints[(up ? 8 : 0) | (down ? 4 : 0) | (left ? 2 : 0) | (right ? 1 : 0)];
      if (i == columns) break;
      any |= right;
      for (std::size_t k = 0; k < width[std::size_t(i)]; ++k) text += right ? "─" : " ";
    }
    return any ? text : std::string();
  };
  for (int r = r1; r >= r0; --r) {
    if (const std::string e = edges_above(r); !e.empty()) line(e);
    for (int part = 0; part < (two_lines ? 2 : 1); ++part) {
      char label[16];
      std::snprintf(label, sizeof label, "%3d", r + 1);
      std::string text = part == 0 ? label : "   ";
      for (int i = 0; i <= columns; ++i) {
        const int c = c0 + i;
        text += edge(tile(c - 1, r), tile(c, r)) ? "│" : " ";
        if (i == columns) break;
        const Cell& cell = cells[std::size_t(r - r0)][std::size_t(i)];
        text += centred(!two_lines         ? cell.joined()
                        : part == 0        ? cell.coin
                        : cell.coin == "~" ? "~"
                                           : cell.tokens,
                        width[std::size_t(i)]);
      }
      line(text);
    }
  }
  if (const std::string e = edges_above(r0 - 1); !e.empty()) line(e);
  write_contested(out, contested);
  render_seats(out);
  return out.str();
}

std::string CultureWarsState::turn_status(Seat viewer) const {
  const std::string who = game().seat_name(to_move_) + ": ";
  const Seat seat = to_move_;
  auto plural = [](int n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
  };
  // Squares with `count(square)` > 0, with the count, at most six of them.
  auto squares = [](auto count) {
    std::string text;
    int listed = 0;
    for (int square = 0; square < kSquares; ++square)
      if (const int n = count(square); n > 0 && listed++ < 6)
        text += (text.empty() ? "" : ", ") + square_name(square) + " (" + std::to_string(n) + ")";
    return listed > 6 ? text + ", ..." : text;
  };
  switch (phase_) {
    case Phase::kTileMoves:
      return who + "tile move " + std::to_string(step_ + 1) + " of " +
             std::to_string(rules().setup_tile_moves()) +
             ". Next: tile:FROM-TO, a tile next to the hole" +
             (rules().setup_tiles_differ() ? " not moved yet" : "") +
             " to a place touching another tile.";
    case Phase::kCoinPlacement:
      return who + plural(reserve_coins_unseen(seat), "coin") +
             " left in reserve, drawn unseen. Next: coin:SQUARE, with two empty squares between "
             "it and every coin.";
    case Phase::kTokenPlacement:
      return who + plural(tokens_to_place_, "token") + " left to place. Next: token:SQUARE.";
    case Phase::kExpansion:
      return who + "the reserve (" + plural(reserve_tokens_[std::size_t(seat)], "token") +
             ") cannot grow every square held: each goes where you choose. Next: grow:SQUARE "
             "on a square you hold that has not grown yet.";
    case Phase::kMovement: {
      int free = 0;
      auto unmoved = [&](int square) {
        return std::max(
            0, tokens_[std::size_t(seat)][std::size_t(square)] - moved_[std::size_t(square)]);
      };
      for (int square = 0; square < kSquares; ++square) free += unmoved(square);
      if (free == 0) return who + "every token has moved this round. Next: done.";
      return who + plural(free, "token") + " not moved yet this round: " + squares(unmoved) +
             ". Next: FROM-TO or COUNT FROM-TO (on foot or by boat), or done.";
    }
    case Phase::kSettlement: {
      MoveList moves;
      legal_moves(moves);
      std::array<bool, kSquares> can{};
      for (Move m : moves)
        if (move_parts(m).kind == kSettle) can[std::size_t(move_parts(m).from)] = true;
      std::string where;
      for (int square = 0; square < kSquares; ++square)
        if (can[std::size_t(square)]) where += (where.empty() ? "" : ", ") + square_name(square);
      return who + "may settle on " + (where.empty() ? "no square" : where) +
             ". Next: settle:SQUARE (settle:SQUARE=COIN on another suit's coin), or done.";
    }
    case Phase::kOver:
      break;
  }
  return {};
}

void CultureWarsState::check_invariants() const {
  std::array<int, kSquares> cover{};
  for (int16_t origin : tile_origin_)
    for (int k = 0; k < 4; ++k) ++cover[std::size_t(origin + (k % 2) + (k / 2) * kWidth)];
  for (int square = 0; square < kSquares; ++square) {
    if (cover[std::size_t(square)] > 1)
      throw InvariantError("culture-wars: tiles overlap on " + square_name(square));
    if ((cover[std::size_t(square)] == 1) != land_[std::size_t(square)])
      throw InvariantError("culture-wars: land does not match the tiles on " + square_name(square));
    const uint8_t coin = coin_at_[std::size_t(square)];
    if (coin != kNoCoin && coin_square_[coin] != square)
      throw InvariantError("culture-wars: coin bookkeeping differs on " + square_name(square));
    if (!land_[std::size_t(square)]) {
      if (coin != kNoCoin) throw InvariantError("culture-wars: a coin lies in the sea");
      for (int s = 0; s < kMaxSeats; ++s)
        if (tokens_[std::size_t(s)][std::size_t(square)])
          throw InvariantError("culture-wars: tokens in the sea");
    }
  }
  for (int coin = 0; coin < kMaxSeats * kCoinValues; ++coin) {
    const int square = coin_square_[std::size_t(coin)];
    if (square != kNoSquare && coin_at_[std::size_t(square)] != coin)
      throw InvariantError("culture-wars: a coin is in two places");
    if (coin_value(uint8_t(coin)) == 0 && square != kNoSquare)
      throw InvariantError("culture-wars: a Null on the map");
  }
  for (int s = 0; s < kMaxSeats; ++s) {
    int total = reserve_tokens_[std::size_t(s)];
    for (int square = 0; square < kSquares; ++square)
      total += tokens_[std::size_t(s)][std::size_t(square)];
    if (total != kTokens) throw InvariantError("culture-wars: a seat's tokens do not add up to 36");
  }
  // The turn: phase, round, order, the seat to move and the step agree (a saved state is refused
  // otherwise, naming the field).
  const int n = num_seats();
  auto fail = [](const std::string& why) { throw InvariantError("culture-wars: " + why); };
  uint8_t seats = 0;
  for (int i = 0; i < n; ++i) seats |= uint8_t(1u << order_[std::size_t(i)]);
  if (seats != (1u << n) - 1) fail("order is not every seat once");
  if (to_move_ < 0 || to_move_ >= n) fail("to_move is no seat");
  const bool setup = phase_ == Phase::kTileMoves || phase_ == Phase::kCoinPlacement ||
                     phase_ == Phase::kTokenPlacement;
  if (setup != (round_ == 0) && phase_ != Phase::kOver) fail("round and phase disagree");
  if ((phase_ == Phase::kOver) != (winners_ != 0 || stopped_by_cap_))
    fail("phase is over exactly when there are winners or the round cap stopped the game");
  if (winners_ && stopped_by_cap_) fail("winners and stopped_by_round_cap together");
  if (winners_ >> n) fail("winners names a seat not in play");
  auto expect_to_move = [&](int index, const char* how) {
    if (to_move_ != order_[std::size_t(index)])
      fail("to_move: seat " + std::to_string(to_move_) + " is not the seat " + how + " at step " +
           std::to_string(step_));
  };
  switch (phase_) {
    case Phase::kTileMoves:
      if (step_ >= rules().setup_tile_moves()) fail("step: past the setup's tile moves");
      expect_to_move(step_ % n, "in order");
      break;
    case Phase::kCoinPlacement:
      expect_to_move(n - 1 - step_ % n, "in reverse order");
      break;
    case Phase::kTokenPlacement:
      if (step_ >= n) fail("step: past the last seat");
      expect_to_move(n - 1 - (placement_start_ + step_) % n, "in reverse order");
      if (tokens_to_place_ < 1 || tokens_to_place_ > (to_move_ == rules().handicap_seat() ? 3 : 2))
        fail("tokens_to_place out of range for the seat to move");
      break;
    case Phase::kExpansion:
    case Phase::kSettlement:
      if (step_ >= n) fail("step: past the last seat");
      expect_to_move(step_, "in order");
      break;
    case Phase::kMovement:
      if (step_ >= n) fail("step: past the last seat");
      expect_to_move(n - 1 - step_, "in reverse order");
      break;
    case Phase::kOver:
      break;
  }
  for (int square = 0; square < kSquares && phase_ == Phase::kMovement; ++square)
    if (moved_[std::size_t(square)] > tokens_[std::size_t(to_move_)][std::size_t(square)])
      fail("moved: more tokens marked moved on " + square_name(square) + " than stand there");
  // Each seat's coins: its Null never leaves its reserve; no other seat's coins exist.
  for (int coin = n * kCoinValues; coin < kMaxSeats * kCoinValues; ++coin)
    if (coin_square_[std::size_t(coin)] != kNoSquare) fail("coins: a seat not in play has a coin");
}

json CultureWarsState::state_json() const {
  json tokens = json::array();
  for (int s = 0; s < num_seats(); ++s) {
    json pairs = json::array();
    for (int square = 0; square < kSquares; ++square)
      if (tokens_[std::size_t(s)][std::size_t(square)])
        pairs.push_back({square, tokens_[std::size_t(s)][std::size_t(square)]});
    tokens.push_back(pairs);
  }
  json moved = json::array();
  for (int square = 0; square < kSquares; ++square)
    if (moved_[std::size_t(square)]) moved.push_back({square, moved_[std::size_t(square)]});
  json coins = json::array();
  for (int coin = 0; coin < num_seats() * kCoinValues; ++coin) {
    const int square = coin_square_[std::size_t(coin)];
    coins.push_back({square, coin_seen_[std::size_t(coin)],
                     square != kNoSquare && suit_up_[std::size_t(square)]});
  }
  return json{
      {"tiles", std::vector<int>(tile_origin_.begin(), tile_origin_.end())},
      {"tokens", tokens},
      {"reserve_tokens",
       std::vector<int>(reserve_tokens_.begin(), reserve_tokens_.begin() + num_seats())},
      {"coins", coins},
      {"phase", int(phase_)},
      {"order", std::vector<int>(order_.begin(), order_.begin() + num_seats())},
      {"step", step_},
      {"to_move", to_move_},
      {"round", round_},
      {"moved", moved},
      {"settlements_last_round", std::vector<int>(settlements_last_round_.begin(),
                                                  settlements_last_round_.begin() + num_seats())},
      {"tokens_to_place", tokens_to_place_},
      {"placement_start", placement_start_},
      {"moved_tiles", moved_tiles_},
      {"winners", winners_},
      {"stopped_by_round_cap", stopped_by_cap_},
      {"counters", {conflicts_, settlements_attacked_, settlements_made_, settlements_abandoned_}}};
}

std::unique_ptr<State> CultureWarsGame::restore_state(const json& f, Chance chance) const {
  auto s = std::make_unique<CultureWarsState>(shared_from_this(), std::move(chance));
  const int n = players_;
  // Every number through saved_int (a float or an out-of-range value names its field).
  auto array_of = [](const json& j, const char* field, std::size_t size) -> const json& {
    if (!j.is_array() || j.size() != size)
      throw BadRecord(std::string(field) + ": expected an array of " + std::to_string(size));
    return j;
  };
  const json& tiles = array_of(f.at("tiles"), "tiles", kTiles);
  for (int t = 0; t < kTiles; ++t) {
    const int origin = int(saved_int(tiles[std::size_t(t)], "tiles", 0, kSquares - 1));
    if (column_of(origin) + 1 >= kWidth || row_of(origin) + 1 >= kWidth)
      throw BadRecord("tiles: tile " + std::to_string(t) + " lies outside the window");
    s->tile_origin_[std::size_t(t)] = int16_t(origin);
    for (int k = 0; k < 4; ++k) s->land_[std::size_t(origin + (k % 2) + (k / 2) * kWidth)] = true;
  }
  const json& tokens = array_of(f.at("tokens"), "tokens", std::size_t(n));
  for (int seat = 0; seat < n; ++seat)
    for (const json& pair : tokens.at(std::size_t(seat))) {
      const int square = int(saved_int(pair.at(0), "tokens (square)", 0, kSquares - 1));
      if (s->tokens_[std::size_t(seat)][std::size_t(square)])
        throw BadRecord("tokens: seat " + std::to_string(seat) + " lists " + square_name(square) +
                        " twice");
      s->tokens_[std::size_t(seat)][std::size_t(square)] =
          uint8_t(saved_int(pair.at(1), "tokens (count)", 1, kTokens));
    }
  const json& reserve = array_of(f.at("reserve_tokens"), "reserve_tokens", std::size_t(n));
  const json& coins = array_of(f.at("coins"), "coins", std::size_t(n * kCoinValues));
  for (int seat = 0; seat < n; ++seat)
    s->reserve_tokens_[std::size_t(seat)] =
        uint8_t(saved_int(reserve[std::size_t(seat)], "reserve_tokens", 0, kTokens));
  for (int coin = 0; coin < n * kCoinValues; ++coin) {
    const json& c = coins.at(std::size_t(coin));
    const int square = int(saved_int(c.at(0), "coins (square)", 0, kNoSquare));
    s->coin_seen_[std::size_t(coin)] = saved_bool(c.at(1), "coins (seen)");
    if (square == kNoSquare) continue;
    if (square >= kSquares) throw BadRecord("coins: a coin square is out of range");
    if (s->coin_at_[std::size_t(square)] != kNoCoin)
      throw BadRecord("coins: two coins on " + square_name(square));
    s->put_coin(coin, square, saved_bool(c.at(2), "coins (suit up)"));
  }
  s->phase_ = Phase(saved_int(f.at("phase"), "phase", 0, int(Phase::kOver)));
  const json& order = array_of(f.at("order"), "order", std::size_t(n));
  uint8_t in_order = 0;
  for (int i = 0; i < n; ++i) {
    s->order_[std::size_t(i)] = uint8_t(saved_int(order[std::size_t(i)], "order", 0, n - 1));
    if (in_order >> s->order_[std::size_t(i)] & 1)
      throw BadRecord("order: seat " + std::to_string(s->order_[std::size_t(i)]) + " twice");
    in_order |= uint8_t(1u << s->order_[std::size_t(i)]);
  }
  // Coin placement counts its attempts: at most a seat's five coins each plus the skips.
  s->step_ = int(saved_int(f.at("step"), "step", 0, kCoinValues * kMaxSeats * kMaxSeats));
  s->to_move_ = Seat(saved_int(f.at("to_move"), "to_move", 0, n - 1));
  s->round_ = int(saved_int(f.at("round"), "round", 0, max_rounds_));
  for (const json& pair : f.at("moved")) {
    const int square = int(saved_int(pair.at(0), "moved (square)", 0, kSquares - 1));
    s->moved_[std::size_t(square)] = uint8_t(saved_int(pair.at(1), "moved (count)", 1, kTokens));
  }
  const json& last =
      array_of(f.at("settlements_last_round"), "settlements_last_round", std::size_t(n));
  for (int i = 0; i < n; ++i)
    s->settlements_last_round_[std::size_t(i)] =
        uint8_t(saved_int(last[std::size_t(i)], "settlements_last_round", 0, kCoinValues - 1));
  s->tokens_to_place_ = int(saved_int(f.at("tokens_to_place"), "tokens_to_place", 0, 3));
  // Saved before these rulings: token placement restarted, tiles were not tracked.
  if (f.contains("placement_start"))
    s->placement_start_ = int(saved_int(f.at("placement_start"), "placement_start", 0, n - 1));
  if (f.contains("moved_tiles"))
    s->moved_tiles_ =
        uint32_t(saved_int(f.at("moved_tiles"), "moved_tiles", 0, (int64_t(1) << kTiles) - 1));
  s->winners_ = uint8_t(saved_int(f.at("winners"), "winners", 0, (1 << n) - 1));
  s->stopped_by_cap_ = saved_bool(f.at("stopped_by_round_cap"), "stopped_by_round_cap");
  if (f.contains("counters")) {
    const json& c = array_of(f.at("counters"), "counters", 4);
    uint16_t* counters[] = {&s->conflicts_, &s->settlements_attacked_, &s->settlements_made_,
                            &s->settlements_abandoned_};
    for (std::size_t i = 0; i < 4; ++i)
      *counters[i] = uint16_t(saved_int(c[i], "counters", 0, 65535));
  }
  if (s->phase_ != Phase::kTileMoves) {
    s->compute_seas();
    s->compute_reach();
  }
  return s;
}

void CultureWarsState::sample_hidden(Seat viewer, Rng& rng) {
  // Nobody knows an unseen coin: permute each seat's unseen values among their places.
  for (int seat = 0; seat < num_seats(); ++seat) {
    uint8_t coins[4];
    int16_t places[4];
    int n = 0;
    for (int v = 2; v < kCoinValues; ++v) {
      const uint8_t coin = make_coin(seat, v);
      if (coin_seen_[coin]) continue;
      coins[n] = coin;
      places[n++] = coin_square_[coin];
    }
    for (int i = n - 1; i > 0; --i) std::swap(places[i], places[rng.uniform(uint32_t(i + 1))]);
    for (int i = 0; i < n; ++i) {
      coin_square_[coins[i]] = places[i];
      if (places[i] != kNoSquare) coin_at_[std::size_t(places[i])] = coins[i];
    }
  }
}

GameEntry entry() {
  GameEntry e;
  e.info = GameInfo{"culture-wars", "Culture Wars", "culture-wars.txt", 2, 4, true, true};
  e.rules_source = {"Culture Wars, version 0.5 beta (2006)", "George Harnish", "public domain", "",
                    true};
  // The search's tuned line (docs/games/culture-wars.md, "Computer players"): a movement turn is
  // a chain of the seat's own decisions, valued by its best continuation.
  e.info.search_lines = {{0, "minimax=0.5"}};
  e.make = [](const json& params) -> std::shared_ptr<const Game> {
    return std::make_shared<CultureWarsGame>(params);
  };
  // Random play almost never wins (it would need three settlements held for two round ends): the
  // conformance suite's playouts stop at the engine's round cap after 3 rounds.
  e.test_params = {{"max_rounds", 3}};
  e.params = param_specs();
  e.places_choice =
      "how many tokens move (a step), or which coin settles another suit's coin (=3, =a, =?)";
  return e;
}

}  // namespace tabletop::culture_wars