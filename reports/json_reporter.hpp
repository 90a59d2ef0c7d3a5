#pragma once
// The machine-readable report: the whole RunReport as JSON with a format_version.

#include "reports/reporter.hpp"

namespace tfc::report {

class JsonReporter final : public Reporter {
public:
  /// Bumped whenever a key is renamed or removed or its meaning changes; adding keys keeps it.
  /// 2: a finding's request, response, expected and actual are JSON values, not rendered text.
  static constexpr int kFormatVersion = 2;

  explicit JsonReporter(Clock clock = system_clock()) : m_clock(std::move(clock)) {}

  /// Writes one JSON document (two-space indent, keys in a fixed order, trailing newline).
  /// Strings keep control characters as \u escapes; invalid UTF-8 becomes U+FFFD; sensitive
  /// values are redacted.
  void write(const RunReport& run, std::ostream& out) const override;

private:
  Clock m_clock;
};

}  // namespace tfc::report
