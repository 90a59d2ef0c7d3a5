#pragma once
// A short Markdown summary for CI job pages (`--summary FILE`, e.g. $GITHUB_STEP_SUMMARY or a
// GitLab MR note): verdict, totals per suite, findings by rule, the findings and how to replay.

#include <cstddef>
#include <string>
#include <string_view>

#include "reports/reporter.hpp"

namespace tfc::report {

class MarkdownSummaryReporter final : public Reporter {
public:
  /// Findings listed in the table before "... and N more" (GitHub caps a job summary at 1 MiB).
  static constexpr std::size_t kMaxFindingRows = 50;

  explicit MarkdownSummaryReporter(Clock clock = system_clock()) : m_clock(std::move(clock)) {}

  /// Writes GitHub-flavoured Markdown; every string from the run is passed through
  /// markdown_cell, so it can neither break the table nor inject markup.
  void write(const RunReport& run, std::ostream& out) const override;

private:
  Clock m_clock;
};

/// `text` safe inside a GFM table cell: sanitised, `& < > " |` and the Markdown punctuation
/// `\ * _ ` [ ] ~ # !` as numeric entities, line breaks as `<br>`.
std::string markdown_cell(std::string_view text);

}  // namespace tfc::report
