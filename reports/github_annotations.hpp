#pragma once
// GitHub Actions output (docs/reports.md, "GitHub Actions"): workflow commands that turn
// findings into annotations on the pull request (`::error file=…,line=…,title=…::…`), and the
// Markdown summary appended to $GITHUB_STEP_SUMMARY, both within what GitHub shows per step.

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

#include "proto/util/expected.hpp"
#include "reports/run_report.hpp"
#include "reports/sarif_location.hpp"

namespace tfc::report {

/// GitHub shows 10 error and 10 warning annotations per step (and 50 per job); more are dropped
/// silently, so tfconform prints at most these and says how many it left out.
struct AnnotationLimits {
  std::size_t errors = 10;
  std::size_t warnings = 10;
};

/// Where annotations point (as the SARIF results: sarif_location.hpp) and where the full list is.
struct AnnotationOptions {
  std::string location_template = std::string(kDefaultSarifLocation);
  std::string examples_dir;
  /// Named in the notice about findings left out ("the JSON report out/report.json"); empty: the log.
  std::string full_list;
  AnnotationLimits limits;
};

/// Workflow-command data: `%`, CR and LF percent-encoded (`%25`, `%0D`, `%0A`).
std::string escape_workflow_data(std::string_view text);
/// A workflow-command property value: as data, and `:` and `,` too (`%3A`, `%2C`).
std::string escape_workflow_property(std::string_view text);

/// One `::error` line per new error finding and one `::warning` per new warning, errors first
/// (known baseline findings are not annotated: they do not fail the run), each at most the
/// limit; then, when some were left out, one `::notice` saying how many and where all are.
/// Returns how many annotations it printed.
std::size_t write_github_annotations(const RunReport& run, const AnnotationOptions& options, std::ostream& out);

/// GitHub refuses a step summary over 1 MiB (1024 KiB) and then shows none of it.
inline constexpr std::size_t kStepSummaryLimit = 1024 * 1024;

/// `text` when it fits in `max_bytes`; else its longest prefix ending at a line break that leaves
/// room for `last_line` (and its newline), followed by `last_line`. Never cuts inside a line.
std::string cut_at_line(std::string_view text, std::size_t max_bytes, std::string_view last_line);

/// Appends the run's Markdown summary to `path` ($GITHUB_STEP_SUMMARY), cut so that the file
/// stays within `limit` bytes with what earlier commands of the step wrote to it; the last line
/// then says it was cut and where the full report is (`full_list`).
Expected<void> append_step_summary(const RunReport& run, const std::string& path, std::string_view full_list,
                                   std::size_t limit = kStepSummaryLimit);

}  // namespace tfc::report
