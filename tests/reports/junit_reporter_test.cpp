#include "reports/junit_reporter.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "tests/reports/fixture_run.hpp"
#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

using testing::fixture_run;
using testing::pinned_now;

std::string junit_of(const RunReport& run) {
  std::ostringstream out;
  JunitReporter(fixed_clock(pinned_now())).write(run, out);
  return out.str();
}

// Validates `xml` against the XSD the tests carry; xmllint is required (libxml2-utils), a
// missing xmllint fails the test rather than skipping it.
::testing::AssertionResult valid_against_xsd(const std::string& name, const std::string& xml) {
  const auto file = testing::output_dir() / name;
  testing::write_file(file, xml);
  if (testing::run_command("command -v xmllint >/dev/null 2>&1").exit_code != 0) {
    return ::testing::AssertionFailure() << "xmllint not found: install libxml2-utils";
  }
  const auto result = testing::run_command("xmllint --noout --schema " +
                                           testing::shell_quote((testing::source_dir() / "JUnit.xsd").string()) + " " +
                                           testing::shell_quote(file.string()) + " 2>&1");
  if (result.exit_code != 0) {
    return ::testing::AssertionFailure() << file << " is not valid JUnit:\n" << result.output;
  }
  return ::testing::AssertionSuccess();
}

TEST(JunitReporter, MatchesGoldenFile) {
  EXPECT_TRUE(testing::matches_golden("junit.approved.xml", junit_of(fixture_run())));
}

TEST(JunitReporter, FixtureReportIsValidAgainstTheXsd) {
  EXPECT_TRUE(valid_against_xsd("junit-fixture.xml", junit_of(fixture_run())));
}

TEST(JunitReporter, OneSuitePerResourceAndOneCasePerScenario) {
  const std::string xml = junit_of(fixture_run());
  EXPECT_NE(xml.find("<testsuite name=\"resource.tfc_widget\" package=\"registry.terraform.io/"
                     "example/tfcfixture\" id=\"1\" timestamp=\"2026-01-02T03:00:00\" "
                     "hostname=\"ci-runner-7\" tests=\"5\" failures=\"1\" errors=\"1\" "
                     "skipped=\"1\" time=\"2.821\">"),
            std::string::npos);
  EXPECT_NE(xml.find("<testcase name=\"update\" classname=\"resource.tfc_widget\" time=\"1.250\">"), std::string::npos);
  EXPECT_NE(xml.find("<failure message=\"plan.config_value_changed: .rule[0].port: planned value "
                     "8080 does not match config value 80\" type=\"plan.config_value_changed\">"),
            std::string::npos);
  EXPECT_NE(
      xml.find("replay: /opt/tfconform/bin/tfconform run --provider /opt/providers/terraform-provider-tfc --apply"),
      std::string::npos);
  EXPECT_NE(xml.find("--replay v1.20260101.7.ab12\n"), std::string::npos);
  EXPECT_NE(xml.find("<skipped message=\"resource does not support ImportResourceState\"/>"), std::string::npos);
  EXPECT_NE(xml.find("type=\"tfconform.harness_error\""), std::string::npos);
}

TEST(JunitReporter, ProviderLogAndWarningsGoToSystemOut) {
  const std::string xml = junit_of(fixture_run());
  EXPECT_NE(
      xml.find("== update: provider log at update: plan (3 of 120 lines; all in "
               "tfconform-logs/resource.tfc_widget.5e1c0a77.case7.log) ==\n[WARN] rewriting port: &lt;script&gt;"),
      std::string::npos);
  EXPECT_NE(xml.find("[ERROR] \\u001b[31mport mismatch\\u001b[0m\\u0007 &amp; \"more\""), std::string::npos);
  EXPECT_NE(xml.find("== refresh: warning ==\nwarning read.normalization_not_preserved"), std::string::npos);
  EXPECT_EQ(xml.find('\x1b'), std::string::npos);
  EXPECT_EQ(xml.find('\xff'), std::string::npos);
}

TEST(JunitReporter, SensitiveValuesAreRedacted) {
  const std::string xml = junit_of(fixture_run());
  EXPECT_EQ(xml.find("hunter"), std::string::npos);
  EXPECT_NE(xml.find("expected: (sensitive value)"), std::string::npos);
}

TEST(JunitReporter, HostileNamesAndEmptyFieldsStillValidate) {
  RunReport run;  // no hostname, no address, unset start time
  Finding a;
  a.rule_id = "x\x01y";
  a.message = "]]> <!-- & \xc3\x28";
  Finding b = a;
  b.rule_id = "second";
  Suite suite{SuiteKind::data_source, "  \"odd\nname\" ", {}, {}};
  suite.scenarios.push_back({"", Status::failed, "", {}, {"\x0b\x0c"}, {a, b}});
  suite.scenarios.push_back({"no findings", Status::failed, "", {}, {}, {}});
  suite.scenarios.push_back({"err", Status::error, "", {}, {}, {}});
  run.suites.push_back(suite);
  run.suites.push_back({SuiteKind::provider, "", {}, {}});
  const std::string xml = junit_of(run);
  EXPECT_TRUE(valid_against_xsd("junit-hostile.xml", xml));
  EXPECT_NE(xml.find("2 contract violations, first: x\\u0001y"), std::string::npos);
  EXPECT_NE(xml.find("hostname=\"localhost\""), std::string::npos);
  EXPECT_NE(xml.find("timestamp=\"2026-01-02T03:04:05\""), std::string::npos);  // the clock
}

std::string gitlab_junit_of(const RunReport& run) {
  JunitOptions options;
  options.flavour = JunitFlavour::gitlab;
  options.html_report = "out/report.html";
  options.repro_folder = [](const Finding& f) { return f.reproduction ? "repro/" + f.rule_id : std::string(); };
  std::ostringstream out;
  JunitReporter(options, fixed_clock(pinned_now())).write(run, out);
  return out.str();
}

std::string testcase_xml(const std::string& xml, const std::string& start) {
  const std::size_t at = xml.find(start);
  if (at == std::string::npos) return {};
  return xml.substr(at, xml.find("</testcase>", at) - at);
}

::testing::AssertionResult well_formed(const std::string& name, const std::string& xml) {
  const auto file = testing::output_dir() / name;
  testing::write_file(file, xml);
  const auto result = testing::run_command("xmllint --noout " + testing::shell_quote(file.string()) + " 2>&1");
  if (result.exit_code != 0) return ::testing::AssertionFailure() << file << ":\n" << result.output;
  return ::testing::AssertionSuccess();
}

TEST(JunitReporter, FlavourNames) {
  EXPECT_EQ(*parse_junit_flavour("ant"), JunitFlavour::ant);
  EXPECT_EQ(*parse_junit_flavour("gitlab"), JunitFlavour::gitlab);
  EXPECT_FALSE(parse_junit_flavour("surefire"));
}

// The default is the ant flavour, byte for byte (the golden file above pins it).
TEST(JunitReporter, DefaultOptionsAreTheAntFlavour) {
  std::ostringstream out;
  JunitReporter(JunitOptions{}, fixed_clock(pinned_now())).write(fixture_run(), out);
  EXPECT_EQ(out.str(), junit_of(fixture_run()));
}

TEST(JunitReporter, GitlabFlavourGivesEachFailingCaseItsHeadlineOutputAndAttachments) {
  const std::string xml = gitlab_junit_of(fixture_run());
  EXPECT_TRUE(well_formed("junit-gitlab.xml", xml));
  const std::string update = testcase_xml(xml, "<testcase name=\"update\" classname=\"resource.tfc_widget\"");
  ASSERT_FALSE(update.empty()) << xml;
  // The body GitLab shows starts with the headline.
  const std::string body_start = "type=\"plan.config_value_changed\">error plan.config_value_changed: .rule[0].port: ";
  EXPECT_NE(update.find(body_start), std::string::npos) << update;
  const std::size_t out = update.find("<system-out>");
  ASSERT_NE(out, std::string::npos) << update;
  EXPECT_NE(update.find("<system-out>[[ATTACHMENT|out/report.html]]\n"), std::string::npos) << update;
  EXPECT_NE(update.find("\n[[ATTACHMENT|repro/plan.config_value_changed]]\n"), std::string::npos) << update;
  EXPECT_NE(update.find("== provider log at "), std::string::npos) << update;
  // A passing case has no attachment; the suites' own output is empty (it is in the cases).
  const std::string create = testcase_xml(xml, "<testcase name=\"create\" classname=\"resource.tfc_widget\"");
  EXPECT_EQ(create.find("ATTACHMENT"), std::string::npos) << create;
  EXPECT_EQ(xml.find("== update: provider log"), std::string::npos);
}

TEST(JunitReporter, GitlabFlavourOfHostileAndEmptyRunsIsWellFormed) {
  EXPECT_TRUE(well_formed("junit-gitlab-empty.xml", gitlab_junit_of(RunReport{})));
  RunReport run = fixture_run();
  run.suites[1].scenarios[0].log_lines.push_back("]]></system-out><x>\x01[[ATTACHMENT|/etc/passwd]]");
  const std::string xml = gitlab_junit_of(run);
  EXPECT_TRUE(well_formed("junit-gitlab-hostile.xml", xml));
  EXPECT_EQ(xml.find("[[ATTACHMENT|/etc/passwd"), std::string::npos);  // a provider cannot attach files
  EXPECT_NE(xml.find("[ [ATTACHMENT|/etc/passwd"), std::string::npos);
}

TEST(JunitReporter, EmptyRunIsValid) { EXPECT_TRUE(valid_against_xsd("junit-empty.xml", junit_of(RunReport{}))); }

}  // namespace
}  // namespace tfc::report
