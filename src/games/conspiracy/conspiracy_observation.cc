// What is saved (state_json, restore_state), what each viewer sees (observation, render) and
// what a viewer cannot tell apart (sample_hidden).
#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

#include "core/text.h"
#include "games/conspiracy/conspiracy.h"
#include "games/conspiracy/conspiracy_internal.h"

namespace tabletop::conspiracy {

// ---------------------------------------------------------------------------------------------
// JSON

json ConspiracyState::state_json() const {
  // Each piece packs into one integer (see the header): coin = place | dir << 11 | symbol_up << 14
  // | known << 15 | (setup drawer + 1) << 23; tile = place | face_up << 11 | known << 12.
  json coins = json::array(), tiles = json::array();
  for (int i = 0; i < kPieces; ++i) {
    coins.push_back(int(coin_loc_[std::size_t(i)]) | int(coin_dir_[std::size_t(i)]) << 11 |
                    int(coin_up_[std::size_t(i)]) << 14 | int(coin_known_[std::size_t(i)]) << 15 |
                    int(setup_owner_[std::size_t(i)] + 1) << 23);
    tiles.push_back(int(tile_loc_[std::size_t(i)]) | int(tile_up_[std::size_t(i)]) << 11 |
                    int(tile_known_[std::size_t(i)]) << 12);
  }
  json seats = json::array();
  for (Seat s = 0; s < players(); ++s)
    seats.push_back({goal_suit_[std::size_t(s)], goal_rank_[std::size_t(s)],
                     marker_[std::size_t(s)], marker_round_[std::size_t(s)],
                     marked_ever_[std::size_t(s)]});
  // The round and turn, in this order: round, order (5 seats, -1 unused), order count, order next,
  // spiral holders, played, last order (5), last count, last next, jump answers asked, jumping,
  // phase, to move, active, action points, action, action coin, action target, new tile position,
  // attacked square, winner, stopped by the round cap.
  json turn = json::array({round_});
  for (int8_t seat : order_) turn.push_back(seat);
  for (int x : {order_count_, order_next_, int(wild_), int(played_)}) turn.push_back(x);
  for (int8_t seat : last_order_) turn.push_back(seat);
  for (int x :
       {last_count_, last_next_, int(asked_), int(jumping_), int(phase_), to_move_, active_, ap_,
        int(action_), act_coin_, act_target_, new_tile_pos_, attack_sq_, winner_, int(capped_)})
    turn.push_back(x);
  json out = json::object();
  out["coins"] = std::move(coins);
  out["tiles"] = std::move(tiles);
  out["seats"] = std::move(seats);
  out["turn"] = std::move(turn);
  return out;
}

std::unique_ptr<State> ConspiracyGame::restore_state(const json& f, Chance chance) const {
  auto s = std::make_unique<ConspiracyState>(shared_from_this(), std::move(chance));
  const json& coins = f.at("coins");
  const json& tiles = f.at("tiles");
  const json& seats = f.at("seats");
  if (!coins.is_array() || !tiles.is_array() || coins.size() != kPieces || tiles.size() != kPieces)
    throw BadRecord("conspiracy: expected 24 coins and 24 tiles");
  if (!seats.is_array() || int(seats.size()) != players_)
    throw BadRecord("conspiracy: wrong number of seats");
  // Who knows a piece: seats in play and kPublic, nobody else.
  const int known_mask = kPublic | ((1 << players_) - 1);
  for (int i = 0; i < kPieces; ++i) {
    // Every number through saved_int: a float or an out-of-range value is refused by name.
    const int c = int(saved_int(coins[std::size_t(i)], "coins", 0, (1 << 26) - 1));
    const int loc = c & 0x7ff;
    if (!(loc >= 0 && loc < kSquares) && loc != kBag &&
        !(loc >= kHand && loc < kBonus + players_ && (loc % 100) < players_))
      throw BadRecord("conspiracy: coins: coin " + piece_name(i) + " has no valid place");
    s->coin_loc_[std::size_t(i)] = int16_t(loc);
    s->coin_dir_[std::size_t(i)] = uint8_t((c >> 11) & 7);
    s->coin_up_[std::size_t(i)] = (c >> 14) & 1;
    s->coin_known_[std::size_t(i)] = uint8_t((c >> 15) & 0xff);
    s->setup_owner_[std::size_t(i)] = int8_t(((c >> 23) & 7) - 1);
    if (s->coin_known_[std::size_t(i)] & ~known_mask)
      throw BadRecord("conspiracy: coins: coin " + piece_name(i) +
                      " is known to a seat not in play");
    if (s->setup_owner_[std::size_t(i)] >= players_)
      throw BadRecord("conspiracy: coins: coin " + piece_name(i) +
                      " was drawn by a seat not in play");
    if (loc < kSquares) {
      if (s->coin_at_[std::size_t(loc)] >= 0)
        throw BadRecord("conspiracy: coins: two coins on square " + square_name(loc));
      s->coin_at_[std::size_t(loc)] = int8_t(i);
    }
    const int t = int(saved_int(tiles[std::size_t(i)], "tiles", 0, (1 << 20) - 1));
    const int tloc = t & 0x7ff;
    if (!(tloc >= 0 && tloc < kPositions) && !(tloc >= kHeld && tloc < kHeld + players_))
      throw BadRecord("conspiracy: tiles: tile " + piece_name(i) + " has no valid place");
    s->tile_loc_[std::size_t(i)] = int16_t(tloc);
    s->tile_up_[std::size_t(i)] = (t >> 11) & 1;
    s->tile_known_[std::size_t(i)] = uint8_t((t >> 12) & 0xff);
    if (s->tile_known_[std::size_t(i)] & ~known_mask)
      throw BadRecord("conspiracy: tiles: tile " + piece_name(i) +
                      " is known to a seat not in play");
    if (tloc < kPositions) {
      if (s->tile_at_[std::size_t(tloc)] >= 0)
        throw BadRecord("conspiracy: tiles: two tiles at " + position_name(tloc));
      s->tile_at_[std::size_t(tloc)] = int8_t(i);
    }
  }
  for (int p = 0; p < players_; ++p) {
    const json& e = seats.at(std::size_t(p));
    s->goal_suit_[std::size_t(p)] = int8_t(saved_int(e.at(0), "seats (goal suit)", -1, kSuits - 1));
    s->goal_rank_[std::size_t(p)] =
        int8_t(saved_int(e.at(1), "seats (goal number)", -1, kRanks - 1));
    s->marker_[std::size_t(p)] = int8_t(saved_int(e.at(2), "seats (marker)", -1, kPieces - 1));
    s->marker_round_[std::size_t(p)] =
        int16_t(saved_int(e.at(3), "seats (marker round)", 0, 32767));
    s->marked_ever_[std::size_t(p)] =
        uint32_t(saved_int(e.at(4), "seats (marked ever)", 0, (int64_t(1) << kPieces) - 1));
  }
  const json& turn = f.at("turn");
  if (!turn.is_array() || turn.size() != 1 + kMaxSeats + 4 + kMaxSeats + 15)
    throw BadRecord("conspiracy: 'turn' must be an array of " +
                    std::to_string(1 + 2 * kMaxSeats + 19) + " numbers");
  std::size_t at = 0;
  static const char* const kTurnFields[] = {
      "round",           "order",         "order",
      "order",           "order",         "order",
      "order count",     "order next",    "spiral holders",
      "played",          "last order",    "last order",
      "last order",      "last order",    "last order",
      "last count",      "last next",     "jump asked",
      "jumping",         "phase",         "to move",
      "active",          "action points", "action",
      "action coin",     "action target", "new tile position",
      "attacked square", "winner",        "stopped by the round cap"};
  static_assert(std::size(kTurnFields) == 1 + kMaxSeats + 4 + kMaxSeats + 15);
  const int seat_bits = (1 << players_) - 1;
  auto next = [&](int64_t min, int64_t max) {
    const std::string field = std::string("turn (") + kTurnFields[at] + ")";
    return int(saved_int(turn[at++], field, min, max));
  };
  s->round_ = next(0, 32767);
  for (auto& seat : s->order_) seat = int8_t(next(-1, players_ - 1));
  s->order_count_ = next(0, players_);
  s->order_next_ = next(0, players_);
  s->wild_ = uint8_t(next(0, seat_bits));
  s->played_ = uint8_t(next(0, seat_bits));
  for (auto& seat : s->last_order_) seat = int8_t(next(-1, players_ - 1));
  s->last_count_ = next(0, players_);
  s->last_next_ = next(0, players_);
  s->asked_ = uint8_t(next(0, seat_bits));
  s->jumping_ = uint8_t(next(0, seat_bits));
  s->phase_ = Phase(next(0, int(Phase::kOver)));
  s->to_move_ = next(0, players_ - 1);
  s->active_ = next(0, players_ - 1);
  s->ap_ = next(0, 2);
  s->action_ = Action(next(0, int(Action::kAttack)));
  s->act_coin_ = next(-1, kPieces - 1);
  s->act_target_ = next(-1, kSquares - 1);
  s->new_tile_pos_ = next(-1, kPositions - 1);
  s->attack_sq_ = next(-1, kSquares - 1);
  s->winner_ = next(-1, players_ - 1);
  s->capped_ = next(0, 1) != 0;
  if (s->order_next_ > s->order_count_ || s->last_next_ > s->last_count_)
    throw BadRecord("conspiracy: turn: order next past order count");
  // Goals belong to their seats: the goal a seat chose names a suit and a number among the three
  // coins it drew at setup (each seat drew exactly three).
  for (Seat p = 0; p < players_; ++p) {
    int drawn = 0;
    bool suit = false, rank = false;
    for (int k = 0; k < kPieces; ++k)
      if (s->setup_owner_[std::size_t(k)] == p) {
        ++drawn;
        suit = suit || suit_of(k) == s->goal_suit_[std::size_t(p)];
        rank = rank || rank_of(k) == s->goal_rank_[std::size_t(p)];
      }
    if (drawn != 3)
      throw BadRecord("conspiracy: coins: seat " + std::to_string(p) + " drew " +
                      std::to_string(drawn) + " coins at setup, not 3");
    if ((s->goal_suit_[std::size_t(p)] < 0) != (s->goal_rank_[std::size_t(p)] < 0))
      throw BadRecord("conspiracy: seats: seat " + std::to_string(p) +
                      "'s goal has a suit without a number or a number without a suit");
    if (s->goal_suit_[std::size_t(p)] >= 0 && (!suit || !rank))
      throw BadRecord("conspiracy: seats: seat " + std::to_string(p) +
                      "'s goal is not made of the coins it drew");
  }
  try {
    s->check_invariants();
  } catch (const InvariantError& e) {
    throw BadRecord(std::string("conspiracy: impossible state: ") + e.what());
  }
  return s;
}

json ConspiracyState::observation(Seat v) const {
  // Lists of pieces are strings of names separated by spaces ("C3 M0"), for compactness.
  auto names = [](std::string& list, int id) {
    if (!list.empty()) list += ' ';
    list += kSuitLetters[suit_of(id)];
    list += char('0' + rank_of(id));
  };
  json seats = json::array();
  std::string mine, my_answer;
  for (Seat s = 0; s < players(); ++s) {
    std::string hand, bonus, held, draw;
    int hand_n = 0, bonus_n = 0, held_n = 0;
    json saved = nullptr;
    for (int c = 0; c < kPieces; ++c) {
      const int loc = coin_loc_[std::size_t(c)];
      if (loc == kHand + s) {
        ++hand_n;
        if (knows_coin(v, c)) names(hand, c);
      } else if (loc == kBonus + s) {
        ++bonus_n;
        if (knows_coin(v, c)) names(bonus, c);
      } else if (loc == kSaved + s) {
        saved = knows_coin(v, c) ? json(piece_name(c)) : json(rank_of(c));
      }
      if (s == v && setup_owner_[std::size_t(c)] == s) names(draw, c);
      if (tile_loc_[std::size_t(c)] == kHeld + s) {
        ++held_n;
        if (knows_tile(v, c)) names(held, c);
      }
    }
    // [hand, hand known, bonus, bonus known, tiles, tiles known, saved, marker, marker round,
    //  marked ever, goal] (see the header).
    const bool goal_shown =
        goal_suit_[std::size_t(s)] >= 0 && (s == v || (phase_ == Phase::kOver && winner_ == s));
    json entry = json::array();
    entry.push_back(hand_n);
    entry.push_back(std::move(hand));
    entry.push_back(bonus_n);
    entry.push_back(std::move(bonus));
    entry.push_back(held_n);
    entry.push_back(std::move(held));
    entry.push_back(std::move(saved));
    entry.push_back(marker_[std::size_t(s)] >= 0 ? json(piece_name(marker_[std::size_t(s)]))
                                                 : json(nullptr));
    entry.push_back(marker_round_[std::size_t(s)]);
    entry.push_back(marked_ever_[std::size_t(s)]);
    entry.push_back(goal_shown ? json(std::string(1, kSuitLetters[goal_suit_[std::size_t(s)]]) +
                                      std::to_string(goal_rank_[std::size_t(s)]))
                               : json(goal_suit_[std::size_t(s)] >= 0 ? "secret" : "not chosen"));
    if (s == v) {
      mine = std::move(draw);
      if (phase_ == Phase::kJump && ((asked_ >> s) & 1))
        my_answer = ((jumping_ >> s) & 1) ? "jump" : "wait";
    }
    seats.push_back(std::move(entry));
  }
  // Tiles as "M2 C3" (face up), "M2 (C3)" (face down, known to the viewer) or "M2 down", by
  // position; coins as "c5 3 ne" (number side up) or "c5 C ne" (symbol side up), plus the coin when
  // the viewer knows it, by square. Built in place: this runs for every viewer at every check.
  auto piece = [](std::string& out, int id) {
    out += kSuitLetters[suit_of(id)];
    out += char('0' + rank_of(id));
  };
  json tiles = json::array();
  for (int pos = 0; pos < kPositions; ++pos) {
    const int t = tile_at_[std::size_t(pos)];
    if (t < 0) continue;
    std::string e = position_name(pos);
    e += ' ';
    if (tile_up_[std::size_t(t)]) {
      piece(e, t);
    } else if (knows_tile(v, t)) {
      e += '(';
      piece(e, t);
      e += ')';
    } else {
      e += "down";
    }
    tiles.push_back(std::move(e));
  }
  json board_coins = json::array();
  for (int sq = 0; sq < kSquares; ++sq) {
    const int c = coin_at_[std::size_t(sq)];
    if (c < 0) continue;
    std::string e;
    e += char('a' + square_col(sq));
    e += std::to_string(square_row(sq) + 1);
    e += ' ';
    e += coin_up_[std::size_t(c)] ? kSuitLetters[suit_of(c)] : char('0' + rank_of(c));
    e += ' ';
    e += kDirNames[coin_dir_[std::size_t(c)]];
    if (knows_coin(v, c)) {
      e += ' ';
      piece(e, c);
    }
    board_coins.push_back(std::move(e));
  }
  json obs = json::object();
  obs["game"] = "conspiracy";
  obs["viewer"] = v;
  obs["round"] = round_;
  obs["phase"] = kPhaseNames[int(phase_)];
  obs["to_move"] = phase_ == Phase::kOver ? json(nullptr) : json(to_move_);
  obs["active"] = active_;
  obs["action_points"] = ap_;
  obs["action"] = kActionNames[int(action_)];
  obs["action_target"] = act_target_;
  obs["new_tile"] = new_tile_pos_ >= 0 ? json(position_name(new_tile_pos_)) : json(nullptr);
  obs["attacked_square"] = attack_sq_ >= 0 ? json(square_name(attack_sq_)) : json(nullptr);
  obs["bag"] = coins_at(kBag);
  obs["seats"] = std::move(seats);
  if (v >= 0) {
    obs["my_setup_coins"] = std::move(mine);
    if (!my_answer.empty()) obs["my_jump_answer"] = std::move(my_answer);
  }
  obs["tiles"] = std::move(tiles);
  obs["coins"] = std::move(board_coins);
  obs["order"] = std::vector<int>(order_.begin(), order_.begin() + order_count_);
  obs["order_next"] = order_next_;
  obs["spiral_holders"] = wild_;
  obs["played"] = played_;
  obs["last_order"] = std::vector<int>(last_order_.begin(), last_order_.begin() + last_count_);
  obs["last_next"] = last_next_;
  obs["jump_answered"] = asked_;
  obs["winner"] = winner_ >= 0 ? json(winner_) : json(nullptr);
  obs["stopped_by_round_cap"] = capped_;
  if (act_coin_ >= 0 && knows_coin(v, act_coin_)) obs["action_coin"] = piece_name(act_coin_);
  return obs;
}

// ---------------------------------------------------------------------------------------------
// Determinization

namespace {

// `vec` in a random order (Fisher-Yates).
template <class Vector>
void shuffle(Vector& vec, Rng& rng) {
  for (std::size_t n = vec.size(); n > 1; --n) std::swap(vec[n - 1], vec[rng.uniform(uint32_t(n))]);
}

}  // namespace

void ConspiracyState::sample_hidden(Seat v, Rng& rng) {
  sample_coins(v, rng);
  sample_tiles(v, rng);
  sample_setups(v, rng);
  // Hidden jump answers of the other spiral holders.
  if (phase_ == Phase::kJump)
    for (Seat s = 0; s < players(); ++s)
      if (s != v && ((asked_ >> s) & 1)) {
        if (rng.uniform(2))
          jumping_ |= uint8_t(1u << s);
        else
          jumping_ &= uint8_t(~(1u << s));
      }
}

void ConspiracyState::sample_coins(Seat v, Rng& rng) {
  // Coins: identities unknown to v are redealt among their slots; a slot showing its number keeps
  // it.
  struct Slot {
    int16_t loc;
    uint8_t dir, known;
    bool up;
    int8_t owner;
  };
  std::vector<int> unknown;
  for (int c = 0; c < kPieces; ++c)
    if (!knows_coin(v, c)) unknown.push_back(c);
  std::array<int, kPieces> new_id{};
  for (int c = 0; c < kPieces; ++c) new_id[std::size_t(c)] = c;
  std::vector<int> free_slots, pool;
  std::array<std::vector<int>, kRanks> slots_by_rank, coins_by_rank;
  for (int c : unknown) {
    const int loc = coin_loc_[std::size_t(c)];
    const bool number_shows = loc < kSquares || (loc >= kSaved && loc < kSaved + kMaxSeats);
    if (number_shows)
      slots_by_rank[std::size_t(rank_of(c))].push_back(c);
    else
      free_slots.push_back(c);
    coins_by_rank[std::size_t(rank_of(c))].push_back(c);
  }
  for (int r = 0; r < kRanks; ++r) {
    auto& coins = coins_by_rank[std::size_t(r)];
    shuffle(coins, rng);
    const auto& slots = slots_by_rank[std::size_t(r)];
    for (std::size_t i = 0; i < coins.size(); ++i) {
      if (i < slots.size())
        new_id[std::size_t(slots[i])] = coins[i];
      else
        pool.push_back(coins[i]);
    }
  }
  shuffle(pool, rng);
  for (std::size_t i = 0; i < free_slots.size(); ++i) new_id[std::size_t(free_slots[i])] = pool[i];
  // new_id[old] = the identity now in old's slot.
  std::array<Slot, kPieces> slot{};
  for (int c = 0; c < kPieces; ++c)
    slot[std::size_t(c)] = {coin_loc_[std::size_t(c)], coin_dir_[std::size_t(c)],
                            coin_known_[std::size_t(c)], coin_up_[std::size_t(c)],
                            setup_owner_[std::size_t(c)]};
  coin_at_.fill(-1);
  for (int old = 0; old < kPieces; ++old) {
    const int id = new_id[std::size_t(old)];
    const Slot& s = slot[std::size_t(old)];
    coin_loc_[std::size_t(id)] = s.loc;
    coin_dir_[std::size_t(id)] = s.dir;
    coin_known_[std::size_t(id)] = s.known;
    coin_up_[std::size_t(id)] = s.up;
    if (s.loc < kSquares) coin_at_[std::size_t(s.loc)] = int8_t(id);
  }
  if (act_coin_ >= 0) act_coin_ = new_id[std::size_t(act_coin_)];
}

void ConspiracyState::sample_tiles(Seat v, Rng& rng) {
  // Tiles unknown to v are redealt among their slots (held or face down).
  std::vector<int> tiles;
  for (int t = 0; t < kPieces; ++t)
    if (!knows_tile(v, t)) tiles.push_back(t);
  std::vector<int> ids = tiles;
  shuffle(ids, rng);
  std::vector<std::pair<int16_t, uint8_t>> slots;
  for (int t : tiles) slots.push_back({tile_loc_[std::size_t(t)], tile_known_[std::size_t(t)]});
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const int id = ids[i];
    tile_loc_[std::size_t(id)] = slots[i].first;
    tile_known_[std::size_t(id)] = slots[i].second;
    tile_up_[std::size_t(id)] = false;
    if (slots[i].first < kPositions) tile_at_[std::size_t(slots[i].first)] = int8_t(id);
  }
}

void ConspiracyState::sample_setups(Seat v, Rng& rng) {
  // Setup draws and goals of the other seats: still in hand during the goal step, otherwise redrawn
  // from the coins v did not draw, with a goal that fits the draw and every tile the seat has
  // marked.
  std::array<int8_t, kPieces> owner{};
  owner.fill(-1);
  const bool setup = phase_ == Phase::kGoal;
  const Seat shown_winner = phase_ == Phase::kOver ? winner_ : -1;
  for (int c = 0; c < kPieces; ++c) {
    const int8_t old = setup_owner_[std::size_t(c)];
    if (old >= 0 && (old == v || old == shown_winner)) owner[std::size_t(c)] = old;
    const int loc = coin_loc_[std::size_t(c)];
    if (setup && loc >= kHand && loc < kHand + kMaxSeats && loc - kHand != v)
      owner[std::size_t(c)] = int8_t(loc - kHand);
  }
  std::vector<int> redraw;  // seats whose draw and goal are resampled
  for (Seat s = 0; s < players(); ++s)
    if (s != v && goal_suit_[std::size_t(s)] >= 0 && s != shown_winner) redraw.push_back(s);
  std::array<int8_t, kMaxSeats> gs = goal_suit_, gr = goal_rank_;
  bool done = false;
  for (int attempt = 0; attempt < 100 && !done; ++attempt) {
    std::array<int8_t, kPieces> o = owner;
    std::vector<int> free;
    for (int c = 0; c < kPieces; ++c)
      if (o[std::size_t(c)] < 0) free.push_back(c);
    shuffle(free, rng);
    std::size_t next = 0;
    done = true;
    for (int s : redraw) {
      unsigned suits = 0, ranks = 0;
      for (int k = 0; k < kHandSize; ++k) {
        const int c = free[next++];
        o[std::size_t(c)] = int8_t(s);
        suits |= 1u << suit_of(c);
        ranks |= 1u << rank_of(c);
      }
      int options[kSuits * kRanks][2];
      int n = 0;
      for (int su = 0; su < kSuits; ++su)
        for (int r = 0; r < kRanks; ++r) {
          if (!((suits >> su) & 1) || !((ranks >> r) & 1)) continue;
          bool fits = true;
          for (int t = 0; t < kPieces; ++t)
            if ((marked_ever_[std::size_t(s)] >> t) & 1)
              fits = fits && (suit_of(t) == su || rank_of(t) == r);
          if (fits) {
            options[n][0] = su;
            options[n][1] = r;
            ++n;
          }
        }
      if (n == 0) {
        done = false;
        break;
      }
      const int pick = int(rng.uniform(uint32_t(n)));
      gs[std::size_t(s)] = int8_t(options[pick][0]);
      gr[std::size_t(s)] = int8_t(options[pick][1]);
    }
    if (done) {
      int count[kMaxSeats] = {};
      for (int c = 0; c < kPieces; ++c)
        if (o[std::size_t(c)] >= 0) ++count[o[std::size_t(c)]];
      for (Seat s = 0; s < players(); ++s) done = done && count[s] == kHandSize;
      if (done) {
        setup_owner_ = o;
        goal_suit_ = gs;
        goal_rank_ = gr;
      }
    }
  }
}

json ConspiracyState::record_observation() const {
  ConspiracyState all(*this);
  all.coin_known_.fill(kPublic);
  all.tile_known_.fill(kPublic);
  json obs = all.observation(kSpectator);
  for (Seat s = 0; s < players(); ++s)
    if (goal_suit_[std::size_t(s)] >= 0)
      obs["seats"][std::size_t(s)][10] = std::string(1, kSuitLetters[goal_suit_[std::size_t(s)]]) +
                                         std::to_string(goal_rank_[std::size_t(s)]);
  return obs;
}

// ---------------------------------------------------------------------------------------------
// Rendering and invariants

std::string ConspiracyState::render(Seat v) const {
  std::ostringstream out;
  int last_row = 1;
  for (int pos = 0; pos < kPositions; ++pos)
    if (tile_at_[std::size_t(pos)] >= 0) last_row = std::max(last_row, pos_row(pos) + 1);
  out << "Conspiracy  round " << round_ << "  bag " << coins_at(kBag) << " coins\n";
  // Every square is a 5-column cell with its content centred; a face-up tile spans its two cells
  // and the space between them. The column letters (and L M R) sit over the cells' middles.
  constexpr int kLead = 13, kCell = 5, kTileWidth = 2 * kCell + 1;
  auto letter_at = [&](std::string& line, int at, char c) {
    if (int(line.size()) <= at) line.resize(std::size_t(at) + 1, ' ');
    line[std::size_t(at)] = c;
  };
  std::string tiles_line, letters_line;
  for (int column = 0; column < kColumns; ++column) {
    const int left = kLead + column * (kTileWidth + 2);
    letter_at(tiles_line, left + kTileWidth / 2, "LMR"[column]);
    for (int k = 0; k < 2; ++k)
      letter_at(letters_line, left + k * (kCell + 1) + kCell / 2, char('a' + column * 2 + k));
  }
  out << tiles_line << "\n" << letters_line << "\n";
  for (int row = 0; row <= last_row && row < kMaxRows; ++row) {
    const std::string label = row == 0 ? "Present " : "Future " + std::to_string(row);
    for (int half = 0; half < 2; ++half) {
      std::string line = half == 0 ? label : "";
      line.resize(9, ' ');
      std::string number = std::to_string(row * 2 + half + 1);
      line += std::string(3 - number.size(), ' ') + number + " ";
      for (int column = 0; column < kColumns; ++column) {
        const int tile = tile_at_[std::size_t(position(column, row))];
        if (tile >= 0 && tile_up_[std::size_t(tile)]) {
          // A face-up tile: its name in brackets on the upper half, its markers on the lower.
          std::string marks;
          for (Seat s = 0; s < players(); ++s)
            if (marker_[std::size_t(s)] == tile) marks += char('0' + s);
          line += half == 0 ? "[" + piece_name(tile) + std::string(kTileWidth - 4, ' ') + "]"
                            : centred(marks.empty() ? "" : "m" + marks, kTileWidth);
          line += "  ";
          continue;
        }
        for (int k = 0; k < 2; ++k) {
          const int sq = square_of(position(column, row), half * 2 + k);
          std::string cell;
          if (tile < 0) {
            cell = ".";
          } else if (const int c = coin_at_[std::size_t(sq)]; c < 0) {
            cell =
                half == 0 && k == 0 && knows_tile(v, tile) ? "(" + piece_name(tile) + ")" : "###";
          } else {
            std::string face = coin_up_[std::size_t(c)]
                                   ? std::string(1, kSuitLetters[suit_of(c)]) + "*"
                                   : std::string(1, '0' + rank_of(c)) + "#";
            if (knows_coin(v, c) && !coin_up_[std::size_t(c)]) face = piece_name(c);
            if (knows_coin(v, c) && coin_up_[std::size_t(c)]) face = piece_name(c) + "*";
            cell = face + kArrows[coin_dir_[std::size_t(c)]];
          }
          line += centred(cell, kCell) + (k == 1 ? "  " : " ");
        }
      }
      line.erase(line.find_last_not_of(' ') + 1);
      out << line << "\n";
    }
  }
  for (Seat s = 0; s < players(); ++s) {
    out << " " << game().seat_name(s) << ": " << hand_count(s) << " in hand, " << tiles_held(s)
        << (tiles_held(s) == 1 ? " tile" : " tiles");
    for (int c = 0; c < kPieces; ++c)
      if (coin_loc_[std::size_t(c)] == kSaved + s)
        out << ", saved " << (knows_coin(v, c) ? piece_name(c) : std::to_string(rank_of(c)));
    if (coins_at(kBonus + s)) out << ", " << coins_at(kBonus + s) << " bonus";
    if (marker_[std::size_t(s)] >= 0) out << ", marker on " << piece_name(marker_[std::size_t(s)]);
    out << "\n";
  }
  if (v >= 0 && v < players()) {
    out << " " << game().seat_name(v) << " (you): goal ";
    if (goal_suit_[std::size_t(v)] >= 0)
      out << kSuitNames[goal_suit_[std::size_t(v)]] << " & " << int(goal_rank_[std::size_t(v)]);
    else
      out << "not chosen";
    out << "; hand";
    for (int c = 0; c < kPieces; ++c)
      if (coin_loc_[std::size_t(c)] == kHand + v) out << " " << piece_name(c);
    out << "; tiles";
    for (int t = 0; t < kPieces; ++t)
      if (tile_loc_[std::size_t(t)] == kHeld + v) out << " " << piece_name(t);
    out << "\n";
  }
  if (phase_ == Phase::kOver) {
    // The game is over and its record public: what lay hidden, as record_observation names it.
    std::string down;
    for (int pos = 0; pos < kPositions; ++pos)
      if (const int t = tile_at_[std::size_t(pos)]; t >= 0 && !tile_up_[std::size_t(t)])
        down +=
            std::string(down.empty() ? "" : ",") + " " + position_name(pos) + " " + piece_name(t);
    out << wrap_words(" The record shows" + (down.empty() ? "" : ": face-down tiles" + down), 80, 3)
        << "\n";
    for (Seat s = 0; s < players(); ++s) {
      out << "  " << game().seat_name(s) << ": goal ";
      if (goal_suit_[std::size_t(s)] >= 0)
        out << kSuitNames[goal_suit_[std::size_t(s)]] << " & " << int(goal_rank_[std::size_t(s)]);
      else
        out << "not chosen";
      std::string hand, held;
      for (int c = 0; c < kPieces; ++c) {
        if (coin_loc_[std::size_t(c)] == kHand + s) hand += " " + piece_name(c);
        if (tile_loc_[std::size_t(c)] == kHeld + s) held += " " + piece_name(c);
      }
      out << "; hand" << (hand.empty() ? " empty" : hand) << "; tiles"
          << (held.empty() ? " none" : held) << "\n";
    }
    out << (winner_ >= 0 ? " " + game().seat_name(winner_) + " wins"
                         : std::string(" no winner (engine round cap)"))
        << "\n";
  } else
    out << " " << game().seat_name(to_move_) << " to move (" << kPhaseNames[int(phase_)] << "), "
        << ap_ << " action points\n";
  return out.str();
}

std::string ConspiracyState::turn_status(Seat v) const {
  if (phase_ == Phase::kOver) return {};
  const Seat me = to_move_;
  const std::string who = game().seat_name(me);
  // The seat to move reads an example of each kind it may make now (its legal moves, which its
  // hand decides); every other viewer reads the kinds only.
  std::array<bool, 32> legal{};
  std::string examples;
  if (v == me) {
    MoveList moves;
    legal_moves(moves);
    for (Move m : moves) {
      const std::size_t kind = std::size_t(move_kind(m));
      if (kind >= legal.size() || legal[kind]) continue;
      legal[kind] = true;
      examples += (examples.empty() ? "" : ", ") + move_to_string(m);
    }
  }
  auto next = [&](const std::string& kinds) {
    return " Next: " + kinds + (examples.empty() ? "" : " (e.g. " + examples + ")") + ".";
  };
  auto plural = [](int n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
  };
  switch (phase_) {
    case Phase::kGoal:
      return who + ": choose a secret goal, a suit and a number from the coins drawn." +
             next("goal COIN");
    case Phase::kJump:
      return who + " shows a spiral: it may take its turn now, before the next player." +
             next("jump or wait");
    case Phase::kAction: {
      // The actions the points allow (to the seat to move: the ones its hand allows too).
      struct Kind {
        MoveKind kind;
        int cost;
        const char* form;
      };
      static constexpr Kind kKinds[] = {
          {MoveKind::kPlace, 1, "place COIN (1 point)"},
          {MoveKind::kAttack, 1, "attack COIN pay COIN to SEAT (1)"},
          {MoveKind::kRevealCoin, 1, "reveal SQUARE pay COIN to SEAT (1)"},
          {MoveKind::kRevealTile, 2, "reveal POSITION pay COIN to SEAT (2)"},
          {MoveKind::kAdvance, 2, "advance COLUMN (2)"}};
      std::string kinds;
      for (const Kind& k : kKinds)
        if (v == me ? legal[std::size_t(k.kind)] : ap_ >= k.cost)
          kinds += std::string(k.form) + ", ";
      return who + ": " + plural(ap_, "action point") + " left, " + plural(hand_count(me), "coin") +
             " in hand." + next(kinds + (kinds.empty() ? "end" : "or end"));
    }
    case Phase::kPlaceWhere:
      return who + (action_ == Action::kAttack ? " attacks" : " places a coin") +
             (act_coin_ >= 0 && knows_coin(v, act_coin_) ? " with " + piece_name(act_coin_)
                                                         : std::string()) +
             ", " + plural(ap_, "action point") + " left after it." + [&] {
               // To the seat to move, the steps its legal moves allow; to others, all there may be.
               const bool square = v == me ? legal[std::size_t(MoveKind::kAt)] : true;
               const bool tile = v == me ? legal[std::size_t(MoveKind::kTile)] : tiles_held(me) > 0;
               const std::string at = "the square and direction (SQUARE DIRECTION)",
                                 first = "a held tile face down first (tile TILE POSITION)";
               return next(square && tile ? at + ", or " + first : tile ? first : at);
             }();
    case Phase::kPlaceOnTile:
      return who + ": the coin goes on the tile just laid at " + position_name(new_tile_pos_) +
             "." + next("its square and direction (SQUARE DIRECTION)");
    case Phase::kAttackEnd:
      return who + ": the attack succeeded on a coin lying symbol side up." +
             next("flip, or remove COIN to SEAT (a second coin paid removes it)");
    case Phase::kSave:
      return who + ": the actions are over; " + plural(hand_count(me), "coin") + " in hand." +
             next("save COIN (kept for the next turn; the rest go back to the bag) or save none");
    case Phase::kDeclare:
      return who + ": the turn's last step." +
             next("mark COLUMN (progress on its Present tile), win (declare victory) or pass");
    case Phase::kOver:
      break;
  }
  return {};
}

}  // namespace tabletop::conspiracy
