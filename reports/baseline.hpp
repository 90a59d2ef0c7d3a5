#pragma once
// Baselines: the fingerprints of a run's findings written to a file (`--write-baseline`), and a
// later run judged against them (`--baseline`): findings whose fingerprint is listed are known
// and do not fail the run, the others are new, and listed entries of the suites that ran but
// were not met again are possibly fixed.
//
// Another seed may show the same broken promise at another set of paths (time_offset's final
// plan changes .day, .rfc3339 and .unix when the days are unknown, .hour, .rfc3339 and .unix
// when the seconds are), so a finding is also known when an entry has its rule, resource type
// and step and shares one of its path patterns.

#include <ostream>
#include <string>
#include <vector>

#include "proto/util/expected.hpp"
#include "reports/run_report.hpp"

namespace tfc::report {

/// One entry per distinct fingerprint of the run, in report order.
std::vector<BaselineEntry> baseline_entries(const RunReport& run);

/// The baseline file: JSON, `{"format": "tfconform-baseline", "version": 1, "findings": [...]}`.
void write_baseline(const RunReport& run, std::ostream& out);

/// Reads a baseline file; errors name the file and what is wrong with it.
Expected<std::vector<BaselineEntry>> read_baseline(const std::string& path);

/// Whether `entry` stands for `finding`: the same fingerprint, or the same rule, resource type
/// and step with a path pattern in common.
bool baseline_matches(const BaselineEntry& entry, const Finding& finding);

/// Marks every finding known or new, turns a scenario that failed only on known findings into a
/// skipped one (saying so), and lists the entries not met again among the suites that ran.
void apply_baseline(RunReport& run, const std::vector<BaselineEntry>& baseline, const std::string& file);

}  // namespace tfc::report
