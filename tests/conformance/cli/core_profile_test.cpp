// `tfconform run --core` end to end: tfcfault's core-branching mode plans honestly unless
// ConfigureProvider allowed deferral, which OpenTofu 1.11 does on every request and Terraform
// does not (docs/cores.md). The same provider, seed and cases give no finding as the newest Terraform or
// OpenTofu 1.12 and plan.config_value_changed as OpenTofu 1.11; the report records the Core,
// the replay command carries it, and merge keeps reports of different Cores apart.
#include <gtest/gtest.h>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

constexpr const char* kMode = "plan_faulty_when_deferral_configured";

std::vector<std::string> core_run(const std::filesystem::path& dir, const std::vector<std::string>& extra) {
  auto args = tfcfault_thing_run(dir, kMode);
  args.erase(args.begin() + 2);  // plan only: the fault is the plan's
  args.insert(args.end(), {"--no-world"});
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(CoreProfile, TheCoreVersionsRequestsDecideWhatABranchingProviderAnswers) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  for (const char* d : {"newest", "tofu111", "tofu112"}) std::filesystem::create_directories(scratch.path() / d);

  const auto newest = run_tfconform(scratch.path() / "newest", core_run(scratch.path() / "newest", {}));
  ASSERT_TRUE(newest.report.is_object()) << newest.output;
  EXPECT_EQ(newest.exit_code, 0) << newest.output;
  EXPECT_EQ(newest.report["core"], "terraform@1.16");
  EXPECT_EQ(newest.report["profile"], "both");
  EXPECT_EQ(rules_of(newest.report, "error").count("plan.config_value_changed"), 0u) << newest.output;

  const auto tofu111 =
      run_tfconform(scratch.path() / "tofu111", core_run(scratch.path() / "tofu111", {"--core", "opentofu@1.11"}));
  ASSERT_TRUE(tofu111.report.is_object()) << tofu111.output;
  EXPECT_EQ(tofu111.exit_code, 1) << tofu111.output;
  EXPECT_EQ(tofu111.report["core"], "opentofu@1.11");
  EXPECT_EQ(tofu111.report["profile"], "opentofu");  // --core without --profile: that Core's rules
  EXPECT_EQ(rules_of(tofu111.report, "error").count("plan.config_value_changed"), 1u) << tofu111.output;
  bool replay_carries_core = false;
  for (const auto& f : findings_of(tofu111.report)) {
    const std::string replay = f.contains("replay") ? f["replay"].value("command", "") : "";
    if (replay.find("--core 'opentofu@1.11'") != std::string::npos) replay_carries_core = true;
  }
  EXPECT_TRUE(replay_carries_core) << tofu111.report.dump(2);

  const auto tofu112 =
      run_tfconform(scratch.path() / "tofu112",
                    core_run(scratch.path() / "tofu112", {"--core", "opentofu@1.12", "--profile", "opentofu"}));
  ASSERT_TRUE(tofu112.report.is_object()) << tofu112.output;
  EXPECT_EQ(tofu112.exit_code, 0) << tofu112.output;
  EXPECT_EQ(rules_of(tofu112.report, "error").count("plan.config_value_changed"), 0u) << tofu112.output;

  // Same provider, seed, options and profile, another Core: merge refuses, naming both.
  const auto refused = run_tfconform_command(
      scratch.path(),
      {"merge", (scratch.path() / "tofu111/report.json").string(), (scratch.path() / "tofu112/report.json").string()});
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("--core opentofu@1.12 against opentofu@1.11"), std::string::npos) << refused.output;
}

TEST(CoreProfile, AnUnknownCoreOrAProfileOfTheOtherCoreIsAUsageError) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto unknown = run_tfconform(scratch.path(), core_run(scratch.path(), {"--core", "terraform@0.12"}));
  EXPECT_EQ(unknown.exit_code, 2) << unknown.output;
  EXPECT_NE(unknown.output.find("--core terraform@0.12: expected one of terraform@1.11, terraform@1.12, "
                                "terraform@1.13, terraform@1.14, terraform@1.16, opentofu@1.10, opentofu@1.11, "
                                "opentofu@1.12"),
            std::string::npos)
      << unknown.output;
  const auto mixed =
      run_tfconform(scratch.path(), core_run(scratch.path(), {"--core", "opentofu@1.11", "--profile", "terraform"}));
  EXPECT_EQ(mixed.exit_code, 2) << mixed.output;
  EXPECT_NE(mixed.output.find("--core opentofu@1.11 sends opentofu's requests"), std::string::npos) << mixed.output;
}

}  // namespace
}  // namespace tfc::conformance::testing
