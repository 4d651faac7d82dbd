#include "testing/conformance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/episode.h"
#include "core/record.h"
#include "testing/picker_check.h"

namespace tabletop::testing {
namespace {

void check_moves(const State& state, const std::string& where) {
  MoveList moves;
  state.legal_moves(moves);
  if (state.is_terminal()) {
    ASSERT_TRUE(moves.empty()) << where << ": a terminal state has legal moves";
    return;
  }
  ASSERT_FALSE(moves.empty()) << where << ": no legal move but the game is not over";
  ASSERT_GE(state.current_player(), 0);
  ASSERT_LT(state.current_player(), state.num_players());
  std::set<uint64_t> seen;
  // why_illegal may search the legal moves itself: ask it of at most 64 moves a ply, spread evenly.
  const std::size_t stride = moves.size() / 64 + 1;
  std::size_t index = 0;
  for (Move m : moves) {
    ASSERT_TRUE(seen.insert(m.bits).second)
        << where << ": duplicate legal move " << state.move_to_string(m);
    const std::string text = state.move_to_string(m);
    Move parsed{};
    ASSERT_NO_THROW(parsed = state.parse_move(text)) << where << ": cannot parse " << text;
    ASSERT_EQ(parsed, m) << where << ": parse_move(move_to_string(m)) != m for " << text;
    if (index++ % stride == 0) {
      ASSERT_EQ(state.why_illegal(m), "") << where << ": legal move " << text << " said illegal";
    }
  }
}

// Every name in `j` (object keys and strings, each also cut at every character that is not a letter
// or a digit: "c3=NE?" gives c3 and NE).
void collect_names(const json& j, std::set<std::string>& names) {
  auto add = [&](const std::string& text) {
    names.insert(text);
    std::string word;
    for (char c : text + ' ') {
      if (std::isalnum(static_cast<unsigned char>(c))) {
        word += c;
      } else if (!word.empty()) {
        names.insert(word);
        word.clear();
      }
    }
  };
  if (j.is_string()) add(j.get<std::string>());
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it) {
      add(it.key());
      collect_names(it.value(), names);
    }
  if (j.is_array())
    for (const json& e : j) collect_names(e, names);
}

void check_places(const State& state, const std::set<std::string>& board_places,
                  const std::string& where) {
  if (state.is_terminal()) return;
  std::set<std::string> names = board_places;
  collect_names(state.observation(state.current_player()), names);
  for (Move m : state.legal_moves())
    for (const std::string& place : flat_places(state.move_places(m)))
      ASSERT_TRUE(names.count(place))
          << where << ": move " << state.move_to_string(m) << " touches place '" << place
          << "', which is neither a board place nor named in the observation";
}

std::vector<std::string> legal_texts(const State& state) {
  std::vector<std::string> texts;
  for (Move m : state.legal_moves()) texts.push_back(state.move_to_string(m));
  return texts;
}

// The action space (game.h, "For learning"), where the game supplies one: every legal move has a
// distinct index in [0, num_distinct_actions()) that maps back to it; the mask marks exactly those.
void check_actions(const State& state, const std::string& where) {
  const int n = state.game().num_distinct_actions();
  if (n <= 0 || state.is_terminal()) return;
  std::set<int> seen;
  for (Move m : state.legal_moves()) {
    const int a = state.action_index(m);
    const std::string text = state.move_to_string(m);
    ASSERT_TRUE(a >= 0 && a < n) << where << ": move " << text << " has action " << a
                                 << ", outside 0.." << n - 1;
    ASSERT_TRUE(seen.insert(a).second) << where << ": two legal moves have action " << a;
    Move back{};
    ASSERT_NO_THROW(back = state.action_move(a))
        << where << ": action " << a << " (" << text << ") does not map back";
    ASSERT_EQ(back, m) << where << ": action " << a << " maps back to "
                       << state.move_to_string(back) << ", not " << text;
  }
  // The batched indices (legal_action_indices) are the per-move ones, in the same order, in a
  // buffer of the whole action space and in one just long enough; one shorter is refused.
  std::vector<int> per_move;
  for (Move m : state.legal_moves()) per_move.push_back(state.action_index(m));
  std::vector<int> batch(std::size_t(n), -2);
  const int count = state.legal_action_indices(batch);
  ASSERT_EQ(std::vector<int>(batch.begin(), batch.begin() + std::max(count, 0)), per_move)
      << where << ": legal_action_indices differs from action_index over the legal moves";
  std::vector<int> exact(per_move.size(), -2);
  ASSERT_EQ(state.legal_action_indices(exact), count) << where;
  ASSERT_EQ(exact, per_move) << where << ": legal_action_indices in a buffer just long enough";
  if (!per_move.empty()) {
    std::vector<int> too_short(per_move.size() - 1);
    ASSERT_THROW(state.legal_action_indices(too_short), Error) << where;
  }
  std::vector<uint8_t> mask(std::size_t(n), 7);
  state.legal_action_mask(mask);
  std::size_t lit = 0;
  for (uint8_t b : mask) {
    ASSERT_TRUE(b == 0 || b == 1) << where;
    lit += b;
  }
  ASSERT_EQ(lit, seen.size()) << where << ": the mask marks other actions than the legal ones";
  for (int a : seen) ASSERT_EQ(mask[std::size_t(a)], 1) << where;
}

std::size_t shape_size(const std::vector<int>& shape) {
  std::size_t size = 1;
  for (int d : shape) size *= std::size_t(d);
  return size;
}

// One of the two tensors of `viewer` (information state when `information`). The buffer is filled
// with NaN first: State's wrapper zeroes it before the game writes, so every entry comes back
// finite.
std::vector<float> tensor(const State& state, Seat viewer, bool information) {
  const Game& game = state.game();
  const std::vector<int> shape =
      information ? game.information_state_tensor_shape() : game.observation_tensor_shape();
  std::vector<float> out(shape_size(shape), std::nanf(""));
  if (information)
    state.information_state_tensor(viewer, out);
  else
    state.observation_tensor(viewer, out);
  return out;
}

// The tensors, where the game supplies them: their declared (non-empty, positive) shapes, finite,
// every entry written, the same from the restored JSON, and built only from what the viewer may
// know: equal on determinize(viewer) samples, as observation(viewer) is.
void check_tensors(const State& state, Rng& rng, const std::string& where) {
  const Game& game = state.game();
  if (game.observation_tensor_shape().empty()) return;
  const std::unique_ptr<State> restored = game.state_from_json(state.to_json());
  for (bool information : {false, true}) {
    const char* name = information ? "information-state tensor" : "observation tensor";
    const std::vector<int> shape =
        information ? game.information_state_tensor_shape() : game.observation_tensor_shape();
    ASSERT_FALSE(shape.empty()) << where << ": the " << name << " has no shape";
    for (int d : shape) ASSERT_GT(d, 0) << where << ": the " << name << "'s shape";
    for (Seat viewer = kSpectator; viewer < state.num_players(); ++viewer) {
      const std::vector<float> truth = tensor(state, viewer, information);
      for (float x : truth)
        ASSERT_TRUE(std::isfinite(x)) << where << ": the " << name << " of viewer " << viewer
                                      << " has an entry not written or not finite";
      ASSERT_EQ(tensor(*restored, viewer, information), truth)
          << where << ": the " << name << " of viewer " << viewer << " differs after the JSON "
          << "round trip";
      if (!game.info().hidden_information) continue;
      for (int i = 0; i < 2; ++i)
        ASSERT_EQ(tensor(*state.determinize(viewer, rng), viewer, information), truth)
            << where << ": the " << name << " of viewer " << viewer
            << " depends on what it cannot see";
    }
  }
}

// A finished game's returns lie within utility()'s bounds and add up to its sum when constant-sum;
// it lasted no more than max_game_length() plies (every game declares one).
void check_utility(const State& state, const std::string& where) {
  const Game& game = state.game();
  const Game::Utility u = game.utility();
  ASSERT_LE(u.min, u.max) << where;
  ASSERT_GT(game.max_game_length(), 0) << where << ": the game declares no maximum length";
  ASSERT_LE(state.ply(), game.max_game_length()) << where << ": longer than max_game_length()";
  const Returns r = state.returns();
  double sum = 0;
  for (int s = 0; s < state.num_players(); ++s) {
    ASSERT_TRUE(r[std::size_t(s)] >= u.min - 1e-9 && r[std::size_t(s)] <= u.max + 1e-9)
        << where << ": seat " << s << " returns " << r[std::size_t(s)] << ", outside [" << u.min
        << ", " << u.max << "]";
    sum += r[std::size_t(s)];
  }
  if (u.constant_sum) {
    ASSERT_NEAR(sum, u.sum, 1e-9) << where << ": the returns do not add up to the game's sum";
  }
}

// The seat to move cannot tell the state from its determinizations, so it must get the same legal
// moves from them, with the same notation, in the same order.
void check_move_order(const State& state, Rng& rng, int samples, const std::string& where) {
  if (state.is_terminal()) return;
  const Seat seat = state.current_player();
  const std::vector<std::string> truth = legal_texts(state);
  for (int i = 0; i < samples; ++i) {
    const std::unique_ptr<State> sample = state.determinize(seat, rng);
    if (state.game().num_distinct_actions() > 0) {
      ASSERT_EQ(sample->legal_actions(), state.legal_actions())
          << where << ": the action indices of seat " << seat << " depend on what it cannot see";
    }
    const std::vector<std::string> sampled = legal_texts(*sample);
    if (sampled == truth) continue;
    std::size_t first = 0;
    while (first < truth.size() && first < sampled.size() && truth[first] == sampled[first])
      ++first;
    FAIL() << where << ": the legal moves of seat " << seat
           << " depend on what it cannot see (lists of " << truth.size() << " and "
           << sampled.size() << " moves first differ at index " << first << ": '"
           << (first < truth.size() ? truth[first] : "") << "' vs '"
           << (first < sampled.size() ? sampled[first] : "") << "')";
  }
}

// A move that reveals() calls silent and that draws no chance must not change what any viewer
// sees beyond the move itself: applied to a determinize(v) sample in which it is legal, it must
// leave v the same observation as in the truth. Asked of up to 4 legal moves a ply.
void check_reveals(const State& state, Rng& rng, const std::string& where) {
  if (state.is_terminal()) return;
  const std::vector<Move> moves = state.legal_moves();
  const std::size_t stride = moves.size() / 4 + 1;
  for (std::size_t i = 0; i < moves.size(); i += stride) {
    const Move m = moves[i];
    if (state.reveals(m)) continue;
    std::unique_ptr<State> after = state.clone();
    after->log().set_enabled(false);
    after->chance().set_journal(true);
    const std::size_t drawn = after->chance().journal().size();
    after->apply(m);
    if (after->chance().journal().size() != drawn) continue;  // Match sees chance by itself
    for (Seat viewer = kSpectator; viewer < state.num_players(); ++viewer) {
      std::unique_ptr<State> sample = state.determinize(viewer, rng);
      if (!sample->why_illegal(m).empty()) continue;
      sample->apply(m);
      ASSERT_EQ(sample->observation(viewer), after->observation(viewer))
          << where << ": move " << state.move_to_string(m) << " shows viewer " << viewer
          << " something hidden, but reveals() says it does not";
    }
  }
}

// The lab's seat figures (State::seat_figures): at least one; lower_snake_case names with a
// meaning; the same names in the same order as at the game's first state (`first`, filled on the
// first call); finite values, zero past the seats.
void check_seat_figures(const State& state, std::vector<std::string>& first,
                        const std::string& where) {
  SeatFigures figures;
  state.seat_figures(figures);
  ASSERT_GT(figures.size(), 0u) << where << ": the game exports no seat figure";
  std::vector<std::string> names;
  for (const SeatFigures::Entry& e : figures) {
    const std::string name = e.name;
    ASSERT_FALSE(name.empty()) << where;
    for (char c : name) {
      ASSERT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')
          << where << ": seat figure '" << name << "' is not lower_snake_case";
    }
    ASSERT_TRUE(e.meaning != nullptr && std::string(e.meaning).size() > 10)
        << where << ": seat figure '" << name << "' has no meaning";
    for (int s = 0; s < kMaxPlayers; ++s) {
      ASSERT_TRUE(std::isfinite(e.values[std::size_t(s)])) << where << ": " << name;
      if (s >= state.num_players()) {
        ASSERT_EQ(e.values[std::size_t(s)], 0.0) << where << ": " << name << " past the seats";
      }
    }
    names.push_back(name);
  }
  if (first.empty())
    first = names;
  else
    ASSERT_EQ(names, first) << where << ": the seat figures changed names or order";
}

std::vector<std::vector<double>> seat_figure_values(const State& state) {
  SeatFigures figures;
  state.seat_figures(figures);
  std::vector<std::vector<double>> out;
  for (const SeatFigures::Entry& e : figures) out.emplace_back(e.values.begin(), e.values.end());
  return out;
}

void check_round_trip(const State& state, const std::string& where) {
  const json j = state.to_json();
  std::unique_ptr<State> restored;
  ASSERT_NO_THROW(restored = state.game().state_from_json(j)) << where;
  ASSERT_EQ(restored->to_json(), j) << where << ": JSON round trip differs";
  ASSERT_EQ(state.clone()->to_json(), j) << where << ": clone differs";
  ASSERT_EQ(seat_figure_values(*restored), seat_figure_values(state))
      << where << ": the seat figures differ after the JSON round trip";
  // The estimate reads nothing missing from the saved state or rebuilt differently.
  Returns estimate{}, restored_estimate{};
  ASSERT_EQ(state.estimate_returns(estimate), restored->estimate_returns(restored_estimate))
      << where;
  ASSERT_EQ(restored_estimate, estimate) << where << ": the restored state's estimate differs";
}

// The estimate for computer players (State::estimate_returns), where the game supplies one: a
// finite value on the returns' scale ([-1, 1]) for every seat (check_round_trip checks that the
// restored state gives the same).
void check_estimate(const State& state, const std::string& where) {
  Returns estimate{};
  if (!state.estimate_returns(estimate)) return;
  for (int s = 0; s < state.num_players(); ++s) {
    const double v = estimate[std::size_t(s)];
    ASSERT_TRUE(std::isfinite(v) && v >= -1 && v <= 1)
        << where << ": the estimate gives seat " << s << " " << v;
  }
}

void check_no_leak(const State& state, Rng& rng, bool& sampled_differently,
                   const std::string& where) {
  const json truth = state.to_json()["state"];
  for (Seat viewer = kSpectator; viewer < state.num_players(); ++viewer) {
    std::unique_ptr<State> sample = state.determinize(viewer, rng);
    ASSERT_EQ(sample->observation(viewer), state.observation(viewer))
        << where << ": determinize leaks or loses what viewer " << viewer << " sees";
    ASSERT_EQ(sample->turn_status(viewer), state.turn_status(viewer))
        << where << ": turn_status tells viewer " << viewer << " more than it may know";
    ASSERT_NO_THROW(sample->check_invariants()) << where << ": determinized state is impossible";
    if (sample->to_json()["state"] != truth) sampled_differently = true;
  }
}

}  // namespace

void random_sim_test(const Registry& registry, const std::string& game_id, const json& params,
                     ConformanceOptions options) {
  if (options.playouts_from_environment) {
    if (const char* playouts = std::getenv("TABLETOP_CONFORMANCE_PLAYOUTS"))
      options.playouts = std::atoi(playouts);
    if (const char* soak = std::getenv("TABLETOP_SOAK_GAMES")) options.playouts = std::atoi(soak);
  }
  if (options.thorough_playouts < 0) options.thorough_playouts = std::max(1, options.playouts / 10);
  std::shared_ptr<const Game> game = registry.make(game_id, params);
  const GameEntry& entry = *registry.find(game_id);
  const std::vector<std::string> listed = game->board_places();
  const std::set<std::string> board_places(listed.begin(), listed.end());
  EXPECT_EQ(board_places.size(), listed.size()) << game_id << ": a board place is listed twice";
  Rng rng(options.seed);
  bool sampled_differently = false;
  long total_plies = 0;
  PickerCounts picker;  // what the picker's check clicked through

  EXPECT_THROW(game->state_from_json(json{{"game", game_id}}), BadRecord);
  EXPECT_THROW(game->state_from_json(json::array()), BadRecord);

  for (int playout = 0; playout < options.playouts; ++playout) {
    const uint64_t seed = options.seed * 1000003 + uint64_t(playout);
    Match match(game, seed, {});
    std::vector<std::string> seat_figure_names;
    const bool thorough = playout < options.thorough_playouts;
    for (int step = 0;; ++step) {
      const State& state = match.state();
      const std::string where = game_id + " playout " + std::to_string(playout) + " (seed " +
                                std::to_string(seed) + ") ply " + std::to_string(step);
      ASSERT_NO_THROW(state.check_invariants()) << where;
      ASSERT_NO_FATAL_FAILURE(check_moves(state, where));
      ASSERT_NO_FATAL_FAILURE(check_actions(state, where));
      ASSERT_NO_FATAL_FAILURE(check_seat_figures(state, seat_figure_names, where));
      if (thorough || step % options.sample_every == 0) {
        ASSERT_NO_FATAL_FAILURE(check_round_trip(state, where));
        ASSERT_NO_FATAL_FAILURE(check_estimate(state, where));
        ASSERT_NO_FATAL_FAILURE(check_places(state, board_places, where));
        // The picker's check clicks every order of every move: every 3 * sample_every-th ply.
        if (step % (3 * options.sample_every) == 0) {
          ASSERT_NO_FATAL_FAILURE(check_picker(state, entry.places_choice, where, picker));
        }
        if (game->info().hidden_information) {
          ASSERT_NO_FATAL_FAILURE(check_move_order(state, rng, 2, where));
          ASSERT_NO_FATAL_FAILURE(check_reveals(state, rng, where));
        }
        ASSERT_NO_FATAL_FAILURE(check_no_leak(state, rng, sampled_differently, where));
        ASSERT_NO_FATAL_FAILURE(check_tensors(state, rng, where));
        for (Seat viewer = kSpectator; viewer < state.num_players(); ++viewer)
          ASSERT_FALSE(state.render(viewer).empty()) << where;
      }
      if (state.is_terminal()) break;
      ASSERT_LT(step, 10'000'000) << where << ": the game does not end";
      Move move;
      if (options.choose) {
        ASSERT_NO_THROW(move = options.choose(state, playout, rng)) << where;
      } else {
        const std::vector<Move> moves = state.legal_moves();
        move = moves[rng.uniform(uint32_t(moves.size()))];
      }
      const std::unique_ptr<State> before = options.observe ? state.clone() : nullptr;
      ASSERT_NO_THROW(match.play(move)) << where;
      if (options.observe) options.observe(*before, move, match.state());
    }
    ASSERT_NO_FATAL_FAILURE(
        check_utility(match.state(), game_id + " seed " + std::to_string(seed)));
    total_plies += match.state().ply();
    // The record replays to the same final state and result.
    const Record record = Record::from_json(match.record().to_json());
    std::unique_ptr<State> replayed;
    ASSERT_NO_THROW(replayed = replay(registry, record)) << game_id << " seed " << seed;
    ASSERT_EQ(replayed->to_json()["state"], match.state().to_json()["state"])
        << game_id << " seed " << seed << ": the record replays to a different state";
    ASSERT_TRUE(replayed->is_terminal());
    // What the record makes public at the end (State::record_observation): in the observation's
    // shape, and decided by the record alone (the replayed state shows the same).
    const json end = match.state().record_observation();
    ASSERT_TRUE(end.is_object()) << game_id << " seed " << seed;
    const json spectator = match.state().observation(kSpectator);
    for (const auto& [key, value] : spectator.items())
      ASSERT_TRUE(end.contains(key)) << game_id << ": record_observation lacks '" << key << "'";
    ASSERT_EQ(replayed->record_observation(), end) << game_id << " seed " << seed;
    const Returns returns = match.state().returns();
    for (int s = game->num_players(); s < kMaxPlayers; ++s) ASSERT_EQ(returns[std::size_t(s)], 0.0);
  }
  if (game->info().hidden_information && options.playouts > 0) {
    EXPECT_TRUE(sampled_differently)
        << game_id << ": determinize never produced a state different from the truth";
  }
  ::testing::Test::RecordProperty("plies", std::to_string(total_plies));
  ::testing::Test::RecordProperty("picker_states", std::to_string(picker.positions));
  ::testing::Test::RecordProperty("picker_moves", std::to_string(picker.moves));
  ::testing::Test::RecordProperty("picker_first_places", std::to_string(picker.first_places));
  ::testing::Test::RecordProperty("picker_one_tap_places", std::to_string(picker.one_tap));
  ::testing::Test::RecordProperty("picker_click_orders", std::to_string(picker.click_orders));
}

void param_spec_test(const Registry& registry, const std::string& game_id) {
  const GameEntry* entry = registry.find(game_id);
  ASSERT_NE(entry, nullptr) << game_id;
  ASSERT_FALSE(entry->params.empty()) << game_id << ": no ParamSpec (every game has players)";
  json defaults = json::object();
  bool has_players = false;
  for (const ParamSpec& spec : entry->params) {
    const std::string where = game_id + " param '" + spec.name + "'";
    ASSERT_FALSE(spec.name.empty()) << where;
    ASSERT_FALSE(defaults.contains(spec.name)) << where << ": listed twice";
    ASSERT_FALSE(spec.description.empty()) << where << ": no description";
    ASSERT_TRUE(spec.kind == "players" || spec.kind == "variant" || spec.kind == "engine")
        << where << ": kind '" << spec.kind << "'";
    defaults[spec.name] = spec.fallback;
    const json form = spec.to_json();
    EXPECT_EQ(form["name"], spec.name);
    EXPECT_EQ(form["default"], spec.fallback);
    EXPECT_EQ(form["kind"], spec.kind);
    switch (spec.type) {
      case ParamSpec::Type::kInt: {
        ASSERT_TRUE(spec.fallback.is_number_integer()) << where;
        ASSERT_TRUE(spec.min && spec.max) << where << ": an int needs min and max";
        EXPECT_LE(*spec.min, spec.fallback.get<int>()) << where;
        EXPECT_GE(*spec.max, spec.fallback.get<int>()) << where;
        EXPECT_NO_THROW(registry.make(game_id, json{{spec.name, *spec.min}})) << where << " min";
        EXPECT_NO_THROW(registry.make(game_id, json{{spec.name, *spec.max}})) << where << " max";
        EXPECT_THROW(registry.make(game_id, json{{spec.name, *spec.min - 1}}), BadParams)
            << where << ": min - 1 accepted";
        EXPECT_THROW(registry.make(game_id, json{{spec.name, *spec.max + 1}}), BadParams)
            << where << ": max + 1 accepted";
        EXPECT_THROW(registry.make(game_id, json{{spec.name, "many"}}), BadParams) << where;
        EXPECT_EQ(form["min"], *spec.min);
        EXPECT_EQ(form["max"], *spec.max);
        // The network range: declared for every engine cap, within the full range, its top
        // accepted from the network and one past it refused with the range named.
        if (spec.kind == "engine") {
          EXPECT_TRUE(spec.network_max) << where << ": an engine integer declares network_max";
        }
        ASSERT_TRUE(spec.network_top()) << where;
        const int top = *spec.network_top();
        EXPECT_LE(*spec.min, top) << where;
        EXPECT_GE(*spec.max, top) << where;
        EXPECT_EQ(form["network_max"], top) << where;
        if (spec.who_sets() == ParamSpec::Setter::kAnyone) {
          EXPECT_NO_THROW(registry.make(game_id, json{{spec.name, top}}, ParamOrigin::kNetwork))
              << where << " network max";
          if (top < *spec.max) {
            try {
              registry.make(game_id, json{{spec.name, top + 1}}, ParamOrigin::kNetwork);
              ADD_FAILURE() << where << ": network max + 1 accepted from the network";
            } catch (const BadParams& e) {
              const std::string why = e.what();
              EXPECT_NE(why.find(spec.name), std::string::npos) << why;
              EXPECT_NE(why.find(std::to_string(*spec.min) + ".." + std::to_string(top)),
                        std::string::npos)
                  << why;
            }
            EXPECT_NO_THROW(registry.make(game_id, json{{spec.name, top + 1}}))
                << where << ": the command line keeps the full range";
          }
        }
        if (spec.name == "players") {
          has_players = true;
          EXPECT_EQ(spec.kind, "players") << where;
          EXPECT_EQ(*spec.min, entry->info.min_players) << where;
          EXPECT_EQ(*spec.max, entry->info.max_players) << where;
        }
        break;
      }
      case ParamSpec::Type::kBool:
        ASSERT_TRUE(spec.fallback.is_boolean()) << where;
        EXPECT_FALSE(spec.min || spec.max) << where;
        EXPECT_NO_THROW(registry.make(game_id, json{{spec.name, true}})) << where;
        EXPECT_NO_THROW(registry.make(game_id, json{{spec.name, false}})) << where;
        EXPECT_THROW(registry.make(game_id, json{{spec.name, "maybe"}}), BadParams) << where;
        break;
      case ParamSpec::Type::kString:
      case ParamSpec::Type::kFile:
        ASSERT_TRUE(spec.fallback.is_string()) << where;
        EXPECT_FALSE(spec.min || spec.max) << where;
        EXPECT_NO_THROW(registry.make(game_id, json{{spec.name, spec.fallback}})) << where;
        EXPECT_THROW(registry.make(game_id, json{{spec.name, 7}}), BadParams) << where;
        if (spec.type == ParamSpec::Type::kString) {
          EXPECT_EQ(form["max_length"], spec.max_length) << where;
          if (spec.who_sets() == ParamSpec::Setter::kAnyone) {
            EXPECT_THROW(
                registry.make(game_id, json{{spec.name, std::string(spec.max_length + 1, 'a')}},
                              ParamOrigin::kNetwork),
                BadParams)
                << where << ": longer than max_length accepted from the network";
          }
        }
        break;
    }
    // Who may set it: a parameter that is not anyone's is refused from the network by its name,
    // whatever its value (its default included).
    if (spec.who_sets() != ParamSpec::Setter::kAnyone) {
      EXPECT_THROW(registry.make(game_id, json{{spec.name, spec.fallback}}, ParamOrigin::kNetwork),
                   BadParams)
          << where << ": set from the network";
    }
    EXPECT_EQ(form["type"], ParamSpec::type_name(spec.type)) << where;
  }
  EXPECT_TRUE(has_players) << game_id << ": no 'players' parameter";
  EXPECT_EQ(registry.make(game_id, json::object())->params(), defaults)
      << game_id << ": the specs' defaults are not what the game resolves";
  EXPECT_THROW(registry.make(game_id, json{{"no_such_parameter", 1}}), BadParams) << game_id;
  // A stored match's resolved parameters make the same game again from the embedding program.
  EXPECT_EQ(registry.make(game_id, defaults, ParamOrigin::kEmbedder)->params(), defaults)
      << game_id << ": the resolved defaults are refused from the embedding program";
  EXPECT_NO_THROW(registry.make(game_id, json::object(), ParamOrigin::kNetwork)) << game_id;
}

}  // namespace tabletop::testing
