// A suite's figures and its report (see suite_tally.hpp).
#include "conformance/suite/suite_tally.hpp"

#include "conformance/core/counted_steps.hpp"
#include "conformance/core/scenario_names.hpp"
#include "conformance/suite/move_refusals.hpp"
#include "runner/run_stop.hpp"

namespace tfc::conformance {
namespace {

std::string plural_cases(std::size_t n) { return std::to_string(n) + (n == 1 ? " case" : " cases"); }

std::string skip_reason(CaseKind kind, const std::string& scenario, const report::Coverage& coverage,
                        const SuiteTally& tally) {
  const std::string& rejection = tally.last_rejection;
  const bool from_plan = starts_from_plan(kind, scenario);
  if (coverage.cases_generated > 0 && coverage.planned == 0) {
    return "the provider refused every generated case (" + rejection +
           "); give values it accepts in a hints file (--hints)" +
           (from_plan ? "; without an accepted plan there is no prior state to start from" : "");
  }
  if (from_plan) return "starts from the state of an accepted plan; no case got that far (raise --cases)";
  if (scenario == "replace") return "the provider never asked for a replacement (no requires_replace on an update)";
  if (scenario == "move") {
    if (!tally.moves_refused.empty())
      return "move refused alike in " + std::to_string(MoveRefusals::kAlike) +
             " cases in a row, then not asked again: " + tally.moves_refused;
    return rejection.rfind("move:", 0) == 0
               ? "move refused: " + rejection
               : "the provider does not advertise move_resource_state, or no case reached a move";
  }
  if (scenario == "unknown arguments")
    return "no parameter accepts unknown values, or no case made an argument unknown";
  if (scenario == "import") {
    return rejection.rfind("import:", 0) == 0 ? "import refused: " + rejection
                                              : "no case reached import (it needs a known string `id` attribute)";
  }
  return "no generated case reached this step (raise --cases)";
}

report::Coverage coverage_of(CaseKind kind, const SuiteTally& tally) {
  report::Coverage c = tally.coverage;
  for (CoverageStep s : counted_steps(kind)) {
    auto it = tally.steps.find(s);
    c.steps.emplace_back(std::string(to_string(s)), it != tally.steps.end() ? it->second : 0);
  }
  for (const auto& [reason, count] : tally.refusals) {
    if (count > c.top_refusal_cases) {  // ties: the first in sorted order, deterministic
      c.top_refusal = reason;
      c.top_refusal_cases = count;
    }
  }
  return c;
}

report::Scenario scenario_of(const std::string& name, const SuiteEnd& end, const SuiteTally& tally,
                             const report::Coverage& coverage, std::vector<report::Finding> findings) {
  report::Scenario sc;
  sc.name = name;
  auto it = tally.scenarios.find(name);
  if (it != tally.scenarios.end()) sc.duration = std::chrono::duration_cast<std::chrono::milliseconds>(it->second.time);
  sc.findings = std::move(findings);
  const bool ran = (it != tally.scenarios.end() && it->second.runs > 0) || !sc.findings.empty();
  bool failed = false;
  for (const auto& f : sc.findings) failed = failed || f.severity == report::Severity::error;
  sc.status = failed ? report::Status::failed : ran ? report::Status::passed : report::Status::skipped;
  if (!ran) {
    sc.reason = !end.apply && needs_apply(end.kind, name)
                    ? "runs only with --apply (it reaches the real system, as Terraform's apply does)"
                    : skip_reason(end.kind, name, coverage, tally);
  }
  return sc;
}

}  // namespace

void SuiteTally::count(const CaseOutcome& o) {
  if (o.interrupted) return;  // a case cut off by the stop proves nothing either way
  ++coverage.cases_generated;
  if (o.planned)
    ++coverage.planned;
  else
    ++coverage.rejected_by_validation;
  if (o.applied) ++coverage.applied;
  for (const auto& name : o.scenarios_run) ++scenarios[name].runs;
  for (const auto& [name, t] : o.scenario_time) scenarios[name].time += t;
  for (CoverageStep s : o.reached) ++steps[s];
  for (const auto& reason : o.refusal_reasons) ++refusals[reason];
}

void SuiteTally::absorb(const Played& p) {
  if (p.stopped) {
    interrupted = true;
    return;
  }
  if (p.lost) {
    fatal = true;
    harness_errors.push_back(*p.lost);
  }
  if (p.outcome.harness_error) harness_errors.push_back(*p.outcome.harness_error);
  if (!p.outcome.rejection.empty()) last_rejection = p.outcome.rejection;
}

report::Suite finish_suite(report::Suite suite, const SuiteEnd& end, const SuiteTally& tally,
                           std::map<std::string, std::vector<report::Finding>> findings) {
  suite.coverage = coverage_of(end.kind, tally);
  suite.applied_one_at_a_time = tally.applied_one_at_a_time;
  for (const auto& name : kind_scenarios(end.kind)) {
    auto found = findings.find(name);
    suite.scenarios.push_back(
        scenario_of(name, end, tally, suite.coverage,
                    found != findings.end() ? std::move(found->second) : std::vector<report::Finding>{}));
  }
  if (tally.interrupted ||
      (runner::stop_requested() && suite.coverage.cases_generated < end.cases && !tally.fatal && !end.timed_out)) {
    report::Scenario sc;
    sc.name = "interrupted";
    sc.status = report::Status::skipped;
    sc.reason = runner::describe(runner::stop_reason()) + " after " + plural_cases(suite.coverage.cases_generated) +
                " of " + std::to_string(end.cases);
    suite.scenarios.push_back(std::move(sc));
  }
  if (!tally.harness_errors.empty()) {
    report::Scenario sc;
    sc.name = "harness";
    sc.status = report::Status::error;
    sc.reason = tally.harness_errors.front();
    if (tally.harness_errors.size() > 1)
      sc.reason += " (and " + std::to_string(tally.harness_errors.size() - 1) + " more)";
    suite.scenarios.push_back(std::move(sc));
  }
  return suite;
}

}  // namespace tfc::conformance
