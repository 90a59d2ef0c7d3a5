#pragma once
// One self-contained HTML page per run (no network: inline CSS and script, strict CSP).

#include "reports/reporter.hpp"

namespace tfc::report {

/// Summary by rule, coverage as a type x step matrix (html_matrix.hpp); each finding with expected and actual values
/// side by side (differing lines and paths marked), the counterexample, the replay command and the provider log; the
/// scenario list; filtering by rule, resource and severity. Every string from the run is escaped through XmlWriter,
/// sensitive values are redacted.
class HtmlReporter final : public Reporter {
public:
  explicit HtmlReporter(Clock clock = system_clock()) : m_clock(std::move(clock)) {}

  /// Writes the whole page.
  void write(const RunReport& run, std::ostream& out) const override;

private:
  Clock m_clock;
};

}  // namespace tfc::report
