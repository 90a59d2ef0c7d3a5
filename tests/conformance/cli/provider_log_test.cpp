// --provider-log failures against --provider-log always on the fixture provider with a planted
// fault: the same findings (fingerprints), each case's first finding with the provider's log,
// taken from a play with logging on; the processes that searched ran with the SDKs' logging
// off. A wrapper named like the provider records each launched process's TF_LOG* variables.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

/// bin/terraform-provider-tfcfault: writes the TF_LOG* variables it was started with to
/// env/<pid>, then becomes the real provider (same pid, same handshake).
fs::path recording_provider(const fs::path& dir) {
  fs::create_directories(dir / "bin");
  fs::create_directories(dir / "env");
  const fs::path script = dir / "bin" / "terraform-provider-tfcfault";
  std::ofstream(script) << "#!/bin/sh\nenv | grep '^TF_LOG' | sort > '" << (dir / "env").string() << "'/$$\nexec '"
                        << provider_binary("tfcfault").string() << "' \"$@\"\n";
  fs::permissions(script, fs::perms::owner_all);
  return script;
}

/// The TF_LOG* variables of each launched process, one set of NAME=VALUE per process.
std::vector<std::set<std::string>> launched_environments(const fs::path& dir) {
  std::vector<std::set<std::string>> out;
  for (const auto& entry : fs::directory_iterator(dir / "env")) {
    std::ifstream in(entry.path());
    std::set<std::string> vars;
    for (std::string line; std::getline(in, line);) vars.insert(line);
    out.push_back(std::move(vars));
  }
  return out;
}

CliRun run_with(const fs::path& dir, const std::vector<std::string>& extra,
                const std::vector<std::string>& environment = {}) {
  fs::create_directories(dir);
  auto args = tfcfault_thing_run(dir, "apply_changes_known", recording_provider(dir));
  args.insert(args.end(), extra.begin(), extra.end());
  return run_tfconform(dir, args, environment);
}

std::multiset<std::string> fingerprints(const json& report) {
  std::multiset<std::string> out;
  for (const auto& f : findings_of(report))
    out.insert(f["rule"].get<std::string>() + " " + f["fingerprint"].get<std::string>());
  return out;
}

bool quiet(const std::set<std::string>& vars) {
  return vars.contains("TF_LOG_SDK_PROTO=OFF") && vars.contains("TF_LOG_SDK=OFF") &&
         vars.contains("TF_LOG_PROVIDER_TFCFAULT=OFF");
}

TEST(ProviderLog, FailuresFindsWhatAlwaysFindsWithEveryLogFromALoudPlay) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto always = run_with(scratch.path() / "always", {"--provider-log", "always"});
  const auto failures = run_with(scratch.path() / "failures", {});
  ASSERT_TRUE(always.report.is_object()) << always.output;
  ASSERT_TRUE(failures.report.is_object()) << failures.output;
  EXPECT_EQ(always.exit_code, failures.exit_code);
  const auto found = fingerprints(always.report);
  ASSERT_FALSE(found.empty()) << "the planted fault is found\n" << always.output;
  EXPECT_EQ(fingerprints(failures.report), found) << failures.output;

  // Each log is a loud play's: the case played again (log_replayed), or, once replays turn out
  // to cost more than logging (suite/loud_policy.hpp, by measured times), the case's own play
  // on the loud process. Either way it holds the SDK's JSON lines, which a quiet play has not.
  std::size_t logged = 0;
  std::size_t replayed = 0;
  for (const auto& f : findings_of(failures.report)) {
    EXPECT_FALSE(f.contains("log_not_reproduced")) << f.dump(2);
    if (!f.contains("provider_log")) continue;
    ++logged;
    replayed += f.value("log_replayed", false) ? 1 : 0;
    const auto& excerpt = f["provider_log"]["excerpt"];
    ASSERT_FALSE(excerpt.empty()) << f.dump(2);
    EXPECT_TRUE(std::any_of(excerpt.begin(), excerpt.end(), [](const json& line) {
      return line.get<std::string>().find("\"@level\"") != std::string::npos;
    })) << f.dump(2);
  }
  EXPECT_GE(logged, 1u) << failures.output;
  EXPECT_GE(replayed, 1u) << "nothing plays loud before a replay measured what it costs\n" << failures.output;
  for (const auto& f : findings_of(always.report)) EXPECT_FALSE(f.contains("log_replayed")) << f.dump(2);

  // The search's processes ran quietly, the loud replays' did not; `always` quiets none.
  std::size_t quiet_ones = 0;
  std::size_t loud_ones = 0;
  for (const auto& vars : launched_environments(failures.dir)) (quiet(vars) ? quiet_ones : loud_ones) += 1;
  EXPECT_GE(quiet_ones, 1u);
  EXPECT_GE(loud_ones, 1u);
  for (const auto& vars : launched_environments(always.dir)) EXPECT_TRUE(vars.empty()) << *vars.begin();
}

TEST(ProviderLog, TheUsersOwnLogVariablesWin) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto run = run_with(scratch.path(), {"--env", "TF_LOG_SDK_PROTO=trace"}, {"TF_LOG_SDK=debug"});
  ASSERT_TRUE(run.report.is_object()) << run.output;
  const auto launched = launched_environments(run.dir);
  ASSERT_FALSE(launched.empty());
  std::size_t quieted = 0;
  for (const auto& vars : launched) {
    EXPECT_TRUE(vars.contains("TF_LOG_SDK_PROTO=trace"));  // --env
    EXPECT_TRUE(vars.contains("TF_LOG_SDK=debug"));        // tfconform's own environment
    quieted += vars.contains("TF_LOG_SDK_FRAMEWORK=OFF") ? 1 : 0;
  }
  EXPECT_GE(quieted, 1u) << "the variables the user did not set are still quieted";
}

TEST(ProviderLog, AnythingElseIsAUsageError) {
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), {"--provider", "/bin/true", "--provider-log", "sometimes"});
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("--provider-log sometimes"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace tfc::conformance::testing
