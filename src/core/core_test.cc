#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "core/chance.h"
#include "core/file.h"
#include "core/game.h"
#include "core/json_input.h"
#include "core/ppn.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/text.h"

namespace tabletop {
namespace {

// Expects read_regular_file(path, max) to throw a FileError whose message contains `what`.
void expect_refused(const std::string& path, std::size_t max, const std::string& what) {
  try {
    read_regular_file(path, max);
    ADD_FAILURE() << path << " was read";
  } catch (const FileError& e) {
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  }
}

TEST(ReadRegularFile, ReadsAPlainFileWhole) {
  const std::string path = ::testing::TempDir() + "core_file_plain.txt";
  std::ofstream(path) << "hello\n";
  EXPECT_EQ(read_regular_file(path, 6), "hello\n");
  expect_refused(path, 5, "is larger than the 5 bytes allowed");
  std::remove(path.c_str());
}

TEST(ReadRegularFile, RefusesWhatIsNotARegularFileWithoutBlocking) {
  expect_refused("/dev/zero", 1 << 20, "'/dev/zero' is not a regular file (a character device)");
  expect_refused("/", 1 << 20, "is not a regular file (a directory)");
  expect_refused("/no/such/file", 1 << 20, "cannot read '/no/such/file'");
  // A FIFO with no writer: a blocking open would wait forever; this one must not.
  const std::string fifo = ::testing::TempDir() + "core_file_fifo";
  std::remove(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_refused(fifo, 1 << 20, "is not a regular file (a FIFO)");
  std::remove(fifo.c_str());
}

// The file-open hook sees every open; NoFileAccess refuses them on its thread with an answer that
// names no path, and nests.
TEST(ReadRegularFile, TheHookSeesEachOpenAndNoFileAccessRefusesThem) {
  const std::string path = ::testing::TempDir() + "core_file_hook.txt";
  std::ofstream(path) << "x";
  std::vector<std::string> seen;
  set_file_open_hook([&](const std::string& p) { seen.push_back(p); });
  EXPECT_EQ(read_regular_file(path, 10), "x");
  {
    const NoFileAccess outer;
    {
      const NoFileAccess inner;
      EXPECT_TRUE(NoFileAccess::active());
    }
    EXPECT_TRUE(NoFileAccess::active());
    try {
      read_regular_file(path, 10);
      ADD_FAILURE() << "read under NoFileAccess";
    } catch (const FileError& e) {
      EXPECT_STREQ(e.what(), "no file is opened for parameters from the network");
    }
    EXPECT_THROW(open_regular_file("/etc/passwd"), FileError);
  }
  EXPECT_FALSE(NoFileAccess::active());
  EXPECT_EQ(read_regular_file(path, 10), "x");
  set_file_open_hook(nullptr);
  EXPECT_EQ(seen, (std::vector<std::string>{path, path, "/etc/passwd", path}));
  std::remove(path.c_str());
}

// Who may set a parameter, and in what range, by where the parameters came from: a toy game whose
// "deck" parameter is a file it reads, whose "snapshot" only the embedding program attaches.
TEST(Registry, ParametersFromTheNetworkSetOnlyWhatAnyoneMaySetWithinTheirNetworkRange) {
  std::vector<json> made;
  std::vector<std::string> opened;
  Registry registry;
  GameEntry e;
  e.info.id = "toy";
  e.params = {{"rounds", ParamSpec::Type::kInt, 10, 1, 1000, "rounds", "engine",
               ParamSpec::Setter::kAnyone, 20},
              {"name", ParamSpec::Type::kString, "", std::nullopt, std::nullopt, "a name",
               "variant", ParamSpec::Setter::kAnyone, std::nullopt, 8},
              {"deck", ParamSpec::Type::kFile, "", std::nullopt, std::nullopt, "a file", "variant"},
              {"snapshot", ParamSpec::Type::kString, "", std::nullopt, std::nullopt, "attached",
               "engine", ParamSpec::Setter::kEmbedder}};
  e.make = [&](const json& params) -> std::shared_ptr<const Game> {
    made.push_back(params);
    if (params.contains("deck")) read_regular_file(params["deck"], 100);
    return nullptr;
  };
  registry.add(e);
  set_file_open_hook([&](const std::string& p) { opened.push_back(p); });
  auto refused = [&](const json& params, ParamOrigin origin, const json& attached,
                     const std::string& expected) {
    try {
      registry.make("toy", params, origin, attached);
      ADD_FAILURE() << params.dump() << " accepted";
    } catch (const BadParams& error) {
      EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
    }
  };
  const auto network = ParamOrigin::kNetwork;
  refused({{"rounds", 21}}, network, {},
          "toy param 'rounds': 21 is outside what a network client may set, 1..20 (the command "
          "line allows 1..1000)");
  refused({{"rounds", 0}}, network, {}, "1..20");
  refused({{"name", "123456789"}}, network, {},
          "is 9 bytes long; a network client may give at most 8");
  refused({{"name", "a\u202eb"}}, network, {}, "holds U+202E");
  refused({{"name", "\x1b[2J"}}, network, {}, "holds U+001B");
  refused({{"deck", "/etc/passwd"}}, network, {},
          "names a file and is accepted only on the command line");
  refused({{"deck", ""}}, network, {}, "'deck'");  // by name, whatever the value
  refused({{"snapshot", "upload:x"}}, network, {}, "is set by the server alone");
  refused({}, network, {{"rounds", 3}}, "not one the embedding program attaches");
  refused({{"deck", "/etc/passwd"}}, ParamOrigin::kEmbedder, {},
          "accepted only on the command line");
  EXPECT_TRUE(opened.empty());
  EXPECT_TRUE(made.empty());
  // Within the ranges: made, with the attached parameters added.
  registry.make("toy", {{"rounds", 20}, {"name", "Zoë"}}, network, {{"snapshot", "upload:k"}});
  ASSERT_EQ(made.size(), 1u);
  EXPECT_EQ(made[0], json({{"rounds", 20}, {"name", "Zoë"}, {"snapshot", "upload:k"}}));
  // The command line: the full range, and files.
  registry.make("toy", {{"rounds", 1000}, {"name", std::string(50, 'a')}});
  EXPECT_THROW(registry.make("toy", {{"deck", "/no/such/toy"}}), FileError);
  EXPECT_EQ(opened, std::vector<std::string>{"/no/such/toy"});
  // The embedding program's game cannot open a file even if its own code asks for one.
  EXPECT_THROW(registry.make("toy", {{"deck", ""}}, ParamOrigin::kEmbedder), FileError);
  set_file_open_hook(nullptr);
  EXPECT_EQ(registry.public_params("toy", {{"rounds", 3}, {"deck", "x"}, {"snapshot", "upload:k"}}),
            json({{"rounds", 3}}));
  EXPECT_EQ(e.params[0].to_json()["network_max"], 20);
  EXPECT_EQ(e.params[1].to_json()["max_length"], 8);
  EXPECT_EQ(e.params[3].to_json()["set_by"], "embedding program");
}

TEST(Text, UnsafeCharactersAreNamedAndRemoved) {
  EXPECT_EQ(unsafe_character("Zoë Ångström, 東京"), std::nullopt);
  EXPECT_EQ(unsafe_character("evil\u202Egnp.exe"), "U+202E");
  EXPECT_EQ(unsafe_character("\u2066x"), "U+2066");
  EXPECT_EQ(unsafe_character("a\x1b[31mred"), "U+001B");
  EXPECT_EQ(unsafe_character("\xC2\x9B"), "U+009B");  // C1 CSI
  EXPECT_EQ(unsafe_character("\xEF\xBF\xBF"), "U+FFFF");
  EXPECT_EQ(unsafe_character("\xEF\xB7\x90"), "U+FDD0");
  EXPECT_EQ(unsafe_character("\xC0\xAF"), "the byte 0xC0, not UTF-8");      // overlong '/'
  EXPECT_EQ(unsafe_character("\xED\xA0\x80"), "the byte 0xED, not UTF-8");  // a surrogate
  EXPECT_EQ(unsafe_character("tab\there"), "U+0009");
  EXPECT_EQ(printable_text("evil\u202Egnp\x1b[2J.exe\xFF\tok\u2069"), "evilgnp[2J.exe ok");
  EXPECT_EQ(printable_text("Zoë"), "Zoë");
  EXPECT_EQ(cut_utf8("Zoë", 3), "Zo");
  EXPECT_EQ(cut_utf8("Zoë", 4), "Zoë");
}

// A list showing a table reads it in place; appending first copies it, so the table is never
// written and the list holds the table's moves followed by the new ones; clear() lets go of it.
TEST(MoveList, AShownTableIsReadInPlaceAndCopiedBeforeAnyAppend) {
  const Move table[3] = {{7}, {8}, {9}};
  MoveList list;
  list.show(table, 3);
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list.begin(), table);
  EXPECT_TRUE(list.contains(Move{8}));
  list.drop_last(1);
  list.push_back(Move{10});
  EXPECT_NE(list.begin(), table);
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0], Move{7});
  EXPECT_EQ(list[1], Move{8});
  EXPECT_EQ(list[2], Move{10});
  EXPECT_EQ(table[2], Move{9});
  list.clear();
  list.show(table, 2);
  *list.grow(1) = Move{11};
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[2], Move{11});
  EXPECT_EQ(table[2], Move{9});
  list.clear();
  EXPECT_TRUE(list.empty());
  list.push_back(Move{12});
  EXPECT_EQ(list[0], Move{12});
}

TEST(Rng, SameSeedSameStream) {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
  EXPECT_NE(Rng(42).next(), c.next());
}

TEST(Rng, UniformStaysInRangeAndCoversIt) {
  Rng rng(7);
  int counts[6] = {};
  for (int i = 0; i < 60000; ++i) {
    const uint32_t x = rng.uniform(6);
    ASSERT_LT(x, 6u);
    ++counts[x];
  }
  for (int c : counts) EXPECT_NEAR(c, 10000, 500);
}

TEST(Chance, ScriptedOutcomesComeFirstThenTheGenerator) {
  Chance chance(5);
  Chance reference(5);
  chance.script({3, 0, 5});
  chance.set_journal(true);
  EXPECT_EQ(chance.roll_die(), 3);
  EXPECT_EQ(chance.roll_die(), 0);
  EXPECT_EQ(chance.roll_die(), 5);
  EXPECT_EQ(chance.scripted_left(), 0u);
  EXPECT_EQ(chance.draw(100), reference.draw(100));
  EXPECT_EQ(chance.journal().size(), 4u);
  EXPECT_EQ(chance.journal()[0], 3u);
}

TEST(Chance, ScriptedOutcomeOutOfRangeIsABadRecord) {
  Chance chance;
  chance.script({6});
  EXPECT_THROW(chance.roll_die(), BadRecord);
}

TEST(Chance, SavedPositionRestoresTheStream) {
  Chance a(99);
  a.draw(10);
  Chance b;
  b.restore(a.to_json());
  for (int i = 0; i < 10; ++i) EXPECT_EQ(a.draw(1000), b.draw(1000));
  EXPECT_THROW(b.restore(json::array({1, 2})), BadRecord);
}

TEST(Chance, ShuffleIsAPermutation) {
  Chance chance(3);
  int v[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  chance.shuffle(v, v + 10);
  int seen = 0;
  for (int x : v) seen |= 1 << x;
  EXPECT_EQ(seen, 1023);
}

TEST(EventLog, ViewersReadOnlyWhatTheyMaySee) {
  EventLog log;
  log.add("public");  // disabled: dropped
  EXPECT_TRUE(log.events().empty());
  log.set_enabled(true);
  log.add("round 1");
  log.add(uint64_t(1) << 2, "seat 2 drew the 5 of Suns", "seat 2 drew a coin");
  log.add(uint64_t(1) << 1, "seat 1 peeks", "");
  EXPECT_EQ(log.for_viewer(2), (std::vector<std::string>{"round 1", "seat 2 drew the 5 of Suns"}));
  EXPECT_EQ(log.for_viewer(0), (std::vector<std::string>{"round 1", "seat 2 drew a coin"}));
  EXPECT_EQ(log.for_viewer(kSpectator),
            (std::vector<std::string>{"round 1", "seat 2 drew a coin"}));
  EXPECT_EQ(log.for_viewer(1).back(), "seat 1 peeks");
}

TEST(EventLog, EachLineKnowsTheMoveThatWroteIt) {
  EventLog log;
  log.set_enabled(true);
  log.add("setup");
  log.set_ply(1);
  log.add(uint64_t(1) << 1, "seat 1 draws the 5 of Suns", "seat 1 draws a coin");
  log.add(uint64_t(1) << 1, "seat 1 peeks", "");  // not in seat 0's log, nor its ply
  log.set_ply(2);
  log.add("seat 0 passes");
  std::vector<int> plies;
  EXPECT_EQ(log.for_viewer(0, 0, &plies),
            (std::vector<std::string>{"setup", "seat 1 draws a coin", "seat 0 passes"}));
  EXPECT_EQ(plies, (std::vector<int>{0, 1, 2}));
  plies.clear();
  EXPECT_EQ(log.for_viewer(1, 1, &plies).size(), 3u);
  EXPECT_EQ(plies, (std::vector<int>{1, 1, 2}));
}

TEST(EventLog, CopiesShareUntilOneWrites) {
  EventLog log;
  log.set_enabled(true);
  log.add("one");
  EventLog copy = log;
  EXPECT_EQ(&copy.events(), &log.events());  // shared, not copied
  copy.add("two");
  EXPECT_EQ(log.for_viewer(0), (std::vector<std::string>{"one"}));
  EXPECT_EQ(copy.for_viewer(0), (std::vector<std::string>{"one", "two"}));
  log.add("three");
  EXPECT_EQ(log.for_viewer(0), (std::vector<std::string>{"one", "three"}));
}

TEST(ParamReader, DefaultsTypesRangesAndUnknownKeys) {
  ParamReader r("g", json{{"players", "3"}, {"fast", true}, {"name", "x"}});
  EXPECT_EQ(r.get_int("players", 2, 2, 4), 3);
  EXPECT_TRUE(r.get_bool("fast", false));
  EXPECT_EQ(r.get_string("name", ""), "x");
  EXPECT_EQ(r.get_int("cap", 10, 1, 100), 10);
  EXPECT_EQ(r.finish(), (json{{"players", 3}, {"fast", true}, {"name", "x"}, {"cap", 10}}));

  ParamReader bad("g", json{{"players", 9}});
  try {
    bad.get_int("players", 2, 2, 4);
    FAIL();
  } catch (const BadParams& e) {
    EXPECT_STREQ(e.what(), "g param 'players': 9 is out of range 2..4");
  }
  ParamReader unknown("g", json{{"colour", "red"}});
  unknown.get_int("players", 2, 2, 4);
  EXPECT_THROW(unknown.finish(), BadParams);
  ParamReader not_int("g", json{{"players", "two"}});
  EXPECT_THROW(not_int.get_int("players", 2, 2, 4), BadParams);
}

// Issue 13, case 4: an integer past int's range was truncated (4294967298 became 2).
TEST(ParamReader, HugeIntegersAreOutOfRangeNotTruncated) {
  for (const json& v : {json(4294967298ULL), json(18446744073709551615ULL), json(-4294967294LL),
                        json("4294967298"), json("99999999999999999999999")}) {
    ParamReader r("g", json{{"players", v}});
    EXPECT_THROW(r.get_int("players", 2, 2, 4), BadParams) << v.dump();
  }
  ParamReader fraction("g", json{{"players", 2.5}});
  EXPECT_THROW(fraction.get_int("players", 2, 2, 4), BadParams);
  ParamReader nan_text("g", json{{"players", "nan"}});
  EXPECT_THROW(nan_text.get_int("players", 2, 2, 4), BadParams);
}

// Issue 13, case 6: what the user typed is echoed escaped, on one line, and cut.
TEST(Quote, EscapesControlCharactersAndCutsLongInput) {
  EXPECT_EQ(quote("d3#e3"), "'d3#e3'");
  EXPECT_EQ(quote("end\nend"), "'end\\nend'");
  EXPECT_EQ(quote("\x1b[31mred"), "'\\x1b[31mred'");
  EXPECT_EQ(quote("it's"), "'it\\'s'");
  const std::string huge(10'000'000, 'x');
  const std::string q = quote(huge);
  EXPECT_LT(q.size(), 100u);
  EXPECT_NE(q.find("...' (10000000 bytes)"), std::string::npos) << q;
  EXPECT_EQ(one_line("a\nb\x1b"), "a\\nb\\x1b");
  EXPECT_EQ(one_line("caf\xc3\xa9"), "caf\xc3\xa9");  // UTF-8 text is kept
  EXPECT_EQ(one_line(std::string(5000, 'y'), 100), std::string(100, 'y') + "...");
}

// Issue 13, case 1: JSON nested 200,000 deep overflowed the stack; every JSON input now goes
// through read_json, which refuses it (and oversized text) before parsing.
TEST(JsonInput, RefusesDeepNestingAndOversizedTextWithOneLine) {
  const std::string deep =
      "{\"game\":\"relativity\",\"moves\":[],\"x\":" + std::string(200'000, '[') +
      std::string(200'000, ']') + "}";
  std::string error;
  EXPECT_FALSE(try_read_json(deep, {}, &error));
  EXPECT_NE(error.find("deeper than 32"), std::string::npos) << error;
  EXPECT_THROW(read_json(deep, "record"), BadRecord);
  // Brackets inside strings do not count; escaped quotes do not end a string.
  EXPECT_EQ(json_depth(R"({"a":"[[[[\"[[[","b":[[1]]})", 100), 3);
  EXPECT_TRUE(try_read_json(std::string(40, '[') + std::string(40, ']'), {64 << 10, 40}));
  EXPECT_FALSE(try_read_json(std::string(41, '[') + std::string(41, ']'), {64 << 10, 40}));
  EXPECT_FALSE(try_read_json(std::string(2000, ' ') + "1", {1000, 8}, &error));
  EXPECT_NE(error.find("2001 bytes, more than the 1000"), std::string::npos) << error;
  EXPECT_FALSE(try_read_json("{\"a\": \x1b[31m}", {}, &error));
  EXPECT_NE(error.find("not valid JSON at byte"), std::string::npos) << error;
  EXPECT_EQ(error.find('\x1b'), std::string::npos) << "the escape reached the message";
  EXPECT_EQ(read_json(R"({"a":[1,2]})", "x"), (json{{"a", {1, 2}}}));
}

// Issue 13, case 4, in records: a seed or chance outcome out of range is an error, not wrapped.
TEST(Record, OutOfRangeNumbersAreErrors) {
  const json base{{"game", "g"}, {"moves", json::array()}};
  auto with = [&](const char* key, json v) {
    json j = base;
    j[key] = std::move(v);
    return j;
  };
  EXPECT_EQ(Record::from_json(with("seed", 18446744073709551615ULL)).seed, 18446744073709551615ULL);
  EXPECT_THROW(Record::from_json(with("seed", -1)), BadRecord);
  EXPECT_THROW(Record::from_json(with("seed", 1.5)), BadRecord);
  EXPECT_THROW(Record::from_json(with("seed", 1e30)), BadRecord);
  EXPECT_THROW(Record::from_json(with("seed", "7")), BadRecord);
  EXPECT_EQ(Record::from_json(with("chance", {4294967295ULL})).chance,
            std::vector<uint32_t>{4294967295U});
  EXPECT_THROW(Record::from_json(with("chance", {4294967298ULL})), BadRecord);
  EXPECT_THROW(Record::from_json(with("chance", {-2})), BadRecord);
  EXPECT_THROW(Record::from_json(with("chance", 3)), BadRecord);
}

TEST(SetParam, ValuesAreJsonWhenTheyParseElseStrings) {
  json p = json::object();
  set_param(p, "players=3");
  set_param(p, "coins=n45a5n/3a2243/3n4a2n/a25345");
  set_param(p, "flag=true");
  EXPECT_EQ(p["players"], 3);
  EXPECT_EQ(p["coins"], "n45a5n/3a2243/3n4a2n/a25345");
  EXPECT_EQ(p["flag"], true);
  EXPECT_THROW(set_param(p, "novalue"), BadParams);
  EXPECT_THROW(set_param(p, "=3"), BadParams);
  // Issue 13: a deep or huge value stays a string (which the game then refuses), never a tree.
  set_param(p, "deep=" + std::string(100'000, '['));
  EXPECT_TRUE(p["deep"].is_string());
  set_param(p, "big=1e999");
  EXPECT_TRUE(p["big"].is_string());
}

TEST(Ppn, ReadsHeaderCommentsNumbersAndSubMoves) {
  const ppn::Record r = ppn::parse(
      "---\nRound: Night\nGameType: \n    Name: Relativity\n    Coins: \"n45a5n/3a2243\"\n...\n"
      "{ a comment }\n1S. d3#e3 1T. d3#d1\n2S. c2#c3 2T. d2#b1;M2@e6 {another}\n");
  EXPECT_EQ(r.header.at("Round"), "Night");
  EXPECT_EQ(r.header.at("GameType.Name"), "Relativity");
  EXPECT_EQ(r.header.at("GameType.Coins"), "n45a5n/3a2243");
  ASSERT_EQ(r.moves.size(), 4u);
  EXPECT_EQ(r.moves[0].number, "1S");
  EXPECT_EQ(r.moves[3].number, "2T");
  EXPECT_EQ(r.moves[3].parts, (std::vector<std::string>{"d2#b1", "M2@e6"}));
  EXPECT_EQ(r.comments, (std::vector<std::string>{"a comment", "another"}));
}

TEST(Ppn, WriteReadsBackTheSameRecordsAndRefusesWhatPpnCannotHold) {
  ppn::Record a;
  a.header = {{"Round", "Night"},
              {"GameType.Name", "Relativity"},
              {"GameType.Coins", "n45a5n/3a2243"},
              {"Event.Site.Room", "it's: here"}};
  a.comments = {"a comment", "Space wins 6-4"};
  for (int i = 1; i <= 30; ++i) a.moves.push_back({std::to_string(i) + "S", {"d3#e3", "M2@e6"}, 0});
  ppn::Record b;
  b.header = {{"Round", "Day"}};
  b.moves.push_back({"", {"a1#a2"}, 0});
  b.moves.push_back({"", {"b1#b2"}, 0});
  const std::string text = ppn::write_games({a, b});
  for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos;
       start = end + 1)
    EXPECT_LE(end - start, 80u) << text;
  const std::vector<ppn::Record> read = ppn::parse_games(text);
  ASSERT_EQ(read.size(), 2u) << text;
  EXPECT_EQ(read[0].header, a.header) << text;
  EXPECT_EQ(read[0].comments, a.comments);
  ASSERT_EQ(read[0].moves.size(), a.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    EXPECT_EQ(read[0].moves[i].number, a.moves[i].number);
    EXPECT_EQ(read[0].moves[i].parts, a.moves[i].parts);
  }
  EXPECT_EQ(read[1].header, b.header);
  ASSERT_EQ(read[1].moves.size(), 2u);
  EXPECT_EQ(read[1].moves[1].parts, std::vector<std::string>{"b1#b2"});
  EXPECT_EQ(ppn::parse(text).header, a.header);  // parse reads the first game
  // What PPN cannot hold is refused, never written wrong.
  auto refused = [](ppn::Record r) { EXPECT_THROW(ppn::write(r), BadRecord); };
  refused({{{"Name", "a\nb"}}, {}, {}});
  refused({{{"Name", "both ' and \""}}, {}, {}});
  refused({{{"Name", ""}}, {}, {}});
  refused({{{"Bad:key", "x"}}, {}, {}});
  refused({{{"GameType", "Relativity"}, {"GameType.Name", "Relativity"}}, {}, {}});
  refused({{}, {"a } brace"}, {}});
  refused({{}, {}, {{"1S", {"a1 a2"}, 0}}});
  refused({{}, {}, {{"1S", {}, 0}}});
  refused({{}, {}, {{"S1", {"a1#a2"}, 0}}});
}

TEST(Ppn, MalformedInputNamesTheLine) {
  EXPECT_THROW(ppn::parse("---\nName: x\n"), BadRecord);  // header never closed
  EXPECT_THROW(ppn::parse("---\nno colon here\n...\n"), BadRecord);
  EXPECT_THROW(ppn::parse("1S. a1#a2 {unclosed\n"), BadRecord);
  EXPECT_THROW(ppn::parse("1S.\n"), BadRecord);  // number without a move
  try {
    ppn::parse("---\nA: 1\n...\n1S. a1#a2 2T.\n");
    FAIL();
  } catch (const BadRecord& e) {
    EXPECT_NE(std::string(e.what()).find("line 4"), std::string::npos) << e.what();
  }
}

// wrap_words: lines of at most the width, later lines indented, a seat's name never split
// ("seat C (2)", "NE (seat 0)"), a word longer than the line alone on its line.
TEST(Text, WrapWordsKeepsSeatNamesWhole) {
  EXPECT_EQ(wrap_words("  the order: seat D (3), seat A (0), seat C (2)", 40, 4),
            "  the order: seat D (3), seat A (0),\n    seat C (2)");
  EXPECT_EQ(wrap_words("Starting roll: NE (seat 0) 3, SE (seat 1) 3", 22, 2),
            "Starting roll:\n  NE (seat 0) 3,\n  SE (seat 1) 3");
  EXPECT_EQ(wrap_words("a (tie) goes", 5, 0), "a (tie)\ngoes");
  EXPECT_EQ(wrap_words("roll 0 (a tie: again)", 10, 0), "roll 0 (a\ntie:\nagain)");
  EXPECT_EQ(wrap_words("short", 80, 2), "short");
  EXPECT_EQ(wrap_words("x abcdefghij y", 4, 1), "x\n abcdefghij y");
  EXPECT_EQ(wrap_words("↗ ↗ ↗", 3, 0), "↗ ↗\n↗");
}

// split_words and compact_lower, as the games read a typed move: words at any white space,
// UTF-8 bytes untouched; a compact move without spaces and in lower case.
TEST(Text, SplitWordsAndCompactLowerReadTypedMoves) {
  EXPECT_EQ(split_words("  deploy @3\tfront  c2\n"),
            (std::vector<std::string>{"deploy", "@3", "front", "c2"}));
  EXPECT_EQ(split_words(" \t\r\n"), std::vector<std::string>{});
  EXPECT_EQ(split_words("Zürich café"), (std::vector<std::string>{"Zürich", "café"}));
  EXPECT_EQ(compact_lower(" D3 #\te3 "), "d3#e3");
  EXPECT_EQ(compact_lower("3:C3 - C5 xD4"), "3:c3-c5xd4");
  EXPECT_EQ(compact_lower("ZÜRICH"), "zÜrich");
}

}  // namespace
}  // namespace tabletop
