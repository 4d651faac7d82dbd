// The game API every game implements, and every agent, simulator, server and command uses.
//
// A Game is one rule set with its parameters fixed (player count, variant flags); it makes States.
// A State is one moment of one game: the complete truth, hidden parts included. Whoever must not
// see the truth (a seat, an agent, a server client) sees it only through `observation(viewer)` and
// `determinize(viewer, rng)`, never through the State itself.
//
// Contracts that hold for every game (the conformance suite in src/testing checks them all):
//   - `legal_moves` is non-empty and free of duplicates unless the state is terminal, and empty
//   then.
//   - Two states a seat cannot tell apart (equal `observation(seat)`) give that seat, when it is to
//     move, the same legal moves in the same order with the same notation: the order depends only
//     on what the seat sees (list pieces by square, never by a hidden value or identity). The
//     suite compares the legal moves, as text, of the state and of `determinize(seat)` samples.
//   - `apply(m)` requires `m` to be legal; `apply_checked` checks first and throws BadMove saying
//   why.
//   - `parse_move(move_to_string(m)) == m` for every legal `m`.
//   - `game().state_from_json(s.to_json())->to_json() == s.to_json()`.
//   - All randomness is drawn from `chance()`; a state made from the same seed and given the same
//     moves reaches the same truth.
//   - `observation(v)` holds exactly what seat v (or a spectator, kSpectator) may know, and
//     `determinize(v, rng)->observation(v) == observation(v)`.
//   - `check_invariants()` throws InvariantError when the state is impossible (a coin in two
//   places).
//   - Every game ends: a game whose rules allow endless play has a documented engine ply cap.
//   - For learning algorithms (OpenSpiel's contract, the section "For learning" below): every legal
//     move has an action index in [0, num_distinct_actions()) that maps back to it, distinct moves
//     distinct indices, the same on every state the seat to move cannot tell apart; the tensors
//     have their declared shapes, are finite and hold only what the viewer may know (equal on
//     determinize(viewer) samples); a finished game's returns lie within utility()'s bounds and,
//     for a constant-sum game, add up to its sum; no game lasts more than max_game_length() plies.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/chance.h"
#include "core/error.h"
#include "core/move.h"
#include "core/rng.h"

namespace tabletop {

using json = nlohmann::json;

// Seats are numbered 0..num_players()-1.
using Seat = int;
// current_player() of a finished game.
inline constexpr Seat kTerminal = -1;
// The viewer who holds no seat: sees only what is public.
inline constexpr Seat kSpectator = -1;
// The most seats any game in Tabletop supports.
inline constexpr int kMaxPlayers = 8;

// One number per seat (entries past num_players() are zero). By convention a win is +1, a loss -1
// and a draw 0 in two-player games; multiplayer games document their own scale in their header.
using Returns = std::array<double, kMaxPlayers>;

// The places a move touches, as a player clicks them (State::move_places): steps in sequence, the
// places of one step in any order. {{"b2", "c3"}} is a swap; {{"c3"}, {"c5"}, {"d5"}} a move from
// c3 to c5 that attacks d5.
using MovePlaces = std::vector<std::vector<std::string>>;

// Every place of `places`, step by step (each step in the order the game wrote it).
inline std::vector<std::string> flat_places(const MovePlaces& places) {
  std::vector<std::string> out;
  for (const std::vector<std::string>& step : places)
    out.insert(out.end(), step.begin(), step.end());
  return out;
}

// What happened, in words, each entry visible to a set of seats. Off unless recording is on (the
// CLI, server and records turn it on; playouts leave it off so they never allocate).
class EventLog {
 public:
  struct Event {
    uint64_t seen_by;    // bit s set: seat s reads `text`; kEveryone: all seats and spectators do
    std::string text;    // the full account
    std::string masked;  // what everyone else reads ("seat 2 drew a coin"); empty: nothing
    int ply = 0;         // the move (1-based) that wrote it; 0: the setup
  };
  static constexpr uint64_t kEveryone = ~uint64_t(0);

  bool enabled() const { return enabled_; }
  void set_enabled(bool on) { enabled_ = on; }
  void add(std::string text) { add(kEveryone, std::move(text), {}); }
  void add(uint64_t seen_by, std::string text, std::string masked) {
    if (!enabled_) return;
    // Copies of a state share their log until one of them writes (copy on write), so cloning a
    // recorded state for a search costs nothing however long its log is.
    if (!events_)
      events_ = std::make_shared<std::vector<Event>>();
    else if (events_.use_count() > 1)
      events_ = std::make_shared<std::vector<Event>>(*events_);
    events_->push_back({seen_by, std::move(text), std::move(masked), ply_});
  }
  // The log as `viewer` may read it, from event `first` on; `plies`, if given, gets each line's
  // Event::ply.
  std::vector<std::string> for_viewer(Seat viewer, std::size_t first = 0,
                                      std::vector<int>* plies = nullptr) const;
  // The ply the next events belong to (State::apply sets it).
  void set_ply(int ply) { ply_ = ply; }
  const std::vector<Event>& events() const {
    static const std::vector<Event> kNone;
    return events_ ? *events_ : kNone;
  }
  void clear() { events_.reset(); }

 private:
  bool enabled_ = false;
  int ply_ = 0;
  std::shared_ptr<std::vector<Event>> events_;
};

class Game;

// Figures a finished game exports for the balance lab (src/sim), through State::figures: named
// numbers such as "battles" = 7. The lab summarises every figure the same way (mean, quartiles,
// share of games where it is non-zero) without knowing any game. Names must be string literals or
// other storage that outlives the program (the list keeps pointers), lower_snake_case and stable
// across versions. Fixed capacity: filling it never allocates.
//
// Two names carry a meaning the lab relies on:
//   - "capped": 1 when the engine's safeguard (a ply or round cap, not a rule) ended the game; the
//     lab counts such games apart from wins and draws;
//   - "rounds": the number of rounds played, for games that have rounds (reported beside plies).
class Figures {
 public:
  static constexpr std::size_t kCapacity = 64;
  struct Entry {
    const char* name;
    double value;
  };
  // Appends a figure; beyond kCapacity figures the rest are dropped (the lab reports at most 64).
  void add(const char* name, double value) {
    if (size_ < kCapacity) entries_[size_++] = {name, value};
  }
  std::size_t size() const { return size_; }
  const Entry* begin() const { return entries_.data(); }
  const Entry* end() const { return entries_.data() + size_; }
  void clear() { size_ = 0; }

 private:
  std::array<Entry, kCapacity> entries_;
  std::size_t size_ = 0;
};

// Each seat's figures of a state as it stands, for the balance lab's trajectories (src/sim reads
// them through State::seat_figures; nothing else does): named numbers per seat such as "trophies"
// = {2, 3}, which the lab averages over games turn by turn and draws as one line chart a figure,
// a line a seat, with the figure's one-sentence meaning under it. Names and meanings must be
// string literals (the list keeps pointers), lower_snake_case names; the same figures in the same
// order at every state of a game (the conformance suite checks it). Fixed capacity: filling it
// never allocates.
class SeatFigures {
 public:
  static constexpr std::size_t kCapacity = 8;
  using Values = std::array<double, kMaxPlayers>;  // per seat; entries past num_players() zero
  struct Entry {
    const char* name;     // "trophies"
    const char* meaning;  // "trophies each seat holds (most wins; ...)": one sentence
    Values values;
  };
  // A new figure, all zero, for the caller to fill per seat. Past kCapacity figures the rest are
  // written to a scratch entry and dropped.
  Values& add(const char* name, const char* meaning) {
    Entry& e = size_ < kCapacity ? entries_[size_++] : scratch_;
    e = {name, meaning, {}};
    return e.values;
  }
  std::size_t size() const { return size_; }
  const Entry* begin() const { return entries_.data(); }
  const Entry* end() const { return entries_.data() + size_; }
  void clear() { size_ = 0; }

 private:
  std::array<Entry, kCapacity> entries_{};
  Entry scratch_{};
  std::size_t size_ = 0;
};

class State {
 public:
  // A state whose chance journal is on records its event log from the start (the deal included).
  explicit State(std::shared_ptr<const Game> game, Chance chance)
      : game_(std::move(game)), chance_(std::move(chance)) {
    log_.set_enabled(chance_.journal_on());
  }
  virtual ~State() = default;

  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& game_ptr() const { return game_; }
  int num_players() const;

  // The seat to move, or kTerminal when the game is over. Chance is never a player: random outcomes
  // are drawn inside `apply` (and at the deal) from `chance()`.
  virtual Seat current_player() const = 0;
  bool is_terminal() const { return current_player() == kTerminal; }

  // Fills `out` (after clearing it) with every legal move of the seat to move. Never allocates.
  void legal_moves(MoveList& out) const {
    out.clear();
    do_legal_moves(out);
  }
  // The same, as a vector (convenient outside hot paths).
  std::vector<Move> legal_moves() const;

  // Plays `move` for the current player. Precondition: `move` is legal (asserted in debug builds by
  // the games that can do so cheaply). Never allocates unless recording is on.
  void apply(Move move) {
    log_.set_ply(ply_ + 1);
    do_apply(move);
    ++ply_;
  }
  // Empty when `move` is legal here; otherwise one sentence saying why not. The default says only
  // that the move is not among the legal ones; games explain their rules.
  virtual std::string why_illegal(Move move) const;
  // Applies `move` if legal, else throws BadMove with `why_illegal`.
  void apply_checked(Move move);
  // Parses `text` in the game's notation, checks it and applies it; throws BadMove naming the move.
  void apply_text(std::string_view text);

  // Outcome for every seat. Meaningful once terminal; all zero before.
  virtual Returns returns() const = 0;

  // Moves applied since the initial state.
  int ply() const { return ply_; }

  // An independent copy (its chance stream continues where this one's does).
  virtual std::unique_ptr<State> clone() const = 0;

  // The complete truth as JSON: game id, params, ply, chance position and the game's own fields.
  // Game::state_from_json inverts it exactly.
  json to_json() const;

  // The game's notation for `move` (stable, human-typable, documented in the game's doc).
  virtual std::string move_to_string(Move move) const = 0;
  // Inverse of move_to_string; throws BadMove naming what is wrong with `text`. Parsing does not
  // check legality (why_illegal does).
  virtual Move parse_move(std::string_view text) const = 0;

  // Exactly what `viewer` (a seat or kSpectator) may know, as JSON. Two states that the viewer
  // cannot tell apart give equal observations.
  virtual json observation(Seat viewer) const = 0;

  // The board as the finished game's public record shows it: the record holds the chance
  // outcomes and the moves, so a piece no seat ever saw is no secret once the game is over. The
  // server sends it to everybody at the end. In the shape of observation(); by default the
  // spectator's. A game whose pieces may end unseen (face down, in a bag) names them here. Asked
  // of a terminal state only: before the end it would leak.
  virtual json record_observation() const { return observation(kSpectator); }

  // A complete state that `viewer` cannot tell apart from this one, with every hidden part sampled
  // from `rng` (consistently with all the viewer has seen) and a freshly seeded chance stream, so
  // the future is unknown too. The event log of the result is empty.
  std::unique_ptr<State> determinize(Seat viewer, Rng& rng) const;

  // A picture of the state for a terminal, as `viewer` may see it (Unicode, several lines).
  virtual std::string render(Seat viewer) const;

  // The one optional hook for people following a turn step by step (`tabletop play` prints it
  // under the board before each prompt, so after every step of a turn that goes on): one or two
  // short sentences saying, for the seat to move, what is left of its turn (dice, action points,
  // payments owed, tokens still to place or to move) and what kind of step comes next, in the
  // game's own words and notation ("NE (seat 0): dice left 0 (Null), 4; ..."). Built only from what
  // `viewer` may know, as observation(viewer) is: it may name the viewer's own secrets, never
  // another seat's, so it is the same on every determinize(viewer) sample (the conformance suite
  // checks it). Empty (the default) when the game has nothing to add to its board; empty when the
  // game is over. Not for hot paths (it allocates).
  virtual std::string turn_status(Seat viewer) const { return {}; }

  // The board places `move` touches, as a player clicks them to make it: MovePlaces, steps taken
  // in sequence, each step a set of places clicked in any order among themselves. A swap is one
  // step of two places (Relativity's `b2#c3` is {{b2, c3}}: b2 then c3 or c3 then b2); a move from
  // one place to another is two steps ({{from}, {to}}, then {target} for what it attacks); the
  // seats one attack targets together are one step. Write a move's places in order only where the
  // rules give them different roles; where they do not, one step. Place names are the game's own:
  // the square and position names of its notation, which its observation JSON uses too, so a
  // client draws one element per place (`data-place="d3"`) and finds a move by the places clicked
  // (core/picker.h is the rule). Each place is either named in `observation(current_player())` or
  // one of `game().board_places()`; no place appears twice in one move and no step is empty. Empty
  // (the default) for a move that touches no place (`end`, a choice from the hand): a client
  // offers it as a button. Two legal moves have the same places (the same steps, each compared as
  // a set) only when the game's GameEntry::places_choice says what is chosen after the clicks (a
  // client then offers the remaining choice as buttons); one move's places may be the start of
  // another's (move, or move and attack). Each game's doc has a "Places" section. Not for hot paths
  // (it allocates). Precondition: `move` is legal here.
  virtual MovePlaces move_places(Move move) const { return {}; }

  // True when applying `move` here would show some viewer something hidden that the move's own
  // notation does not say: an Army's value turned up by a battle, a coin or tile revealed, a coin
  // paid to another seat, hidden answers made public. Chance outcomes the move draws need not
  // count (Match sees those in the chance journal). Match refuses to undo across such a move (a
  // taken-back move must not have taught anyone anything). Over-answering true is safe (undo is
  // refused more often); answering false wrongly is a leak, and the conformance suite checks it by
  // applying the move to determinize(v) samples: v's observation afterwards must not differ. The
  // default, false, is right for perfect-information games. Not for hot paths (games may apply the
  // move to a copy).
  virtual bool reveals(Move move) const { return false; }

  // Throws InvariantError if the state is impossible. Cheap enough to call after every move in
  // tests.
  virtual void check_invariants() const {}

  // The one optional hook for computer players (src/ai reads it; nothing else does): an estimate of
  // what each seat will get when the game ends, on the scale of `returns()`, judged from this
  // complete state. Searches call it on states they sampled (determinized), so it may read hidden
  // parts. MCTS uses it to stop playouts early (`mcts:depth=`) and `greedy` ranks moves by it. Fill
  // `out` and return true to supply one; the default supplies none (returns false), and agents then
  // play every playout to the end and `greedy` sees only `returns()`. Must be cheap and must not
  // allocate.
  virtual bool estimate_returns(Returns& out) const { return false; }

  // The one optional hook for the balance lab (src/sim reads it; nothing else does): once the game
  // is over, appends the figures a designer may want summarised over many games (see Figures: the
  // names "capped" and "rounds" are read specially). Called only on terminal states; the default
  // exports nothing. Each game documents its figures in its header.
  virtual void figures(Figures& out) const {}

  // The balance lab's second hook: each seat's figures as the state stands, at any moment of the
  // game (terminal included), for the trajectories (see SeatFigures): what a designer would count
  // on the table each turn (trophies, Armies and their strength, population, coins held, agents
  // in the field). Read from the complete state (the lab's measuring, never shown to a seat); the
  // same figures in the same order at every state; cheap (called once per turn of every game the
  // lab measures) and must not allocate. Every game supplies at least one (the conformance suite
  // checks it); each game documents its figures in its header.
  virtual void seat_figures(SeatFigures& out) const {}

  // ---- For learning (OpenSpiel's contract; docs/api.md "For learning", docs/python.md) ----
  // An action is a move as an index a policy can address: every move this game can ever offer has
  // one in [0, game().num_distinct_actions()). Games whose packing names a move without context
  // map it directly; a game may instead number a move by what the seat to move sees (a hand slot),
  // as long as two states the seat cannot tell apart number their moves alike. Not for the
  // search's hot path (agents use Move); cheap enough for a learning loop.

  // The action index of `move`. Precondition: `move` is legal here. -1 when the game has no action
  // space (num_distinct_actions() == 0).
  virtual int action_index(Move move) const { return -1; }
  // The move of action `action` here; throws BadMove naming the action when no legal move has it.
  // The default searches the legal moves (games override it with a direct unpacking when cheap).
  virtual Move action_move(int action) const;
  // The legal moves' action indices, in legal_moves' order, into out[0, n); returns n. A buffer of
  // game().num_distinct_actions() entries always suffices (legal moves are distinct, and so are
  // their actions); throws Error when `out` is shorter than the list of legal moves. Never
  // allocates: a learning loop keeps `out` across steps. The default loops action_index over the
  // legal moves; a game whose actions follow from its generator writes them in one pass (the
  // conformance suite checks they equal the per-move indices).
  virtual int legal_action_indices(std::span<int> out) const;
  // The same as a fresh vector (allocates).
  std::vector<int> legal_actions() const;
  // `mask[a]` = 1 when action a is legal here, else 0. Precondition: mask.size() ==
  // game().num_distinct_actions().
  void legal_action_mask(std::span<uint8_t> mask) const;

  // What `viewer` (a seat or kSpectator) sees, as numbers: the observation tensor of shape
  // game().observation_tensor_shape(), written into `out` (row-major). Throws Error when the game
  // supplies none (its shape is empty) or out.size() is not the shape's product (naming both);
  // otherwise zeroes `out` and lets the game write it (write_observation_tensor). Built only from
  // what observation(viewer) holds: equal on every determinize(viewer) sample (the conformance
  // suite checks it).
  void observation_tensor(Seat viewer, std::span<float> out) const;
  // What `viewer` knows, including what it saw earlier and the board no longer shows (a value
  // revealed, then hidden again), as numbers of shape game().information_state_tensor_shape().
  // The same checks as observation_tensor, then write_information_state_tensor. The same leak
  // rule as the observation tensor.
  void information_state_tensor(Seat viewer, std::span<float> out) const;
  // The viewer's information state as text with perfect recall: its observation, then every line
  // of the event log it may read (the log records each move as it was announced to that viewer,
  // with what it was shown). Perfect recall needs recording on from the first state
  // (set_recording; Match and core/episode.h turn it on); with it off, only the observation.
  std::string information_state_string(Seat viewer) const;

  Chance& chance() { return chance_; }
  const Chance& chance() const { return chance_; }
  EventLog& log() { return log_; }
  const EventLog& log() const { return log_; }
  // Turns on the chance journal and the event log (for records, the CLI and the server).
  void set_recording(bool on) {
    chance_.set_journal(on);
    log_.set_enabled(on);
  }

 protected:
  State(const State&) = default;
  State& operator=(const State&) = default;

  // Appends the legal moves to an empty `out` (nothing when terminal).
  virtual void do_legal_moves(MoveList& out) const = 0;
  virtual void do_apply(Move move) = 0;
  // The game's own fields for to_json (Game::restore_state reads them back).
  virtual json state_json() const = 0;
  // Resamples what `viewer` cannot see, in place, on a copy of this state. The default does nothing
  // (right for perfect-information games); hidden-information games must override it.
  virtual void sample_hidden(Seat viewer, Rng& rng) {}
  // The game's observation tensor for `viewer` into `out`, which arrives zeroed and of the size
  // of game().observation_tensor_shape() (observation_tensor checked it): the game sets the
  // entries that are not 0. Never called when the shape is empty, so the default (throws Error)
  // is only reached by a game that declares a shape without writing it.
  virtual void write_observation_tensor(Seat viewer, std::span<float> out) const;
  // The information-state tensor likewise (shape game().information_state_tensor_shape()). The
  // default is the observation tensor: right for games whose observation already holds all a
  // seat has learned (and whose two shapes are then equal).
  virtual void write_information_state_tensor(Seat viewer, std::span<float> out) const {
    write_observation_tensor(viewer, out);
  }

 private:
  friend class Game;
  std::shared_ptr<const Game> game_;
  Chance chance_;
  EventLog log_;
  int ply_ = 0;
};

struct GameInfo {
  std::string id;     // registry key, e.g. "relativity"
  std::string name;   // e.g. "Relativity"
  std::string rules;  // the rule text, relative to shared/rules/
  int min_players = 2;
  int max_players = 2;
  bool hidden_information = false;  // some seat cannot see the whole state
  bool has_chance = false;          // random outcomes after the initial deal
  // The search's tuned line in this game: options in agent-spec syntax ("minimax=0.5") that the
  // search (src/ai/tuning.h) takes unless its spec sets them, found with the lab. `players` 0: the
  // line for every count without one of its own; a count's own line replaces it. Data only: the
  // game knows nothing of the search, and docs/games/<id>.md ("Computer players") gives the
  // measurement behind each line. Empty: the search's own defaults.
  struct SearchLine {
    int players = 0;
    std::string options;
  };
  std::vector<SearchLine> search_lines = {};
};

// One kind of move in a game's notation, explained for people: `help` in `tabletop play` and
// `tabletop list GAME` print these (Game::notation).
struct NotationKind {
  std::string name;                   // what the player types after `help` ("attack")
  std::string form;                   // the pattern ("attack COIN pay COIN to SEAT")
  std::string meaning;                // what it does, in the rules' words
  std::vector<std::string> examples;  // texts in the notation, as the game prints them
};

class Game : public std::enable_shared_from_this<Game> {
 public:
  Game(GameInfo info, json params) : info_(std::move(info)), params_(std::move(params)) {}
  virtual ~Game() = default;

  const GameInfo& info() const { return info_; }
  // The parameters in force, defaults filled in (what a record stores).
  const json& params() const { return params_; }
  virtual int num_players() const = 0;

  // The game's notation, one entry per kind of move, in the order a player meets them. Every
  // example parses with State::parse_move (the conformance suite checks it). Empty: not written.
  virtual std::vector<NotationKind> notation() const { return {}; }
  // The key to the signs State::render draws ("3B = the 3 of seat B ..."), a few lines of text:
  // `tabletop play` prints it once at the start and again on `legend`, so render need not repeat
  // it under every board. Empty (the default): the board explains itself.
  virtual std::string board_key() const { return {}; }
  // How this game names `seat` to people, the same everywhere (prompts, announcements, results):
  // its role or colour and the seat number ("NE (seat 0)"); the default is "seat 0".
  virtual std::string seat_name(Seat seat) const { return "seat " + std::to_string(seat); }
  // What a seat that lost gets, on the scale of `State::returns()` where a win is +1: whoever
  // turns an expected return r into a chance of winning (hints and the post-game analysis,
  // src/ai/advice.h) reads (r - loss) / (1 - loss). The default, -1/(n-1), is the zero-sum
  // convention (-1 for two players); a game whose every loser gets -1 says so.
  virtual double loss_return() const { return -1.0 / std::max(1, num_players() - 1); }

  // ---- For learning (see State's section of the same name) ----
  // The number of distinct actions: every legal move of every state of this game (with these
  // parameters) has an action index below it. 0: the game supplies no action space.
  virtual int num_distinct_actions() const { return 0; }
  // The shape of State::observation_tensor ({} when the game supplies none), the same for every
  // state and viewer.
  virtual std::vector<int> observation_tensor_shape() const { return {}; }
  // The shape of State::information_state_tensor; by default the observation tensor's.
  virtual std::vector<int> information_state_tensor_shape() const {
    return observation_tensor_shape();
  }
  // What State::returns() can be: every seat's return of a finished game lies in [min, max]; when
  // `constant_sum`, the returns of every finished game add up to `sum` (zero-sum: sum == 0).
  struct Utility {
    double min = -1;
    double max = 1;
    bool constant_sum = true;
    double sum = 0;
  };
  // The default is the zero-sum convention loss_return() documents: min = loss_return(), max = 1,
  // sum 0. A game on another scale (every loser -1, draws shared) overrides it.
  virtual Utility utility() const { return {loss_return(), 1.0, true, 0.0}; }
  // The most plies any game can last (its rules or its engine cap, with these parameters); 0: not
  // declared.
  virtual int max_game_length() const { return 0; }
  // The most outcomes one chance draw (Chance::draw's n) can have in this game: 6 for a die, the
  // deck's size for a shuffle; 0 when the game draws nothing. core/episode.h offers each draw as
  // an explicit chance node with that many outcomes at most.
  virtual int max_chance_outcomes() const { return 0; }

  // A new game: the deal is drawn from `chance` (seeded or scripted).
  virtual std::unique_ptr<State> new_initial_state(Chance chance) const = 0;
  std::unique_ptr<State> new_initial_state(uint64_t seed) const {
    return new_initial_state(Chance(seed));
  }
  // Inverse of State::to_json; throws BadRecord naming what is wrong, including a state whose
  // invariants do not hold (check_invariants), which no play can reach: `ply` an integer from 0 to
  // kMaxSavedPly, the chance words integers of 64 bits, not all zero (read as integers: never
  // through a float), and the game's own state as its check_invariants demands.
  std::unique_ptr<State> state_from_json(const json& j) const;
  static constexpr int kMaxSavedPly = 1'000'000'000;

  // Every place of this game's board that exists whether or not an observation names it (the
  // squares of a fixed grid, with these params), for State::move_places; a client may draw them
  // all. Places an observation names as they come (a tile laid) need not be listed. Default: none.
  virtual std::vector<std::string> board_places() const { return {}; }

 protected:
  // Builds a state from the game's own fields (State::state_json); throws BadRecord or json errors.
  virtual std::unique_ptr<State> restore_state(const json& fields, Chance chance) const = 0;

 private:
  GameInfo info_;
  json params_;
};

// Reading a saved state's numbers (Game::restore_state): every integer a game reads from a saved
// state goes through saved_int, never json::get<int> (which converts a float with a static_cast:
// 1e20 into an int is undefined behaviour, 300 into a uint8_t silently wraps). A float (even 3.0),
// a string, a bool or a value outside [min, max] throws BadRecord naming the field:
// "<field> is 1e20, not an integer from 0 to 5".
int64_t saved_int(const json& value, std::string_view field, int64_t min, int64_t max);
// The same for a JSON bool: anything else throws BadRecord "<field> is 1, not true or false".
bool saved_bool(const json& value, std::string_view field);

// Where a game's parameters came from, which decides what they may set (ParamSpec::Setter) and in
// what range (ParamSpec::network_max, ParamSpec::max_length). Registry::make checks them before
// the game reads a parameter.
enum class ParamOrigin {
  // The person running the program (`tabletop play -p`, sim, a test): every parameter, in its
  // full range, files included.
  kCommandLine,
  // A client of a server (a request's "params"): only parameters anyone may set, integers within
  // their network range, strings within max_length and free of control and bidirectional
  // characters (core/text.h's unsafe_character). No file is opened while the game is made.
  kNetwork,
  // The embedding program's own values: what a server attaches (deck snapshots) and a stored
  // match's resolved parameters, made again. Anyone's and the embedding program's parameters,
  // full ranges; a command-line parameter only at its default. No file is opened while the game
  // is made.
  kEmbedder,
};

// One parameter a game accepts: what the registry lists (GameEntry::params), what a client shows
// in its "new game" form, and what the game's ParamReader reads (the games read their parameters
// through these specs, so the list and the reader cannot disagree). The conformance suite checks
// that `fallback` is what the game resolves when the parameter is not given, that `min` and
// `max` are accepted and one past them rejected, and that every engine integer declares the
// range a network client may set.
struct ParamSpec {
  // kFile: a string naming a file (or a list of names some of which are files) on the machine
  // that runs the game, read when the game is made. Only the command line sets one (its setter
  // is always kCommandLine, see who_sets): a server refuses it in a request by its name alone
  // (400, without looking at the path: no answer may tell which files exist), and its catalog
  // (GET /api/games) does not list it. A game reads every file through core/file.h.
  enum class Type { kInt, kBool, kString, kFile };
  // Who may set the parameter: anyone (a network client too), only the command line, or only the
  // embedding program (and the command line) — values a server attaches itself, such as the card
  // game's deck snapshots. A network client can set neither of the last two, whatever its name.
  enum class Setter { kAnyone, kCommandLine, kEmbedder };
  // The longest string a network client may give when a spec says no other (bytes).
  static constexpr std::size_t kDefaultMaxLength = 100;

  std::string name;  // the key, e.g. "players"
  Type type = Type::kInt;
  json fallback;                // the default, of `type` ("" for a string that is unset by default)
  std::optional<int> min, max;  // the accepted range (kInt only); both set for every kInt
  std::string description;      // one line: what it means, in the rule text's words
  // "players" (the seat count), "variant" (a rule choice: a named reading or an optional rule) or
  // "engine" (not a rule: ply caps, fixed deals for tests).
  std::string kind;
  Setter setter = Setter::kAnyone;  // kFile: ignored, always kCommandLine
  // kInt: the largest value a network client may set (unset: max), a cap a real game never
  // reaches (engine caps: what a game between people needs, not what random play needs).
  std::optional<int> network_max = std::nullopt;
  // kString: the longest value a network client may set, in bytes.
  std::size_t max_length = kDefaultMaxLength;

  Setter who_sets() const { return type == Type::kFile ? Setter::kCommandLine : setter; }
  // The largest value a network client may set (kInt).
  std::optional<int> network_top() const { return network_max ? network_max : max; }
  // {"name", "type": "int"|"bool"|"string"|"file", "default", "min", "max", "network_max" (ints
  // only), "max_length" (strings only), "set_by": "anyone"|"command line"|"embedding program",
  // "description", "kind"}: the form the server lists in GET /api/games.
  json to_json() const;
  // One line for a terminal: "name=default  description (min..max)".
  std::string help() const;
  static const char* type_name(Type type);
};

// Throws BadParams naming the parameter unless `origin` may give `given` (an object; other types
// are left to ParamReader): see ParamOrigin. Unknown keys are left to ParamReader::finish.
// "culture-wars param 'max_rounds': 100000 is more than a network client may set (1..200; the
// command line allows 1..100000)".
void check_param_origin(const std::string& game_id, const std::vector<ParamSpec>& specs,
                        const json& given, ParamOrigin origin);

// Reads a game's parameters: typed getters with defaults and ranges, then `finish()` rejects any
// key nobody asked for. Every error is a BadParams naming the game and the key.
class ParamReader {
 public:
  ParamReader(std::string game_id, const json& given);
  int get_int(const std::string& key, int fallback, int min, int max);
  bool get_bool(const std::string& key, bool fallback);
  std::string get_string(const std::string& key, const std::string& fallback);
  // Reads the parameter `spec` describes (its type, default and range); returns the value read.
  json get(const ParamSpec& spec);
  // Reads every parameter of `specs`, in order.
  void get_all(const std::vector<ParamSpec>& specs);
  // The value already read for `key` (throws BadParams if no getter read it).
  const json& value(const std::string& key) const;
  // Throws BadParams if `given` has keys no getter asked for; returns the resolved parameters.
  json finish();
  // Throws BadParams "<game> param '<key>': <why>" (for checks that involve several parameters).
  [[noreturn]] void fail(const std::string& key, const std::string& why) const;

 private:
  std::string game_id_;
  json given_;
  json resolved_ = json::object();
};

// Parses a command-line `key=value` into `params` (value as JSON when it parses, else as a string).
void set_param(json& params, std::string_view key_equals_value);

}  // namespace tabletop
