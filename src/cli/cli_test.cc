// End-to-end tests of the `tabletop` command: run the built binary, check output and exit codes.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

namespace {

struct Result {
  int code;
  std::string out;  // stdout and stderr together
};

// This test process's own scratch directory. ctest runs each test as its own process, several at
// once (-j2, and the release and sanitizer builds may run side by side): a file name shared between
// tests, such as one fixed input file, let one test's input be read by another's `play` (a record
// with 0 moves: the other test's "quit" was read instead of "a1#b1").
// Removed when the process ends.
const std::string& scratch() {
  struct Dir {
    std::string path = ::testing::TempDir() + "/tabletop_cli_test_" + std::to_string(::getpid());
    Dir() {
      std::filesystem::remove_all(path);
      std::filesystem::create_directories(path);
    }
    ~Dir() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Dir dir;
  return dir.path;
}

// `env`: more "NAME=value " settings for the command.
Result run(const std::string& args, const std::string& input = "", const std::string& env = "") {
  // `play` saves its record under $XDG_STATE_HOME by default: keep the tests' records in theirs.
  std::string command = "XDG_STATE_HOME=" + scratch() + "/state " + env + " " +
                        std::string(TABLETOP_BIN_DIR) + "/tabletop " + args + " 2>&1";
  if (!input.empty()) {
    static int inputs = 0;
    const std::string path = scratch() + "/input_" + std::to_string(++inputs) + ".txt";
    std::ofstream(path) << input;
    command += " < " + path;
  } else {
    command += " < /dev/null";
  }
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  std::array<char, 4096> buffer;
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

const std::string kDeal = "--param coins=n45a5n/3a2243/3n4a2n/a25345";
const std::string kShared = TABLETOP_SHARED_DIR;

TEST(Cli, ListShowsIdNameAndPlayers) {
  Result r = run("list");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("relativity\tRelativity\t2 players"), std::string::npos) << r.out;
}

TEST(Cli, HelpEverywhere) {
  for (const char* cmd : {"", "list", "play", "apply", "replay", "sim", "perft"}) {
    Result r = run(std::string(cmd) + " --help");
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << cmd << r.out;
  }
}

// `tabletop rate` on a share's sums over deals gives the lab's interval: 58 wins of 60 decisive
// games, one game a deal, is Wilson's [88.64%, 99.08%] (scripts/ladder grows shares with it).
TEST(Cli, RateGivesAShareAndTheLabsIntervalFromItsSums) {
  const Result r = run(
      "rate -", R"({"deal_sums": {"deals": 60, "s": 58, "t": 60, "ss": 58, "st": 58, "tt": 60}})");
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json out = nlohmann::json::parse(r.out);
  EXPECT_NEAR(out.at("share").get<double>(), 58.0 / 60, 1e-12);
  EXPECT_NEAR(out.at("share_95")[0].get<double>(), 0.8864, 5e-5);
  EXPECT_NEAR(out.at("share_95")[1].get<double>(), 0.9908, 5e-5);
  EXPECT_NE(run("rate -", R"({"deal_sums": {"deals": 1}})").code, 0);
}

TEST(Cli, ApplyPrintsTheStateAsJson) {
  Result r = run("apply relativity " + kDeal + " d3#e3 d3#d1 c2#c3 d2#b1");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["game"], "relativity");
  EXPECT_EQ(j["current_player"], 0);
  EXPECT_EQ(j["terminal"], false);
  EXPECT_EQ(j["returns"], nlohmann::json::array({0.0, 0.0}));
  EXPECT_EQ(j["observation"]["trophies"][1]["night"], nlohmann::json::array({"2"}));
  EXPECT_EQ(j["observation"]["last_swap"], "b1#d2");
}

TEST(Cli, ApplyIllegalMoveSaysWhichAndWhyAndExits2) {
  Result r = run("apply relativity " + kDeal + " d3#e3 a1#f1");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("move 2 'a1#f1'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Time swaps only"), std::string::npos) << r.out;
  Result typo = run("apply relativity " + kDeal + " d3e3");
  EXPECT_EQ(typo.code, 2);
  EXPECT_NE(typo.out.find("not a swap"), std::string::npos) << typo.out;
}

TEST(Cli, BadParamsAndGamesGiveOneClearLine) {
  Result bad_game = run("apply chess");
  EXPECT_EQ(bad_game.code, 2);
  EXPECT_NE(bad_game.out.find("unknown game 'chess'"), std::string::npos) << bad_game.out;
  Result bad_coins = run("apply relativity --param coins=nnnn");
  EXPECT_EQ(bad_coins.code, 2);
  EXPECT_NE(bad_coins.out.find("error: coins"), std::string::npos) << bad_coins.out;
  Result unknown = run("apply relativity --param colour=red");
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.out.find("unknown parameter"), std::string::npos) << unknown.out;
}

// `deck check`: each card's keys, and where the gazetteer puts a card that gives only a city.
TEST(Cli, DeckCheckShowsEachCardAndWhereTheGazetteerPutsACityOnlyCard) {
  const std::string deck = scratch() + "/cities.vcf";
  std::ofstream(deck) << "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Jonsdottir;Sigga;;;\r\n"
                         "TITLE:Tango instructor\r\nTEL:354 555 0101\r\n"
                         "ADR;TYPE=work:;;Laugavegur 1;Reykjavik;;;Iceland\r\n"
                         "X-TABLETOP-ARMY:Performance\r\nEND:VCARD\r\n"
                         "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Moe;Cal;;;\r\nTEL:555 0102\r\n"
                         "ADR;TYPE=work:;;Main Street;Springfield;;;USA\r\n"
                         "X-TABLETOP-ARMY:Food\r\nEND:VCARD\r\n";
  Result r = run("deck check " + deck);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("deck \"cities\", 2 cards"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Jonsdottir, Sigga  [Performance]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pro moves: "), std::string::npos) << r.out;
  if (r.out.find("no gazetteer installed") != std::string::npos)
    GTEST_SKIP() << "data/gazetteer/gazetteer.tsv is not built: " << r.out;
  // Reykjavik in Iceland is one place; Springfield in the USA is many (the card loses NEAR/FAR).
  EXPECT_NE(r.out.find("location: by the gazetteer, Reykjav"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(IS) 64."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Springfield not placed: ambiguous"), std::string::npos) << r.out;
  Result j = run("deck check --json " + deck);
  ASSERT_EQ(j.code, 0) << j.out;
  std::istringstream lines(j.out);
  std::string line;
  std::getline(lines, line);
  const nlohmann::json first = nlohmann::json::parse(line);
  EXPECT_EQ(first["city_placement"]["placed"], true) << line;
  EXPECT_EQ(first["city_placement"]["country"], "IS") << line;
  std::getline(lines, line);
  EXPECT_EQ(nlohmann::json::parse(line)["city_placement"]["placed"], false) << line;
}

// `deck check` says per card where its army comes from; a deck with a card that needs an army
// exits 1 and lists it; --json adds army_source, army_reason and army_candidates.
TEST(Cli, DeckCheckShowsEachCardsArmyAndWhyAndRefusesAnUnsettledDeck) {
  const std::string deck = scratch() + "/armies.vcf";
  std::ofstream(deck) << "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Hartley;Amelia;;;\r\n"
                         "TITLE:Pediatrician\r\nTEL:802 555 0100\r\nEND:VCARD\r\n"
                         "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Silva;Ana;;;\r\n"
                         "TITLE:Pet therapist\r\nTEL:802 555 0101\r\nEND:VCARD\r\n"
                         "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Zosser;Zed;;;\r\n"
                         "TITLE:Astrologer\r\nX-TABLETOP-ARMY:All Others\r\nEND:VCARD\r\n";
  Result r = run("deck check " + deck);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("army: inferred from \"pediatrician\" (occupation)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Silva, Ana  [needs an army]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ambiguous: Animals or Therapy"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("army: annotation"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 card needs a shadow army"), std::string::npos) << r.out;
  Result j = run("deck check --json " + deck);
  std::istringstream lines(j.out);
  std::string line;
  std::vector<nlohmann::json> cards;
  while (std::getline(lines, line))
    if (line.starts_with("{")) cards.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(cards.size(), 3u) << j.out;
  EXPECT_EQ(cards[0]["army_source"], "inferred");
  EXPECT_EQ(cards[0]["army"], "Medicine");
  EXPECT_EQ(cards[1]["army_source"], "needs an army");
  EXPECT_EQ(cards[1]["army_candidates"], nlohmann::json({"Animals", "Therapy"}));
  EXPECT_EQ(cards[2]["army_source"], "annotation");
}

TEST(Cli, ReplaysTheRecordedPpnGame) {
  Result r = run("replay " + kShared + "/data/ppn/relativity.ppn");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("replays exactly"), std::string::npos) << r.out;
}

TEST(Cli, ReplayExportPpnWritesAFileThatReplaysToTheSameEnd) {
  const std::string dir = ::testing::TempDir();
  // A finished game from `sim`-free means: play it with two random seats and keep its record.
  Result played =
      run("play relativity --seed 4 --seats random,random --record " + dir + "/export.json");
  ASSERT_EQ(played.code, 0) << played.out;
  Result ppn = run("replay " + dir + "/export.json --export ppn");
  ASSERT_EQ(ppn.code, 0) << ppn.out;
  EXPECT_EQ(ppn.out.rfind("---\n", 0), 0u) << ppn.out;
  EXPECT_NE(ppn.out.find("Round: Day"), std::string::npos) << ppn.out;
  std::ofstream(dir + "/export.ppn") << ppn.out;
  Result back = run("replay " + dir + "/export.ppn");
  EXPECT_EQ(back.code, 0) << back.out;
  EXPECT_NE(back.out.find("replays exactly"), std::string::npos) << back.out;
  // The JSON record's final board and the PPN's are the same picture.
  Result json_end = run("replay " + dir + "/export.json");
  ASSERT_EQ(json_end.code, 0) << json_end.out;
  const std::string board_ppn = back.out.substr(back.out.find('\n') + 1);
  EXPECT_NE(json_end.out.find(board_ppn), std::string::npos) << json_end.out << "\n" << back.out;
  // Another game, a PPN file and an unknown format: one clear line each.
  Result other = run("replay " + kShared + "/data/ppn/relativity.ppn --export ppn");
  EXPECT_EQ(other.code, 2);
  EXPECT_NE(other.out.find("already PPN"), std::string::npos) << other.out;
  Result format = run("replay " + dir + "/export.json --export pgn");
  EXPECT_EQ(format.code, 2);
  EXPECT_NE(format.out.find("the one format is ppn"), std::string::npos) << format.out;
}

TEST(Cli, MalformedPpnAndJsonFailWithOneLine) {
  const std::string dir = scratch();
  std::ofstream(dir + "/bad.ppn") << "---\nGameType:\n  Name: Relativity\n  Coins: "
                                     "\"n45a5n/3a2243/3n4a2n/a25345\"\n...\n1S. d3#e3 1T. a1#f1\n";
  Result ppn = run("replay " + dir + "/bad.ppn");
  EXPECT_EQ(ppn.code, 2);
  EXPECT_NE(ppn.out.find("PPN move 1T"), std::string::npos) << ppn.out;
  std::ofstream(dir + "/bad.json") << "{\"game\": \"relativity\", \"moves\": [\"d3#e3\", \"zz\"]}";
  Result json = run("replay " + dir + "/bad.json");
  EXPECT_EQ(json.code, 2);
  EXPECT_NE(json.out.find("move 2 ('zz')"), std::string::npos) << json.out;
  std::ofstream(dir + "/garbage.json") << "{not json";
  Result garbage = run("replay " + dir + "/garbage.json");
  EXPECT_EQ(garbage.code, 2);
  EXPECT_NE(garbage.out.find("error:"), std::string::npos) << garbage.out;
  Result missing = run("replay " + dir + "/no-such-file.json");
  EXPECT_EQ(missing.code, 2);
}

// The project's error contract: exactly one line, starting "error: ", exit status 2.
void expect_one_error_line(const Result& r, const std::string& what) {
  EXPECT_EQ(r.code, 2) << what << ": " << r.out;
  EXPECT_EQ(r.out.rfind("error: ", 0), 0u) << what << ": " << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << what << ": " << r.out;
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << what << ": " << r.out;
}

// Issue 13, case 5: CLI11's own errors exited 104-114 with two lines and no "error:".
TEST(Cli, EveryParseErrorIsOneErrorLineWithAHintAndExit2) {
  for (const char* args :
       {"sim relativity --games -1", "apply relativity --seed abc", "perft relativity --depth 100",
        "apply relativity --param", "apply relativity --no-such-flag", "apply relativity -d3",
        "sim relativity --threads 200", "sim relativity --threads -1", "nosuchcommand", "", "apply",
        "apply relativity --seed 18446744073709551616", "apply relativity --seed -1",
        "bench --iterations 0", "sim relativity --games 99999999999999999999",
        "sim relativity --progress sometimes"}) {
    Result r = run(args);
    expect_one_error_line(r, args);
    EXPECT_NE(r.out.find("--help"), std::string::npos) << args << ": " << r.out;
  }
  EXPECT_NE(run("apply relativity -d3").out.find("after '--'"), std::string::npos);
  Result seed = run("apply relativity --seed 18446744073709551615 " + kDeal);
  EXPECT_EQ(seed.code, 0) << seed.out;
  // A move that starts with '-' goes after "--" and is then judged as a move.
  Result dash = run("apply relativity -- -d3");
  expect_one_error_line(dash, "-- -d3");
  EXPECT_NE(dash.out.find("move 1 '-d3'"), std::string::npos) << dash.out;
}

// `tabletop bench GAME -p key=value`: one game's positions under those parameters, its plain and
// tuned lines (the card game's tuned search is what the lobby's levels run), and clear errors.
TEST(Cli, BenchOfOneGameUnderParameters) {
  Result six = run("bench conspiracy-tcg -i 20 -p players=6");
  ASSERT_EQ(six.code, 0) << six.out;
  EXPECT_NE(six.out.find("conspiracy-tcg   ismcts:iterations=20 "), std::string::npos) << six.out;
  EXPECT_NE(six.out.find("ismcts:iterations=2,opponents=greedy,prior=20"), std::string::npos)
      << six.out;
  EXPECT_EQ(six.out.find("relativity"), std::string::npos) << six.out;
  EXPECT_NE(six.out.find("Tuned: "), std::string::npos) << six.out;
  // Six players search other positions than the default two: another signature.
  Result two = run("bench conspiracy-tcg -i 20");
  ASSERT_EQ(two.code, 0) << two.out;
  auto signature = [](const std::string& out) { return out.substr(out.find("Bench: ")); };
  EXPECT_NE(signature(six.out), signature(two.out));
  Result alone = run("bench -p players=6");
  expect_one_error_line(alone, "bench -p");
  EXPECT_NE(alone.out.find("--param needs a game"), std::string::npos) << alone.out;
  Result unknown = run("bench nosuchgame");
  expect_one_error_line(unknown, "bench nosuchgame");
  EXPECT_NE(unknown.out.find("unknown game"), std::string::npos) << unknown.out;
  Result bad = run("bench conspiracy-tcg -p players=9");
  expect_one_error_line(bad, "bench players=9");
}

// A long run logged to a file: `--progress lines` writes plain lines on stderr (no bar, no
// carriage returns), the last one when every game is done; without it a pipe stays quiet.
TEST(Cli, SimProgressLinesForALog) {
  Result lines = run("sim relativity -n 3 --agents random,random --no-quality --progress lines");
  ASSERT_EQ(lines.code, 0) << lines.out;
  EXPECT_NE(lines.out.find("sim: 3 of 3 games in 0:0"), std::string::npos) << lines.out;
  EXPECT_EQ(lines.out.find('\r'), std::string::npos) << lines.out;
  // the end is drawn once, though both the last game and its deal report it
  EXPECT_EQ(lines.out.find("sim: 3 of 3"), lines.out.rfind("sim: 3 of 3")) << lines.out;
  Result quiet = run("sim relativity -n 3 --agents random,random --no-quality");
  ASSERT_EQ(quiet.code, 0) << quiet.out;
  EXPECT_EQ(quiet.out.find("sim: "), std::string::npos) << quiet.out;
}

// Issue 13, case 4: --param players=4294967298 played a 2-player game.
TEST(Cli, OutOfRangeParamsAreErrorsNotTruncated) {
  Result r = run("apply relativity --param players=4294967298");
  expect_one_error_line(r, "players");
  EXPECT_NE(r.out.find("4294967298 is out of range"), std::string::npos) << r.out;
}

// Issue 13, case 6: input is echoed escaped and cut, never raw.
TEST(Cli, OffendingInputIsQuotedEscapedAndCut) {
  Result newline = run("apply siege \"$(printf 'end\\nend')\"");
  expect_one_error_line(newline, "newline");
  EXPECT_NE(newline.out.find("'end\\nend'"), std::string::npos) << newline.out;
  const std::string dir = scratch();
  std::ofstream(dir + "/ansi.json") << R"({"game":"relativity","moves":["\u001b[31mred"]})";
  expect_one_error_line(run("replay " + dir + "/ansi.json"), "ANSI");
  const std::string huge(1'000'000, 'x');
  std::ofstream(dir + "/huge.json") << R"({"game":"relativity","moves":[")" << huge << R"("]})";
  Result cut = run("replay " + dir + "/huge.json");
  expect_one_error_line(cut, "huge move");
  EXPECT_LT(cut.out.size(), 1200u);
  EXPECT_NE(cut.out.find("(1000000 bytes)"), std::string::npos) << cut.out.substr(0, 300);
}

// Issue 13, case 1: 200,000 nested arrays in a record (exit 139), or in the params of a JSON
// Lines record, crashed with a stack overflow.
TEST(Cli, DeeplyNestedJsonIsRefusedNotACrash) {
  const std::string dir = scratch();
  const std::string deep = std::string(200'000, '[') + std::string(200'000, ']');
  std::ofstream(dir + "/deep.json") << R"({"game":"relativity","moves":[],"x":)" << deep << "}";
  Result one = run("replay " + dir + "/deep.json");
  expect_one_error_line(one, "deep record");
  EXPECT_NE(one.out.find("deeper than"), std::string::npos) << one.out;
  // Pretty-printed (several lines) and in the second record of JSON Lines.
  std::ofstream(dir + "/deep_pretty.json")
      << "{\n\"game\": \"relativity\",\n\"x\": " << deep << "\n}\n";
  Result pretty = run("replay " + dir + "/deep_pretty.json");
  expect_one_error_line(pretty, "pretty");
  EXPECT_NE(pretty.out.find("deeper than"), std::string::npos) << pretty.out;
  Result sim = run("sim relativity --games 1 --records " + dir + "/one.jsonl");
  ASSERT_EQ(sim.code, 0) << sim.out;
  std::ifstream in(dir + "/one.jsonl");
  std::string record;
  std::getline(in, record);
  std::ofstream(dir + "/deep.jsonl")
      << record << "\n"
      << R"({"game":"relativity","moves":[],"params":{"p":)" << deep << "}}\n";
  Result lines = run("replay " + dir + "/deep.jsonl");
  expect_one_error_line(lines, "deep JSON Lines");
  EXPECT_NE(lines.out.find("line 2"), std::string::npos) << lines.out;
  Result param = run("apply relativity --param players=" + std::string(10'000, '['));
  expect_one_error_line(param, "deep param");
}

// A saved game resumes: apply --save writes the state, apply --state plays on from it, and the
// result is the same as playing all the moves at once.
TEST(Cli, ApplyResumesASavedState) {
  const std::string dir = scratch();
  Result first = run("apply relativity " + kDeal + " d3#e3 d3#d1 --save " + dir + "/saved.json");
  ASSERT_EQ(first.code, 0) << first.out;
  Result resumed = run("apply relativity --state " + dir + "/saved.json c2#c3 d2#b1");
  ASSERT_EQ(resumed.code, 0) << resumed.out;
  Result whole = run("apply relativity " + kDeal + " d3#e3 d3#d1 c2#c3 d2#b1");
  // The same state; the log differs by design: a saved state holds no log, so the resumed run's
  // log holds only the moves applied after it.
  nlohmann::json resumed_json = nlohmann::json::parse(resumed.out);
  nlohmann::json whole_json = nlohmann::json::parse(whole.out);
  const std::vector<std::string> whole_log = whole_json["log"];
  EXPECT_EQ(resumed_json["log"],
            nlohmann::json(std::vector<std::string>(whole_log.end() - 2, whole_log.end())));
  resumed_json.erase("log");
  whole_json.erase("log");
  EXPECT_EQ(resumed_json, whole_json);
  // Broken, foreign or tampered saved states are one error line each.
  std::ofstream(dir + "/not_json.json") << "{\"game\":";
  expect_one_error_line(run("apply relativity --state " + dir + "/not_json.json"), "not JSON");
  expect_one_error_line(run("apply siege --state " + dir + "/saved.json"), "other game");
  expect_one_error_line(run("apply relativity --state " + dir + "/missing.json"), "missing");
  auto saved = nlohmann::json::parse(std::ifstream(dir + "/saved.json"));
  saved["state"] = 7;
  std::ofstream(dir + "/tampered.json") << saved.dump();
  expect_one_error_line(run("apply relativity --state " + dir + "/tampered.json"), "tampered");
  Result illegal = run("apply relativity --state " + dir + "/saved.json d3#d1");
  expect_one_error_line(illegal, "illegal after resume");
}

// `apply --legal`: the legal moves of the seat to move as JSON, for every game through the core
// API: the first and the last of them apply; in a hidden-information game only that seat's view
// may list them.
TEST(Cli, ApplyLegalPrintsTheLegalMovesAsJson) {
  for (const char* game : {"relativity", "conspiracy", "siege", "culture-wars", "conspiracy-tcg"}) {
    const std::string deal = std::string("apply ") + game + " --seed 3";
    const nlohmann::json plain = nlohmann::json::parse(run(deal).out);
    const std::string viewer = " --viewer " + plain["current_player"].dump();
    Result r = run(deal + " --legal" + viewer);
    ASSERT_EQ(r.code, 0) << game << "\n" << r.out;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    ASSERT_TRUE(j["legal_moves"].is_array()) << game;
    ASSERT_FALSE(j["legal_moves"].empty()) << game;
    std::set<std::string> distinct;
    for (const nlohmann::json& move : j["legal_moves"]) {
      ASSERT_TRUE(move.is_string()) << game;
      distinct.insert(move.get<std::string>());
    }
    EXPECT_EQ(distinct.size(), j["legal_moves"].size()) << game;
    for (const std::string move : {j["legal_moves"].front(), j["legal_moves"].back()}) {
      Result applied = run(deal + " '" + move + "'");
      EXPECT_EQ(applied.code, 0) << game << " " << move << "\n" << applied.out;
    }
    // Everything else is what apply prints without --legal.
    nlohmann::json without = j;
    without.erase("legal_moves");
    EXPECT_EQ(without, nlohmann::json::parse(run(deal + viewer).out)) << game;
  }
  // Culture Wars' first step offers 184 tile moves with four players (README).
  const nlohmann::json cw =
      nlohmann::json::parse(run("apply culture-wars --seed 3 --legal --viewer 3").out);
  ASSERT_EQ(cw["current_player"], 3);
  EXPECT_EQ(cw["legal_moves"].size(), 184u);
  // A perfect-information game lists them to a spectator; a hidden-information one does not.
  EXPECT_EQ(run("apply relativity " + kDeal + " d3#e3 --legal").code, 0);
  Result hidden = run("apply conspiracy --param players=3 --seed 2 --legal");
  expect_one_error_line(hidden, "--legal to a spectator");
  EXPECT_NE(hidden.out.find("pass --viewer 0"), std::string::npos) << hidden.out;
  Result other = run("apply conspiracy --param players=3 --seed 2 --legal --viewer 1");
  expect_one_error_line(other, "--legal to another seat");
  // At the end no move is legal.
  const std::string dir = scratch();
  ASSERT_EQ(run("sim relativity --games 1 --seed 4 --records " + dir + "/legal_end.jsonl").code, 0);
  nlohmann::json record;
  std::ifstream(dir + "/legal_end.jsonl") >> record;
  std::string moves;
  for (const std::string move : record["moves"]) moves += " '" + move + "'";
  const std::string params = record["params"].contains("coins")
                                 ? " --param coins=" + record["params"]["coins"].get<std::string>()
                                 : "";
  Result end =
      run("apply relativity --seed " + record["seed"].dump() + params + moves + " --legal");
  ASSERT_EQ(end.code, 0) << end.out;
  const nlohmann::json over = nlohmann::json::parse(end.out);
  EXPECT_TRUE(over["terminal"].get<bool>());
  EXPECT_EQ(over["legal_moves"], nlohmann::json::array());
}

// `apply --state FILE --edited`: a position edited by hand is read (with the same checks as any
// saved state) for analysis and outside checkers, and marked so that it never passes for a game:
// the output and --save carry "edited": true and no record, `apply` without --edited and `replay`
// refuse the file. These are README's commands.
TEST(Cli, ApplyEditedStartsFromAHandBuiltPosition) {
  const std::string dir = scratch() + "/edited";
  std::filesystem::create_directories(dir);
  ASSERT_EQ(run("apply relativity " + kDeal + " d3#e3 --save " + dir + "/game.json").code, 0);
  const std::string board = "\"board\":\"n45a5n/3a2423/3n4a2n/a25345\"";
  std::string text;
  std::getline(std::ifstream(dir + "/game.json"), text);
  ASSERT_NE(text.find(board), std::string::npos) << text;
  // README: sed 's#"board":"n45a5n/3a2423/3n4a2n/a25345"#"board":"n45a5n/3a2423/3n4a2n/a25354"#'
  text.replace(text.find(board), board.size(), "\"board\":\"n45a5n/3a2423/3n4a2n/a25354\"");
  std::ofstream(dir + "/hand.json") << text << "\n";
  // Without --edited the record no longer leads to the position: refused, saying what to do.
  Result plain = run("apply relativity --state " + dir + "/hand.json");
  expect_one_error_line(plain, "edited without --edited");
  EXPECT_NE(plain.out.find("--edited"), std::string::npos) << plain.out;
  Result r = run("apply relativity --state " + dir + "/hand.json --edited --legal --save " + dir +
                 "/hand2.json");
  ASSERT_EQ(r.code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["edited"].get<bool>());
  EXPECT_EQ(j["observation"]["coins"], "n45a5n/3a2423/3n4a2n/a25354");
  // The edit changed what is legal: the legal moves differ from the unedited position's.
  const nlohmann::json unedited =
      nlohmann::json::parse(run("apply relativity --state " + dir + "/game.json --legal").out);
  EXPECT_FALSE(unedited.contains("edited"));
  EXPECT_NE(j["legal_moves"], unedited["legal_moves"]);
  // Moves play on from it; what --save writes is marked and holds no record.
  const std::string move = j["legal_moves"].front();
  EXPECT_EQ(run("apply relativity --state " + dir + "/hand2.json --edited '" + move + "'").code, 0);
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir + "/hand2.json"));
  EXPECT_EQ(saved["edited"], true);
  EXPECT_FALSE(saved.contains("record"));
  expect_one_error_line(run("apply relativity --state " + dir + "/hand2.json"), "marked");
  Result replayed = run("replay " + dir + "/hand2.json");
  expect_one_error_line(replayed, "replay an edited position");
  EXPECT_NE(replayed.out.find("edited by hand"), std::string::npos) << replayed.out;
  // The same checks as any saved state: an impossible position is refused with --edited too.
  nlohmann::json impossible = saved;
  impossible["state"]["board"] = "n45a5n/3a2423/3n4a2n/a25355";
  std::ofstream(dir + "/impossible.json") << impossible.dump();
  Result bad = run("apply relativity --state " + dir + "/impossible.json --edited");
  expect_one_error_line(bad, "impossible edited position");
  // --edited speaks of a --state file only.
  expect_one_error_line(run("apply relativity --edited"), "--edited without --state");
}

// Issue 25: a state saved by `apply --save` replays (`replay`, `--step`, `--export ppn`) through
// the record of the moves from the deal kept in it, in every game and after a resume; a saved state
// without one, or whose record leads elsewhere, is one error line saying what the file is.
TEST(Cli, ReplayWalksASavedStateByItsRecord) {
  const std::string dir = scratch();
  for (const char* game : {"relativity", "conspiracy", "siege", "culture-wars", "conspiracy-tcg"}) {
    const std::string records = dir + "/" + game + "_sim.jsonl";
    ASSERT_EQ(run(std::string("sim ") + game + " --games 1 --seed 4 --records " + records).code, 0);
    nlohmann::json record;
    std::ifstream(records) >> record;
    const std::vector<std::string> moves = record["moves"];
    ASSERT_GE(moves.size(), 12u) << game;
    auto quoted = [&](std::size_t from, std::size_t to) {
      std::string out;
      for (std::size_t i = from; i < to; ++i) out += " '" + moves[i] + "'";
      return out;
    };
    const std::string saved = dir + "/" + game + "_saved.json",
                      later = dir + "/" + game + "_2.json";
    Result first = run(std::string("apply ") + game + " --seed " + record["seed"].dump() +
                       quoted(0, 6) + " --save " + saved);
    ASSERT_EQ(first.code, 0) << first.out;
    Result second = run(std::string("apply ") + game + " --state " + saved + quoted(6, 12) +
                        " --save " + later);
    ASSERT_EQ(second.code, 0) << second.out;
    for (const std::string& file : {saved, later}) {
      Result replayed = run("replay " + file);
      EXPECT_EQ(replayed.code, 0) << replayed.out;
      EXPECT_NE(replayed.out.find("ok: 1 record(s) replay exactly"), std::string::npos)
          << replayed.out;
      Result steps = run("replay --step " + file);
      EXPECT_EQ(steps.code, 0) << steps.out;
    }
    // The later file's record holds all twelve moves, as the sim's record named them.
    nlohmann::json kept = nlohmann::json::parse(std::ifstream(later))["record"];
    EXPECT_EQ(kept["moves"],
              nlohmann::json(std::vector<std::string>(moves.begin(), moves.begin() + 12)))
        << game;
  }
  Result ppn = run("replay " + dir + "/relativity_2.json --export ppn");
  EXPECT_EQ(ppn.code, 0) << ppn.out;
  std::ofstream(dir + "/saved.ppn") << ppn.out;
  EXPECT_EQ(run("replay " + dir + "/saved.ppn").code, 0);
  // Without its record: what the file is and how to play on from it.
  nlohmann::json bare = nlohmann::json::parse(std::ifstream(dir + "/siege_2.json"));
  bare.erase("record");
  std::ofstream(dir + "/bare.json") << bare.dump();
  for (const char* how : {"replay ", "replay --step ", "replay --export ppn "}) {
    Result r = run(how + dir + "/bare.json");
    expect_one_error_line(r, how);
    EXPECT_NE(r.out.find("is a saved state (from 'tabletop apply --save'), not a record"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("tabletop apply siege --state FILE MOVE..."), std::string::npos) << r.out;
  }
  // A record that does not lead to the state saved with it.
  nlohmann::json wrong = nlohmann::json::parse(std::ifstream(dir + "/siege_2.json"));
  wrong["record"]["moves"].erase(wrong["record"]["moves"].end() - 1);
  std::ofstream(dir + "/wrong.json") << wrong.dump();
  Result r = run("replay " + dir + "/wrong.json");
  expect_one_error_line(r, "wrong record");
  EXPECT_NE(r.out.find("record"), std::string::npos) << r.out;
}

TEST(Cli, SimWritesSummaryAndRecordsThatReplay) {
  const std::string dir = scratch();
  Result r = run("sim relativity --games 20 --agents random,random --seed 5 --json " + dir +
                 "/sum.json --records " + dir + "/games.jsonl");
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(dir + "/sum.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["games"], 20);
  EXPECT_EQ(j["wins"].size(), 2u);
  EXPECT_EQ(j["wins"][0].get<int>() + j["wins"][1].get<int>() + j["draws"].get<int>(), 20);
  EXPECT_GT(j["mean_plies"].get<double>(), 0);
  Result replay = run("replay " + dir + "/games.jsonl");
  EXPECT_EQ(replay.code, 0) << replay.out;
  EXPECT_NE(replay.out.find("20 record(s) replay exactly"), std::string::npos) << replay.out;
  // Same seed, same games.
  Result again = run("sim relativity --games 20 --seed 5 --threads 1 --json " + dir + "/sum2.json");
  std::ifstream in2(dir + "/sum2.json");
  const auto j2 = nlohmann::json::parse(in2);
  EXPECT_EQ(j2["wins"], j["wins"]);
  EXPECT_EQ(j2["mean_plies"], j["mean_plies"]);
}

TEST(Cli, SimRejectsWrongAgentCount) {
  // One spec is for every seat; more than one must match the seats.
  Result one = run("sim relativity --games 2 --agents random");
  EXPECT_EQ(one.code, 0) << one.out;
  Result r = run("sim relativity --games 2 --agents random,random,random");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("2 seats"), std::string::npos) << r.out;
  Result bad = run("sim relativity --games 2 --agents random,wizard");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.out.find("unknown agent 'wizard'"), std::string::npos) << bad.out;
}

TEST(Cli, SimRefusesASweepThatOverridesAVariant) {
  const std::string dir = scratch();
  std::ofstream(dir + "/variants.json") << R"({"short": {"max_plies": 40}, "plain": {}})";
  Result r =
      run("sim relativity --games 2 --variants " + dir + "/variants.json --sweep max_plies=50,60");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("would override max_plies=40 that the --variants entry 'short' sets"),
            std::string::npos)
      << r.out;
  // Entries that leave the key alone are swept.
  std::ofstream(dir + "/plain.json") << R"({"a": {}, "b": {}})";
  Result other = run("sim relativity --games 2 --variants " + dir + "/plain.json --sweep " +
                     "max_plies=50,60");
  EXPECT_EQ(other.code, 0) << other.out;
  EXPECT_NE(other.out.find("== b max_plies=60"), std::string::npos) << other.out;
}

TEST(Cli, SimSearchNamesTheBestAndTheRunnerUp) {
  Result r =
      run("sim relativity -n 6 -j 2 --agents random --search max_plies=20..80/20 --target "
          "'decisive >= 90%'");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("4 candidates, successive halving from 6 deals"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("final round of 2 on 12 deals"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("best: max_plies="), std::string::npos) << r.out;
  // The runner-up is named, beaten or tied.
  const std::size_t runner_up = r.out.find("  runner-up");
  ASSERT_NE(runner_up, std::string::npos) << r.out;
  EXPECT_NE(r.out.substr(runner_up, r.out.find('\n', runner_up) - runner_up).find("max_plies="),
            std::string::npos)
      << r.out;
  Result bad = run("sim relativity -n 2 --search max_plies=20..40/20 --target 'fun >= 3'");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.out.find("--target must be"), std::string::npos) << bad.out;
  Result alone = run("sim relativity -n 2 --search max_plies=20..40/20");
  EXPECT_EQ(alone.code, 2);
  EXPECT_NE(alone.out.find("--search and --target go together"), std::string::npos) << alone.out;
}

TEST(Cli, PerftCountsSequences) {
  Result r = run("perft relativity " + kDeal + " --depth 1");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "96\n");
}

TEST(Cli, PlayExplainsTyposAndIllegalMovesThenGoesOn) {
  Result r = run("play relativity " + kDeal + " --seats human,random",
                 "help\nmoves\nd3e3\na1#c3\nd3#e3\nundo\nquit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("undo"), std::string::npos);
  EXPECT_NE(r.out.find("96 legal moves"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("illegal: 'd3e3' is not a swap"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Space swaps only neighbouring coins"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("seat 1 (Time) swaps"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("took back 2 moves"), std::string::npos) << r.out;
}

TEST(Cli, PlayTellsComputerMovesOnlyAsTheWatcherMayKnowThem) {
  // In a hidden-information game a move's notation can name a secret (Conspiracy's goal): the
  // terminal tells computer moves through the per-viewer log, never by their notation.
  Result r = run("play conspiracy --seats random,random,random,random --param max_rounds=1");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("notes a secret goal"), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_EQ(r.out.find(" plays "), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_FALSE(std::regex_search(r.out, std::regex("goal [SMCA][0-5]"))) << r.out.substr(0, 2000);
}

// It once failed under ctest -j2 with a record of 0 moves: every test wrote its input to one shared
// file, so another test's lines could be what `play` read (see scratch()).
TEST(Cli, PlayDrawsASeedPrintsItAndSavesAReplayableRecord) {
  const std::string record = scratch() + "/play_record.json";
  // The deal is fixed (so that a1#b1 is legal: two coins of one rank cannot be swapped), the seed
  // that drives the computer is drawn.
  Result r =
      run("play relativity " + kDeal + " --seats human,random --record " + record, "a1#b1\nquit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  std::smatch seed;
  ASSERT_TRUE(std::regex_search(r.out, seed, std::regex("seed ([0-9]+)"))) << r.out;
  EXPECT_NE(r.out.find("Record saved to " + record), std::string::npos) << r.out;
  std::ifstream in(record);
  const nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j["seed"].get<uint64_t>(), std::stoull(seed[1].str()));
  EXPECT_EQ(j["moves"].size(), 2u);  // the person's swap and the computer's reply
  Result replayed = run("replay " + record + " --step");
  EXPECT_EQ(replayed.code, 0) << replayed.out;
  EXPECT_NE(replayed.out.find("Move 1: seat 0 plays a1#b1"), std::string::npos) << replayed.out;
  EXPECT_NE(replayed.out.find("Move 2: seat 1 plays"), std::string::npos) << replayed.out;
  // Two games without --seed deal differently.
  Result other = run("play relativity --seats human,random --no-record", "quit\n");
  std::smatch other_seed;
  ASSERT_TRUE(std::regex_search(other.out, other_seed, std::regex("seed ([0-9]+)")));
  EXPECT_NE(seed[1].str(), other_seed[1].str());
  EXPECT_EQ(other.out.find("Record saved"), std::string::npos) << other.out;
}

TEST(Cli, PlayHelpExplainsThisGamesNotationAndOneKind) {
  Result r = run("play siege --param players=2 --seats human,random --seed 3 --no-record",
                 "help\nhelp attack\nhelp fly\nquit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("Siege by Number notation"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("e.g. 3:c3-c5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("attack: DIE:FROM-TOxTARGET"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("examples: 3:c3-c5xd5, 0:c3xd3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no kind of move 'fly'; the kinds are: move, attack, end"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("NE (seat 0)> "), std::string::npos) << r.out;
}

TEST(Cli, PlayShowsWhatChangedAndWhatIsLeftAfterEveryStep) {
  // Siege: after a die's move the same seat moves again: the step is told, and the board comes
  // back with the dice left, the piece moved and the kind of step that comes next.
  Result r = run("play siege --param players=2 --seats human,random --seed 3 --no-record",
                 "3:NE-g7\n4:g7-f5\nquit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  const std::size_t step = r.out.find("NE (seat 0): 4:g7-f5");
  ASSERT_NE(step, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("NE (seat 0): dice left 0 (Null); moved this turn: f5. Next: one die "
                       "moves or\n    attacks with a piece not moved yet (0:FROMxTARGET), or end.",
                       step),
            std::string::npos)
      << r.out.substr(step);
  // Relativity: before each swap, the role's swap and the one it may not reverse.
  Result swap = run("play relativity " + kDeal + " --seats human,random --seed 3 --no-record",
                    "d3#e3\nquit\n");
  EXPECT_NE(swap.out.find("seat 0 (Space): one swap, of two neighbouring coins"), std::string::npos)
      << swap.out;
  EXPECT_NE(swap.out.find(" back (the opponent's last swap)"), std::string::npos) << swap.out;
}

// Conspiracy: after `place COIN` the person reads the coin being placed, the action points left
// and the next step; the board says whose turn it is. The first run learns the hand.
TEST(Cli, PlayConspiracyTellsThePlacementUnderWayAndThePointsLeft) {
  const auto view =
      nlohmann::json::parse(run("apply conspiracy --param players=3 --seed 2 --viewer 0").out);
  const std::string goal =
      "goal " + view["observation"]["my_setup_coins"].get<std::string>().substr(0, 2);
  const std::string play =
      "play conspiracy --param players=3 --seats human,random,random --seed 2 --no-record";
  std::smatch hand;
  const Result first = run(play, goal + "\nquit\n");
  ASSERT_TRUE(std::regex_search(first.out, hand, std::regex("seat 0's turn; holds ([SMCA][0-5])")))
      << first.out;
  const Result r = run(play, goal + "\nplace " + hand[1].str() + "\nquit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("seat 0: 2 action points left, 3 coins in hand. Next: place COIN (1 point)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("seat 0 places a coin with " + hand[1].str() +
                       ", 1 action point left after it. Next: "),
            std::string::npos)
      << r.out;
}

// Culture Wars: a token step in the movement phase is followed by the tokens left to move. The
// moves up to it come from a random game's record (two people at the terminal: an empty line
// answers a hand-over and is ignored at a move prompt).
TEST(Cli, PlayCultureWarsTellsTheTokensLeftToMoveAfterAStep) {
  const std::string records = scratch() + "/cw.jsonl";
  const std::string params = "--param players=2 --param max_rounds=1";
  ASSERT_EQ(
      run("sim culture-wars " + params + " --games 1 --agents random --seed 2 --records " + records)
          .code,
      0);
  nlohmann::json record;
  {
    std::ifstream in(records);
    std::string line;
    std::getline(in, line);
    record = nlohmann::json::parse(line);
  }
  std::string input, step;
  for (const std::string move : record["moves"]) {
    input += "\n" + move + "\n";
    if (move.find(':') == std::string::npos && move != "done") {  // the first token step
      step = move;
      break;
    }
  }
  ASSERT_FALSE(step.empty()) << record.dump();
  Result r = run("play culture-wars " + params + " --seats human,human --seed " +
                     std::to_string(record["seed"].get<uint64_t>()) + " --no-record",
                 input + "quit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  // The step as the log tells it ("seat A (0) moves 2 tokens l15-k15"), then what is left to
  // the same seat.
  const std::string squares = step.substr(step.find_first_not_of("0123456789"));
  std::smatch told;
  ASSERT_TRUE(std::regex_search(
      r.out, told, std::regex("(seat [AB] \\([01]\\)) moves [0-9]+ tokens? " + squares)))
      << r.out;
  // Indented by two (the board's reserve lines by one).
  const std::size_t left = r.out.find("\n  " + told[1].str() + ": ", std::size_t(told.position(0)));
  ASSERT_NE(left, std::string::npos) << r.out.substr(std::size_t(told.position(0)));
  EXPECT_TRUE(std::regex_search(r.out.substr(left + 1, 200),
                                std::regex("^  seat [AB] \\([01]\\): ([0-9]+ tokens? not moved "
                                           "yet|every token has moved) this round[.:]")))
      << r.out.substr(left + 1, 200);
  EXPECT_NE(r.out.find("Next: ", left), std::string::npos) << r.out.substr(left);
}

TEST(Cli, PlayHandsTheTerminalOverBeforeAPrivateView) {
  // Two people at one terminal in a hidden-information game: the screen is cleared and the next
  // person asked to take over before their goal and hand are shown.
  const auto view =
      nlohmann::json::parse(run("apply conspiracy --param players=3 --seed 2 --viewer 0").out);
  const std::string coins = view["observation"]["my_setup_coins"];
  const std::string goal = "goal " + coins.substr(0, 2);
  Result r =
      run("play conspiracy --param players=3 --seats human,human,random --seed 2 --no-record",
          "\n" + goal + "\n\nquit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  const std::size_t first = r.out.find("Hand the terminal to seat 0");
  ASSERT_NE(first, std::string::npos) << r.out;
  const std::size_t second = r.out.find("Hand the terminal to seat 1");
  ASSERT_NE(second, std::string::npos) << r.out;
  // Clear screen and scrollback before each hand-over; seat 0's hand is shown only after its own.
  EXPECT_NE(r.out.rfind("\033[2J\033[3J", first), std::string::npos);
  EXPECT_NE(r.out.rfind("\033[2J\033[3J", second), std::string::npos);
  const std::size_t hand0 = r.out.find("seat 0 (you)");
  ASSERT_NE(hand0, std::string::npos) << r.out;
  EXPECT_GT(hand0, first);
  EXPECT_LT(hand0, second);
  const std::size_t hand1 = r.out.find("seat 1 (you)");
  ASSERT_NE(hand1, std::string::npos) << r.out;
  EXPECT_GT(hand1, second);
  // Nothing of seat 0's private view after the second hand-over.
  EXPECT_EQ(r.out.find("seat 0 (you)", second), std::string::npos);
}

TEST(Cli, ApplyPrintsTheViewOfTheSeatAskedFor) {
  Result spectator = run("apply conspiracy --param players=3 --seed 4");
  Result seat1 = run("apply conspiracy --param players=3 --seed 4 --viewer 1");
  ASSERT_EQ(spectator.code, 0) << spectator.out;
  ASSERT_EQ(seat1.code, 0) << seat1.out;
  const auto a = nlohmann::json::parse(spectator.out), b = nlohmann::json::parse(seat1.out);
  EXPECT_EQ(a["viewer"], -1);
  EXPECT_EQ(b["viewer"], 1);
  // Seat 1 reads its own tiles and coins in its log; the spectator reads counts only.
  const std::string log_a = a["log"].dump(), log_b = b["log"].dump();
  EXPECT_NE(log_b.find("seat 1 is dealt tiles "), std::string::npos) << log_b;
  EXPECT_EQ(log_a.find("is dealt tiles "), std::string::npos) << log_a;
  EXPECT_NE(a["observation"], b["observation"]);
  Result bad = run("apply conspiracy --param players=3 --viewer 3");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.out.find("--viewer 3"), std::string::npos) << bad.out;
}

TEST(Cli, ListGameShowsParametersNotationAndAgents) {
  Result r = run("list conspiracy");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("players"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("goal COIN"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("e.g. attack C3 pay C2 to 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("mcts (not for this game)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ismcts:"), std::string::npos) << r.out;
  Result unknown = run("list chess");
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.out.find("chess"), std::string::npos) << unknown.out;
}

TEST(Cli, PerftDivideCountsUnderEachFirstMoveAndTimesIt) {
  Result whole = run("perft relativity " + kDeal + " --depth 2");
  Result divided = run("perft relativity " + kDeal + " --depth 2 --divide");
  ASSERT_EQ(whole.code, 0) << whole.out;
  ASSERT_EQ(divided.code, 0) << divided.out;
  std::regex line("([a-f][1-4]#[a-f][1-4]): ([0-9]+)");
  uint64_t sum = 0;
  int moves = 0;
  for (auto it = std::sregex_iterator(divided.out.begin(), divided.out.end(), line);
       it != std::sregex_iterator(); ++it, ++moves)
    sum += std::stoull((*it)[2].str());
  EXPECT_EQ(moves, 96);
  EXPECT_EQ(std::to_string(sum) + "\n", whole.out);
  EXPECT_NE(divided.out.find("total: " + std::to_string(sum)), std::string::npos);
  EXPECT_NE(divided.out.find("time: "), std::string::npos);
}

// Issue 20: a refused undo quoted seat 3's secret goal ("move 4 ('goal A5') drew a chance ...").
TEST(Cli, PlayRefusedUndoQuotesNoOtherSeatsMove) {
  Result r =
      run("play conspiracy --seats human,random,random,random --seed 7", "goal M0\nundo\nquit\n");
  const std::size_t at = r.out.find("cannot undo: ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
  EXPECT_EQ(line.find("goal A5"), std::string::npos) << line;
  EXPECT_NE(line.find("(seat 3's move)"), std::string::npos) << line;
}

// Issue 20: a file that is not a regular file hung or grew memory without bound; each is now
// one clear error naming the file, at once (a FIFO with no writer included).
TEST(Cli, FilesThatAreNotRegularAreRefusedWithoutHanging) {
  const std::string fifo = scratch() + "/deck_fifo.vcf";
  std::filesystem::remove(fifo);
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::string dir = scratch() + "/a_dir.json";
  std::filesystem::create_directories(dir);
  const std::string big = scratch() + "/big.json";
  {
    std::ofstream out(big);
    out << std::string((std::size_t(16) << 20) + 1, ' ');
  }
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"deck check /dev/zero", "'/dev/zero' is not a regular file (a character device)"},
      {"deck check " + fifo, "is not a regular file (a FIFO)"},
      {"deck check " + dir, "is not a regular file (a directory)"},
      {"deck check " + big, "is larger than the 16777216 bytes allowed"},
      {"apply conspiracy-tcg --param decks=/dev/zero", "'/dev/zero' is not a regular file"},
      {"apply conspiracy-tcg --param decks=" + fifo, "is not a regular file (a FIFO)"},
      {"apply conspiracy-tcg --param gazetteer=/dev/zero --param venue=Paris",
       "'/dev/zero' is not a regular file"},
      {"apply conspiracy --state /dev/zero", "'/dev/zero' is not a regular file"},
      {"apply conspiracy --state " + fifo, "is not a regular file (a FIFO)"},
      {"replay /dev/zero", "'/dev/zero' is not a regular file"},
      {"replay " + fifo, "is not a regular file (a FIFO)"},
      {"replay " + dir, "is not a regular file (a directory)"},
      {"replay " + fifo + " --step", "is not a regular file (a FIFO)"},
      {"replay " + fifo + " --export ppn", "is not a regular file (a FIFO)"},
      {"sim relativity --games 1 --variants " + fifo, "is not a regular file (a FIFO)"},
  };
  for (const auto& [args, expected] : cases) {
    Result r = run(args);
    EXPECT_NE(r.code, 0) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("error: "), std::string::npos) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(expected), std::string::npos) << args << "\n" << r.out;
  }
  std::filesystem::remove(fifo);
  std::filesystem::remove(big);
}

// Issue 20: hand-edited saved states that no game can reach were accepted by `apply --state`
// (8 of 50 edits), and a chance word past 2^64 was undefined behaviour. Each is refused with an
// error naming what is wrong.
TEST(Cli, ApplyStateRefusesStatesNoGameCanReach) {
  const std::string saved = scratch() + "/tcg_state.json";
  ASSERT_EQ(run("apply conspiracy-tcg --save " + saved).code, 0);
  nlohmann::json good;
  std::ifstream(saved) >> good;
  ASSERT_EQ(run("apply conspiracy-tcg --state " + saved).code, 0);
  const std::string hand0 = good["state"]["seats"][0]["hand"],
                    hand1 = good["state"]["seats"][1]["hand"];
  const std::string first = hand0.substr(0, hand0.find(' '));
  std::string six, forty;
  for (int i = 0; i < 6; ++i) six += (i ? " " : "") + first;
  for (int i = 0; i < 40; ++i) forty += (i ? " " : "") + first.substr(0, first.find(':'));
  using Edit = std::function<void(nlohmann::json&)>;
  const std::vector<std::tuple<std::string, Edit, std::string>> edits = {
      {"six copies of one card in a hand",
       [&](nlohmann::json& j) { j["state"]["seats"][0]["hand"] = six; }, "hand holds @"},
      {"seat 0 holding seat 1's hand",
       [&](nlohmann::json& j) { j["state"]["seats"][0]["hand"] = hand1; }, "seat 0's hand holds"},
      {"a pile of 40 copies", [&](nlohmann::json& j) { j["state"]["seats"][0]["pile"] = forty; },
       "seat 0's pile holds"},
      {"chance words of 0",
       [](nlohmann::json& j) {
         j["chance"] = {0, 0, 0, 0};
       },
       "all four words are 0"},
      {"a chance word of -1", [](nlohmann::json& j) { j["chance"][1] = -1; }, "chance: word 1"},
      {"a chance word past 2^64", [](nlohmann::json& j) { j["chance"][2] = 1.3379e+20; },
       "chance: word 2"},
      {"a fractional chance word", [](nlohmann::json& j) { j["chance"][0] = 1.5; },
       "chance: word 0"},
      {"ply -1", [](nlohmann::json& j) { j["ply"] = -1; }, "ply is -1"},
      {"ply 2^63", [](nlohmann::json& j) { j["ply"] = uint64_t(1) << 63; },
       "ply is 9223372036854775808"},
  };
  for (const auto& [what, edit, expected] : edits) {
    nlohmann::json bad = good;
    edit(bad);
    const std::string path = scratch() + "/bad_state.json";
    std::ofstream(path) << bad.dump();
    Result r = run("apply conspiracy-tcg --state " + path);
    EXPECT_NE(r.code, 0) << what << "\n" << r.out;
    EXPECT_NE(r.out.find("error: "), std::string::npos) << what << "\n" << r.out;
    EXPECT_NE(r.out.find(expected), std::string::npos) << what << "\n" << r.out;
  }
}

// Issue 20: `sim --records /dev/full` (and --csv, --json, --report) exited 0 having lost the data.
TEST(Cli, SimFailsWhenItsOutputCannotBeWritten) {
  for (const std::string flag : {"--records", "--csv", "--json"}) {
    Result r = run("sim relativity --games 1 --threads 1 " + flag + " /dev/full");
    EXPECT_NE(r.code, 0) << flag << "\n" << r.out;
    EXPECT_NE(r.out.find("error: cannot write '/dev/full'"), std::string::npos) << flag << r.out;
  }
  for (const std::string value : {"nan", "inf", "-1", "0", "101"}) {
    Result r = run("sim relativity --games 1 --detect " + value);
    EXPECT_EQ(r.code, 2) << value << "\n" << r.out;
    EXPECT_NE(r.out.find("error: "), std::string::npos) << value << r.out;
    EXPECT_NE(r.out.find("--detect"), std::string::npos) << value << r.out;
  }
}

}  // namespace

// Issue 25: every game starts without flags: seat 0 the person, the greedy computer in the
// others, at the game's default player count (through a pipe: standard input ends, so the person
// "quits" at the first prompt, after the computers before them have moved).
TEST(Cli, EveryGameStartsWithoutSeats) {
  const std::vector<std::pair<std::string, int>> games = {{"relativity", 2},
                                                          {"siege", 4},
                                                          {"conspiracy", 4},
                                                          {"culture-wars", 4},
                                                          {"conspiracy-tcg", 4}};
  for (const auto& [game, seats] : games) {
    const Result r = run("play " + game + " --seed 3 --no-record");
    EXPECT_EQ(r.code, 0) << game << "\n" << r.out;
    // The seat list follows the title line; its first seat is the person.
    const std::size_t first = r.out.find('\n') + 1;
    const std::string seat0 = r.out.substr(first, r.out.find('\n', first) - first);
    EXPECT_TRUE(seat0.ends_with(": human")) << game << "\n" << r.out;
    EXPECT_NE(seat0.find('0'), std::string::npos) << seat0;
    std::size_t computers = 0;
    for (std::size_t at = r.out.find(": computer greedy\n"); at != std::string::npos;
         at = r.out.find(": computer greedy\n", at + 1))
      ++computers;
    EXPECT_EQ(int(computers), seats - 1) << game << "\n" << r.out;
    EXPECT_EQ(r.out.find("error"), std::string::npos) << game << "\n" << r.out;
  }
}

// --seats of n entries sets the player count where the game allows it; where it does not, one
// clear error.
TEST(Cli, SeatsSetThePlayerCount) {
  Result r = run("play siege --seed 3 --no-record --seats human,greedy");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("SW (seat 1): computer greedy"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("(seat 2)"), std::string::npos) << r.out;
  r = run("play culture-wars --seed 3 --no-record --seats human,greedy,greedy");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("(2): computer greedy"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("(3)"), std::string::npos) << r.out;
  r = run("play relativity --no-record --seats human,greedy,greedy");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("error: relativity needs 2 seats, --seats gave 3"), std::string::npos)
      << r.out;
}

// The end of a game is told once, in the game's own words: no raw "Game over. seat 0 1, ...",
// neither in `play` nor in `replay --step` of its record.
TEST(Cli, TheEndIsWordedOnce) {
  const std::string record =
      ::testing::TempDir() + "/tabletop_worded_end_" + std::to_string(::getpid()) + ".json";
  const Result r =
      run("play relativity --param coins=n45a5n/3a2243/3n4a2n/a25345 --seed 2 --record " + record +
          " --seats random,random");
  const Result steps = run("replay --step " + record);
  std::remove(record.c_str());
  for (const Result* out : {&r, &steps}) {
    EXPECT_EQ(out->code, 0) << out->out;
    EXPECT_NE(out->out.find("Game over"), std::string::npos) << out->out;
    EXPECT_EQ(out->out.find("Game over."), std::string::npos) << out->out;
    EXPECT_FALSE(std::regex_search(out->out, std::regex("seat 0 -?1, seat 1"))) << out->out;
  }
}

// `play --help` says how the seed is chosen (a fresh one, printed), not "=1".
TEST(Cli, PlayHelpTellsHowTheSeedIsChosen) {
  const Result r = run("play --help");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("without it a fresh one, printed"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("SEED=1"), std::string::npos) << r.out;
  const Result sim = run("sim --help");
  EXPECT_NE(sim.out.find("none (the default"), std::string::npos) << sim.out;
}

// `tabletop rules GAME`: how to play, for every game, with the rules' source and licence.
TEST(Cli, RulesTellHowToPlayEveryGame) {
  for (const std::string game :
       {"relativity", "siege", "conspiracy", "culture-wars", "conspiracy-tcg"}) {
    const Result r = run("rules " + game);
    EXPECT_EQ(r.code, 0) << game << "\n" << r.out;
    for (const char* heading : {"How to play ", "\nGoal\n", "\nSetup\n", "\nWhat wins\n",
                                "\nNotation\n", "The full rules: "})
      EXPECT_NE(r.out.find(heading), std::string::npos) << game << ": " << heading << "\n" << r.out;
    EXPECT_EQ(r.out.find('`'), std::string::npos) << r.out;
    // No Markdown heading is left (a board may draw "###" for a face-down tile).
    EXPECT_EQ(r.out.find("\n## "), std::string::npos) << r.out;
    // Each position block is its board as the game draws it, never the block's steps.
    for (const char* step : {"\nplay: ", "\nlegal: ", "\nrandom: ", "\npicture\n"})
      EXPECT_EQ(r.out.find(step), std::string::npos) << game << ": " << step;
  }
  // Siege's second position: SW, with one Army at its Home Base, to move.
  EXPECT_NE(run("rules siege").out.find(" SW (seat 1) to move\n"), std::string::npos);
  EXPECT_NE(run("rules relativity").out.find("CC BY-SA 3.0"), std::string::npos);
  const Result bad = run("rules chess");
  EXPECT_EQ(bad.code, 2) << bad.out;
  EXPECT_NE(bad.out.find("error: "), std::string::npos) << bad.out;
}

// Conspiracy's log in the order things happen: the roll-off that sets a round's order before the
// turn it orders, a saved coin before the next seat's turn; the same in `apply --viewer 0`.
TEST(Cli, ConspiracyLogKeepsTheOrderOfEvents) {
  const Result r =
      run("play conspiracy --seed 5 --param max_rounds=3 --no-record --seats "
          "greedy,greedy,greedy,greedy");
  EXPECT_EQ(r.code, 0) << r.out;
  const std::size_t roll = r.out.find("roll-off:"), order = r.out.find("round 1 order:"),
                    turn = r.out.find("'s turn; draws");
  ASSERT_NE(roll, std::string::npos) << r.out;
  ASSERT_NE(turn, std::string::npos) << r.out;
  EXPECT_LT(roll, turn) << r.out;
  EXPECT_LT(order, turn) << r.out;
  // Every "seat N saves" comes in seat N's own turn: the last turn line before it is seat N's
  // (it used to come after the next seat's "'s turn" line).
  std::string text = std::regex_replace(r.out, std::regex("\n    "), " ");
  int turn_seat = -1, saves = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, std::regex("seat (\\d)'s turn"))) turn_seat = std::stoi(m[1]);
    if (std::regex_search(line, m, std::regex("seat (\\d) saves"))) {
      EXPECT_EQ(std::stoi(m[1]), turn_seat) << line << "\n" << text;
      ++saves;
    }
  }
  EXPECT_GT(saves, 3) << text;
}

// Nothing happens silently: Culture Wars tells the automatic growth (round-end step 2) and the
// removal of excess population (step 6), and the round cap says what stopped the game and its size.
TEST(Cli, CultureWarsTellsGrowthExcessAndTheRoundCap) {
  const Result r =
      run("play culture-wars --param max_rounds=5 --seed 1 --no-record --seats greedy,greedy");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("growth: seat A (0) gains a token on each of its"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("excess population: seat "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the engine's round cap of 5 rounds ends the game: no winner"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("round cap of 5 rounds was reached"), std::string::npos) << r.out;
}

// The card game's ply-cap draw says how large the cap is, in the log and in the result.
TEST(Cli, CardGamePlyCapSaysItsSize) {
  const Result r =
      run("play conspiracy-tcg --param max_plies=40 --seed 3 --no-record --seats random,random");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("the engine's ply cap of 40 plies ends the game: a draw"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Stopped by the engine's ply cap of 40 plies"), std::string::npos) << r.out;
}

// Relativity names its trophies in words: "the Moon Ace trophy", never "the Moon a trophy".
TEST(Cli, RelativityNamesTrophiesInWords) {
  const Result r = run("play relativity --seed 4 --no-record --seats random,random");
  EXPECT_EQ(r.code, 0) << r.out;
  const std::string text = std::regex_replace(r.out, std::regex("\n    "), " ");
  EXPECT_TRUE(std::regex_search(text, std::regex("takes the (Moon|Sun) (Null|Ace|[2-5]) trophy")))
      << text;
  EXPECT_FALSE(std::regex_search(text, std::regex("takes the (Moon|Sun) [na] trophy"))) << text;
}

// Error text keeps the player's spelling: a bad tile position is quoted as typed, and a word
// given for a yes/no parameter is quoted once, not as JSON.
TEST(Cli, ErrorsQuoteTheInputAsWritten) {
  const Result tile = run("apply conspiracy --seed 1 'tile S5 Z9'");
  EXPECT_EQ(tile.code, 2) << tile.out;
  EXPECT_NE(tile.out.find("'Z9' is not a tile position"), std::string::npos) << tile.out;
  const Result param = run("apply culture-wars --param tech_advantage=maybe");
  EXPECT_EQ(param.code, 2) << param.out;
  EXPECT_NE(param.out.find("expected true or false, got 'maybe'"), std::string::npos) << param.out;
}

// Where the locale cannot show the boards' signs (LANG=C), the terminal game writes ASCII only,
// with a key to the stand-ins; through a pipe it never writes colour codes.
TEST(Cli, PlayFallsBackToAsciiWhereTheLocaleIsNotUtf8) {
  for (const std::string game : {"relativity", "conspiracy", "siege"}) {
    const Result ascii = run("play " + game + " --seed 2 --no-record", "", "LC_ALL=C LANG=C");
    EXPECT_EQ(ascii.code, 0) << ascii.out;
    EXPECT_TRUE(std::all_of(ascii.out.begin(), ascii.out.end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x80;
    })) << ascii.out;
    EXPECT_NE(ascii.out.find("(ASCII: "), std::string::npos) << ascii.out;
    EXPECT_EQ(ascii.out.find('\033'), std::string::npos) << ascii.out;
  }
  const Result utf8 = run("play relativity --seed 2 --no-record", "", "LC_ALL=C.UTF-8");
  EXPECT_NE(utf8.out.find("Relativity — seed 2"), std::string::npos) << utf8.out;
  EXPECT_EQ(utf8.out.find("(ASCII: "), std::string::npos) << utf8.out;
}

// Culture Wars' first setup step offers 184 moves: `moves` groups them (tile, then place).
TEST(Cli, ManyMovesAreListedInGroups) {
  const Result r =
      run("play culture-wars --seed 3 --no-record --seats human,greedy", "moves\nquit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex("(\\d+) legal moves: (\\d+) groups")))
      << r.out;
  EXPECT_GT(std::stoi(m[1]), 40) << r.out;
  EXPECT_LT(std::stoi(m[2]), std::stoi(m[1]) / 3) << r.out;
  EXPECT_NE(r.out.find("\n  tile:"), std::string::npos) << r.out;
}

TEST(Cli, ServeLimitsTableMatchesHelp) {
  // docs/server.md's limits table lists every flag of `serve` that sets a limit, with the default
  // `serve --help` shows, and the sentence after it names the rest: no flag is undocumented.
  const Result help = run("serve --help");
  ASSERT_EQ(help.code, 0) << help.out;
  std::map<std::string, std::string> defaults;  // flag -> default shown ("" when none)
  const std::regex flag_line(R"(^\s+(--[a-z-]+)\b(.*)$)");
  std::istringstream lines(help.out);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (!std::regex_match(line, m, flag_line) || m[1] == "--help") continue;
    // CLI11 shows the type and the default after the flag, then (after two spaces or on the
    // next line) the description: "--ws-idle INT:INT in [2 - 86400]=60".
    std::string rest = m[2];
    if (const std::size_t gap = rest.find("  "); gap != std::string::npos) rest.resize(gap);
    const std::size_t eq = rest.rfind('=');
    defaults[m[1]] =
        eq == std::string::npos ? "" : rest.substr(eq + 1, rest.find(' ', eq) - eq - 1);
  }
  ASSERT_GT(defaults.size(), 10u) << help.out;
  const std::filesystem::path docs =
      std::filesystem::path(TABLETOP_SOURCE_DIR) / "docs" / "server.md";
  std::ifstream in(docs);
  ASSERT_TRUE(in) << docs;
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t start = text.find("## Limits");
  ASSERT_NE(start, std::string::npos);
  const std::string section = text.substr(start, text.find("\n## ", start + 1) - start);
  std::set<std::string> documented;
  const std::regex row(R"(\| `(--[a-z-]+)` \| ([^|]+) \|)");
  for (auto it = std::sregex_iterator(section.begin(), section.end(), row);
       it != std::sregex_iterator(); ++it) {
    const std::string flag = (*it)[1];
    std::string value = (*it)[2];
    value.erase(value.find_last_not_of(' ') + 1);
    ASSERT_TRUE(defaults.count(flag)) << flag << " is in the table but not in serve --help";
    EXPECT_EQ(value, defaults[flag]) << flag << ": the table's default differs from --help's";
    documented.insert(flag);
  }
  const std::size_t rest = section.find("set no limit:");
  ASSERT_NE(rest, std::string::npos);
  const std::regex quoted_flag("`(--[a-z-]+)`");
  for (auto it = std::sregex_iterator(section.begin() + long(rest), section.end(), quoted_flag);
       it != std::sregex_iterator(); ++it)
    documented.insert((*it)[1]);
  for (const auto& [flag, value] : defaults)
    EXPECT_TRUE(documented.count(flag)) << "serve " << flag << " is not in docs/server.md's limits";
  // And the limit the table adds this session: refused like every other number.
  const Result bad = run("serve --ws-queue-bytes 10 --port 0");
  EXPECT_EQ(bad.code, 2) << bad.out;
  EXPECT_NE(bad.out.find("--ws-queue-bytes"), std::string::npos) << bad.out;
}

namespace {

// Hints (issue 22): off unless the game was started with --hints; then `hint` names a legal move
// and the seat's chance of winning, and the record says hints were allowed.
TEST(Cli, HintAnswersOnlyInAGameStartedWithHints) {
  Result off =
      run("play relativity " + kDeal + " --seats human,random --no-record", "hint\nquit\n");
  EXPECT_EQ(off.code, 0) << off.out;
  EXPECT_NE(off.out.find("hints are off in this game (start it with tabletop play --hints)"),
            std::string::npos)
      << off.out;
  const std::string record = scratch() + "/hints.json";
  Result on =
      run("play relativity " + kDeal +
              " --seats human,random --hints --hint-agent ismcts:iterations=300 --record " + record,
          "hint\nquit\n");
  EXPECT_EQ(on.code, 0) << on.out;
  EXPECT_NE(on.out.find("Hints are on"), std::string::npos) << on.out;
  std::smatch hint;
  ASSERT_TRUE(
      std::regex_search(on.out, hint,
                        std::regex("hint: (\\S+) \\(your estimated chance of winning ([0-9]+)%, "
                                   "300 iterations of ismcts:iterations=300\\)")))
      << on.out;
  EXPECT_LE(std::stoi(hint[2].str()), 100);
  std::ifstream in(record);
  EXPECT_EQ(nlohmann::json::parse(in)["hints"], true);
  // The hint is a move the game takes.
  Result played = run("play relativity " + kDeal + " --seats human,random --no-record",
                      hint[1].str() + "\nquit\n");
  EXPECT_EQ(played.out.find("illegal"), std::string::npos) << played.out;
  Result bad = run("play relativity --seats human,random --no-record --hints --hint-agent greedy",
                   "hint\nquit\n");
  EXPECT_NE(bad.out.find("advice searches with ismcts"), std::string::npos) << bad.out;
}

// `tabletop analyse`: every move with its mover's chance before and after, as text or JSON.
TEST(Cli, AnalyseJudgesEveryMoveOfARecord) {
  const std::string record = scratch() + "/analyse.json";
  Result played = run("play relativity --seed 4 --seats greedy,random --record " + record);
  ASSERT_EQ(played.code, 0) << played.out;
  std::ifstream in(record);
  const nlohmann::json j = nlohmann::json::parse(in);
  Result text = run("analyse " + record + " --agent ismcts:iterations=100");
  ASSERT_EQ(text.code, 0) << text.out;
  EXPECT_NE(text.out.find("Relativity, " + std::to_string(j["moves"].size()) +
                          " moves, analysed by ismcts:iterations=100"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("% -> "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("marked ??"), std::string::npos) << text.out;
  Result as_json = run("analyse " + record + " --json --agent ismcts:iterations=100");
  ASSERT_EQ(as_json.code, 0) << as_json.out;
  const nlohmann::json a = nlohmann::json::parse(as_json.out);
  ASSERT_EQ(a["moves"].size(), j["moves"].size());
  EXPECT_EQ(a["moves"][0]["move"], j["moves"][0]);
  EXPECT_EQ(a["moves"][0]["ply"], 1);
  for (const auto& m : a["moves"]) {
    EXPECT_GE(m["before"].get<double>(), 0.0);
    EXPECT_LE(m["after"].get<double>(), 1.0);
  }
  // Problems are one clear line each.
  Result missing = run("analyse " + scratch() + "/nothing.json");
  EXPECT_EQ(missing.code, 2);
  EXPECT_EQ(missing.out.rfind("error: ", 0), 0u) << missing.out;
  std::ofstream(scratch() + "/bad_move.json") << R"({"game":"relativity","moves":["zz"]})";
  Result bad_move = run("analyse " + scratch() + "/bad_move.json");
  EXPECT_EQ(bad_move.code, 2);
  EXPECT_NE(bad_move.out.find("move 1 ('zz') does not replay"), std::string::npos) << bad_move.out;
  Result bad_agent = run("analyse " + record + " --agent random");
  EXPECT_EQ(bad_agent.code, 2);
  EXPECT_NE(bad_agent.out.find("advice searches with ismcts"), std::string::npos) << bad_agent.out;
}

}  // namespace
