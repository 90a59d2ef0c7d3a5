#pragma once
// The one interface every report format implements (one method over a finished run, as Catch2's
// reporters in `catch_interfaces_reporter.hpp`), and the injectable clock that keeps the
// output reproducible under test.

#include <chrono>
#include <functional>
#include <ostream>

#include "reports/run_report.hpp"

namespace tfc::report {

/// Supplies "now" for the generated-at stamp; tests pin it so golden files never change.
using Clock = std::function<std::chrono::system_clock::time_point()>;

/// The real wall clock.
Clock system_clock();

/// A clock that always answers `t`.
Clock fixed_clock(std::chrono::system_clock::time_point t);

class Reporter {
public:
  virtual ~Reporter();  // = default, out of line
  /// Called once, after the run finished: writes the whole report of `run` to `out`. Never
  /// throws for odd provider strings; the caller checks the stream for I/O failure.
  virtual void write(const RunReport& run, std::ostream& out) const = 0;
};

}  // namespace tfc::report
