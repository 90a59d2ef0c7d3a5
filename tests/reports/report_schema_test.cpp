// docs/report.schema.json describes the JSON report: the writer's output for the fixture run
// (with and without an interruption) conforms to it, and the checker behind that claim does
// catch a missing key, an undocumented key, a wrong type, a value outside an enum and a broken
// pattern. Real runs' reports are checked by the conformance tests (run_support.cpp).
#include <gtest/gtest.h>

#include <sstream>

#include "reports/json_reporter.hpp"
#include "tests/reports/fixture_run.hpp"
#include "tests/reports/json_schema_check.hpp"
#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

using nlohmann::json;

json report_of(const RunReport& run) {
  std::ostringstream out;
  JsonReporter(fixed_clock(testing::pinned_now())).write(run, out);
  return json::parse(out.str());
}

json schema() { return testing::report_schema(testing::source_dir().parent_path().parent_path()); }

std::string joined(const std::vector<std::string>& problems) {
  std::string out;
  for (const auto& p : problems) out += p + "\n";
  return out;
}

/// The single problem the mutated document has, or "" when it has none or several.
std::string only_problem(const json& document) {
  const auto problems = testing::schema_problems(schema(), document);
  return problems.size() == 1 ? problems.front() : joined(problems);
}

TEST(ReportSchema, IsADraft202012SchemaOfTheCurrentFormatVersion) {
  const json s = schema();
  EXPECT_EQ(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
  EXPECT_EQ(s["properties"]["format_version"]["const"], JsonReporter::kFormatVersion);
}

TEST(ReportSchema, TheFixtureRunsReportConforms) {
  const auto problems = testing::schema_problems(schema(), report_of(testing::fixture_run()));
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(ReportSchema, AnInterruptedRunsReportConforms) {
  RunReport run = testing::fixture_run();
  run.interruption = Interruption{"interrupted by SIGINT", {"resource.tfc_secret"}, {"resource.tfc_widget"}};
  const json doc = report_of(run);
  ASSERT_TRUE(doc.contains("interruption"));
  const auto problems = testing::schema_problems(schema(), doc);
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(ReportSchema, AReplayWithoutACommandConforms) {
  RunReport run = testing::fixture_run();
  Finding& f = run.suites[1].scenarios[1].findings[0];
  f.replay_command_line.clear();
  f.replay_not_runnable = "no command: the run attached to a provider it did not start (--reattach)";
  const json doc = report_of(run);
  ASSERT_EQ(doc["suites"][1]["scenarios"][1]["findings"][0]["replay"]["not_runnable"], f.replay_not_runnable);
  const auto problems = testing::schema_problems(schema(), doc);
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(ReportSchema, AnUpgradesReproductionConforms) {
  RunReport run = testing::fixture_run();
  Reproduction& r = *run.suites[1].scenarios[1].findings[0].reproduction;
  r.previous_binary = "/opt/providers/terraform-provider-tfcfixture_v1.1.0";
  r.previous_environment = {"TFCFIXTURE_MODE=old"};
  r.steps[0].previous_release = true;
  const json doc = report_of(run);
  ASSERT_TRUE(doc["suites"][1]["scenarios"][1]["findings"][0]["reproduction"].contains("previous_binary"));
  const auto problems = testing::schema_problems(schema(), doc);
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(ReportSchema, TheCheckerCatchesWhatTheSchemaForbids) {
  const json good = report_of(testing::fixture_run());

  json missing = good;
  missing.erase("seed");
  EXPECT_EQ(only_problem(missing), "$: missing key \"seed\"");

  json undocumented = good;
  undocumented["suites"][0]["totals"]["surprise"] = 1;
  EXPECT_EQ(only_problem(undocumented),
            "$.suites[0].totals.surprise: key not in the schema (document it in docs/report.schema.json and "
            "docs/reports.md)");

  json wrong_type = good;
  wrong_type["options"]["apply"] = "yes";
  EXPECT_EQ(only_problem(wrong_type), "$.options.apply: expected type \"boolean\", got \"yes\"");

  json outside_enum = good;
  outside_enum["result"] = "ok";
  EXPECT_EQ(only_problem(outside_enum), "$.result: \"ok\" is not one of [\"passed\",\"failed\",\"incomplete\"]");

  json bad_rule = good;
  bad_rule["suites"][1]["scenarios"][1]["findings"][0]["rule"] = "Not A Rule";
  EXPECT_EQ(only_problem(bad_rule),
            "$.suites[1].scenarios[1].findings[0].rule: \"Not A Rule\" does not match \"^[a-z_]+\\\\.[a-z0-9_]+$\"");

  json negative = good;
  negative["totals"]["passed"] = -1;
  EXPECT_EQ(only_problem(negative), "$.totals.passed: -1 is below the minimum 0");
}

TEST(ReportSchema, AKeywordTheCheckerDoesNotImplementIsAProblemItself) {
  const json s = json::parse(R"({"type": "object", "properties": {"a": {"type": "string", "maxLength": 3}}})");
  const auto problems = testing::schema_problems(s, json::parse(R"({"a": "abcdef"})"));
  ASSERT_EQ(problems.size(), 1u) << joined(problems);
  EXPECT_EQ(problems.front(), "$.a: the schema uses keyword \"maxLength\", which this checker does not implement");
}

}  // namespace
}  // namespace tfc::report
