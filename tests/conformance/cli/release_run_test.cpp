// Upgrades across releases end to end (--upgrade-from): the fixture provider tfcrelease in three
// releases (tests/providers/README.md). Release 1 → 2 is a clean upgrade (a computed attribute
// renamed by the state upgrader, a new RequiresReplace attribute whose default the upgrader
// fills); 1 → 3 has planted breaks: the upgrader leaves max_depth null (the plan replaces the
// badge), drops label, and release 3 removed note.color. The real CLI and the real binaries.
#include <gtest/gtest.h>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

std::vector<std::string> upgrade_args(int from, int to) {
  return {"--provider",
          provider_binary("tfcrelease_v" + std::to_string(to) + ".0.0").string(),
          "--upgrade-from",
          provider_binary("tfcrelease_v" + std::to_string(from) + ".0.0").string(),
          "--apply",
          "--cases",
          "20",
          "--seed",
          "3",
          "--no-world"};
}

#define REQUIRE_RELEASES()               \
  REQUIRE_PROVIDER("tfcrelease_v1.0.0"); \
  REQUIRE_PROVIDER("tfcrelease_v2.0.0"); \
  REQUIRE_PROVIDER("tfcrelease_v3.0.0")

/// "type rule path" of each error finding.
std::set<std::string> error_findings(const nlohmann::json& report) {
  std::set<std::string> out;
  for (const auto& suite : report["suites"]) {
    for (const auto& sc : suite["scenarios"]) {
      for (const auto& f : sc["findings"]) {
        if (f["severity"] == "error")
          out.insert(suite["name"].get<std::string>() + " " + f["rule"].get<std::string>() + " " +
                     f["path"].get<std::string>());
      }
    }
  }
  return out;
}

TEST(ReleaseRun, ACleanUpgradeHasNoFindingAndReachesTheNewReleasesPlan) {
  REQUIRE_RELEASES();
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), upgrade_args(1, 2));
  ASSERT_TRUE(run.report.is_object()) << run.output;
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(rules_of(run.report, "error").empty()) << run.output;
  EXPECT_TRUE(rules_of(run.report, "warning").empty()) << run.output;
  EXPECT_NE(run.report["provider"]["upgraded_from"].get<std::string>().find("tfcrelease_v1.0.0"), std::string::npos);
  std::set<std::string> upgraded;
  for (const auto& suite : run.report["suites"]) {
    EXPECT_EQ(suite["kind"], "resource") << "only the previous release's resources play";
    const auto& steps = suite["coverage"]["steps"];
    if (steps["upgraded"].get<int>() > 0 && steps["update planned"].get<int>() > 0 && steps["destroyed"].get<int>() > 0)
      upgraded.insert(suite["name"].get<std::string>());
  }
  EXPECT_EQ(upgraded, (std::set<std::string>{"tfcrelease_badge", "tfcrelease_note"}));
}

TEST(ReleaseRun, ThePlantedBreaksAreFoundShrunkConfirmedAndNameBothReleases) {
  REQUIRE_RELEASES();
  const auto clis = confirming_clis();
  ASSERT_FALSE(clis.empty()) << "neither terraform on PATH nor the built OpenTofu: make providers";
  Scratch scratch;
  auto args = upgrade_args(1, 3);
  args.insert(args.end(), {"--repro-dir", (scratch.path() / "repro").string()});
  for (const auto& cli : clis) args.insert(args.end(), {"--confirm-with", cli});
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_TRUE(run.report.is_object()) << run.output;
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_EQ(error_findings(run.report), (std::set<std::string>{
                                            "tfcrelease_badge release.plan_replaces .max_depth",
                                            "tfcrelease_badge release.value_lost .label",
                                            "tfcrelease_note release.config_refused .color",
                                        }))
      << run.output;
  for (const auto& suite : run.report["suites"]) {
    for (const auto& sc : suite["scenarios"]) {
      for (const auto& f : sc["findings"]) {
        const auto message = f["message"].get<std::string>();
        EXPECT_NE(message.find("tfcrelease_v1.0.0 to terraform-provider-tfcrelease_v3.0.0"), std::string::npos)
            << message;
        // Shrunk to the least: the replacement needs only the required name (label or color one
        // attribute more), created without any update.
        ASSERT_TRUE(f.contains("counterexample")) << f.dump(1);
        const auto& example = f["counterexample"];
        EXPECT_EQ(example["attribute_count"].get<int>(), f["rule"] == "release.plan_replaces" ? 1 : 2)
            << example.dump(1);
        EXPECT_EQ(example["configuration"].get<std::string>().find("then update"), std::string::npos)
            << example.dump(1);
        // Each CLI plays the reproduction (the previous release applies, the new one plans) and
        // rejects it: a replacement or change in the plan, or the file refused.
        ASSERT_EQ(f["confirmations"].size(), clis.size()) << f.dump(1);
        for (const auto& c : f["confirmations"]) EXPECT_EQ(c["verdict"], "confirmed") << c.dump(1);
      }
    }
  }
}

TEST(ReleaseRun, UpgradesNeedApplyAndALaunchedProvider) {
  Scratch scratch;
  auto args = upgrade_args(1, 2);
  args.erase(std::find(args.begin(), args.end(), "--apply"));
  const auto run = run_tfconform(scratch.path(), args);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("--upgrade-from needs --apply"), std::string::npos) << run.output;
  const auto missing = run_tfconform(scratch.path(), {"--provider", provider_binary("tfcrelease_v2.0.0").string(),
                                                      "--upgrade-from", "/nonexistent/provider", "--apply"});
  EXPECT_EQ(missing.exit_code, 2) << missing.output;
  EXPECT_NE(missing.output.find("--upgrade-from /nonexistent/provider: no such file"), std::string::npos)
      << missing.output;
}

}  // namespace
}  // namespace tfc::conformance::testing
