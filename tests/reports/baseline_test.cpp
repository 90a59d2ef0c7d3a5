// Baselines: written, read back, and applied: known findings stop failing the run (and their
// scenario is skipped in JUnit with the reason), new ones still fail, unmet entries are listed.
#include "reports/baseline.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "reports/junit_reporter.hpp"

namespace tfc::report {
namespace {

Finding finding(std::string rule, std::string fp, Severity severity = Severity::error) {
  Finding f;
  f.rule_id = std::move(rule);
  f.fingerprint = std::move(fp);
  f.severity = severity;
  f.resource_type = "tfc_widget";
  f.step = "create: apply";
  f.path = ".size";
  return f;
}

RunReport run_with(std::vector<Finding> findings) {
  RunReport run;
  Suite suite{SuiteKind::resource, "tfc_widget", {}, {}};
  Scenario sc{"create", Status::failed, "", {}, {}, std::move(findings)};
  suite.scenarios.push_back(std::move(sc));
  run.suites.push_back(std::move(suite));
  return run;
}

std::filesystem::path temp_file(const char* name) {
  return std::filesystem::temp_directory_path() /
         (std::string("tfc-baseline-") + name + "-" + std::to_string(::getpid()));
}

TEST(Baseline, WritesAndReadsBackEveryDistinctFingerprint) {
  const RunReport run =
      run_with({finding("apply.known_value_changed", "aaaa"), finding("apply.known_value_changed", "aaaa"),
                finding("plan.config_value_changed", "bbbb")});
  const auto path = temp_file("roundtrip");
  {
    std::ofstream out(path);
    write_baseline(run, out);
  }
  const auto read = read_baseline(path.string());
  std::filesystem::remove(path);
  ASSERT_TRUE(read.has_value()) << read.error().message;
  ASSERT_EQ(read->size(), 2u);
  EXPECT_EQ((*read)[0].fingerprint, "aaaa");
  EXPECT_EQ((*read)[0].rule_id, "apply.known_value_changed");
  EXPECT_EQ((*read)[0].path_patterns, std::vector<std::string>{".size"});
  EXPECT_EQ((*read)[1].fingerprint, "bbbb");
}

TEST(Baseline, ReadingRejectsOtherFiles) {
  const auto path = temp_file("bad");
  {
    std::ofstream out(path);
    out << "{\"suites\": []}";
  }
  const auto read = read_baseline(path.string());
  std::filesystem::remove(path);
  ASSERT_FALSE(read.has_value());
  EXPECT_NE(read.error().message.find("not a tfconform baseline"), std::string::npos);
  EXPECT_FALSE(read_baseline("/nonexistent/baseline.json").has_value());
}

TEST(Baseline, KnownFindingsDoNotFailTheRunAndShowAsSkipped) {
  RunReport run = run_with({finding("apply.known_value_changed", "aaaa")});
  ASSERT_TRUE(run_failed(run));
  apply_baseline(run, {{"aaaa", "apply.known_value_changed", "tfc_widget", "create: apply", ".size", {}}}, "base.json");
  const Finding& f = run.suites[0].scenarios[0].findings[0];
  EXPECT_EQ(f.baseline, BaselineState::known);
  EXPECT_FALSE(run_failed(run));
  const Totals t = totals_of(run);
  EXPECT_EQ(t.error_findings, 0u);
  EXPECT_EQ(t.known_findings, 1u);
  EXPECT_EQ(run.suites[0].scenarios[0].status, Status::skipped);
  std::ostringstream junit;
  JunitReporter(fixed_clock({})).write(run, junit);
  EXPECT_NE(
      junit.str().find("<skipped message=\"known findings (baseline base.json): apply.known_value_changed aaaa\""),
      std::string::npos)
      << junit.str();
}

TEST(Baseline, TheSamePromiseAtOtherPathsIsKnown) {
  // Another seed: the same rule, type and step, one path in common, another fingerprint.
  Finding f = finding("plan_final.known_value_changed", "ffff");
  f.step = "update: final plan";
  f.path = ".hour";
  f.violations = {{".hour", ""}, {".rfc3339", ""}, {".unix", ""}};
  RunReport run = run_with({f});
  const BaselineEntry entry{"aaaa", "plan_final.known_value_changed", "tfc_widget", "update: final plan",
                            ".day", {".day", ".rfc3339", ".unix"}};
  EXPECT_TRUE(baseline_matches(entry, f));
  apply_baseline(run, {entry}, "base.json");
  EXPECT_EQ(run.suites[0].scenarios[0].findings[0].baseline, BaselineState::known);
  EXPECT_TRUE(run.possibly_fixed.empty());
  // No path in common, or another step: not the same promise.
  BaselineEntry other = entry;
  other.path_patterns = {".day"};
  EXPECT_FALSE(baseline_matches(other, f));
  BaselineEntry create = entry;
  create.step = "create: final plan";
  EXPECT_FALSE(baseline_matches(create, f));
}

TEST(Baseline, NewFindingsFailAndUnmetEntriesArePossiblyFixed) {
  RunReport run =
      run_with({finding("apply.known_value_changed", "aaaa"), finding("plan.config_value_changed", "cccc")});
  apply_baseline(run,
                 {{"aaaa", "apply.known_value_changed", "tfc_widget", "create: apply", ".size", {}},
                  {"dddd", "plan.block_absent", "tfc_widget", "create: plan", ".rule", {}},
                  {"eeee", "plan.block_absent", "tfc_other", "create: plan", ".rule", {}}},
                 "base.json");
  EXPECT_TRUE(run_failed(run));
  EXPECT_EQ(run.suites[0].scenarios[0].status, Status::failed);
  EXPECT_EQ(run.suites[0].scenarios[0].findings[1].baseline, BaselineState::fresh);
  EXPECT_EQ(totals_of(run).error_findings, 1u);
  // tfc_other did not run: its entry is not said to be fixed.
  ASSERT_EQ(run.possibly_fixed.size(), 1u);
  EXPECT_EQ(run.possibly_fixed[0].fingerprint, "dddd");
}

}  // namespace
}  // namespace tfc::report
