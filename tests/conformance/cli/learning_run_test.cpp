// Learning from refusals, end to end: the fixture providers' validated types (real
// terraform-plugin-framework-validators and terraform-plugin-sdk/v2 helper/validation refusals)
// are planned, applied and read without a hints file; what was learned is in the report and in
// --write-hints, which --hints reads back; a finding whose case depended on learned values
// replays exactly.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

using nlohmann::json;

const json* suite_named(const json& report, const std::string& name) {
  for (const auto& s : report["suites"]) {
    if (s["name"] == name && s["kind"] != "provider") return &s;
  }
  return nullptr;
}

std::string scenario_status(const json& suite, const std::string& name) {
  for (const auto& sc : suite["scenarios"]) {
    if (sc["name"] == name) return sc["status"];
  }
  return "";
}

bool learned(const json& suite, const std::string& attribute, const std::string& rule_part) {
  for (const auto& l : suite["learned"]) {
    if (l["attribute"] == attribute && l["rule"].get<std::string>().find(rule_part) != std::string::npos) return true;
  }
  return false;
}

struct Fixture {
  const char* provider;
  const char* state_env;
};

class LearningRun : public ::testing::TestWithParam<Fixture> {};

TEST_P(LearningRun, ValidatedTypesAreReachedWithoutHintsAndTheLearnedHintsLoadBack) {
  const auto& p = GetParam();
  REQUIRE_PROVIDER(p.provider);
  const std::string prefix = p.provider;
  Scratch scratch;
  const auto written = scratch.path() / "learned.json";
  std::vector<std::string> args = {"--provider",
                                   provider_binary(p.provider).string(),
                                   "--apply",
                                   "--cases",
                                   "15",
                                   "--seed",
                                   "3",
                                   "--timeout",
                                   "30",
                                   "--resources",
                                   prefix + "_validated," + prefix + "_lookup",
                                   "--env",
                                   std::string(p.state_env) + "=" + (scratch.path() / "objects").string(),
                                   "--write-hints",
                                   written.string()};
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_TRUE(run.report.is_object()) << run.output;
  EXPECT_TRUE(rules_of(run.report, "error").empty()) << run.output;
  const json* validated = suite_named(run.report, prefix + "_validated");
  const json* lookup = suite_named(run.report, prefix + "_lookup");
  ASSERT_TRUE(validated && lookup) << run.output;
  // Created, updated and destroyed; the data source read.
  EXPECT_GT((*validated)["coverage"]["applied"].get<int>(), 0) << validated->dump(2);
  for (const char* scenario : {"create", "update", "destroy"})
    EXPECT_EQ(scenario_status(*validated, scenario), "passed") << scenario;
  EXPECT_GT((*lookup)["coverage"]["applied"].get<int>(), 0) << lookup->dump(2);
  EXPECT_EQ(scenario_status(*lookup, "read"), "passed");
  // What was learned, with its source: the tier enumeration (stated by the description and by
  // the validator), the ExactlyOneOf group, and the lookup's kind.
  EXPECT_TRUE(learned(*validated, "tier", "\"basic\"")) << (*validated)["learned"].dump(2);
  EXPECT_TRUE(learned(*validated, "source_arn, source_url", "exactly one")) << (*validated)["learned"].dump(2);
  EXPECT_TRUE(learned(*lookup, "kind", "one of")) << (*lookup)["learned"].dump(2);
  // The written hints are a hints file: a second run reads them back (a hint that does not fit
  // the schema would be a usage error, exit 2) and plans from its first case on.
  std::ifstream in(written);
  ASSERT_TRUE(in.good()) << written;
  const json hints = json::parse(in);
  ASSERT_TRUE(hints["resources"].contains(prefix + "_validated")) << hints.dump(2);
  ASSERT_TRUE(hints["data_sources"].contains(prefix + "_lookup")) << hints.dump(2);
  Scratch again;
  args = {"--provider",
          provider_binary(p.provider).string(),
          "--apply",
          "--cases",
          "5",
          "--seed",
          "4",
          "--timeout",
          "30",
          "--resources",
          prefix + "_validated," + prefix + "_lookup",
          "--env",
          std::string(p.state_env) + "=" + (again.path() / "objects").string(),
          "--hints",
          written.string()};
  const auto second = run_tfconform(again.path(), args);
  ASSERT_NE(second.exit_code, 2) << second.output;
  const json* validated_again = suite_named(second.report, prefix + "_validated");
  ASSERT_TRUE(validated_again) << second.output;
  EXPECT_GE((*validated_again)["coverage"]["planned"].get<int>(), 3) << validated_again->dump(2);
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty());
}

INSTANTIATE_TEST_SUITE_P(Fixtures, LearningRun,
                         ::testing::Values(Fixture{"tfcfixture", "TFCFIXTURE_STATE_DIR"},
                                           Fixture{"tfcsdk", "TFCSDK_STATE_DIR"}),
                         [](const auto& p) { return std::string(p.param.provider); });

// time_rotating without hints: its rfc3339 takes values learned from the provider's refusals,
// and one of them (with a zone offset) makes the plan rewrite the configured value. The replay
// token of that finding plays the earlier cases again to learn the same values, then the case.
TEST(LearningReplay, AFindingOnLearnedValuesReplaysExactly) {
  REQUIRE_PROVIDER("time");
  Scratch scratch;
  const std::vector<std::string> base = {
      "--provider", provider_binary("time").string(), "--apply", "--timeout", "30", "--resources", "time_rotating"};
  auto args = base;
  args.insert(args.end(), {"--cases", "10", "--seed", "1"});
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_TRUE(run.report.is_object()) << run.output;
  json found;
  for (const auto& f : findings_of(run.report)) {
    if (f["severity"] == "error") {
      found = f;
      break;
    }
  }
  if (!found.is_object()) GTEST_SKIP() << "no error finding with this seed: " << run.output;
  const std::string token = found["replay"]["token"];
  ASSERT_EQ(token.rfind("v3.", 0), 0u) << token;
  Scratch again;
  args = base;
  args.insert(args.end(), {"--replay", token});
  const auto replay = run_tfconform(again.path(), args);
  bool same = false;
  for (const auto& f : findings_of(replay.report)) {
    same = same || (f["rule"] == found["rule"] && f["path"] == found["path"] && f["request"] == found["request"] &&
                    f["counterexample"]["configuration"] == found["counterexample"]["configuration"]);
  }
  EXPECT_TRUE(same) << "token " << token << "\n" << found.dump(2) << "\n" << replay.output;
}

}  // namespace
}  // namespace tfc::conformance::testing
