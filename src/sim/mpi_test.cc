// The lab under MPI: `mpirun -np K tabletop sim ...` must give the single-process run's games and
// summary for the same master seed (only the seconds differ). Built only when CMake found MPI.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace {

struct Result {
  int code;
  std::string out;  // stdout and stderr together
};

Result shell(const std::string& command) {
  FILE* pipe = popen((command + " 2>&1 < /dev/null").c_str(), "r");
  std::string out;
  std::array<char, 4096> buffer;
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string tabletop() {
  return std::string(TABLETOP_BIN_DIR) + "/tabletop";
}

// mpirun with K ranks on this machine, whatever its core count and whoever runs the test.
std::string mpirun(int ranks) {
  std::string command =
      std::string(TABLETOP_MPIEXEC) + " --oversubscribe -np " + std::to_string(ranks);
  if (geteuid() == 0) command += " --allow-run-as-root";
  return command + " " + tabletop();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The summary without what depends on the clock (every "seconds") or the output paths ("command").
nlohmann::json timeless(nlohmann::json j) {
  if (j.is_object()) {
    j.erase("seconds");
    j.erase("command");
    for (auto& [key, value] : j.items()) value = timeless(value);
  } else if (j.is_array()) {
    for (auto& value : j) value = timeless(value);
  }
  return j;
}

struct Outputs {
  nlohmann::json summary;
  std::string records, out;
};

Outputs sim(const std::string& launcher, const std::string& args, const std::string& name) {
  const std::string dir = ::testing::TempDir();
  const std::string json = dir + "/mpi_" + name + ".json",
                    records = dir + "/mpi_" + name + ".jsonl";
  std::remove(json.c_str());
  std::remove(records.c_str());
  const Result r = shell(launcher + " sim " + args + " --json " + json + " --records " + records);
  EXPECT_EQ(r.code, 0) << r.out;
  Outputs o;
  o.out = r.out;
  std::ifstream in(json);
  o.summary = nlohmann::json::parse(in, nullptr, false);
  o.records = slurp(records);
  return o;
}

void expect_same_as_one_process(const std::string& args, const std::string& name) {
  const Outputs one = sim(tabletop(), args + " -j 1", name + "_one");
  ASSERT_FALSE(one.summary.is_discarded()) << one.out;
  ASSERT_FALSE(one.records.empty());
  for (int ranks : {2, 3}) {
    const Outputs many = sim(mpirun(ranks), args + " -j 1", name + "_" + std::to_string(ranks));
    ASSERT_FALSE(many.summary.is_discarded()) << many.out;
    EXPECT_EQ(timeless(many.summary), timeless(one.summary)) << ranks << " ranks";
    EXPECT_TRUE(many.records == one.records) << ranks << " ranks: the records differ";
    // Only rank 0 prints the summary.
    const std::string head = "deals in";
    std::size_t count = 0;
    for (std::size_t at = many.out.find(head); at != std::string::npos;
         at = many.out.find(head, at + 1))
      ++count;
    EXPECT_EQ(count, 1u) << many.out;
  }
}

TEST(SimMpi, RelativityWithRotationsGivesTheSingleProcessGames) {
  expect_same_as_one_process("relativity -n 40 --agents random,greedy --rotate --seed 7",
                             "relativity");
}

TEST(SimMpi, ConspiracyVariantsGiveTheSingleProcessGames) {
  expect_same_as_one_process(
      "conspiracy -n 5 --agents random --seed 3 --sweep progress_markers=true,false", "conspiracy");
}

TEST(SimMpi, FewerDealsThanRanks) {
  expect_same_as_one_process("siege -n 1 --agents random --seed 11 --param max_plies=400", "one");
}

TEST(SimMpi, BadAgentIsOneErrorAndAFailedJob) {
  const Result r = shell(mpirun(2) + " sim relativity -n 4 --agents nosuchagent");
  EXPECT_NE(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("nosuchagent"), std::string::npos) << r.out;
}

}  // namespace
