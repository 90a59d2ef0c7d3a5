#include "reports/html_reporter.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "reports/html_assets.hpp"
#include "reports/xml_writer.hpp"
#include "tests/reports/fixture_run.hpp"
#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

std::string html_of(const RunReport& run) {
  std::ostringstream out;
  HtmlReporter(fixed_clock(testing::pinned_now())).write(run, out);
  return out.str();
}

std::size_t count(const std::string& haystack, std::string_view needle) {
  std::size_t n = 0;
  for (auto pos = haystack.find(needle); pos != std::string::npos; pos = haystack.find(needle, pos + 1)) {
    ++n;
  }
  return n;
}

TEST(HtmlReporter, MatchesGoldenFile) {
  EXPECT_TRUE(testing::matches_golden("html.approved.html", html_of(testing::fixture_run())));
}

TEST(HtmlReporter, ProviderMarkupIsEscapedNeverEmitted) {
  const std::string html = html_of(testing::fixture_run());
  // The only script element is the report's own, at the end.
  EXPECT_EQ(count(html, "<script"), 1u);
  EXPECT_EQ(html.find("<script>"), html.rfind("<script>"));
  EXPECT_EQ(count(html, "<img"), 0u);
  EXPECT_EQ(count(html, "<b>"), 0u);
  EXPECT_NE(html.find("&lt;script&gt;alert(\\\"x\\\")&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("it's \\\"quoted\\\" &amp; &lt;b&gt;bold&lt;/b&gt;"), std::string::npos);
  EXPECT_EQ(html.find('\x1b'), std::string::npos);
  EXPECT_EQ(html.find('\x07'), std::string::npos);
  EXPECT_EQ(html.find('\xff'), std::string::npos);
}

TEST(HtmlReporter, IsSelfContainedWithAStrictPolicy) {
  const std::string html = html_of(testing::fixture_run());
  EXPECT_EQ(html.find("src="), html.find("src=x onerror"));  // only the escaped provider text
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);
  const std::string csp = html_content_security_policy();
  EXPECT_EQ(csp.rfind("default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-", 0), 0u);
  EXPECT_NE(html.find("content=\"" + xml_escape_attribute(csp) + "\""), std::string::npos);
}

// An upgrade's reproduction says which release plays each step; one release's says nothing of it.
TEST(HtmlReporter, AnUpgradesReproductionNamesTheReleaseOfEachStep) {
  RunReport run = testing::fixture_run();
  EXPECT_EQ(html_of(run).find(" release)"), std::string::npos);
  Reproduction& r = *run.suites[1].scenarios[1].findings[0].reproduction;
  r.previous_binary = "/opt/providers/terraform-provider-tfcfixture_v1.1.0";
  r.steps[0].previous_release = true;
  const std::string html = html_of(run);
  EXPECT_NE(html.find("step1 (previous release): create tfc_widget"), std::string::npos);
  EXPECT_NE(html.find("step2 (new release): update tfc_widget"), std::string::npos);
}

TEST(HtmlReporter, ShowsSummariesFiltersAndFindingDetails) {
  const std::string html = html_of(testing::fixture_run());
  EXPECT_NE(html.find("<h2>Findings by rule</h2>"), std::string::npos);
  EXPECT_NE(html.find("<h2>Coverage by type and step</h2>"), std::string::npos);
  EXPECT_EQ(html.find("Results by resource"), std::string::npos) << "the matrix replaces the old table";
  for (const char* id : {"filter-rule", "filter-resource", "filter-severity", "filter-class"}) {
    EXPECT_NE(html.find(std::string("<select id=\"") + id + "\">"), std::string::npos) << id;
  }
  EXPECT_NE(html.find("<article class=\"finding error\" data-rule=\"plan.config_value_changed\" "
                      "data-resource=\"resource.tfc_widget\" data-severity=\"error\" data-class=\"contract\" "
                      "data-baseline=\"untracked\">"),
            std::string::npos);
  EXPECT_NE(html.find("<span class=\"badge class\">contract</span>"), std::string::npos);
  EXPECT_NE(html.find("<mark class=\"path\">.rule[0].protocol</mark>"), std::string::npos)
      << "every path of the finding";
  EXPECT_NE(html.find("5e1c0a77d2f3b804"), std::string::npos);
  EXPECT_NE(html.find("3 cases"), std::string::npos);
  EXPECT_NE(html.find("confirmed: Error: Provider produced invalid plan"), std::string::npos);
  EXPECT_NE(html.find("reproduction (2 steps)"), std::string::npos);
  EXPECT_NE(html.find("<mark class=\"path\">.rule[0].port</mark>"), std::string::npos);
  EXPECT_NE(html.find("<mark>      \"port\": 8080\n</mark>"), std::string::npos)
      << "the differing line of the actual value is marked";
  EXPECT_NE(html.find("/opt/tfconform/bin/tfconform run --provider /opt/providers/terraform-provider-tfc --apply"),
            std::string::npos);
  EXPECT_NE(html.find("--replay v1.20260101.7.ab12</pre>"), std::string::npos);
  EXPECT_NE(html.find("provider log at the failing step (3 of 120 lines; all of it in "
                      "tfconform-logs/resource.tfc_widget.5e1c0a77.case7.log)"),
            std::string::npos);
  EXPECT_NE(html.find("provider log of resource.tfc_widget lifecycle sequence (1 line)"), std::string::npos);
}

// The matrix is one plain table in its default order, readable without the script: a row per
// type with the counts as text and what each cell shows as its class.
TEST(HtmlReporter, CoverageMatrixIsAPlainTableInItsDefaultOrder) {
  const std::string html = html_of(testing::fixture_run());
  const auto table = html.find("<table id=\"matrix\">");
  ASSERT_NE(table, std::string::npos);
  const std::string matrix = html.substr(table, html.find("</table>", table) - table);
  EXPECT_EQ(count(matrix, "<tr>"), 4u) << "the header and three types (not the provider)";
  const auto secret = matrix.find("<th>resource.tfc_secret</th>");
  const auto widget = matrix.find("<th>resource.tfc_widget</th>");
  const auto lookup = matrix.find("<th>data_source.tfc_lookup</th>");
  ASSERT_NE(secret, std::string::npos);
  EXPECT_LT(secret, widget) << "one error each: by name";
  EXPECT_LT(widget, lookup) << "no finding: last";
  // The widget's update plan holds its error finding; its read, the warning.
  EXPECT_NE(matrix.find("<td class=\"s2 e\">21</td>"), std::string::npos);
  EXPECT_NE(matrix.find("<td class=\"s4 w\">40</td>"), std::string::npos);
  // The controls wait for the script; the table does not.
  EXPECT_NE(html.find("<div id=\"matrix-controls\" class=\"controls\" hidden=\"hidden\">"), std::string::npos);
}

TEST(HtmlReporter, CoverageMatrixEscapesTypeNamesAndMarksWhatWasNeverReached) {
  RunReport run = testing::fixture_run();
  Suite hostile{SuiteKind::resource, "x<img src=y onerror=alert(1)>&\"", {5, 5, 0, 0}, {}};
  hostile.coverage.steps = {{"validated", 0}, {"planned", 0}};
  hostile.coverage.top_refusal = "ValidateResourceConfig: \"<b>bad</b>\"";
  hostile.coverage.top_refusal_cases = 5;
  run.suites.push_back(hostile);
  const std::string html = html_of(run);
  EXPECT_EQ(count(html, "<img"), 0u);
  EXPECT_EQ(count(html, "<b>"), 0u);
  // Not exercised: the first row, its name marked, its refusal on hover, both steps never reached.
  const auto first_row = html.find("<tr>", html.find("<tbody>", html.find("<table id=\"matrix\">")));
  EXPECT_EQ(html.substr(first_row, 400)
                .find("<tr><th class=\"u\" title=\"most frequent refusal (5 cases): "
                      "ValidateResourceConfig: &quot;&lt;b&gt;bad&lt;/b&gt;&quot;\">"
                      "resource.x&lt;img src=y onerror=alert(1)&gt;&amp;\"</th><td>5</td>"
                      "<td class=\"s0\">0</td><td class=\"s0\">0</td>"),
            0u)
      << html.substr(first_row, 300);
}

TEST(HtmlReporter, SensitiveValuesAreRedacted) {
  const std::string html = html_of(testing::fixture_run());
  EXPECT_EQ(html.find("hunter"), std::string::npos);
  EXPECT_NE(html.find("<pre class=\"redacted\">(sensitive value)\n</pre>"), std::string::npos);
}

TEST(HtmlReporter, EmptyRunStillRenders) {
  const std::string html = html_of(RunReport{});
  EXPECT_NE(html.find("<p>No findings.</p>"), std::string::npos);
  EXPECT_NE(html.find("</html>\n"), std::string::npos);
}

}  // namespace
}  // namespace tfc::report
