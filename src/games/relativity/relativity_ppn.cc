#include "games/relativity/relativity_ppn.h"

#include <cctype>
#include <vector>

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

std::unique_ptr<State> replay_ppn(const std::vector<ppn::Record>& documents) {
  if (documents.empty()) throw BadRecord("PPN: the file holds no game");
  if (documents.size() > 2)
    throw BadRecord(
        "PPN: a Relativity game is at most two documents (the Night round, then the "
        "Day round), but the file holds " +
        std::to_string(documents.size()));
  // The deal of each document, checking its header.
  std::vector<std::string> deals;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    const ppn::Record& record = documents[d];
    const std::string which = d == 0 ? "" : "the Day document's ";
    auto field = [&](const std::string& key) {
      auto it = record.header.find(key);
      return it == record.header.end() ? std::string() : it->second;
    };
    std::string name = field("GameType.Name");
    if (name.empty()) name = field("GameType");
    if (name != "Relativity")
      throw BadRecord("PPN: " + which + "GameType Name is " + quote(name) +
                      ", expected 'Relativity'");
    const std::string coins = field("GameType.Coins");
    if (coins.empty()) throw BadRecord("PPN: " + which + "header has no GameType Coins");
    const std::string round = field("Round");
    if (d == 0 && !round.empty() && round != "Night")
      throw BadRecord("PPN: only records that start with the Night round can be replayed (Round: " +
                      round + ")");
    if (d == 1 && round != "Day")
      throw BadRecord("PPN: the second document must be the Day round (Round: Day), not " +
                      quote(round));
    deals.push_back(coins);
  }

  std::shared_ptr<const Game> game;
  try {
    json params{{"coins", deals[0]}};
    if (deals.size() > 1) params["coins2"] = deals[1];
    game = std::make_shared<RelativityGame>(params);
  } catch (const BadParams& e) {
    throw BadRecord(std::string("PPN: ") + e.what());
  }
  std::unique_ptr<State> state = game->new_initial_state(Chance(0));
  state->set_recording(true);
  auto& rel = static_cast<RelativityState&>(*state);

  for (std::size_t d = 0; d < documents.size(); ++d) {
    const Round document_round = Round(d);
    if (rel.round() != document_round)
      throw BadRecord("PPN: the Night document ends before the Night round does (" +
                      std::to_string(rel.trophies_taken(kNight)) +
                      " of 5 trophies taken), but a Day document follows");
    for (const ppn::MoveText& m : documents[d].moves) {
      const std::string label =
          (d == 1 ? "Day " : "") + (m.number.empty() ? "line " + std::to_string(m.line) : m.number);
      auto fail = [&](const std::string& why) {
        throw BadRecord("PPN move " + label + ": " + why);
      };
      if (state->is_terminal()) fail("the game is already over");
      if (rel.round() != document_round)
        fail(
            "the Night round is over; the Day round's moves belong in a second document "
            "(`Round: Day`, with the Day deal in its GameType Coins)");
      const char side =
          m.number.empty() ? '\0' : char(std::toupper(static_cast<unsigned char>(m.number.back())));
      if (side == 'S' || side == 'T') {
        const Role role = side == 'S' ? kSpace : kTime;
        if (role != rel.role_to_move())
          fail(std::string("the record has ") + (role == kSpace ? "Space" : "Time") +
               " moving, but it is " + (rel.role_to_move() == kSpace ? "Space" : "Time") +
               "'s turn");
      }
      try {
        state->apply_text(m.parts[0]);
      } catch (const BadMove& e) {
        fail(e.what());
      }
      // The trophies the record awards on this swap.
      const char suit = document_round == kNight ? 'M' : 'S';
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
               (document_round == kNight ? "Night" : "Day") + " round");
        recorded |= uint8_t(1u << rank_of_char(trophy[1]));
      }
      if (recorded != rel.last_trophies())
        fail("the record awards " + trophies_text(recorded, suit) + " but the engine awards " +
             trophies_text(rel.last_trophies(), suit));
    }
  }
  return state;
}

std::unique_ptr<State> replay_ppn(const ppn::Record& record) {
  return replay_ppn(std::vector<ppn::Record>{record});
}

std::vector<ppn::Record> record_ppn(const Record& record) {
  std::shared_ptr<const RelativityGame> game;
  try {
    game = std::make_shared<RelativityGame>(record.params);
  } catch (const BadParams& e) {
    throw BadRecord(std::string("record: ") + e.what());
  }
  Chance chance(record.seed);
  chance.script(record.chance);
  std::unique_ptr<State> state;
  try {
    state = game->new_initial_state(std::move(chance));
  } catch (const Error& e) {
    throw BadRecord(std::string("record: the deal does not replay: ") + e.what());
  }
  state->set_recording(true);
  auto& rel = static_cast<RelativityState&>(*state);
  std::vector<ppn::Record> documents;
  auto open_document = [&] {
    ppn::Record document;
    document.header["GameType.Name"] = "Relativity";
    document.header["GameType.Coins"] = coins_string(rel.board());
    document.header["Round"] = rel.round() == kNight ? "Night" : "Day";
    documents.push_back(std::move(document));
  };
  open_document();
  int number = 1;
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const Round round = rel.round();
    const Role role = rel.role_to_move();
    try {
      state->apply_text(record.moves[i]);
    } catch (const Error& e) {
      throw BadRecord("record: move " + std::to_string(i + 1) + " (" + quote(record.moves[i]) +
                      ") does not replay: " + e.what());
    }
    const Move swap = state->parse_move(record.moves[i]);
    ppn::MoveText m;
    m.number = std::to_string(number) + (role == kSpace ? "S" : "T");
    // The swap as the record wrote it ("d3#d1"), when that is the plain two-square form.
    const std::string& as_recorded = record.moves[i];
    const std::string low = square_name(swap_low(swap)), high = square_name(swap_high(swap));
    const bool plain = as_recorded == low + "#" + high || as_recorded == high + "#" + low;
    m.parts.push_back(plain ? as_recorded : low + "#" + high);
    for (int r = 0; r < kRanks; ++r)
      if (rel.last_trophies() & (1u << r))
        m.parts.push_back(std::string{round == kNight ? 'M' : 'S', rank_char(r)} +
                          (role == kSpace ? "@b6" : "@e6"));
    documents.back().moves.push_back(std::move(m));
    if (role == kTime) ++number;
    if (rel.round() != round) {
      open_document();
      number = 1;
    }
  }
  if (rel.stopped_by_ply_cap())
    throw BadRecord("record: the game was stopped by the engine's ply cap (max_plies " +
                    std::to_string(game->max_plies()) + "), which PPN cannot record");
  if (state->is_terminal()) documents.back().comments.push_back(state->log().events().back().text);
  return documents;
}

}  // namespace tabletop::relativity
