#pragma once
// What happens to a finished run before its reports are written, shared by `tfconform run` and
// `tfconform confirm`: the provider logs stored in side files, the reproductions written,
// confirmation by real CLIs, the baseline applied or written; then every report and the exit
// status (0: no new error finding, 1: some, 2: harness trouble).

#include <ostream>
#include <string>
#include <vector>

#include "proto/util/expected.hpp"
#include "reports/junit_reporter.hpp"
#include "reports/run_report.hpp"
#include "reports/sarif_reporter.hpp"

namespace tfc::conformance {

struct FinishOptions {
  std::vector<std::string> report_specs;  // KIND=PATH
  std::string log_dir;                    // side files with whole provider logs ("" = beside the first report)
  std::string repro_dir;
  std::vector<std::string> confirm_with;  // CLI paths or names on PATH
  std::string baseline;
  std::string write_baseline;
  /// The SARIF report's --sarif-location template (empty: the default) and the run's --examples
  /// folder (a type's example is then its location).
  std::string sarif_location;
  std::string examples_dir;
  /// --junit-flavour: ant (default) or gitlab.
  report::JunitFlavour junit_flavour = report::JunitFlavour::ant;
};

/// What the JUnit writer is told: the flavour, the HTML report among `options.report_specs`, and
/// where each finding's reproduction folder is under --repro-dir.
report::JunitOptions junit_options(const FinishOptions& options);

/// What the SARIF writer needs besides the run: the rule catalogue (oracle/rules.hpp) and where
/// results point.
report::SarifOptions sarif_options(const std::string& location_template, const std::string& examples_dir);

/// Stores each finding's whole provider log in `dir` (one file per failing case) and sets its
/// log_file; returns how many files it wrote.
Expected<std::size_t> write_log_files(report::RunReport& run, const std::string& dir);

/// The default side-file folder: `tfconform-logs` beside the first report written to a file,
/// or empty when every report goes to standard output.
std::string default_log_dir(const std::vector<std::string>& report_specs);

/// What a notice or a cut summary names as the full list of findings: the JSON report when one
/// is written to a file, else the first other report in a file (not the summary); empty: none.
std::string full_report_of(const std::vector<std::string>& report_specs);

/// Under GitHub Actions (GITHUB_ACTIONS=true): annotations on standard output (not when a report
/// goes there); with GITHUB_STEP_SUMMARY set: the Markdown summary appended to that file, unless
/// a `--summary`/`--report` already wrote it. A summary that cannot be written is said, not fatal.
void write_github_output(const report::RunReport& run, const FinishOptions& options, std::ostream& console, bool quiet);

/// Does all of the above, writes the reports, and returns the exit status. `console` receives
/// progress lines (confirmation) and the reason of a failure.
Expected<int> finish_run(report::RunReport& run, const FinishOptions& options, std::ostream& console, bool quiet);

/// 0, 1 or 2 for a finished, judged run.
int exit_status(const report::RunReport& run);

}  // namespace tfc::conformance
