#pragma once
// JUnit XML in the strictest common shape (the Ant JUnit XSD carried in tests/reports/), which
// Jenkins, GitLab and the GitHub test-report actions all accept.

#include "reports/reporter.hpp"

namespace tfc::report {

/// One <testsuite> per suite (provider, resource type, data source), one <testcase> per
/// scenario, a <failure> carrying every error finding (rule id, path, message, values,
/// counterexample, replay command), the provider's log and the warnings in <system-out>.
class JunitReporter final : public Reporter {
public:
  explicit JunitReporter(Clock clock = system_clock()) : m_clock(std::move(clock)) {}

  /// Writes a document valid against the JUnit XSD for any run, including hostile provider
  /// strings (sanitised and escaped by XmlWriter).
  void write(const RunReport& run, std::ostream& out) const override;

private:
  Clock m_clock;
};

}  // namespace tfc::report
