#pragma once
// Which class a finding belongs to (report::FindingClass), and how a Core profile changes a
// rule's severity: both follow from the rule catalogue (oracle/rules.hpp).

#include <string_view>

#include "oracle/violation.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

/// The class of a finding of `rule` that was reported with `severity` (after legacy tolerance
/// and the profile): robustness for a crash, timeout, memory or oversized answer; coverage for
/// coverage.* rules; hygiene for SHOULD rules; tolerated for a MUST rule Core only logs for the
/// legacy SDK and that was reported as a warning; contract else.
report::FindingClass class_of(std::string_view rule, report::Severity severity);

/// `severity` under `profile`: an error of a rule only one Core enforces is a warning when the
/// run answers to the other Core only.
report::Severity severity_under(std::string_view rule, report::Severity severity, oracle::CoreProfile profile);

/// "terraform", "opentofu" or "both".
std::string_view to_string(oracle::CoreProfile profile);

}  // namespace tfc::conformance
