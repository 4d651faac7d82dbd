// The server's log (log.h): a failure inside a match is logged with the match's id, at the level
// and in the format the operator chose.
#include "server/log.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "server/computer_pool.h"
#include "server/json_input.h"
#include "server/room.h"
#include "server/sqlite_store.h"

namespace tabletop::server {
namespace {

// A two-seat game whose moves cannot be listed: any agent asked to choose for it throws.
class BrokenMovesState final : public State {
 public:
  using State::State;
  Seat current_player() const override { return 0; }
  Returns returns() const override { return Returns{}; }
  std::unique_ptr<State> clone() const override {
    return std::make_unique<BrokenMovesState>(*this);
  }
  std::string move_to_string(Move m) const override { return std::to_string(m.bits); }
  Move parse_move(std::string_view) const override { return Move{0}; }
  json observation(Seat) const override { return json::object(); }

 protected:
  void do_legal_moves(MoveList&) const override {
    throw std::runtime_error("the broken game cannot list its moves");
  }
  void do_apply(Move) override {}
  json state_json() const override { return json::object(); }
};

class BrokenMovesGame final : public Game {
 public:
  BrokenMovesGame() : Game(GameInfo{"broken", "Broken", "", 2, 2, false, false}, json::object()) {}
  int num_players() const override { return 2; }
  std::unique_ptr<State> new_initial_state(Chance chance) const override {
    return std::make_unique<BrokenMovesState>(shared_from_this(), std::move(chance));
  }

 protected:
  std::unique_ptr<State> restore_state(const json&, Chance chance) const override {
    return new_initial_state(std::move(chance));
  }
};

Registry broken_registry() {
  Registry registry;
  GameEntry entry;
  entry.info = GameInfo{"broken", "Broken", "", 2, 2, false, false};
  entry.make = [](const json&) { return std::make_shared<const BrokenMovesGame>(); };
  registry.add(std::move(entry));
  return registry;
}

// Adds a sink writing into `out` to the server's logger for the test's duration, with the level
// and format the test sets.
class CapturedLog {
 public:
  CapturedLog(spdlog::level::level_enum level, LogFormat format)
      : sink_(std::make_shared<spdlog::sinks::ostream_sink_mt>(out_)) {
    logger().sinks().push_back(sink_);
    configure_log(level, format);
  }
  ~CapturedLog() {
    auto& sinks = logger().sinks();
    sinks.erase(std::remove(sinks.begin(), sinks.end(), sink_), sinks.end());
    configure_log(spdlog::level::info, LogFormat::kText);
  }
  std::string text() {
    logger().flush();
    return out_.str();
  }

 private:
  std::ostringstream out_;
  std::shared_ptr<spdlog::sinks::ostream_sink_mt> sink_;
};

std::string temp_db(const std::string& name) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("tabletop_log_" + name + "_" + std::to_string(getpid()) + ".db");
  std::filesystem::remove(path);
  return path.string();
}

TEST(ServerLog, AComputerSeatWhoseAgentThrowsIsLoggedWithTheMatchId) {
  CapturedLog log(spdlog::level::info, LogFormat::kText);
  const Registry registry = broken_registry();
  SqliteStore store(temp_db("agent"));
  StoredMatch stored;
  stored.id = "brokenmatch1";
  stored.game = "broken";
  stored.seed = 7;
  stored.seats = json::array({{{"kind", "computer"}, {"strength", "easy"}}, {{"kind", "human"}}});
  store.matches().create(stored);
  ComputerPool pool(1, /*threads=*/false);
  ComputerSettings settings;
  settings.pool = &pool;
  settings.unwatched_pause_s = 0;
  auto room = std::make_shared<Room>(stored, registry, store, settings);
  room->resume();
  ASSERT_TRUE(pool.run_one());  // the seat's search, which throws
  const std::string text = log.text();
  EXPECT_NE(text.find("error"), std::string::npos) << text;
  EXPECT_NE(text.find("match brokenmatch1: seat 0's computer"), std::string::npos) << text;
  EXPECT_NE(text.find("the broken game cannot list its moves"), std::string::npos) << text;
  // Nothing was played: the seat is still to move at the same seq.
  EXPECT_EQ(room->seq(), 0);
}

TEST(ServerLog, JsonLinesCarryTheMatchAsAFieldAndEscapeTheMessage) {
  CapturedLog log(spdlog::level::info, LogFormat::kJson);
  log_match(spdlog::level::warn, "m42", "a \"quoted\" failure\nover two lines");
  logger().info("listening on {}:{}", "127.0.0.1", 8080);
  std::istringstream lines(log.text());
  std::string first, second;
  ASSERT_TRUE(std::getline(lines, first));
  ASSERT_TRUE(std::getline(lines, second));
  const json a = json::parse(first), b = json::parse(second);
  EXPECT_EQ(a["level"], "warn");
  EXPECT_EQ(a["match"], "m42");
  EXPECT_NE(a["message"].get<std::string>().find("a \"quoted\" failure"), std::string::npos);
  EXPECT_TRUE(a["time"].get<std::string>().ends_with("Z")) << a;
  EXPECT_EQ(b["level"], "info");
  EXPECT_FALSE(b.contains("match")) << b;
  EXPECT_EQ(b["message"], "listening on 127.0.0.1:8080");
}

TEST(ServerLog, TheLevelLeavesOutLessSevereEvents) {
  CapturedLog log(log_level_from("error"), LogFormat::kText);
  log_match(spdlog::level::warn, "m1", "a warning");
  log_match(spdlog::level::err, "m2", "an error");
  const std::string text = log.text();
  EXPECT_EQ(text.find("a warning"), std::string::npos) << text;
  EXPECT_NE(text.find("match m2: an error"), std::string::npos) << text;
  EXPECT_THROW(log_level_from("loud"), BadInput);
  EXPECT_THROW(log_format_from("xml"), BadInput);
}

}  // namespace
}  // namespace tabletop::server
