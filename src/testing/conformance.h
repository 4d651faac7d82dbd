// The shared conformance suite: the checks every game in Tabletop passes (DESIGN.md, "Checks every
// game passes"). Like OpenSpiel's RandomSimTest, one call runs them all on one game:
//
//   tabletop::testing::random_sim_test(games::registry(), "relativity", {}, 200);
//
// src/games/conformance_test.cc calls it for every registered game at every player count (with the
// entry's `test_params`), so a new game gets the suite by registering. Checks, after every move of
// every random playout:
//   - check_invariants() holds; the game ends (or hits its documented ply cap);
//   - legal moves are non-empty and duplicate-free unless terminal (empty then);
//   - parse_move(move_to_string(m)) == m for every legal move, and why_illegal(m) is empty (asked
//     of up to 64 legal moves a ply, spread evenly);
//   - to_json -> state_from_json -> to_json is identical; clone() is identical;
//   - estimate_returns, where the game supplies it: finite and within [-1, 1] for every seat, and
//     the same from the state restored from its JSON;
//   - move_places: every place of every legal move is a board place or named in the observation
//     of the seat to move; no two legal moves share non-empty places unless the entry names the
//     choice made after the clicks (places_choice);
//   - the picker (picker_check.h, the rule of core/picker.h; every 3 * sample_every-th ply of
//     every playout): every legal move is reachable by clicks in each order its places allow,
//     every lit place leads to a legal move, the narrowing after each click is what listing every
//     move's click orders gives, and a click on an unlit place changes nothing and says why;
//   - the seat to move gets the same legal moves, as text and in the same order, from the state and
//     from determinize(seat) samples (the order depends on nothing it cannot see);
//   - reveals(): a legal move it calls silent that draws no chance leaves every viewer v the same
//     observation when applied to a determinize(v) sample in which it is legal (the undo policy
//     relies on it);
//   - no leak: for every seat and the spectator, determinize(v)->observation(v) == observation(v);
//     for hidden-information games, some determinization differs from the truth (it samples);
//   - the game's record replays to the same final state and result;
// The moves are uniformly random unless the options name a chooser (agents mixed in).
//   - seat_figures (the lab's trajectories): at least one, lower_snake_case names with a meaning,
//     the same names in the same order at every state, finite, zero past the seats, unchanged by
//     the JSON round trip.
#pragma once

#include <functional>
#include <string>

#include "core/registry.h"

namespace tabletop::testing {

struct ConformanceOptions {
  int playouts = 200;
  uint64_t seed = 1;
  // Playouts in which every ply gets the expensive checks (JSON round trip, determinize); later
  // playouts check every `sample_every`-th ply. -1: a tenth of the playouts (at least one).
  int thorough_playouts = -1;
  int sample_every = 7;
  // Whether TABLETOP_CONFORMANCE_PLAYOUTS and TABLETOP_SOAK_GAMES (below) may change `playouts`;
  // false for a test that counts what a fixed set of playouts reaches.
  bool playouts_from_environment = true;
  // The move of each ply, instead of a uniformly random legal one: given the state, the playout's
  // number and the suite's generator; it must return a legal move. A test that links agents (ai/,
  // which testing/ may not depend on) mixes them in here, so that the playouts reach positions
  // random play never does. Empty: random moves.
  std::function<Move(const State& state, int playout, Rng& rng)> choose;
  // Called after every move with the state before it, the move and the state after it (for a test
  // that counts what the playouts reached). Empty: nothing is called.
  std::function<void(const State& before, Move move, const State& after)> observe;
};

// Runs the suite with GoogleTest assertions. The environment variable TABLETOP_CONFORMANCE_PLAYOUTS
// sets the playout count (`make test` uses fewer under the sanitizers, after the full count in the
// release build); TABLETOP_SOAK_GAMES overrides both (make soak).
void random_sim_test(const Registry& registry, const std::string& game_id, const json& params,
                     ConformanceOptions options = {});

// Checks that the entry's ParamSpecs agree with what the game accepts: names unique, every kind
// one of players|variant|engine, the "players" spec's range is the GameInfo's, the defaults are
// exactly the parameters make({}) resolves (no parameter read that is not listed, none listed that
// is not read), each int's min and max are accepted and one past them rejected, each bool takes
// true and false, a value of the wrong type and an unknown key are rejected.
void param_spec_test(const Registry& registry, const std::string& game_id);

}  // namespace tabletop::testing
