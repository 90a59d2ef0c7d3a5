#include "reports/coverage_matrix.hpp"

#include <algorithm>
#include <array>
#include <tuple>
#include <unordered_set>

namespace tfc::report {

namespace {

// Every step a suite counts, in Core's order (conformance/core/case_outcome.hpp, CoverageStep).
constexpr std::array<std::string_view, 14> kStepOrder = {
    "validated", "planned",  "applied",   "update planned", "updated", "replaced", "read",
    "imported",  "upgraded", "destroyed", "called",         "opened",  "listed",   "invoked"};

std::size_t order_of(std::string_view step) {
  return static_cast<std::size_t>(std::find(kStepOrder.begin(), kStepOrder.end(), step) - kStepOrder.begin());
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

std::vector<std::string> steps_of(const RunReport& run) {
  std::vector<std::string> steps;
  for (const Suite& suite : run.suites) {
    for (const auto& step : suite.coverage.steps) {
      if (std::find(steps.begin(), steps.end(), step.first) == steps.end()) steps.push_back(step.first);
    }
  }
  // Known steps in Core's order; a step of a later version's report keeps its first-seen place after them.
  std::stable_sort(steps.begin(), steps.end(),
                   [](const std::string& a, const std::string& b) { return order_of(a) < order_of(b); });
  return steps;
}

MatrixRow row_of(const Suite& suite, const std::vector<std::string>& steps) {
  MatrixRow row;
  row.suite = &suite;
  row.label = suite_label(suite);
  row.cases = suite.coverage.cases_generated;
  row.cells.resize(steps.size());
  for (const auto& [step, reached] : suite.coverage.steps) {
    const auto at = static_cast<std::size_t>(std::find(steps.begin(), steps.end(), step) - steps.begin());
    row.cells[at].applicable = true;
    row.cells[at].reached = reached;
    if (reached == 0) ++row.never_reached;
  }
  for (const Scenario& scenario : suite.scenarios) {
    for (const Finding& f : scenario.findings) {
      if (f.baseline == BaselineState::known) continue;  // counted as known, like totals_of
      const bool error = f.severity == Severity::error;
      ++(error ? row.errors : row.warnings);
      const std::string_view step = coverage_step_of(f, scenario.name);
      const auto at = static_cast<std::size_t>(std::find(steps.begin(), steps.end(), step) - steps.begin());
      if (at == steps.size() || !row.cells[at].applicable) continue;
      ++(error ? row.cells[at].errors : row.cells[at].warnings);
    }
  }
  return row;
}

}  // namespace

std::string_view coverage_step_of(const Finding& finding, std::string_view scenario) {
  const std::string_view rpc = finding.rpc;
  if (starts_with(rpc, "Validate") && rpc != "ValidateProviderConfig") return "validated";
  if (rpc == "PlanResourceChange")
    return scenario == "update" || scenario == "plan update" ? "update planned" : "planned";
  if (rpc == "ApplyResourceChange") {
    if (scenario == "update") return "updated";
    if (scenario == "replace") return "replaced";
    if (scenario == "destroy") return "destroyed";
    return "applied";
  }
  if (rpc == "ReadResource" || rpc == "ReadDataSource") return "read";
  if (rpc == "ImportResourceState") return "imported";
  if (rpc == "UpgradeResourceState" || rpc == "UpgradeResourceIdentity") return "upgraded";
  if (rpc == "CallFunction") return "called";
  if (rpc == "OpenEphemeralResource" || rpc == "RenewEphemeralResource" || rpc == "CloseEphemeralResource")
    return "opened";
  if (rpc == "ListResource") return "listed";
  if (rpc == "PlanAction") return "planned";
  if (rpc == "InvokeAction") return "invoked";
  return {};
}

int shade_of(std::size_t reached, std::size_t cases) {
  if (reached == 0) return 0;
  if (reached >= cases) return 4;
  if (4 * reached <= cases) return 1;
  if (4 * reached <= 2 * cases) return 2;
  if (4 * reached <= 3 * cases) return 3;
  return 4;
}

CoverageMatrix coverage_matrix(const RunReport& run) {
  CoverageMatrix matrix;
  matrix.steps = steps_of(run);
  for (const Suite& suite : run.suites) {
    if (suite.kind != SuiteKind::provider) matrix.rows.push_back(row_of(suite, matrix.steps));
  }
  std::unordered_set<const Suite*> missed;
  for (const Unexercised& u : unexercised(run)) missed.insert(u.suite);
  for (MatrixRow& row : matrix.rows) row.unexercised = missed.count(row.suite) != 0;
  std::stable_sort(matrix.rows.begin(), matrix.rows.end(), [](const MatrixRow& a, const MatrixRow& b) {
    return std::tuple(!a.unexercised, b.never_reached, b.errors, std::string_view(a.label)) <
           std::tuple(!b.unexercised, a.never_reached, a.errors, std::string_view(b.label));
  });
  return matrix;
}

}  // namespace tfc::report
