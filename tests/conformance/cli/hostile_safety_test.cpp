// The harness stays safe when the provider hangs or allocates without bound, and when tfconform
// itself is told to stop: SIGINT / SIGTERM end the run with its reports written and exit 130 /
// 143; SIGKILL takes the providers with it and the next run removes what it left; a hang in any
// RPC is an rpc.timeout; a provider over its memory limit is rpc.out_of_memory and the run goes
// on. Every test checks that no process and no temporary file of the run is left.
// docs/hostile-providers.md has the timings at default settings (make hostile).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/conformance/cli/background_run.hpp"
#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

// Generous bounds on waits, so a broken harness fails the test instead of hanging it; they are
// not speed targets (those are measured by make hostile).
constexpr auto kStartBound = 30s;
constexpr auto kEndBound = 30s;

/// Everything a writer sends through the FIFO at `path` until it closes it. A failed read is tried
/// again; only 100 failures in a row fail the test, naming the last error. (Once, in the
/// sanitized suite under load, std::ifstream threw here, "error reading the file: No such
/// process", and the test never reached the report it checks.)
std::string read_fifo(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  EXPECT_GE(fd, 0) << "opening " << path << ": " << std::strerror(errno);
  if (fd < 0) return {};
  std::string text;
  char buf[65536];
  for (int failures = 0;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0) break;
    if (n > 0) {
      text.append(buf, static_cast<std::size_t>(n));
      failures = 0;
      continue;
    }
    const int error = errno;
    if (++failures == 100) {
      ADD_FAILURE() << "reading " << path << ": " << std::strerror(error);
      break;
    }
    std::this_thread::sleep_for(10ms);
  }
  ::close(fd);
  return text;
}

std::vector<std::string> args_for(const Scratch& scratch, const std::string& mode,
                                  std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"--provider",
                                   provider_binary("tfcfault").string(),
                                   "--apply",
                                   "--seed",
                                   "20261124",
                                   "--hints",
                                   hints("tfcfault"),
                                   "--env",
                                   "TFCFAULT_STATE_DIR=" + (scratch.path() / "objects").string(),
                                   "--env",
                                   "TFCFAULT_MODE=" + mode};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// What every stopped or killed run must leave: nothing running, no temporary file.
void expect_nothing_left(const Scratch& scratch, const BackgroundRun& run) {
  EXPECT_TRUE(processes_left(scratch, 2s).empty()) << "a process of the run survived\n" << run.output();
  const auto temp = run.leftover_temp_files();
  EXPECT_TRUE(temp.empty()) << "left in TMPDIR: " << (temp.empty() ? "" : temp.front().string());
}

std::set<std::string> rules_with_prefix(const json& report, const std::string& prefix) {
  std::set<std::string> out;
  for (const auto& f : findings_of(report))
    if (f.value("rule", "").rfind(prefix, 0) == 0) out.insert(f.value("rule", ""));
  return out;
}

// True once the run's providers are gone while tfconform itself still runs: it is writing its
// reports (here: blocked on a FIFO nobody reads yet).
bool wait_for_reports_stage(const Scratch& scratch, BackgroundRun& run, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  bool providers_seen = false;
  while (std::chrono::steady_clock::now() < deadline) {
    const auto alive = processes_matching(scratch.path().string());
    const bool only_tfconform = alive.size() == 1 && alive.front() == run.pid();
    providers_seen = providers_seen || alive.size() > 1;
    if (providers_seen && only_tfconform) {
      std::this_thread::sleep_for(300ms);
      if (processes_matching(scratch.path().string()).size() == 1) return true;
    }
    if (run.wait(0ms).has_value()) return false;  // it ended: nothing blocked it
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

// --- SIGINT and SIGTERM ----------------------------------------------------------------------

struct StopSignal {
  int sig;
  int exit_code;
  const char* reason;
};

void PrintTo(const StopSignal& s, std::ostream* os) { *os << s.reason; }

class StopDuringAHang : public ::testing::TestWithParam<StopSignal> {};

TEST_P(StopDuringAHang, EndsTheRunWritesTheReportsAndLeavesNothing) {
  REQUIRE_PROVIDER("tfcfault");
  const auto& p = GetParam();
  Scratch scratch;
  // The default deadline: without the signal this run would wait 45 s in its first plan.
  BackgroundRun run(scratch, args_for(scratch, "hang_in_plan", {"--cases", "3", "--html", "report.html"}));
  ASSERT_TRUE(run.wait_for_output("tfconform run: seed", kStartBound)) << run.output();
  std::this_thread::sleep_for(1500ms);  // into the hanging PlanResourceChange
  ASSERT_TRUE(processes_left(scratch, 0ms).size() >= 2) << "the provider should be running\n" << run.output();
  run.signal(p.sig);
  const auto code = run.wait(kEndBound);
  ASSERT_TRUE(code.has_value()) << "tfconform did not stop\n" << run.output();
  EXPECT_EQ(*code, p.exit_code) << run.output();
  const json report = run.report();
  ASSERT_TRUE(report.is_object()) << run.output();
  EXPECT_EQ(report["result"], "incomplete");
  EXPECT_EQ(report["interruption"]["reason"], p.reason);
  EXPECT_EQ(report["interruption"]["cut_short"], json::array({"resource.tfcfault_thing"})) << report["interruption"];
  // The call tfconform cancelled itself is not held against the provider.
  EXPECT_TRUE(rules_with_prefix(report, "rpc.").empty()) << run.output();
  EXPECT_TRUE(std::filesystem::file_size(scratch.path() / "report.html") > 0);
  EXPECT_NE(run.output().find(p.reason), std::string::npos) << run.output();
  expect_nothing_left(scratch, run);
}

INSTANTIATE_TEST_SUITE_P(Signals, StopDuringAHang,
                         ::testing::Values(StopSignal{SIGINT, 130, "interrupted by SIGINT"},
                                           StopSignal{SIGTERM, 143, "terminated by SIGTERM"}),
                         [](const auto& p) { return std::string(p.param.sig == SIGINT ? "Sigint" : "Sigterm"); });

TEST(StopSignals, ASignalWhileShrinkingKeepsTheFindingFoundSoFar) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  // A hang found within the 2 s cap, then shrunk: every shrinking attempt waits for a deadline.
  BackgroundRun run(scratch,
                    args_for(scratch, "hang_in_plan", {"--cases", "3", "--timeout", "2", "--shrink-time", "120"}));
  ASSERT_TRUE(run.wait_for_output("shrinking rpc.timeout", 60s)) << run.output();
  run.signal(SIGINT);
  const auto code = run.wait(kEndBound);
  ASSERT_TRUE(code.has_value()) << "tfconform did not stop\n" << run.output();
  EXPECT_EQ(*code, 130) << run.output();
  const json report = run.report();
  ASSERT_TRUE(report.is_object()) << run.output();
  EXPECT_EQ(rules_with_prefix(report, "rpc."), std::set<std::string>{"rpc.timeout"}) << run.output();
  EXPECT_EQ(report["interruption"]["reason"], "interrupted by SIGINT");
  expect_nothing_left(scratch, run);
}

TEST(StopSignals, ASignalWhileWritingReportsStillCompletesThem) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto fifo = scratch.path() / "report.html";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The HTML report goes to a FIFO nobody reads yet: writing it blocks until the test reads.
  BackgroundRun run(scratch, args_for(scratch, "honest", {"--cases", "2", "--html", fifo.string()}));
  ASSERT_TRUE(wait_for_reports_stage(scratch, run, 60s)) << run.output();
  run.signal(SIGTERM);
  std::this_thread::sleep_for(300ms);
  const std::string html = read_fifo(fifo);
  const auto code = run.wait(kEndBound);
  ASSERT_TRUE(code.has_value()) << run.output();
  EXPECT_EQ(*code, 143) << run.output();
  EXPECT_NE(html.find("</html>"), std::string::npos) << "the HTML report was cut short";
  const json report = run.report();
  ASSERT_TRUE(report.is_object()) << "the JSON report, written after the signal, is missing\n" << run.output();
  EXPECT_EQ(report["result"], "passed");  // the run itself had finished
  expect_nothing_left(scratch, run);
}

TEST(StopSignals, ASecondSignalQuitsAtOnceAndStillKillsTheProviders) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto fifo = scratch.path() / "report.html";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The first signal arrives during a hang; the HTML report then waits for a reader that never
  // comes, so only the second signal can end the run.
  BackgroundRun run(scratch, args_for(scratch, "hang_in_plan", {"--cases", "3", "--html", fifo.string()}));
  ASSERT_TRUE(run.wait_for_output("tfconform run: seed", kStartBound)) << run.output();
  std::this_thread::sleep_for(1500ms);
  run.signal(SIGINT);
  ASSERT_TRUE(run.wait_for_output("writing the reports", kEndBound)) << run.output();
  std::this_thread::sleep_for(500ms);
  EXPECT_FALSE(run.wait(0ms).has_value()) << "the run should be waiting on its report";
  run.signal(SIGINT);
  const auto code = run.wait(kEndBound);
  ASSERT_TRUE(code.has_value()) << "a second signal did not end the run\n" << run.output();
  EXPECT_EQ(*code, 130) << run.output();
  EXPECT_NE(run.output().find("quitting at once"), std::string::npos) << run.output();
  expect_nothing_left(scratch, run);
}

TEST(StopSignals, TheTimeBudgetEndsTheRunWithCompleteReports) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  BackgroundRun run(scratch, args_for(scratch, "honest", {"--cases", "100000", "--time-budget", "3"}));
  const auto code = run.wait(120s);
  ASSERT_TRUE(code.has_value()) << run.output();
  EXPECT_EQ(*code, 0) << "no finding: the budget is not a failure\n" << run.output();
  const json report = run.report();
  ASSERT_TRUE(report.is_object()) << run.output();
  EXPECT_EQ(report["result"], "incomplete");
  EXPECT_EQ(report["interruption"]["reason"], "stopped at the time budget (--time-budget)");
  // The run stopped inside the first type, so every type selected after it never ran.
  std::size_t types = 0;
  for (const auto& suite : report["suites"]) types += suite["kind"] != "provider";
  EXPECT_EQ(report["interruption"]["cut_short"].size(), 1u) << report["interruption"];
  EXPECT_EQ(report["interruption"]["not_run"].size() + report["interruption"]["cut_short"].size(), types)
      << report["interruption"];
  EXPECT_NE(run.output().find("INCOMPLETE"), std::string::npos) << run.output();
  expect_nothing_left(scratch, run);
}

TEST(StopSignals, SigkillTakesTheProvidersAlongAndTheNextRunCleansUp) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  {
    BackgroundRun run(scratch, args_for(scratch, "hang_in_plan", {"--cases", "3"}));
    ASSERT_TRUE(run.wait_for_output("tfconform run: seed", kStartBound)) << run.output();
    std::this_thread::sleep_for(1500ms);
    ASSERT_GE(processes_left(scratch, 0ms).size(), 2u);
    run.signal(SIGKILL);
    EXPECT_EQ(run.wait(kEndBound), 128 + SIGKILL);
    // Nothing ran a cleanup, yet the provider died with tfconform (its parent-death signal).
    EXPECT_TRUE(processes_left(scratch, 2s).empty()) << "a provider outlived a killed tfconform";
    EXPECT_FALSE(run.leftover_temp_files().empty()) << "the killed run's scratch directory should still be there";
  }
  // The next run finds that directory unlocked (its owner is gone) and removes it.
  BackgroundRun next(scratch, args_for(scratch, "honest", {"--cases", "1"}));
  const auto code = next.wait(60s);
  ASSERT_TRUE(code.has_value()) << next.output();
  EXPECT_EQ(*code, 0) << next.output();
  expect_nothing_left(scratch, next);
}

// --- Memory ----------------------------------------------------------------------------------

TEST(ProviderMemory, AProviderOverItsLimitIsAFindingAndTheRunGoesOn) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  BackgroundRun run(scratch, args_for(scratch, "allocate_unbounded", {"--cases", "3", "--provider-memory", "256MiB"}));
  const auto code = run.wait(180s);
  ASSERT_TRUE(code.has_value()) << run.output();
  EXPECT_EQ(*code, 1) << run.output();
  const json report = run.report();
  ASSERT_TRUE(report.is_object()) << run.output();
  EXPECT_EQ(rules_with_prefix(report, "rpc."), std::set<std::string>{"rpc.out_of_memory"}) << run.output();
  std::string message;
  for (const auto& f : findings_of(report))
    if (f["rule"] == "rpc.out_of_memory") message = f.value("message", "");
  EXPECT_NE(message.find("256 MiB"), std::string::npos) << message;
  EXPECT_NE(message.find("--provider-memory"), std::string::npos) << message;
  EXPECT_NE(message.find("PlanResourceChange"), std::string::npos) << message;
  // The run went on after the provider died: the data source suite still played its cases.
  for (const auto& suite : report["suites"]) {
    if (suite["kind"] == "data_source") {
      EXPECT_GT(suite["coverage"]["cases_generated"].get<int>(), 0);
    }
  }
  expect_nothing_left(scratch, run);
}

// --- A hang in every RPC ----------------------------------------------------------------------

struct Hang {
  std::string mode;
  std::string rpc;
};

std::vector<Hang> hangs_from_tsv() {
  std::vector<Hang> out;
  std::ifstream in(std::string(TFC_SOURCE_DIR_DEFAULT) + "/tests/providers/faulty/hostile.tsv");
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream cols(line);
    std::string mode, expected, description;
    std::getline(cols, mode, '\t');
    std::getline(cols, expected, '\t');
    std::getline(cols, description, '\t');
    if (mode.rfind("hang_in_", 0) == 0) out.push_back({mode, description.substr(0, description.find(' '))});
  }
  return out;
}

void PrintTo(const Hang& h, std::ostream* os) { *os << h.mode; }

class HangInEveryRpc : public ::testing::TestWithParam<Hang> {};

TEST_P(HangInEveryRpc, IsATimeoutNamingTheRpc) {
  REQUIRE_PROVIDER("tfcfault");
  const auto& h = GetParam();
  Scratch scratch;
  // Enough cases that every step (import, upgrade, refresh, data source reads) is reached.
  BackgroundRun run(scratch, args_for(scratch, h.mode, {"--cases", "12", "--timeout", "2", "--max-shrinks", "2"}));
  const auto code = run.wait(180s);
  ASSERT_TRUE(code.has_value()) << run.output();
  EXPECT_EQ(*code, 1) << run.output();
  const json report = run.report();
  ASSERT_TRUE(report.is_object()) << run.output();
  EXPECT_EQ(rules_with_prefix(report, "rpc."), std::set<std::string>{"rpc.timeout"}) << run.output();
  bool named = false;
  for (const auto& f : findings_of(report))
    if (f["rule"] == "rpc.timeout") named = named || f.value("rpc", "") == h.rpc;
  EXPECT_TRUE(named) << "no rpc.timeout on " << h.rpc << "\n" << run.output();
  expect_nothing_left(scratch, run);
}

INSTANTIATE_TEST_SUITE_P(Modes, HangInEveryRpc, ::testing::ValuesIn(hangs_from_tsv()),
                         [](const auto& p) { return p.param.mode; });

}  // namespace
}  // namespace tfc::conformance::testing
