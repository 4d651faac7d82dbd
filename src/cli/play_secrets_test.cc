// Hidden information in the terminal: every hidden-information game played by `tabletop play` in a
// pseudo-terminal (so the thinking bar is on), one person at seat 0 against computer seats, and
// everything printed searched for the secrets that person may not know at that moment.
//
// A secret here is (1) a computer seat's candidate move whose text depends on what seat 0 cannot
// see: legal for the computer in the true state but not in some state seat 0 cannot tell apart from
// it (State::determinize); its text names the hidden thing ("goal M5" names a coin in the
// computer's hand); and (2) the full text of every log event seat 0 may not read ("seat 1 is dealt
// tiles S0 M0 ..."). In Siege and Culture Wars no seat knows more than another (a face-down Army or
// an unseen coin is unknown to all), so (1) finds nothing there and the hidden truth is guarded by
// the observation and the log, which (2) and the rendered board check. After each line the person
// types, what the program printed until its next prompt must name no secret of the computer
// decisions it covered, unless the person may know that text by then (their board, their log and
// their own legal moves at that next prompt).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "cli/pty.h"
#include "core/record.h"
#include "games/games.h"

namespace tabletop::cli {
namespace {

using namespace std::chrono_literals;
using testing::Pty;

std::string bin() {
  const char* over = std::getenv("TABLETOP_PLAY_BIN");  // to try another build of the command
  return over && *over ? over : TABLETOP_BIN_DIR "/tabletop";
}

// The legal moves of `state` as text.
std::vector<std::string> texts(const State& state) {
  std::vector<std::string> out;
  for (Move m : state.legal_moves()) out.push_back(state.move_to_string(m));
  return out;
}

// The moves `moves` lists in the chunk of output (comma-separated after "legal moves:").
std::vector<std::string> listed_moves(const std::string& chunk, const std::string& prompt) {
  const std::size_t at = chunk.find("legal moves:");
  if (at == std::string::npos) return {};
  std::string list = chunk.substr(at + 12);
  list = list.substr(0, list.find(prompt));
  list = list.substr(0, list.rfind('\n'));
  std::erase(list, '\r');  // a terminal ends its lines with CR LF
  std::vector<std::string> out;
  if (const std::size_t grouped = list.find(" groups, each as START | its ENDS\n");
      grouped != std::string::npos) {
    // list_moves' groups: "  START | END END ..." per group, continued on lines indented by 6; a
    // move is the start and one end, joined by a space unless the start ends in '-', '#' or ':'.
    std::istringstream lines(list.substr(grouped + 34));
    std::vector<std::string> groups;
    for (std::string line; std::getline(lines, line);)
      if (line.starts_with("      ") && !groups.empty())
        groups.back() += " " + line.substr(6);
      else if (line.starts_with("  "))
        groups.push_back(line);
    for (const std::string& g : groups) {
      const std::size_t bar = g.find("| ");
      if (bar == std::string::npos) continue;
      const std::size_t first = g.find_first_not_of(' ');
      std::string head = first < bar ? g.substr(first, bar - first) : std::string();
      while (!head.empty() && head.back() == ' ') head.pop_back();
      if (!head.empty() && std::string("-#:").find(head.back()) == std::string::npos) head += ' ';
      std::istringstream tails(g.substr(bar + 2));
      for (std::string tail; tails >> tail;) out.push_back(head + tail);
    }
    return out;
  }
  std::string item;
  std::istringstream parts(list);
  while (std::getline(parts, item, ',')) {
    std::istringstream words(item);
    std::string word, move;
    while (words >> word) move += (move.empty() ? "" : " ") + word;
    if (!move.empty()) out.push_back(move);
  }
  return out;
}

struct Chunk {
  std::string text;   // what the program printed after one typed line (the echo left out)
  std::size_t moves;  // moves of the record played when the next prompt came
};

// Secrets of the computer decisions at plies [from, to) of `states` that seat 0 may not know at
// `states[to]`.
std::set<std::string> secrets(const std::vector<std::unique_ptr<State>>& states, std::size_t from,
                              std::size_t to, Rng& rng) {
  std::set<std::string> out;
  for (std::size_t p = from; p < to; ++p) {
    const State& s = *states[p];
    const auto& events = states[p + 1]->log().events();
    for (std::size_t e = s.log().events().size(); e < events.size(); ++e)
      if (events[e].seen_by != EventLog::kEveryone && !(events[e].seen_by & 1))
        out.insert(events[e].text);
    if (s.current_player() == 0) continue;
    const std::vector<std::string> truth = texts(s);
    for (int k = 0; k < 6; ++k) {
      const std::vector<std::string> sample = texts(*s.determinize(0, rng));
      const std::set<std::string> in_sample(sample.begin(), sample.end());
      for (const std::string& t : truth)
        if (!in_sample.count(t)) out.insert(t);
    }
  }
  // What seat 0 may read by then excuses a text.
  const State& now = *states[to];
  std::string known = now.render(0);
  for (const std::string& e : now.log().for_viewer(0)) known += "\n" + e;
  if (!now.is_terminal() && now.current_player() == 0)
    for (const std::string& t : texts(now)) known += "\n" + t;
  for (auto it = out.begin(); it != out.end();)
    it = known.find(*it) != std::string::npos ? out.erase(it) : std::next(it);
  return out;
}

// `seat_secrets`: the game gives seats private knowledge, so secrets must have been searched for.
void play_and_search(const std::string& game_id, int players, int human_decisions, uint64_t seed,
                     bool seat_secrets) {
  SCOPED_TRACE(game_id);
  const std::string record_path =
      (std::filesystem::temp_directory_path() /
       ("tabletop_secrets_" + std::to_string(getpid()) + "_" + game_id + ".json"))
          .string();
  std::vector<std::string> argv = {bin(),
                                   "play",
                                   game_id,
                                   "--param",
                                   "players=" + std::to_string(players),
                                   "--seed",
                                   std::to_string(seed),
                                   "--record",
                                   record_path,
                                   "--seats"};
  std::string seats = "human";
  for (int s = 1; s < players; ++s) seats += ",ismcts:time=130";
  argv.push_back(seats);
  // Colour off (NO_COLOR): a secret split by colour codes would escape the text checks below.
  Pty pty(argv, {"TERM=xterm", "NO_COLOR=1"});
  const std::string prompt =
      games::registry().make(game_id, {{"players", players}})->seat_name(0) + "> ";

  std::vector<Chunk> chunks;
  std::size_t from = 0, end = 0;
  int decisions = 0;
  Rng pick(seed);
  auto next_prompt = [&](const std::string& typed) {
    const bool seen = pty.wait_for(prompt, from, 60s, &end);
    std::string text = pty.output().substr(from, (seen ? end : pty.output().size()) - from);
    if (const std::size_t echo = text.find(typed); !typed.empty() && echo != std::string::npos)
      text.erase(echo, typed.size());
    chunks.push_back({text, 0});
    from = seen ? end : pty.output().size();
    return seen;
  };
  bool asked = next_prompt("");
  // Every line is typed once the line editor has the terminal, so it is echoed once (by the
  // editor), not a second time by the terminal driver, and the echo can be told from the output.
  while (asked && decisions < human_decisions) {
    ASSERT_TRUE(pty.wait_line_editor(60s)) << pty.output();
    pty.type("moves\n");
    if (!next_prompt("moves")) break;
    const std::vector<std::string> moves = listed_moves(chunks.back().text, prompt);
    ASSERT_FALSE(moves.empty()) << chunks.back().text;
    const std::string move = moves[pick.uniform(uint32_t(moves.size()))];
    ASSERT_TRUE(pty.wait_line_editor(60s)) << pty.output();
    pty.type(move + "\n");
    ++decisions;
    asked = next_prompt(move);
  }
  if (asked) pty.type("quit\n");
  ASSERT_EQ(pty.wait_exit(30s), 0) << pty.output();
  EXPECT_NE(pty.output().find("thinking ["), std::string::npos)
      << "the thinking bar never showed: the test would not see a leak through it";

  // The game again, in-process, from its record: every state it went through.
  std::ifstream in(record_path);
  ASSERT_TRUE(in) << record_path;
  const Record record = Record::from_json(json::parse(in));
  std::filesystem::remove(record_path);
  std::shared_ptr<const Game> game = games::registry().make(record.game, record.params);
  Chance chance(record.seed);
  chance.script(record.chance);
  chance.set_journal(true);
  std::vector<std::unique_ptr<State>> states;
  states.push_back(game->new_initial_state(std::move(chance)));
  states.back()->set_recording(true);
  for (const std::string& m : record.moves) {
    states.push_back(states.back()->clone());
    states.back()->apply_text(m);
  }
  // Which state each prompt came at: the chunks alternate (before the first prompt, then per
  // decision: after "moves", after the move); a prompt after a move comes at seat 0's next turn.
  std::vector<std::size_t> human_turns;
  for (std::size_t p = 0; p < record.moves.size(); ++p)
    if (states[p]->current_player() == 0) human_turns.push_back(p);
  human_turns.push_back(record.moves.size());
  ASSERT_GE(human_turns.size(), std::size_t(decisions) + 1) << pty.output();
  Rng rng(seed ^ 0x5eed);
  std::size_t at = 0;  // plies played when the last chunk began
  int found = 0, checked = 0;
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    // Chunk 0 reaches seat 0's first turn; chunk 2k+1 (after "moves") stays there; chunk 2k+2
    // (after a move) reaches the next turn of seat 0 (or the end of the record).
    const std::size_t until = human_turns[std::min(c / 2, human_turns.size() - 1)];
    for (const std::string& secret : secrets(states, at, until, rng)) {
      ++checked;
      if (chunks[c].text.find(secret) == std::string::npos) continue;
      if (++found <= 5) {
        ADD_FAILURE() << "the terminal names '" << secret << "', a computer seat's secret, in:\n"
                      << chunks[c].text;
      }
    }
    at = until;
  }
  EXPECT_EQ(found, 0) << "secrets named in " << game_id << "'s terminal output";
  if (seat_secrets) {
    EXPECT_GT(checked, 0) << "no secret was searched for: the test saw nothing";
  }
  std::printf("%s: %d secrets searched for in %zu bytes of output\n", game_id.c_str(), checked,
              pty.output().size());
}

TEST(PlaySecrets, ConspiracyShowsNoComputerSecret) {
  play_and_search("conspiracy", 3, 10, 5, true);
}
TEST(PlaySecrets, SiegeShowsNoComputerSecret) {
  play_and_search("siege", 2, 10, 3, false);
}
TEST(PlaySecrets, CultureWarsShowsNoComputerSecret) {
  play_and_search("culture-wars", 2, 8, 4, false);
}

// The secrets: the computer seats' hands (a deploy, a pro move or a placement from the hand names
// the card) and the piles they saw by Hacking or Scrying.
TEST(PlaySecrets, ConspiracyTcgShowsNoComputerSecret) {
  play_and_search("conspiracy-tcg", 3, 12, 6, true);
}

TEST(PlaySecrets, EveryHiddenInformationGameIsPlayedHere) {
  const std::set<std::string> covered = {"conspiracy", "siege", "culture-wars", "conspiracy-tcg"};
  for (const GameEntry& e : games::registry().entries()) {
    if (!e.info.hidden_information) continue;
    EXPECT_TRUE(covered.count(e.info.id)) << e.info.id << " needs a PlaySecrets test";
  }
}

}  // namespace
}  // namespace tabletop::cli
