// The coverage matrix's data (reports/coverage_matrix.hpp): its columns, the counts of each cell,
// where a finding is marked, and the default order that opens with what was never reached.
#include "reports/coverage_matrix.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <tuple>

#include "tests/reports/fixture_run.hpp"

namespace tfc::report {
namespace {

Suite suite_of(SuiteKind kind, std::string name, std::size_t cases,
               std::vector<std::pair<std::string, std::size_t>> steps) {
  Suite suite{kind, std::move(name), {cases, 0, 0, 0}, {}};
  suite.coverage.steps = std::move(steps);
  // What the run's verdict reads (unexercised): plan-time and apply-time counts.
  for (const auto& [step, n] : suite.coverage.steps) {
    if (step == "planned" || (kind != SuiteKind::resource && step == "validated")) suite.coverage.planned = n;
    if (step == (kind == SuiteKind::resource ? "applied" : step == "opened" ? "opened" : "read"))
      suite.coverage.applied = n;
  }
  return suite;
}

Finding finding_at(std::string rpc, Severity severity) {
  Finding f;
  f.rule_id = "plan.config_value_changed";
  f.rpc = std::move(rpc);
  f.severity = severity;
  return f;
}

const MatrixRow& row_named(const CoverageMatrix& m, std::string_view label) {
  for (const MatrixRow& row : m.rows) {
    if (row.label == label) return row;
  }
  throw std::runtime_error("no row " + std::string(label));
}

std::size_t column(const CoverageMatrix& m, std::string_view step) {
  return static_cast<std::size_t>(std::find(m.steps.begin(), m.steps.end(), step) - m.steps.begin());
}

TEST(CoverageMatrix, ColumnsAreTheRunsStepsInCoresOrderThenUnknownOnes) {
  RunReport run;
  run.suites.push_back(suite_of(SuiteKind::resource, "plan_only", 5,
                                {{"validated", 5}, {"planned", 5}, {"upgraded", 2}, {"update planned", 1}}));
  run.suites.push_back(suite_of(SuiteKind::data_source, "d", 5, {{"validated", 5}, {"read", 4}, {"teleported", 1}}));
  run.suites.push_back(suite_of(SuiteKind::ephemeral_resource, "e", 5, {{"validated", 5}, {"opened", 5}}));
  const CoverageMatrix m = coverage_matrix(run);
  EXPECT_EQ(m.steps, (std::vector<std::string>{"validated", "planned", "update planned", "read", "upgraded", "opened",
                                               "teleported"}));
  const MatrixRow& d = row_named(m, "data_source.d");
  ASSERT_EQ(d.cells.size(), m.steps.size());
  EXPECT_FALSE(d.cells[column(m, "planned")].applicable) << "a data source has no plan";
  EXPECT_TRUE(d.cells[column(m, "teleported")].applicable);
  EXPECT_EQ(d.cells[column(m, "read")].reached, 4u);
}

TEST(CoverageMatrix, TheProviderHasNoRow) {
  const RunReport run = testing::fixture_run();
  const CoverageMatrix m = coverage_matrix(run);
  ASSERT_EQ(m.rows.size(), 3u);
  for (const MatrixRow& row : m.rows) EXPECT_NE(row.suite->kind, SuiteKind::provider);
}

TEST(CoverageMatrix, CountsEachCellAndMarksFindingsAtTheirStep) {
  const RunReport run = testing::fixture_run();
  const CoverageMatrix m = coverage_matrix(run);
  const MatrixRow& widget = row_named(m, "resource.tfc_widget");
  EXPECT_EQ(widget.cases, 50u);
  EXPECT_EQ(widget.cells[column(m, "validated")].reached, 46u);
  EXPECT_EQ(widget.cells[column(m, "imported")].reached, 9u);
  EXPECT_EQ(widget.never_reached, 0u);
  // The update's plan error and the refresh's read warning, each in its own cell.
  EXPECT_EQ(widget.cells[column(m, "update planned")].errors, 1u);
  EXPECT_EQ(widget.cells[column(m, "planned")].errors, 0u);
  EXPECT_EQ(widget.cells[column(m, "read")].warnings, 1u);
  EXPECT_EQ(widget.errors, 1u);
  EXPECT_EQ(widget.warnings, 1u);
  // A suite that lists no steps still counts its findings.
  const MatrixRow& secret = row_named(m, "resource.tfc_secret");
  EXPECT_EQ(secret.errors, 1u);
  for (const MatrixCell& cell : secret.cells) EXPECT_FALSE(cell.applicable);
  const MatrixRow& lookup = row_named(m, "data_source.tfc_lookup");
  EXPECT_FALSE(lookup.cells[column(m, "applied")].applicable);
  EXPECT_EQ(lookup.cells[column(m, "read")].reached, 9u);
}

TEST(CoverageMatrix, BaselineKnownFindingsAreNotCounted) {
  RunReport run = testing::fixture_run();
  for (Suite& suite : run.suites) {
    for (Scenario& s : suite.scenarios) {
      for (Finding& f : s.findings) f.baseline = BaselineState::known;
    }
  }
  const CoverageMatrix m = coverage_matrix(run);
  for (const MatrixRow& row : m.rows) {
    EXPECT_EQ(row.errors + row.warnings, 0u) << row.label;
    for (const MatrixCell& cell : row.cells) EXPECT_EQ(cell.errors + cell.warnings, 0u) << row.label;
  }
}

TEST(CoverageMatrix, OpensWithWhatWasNeverReached) {
  RunReport run;
  run.options.apply = true;
  run.suites.push_back(suite_of(SuiteKind::resource, "all_reached", 10,
                                {{"validated", 10}, {"planned", 10}, {"applied", 9}, {"destroyed", 9}}));
  run.suites.push_back(suite_of(
      SuiteKind::resource, "never_imported", 10,
      {{"validated", 10}, {"planned", 10}, {"applied", 8}, {"imported", 0}, {"upgraded", 0}, {"destroyed", 8}}));
  run.suites.push_back(suite_of(SuiteKind::data_source, "never_read", 10, {{"validated", 3}, {"read", 0}}));
  run.suites.push_back(suite_of(SuiteKind::resource, "never_validated", 10,
                                {{"validated", 0}, {"planned", 0}, {"applied", 0}, {"destroyed", 0}}));
  run.suites.back().scenarios.push_back({"create", Status::failed, "", {}, {}, {}});
  run.suites.push_back(suite_of(SuiteKind::resource, "one_missed_with_error", 10,
                                {{"validated", 10}, {"planned", 10}, {"applied", 8}, {"destroyed", 0}}));
  run.suites.back().scenarios.push_back(
      {"create", Status::failed, "", {}, {}, {finding_at("ApplyResourceChange", Severity::error)}});
  run.suites.push_back(suite_of(SuiteKind::resource, "one_missed", 10,
                                {{"validated", 10}, {"planned", 10}, {"applied", 8}, {"destroyed", 0}}));
  const CoverageMatrix m = coverage_matrix(run);
  std::vector<std::string> order;
  for (const MatrixRow& row : m.rows) order.push_back(row.label);
  // Not exercised first (most never-reached steps first), then the others by never-reached
  // steps, then by error findings, then by name.
  EXPECT_EQ(order, (std::vector<std::string>{"resource.never_validated", "data_source.never_read",
                                             "resource.never_imported", "resource.one_missed_with_error",
                                             "resource.one_missed", "resource.all_reached"}));
  EXPECT_TRUE(m.rows[0].unexercised);
  EXPECT_TRUE(m.rows[1].unexercised);
  EXPECT_FALSE(m.rows[2].unexercised);
  EXPECT_EQ(m.rows[0].never_reached, 4u);
  EXPECT_EQ(m.rows[2].never_reached, 2u);
  EXPECT_EQ(m.rows[3].cells[column(m, "applied")].errors, 1u);
}

// For any coverage, each row counts its zero steps, and the rows keep the default order.
RC_GTEST_PROP(CoverageMatrix, RowsAreOrderedByWhatWasNeverReached,
              (const std::vector<std::vector<unsigned char>>& reached)) {
  static const std::vector<std::string> kSteps = {"validated", "planned", "applied", "read", "destroyed"};
  RunReport run;
  for (std::size_t i = 0; i < reached.size(); ++i) {
    std::vector<std::pair<std::string, std::size_t>> steps;
    for (std::size_t s = 0; s < reached[i].size() && s < kSteps.size(); ++s)
      steps.emplace_back(kSteps[s], reached[i][s] % 4);
    run.suites.push_back(suite_of(SuiteKind::resource, "t" + std::to_string(i), 3, steps));
  }
  const CoverageMatrix m = coverage_matrix(run);
  RC_ASSERT(m.rows.size() == reached.size());
  for (const MatrixRow& row : m.rows) {
    std::size_t zeros = 0;
    for (const MatrixCell& c : row.cells) zeros += c.applicable && c.reached == 0 ? 1 : 0;
    RC_ASSERT(row.never_reached == zeros);
  }
  for (std::size_t i = 1; i < m.rows.size(); ++i) {
    const MatrixRow& a = m.rows[i - 1];
    const MatrixRow& b = m.rows[i];
    RC_ASSERT(std::tuple(!a.unexercised, b.never_reached, a.label) <=
              std::tuple(!b.unexercised, a.never_reached, b.label));
  }
}

TEST(CoverageMatrix, FindingsMapToTheStepTheirRpcAndScenarioReach) {
  const auto step = [](std::string rpc, std::string_view scenario) {
    return std::string(coverage_step_of(finding_at(std::move(rpc), Severity::error), scenario));
  };
  EXPECT_EQ(step("ValidateResourceConfig", "create"), "validated");
  EXPECT_EQ(step("ValidateDataResourceConfig", "validate"), "validated");
  EXPECT_EQ(step("PlanResourceChange", "create"), "planned");
  EXPECT_EQ(step("PlanResourceChange", "update"), "update planned");
  EXPECT_EQ(step("PlanResourceChange", "plan update"), "update planned");
  EXPECT_EQ(step("ApplyResourceChange", "create"), "applied");
  EXPECT_EQ(step("ApplyResourceChange", "update"), "updated");
  EXPECT_EQ(step("ApplyResourceChange", "replace"), "replaced");
  EXPECT_EQ(step("ApplyResourceChange", "destroy"), "destroyed");
  EXPECT_EQ(step("ReadResource", "refresh"), "read");
  EXPECT_EQ(step("ReadDataSource", "read"), "read");
  EXPECT_EQ(step("ImportResourceState", "import"), "imported");
  EXPECT_EQ(step("UpgradeResourceState", "upgrade"), "upgraded");
  EXPECT_EQ(step("CallFunction", "call"), "called");
  EXPECT_EQ(step("RenewEphemeralResource", "renew"), "opened");
  EXPECT_EQ(step("ListResource", "list"), "listed");
  EXPECT_EQ(step("PlanAction", "plan"), "planned");
  EXPECT_EQ(step("InvokeAction", "invoke"), "invoked");
  EXPECT_EQ(step("ValidateProviderConfig", "configure"), "");
  EXPECT_EQ(step("MoveResourceState", "move"), "");
  EXPECT_EQ(step("GetProviderSchema", "schema"), "");
}

TEST(CoverageMatrix, ShadesByQuartersOfTheTypesCases) {
  EXPECT_EQ(shade_of(0, 20), 0);
  EXPECT_EQ(shade_of(1, 20), 1);
  EXPECT_EQ(shade_of(5, 20), 1);
  EXPECT_EQ(shade_of(6, 20), 2);
  EXPECT_EQ(shade_of(10, 20), 2);
  EXPECT_EQ(shade_of(15, 20), 3);
  EXPECT_EQ(shade_of(16, 20), 4);
  EXPECT_EQ(shade_of(20, 20), 4);
  EXPECT_EQ(shade_of(3, 0), 4) << "a report without cases generated";
}

}  // namespace
}  // namespace tfc::report
