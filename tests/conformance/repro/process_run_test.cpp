// run_process (conformance/repro/process_run.hpp): how Terraform and OpenTofu are run to confirm a
// finding. Output and exit code, the deadline, and that a kill -9 of the caller takes the tool
// and what the tool started with it.
#include "conformance/repro/process_run.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

namespace tfc::conformance {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string read_file(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

bool gone(pid_t pid) { return ::kill(pid, 0) == -1 && errno == ESRCH; }

/// Waits up to `limit` for `name` to be written completely (written to a .tmp and renamed).
std::string wait_for_file(const fs::path& name, std::chrono::seconds limit) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    if (fs::exists(name)) return read_file(name);
    std::this_thread::sleep_for(20ms);
  }
  return {};
}

class ProcessRunTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "tfc-process-run-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    m_dir = pattern;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(m_dir, ec);
  }
  fs::path m_dir;
};

TEST_F(ProcessRunTest, OutputAndExitCodeAreKept) {
  // A bare name is looked up on PATH, as a shell would.
  const auto r = run_process({{"sh", "-c", "echo to-stdout; echo to-stderr >&2; pwd; exit 3"}, m_dir, {}, 60s});
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_FALSE(r.timed_out);
  EXPECT_TRUE(contains(r.output, "to-stdout\n")) << r.output;
  EXPECT_TRUE(contains(r.output, "to-stderr\n")) << r.output;
  EXPECT_TRUE(contains(r.output, fs::canonical(m_dir).string())) << r.output;
}

TEST_F(ProcessRunTest, EnvironmentEntriesAreAddedOrReplaced) {
  ::setenv("TFC_PROCESS_RUN_KEPT", "kept", 1);
  ::setenv("TFC_PROCESS_RUN_REPLACED", "old", 1);
  const auto r = run_process({{"/bin/sh", "-c", "echo $TFC_PROCESS_RUN_KEPT $TFC_PROCESS_RUN_REPLACED $TFC_NEW"},
                              {},
                              {"TFC_PROCESS_RUN_REPLACED=new", "TFC_NEW=added"},
                              60s});
  EXPECT_EQ(r.output, "kept new added\n");
  EXPECT_EQ(r.exit_code, 0);
}

TEST_F(ProcessRunTest, AMissingToolDoesNotStart) {
  const auto r = run_process({{"tfc-no-such-tool"}, {}, {}, 60s});
  EXPECT_EQ(r.exit_code, -1);
  EXPECT_TRUE(contains(r.output, "cannot start")) << r.output;
}

TEST_F(ProcessRunTest, PastTheDeadlineTheToolAndItsChildrenAreKilled) {
  const std::string script = "sleep 3600 & echo $! > '" + (m_dir / "child.tmp").string() + "'; mv '" +
                             (m_dir / "child.tmp").string() + "' '" + (m_dir / "child").string() + "'; wait";
  const auto r = run_process({{"/bin/sh", "-c", script}, {}, {}, 1s});
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.exit_code, -1);
  const std::string child = read_file(m_dir / "child");
  ASSERT_FALSE(child.empty());
  EXPECT_TRUE(gone(std::stoi(child))) << "the tool's child outlived the deadline";
}

// A kill -9 of tfconform while Terraform runs (with the provider it launched) must not leave
// either running. This test adopts the orphans (a child subreaper), so it sees each one end.
TEST_F(ProcessRunTest, AKilledCallerTakesTheToolAndItsChildrenWithIt) {
  ASSERT_EQ(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
  const char* bin = std::getenv("TFC_BINARY_DIR");
  const auto holder = fs::path(bin != nullptr ? bin : ".") / "tests" / "conformance" / "run_process_holder";
  ASSERT_TRUE(fs::exists(holder)) << holder;
  // The tool writes its own pid and its child's, each complete before it is seen.
  const auto write = [&](const std::string& what, const std::string& value) {
    return "echo " + value + " > '" + (m_dir / (what + ".tmp")).string() + "' && mv '" +
           (m_dir / (what + ".tmp")).string() + "' '" + (m_dir / what).string() + "'";
  };
  const std::string script = "sleep 3600 & " + write("grandchild", "$!") + "; " + write("child", "$$") + "; wait";
  const pid_t caller = ::fork();
  if (caller == 0) {
    ::execl(holder.c_str(), holder.c_str(), "/bin/sh", "-c", script.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ASSERT_GT(caller, 0);
  const std::string child = wait_for_file(m_dir / "child", 60s);
  const std::string grandchild = wait_for_file(m_dir / "grandchild", 60s);
  ::kill(caller, SIGKILL);
  ASSERT_FALSE(child.empty() || grandchild.empty()) << "the tool did not start";
  const std::set<pid_t> tool = {std::stoi(child), std::stoi(grandchild)};

  // Every process that was the caller's, or became ours when it died, is reaped here once it
  // ends; the tool and its child must be among them.
  std::set<pid_t> ended;
  const auto end = std::chrono::steady_clock::now() + 60s;
  while (std::chrono::steady_clock::now() < end &&
         !(ended.count(caller) && ended.count(*tool.begin()) && ended.count(*tool.rbegin()))) {
    int status = 0;
    const pid_t got = ::waitpid(-1, &status, WNOHANG);
    if (got > 0) {
      ended.insert(got);
    } else {
      std::this_thread::sleep_for(20ms);
    }
  }
  for (pid_t pid : tool) {
    EXPECT_TRUE(ended.count(pid)) << "pid " << pid << " is still running after its caller was killed";
    if (!ended.count(pid)) ::kill(pid, SIGKILL);
  }
  // The guard of the tool's group ends too (it has nothing left to guard).
  while (::waitpid(-1, nullptr, WNOHANG) > 0) {}
  ::prctl(PR_SET_CHILD_SUBREAPER, 0);
}

}  // namespace
}  // namespace tfc::conformance
