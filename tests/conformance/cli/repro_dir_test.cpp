// `--repro-dir`, as a provider author uses it: the real `tfconform run` against a planted fault of
// tfcfault writes one folder per finding (the steps' configurations, the CLI configuration
// files, run.sh, a README), and run.sh played with the confirming CLI (Terraform on PATH, else
// the OpenTofu the build makes) exits 0, Core rejecting the provider as `--confirm-with` found.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

struct Played {
  int exit_code = -1;
  std::string output;
};

Played play(const std::filesystem::path& run_sh, const std::string& cli) {
  Played p;
  const std::string cmd = "'" + run_sh.string() + "' '" + cli + "' 2>&1";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (pipe == nullptr) return p;
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) p.output.append(buf, n);
  const int status = ::pclose(pipe);
  p.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return p;
}

TEST(ReproDir, WritesEachFindingsFolderAndItsRunShConfirmsIt) {
  REQUIRE_PROVIDER("tfcfault");
  ASSERT_CONFIRMING_CLI(cli);
  Scratch scratch;
  const auto repro = scratch.path() / "repro";
  auto args = tfcfault_thing_run(scratch.path(), "apply_changes_known");
  args.insert(args.end(), {"--repro-dir", repro.string(), "--confirm-with", cli});
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_TRUE(run.report.is_object()) << run.output;
  EXPECT_EQ(run.exit_code, 1) << run.output;
  std::size_t played = 0;
  for (const auto& f : findings_of(run.report)) {
    if (f["rule"] != "apply.known_value_changed") continue;
    ASSERT_TRUE(f["reproduction"].is_object()) << f.dump(2);
    const auto& steps = f["reproduction"]["steps"];
    // DIR/<type>.<rule>.<fingerprint, 8 digits>/, as the README documents; none for a case no
    // configuration can express.
    const auto folder =
        repro / ("tfcfault_thing.apply.known_value_changed." + f["fingerprint"].get<std::string>().substr(0, 8));
    if (steps.empty()) {
      EXPECT_FALSE(std::filesystem::exists(folder)) << folder << ": " << f["reproduction"]["not_expressible"];
      continue;
    }
    ASSERT_TRUE(std::filesystem::is_directory(folder)) << folder << "\n" << run.output;
    for (const char* file : {"run.sh", "README.md", "terraform.tfrc", "tofu.tfrc"})
      EXPECT_TRUE(std::filesystem::is_regular_file(folder / file)) << folder / file;
    const auto perms = std::filesystem::status(folder / "run.sh").permissions();
    EXPECT_NE(perms & std::filesystem::perms::owner_exec, std::filesystem::perms::none) << "run.sh is executable";
    for (const auto& step : steps) {
      const std::string name = step["folder"];
      EXPECT_TRUE(std::filesystem::is_regular_file(folder / name / "main.tf")) << folder / name;
    }
    ASSERT_EQ(f["confirmations"].size(), 1u) << f.dump(2);
    ASSERT_EQ(f["confirmations"][0]["verdict"], "confirmed") << f["confirmations"].dump(2);
    // The folder stands on its own: run.sh plays it again and says Core rejected the provider.
    const auto again = play(folder / "run.sh", cli);
    EXPECT_EQ(again.exit_code, 0) << cli << "\n" << again.output;
    EXPECT_NE(again.output.find("confirmed"), std::string::npos) << again.output;
    ++played;
  }
  EXPECT_GE(played, 1u) << run.output;
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty());
}

}  // namespace
}  // namespace tfc::conformance::testing
