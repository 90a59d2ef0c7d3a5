#pragma once
// From one played case to the suite's findings: each new finding with its replay token, seed,
// counterexample, reproduction, crash report and an excerpt of the provider's log; a finding
// already reported is counted there, and keeps the case as its example of a new kind of
// violation.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "conformance/core/case_outcome.hpp"
#include "conformance/suite/finding_book.hpp"
#include "conformance/suite/replay_token.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

/// One case and what it showed, as report_case reads it.
struct CaseEvidence {
  const CaseOutcome& outcome;  // the findings to report, with the log's marks
  const ReplayToken& token;    // the case (its type name filled)
  report::Counterexample example;
  const std::vector<std::string>& log;  // the provider's log during the case
  std::size_t case_number = 0;          // 1-based; 0 for a replay
  std::size_t attempts = 0;             // shrinking attempts
  const std::vector<std::string>& aliases;
  std::string plugin;  // the provider's name, for a crash report
  /// The reproduction of a finding; empty for the kinds without reproductions.
  std::function<report::Reproduction(const CaseFinding&, const report::Finding&)> reproduce;
  /// The log is from the case played again with the provider's logging on, or that play did
  /// not give these findings (report::Finding::log_replayed, log_not_reproduced).
  bool log_replayed = false;
  bool log_not_reproduced = false;
};

/// Adds the findings of one case to `book` (all but those already reported, which are counted):
/// the provider log once, on the first, cut to its failing step.
void report_case(FindingBook& book, const CaseEvidence& evidence);

/// A later case broke the promise of `seen` in a way its violations do not show (another kind,
/// violation_kind.hpp): the first violation of each new kind keeps this case as its example
/// (`example` describes it, called once when first needed).
void keep_distinct(report::Finding& seen, const report::Finding& later, const ReplayToken& token,
                   std::size_t case_number, const std::function<report::Counterexample()>& example);

}  // namespace tfc::conformance
