// Both JUnit flavours as the GitHub test-report actions read them: junit_consumers.py reads our
// file the way dorny/test-reporter and mikepenz/action-junit-report do (docs/reports.md, "What the
// consumers read", names the sources and versions), and this test checks what they would show
// against the run itself: every scenario counted, each failing one with its headline as the
// message and its findings as the details, and where the annotation would point.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "reports/finding_text.hpp"
#include "reports/junit_reporter.hpp"
#include "tests/reports/fixture_run.hpp"
#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

using testing::fixture_run;
using testing::pinned_now;

std::string junit_of(const RunReport& run, JunitFlavour flavour) {
  JunitOptions options;
  options.flavour = flavour;
  if (flavour == JunitFlavour::gitlab) {
    options.html_report = "out/report.html";
    options.repro_folder = [](const Finding& f) { return f.reproduction ? "repro/" + f.rule_id : std::string(); };
  }
  std::ostringstream out;
  JunitReporter(options, fixed_clock(pinned_now())).write(run, out);
  return out.str();
}

// What junit_consumers.py prints for `xml`, written to `file_name`; null when it failed.
nlohmann::json consumers_view(const std::string& file_name, const std::string& xml, std::string& report_path) {
  const auto file = testing::output_dir() / file_name;
  testing::write_file(file, xml);
  report_path = file.string();
  const auto result =
      testing::run_command("python3 " + testing::shell_quote((testing::source_dir() / "junit_consumers.py").string()) +
                           " " + testing::shell_quote(report_path));
  if (result.exit_code != 0) {
    ADD_FAILURE() << "junit_consumers.py failed on " << file << " (exit " << result.exit_code << ")";
    return nullptr;
  }
  return nlohmann::json::parse(result.output);
}

// The one-line headline our writer means a consumer to show for a failing scenario.
std::string headline_of(const Scenario& scenario) {
  std::vector<const Finding*> errors;
  for (const Finding& f : scenario.findings)
    if (f.severity == Severity::error) errors.push_back(&f);
  if (errors.empty()) {
    if (!scenario.reason.empty()) return scenario.reason;
    return scenario.status == Status::error ? "harness error" : "scenario failed";
  }
  const std::string first = finding_headline(*errors.front());
  return errors.size() > 1 ? std::to_string(errors.size()) + " contract violations, first: " + first : first;
}

std::string rule_of(const Scenario& scenario) {
  if (scenario.status == Status::error) return "tfconform.harness_error";
  for (const Finding& f : scenario.findings)
    if (f.severity == Severity::error) return f.rule_id;
  return "tfconform.scenario_failed";
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string without_final_newline(std::string text) {
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

struct ExpectedCounts {
  int tests = 0, passed = 0, failed = 0, skipped = 0;
  double seconds = 0;
  std::vector<std::string> suites;
  std::vector<std::pair<const Suite*, const Scenario*>> failing;  // in document order
};

ExpectedCounts expected_of(const RunReport& run) {
  ExpectedCounts e;
  for (const Suite& suite : run.suites) {
    e.suites.push_back(suite_label(suite));
    for (const Scenario& scenario : suite.scenarios) {
      ++e.tests;
      e.seconds += std::chrono::duration<double>(scenario.duration).count();
      switch (scenario.status) {
        case Status::passed: ++e.passed; break;
        case Status::skipped: ++e.skipped; break;
        case Status::failed:
        case Status::error:
          ++e.failed;
          e.failing.emplace_back(&suite, &scenario);
          break;
      }
    }
  }
  return e;
}

// Each consumer counts as the run does (an errored scenario is a failure to both), reads every
// suite (none nested), and shows each failing scenario with its headline and findings.
void check_consumers(const RunReport& run, JunitFlavour flavour, const std::string& file_name) {
  std::string report_path;
  const nlohmann::json view = consumers_view(file_name, junit_of(run, flavour), report_path);
  ASSERT_FALSE(view.is_null());
  const ExpectedCounts e = expected_of(run);
  for (const char* consumer : {"dorny", "mikepenz"}) {
    SCOPED_TRACE(consumer);
    const auto& v = view.at(consumer);
    EXPECT_EQ(v.at("tests"), e.tests);
    EXPECT_EQ(v.at("passed"), e.passed);
    EXPECT_EQ(v.at("failed"), e.failed);
    EXPECT_EQ(v.at("skipped"), e.skipped);
    EXPECT_EQ(v.at("suites").get<std::vector<std::string>>(), e.suites);
    ASSERT_EQ(v.at("annotations").size(), e.failing.size()) << v.at("annotations").dump(1);
  }
  // Times are read with parseFloat: seconds with three decimals, per case (mikepenz) or suite (dorny).
  EXPECT_NEAR(view["mikepenz"]["time_s"].get<double>(), e.seconds, 1e-6);
  EXPECT_NEAR(view["dorny"]["time_ms"].get<double>(), e.seconds * 1000, 1e-3);

  for (std::size_t i = 0; i < e.failing.size(); ++i) {
    const Suite& suite = *e.failing[i].first;
    const Scenario& scenario = *e.failing[i].second;
    SCOPED_TRACE(suite_label(suite) + " / " + scenario.name);
    const auto& dorny = view["dorny"]["annotations"][i];
    const auto& mikepenz = view["mikepenz"]["annotations"][i];
    const std::string headline = headline_of(scenario);

    // dorny: titled "suite ► test" (classname equals the suite's name, so no group), the
    // message is `type: message`, the details the body; no Java stack frame in the body, so
    // the annotation sits on the report file, line 0.
    EXPECT_EQ(dorny["title"], suite_label(suite) + " ► " + scenario.name);
    EXPECT_EQ(dorny["message"], rule_of(scenario) + ": " + headline);
    EXPECT_EQ(dorny["stack_frames"].size(), 0U) << dorny["stack_frames"].dump();
    EXPECT_EQ(dorny["path"], report_path);
    EXPECT_EQ(dorny["line"], 0);

    // mikepenz: the message attribute as it is, the body trimmed as details; titled and placed
    // by the classname's last dotted part (the type's name), line 1 when the body names no line.
    EXPECT_EQ(mikepenz["message"], headline);
    EXPECT_EQ(mikepenz["title"], suite.name + "." + scenario.name);
    EXPECT_EQ(mikepenz["file_to_resolve"], suite.name);
    EXPECT_EQ(mikepenz["line"], 1);

    for (const auto* details : {&dorny["raw_details"], &mikepenz["raw_details"]}) {
      const std::string body = details->get<std::string>();
      bool has_findings = false;
      for (const Finding& f : scenario.findings) {
        if (f.severity != Severity::error) continue;
        has_findings = true;
        EXPECT_NE(body.find(without_final_newline(finding_as_text(f))), std::string::npos) << body;
        EXPECT_NE(body.find(f.replay_command_line), std::string::npos) << body;
      }
      // Whoever opens the details reads the headline first.
      const Finding* first = nullptr;
      for (const Finding& f : scenario.findings)
        if (first == nullptr && f.severity == Severity::error) first = &f;
      const std::string lead = has_findings ? finding_headline(*first) : headline;
      EXPECT_NE(first_line(body).find(lead), std::string::npos) << body;
    }
  }
}

RunReport with_two_findings_in_one_case() {
  RunReport run = fixture_run();
  Scenario& update = run.suites[1].scenarios[1];
  Finding second = update.findings.front();
  second.rule_id = "apply.known_value_changed";
  second.path = ".name";
  second.message = "planned \"a\", applied \"b\"";
  second.replay_command_line = std::string(testing::kReplayPrefix) + "v1.20260101.8.ef56";
  update.findings.push_back(second);
  return run;
}

TEST(JunitConsumers, AntFlavourReadsAsDornyAndMikepenzShowIt) {
  check_consumers(fixture_run(), JunitFlavour::ant, "consumers-ant.xml");
}

TEST(JunitConsumers, GitlabFlavourReadsAsDornyAndMikepenzShowIt) {
  check_consumers(fixture_run(), JunitFlavour::gitlab, "consumers-gitlab.xml");
}

TEST(JunitConsumers, SeveralFindingsInOneCaseShowTheCountAndEveryFinding) {
  check_consumers(with_two_findings_in_one_case(), JunitFlavour::ant, "consumers-ant-two.xml");
  check_consumers(with_two_findings_in_one_case(), JunitFlavour::gitlab, "consumers-gitlab-two.xml");
}

TEST(JunitConsumers, EmptyRunReadsAsNoTests) { check_consumers(RunReport{}, JunitFlavour::ant, "consumers-empty.xml"); }

}  // namespace
}  // namespace tfc::report
