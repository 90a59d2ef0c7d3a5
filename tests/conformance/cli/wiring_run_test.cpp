// Resources wired together, end to end: the fixture provider's certificate needs a keypair's
// private_pem, its signed certificate needs a certificate's cert_pem and a keypair's, and its
// key_info data source reads a keypair's; none of them is exercised with random values. The real
// CLI, the real provider binary, --apply.
#include <gtest/gtest.h>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

const char* kWiredTypes = "tfcfixture_keypair,tfcfixture_certificate,tfcfixture_signed,tfcfixture_key_info";

std::vector<std::string> wired_args(const Scratch& scratch) {
  return {"--provider",
          provider_binary("tfcfixture").string(),
          "--apply",
          "--cases",
          "10",
          "--seed",
          "20261127",
          "--resources",
          kWiredTypes,
          "--env",
          "TFCFIXTURE_STATE_DIR=" + (scratch.path() / "objects").string()};
}

TEST(WiredRun, TypesThatNeedAnotherTypesOutputAreExercisedAndEverythingIsDestroyed) {
  REQUIRE_PROVIDER("tfcfixture");
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), wired_args(scratch));
  ASSERT_TRUE(run.report.is_object()) << run.output;
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(rules_of(run.report, "error").empty()) << run.output;
  EXPECT_TRUE(run.report["not_exercised"].empty()) << run.report["not_exercised"].dump(1);
  std::set<std::string> applied;
  for (const auto& suite : run.report["suites"]) {
    if (suite["kind"] == "provider") continue;
    const auto& c = suite["coverage"];
    if (c["applied"].get<int>() > 0) applied.insert(suite["name"].get<std::string>());
  }
  EXPECT_EQ(applied, (std::set<std::string>{"tfcfixture_keypair", "tfcfixture_certificate", "tfcfixture_signed",
                                            "tfcfixture_key_info"}));
  // The keypairs and certificates created first were destroyed with the cases' own objects.
  if (std::filesystem::exists(scratch.path() / "objects")) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(scratch.path() / "objects"))
      EXPECT_FALSE(e.is_regular_file()) << "left behind: " << e.path();
  }
}

TEST(WiredRun, WithoutApplyNothingIsCreatedFirst) {
  REQUIRE_PROVIDER("tfcfixture");
  Scratch scratch;
  auto args = wired_args(scratch);
  args.erase(std::find(args.begin(), args.end(), "--apply"));
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_TRUE(run.report.is_object()) << run.output;
  EXPECT_TRUE(rules_of(run.report, "error").empty()) << run.output;
  EXPECT_FALSE(std::filesystem::exists(scratch.path() / "objects") &&
               std::filesystem::recursive_directory_iterator(scratch.path() / "objects") !=
                   std::filesystem::recursive_directory_iterator())
      << "a plan-only run created objects";
}

}  // namespace
}  // namespace tfc::conformance::testing
