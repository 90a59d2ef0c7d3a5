#pragma once
// One finding of the HTML report: an <article> carrying the data-* attributes the filter reads.

#include "reports/run_report.hpp"
#include "reports/xml_writer.hpp"

namespace tfc::report {

/// Writes the finding: headline (severity, rule, path), message, where it happened, expected
/// and actual values side by side with the differing lines and paths marked, the
/// counterexample, the replay command, the request/response and the scenario's provider log.
/// Sensitive values are redacted; every string is escaped by XmlWriter.
void write_html_finding(XmlWriter& h, const FindingRef& ref);

}  // namespace tfc::report
