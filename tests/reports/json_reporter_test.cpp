#include "reports/json_reporter.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/reports/fixture_run.hpp"
#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

std::string json_of(const RunReport& run) {
  std::ostringstream out;
  JsonReporter(fixed_clock(testing::pinned_now())).write(run, out);
  return out.str();
}

TEST(JsonReporter, MatchesGoldenFile) {
  EXPECT_TRUE(testing::matches_golden("json.approved.json", json_of(testing::fixture_run())));
}

TEST(JsonReporter, ParsesBackWithFormatVersionAndTheWholeTree) {
  const auto doc = nlohmann::json::parse(json_of(testing::fixture_run()));
  EXPECT_EQ(doc["format_version"], 2);
  EXPECT_EQ(doc["generated_at"], "2026-01-02T03:04:05Z");
  EXPECT_EQ(doc["started_at"], "2026-01-02T03:00:00Z");
  EXPECT_EQ(doc["result"], "failed");
  EXPECT_EQ(doc["seed"], "20260101");
  EXPECT_EQ(doc["totals"]["scenarios"], 9);
  ASSERT_EQ(doc["suites"].size(), 4u);
  const auto& widget = doc["suites"][1];
  EXPECT_EQ(widget["kind"], "resource");
  EXPECT_EQ(widget["coverage"]["rejected_by_validation"], 4);
  const auto& finding = widget["scenarios"][1]["findings"][0];
  EXPECT_EQ(finding["rule"], "plan.config_value_changed");
  EXPECT_EQ(finding["path"], ".rule[0].port");
  EXPECT_EQ(finding["replay"]["command"], std::string(testing::kReplayPrefix) + "v1.20260101.7.ab12");
  EXPECT_FALSE(finding["replay"].contains("not_runnable"));
  EXPECT_EQ(finding["counterexample"]["attribute_count"], 2);
  EXPECT_NE(finding["actual"]["description"].get<std::string>().find(testing::kScriptValue), std::string::npos);
}

// Consumers read the values as JSON once: objects, arrays and strings, not text holding JSON.
TEST(JsonReporter, FindingValuesAreJsonValuesNotText) {
  const auto doc = nlohmann::json::parse(json_of(testing::fixture_run()));
  const auto& finding = doc["suites"][1]["scenarios"][1]["findings"][0];
  ASSERT_TRUE(finding["request"].is_object());
  ASSERT_TRUE(finding["response"].is_object());
  ASSERT_TRUE(finding["expected"].is_object());
  ASSERT_TRUE(finding["actual"].is_object());
  EXPECT_EQ(finding["request"]["config"]["rule"][0]["port"], 80);
  EXPECT_EQ(finding["response"]["planned_state"]["rule"][0]["port"], 8080);
  EXPECT_EQ(finding["expected"]["name"], "a&b");
  EXPECT_EQ(finding["actual"]["rule"][0]["port"], 8080);
  // A scalar value stays a JSON scalar; a value the finding does not have is null.
  const auto& warning = doc["suites"][1]["scenarios"][2]["findings"][0];
  EXPECT_EQ(warning["expected"], "prod");
  EXPECT_EQ(warning["actual"], "PROD");
  EXPECT_TRUE(warning["request"].is_null());
  EXPECT_TRUE(warning["response"].is_null());
}

TEST(JsonReporter, KeepsControlCharactersEscapedAndReplacesInvalidUtf8) {
  const std::string text = json_of(testing::fixture_run());
  EXPECT_NE(text.find("\\u001b[31mport mismatch"), std::string::npos);
  EXPECT_NE(text.find("raw bytes: \xEF\xBF\xBD\xEF\xBF\xBD end \\u0000."), std::string::npos);
  EXPECT_EQ(text.find('\xff'), std::string::npos);
}

TEST(JsonReporter, SensitiveValuesAreRedacted) {
  const std::string text = json_of(testing::fixture_run());
  EXPECT_EQ(text.find("hunter"), std::string::npos);
  const auto doc = nlohmann::json::parse(text);
  const auto& finding = doc["suites"][2]["scenarios"][0]["findings"][0];
  EXPECT_EQ(finding["sensitive"], true);
  EXPECT_EQ(finding["expected"], "(sensitive value)");
  EXPECT_EQ(finding["request"], "(sensitive value)");
}

}  // namespace
}  // namespace tfc::report
