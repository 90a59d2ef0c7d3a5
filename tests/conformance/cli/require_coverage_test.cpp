// `--require-coverage`, as a CI gate meets it: the real `tfconform run` against tfcfixture. A run
// that exercises every selected type exits as it would without the option; a type the provider
// never lets plan (every case's name is one its validator refuses, given as a hint, which
// learning cannot override) fails the run with coverage.type_not_exercised naming that type and
// no other.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

std::vector<std::string> fixture_args(const Scratch& s, const std::string& resources) {
  return {"--provider",
          provider_binary("tfcfixture").string(),
          "--resources",
          resources,
          "--no-data-sources",
          "--cases",
          "6",
          "--seed",
          "20261127",
          "--env",
          "TFCFIXTURE_STATE_DIR=" + (s.path() / "objects").string()};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

/// The types of the run's coverage.type_not_exercised findings.
std::set<std::string> not_exercised(const nlohmann::json& report) {
  std::set<std::string> out;
  for (const auto& f : findings_of(report)) {
    if (f["rule"] == "coverage.type_not_exercised") out.insert(f["resource_type"].get<std::string>());
  }
  return out;
}

TEST(RequireCoverage, ARunThatExercisesEveryTypeExitsAsWithoutIt) {
  REQUIRE_PROVIDER("tfcfixture");
  Scratch scratch;
  const auto args = with(fixture_args(scratch, "tfcfixture_server"), {"--apply"});
  const auto plain = run_tfconform(scratch.path(), args);
  ASSERT_TRUE(plain.report.is_object()) << plain.output;
  ASSERT_EQ(plain.exit_code, 0) << plain.output;
  for (const char* step : {"plan", "apply"}) {
    const auto gated = run_tfconform(scratch.path(), with(args, {"--require-coverage", step}));
    ASSERT_TRUE(gated.report.is_object()) << gated.output;
    EXPECT_EQ(gated.exit_code, plain.exit_code) << step << "\n" << gated.output;
    EXPECT_TRUE(not_exercised(gated.report).empty()) << step << "\n" << gated.output;
  }
}

TEST(RequireCoverage, ATypeThatNeverPlansFailsTheRunNamingIt) {
  REQUIRE_PROVIDER("tfcfixture");
  Scratch scratch;
  const auto refused = scratch.path() / "refused-name.json";
  // An upper-case name with a space: the validator's pattern refuses it in every case.
  std::ofstream(refused)
      << R"({"resources": {"tfcfixture_validated": {"attributes": {"name": {"value": "NOT A NAME"}}}}})";
  const auto args =
      with(fixture_args(scratch, "tfcfixture_validated,tfcfixture_server"), {"--hints", refused.string()});
  const auto plain = run_tfconform(scratch.path(), args);
  ASSERT_TRUE(plain.report.is_object()) << plain.output;
  EXPECT_EQ(plain.exit_code, 0) << "a type not exercised alone does not fail a run\n" << plain.output;
  EXPECT_TRUE(not_exercised(plain.report).empty());
  bool seen = false;
  for (const auto& suite : plain.report["suites"]) {
    if (suite["name"] != "tfcfixture_validated") continue;
    seen = true;
    EXPECT_EQ(suite["coverage"]["planned"], 0) << "the hint must keep every case from planning";
  }
  ASSERT_TRUE(seen) << plain.output;

  const auto gated = run_tfconform(scratch.path(), with(args, {"--require-coverage", "plan"}));
  ASSERT_TRUE(gated.report.is_object()) << gated.output;
  EXPECT_EQ(gated.exit_code, 1) << gated.output;
  EXPECT_EQ(not_exercised(gated.report), std::set<std::string>{"tfcfixture_validated"}) << gated.output;
  EXPECT_EQ(rules_of(gated.report, "error"), std::set<std::string>{"coverage.type_not_exercised"});
  // What the user reads on the console names the rule and the type.
  EXPECT_NE(gated.output.find("coverage.type_not_exercised"), std::string::npos) << gated.output;
  EXPECT_NE(gated.output.find("tfcfixture_validated"), std::string::npos) << gated.output;
}

TEST(RequireCoverage, ApplyWithoutApplyingIsAUsageError) {
  REQUIRE_PROVIDER("tfcfixture");
  Scratch scratch;
  const auto run =
      run_tfconform(scratch.path(), with(fixture_args(scratch, "tfcfixture_server"), {"--require-coverage", "apply"}));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("--require-coverage apply needs --apply"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace tfc::conformance::testing
