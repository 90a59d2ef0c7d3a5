#include "reports/run_report.hpp"

#include <gtest/gtest.h>

#include "tests/reports/fixture_run.hpp"

namespace tfc::report {
namespace {

TEST(RunReport, TotalsCountScenariosAndFindings) {
  const RunReport run = testing::fixture_run();
  const Totals t = totals_of(run);
  EXPECT_EQ(t.scenarios, 9u);
  EXPECT_EQ(t.passed, 5u);
  EXPECT_EQ(t.failed, 2u);
  EXPECT_EQ(t.skipped, 1u);
  EXPECT_EQ(t.errored, 1u);
  EXPECT_EQ(t.error_findings, 2u);
  EXPECT_EQ(t.warning_findings, 1u);
  const Totals widget = totals_of(run.suites[1]);
  EXPECT_EQ(widget.scenarios, 5u);
  EXPECT_EQ(widget.duration.count(), 850 + 1250 + 300 + 0 + 421);
  EXPECT_TRUE(run_failed(run));
}

TEST(RunReport, AllPassingRunIsNotFailed) {
  RunReport run;
  run.suites.push_back({SuiteKind::resource, "r", {}, {{"create", Status::passed, "", {}, {}, {}}}});
  EXPECT_FALSE(run_failed(run));
  run.suites[0].scenarios[0].findings.push_back({});  // an error finding
  EXPECT_TRUE(run_failed(run));
}

TEST(RunReport, FindingsByRuleAreSortedAndCounted) {
  const auto rules = findings_by_rule(testing::fixture_run());
  ASSERT_EQ(rules.size(), 3u);
  EXPECT_EQ(rules[0].rule_id, "apply.known_value_changed");
  EXPECT_EQ(rules[1].rule_id, "plan.config_value_changed");
  EXPECT_EQ(rules[2].rule_id, "read.normalization_not_preserved");
  EXPECT_EQ(rules[2].severity, Severity::warning);
  EXPECT_EQ(rules[1].count, 1u);
}

TEST(RunReport, AllFindingsKeepReportOrderAndContext) {
  const RunReport run = testing::fixture_run();
  const auto refs = all_findings(run);
  ASSERT_EQ(refs.size(), 3u);
  EXPECT_EQ(suite_label(*refs[0].suite), "resource.tfc_widget");
  EXPECT_EQ(refs[0].scenario->name, "update");
  EXPECT_EQ(refs[2].finding->rule_id, "apply.known_value_changed");
}

TEST(RunReport, SensitiveValuesAreRedacted) {
  Finding f;
  f.sensitive = true;
  EXPECT_EQ(shown_value(f, "hunter2"), kRedacted);
  EXPECT_EQ(shown_json(f, "hunter2"), kRedacted);
  EXPECT_EQ(shown_value(f, nullptr), "");  // nothing to hide: no placeholder either
  EXPECT_TRUE(shown_json(f, nullptr).is_null());
  f.sensitive = false;
  EXPECT_EQ(shown_value(f, "hunter2"), "\"hunter2\"");
  EXPECT_EQ(shown_json(f, "hunter2"), "hunter2");
}

TEST(RunReport, ValuesShowAsIndentedJsonText) {
  const nlohmann::json value = {{"name", "a"}, {"ports", {80, 443}}};
  EXPECT_EQ(value_text(value), "{\n  \"name\": \"a\",\n  \"ports\": [\n    80,\n    443\n  ]\n}");
  EXPECT_EQ(value_text(nullptr), "");  // absent
  // A provider's invalid UTF-8 must not lose the finding to an exception.
  EXPECT_EQ(value_text(std::string("\xff")), "\"\xEF\xBF\xBD\"");
}

TEST(RunReport, ReplayCommandQuotesUnsafeTokens) {
  Finding f;
  EXPECT_EQ(replay_command(f), "");
  f.replay_token = "v1.42.7.ab12";
  EXPECT_EQ(replay_command(f), "tfconform run --replay v1.42.7.ab12");
  f.replay_token = "a b'c;rm";
  EXPECT_EQ(replay_command(f), "tfconform run --replay 'a b'\\''c;rm'");
}

TEST(RunReport, FormatsTimesForJunitAndJson) {
  const auto t =
      std::chrono::system_clock::time_point(std::chrono::seconds(1767323045)) + std::chrono::milliseconds(999);
  EXPECT_EQ(format_timestamp(t, false), "2026-01-02T03:04:05");
  EXPECT_EQ(format_timestamp(t, true), "2026-01-02T03:04:05Z");
  EXPECT_EQ(format_seconds(std::chrono::milliseconds(1250)), "1.250");
  EXPECT_EQ(format_seconds(std::chrono::milliseconds(7)), "0.007");
  EXPECT_EQ(format_seconds(std::chrono::milliseconds(-5)), "0.000");
}

TEST(RunReport, NamesAreStable) {
  EXPECT_EQ(to_string(SuiteKind::data_source), "data_source");
  EXPECT_EQ(to_string(SuiteKind::function), "function");
  EXPECT_EQ(to_string(SuiteKind::ephemeral_resource), "ephemeral_resource");
  EXPECT_EQ(to_string(SuiteKind::list_resource), "list_resource");
  EXPECT_EQ(to_string(SuiteKind::action), "action");
  EXPECT_EQ(to_string(Status::skipped), "skipped");
  EXPECT_EQ(to_string(Severity::warning), "warning");
}

}  // namespace
}  // namespace tfc::report
