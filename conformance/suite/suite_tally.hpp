#pragma once
// What a suite gathers while its cases run, apart from its findings (finding_book.hpp): the
// coverage figures, each scenario's runs and time, the provider's refusals and the harness's
// troubles; and the suite's report made from them at the end.

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "conformance/core/case_kind.hpp"
#include "conformance/suite/played_case.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

struct ScenarioTally {
  std::size_t runs = 0;
  std::chrono::nanoseconds time{0};
};

struct SuiteTally {
  report::Coverage coverage;  // cases, plans and applies; finish_suite adds the steps
  std::map<std::string, ScenarioTally> scenarios;
  std::map<CoverageStep, std::size_t> steps;
  std::map<std::string, std::size_t> refusals;
  std::vector<std::string> harness_errors;
  std::string last_rejection;
  bool fatal = false;        // the provider was lost and could not be restarted
  bool interrupted = false;  // a case was cut off by the run's stop
  /// A call timed out (other than in an author's example): every further case would wait out
  /// the deadline again, so the suite stops there, whether the timeout is an error finding or,
  /// on an invented prior state, a warning.
  bool timed_out = false;
  /// What became of the first case when it was played from the author's example.
  std::optional<report::ExampleUse> first_example;
  /// Set when the suite's applies fell back to one case at a time (report::Suite's note).
  std::string applied_one_at_a_time;
  /// Set when the type refused every move alike and later cases stopped asking: the refusal.
  std::string moves_refused;

  /// Counts a played case (not one cut off by the stop: it proves nothing either way).
  void count(const CaseOutcome& o);
  /// What a played case means for the suite itself, taken in case order.
  void absorb(const Played& p);
};

/// What finish_suite reads besides the tally.
struct SuiteEnd {
  CaseKind kind;
  bool apply = false;      // --apply
  std::size_t cases = 0;   // the cases the suite was to play
  bool timed_out = false;  // a call timed out: the suite stopped there, not interrupted
};

/// `suite` (its kind, name and what it learned) with its coverage, each scenario of its kind
/// (failed with its error findings, passed, or skipped saying why), and an "interrupted" and a
/// "harness" scenario when the run's stop cut it short or the harness failed.
report::Suite finish_suite(report::Suite suite, const SuiteEnd& end, const SuiteTally& tally,
                           std::map<std::string, std::vector<report::Finding>> findings);

}  // namespace tfc::conformance
