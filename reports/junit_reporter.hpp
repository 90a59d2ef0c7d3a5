#pragma once
// JUnit XML in the strictest common shape (the Ant JUnit XSD carried in tests/reports/), which
// Jenkins, GitLab and the GitHub test-report actions all accept.

#include <functional>
#include <string>
#include <string_view>

#include "proto/util/expected.hpp"
#include "reports/reporter.hpp"

namespace tfc::report {

/// `ant` (the default): the Ant XSD strictly, output at suite level. `gitlab`: each test case
/// carries its own <system-out> (with `[[ATTACHMENT|path]]` lines for the HTML report and the
/// reproduction folder) and its failure body starts with the headline, as GitLab's test report
/// shows them (docs/reports.md, "JUnit flavours").
enum class JunitFlavour { ant, gitlab };

/// `ant` or `gitlab`; the error names the known ones.
Expected<JunitFlavour> parse_junit_flavour(std::string_view name);

struct JunitOptions {
  JunitFlavour flavour = JunitFlavour::ant;
  /// The HTML report written beside it (empty: none): attached to every failing test case.
  std::string html_report;
  /// The reproduction folder of a finding, empty when none was written (the CLI knows the layout).
  std::function<std::string(const Finding&)> repro_folder;
};

/// One <testsuite> per suite (provider, resource type, data source), one <testcase> per
/// scenario, a <failure> carrying every error finding (rule id, path, message, values,
/// counterexample, replay command), the provider's log and the warnings in <system-out>.
class JunitReporter final : public Reporter {
public:
  explicit JunitReporter(Clock clock = system_clock()) : m_clock(std::move(clock)) {}
  explicit JunitReporter(JunitOptions options, Clock clock = system_clock())
      : m_options(std::move(options)), m_clock(std::move(clock)) {}

  /// Writes a document (the ant flavour: valid against the JUnit XSD) for any run, including hostile provider
  /// strings (sanitised and escaped by XmlWriter).
  void write(const RunReport& run, std::ostream& out) const override;

private:
  JunitOptions m_options;
  Clock m_clock;
};

}  // namespace tfc::report
