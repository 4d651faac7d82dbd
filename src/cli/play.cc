// `tabletop play`: a game in the terminal between people and computer players.
//
// What a person reads is built from the views they may have: the board from `render(seat)`, what
// happened from the log as filtered for them (`for_viewer`), and a computer's thinking as a bar
// that shows progress only (agent.h: on a hidden-information game an agent's notes never name its
// candidates). With several people at one terminal, a hand-over prompt clears the screen before a
// private view is shown.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "ai/agent.h"
#include "ai/levels.h"
#include "cli/commands.h"
#include "cli/line_input.h"
#include "cli/style.h"
#include "core/record.h"
#include "core/text.h"
#include "games/games.h"

namespace tabletop::cli {
namespace {

constexpr const char* kCommands =
    "Type a move in the game's notation (Tab completes it), or a command:\n"
    "  moves        list the legal moves\n"
    "  board        show the board again\n"
    "  legend       the key to the board's signs\n"
    "  log          show what has happened (as this seat may know it)\n"
    "  undo         take back your last move (and the computer's replies)\n"
    "  hint         the move the computer would play (in a game started with --hints)\n"
    "  help KIND    explain one kind of move (the kinds are listed below)\n"
    "  quit         leave the game (the record is saved)\n";

const char* const kCommandNames[] = {"moves", "board", "legend", "log",
                                     "undo",  "hint",  "help",   "quit"};

std::string default_record_path(const std::string& game, uint64_t seed) {
  const std::string file = game + "-" + std::to_string(seed) + ".json";
  std::filesystem::path dir;
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state)
    dir = std::filesystem::path(state) / "tabletop";
  else if (const char* home = std::getenv("HOME"); home && *home)
    dir = std::filesystem::path(home) / ".local" / "state" / "tabletop";
  else
    return "tabletop-" + file;
  return (dir / file).string();
}

}  // namespace

std::string list_moves(const std::vector<std::string>& moves) {
  std::string out = std::to_string(moves.size()) + " legal moves:";
  if (moves.size() <= kUngroupedMoves) {
    // Comma-separated: a move may hold spaces ("goal S4").
    for (std::size_t i = 0; i < moves.size(); ++i)
      out += " " + moves[i] + (i + 1 < moves.size() ? "," : "");
    return wrap_text(out, 78, 2);
  }
  // Grouped by everything before the last part, in the order the groups first appear.
  std::vector<std::pair<std::string, std::string>> groups;
  for (const std::string& m : moves) {
    const std::size_t cut = m.find_last_of(" -#:");
    const std::string head = cut == std::string::npos ? "" : m.substr(0, cut + 1);
    const std::string tail = cut == std::string::npos ? m : m.substr(cut + 1);
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == head; });
    if (it == groups.end())
      groups.push_back({head, tail});
    else
      it->second += " " + tail;
  }
  out += " " + std::to_string(groups.size()) + " groups, each as START | its ENDS";
  for (const auto& [head, tails] : groups)
    out += "\n" + wrap_text("  " + head + " | " + tails, 78, 6);
  return out;
}

std::string wrap_text(const std::string& text, std::size_t width, std::size_t indent) {
  return wrap_words(text, width, indent);
}

std::string notation_help(const Game& game, const std::string& kind) {
  const std::vector<NotationKind> kinds = game.notation();
  std::ostringstream out;
  if (kind.empty()) {
    if (kinds.empty()) return "(this game's notation is not written up yet: type 'moves')\n";
    out << wrap_text(game.info().name + " notation (help KIND explains one):", 78, 2) << "\n";
    for (const NotationKind& k : kinds) {
      std::string line = "  " + k.name + ": " + k.form;
      if (!k.examples.empty()) line += " (e.g. " + k.examples.front() + ")";
      out << wrap_text(line, 78, 6) << "\n";
    }
    return out.str();
  }
  for (const NotationKind& k : kinds) {
    if (k.name != kind) continue;
    out << wrap_text(k.name + ": " + k.form, 78, 4) << "\n"
        << wrap_text("  " + k.meaning, 78, 2) << "\n";
    if (!k.examples.empty()) {
      // Comma-separated, as a move may hold spaces ("deploy @17 front c2").
      std::string examples = "  examples:";
      for (std::size_t i = 0; i < k.examples.size(); ++i)
        examples += " " + k.examples[i] + (i + 1 < k.examples.size() ? "," : "");
      out << wrap_text(examples, 78, 4) << "\n";
    }
    return out.str();
  }
  std::string known;
  for (const NotationKind& k : kinds) known += (known.empty() ? "" : ", ") + k.name;
  return "no kind of move '" + kind + "'" + (known.empty() ? "" : "; the kinds are: " + known) +
         "\n";
}

namespace {

// One game at the terminal: the seats (people and computers), the match, the record, and what
// each person has read of the log. play() makes one and runs it.
class PlaySession {
 public:
  explicit PlaySession(const PlayOptions& options);
  int run();

 private:
  std::vector<std::unique_ptr<ai::Agent>> make_agents();
  std::string name(Seat s) const {
    return game_->seat_name(s) + (seats_[std::size_t(s)] == "human" ? "" : " (computer)");
  }
  // The header: the game, the seed, who plays each seat, the board's key, the help line.
  void introduce();
  // Prints what the log says since event `first`, as `viewer` may read it (`news`: what just
  // happened, bold in colour).
  void tell(Seat viewer, std::size_t first, bool news = true);
  void save_record();
  void computer_move(Seat seat);
  // Hands a hidden-information game's terminal to `seat`; false when input ended.
  bool hand_over_to(Seat seat);
  // One line a person typed at `seat`'s prompt: a command or a move. False when they quit.
  bool person_line(Seat seat, const std::string& line);
  void undo(Seat seat);

  const PlayOptions& options_;
  std::shared_ptr<const Game> game_;
  std::vector<std::string> seats_;
  uint64_t seed_ = 0;
  bool hidden_ = false, tty_ = false;
  TerminalStyle style_;
  std::vector<std::unique_ptr<ai::Agent>> agents_;
  int humans_ = 0;
  std::unique_ptr<Match> match_;
  std::string record_path_, board_key_, hint_spec_;
  // Whose view the computers' moves are told in: the one person at the terminal, else a
  // spectator's (several people each read their own view only after a hand-over).
  Seat watcher_ = kSpectator;
  bool hand_over_ = false;
  std::vector<Seat> movers_;  // who made each move, for undo
  LineInput input_;
  // The log position each person has read up to (for the news after a hand-over).
  std::vector<std::size_t> read_up_to_;
  Seat last_viewer_ = kSpectator;
  bool show_ = true;  // the board is drawn before the next prompt
};

// The players count from --seats where the game allows and none was given.
json params_for(const PlayOptions& options) {
  json params = options.params;
  if (const GameEntry* entry = games::registry().find(options.game);
      entry && !options.seats.empty() && !params.contains("players") &&
      entry->info.min_players != entry->info.max_players)
    for (const ParamSpec& p : entry->params)
      if (p.name == "players") params["players"] = int(options.seats.size());
  return params;
}

std::vector<std::string> seat_names(const Game& game) {
  std::vector<std::string> names;
  for (int s = 0; s < game.num_players(); ++s) names.push_back(game.seat_name(s));
  return names;
}

PlaySession::PlaySession(const PlayOptions& options)
    : options_(options),
      game_(games::registry().make(options.game, params_for(options))),
      seats_(options.seats),
      seed_(options.seed ? *options.seed
                         : std::random_device{}() * 65536ULL + std::random_device{}() % 65536),
      hidden_(game_->info().hidden_information),
      tty_(isatty(STDERR_FILENO)),
      // Colour for seats and news on a terminal, ASCII when the locale cannot show the signs.
      style_(TerminalStyle::detect(seat_names(*game_))) {
  const int players = game_->num_players();
  if (seats_.empty()) {
    seats_.assign(std::size_t(players), kDefaultComputer);
    seats_[0] = "human";
  }
  if (int(seats_.size()) != players)
    throw BadParams(options.game + " needs " + std::to_string(players) + " seats, --seats gave " +
                    std::to_string(seats_.size()));
  agents_ = make_agents();
  for (const auto& s : seats_) humans_ += s == "human";
  match_ = std::make_unique<Match>(game_, seed_, seats_);
  record_path_ = !options.record               ? std::string()
                 : options.record_path.empty() ? default_record_path(options.game, seed_)
                                               : options.record_path;
  if (humans_ == 1)
    for (int s = 0; s < players; ++s)
      if (seats_[std::size_t(s)] == "human") watcher_ = s;
  hand_over_ = humans_ > 1 && hidden_;
  board_key_ = game_->board_key();
  hint_spec_ = options.hint_spec.empty() ? ai::level_spec("hard") : options.hint_spec;
  read_up_to_.assign(std::size_t(players), 0);
  input_.set_candidates([this] {
    std::vector<std::string> all;
    const State& state = match_->state();
    if (!state.is_terminal() && !agents_[std::size_t(state.current_player())])
      for (Move m : state.legal_moves()) all.push_back(state.move_to_string(m));
    for (const char* c : kCommandNames) all.push_back(c);
    return all;
  });
}

// While a computer player thinks, a bar on stderr (a terminal only). On a perfect-information
// game it names the move the search prefers; on a hidden-information game the agent reports
// progress only, and the bar never prints a note there either.
std::vector<std::unique_ptr<ai::Agent>> PlaySession::make_agents() {
  const bool hidden = hidden_;
  auto show_progress = [hidden](double done, const std::string& note) {
    const int width = 24, filled = int(done * width + 0.5);
    std::fprintf(stderr, "\r  thinking [%s%s] %3.0f%%  %s\033[K",
                 std::string(std::size_t(filled), '#').c_str(),
                 std::string(std::size_t(width - filled), '.').c_str(), 100 * done,
                 hidden ? "" : note.c_str());
    std::fflush(stderr);
  };
  std::vector<std::unique_ptr<ai::Agent>> agents(seats_.size());
  for (std::size_t s = 0; s < seats_.size(); ++s)
    if (seats_[s] != "human") {
      agents[s] = ai::make_agent(seats_[s], *game_, seed_ * 7919 + s);
      if (tty_) agents[s]->set_progress(show_progress);
    }
  return agents;
}

void PlaySession::introduce() {
  std::cout << style_(game_->info().name + " — seed " + std::to_string(seed_)) << "\n";
  for (int s = 0; s < game_->num_players(); ++s)
    std::cout << style_("  " + game_->seat_name(s) + ": " +
                        (seats_[std::size_t(s)] == "human" ? "human"
                                                           : "computer " + seats_[std::size_t(s)]))
              << "\n";
  if (style_.ascii()) std::cout << style_.ascii_key() << "\n";
  // The key to the board's signs once here (and on `legend`), not under every board.
  std::cout << style_(board_key_);
  if (options_.hints) std::cout << "Hints are on: type 'hint' on your turn.\n";
  std::cout << "Type 'help' for the notation and the commands.\n";
}

void PlaySession::tell(Seat viewer, std::size_t first, bool news) {
  for (const std::string& event : match_->state().log().for_viewer(viewer, first))
    std::cout << style_(wrap_text("  " + event, 78, 4), news) << "\n";
}

void PlaySession::save_record() {
  if (record_path_.empty()) return;
  std::error_code ignored;
  const auto parent = std::filesystem::path(record_path_).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ignored);
  std::ofstream out(record_path_);
  json record = match_->record().to_json();
  if (options_.hints) record["hints"] = true;  // the record says hints were allowed
  out << record.dump() << "\n";
  if (out.flush())
    std::cout << "Record saved to " << record_path_ << " (replay it: tabletop replay "
              << record_path_ << " --step)\n";
  else
    std::cerr << "error: cannot write the record to '" << record_path_ << "'\n";
}

void PlaySession::computer_move(Seat seat) {
  const State& state = match_->state();
  ai::Agent& agent = *agents_[std::size_t(seat)];
  const Move move = agent.choose(state);
  if (tty_) std::fprintf(stderr, "\r\033[K"), std::fflush(stderr);
  const std::size_t events_before = state.log().events().size();
  for (auto& a : agents_)
    if (a) a->observe(state, move);
  const std::string text = state.move_to_string(move);
  match_->play(move);
  movers_.push_back(seat);
  // The move as the watcher may know it: through their log. A perfect-information game whose log
  // says nothing of a move names it in notation.
  const std::vector<std::string> seen = match_->state().log().for_viewer(watcher_, events_before);
  if (seen.empty())
    std::cout << style_("  " + name(seat) + (hidden_ ? " moves" : " plays " + text), true) << "\n";
  else
    tell(watcher_, events_before);
  if (options_.verbose) {
    const std::string note = agent.last_decision_note();
    if (!note.empty()) std::cout << "    [" << agent.spec() << ": " << note << "]\n";
  }
  show_ = true;
}

bool PlaySession::hand_over_to(Seat seat) {
  // Clear the screen and its scrollback so the last person's private view is gone, then wait for
  // the next person.
  std::cout << "\033[H\033[2J\033[3J" << std::flush;
  const auto ready = input_.read("Hand the terminal to " + name(seat) + " and press Enter (" +
                                 name(seat) + " only)... ");
  if (!ready) return false;
  std::cout << "\033[H\033[2J\033[3J" << std::flush;
  std::cout << "Since your last turn:\n";
  tell(seat, read_up_to_[std::size_t(seat)]);
  show_ = true;
  return true;
}

void PlaySession::undo(Seat seat) {
  if (humans_ != 1) {
    std::cout << "undo is for a game against the computer\n";
    return;
  }
  // The core policy: the human's own last move, never across a roll, a reveal or a human.
  const std::string why = match_->why_no_undo(seat);
  if (!why.empty()) {
    std::cout << "cannot undo: " << why << "\n";
    return;
  }
  int count = int(match_->moves().size());
  match_->undo_own(seat);
  movers_.resize(match_->moves().size());
  count -= int(match_->moves().size());
  agents_ = make_agents();
  std::cout << "took back " << count << " move" << (count > 1 ? "s" : "") << "\n";
  show_ = true;
}

bool PlaySession::person_line(Seat seat, const std::string& line) {
  const State& state = match_->state();
  if (line.empty()) return true;
  if (line == "quit" || line == "exit") return false;
  if (line == "help" || line == "?") {
    std::cout << kCommands << notation_help(*game_, "");
  } else if (line.starts_with("help ")) {
    std::cout << notation_help(*game_, trim(line.substr(5)));
  } else if (line == "legend") {
    std::cout << style_(board_key_.empty() ? "the board explains its signs itself\n" : board_key_);
  } else if (line == "board") {
    show_ = true;
  } else if (line == "moves") {
    MoveList moves;
    state.legal_moves(moves);
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < moves.size(); ++i) texts.push_back(state.move_to_string(moves[i]));
    std::cout << style_(list_moves(texts)) << "\n";
  } else if (line == "log") {
    tell(seat, 0, false);
  } else if (line == "hint") {
    // Seeded afresh: the search samples only what this seat may know (ai/advice.h).
    std::cout << hint_line(*match_, options_.hints, hint_spec_, std::random_device{}()) << "\n";
  } else if (line == "undo") {
    undo(seat);
  } else {
    const std::size_t events_before = state.log().events().size();
    try {
      match_->play_text(line);
    } catch (const BadMove& e) {
      std::cout << "illegal: " << e.what() << "\n";
      return true;
    }
    movers_.push_back(seat);
    // What changed, as this person may know it; when they move again, the board with what is
    // left (dice, action points) and the kind of step that comes next (State::turn_status).
    tell(seat, events_before);
    read_up_to_[std::size_t(seat)] = match_->state().log().events().size();
    show_ = match_->state().current_player() == seat || (humans_ > 1 && !hand_over_);
  }
  return true;
}

int PlaySession::run() {
  introduce();
  if (!hand_over_) tell(watcher_, 0);
  while (!match_->state().is_terminal()) {
    const State& state = match_->state();
    const Seat seat = state.current_player();
    if (agents_[std::size_t(seat)]) {
      computer_move(seat);
      continue;
    }
    if (hand_over_ && seat != last_viewer_ && !hand_over_to(seat)) {
      std::cout << "\n";
      save_record();
      return 0;
    }
    if (show_) {
      // The board, then what is left of this turn and the kind of step that comes next.
      std::cout << "\n" << style_(state.render(seat));
      if (const std::string status = state.turn_status(seat); !status.empty())
        std::cout << style_(wrap_text("  " + status, 78, 4)) << "\n";
      show_ = false;
      last_viewer_ = seat;
    }
    read_up_to_[std::size_t(seat)] = state.log().events().size();
    const auto read = input_.read(game_->seat_name(seat) + "> ");
    if (!read) std::cout << "\n";
    if (!read || !person_line(seat, trim(*read))) {
      save_record();
      return 0;
    }
  }
  const Seat final_viewer = humans_ == 1 ? watcher_ : kSpectator;
  // The board ends with the game's own worded result (who won and why, or what stopped it).
  std::cout << "\n" << style_(match_->state().render(final_viewer));
  save_record();
  return 0;
}

}  // namespace

int play(const PlayOptions& options) {
  PlaySession session(options);
  return session.run();
}

}  // namespace tabletop::cli
