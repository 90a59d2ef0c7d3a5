#include "reports/markdown_summary_reporter.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "tests/reports/fixture_run.hpp"
#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

std::string summary_of(const RunReport& run) {
  std::ostringstream out;
  MarkdownSummaryReporter(fixed_clock(testing::pinned_now())).write(run, out);
  return out.str();
}

TEST(MarkdownSummaryReporter, MatchesGoldenFile) {
  EXPECT_TRUE(testing::matches_golden("summary.approved.md", summary_of(testing::fixture_run())));
}

TEST(MarkdownSummaryReporter, ShowsVerdictTotalsAndReplay) {
  const std::string md = summary_of(testing::fixture_run());
  EXPECT_EQ(md.rfind("## tfconform: FAILED", 0), 0u);
  EXPECT_NE(md.find("9 scenarios: 5 passed, 2 failed, 1 skipped, 1 errored"), std::string::npos);
  EXPECT_NE(md.find("<code>/opt/tfconform/bin/tfconform run --provider /opt/providers/terraform-provider-tfc --apply"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("--replay v1.20260101.7.ab12</code>"), std::string::npos) << md;
}

TEST(MarkdownSummaryReporter, CellsCannotBreakTablesOrInjectMarkup) {
  EXPECT_EQ(markdown_cell("a|b"), "a&#124;b");
  EXPECT_EQ(markdown_cell("<script>alert(\"x\")</script>"), "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  EXPECT_EQ(markdown_cell("**bold** [link](x) `code` _i_"),
            "&#42;&#42;bold&#42;&#42; &#91;link&#93;(x) &#96;code&#96; &#95;i&#95;");
  EXPECT_EQ(markdown_cell("two\nlines\r"), "two<br>lines");
  EXPECT_EQ(markdown_cell("\x1b[31m"), "&#92;u001b&#91;31m");
}

TEST(MarkdownSummaryReporter, ListsAtMostTheRowCap) {
  RunReport run;
  Suite suite{SuiteKind::resource, "r", {}, {}};
  Scenario scenario{"create", Status::failed, "", {}, {}, {}};
  for (std::size_t i = 0; i < MarkdownSummaryReporter::kMaxFindingRows + 3; ++i) {
    scenario.findings.push_back({});
    scenario.findings.back().rule_id = "rule.n" + std::to_string(i);
  }
  suite.scenarios.push_back(scenario);
  run.suites.push_back(suite);
  const std::string all = summary_of(run);
  const std::string md = all.substr(all.find("### Findings\n"));
  EXPECT_NE(md.find(">rule.n49<"), std::string::npos);
  EXPECT_EQ(md.find(">rule.n50<"), std::string::npos);
  EXPECT_NE(md.find("and 3 more findings"), std::string::npos);
}

TEST(MarkdownSummaryReporter, PassingRunSaysSo) {
  RunReport run;
  run.suites.push_back({SuiteKind::resource, "r", {1, 0, 1, 0}, {{"create", Status::passed, "", {}, {}, {}}}});
  const std::string md = summary_of(run);
  EXPECT_EQ(md.rfind("## tfconform: passed", 0), 0u);
  EXPECT_EQ(md.find("### Findings"), std::string::npos);
  EXPECT_EQ(md.find("Not exercised"), std::string::npos);
}

TEST(MarkdownSummaryReporter, ARunThatNeverPlannedATypeIsIncompleteAndSaysWhichFirst) {
  RunReport run;
  Suite refused{SuiteKind::resource, "r", {5, 5, 0, 0}, {{"create", Status::skipped, "refused", {}, {}, {}}}};
  refused.coverage.top_refusal = "ValidateResourceConfig: Invalid value (at .mode)";
  refused.coverage.top_refusal_cases = 5;
  run.suites.push_back(refused);
  const std::string md = summary_of(run);
  EXPECT_EQ(md.rfind("## tfconform: INCOMPLETE", 0), 0u) << md;
  const auto missed = md.find("**Not exercised** (1 of the selected types)");
  ASSERT_NE(missed, std::string::npos) << md;
  EXPECT_LT(missed, md.find("| suite |"));
  EXPECT_NE(md.find("never planned in 5 cases; most frequent refusal (5 cases): ValidateResourceConfig: Invalid value "
                    "(at .mode)"),
            std::string::npos)
      << md;
}

}  // namespace
}  // namespace tfc::report
