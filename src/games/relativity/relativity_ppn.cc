#include "games/relativity/relativity_ppn.h"

#include <cctype>

#include "games/relativity/relativity.h"

namespace tabletop::relativity {
namespace {

std::string trophies_text(uint8_t ranks, char suit) {
  std::string out;
  for (int r = 0; r < kRanks; ++r)
    if (ranks & (1u << r)) out += (out.empty() ? "" : ", ") + std::string{suit, rank_char(r)};
  return out.empty() ? "nothing" : out;
}

}  // namespace

std::unique_ptr<State> replay_ppn(const ppn::Record& record) {
  auto field = [&](const std::string& key) {
    auto it = record.header.find(key);
    return it == record.header.end() ? std::string() : it->second;
  };
  std::string name = field("GameType.Name");
  if (name.empty()) name = field("GameType");
  if (name != "Relativity")
    throw BadRecord("PPN: GameType Name is " + quote(name) + ", expected 'Relativity'");
  const std::string coins = field("GameType.Coins");
  if (coins.empty()) throw BadRecord("PPN: header has no GameType Coins");
  const std::string round = field("Round");
  if (!round.empty() && round != "Night")
    throw BadRecord(
        "PPN: only records that start with the Night round can be replayed (Round: " + round + ")");

  std::shared_ptr<const Game> game;
  try {
    game = std::make_shared<RelativityGame>(json{{"coins", coins}});
  } catch (const BadParams& e) {
    throw BadRecord(std::string("PPN: ") + e.what());
  }
  std::unique_ptr<State> state = game->new_initial_state(Chance(0));
  state->set_recording(true);
  auto& rel = static_cast<RelativityState&>(*state);

  for (const ppn::MoveText& m : record.moves) {
    const std::string label = m.number.empty() ? "line " + std::to_string(m.line) : m.number;
    auto fail = [&](const std::string& why) { throw BadRecord("PPN move " + label + ": " + why); };
    if (state->is_terminal()) fail("the game is already over");
    const Round move_round = rel.round();
    const char side =
        m.number.empty() ? '\0' : char(std::toupper(static_cast<unsigned char>(m.number.back())));
    if (side == 'S' || side == 'T') {
      const Role role = side == 'S' ? kSpace : kTime;
      if (role != rel.role_to_move())
        fail(std::string("the record has ") + (role == kSpace ? "Space" : "Time") +
             " moving, but it is " + (rel.role_to_move() == kSpace ? "Space" : "Time") + "'s turn");
    }
    try {
      state->apply_text(m.parts[0]);
    } catch (const BadMove& e) {
      fail(e.what());
    }
    // The trophies the record awards on this swap.
    const char suit = move_round == kNight ? 'M' : 'S';
    uint8_t recorded = 0;
    for (std::size_t i = 1; i < m.parts.size(); ++i) {
      const std::string& part = m.parts[i];
      const auto at = part.find('@');
      const std::string trophy = part.substr(0, at);
      if (trophy.size() != 2 || (trophy[0] != 'M' && trophy[0] != 'S') ||
          rank_of_char(trophy[1]) < 0)
        fail(quote(part) + " is not a trophy annotation such as M2@e6");
      if (trophy[0] != suit)
        fail(quote(part) + " names a " + (trophy[0] == 'M' ? "Moon" : "Sun") + " trophy in the " +
             (move_round == kNight ? "Night" : "Day") + " round");
      recorded |= uint8_t(1u << rank_of_char(trophy[1]));
    }
    if (recorded != rel.last_trophies())
      fail("the record awards " + trophies_text(recorded, suit) + " but the engine awards " +
           trophies_text(rel.last_trophies(), suit));
  }
  return state;
}

}  // namespace tabletop::relativity
