// Match's undo policy (core/record.h) on real games: a seat takes back its own last decision, never
// across a chance outcome, a reveal of hidden information or another human seat's move.
#include <gtest/gtest.h>

#include "core/record.h"
#include "games/games.h"

namespace tabletop {
namespace {

std::shared_ptr<const Game> make(const std::string& id, json params = json::object()) {
  return games::registry().make(id, params);
}

// True when `move` draws a chance outcome from `state` (tried on a copy).
bool draws(const State& state, Move move) {
  std::unique_ptr<State> copy = state.clone();
  copy->chance().set_journal(true);
  const std::size_t before = copy->chance().journal().size();
  copy->apply(move);
  return copy->chance().journal().size() != before;
}

TEST(Undo, OwnMoveIsTakenBackAndTheFutureIsUnchanged) {
  // Siege: a move that is not the turn's last draws nothing; undo goes back to the decision, and
  // the next roll is the one the game would have rolled without the move.
  const auto game = make("siege", {{"players", 2}});
  Match match(game, 3, {"human", "human"});
  EXPECT_EQ(match.why_no_undo(0), "seat 0 has made no move to take back");
  Rng rng(7);
  for (int ply = 0; ply < 5000 && !match.state().is_terminal(); ++ply) {
    const State& state = match.state();
    const Seat seat = state.current_player();
    for (Move quiet : state.legal_moves()) {
      if (draws(state, quiet) || state.reveals(quiet)) continue;
      const json before = state.to_json();
      const std::vector<std::string> prefix = match.moves();
      match.play(quiet);
      EXPECT_EQ(match.why_no_undo(seat), "");
      match.undo_own(seat);
      EXPECT_EQ(match.moves(), prefix);
      EXPECT_EQ(match.state().to_json(), before);
      match.play_text("end");
      Match untouched(game, 3, {"human", "human"});
      for (const std::string& m : prefix) untouched.play_text(m);
      untouched.play_text("end");
      EXPECT_EQ(match.state().to_json(), untouched.state().to_json());
      EXPECT_EQ(match.record().chance, untouched.record().chance);
      return;
    }
    const std::vector<Move> moves = state.legal_moves();
    match.play(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  FAIL() << "no quiet move was found";
}

TEST(Undo, RefusedAcrossAChanceOutcome) {
  // The example: `end` rolls the next seat's dice; undoing it would show that roll.
  Match match(make("siege", {{"players", 2}}), 3, {"human", "random"});
  const Seat seat = match.state().current_player();
  match.play_text("end");
  const std::string why = match.why_no_undo(seat);
  EXPECT_NE(why.find("the dice have been rolled or pieces drawn since (move"), std::string::npos)
      << why;
  EXPECT_NE(why.find("'end'"), std::string::npos) << why;
  try {
    match.undo_own(seat);
    FAIL() << "undo across a roll was allowed";
  } catch (const BadMove& e) {
    EXPECT_EQ(std::string(e.what()), "cannot undo: " + why);
  }
  EXPECT_EQ(match.moves().size(), 1u);
}

TEST(Undo, RefusedAcrossARevealOfHiddenInformation) {
  // Siege: an attack turns up Army values. Play on until a seat can attack without rolling.
  Match match(make("siege", {{"players", 2}}), 11, {"random", "random"});
  Rng rng(5);
  for (int ply = 0; ply < 5000 && !match.state().is_terminal(); ++ply) {
    const State& state = match.state();
    for (Move m : state.legal_moves()) {
      if (!state.reveals(m) || draws(state, m)) continue;
      const Seat seat = state.current_player();
      match.play(m);
      const std::string why = match.why_no_undo(seat);
      EXPECT_NE(why.find("hidden pieces have been shown since (move"), std::string::npos) << why;
      EXPECT_THROW(match.undo_own(seat), BadMove);
      return;
    }
    const std::vector<Move> moves = state.legal_moves();
    match.play(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  FAIL() << "no attack that reveals was found";
}

TEST(Undo, RefusedAcrossAnotherHumansMoveButNotAComputers) {
  // Relativity draws no chance until its second round, and hides nothing.
  const auto game = make("relativity");
  Match humans(game, 1, {"human", "human"});
  humans.play(humans.state().legal_moves()[0]);
  humans.play(humans.state().legal_moves()[0]);
  EXPECT_NE(humans.why_no_undo(0).find("seat 1, a human, has moved since"), std::string::npos)
      << humans.why_no_undo(0);
  EXPECT_THROW(humans.undo_own(0), BadMove);
  EXPECT_EQ(humans.why_no_undo(1), "");
  humans.undo_own(1);
  EXPECT_EQ(humans.moves().size(), 1u);

  Match computer(game, 1, {"human", "random"});
  const json start = computer.state().to_json();
  computer.play(computer.state().legal_moves()[0]);
  computer.play(computer.state().legal_moves()[0]);
  EXPECT_EQ(computer.why_no_undo(0), "");
  computer.undo_own(0);  // takes back the computer's reply too
  EXPECT_TRUE(computer.moves().empty());
  EXPECT_EQ(computer.state().to_json(), start);
}

TEST(Undo, RefusedForNoSeatAndAfterTheEnd) {
  Match match(make("relativity"), 1, {"human", "random"});
  EXPECT_EQ(match.why_no_undo(2), "there is no seat 2");
  EXPECT_EQ(match.why_no_undo(-1), "there is no seat -1");
  Rng rng(3);
  while (!match.state().is_terminal()) {
    const std::vector<Move> moves = match.state().legal_moves();
    match.play(moves[rng.uniform(uint32_t(moves.size()))]);
  }
  EXPECT_EQ(match.why_no_undo(0), "the game is over");
}

// A refused undo names another seat's move by its number only: its text may be a secret (a
// Conspiracy goal names a coin in that seat's hand). Every hidden-information game, every seat,
// at every ply of a random game with seat 0 human and computers elsewhere.
TEST(Undo, RefusalQuotesNoOtherSeatsMove) {
  int refusals = 0, others_named = 0;
  for (const GameEntry& e : games::registry().entries()) {
    if (!e.info.hidden_information) continue;
    std::shared_ptr<const Game> game = games::registry().make(e.info.id, e.test_params);
    std::vector<std::string> seats(std::size_t(game->num_players()), "random");
    seats[0] = "human";
    Match match(game, 7, seats);
    Rng rng(3);
    for (int ply = 0; ply < 300 && !match.state().is_terminal(); ++ply) {
      const std::vector<Move> moves = match.state().legal_moves();
      match.play(moves[rng.uniform(uint32_t(moves.size()))]);
      for (Seat seat = 0; seat < game->num_players(); ++seat) {
        const std::string why = match.why_no_undo(seat);
        if (why.empty()) continue;
        ++refusals;
        for (std::size_t i = 0; i < match.moves().size(); ++i) {
          const std::string number = "move " + std::to_string(i + 1) + " (";
          if (why.find(number) == std::string::npos) continue;
          const bool own = why.find(number + "'") != std::string::npos;
          if (!own) ++others_named;
          EXPECT_EQ(why.find("'" + match.moves()[i] + "'") != std::string::npos, own)
              << e.info.id << " seat " << seat << ": " << why;
          EXPECT_FALSE(own && why.find(number + "seat ") != std::string::npos) << why;
        }
      }
    }
  }
  EXPECT_GT(refusals, 0);
  EXPECT_GT(others_named, 0) << "no refusal named another seat's move: the test saw nothing";
}

// Match::undoable says, before a move is sent, what why_no_undo says right after it, in a game
// without hidden information; in one with, it says no move can (its answer would be worked out on
// the truth). Every game, every seat human, every legal move (up to 40 a position) of the first 40
// plies of a random game.
TEST(Undo, UndoableSaysBeforeTheMoveWhatWhyNoUndoSaysAfterIt) {
  for (const GameEntry& e : games::registry().entries()) {
    std::shared_ptr<const Game> game = games::registry().make(e.info.id, e.test_params);
    Match match(game, 5, std::vector<std::string>(std::size_t(game->num_players()), "human"));
    Rng rng(11);
    int yes = 0, checked = 0;
    for (int ply = 0; ply < 40 && !match.state().is_terminal(); ++ply) {
      const std::vector<Move> moves = match.state().legal_moves();
      const Seat seat = match.state().current_player();
      for (std::size_t i = 0; i < moves.size() && i < 40; ++i) {
        const bool said = match.undoable(moves[i]);
        match.play(moves[i]);
        const bool could = match.why_no_undo(seat).empty();
        EXPECT_EQ(said, could && !e.info.hidden_information)
            << e.info.id << " ply " << ply << ": " << match.moves().back() << ": "
            << match.why_no_undo(seat);
        match.undo();
        yes += said;
        ++checked;
      }
      match.play(moves[rng.uniform(uint32_t(moves.size()))]);
    }
    EXPECT_GT(checked, 0) << e.info.id;
    if (!e.info.hidden_information) {
      EXPECT_GT(yes, 0) << e.info.id << ": no move could be taken back";
    }
  }
}

// In a game with hidden information no move is undoable, even one undo could take back: the card
// game dealt with seed 2 for two seats, seat 0's Shadow Surge with @24, which draws nothing and
// shows nothing. In a game with chance, a move that hands the turn to a computer is not either:
// Relativity draws from its second round, and a computer answers at once.
TEST(Undo, UndoableIsFalseInAGameThatHidesAndWhenAComputerAnswersInAGameThatDraws) {
  const auto game = make("conspiracy-tcg", {{"players", 2}});
  Match humans(game, 2, {"human", "human"});
  const Move surge = humans.state().parse_move("surge @24 none>AGENCY");
  EXPECT_FALSE(humans.undoable(surge));
  humans.play(surge);
  EXPECT_EQ(humans.why_no_undo(0), "");

  Match relativity(make("relativity"), 1, {"human", "random"});
  Match relativity_humans(make("relativity"), 1, {"human", "human"});
  const Move first = relativity.state().legal_moves()[0];
  EXPECT_FALSE(relativity.undoable(first));
  EXPECT_TRUE(relativity_humans.undoable(first));
}

}  // namespace
}  // namespace tabletop
