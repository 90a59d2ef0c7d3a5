// Caveats on a finding's evidence (found only with extreme values; an invented prior state)
// reach every report: JSON fields, a note in HTML and JUnit, a tag in the Markdown and console
// tables. Findings without caveats show none.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "reports/console_progress.hpp"
#include "reports/html_reporter.hpp"
#include "reports/json_reader.hpp"
#include "reports/json_reporter.hpp"
#include "reports/junit_reporter.hpp"
#include "reports/markdown_summary_reporter.hpp"
#include "tests/reports/fixture_run.hpp"

namespace tfc::report {
namespace {

/// The fixture run with the caveats set on its error finding (widget / plan).
RunReport with_caveats(bool extreme, bool invented) {
  RunReport run = testing::fixture_run();
  Finding& f = run.suites[1].scenarios[1].findings[0];
  f.extreme_values = extreme;
  f.invented_prior = invented;
  return run;
}

template <class Writer>
std::string written(const RunReport& run) {
  std::ostringstream out;
  Writer(fixed_clock(testing::pinned_now())).write(run, out);
  return out.str();
}

TEST(FindingCaveats, EachCaveatHasASentenceAndATag) {
  Finding f;
  EXPECT_TRUE(finding_caveats(f).empty());
  EXPECT_EQ(caveat_tags(f), "");
  f.extreme_values = true;
  f.invented_prior = true;
  ASSERT_EQ(finding_caveats(f).size(), 2u);
  EXPECT_NE(finding_caveats(f)[0].find("extreme values"), std::string::npos);
  EXPECT_NE(finding_caveats(f)[1].find("invented prior state"), std::string::npos);
  EXPECT_EQ(caveat_tags(f), "[extreme values] [invented prior]");
}

TEST(FindingCaveats, JsonHasTheFlagsOnlyWhenTheyHold) {
  const auto doc = nlohmann::json::parse(written<JsonReporter>(with_caveats(true, true)));
  const auto& flagged = doc["suites"][1]["scenarios"][1]["findings"][0];
  EXPECT_EQ(flagged["extreme_values"], true);
  EXPECT_EQ(flagged["invented_prior"], true);
  EXPECT_EQ(flagged["caveats"].size(), 2u);
  const auto plain = nlohmann::json::parse(written<JsonReporter>(testing::fixture_run()));
  const auto& unflagged = plain["suites"][1]["scenarios"][1]["findings"][0];
  EXPECT_FALSE(unflagged.contains("extreme_values"));
  EXPECT_FALSE(unflagged.contains("invented_prior"));
  EXPECT_FALSE(unflagged.contains("caveats"));
  // A report read back (to be confirmed and rewritten) keeps them.
  const auto read = run_from_json(nlohmann::ordered_json::parse(written<JsonReporter>(with_caveats(true, true))));
  ASSERT_TRUE(read.has_value());
  EXPECT_TRUE(read->suites[1].scenarios[1].findings[0].extreme_values);
  EXPECT_TRUE(read->suites[1].scenarios[1].findings[0].invented_prior);
}

TEST(FindingCaveats, HtmlAndJunitCarryTheNote) {
  const std::string html = written<HtmlReporter>(with_caveats(true, false));
  EXPECT_NE(html.find("<p class=\"caveat\">Note: found only with extreme values"), std::string::npos);
  const std::string junit = written<JunitReporter>(with_caveats(false, true));
  EXPECT_NE(junit.find("note: the evidence rests on an invented prior state"), std::string::npos);
  EXPECT_EQ(written<HtmlReporter>(testing::fixture_run()).find("class=\"caveat\""), std::string::npos);
  EXPECT_EQ(written<JunitReporter>(testing::fixture_run()).find("note: "), std::string::npos);
}

TEST(FindingCaveats, MarkdownAndConsoleTablesTagTheMessage) {
  const RunReport run = with_caveats(true, true);
  // Markdown cells escape brackets.
  EXPECT_NE(written<MarkdownSummaryReporter>(run).find("&#91;extreme values&#93; &#91;invented prior&#93; "),
            std::string::npos);
  std::ostringstream console;
  print_findings_table(run, console, false);
  EXPECT_NE(console.str().find("[extreme values] [invented prior] "), std::string::npos);
  std::ostringstream plain;
  print_findings_table(testing::fixture_run(), plain, false);
  EXPECT_EQ(plain.str().find("[extreme values]"), std::string::npos);
}

TEST(FindingCaveats, ALogReplayIsKeptAndANonReproductionIsNoted) {
  RunReport run = testing::fixture_run();
  Finding& replayed = run.suites[1].scenarios[1].findings[0];
  replayed.log_replayed = true;
  replayed.log_excerpt = {"a line"};
  replayed.log_total_lines = 1;
  EXPECT_TRUE(finding_caveats(replayed).empty());  // the usual case: no caveat
  const auto doc = nlohmann::json::parse(written<JsonReporter>(run));
  const auto& flagged = doc["suites"][1]["scenarios"][1]["findings"][0];
  EXPECT_EQ(flagged["log_replayed"], true);
  EXPECT_FALSE(flagged.contains("log_not_reproduced"));
  EXPECT_NE(written<HtmlReporter>(run).find("the case played again with the provider's logging on"), std::string::npos);

  Finding& lost = run.suites[1].scenarios[1].findings[0];
  lost.log_replayed = false;
  lost.log_not_reproduced = true;
  ASSERT_EQ(finding_caveats(lost).size(), 1u);
  EXPECT_NE(finding_caveats(lost)[0].find("did not reproduce with the provider's logging on"), std::string::npos);
  EXPECT_EQ(caveat_tags(lost), "[not reproduced with logs]");
  EXPECT_NE(written<HtmlReporter>(run).find("Note: the finding did not reproduce"), std::string::npos);
  // Read back (merge, baseline, confirm) both flags stay.
  for (const bool replay : {true, false}) {
    lost.log_replayed = replay;
    lost.log_not_reproduced = !replay;
    const auto read = run_from_json(nlohmann::ordered_json::parse(written<JsonReporter>(run)));
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->suites[1].scenarios[1].findings[0].log_replayed, replay);
    EXPECT_EQ(read->suites[1].scenarios[1].findings[0].log_not_reproduced, !replay);
  }
}

}  // namespace
}  // namespace tfc::report
