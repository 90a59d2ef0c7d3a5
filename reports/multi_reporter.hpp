#pragma once
// Fan-out to every `--report KIND=PATH` destination at once (Catch2 MultiReporter shape): the
// CLI builds one MultiReporter and never loops over formats itself.

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "proto/util/expected.hpp"
#include "reports/junit_reporter.hpp"
#include "reports/reporter.hpp"
#include "reports/sarif_reporter.hpp"

namespace tfc::report {

enum class ReportKind { junit, json, html, summary, sarif };

/// One parsed `KIND=PATH`; the path `-` means standard output.
struct ReportDestination {
  ReportKind kind = ReportKind::junit;
  std::string path;
};

/// Parses `junit=out.xml`, `json=out.json`, `html=out.html`, `sarif=out.sarif` or `summary=FILE`
/// (alias `markdown=FILE`, what `--summary FILE` maps to). Errors quote the spec and say what was
/// expected: a missing `=`, an unknown kind (listing the known ones), an empty path.
Expected<ReportDestination> parse_report_spec(std::string_view spec);

/// A new reporter of `kind` using `clock` (`sarif` and `junit`: what those writers are told).
std::unique_ptr<Reporter> make_reporter(ReportKind kind, Clock clock, const SarifOptions& sarif = {},
                                        const JunitOptions& junit = {});

class MultiReporter {
public:
  /// Parses every spec; fails on the first bad one, or when two specs name the same path.
  static Expected<MultiReporter> create(const std::vector<std::string>& specs, Clock clock = system_clock(),
                                        const SarifOptions& sarif = {}, const JunitOptions& junit = {});

  /// Writes every destination (all are attempted even after a failure); the error names each
  /// destination that could not be written. `stdout_stream` receives the `-` destination.
  Expected<void> write(const RunReport& run, std::ostream& stdout_stream) const;

  const std::vector<ReportDestination>& destinations() const { return m_destinations; }

private:
  std::vector<ReportDestination> m_destinations;
  std::vector<std::unique_ptr<Reporter>> m_reporters;
};

}  // namespace tfc::report
