// Several running instances of one provider as one pool of sessions (--reattach given once per
// instance, --jobs up to their number), and a launched binary's own arguments (--provider-arg):
// what the Go package tfconformtest needs to run tfconform against providers served in a test
// process, or against the test binary re-run as the provider. The instances are the fixture
// providers started with -debug, which serve until interrupted and print their reattach line.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A provider started with -debug, as a Go test serves one: it prints its TF_REATTACH_PROVIDERS
/// line and serves until it is interrupted (the destructor). Its stderr goes to `log`; its
/// sockets go to `tmpdir`.
class DebugProvider {
public:
  DebugProvider(const fs::path& binary, const std::vector<std::string>& environment, const fs::path& tmpdir,
                const fs::path& log) {
    int out[2];
    if (::pipe(out) != 0) return;
    fs::create_directories(tmpdir);
    std::string path = binary.string();
    std::string flag = "-debug";
    char* argv[] = {path.data(), flag.data(), nullptr};
    m_pid = ::fork();
    if (m_pid == 0) {
      for (const auto& e : environment) ::putenv(const_cast<char*>(e.c_str()));
      ::setenv("TMPDIR", tmpdir.c_str(), 1);
      const int err = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(out[1], 1);
      ::dup2(err, 2);
      ::close(out[0]);
      ::execv(argv[0], argv);
      ::_exit(127);
    }
    ::close(out[1]);
    m_out = ::fdopen(out[0], "r");
    // Read until the reattach line; the pipe stays open (a provider writing to a closed stdout
    // would die of SIGPIPE).
    char* line = nullptr;
    std::size_t size = 0;
    const std::string marker = "TF_REATTACH_PROVIDERS='";
    while (m_out != nullptr && ::getline(&line, &size, m_out) > 0) {
      const std::string text(line);
      if (auto at = text.find(marker); at != std::string::npos) {
        const auto start = at + marker.size();
        m_reattach = text.substr(start, text.find('\'', start) - start);
        break;
      }
    }
    std::free(line);
  }
  ~DebugProvider() {
    if (m_pid > 0) {
      ::kill(m_pid, SIGINT);  // managed debug mode ends on an interrupt
      int status = 0;
      for (int i = 0; i < 500 && ::waitpid(m_pid, &status, WNOHANG) == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      if (::waitpid(m_pid, &status, WNOHANG) == 0) {
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, &status, 0);
      }
    }
    if (m_out != nullptr) std::fclose(m_out);
  }
  DebugProvider(const DebugProvider&) = delete;
  DebugProvider& operator=(const DebugProvider&) = delete;

  /// Its TF_REATTACH_PROVIDERS JSON (empty when it did not print one).
  const std::string& reattach() const { return m_reattach; }

private:
  pid_t m_pid = -1;
  FILE* m_out = nullptr;
  std::string m_reattach;
};

/// A reattach JSON object naming `reattach`'s one instance under another provider key.
std::string under_key(const std::string& reattach, const std::string& key) {
  const auto value = reattach.find(':');
  return "{\"" + key + "\"" + reattach.substr(value);
}

std::set<std::string> fingerprints(const nlohmann::json& report) {
  std::set<std::string> out;
  for (const auto& f : findings_of(report))
    out.insert(f.value("fingerprint", "") + " " + f["replay"].value("token", "") + " " + f.value("message", ""));
  return out;
}

/// A short plan-only run of tfcfault_thing with the planted plan fault (no objects are made).
std::vector<std::string> plan_fault_run() {
  return {"--hints",        hints("tfcfault"),   "--seed",    "7", "--cases", "6", "--shrink-time", "10", "--resources",
          "tfcfault_thing", "--no-data-sources", "--no-world"};
}

const std::vector<std::string> kPlanFault = {"TFCFAULT_MODE=plan_replaces_config"};

// Two running instances are one pool: the run plays on both (each instance's log shows RPCs)
// and finds what one instance alone finds, the same findings with the same tokens.
TEST(AttachPool, TwoRunningInstancesPlayAsTwoJobsWithTheFindingsOfOne) {
  REQUIRE_PROVIDER("tfcfault");
  const Scratch scratch;
  std::vector<std::string> env = kPlanFault;
  env.emplace_back("TF_LOG=TRACE");
  const DebugProvider a(provider_binary("tfcfault"), env, scratch.path() / "tmp-a", scratch.path() / "a.log");
  const DebugProvider b(provider_binary("tfcfault"), env, scratch.path() / "tmp-b", scratch.path() / "b.log");
  ASSERT_FALSE(a.reattach().empty()) << read_file(scratch.path() / "a.log");
  ASSERT_FALSE(b.reattach().empty()) << read_file(scratch.path() / "b.log");
  fs::create_directories(scratch.path() / "one");
  fs::create_directories(scratch.path() / "two");

  auto args = plan_fault_run();
  args.insert(args.end(), {"--reattach", a.reattach()});
  const auto one = run_tfconform(scratch.path() / "one", args);
  const std::string a_log_alone = read_file(scratch.path() / "a.log");
  args.insert(args.end(), {"--reattach", b.reattach()});  // no --jobs: one job per instance
  const auto two = run_tfconform(scratch.path() / "two", args);

  ASSERT_EQ(one.exit_code, 1) << one.output;
  ASSERT_EQ(two.exit_code, 1) << two.output;
  EXPECT_TRUE(rules_of(two.report, "error").count("plan.config_value_changed")) << two.output;
  EXPECT_EQ(fingerprints(one.report), fingerprints(two.report));
  EXPECT_FALSE(fingerprints(two.report).empty());
  // Both instances answered the pooled run's plans; the first alone before it.
  EXPECT_NE(read_file(scratch.path() / "b.log").find("PlanResourceChange"), std::string::npos);
  EXPECT_NE(a_log_alone.find("PlanResourceChange"), std::string::npos);
  // An attached run names no binary, and still no replay command (the instances are gone then).
  EXPECT_EQ(two.report["provider"]["binary_path"], "");
  EXPECT_FALSE(two.report["provider"].contains("binary_args"));
}

// Instances of different providers under one key: the second one's schema is not the first
// one's, and the run refuses to start, naming both.
TEST(AttachPool, RefusesAnInstanceThatServesAnotherSchema) {
  REQUIRE_PROVIDER("tfcfault");
  REQUIRE_PROVIDER("tfcfixture");
  const Scratch scratch;
  const DebugProvider fault(provider_binary("tfcfault"), kPlanFault, scratch.path() / "tmp-a",
                            scratch.path() / "a.log");
  const DebugProvider fixture(provider_binary("tfcfixture"), {}, scratch.path() / "tmp-b", scratch.path() / "b.log");
  ASSERT_FALSE(fault.reattach().empty()) << read_file(scratch.path() / "a.log");
  ASSERT_FALSE(fixture.reattach().empty()) << read_file(scratch.path() / "b.log");
  auto args = plan_fault_run();
  args.insert(args.end(), {"--reattach", fault.reattach(), "--reattach",
                           under_key(fixture.reattach(), "registry.terraform.io/tfconform/tfcfault")});
  const auto run = run_tfconform(scratch.path(), args);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("--reattach #2 (registry.terraform.io/tfconform/tfcfault at "), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("serves another schema than --reattach #1"), std::string::npos) << run.output;
}

std::string instance(const std::string& key, const std::string& socket) {
  return "{\"" + key + "\":{\"Protocol\":\"grpc\",\"ProtocolVersion\":6,\"Addr\":{\"Network\":\"unix\",\"String\":\"" +
         socket + "\"}}}";
}

// What is refused before anything is reached: the command line alone.
TEST(AttachPool, UsageErrorsNameWhatDoesNotFit) {
  const Scratch scratch;
  const std::string x1 = instance("acme/x", "/nonexistent/1");
  const std::string x2 = instance("acme/x", "/nonexistent/2");
  struct Case {
    std::vector<std::string> args;
    std::string want;
  };
  const std::vector<Case> cases = {
      {{"--reattach", x1, "--reattach", x2, "--jobs", "3"}, "--jobs 3 needs 3 running providers, --reattach names 2"},
      {{"--reattach", x1, "--reattach", instance("acme/y", "/nonexistent/2")},
       "--reattach #2 names acme/y, --reattach #1 names acme/x"},
      {{"--reattach", x1, "--reattach", x1}, "--reattach #2 names the running instance of --reattach #1"},
      {{"--reattach", "{}"}, "--reattach #1: expected exactly one provider, found 0"},
      {{"--reattach", x1, "--provider-arg=-x"}, "--provider-arg needs --provider"},
      {{"--provider-arg=-x"}, "--provider-arg needs --provider"},
  };
  for (const auto& c : cases) {
    const auto run = run_tfconform(scratch.path(), c.args);
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_NE(run.output.find(c.want), std::string::npos) << c.want << "\n" << run.output;
  }
}

// --provider-arg: the launched binary gets the arguments after its path, in order (a wrapper
// records them, then starts the real provider with them: tfcfault reads -debug=false and
// ignores the rest); the report records them, and each finding's replay command starts the
// same process, which running it shows.
TEST(ProviderArg, ReachesTheProviderProcessAndItsReplay) {
  REQUIRE_PROVIDER("tfcfault");
  const Scratch scratch;
  const auto bin = scratch.path() / "bin";
  fs::create_directories(bin);
  const auto wrapper = bin / "terraform-provider-tfcfault";
  const auto seen = scratch.path() / "argv.txt";
  std::ofstream(wrapper) << "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '" << seen.string() << "'\nexec '"
                         << provider_binary("tfcfault").string() << "' \"$@\"\n";
  fs::permissions(wrapper, fs::perms::owner_all);
  auto args = plan_fault_run();
  args.insert(args.end(), {"--provider", wrapper.string(), "--provider-arg=-debug=false", "--provider-arg", "two words",
                           "--env", kPlanFault.front()});
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_EQ(run.exit_code, 1) << run.output;

  const std::string each = "-debug=false\ntwo words\n";
  const std::string argv = read_file(seen);
  ASSERT_FALSE(argv.empty());
  for (std::size_t at = 0; at < argv.size(); at += each.size()) EXPECT_EQ(argv.substr(at, each.size()), each);
  EXPECT_EQ(run.report["provider"]["binary_args"], nlohmann::json({"-debug=false", "two words"}));

  const auto findings = findings_of(run.report);
  ASSERT_FALSE(findings.empty());
  std::string command;
  for (const auto& f : findings) {
    const std::string line = f["replay"].value("command", "");
    if (line.empty()) continue;
    EXPECT_NE(line.find("--provider " + wrapper.string() + " --provider-arg=-debug=false '--provider-arg=two words'"),
              std::string::npos)
        << line;
    command = line;
  }
  ASSERT_FALSE(command.empty()) << "no finding with a replay command";
  fs::remove(seen);
  FILE* pipe =
      ::popen(("cd '" + scratch.path().string() + "' && " + command + " --quiet >/dev/null 2>&1").c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  const int status = ::pclose(pipe);
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 1) << command;
  EXPECT_EQ(read_file(seen).substr(0, each.size()), each) << "the replay started the provider with its arguments";
}

}  // namespace
}  // namespace tfc::conformance::testing
