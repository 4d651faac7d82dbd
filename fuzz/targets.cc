#include "targets.h"

#include <sstream>
#include <stdexcept>

#include "ai/agent.h"
#include "ai/mcts.h"
#include "core/json_input.h"
#include "core/ppn.h"
#include "core/record.h"
#include "games/conspiracy_tcg/cards.h"
#include "games/conspiracy_tcg/vcard.h"
#include "games/games.h"
#include "server_targets.h"

namespace tabletop::fuzz {
namespace {

// Splits `input` at '\n' (a trailing '\r' is kept: it is part of the input).
std::vector<std::string> lines_of(std::string_view input) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= input.size()) {
    const std::size_t end = input.find('\n', start);
    lines.emplace_back(input.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return lines;
}

// Runs `body`, swallowing the errors bad input may cause; anything else escapes.
template <class F>
void expecting_errors(F&& body) {
  try {
    body();
  } catch (const InvariantError&) {
    throw;  // an impossible state reached from input: a finding
  } catch (const Error&) {
  }
}

// After input was accepted: the state saves and restores exactly, its invariants hold, and its
// legal moves print and parse back.
void check_accepted(const State& state) {
  state.check_invariants();
  const json saved = state.to_json();
  if (state.game().state_from_json(saved)->to_json() != saved)
    throw std::logic_error("a state does not restore exactly");
  MoveList moves;
  state.legal_moves(moves);
  if (moves.empty() != state.is_terminal())
    throw std::logic_error("no legal moves in a state that is not over");
  for (Move m : moves)
    if (state.parse_move(state.move_to_string(m)) != m)
      throw std::logic_error("a legal move does not parse back: " + state.move_to_string(m));
}

void run_moves(std::string_view input) {
  const std::vector<std::string> lines = lines_of(input);
  std::istringstream head(lines[0]);
  std::string id;
  uint64_t seed = 0;
  int players = 0;
  head >> id >> seed >> players;
  const GameEntry* entry = games::registry().find(id);
  if (!entry) return;
  expecting_errors([&] {
    json params = entry->test_params;
    if (players > 0) params["players"] = players;
    std::shared_ptr<const Game> game = entry->make(params);
    std::unique_ptr<State> state = game->new_initial_state(seed);
    state->set_recording(true);
    for (std::size_t i = 1; i < lines.size() && !state->is_terminal(); ++i) {
      expecting_errors([&] { state->apply_text(lines[i]); });
      state->check_invariants();
    }
    check_accepted(*state);
  });
}

void run_params(std::string_view input) {
  const std::vector<std::string> lines = lines_of(input);
  expecting_errors([&] {
    json params = json::object();
    for (std::size_t i = 1; i < lines.size(); ++i) set_param(params, lines[i]);
    std::shared_ptr<const Game> game = games::registry().make(lines[0], params);
    // What a game accepted it must accept again from its resolved params (what a record stores).
    std::shared_ptr<const Game> again = games::registry().make(lines[0], game->params());
    if (again->params() != game->params()) throw std::logic_error("params do not resolve stably");
    check_accepted(*game->new_initial_state(7));
  });
}

void run_agents(std::string_view input) {
  const std::vector<std::string> lines = lines_of(input);
  const GameEntry* entry = games::registry().find(lines[0]);
  if (!entry) return;
  std::shared_ptr<const Game> game = entry->make(entry->test_params);
  for (std::size_t i = 1; i < lines.size(); ++i)
    expecting_errors([&] {
      const ai::AgentSpec spec = ai::AgentSpec::parse(lines[i]);
      if (spec.name == "mcts" || spec.name == "ismcts") {
        // Making the agent allocates its trees (up to 256 threads): reading the options is the
        // input path; a search is run only with small budgets.
        const ai::SearchOptions options = ai::SearchOptions::from_spec(spec);
        if (options.threads > 2 || options.iterations > 50 || options.time_ms > 0) return;
      }
      std::unique_ptr<ai::Agent> agent = ai::make_agent(lines[i], *game, 1);
      if (spec.name == "greedy" && spec.options.count("samples") &&
          std::stod(spec.options.at("samples")) > 16)
        return;
      std::unique_ptr<State> state = game->new_initial_state(3);
      MoveList legal;
      state->legal_moves(legal);
      if (!legal.contains(agent->choose(*state))) throw std::logic_error("an illegal choice");
    });
}

void replay_json(const json& j) {
  std::unique_ptr<State> final_state = replay(games::registry(), Record::from_json(j));
  check_accepted(*final_state);
}

void run_record(std::string_view input) {
  expecting_errors([&] { replay_json(read_json(input, "record")); });
}

void run_jsonl(std::string_view input) {
  for (const std::string& line : lines_of(input))
    expecting_errors([&] { replay_json(read_json(line, "line")); });
}

void run_ppn(std::string_view input) {
  expecting_errors([&] {
    const std::vector<ppn::Record> documents = ppn::parse_games(input);
    for (const GameEntry& e : games::registry().entries())
      if (e.replay_ppn) expecting_errors([&] { check_accepted(*e.replay_ppn(documents)); });
  });
}

void run_state(std::string_view input) {
  expecting_errors([&] {
    const json saved = read_json(input, "saved state");
    if (!saved.is_object() || !saved.contains("game") || !saved["game"].is_string()) return;
    const GameEntry* entry = games::registry().find(saved["game"].get<std::string>());
    if (!entry) return;
    std::shared_ptr<const Game> game = entry->make(saved.value("params", json::object()));
    std::unique_ptr<State> state = game->state_from_json(saved);
    check_accepted(*state);
    MoveList moves;
    state->legal_moves(moves);
    if (!moves.empty()) {
      state->apply(moves[0]);
      state->check_invariants();
    }
  });
}

// After a deck was accepted: every card has a name or an organisation and a phone key, and the
// deck written as JSON (card_to_json) reads back to the same cards.
void check_deck(const conspiracy_tcg::Deck& deck) {
  json cards = json::array();
  for (const conspiracy_tcg::Card& card : deck.cards) {
    json c = conspiracy_tcg::card_to_json(card);
    c.erase("source");
    cards.push_back(std::move(c));
  }
  const json written = {{"name", deck.name}, {"cards", cards}};
  const conspiracy_tcg::Deck again = conspiracy_tcg::parse_json_deck(written.dump(), "written");
  if (again.cards.size() != deck.cards.size())
    throw std::logic_error("a deck written as JSON reads back with another card count");
  for (std::size_t i = 0; i < deck.cards.size(); ++i) {
    json c = conspiracy_tcg::card_to_json(again.cards[i]);
    c.erase("source");
    if (c != cards[i])
      throw std::logic_error("a card written as JSON reads back differently: " + cards[i].dump());
  }
}

void run_vcard(std::string_view input) {
  expecting_errors([&] { check_deck(conspiracy_tcg::parse_vcard_deck(input, "fuzz.vcf")); });
}

void run_deck(std::string_view input) {
  expecting_errors([&] { check_deck(conspiracy_tcg::parse_json_deck(input, "fuzz.json")); });
}

}  // namespace

const std::vector<Target>& targets() {
  static const std::vector<Target> all = {
      {"moves", run_moves}, {"params", run_params}, {"agents", run_agents}, {"record", run_record},
      {"jsonl", run_jsonl}, {"ppn", run_ppn},       {"state", run_state},   {"vcard", run_vcard},
      {"deck", run_deck},   {"http", run_http},     {"ws", run_ws},         {"match", run_match}};
  return all;
}

const Target& target(std::string_view name) {
  for (const Target& t : targets())
    if (name == t.name) return t;
  throw std::invalid_argument("no fuzz target '" + std::string(name) + "'");
}

}  // namespace tabletop::fuzz
