#pragma once
// Live progress while the suite runs (rapidcheck TestListener shape: three events), and the
// final findings table when it ends.

#include <cstddef>
#include <ostream>
#include <string_view>

#include "reports/run_report.hpp"

namespace tfc::report {

/// Which case of the run an event is about.
struct CaseEvent {
  std::string_view suite;     // suite label, e.g. resource.tfc_widget
  std::string_view scenario;  // e.g. update
  std::size_t index = 0;      // 1-based
  std::size_t total = 0;
};

class ProgressListener {
public:
  virtual ~ProgressListener();  // = default, out of line
  /// Called before a case runs.
  virtual void case_started(const CaseEvent& event) = 0;
  /// Called after a case ran, with its status and how many findings it produced.
  virtual void case_finished(const CaseEvent& event, Status status, std::size_t findings) = 0;
  /// Called once, after the last case, with the finished run.
  virtual void run_finished(const RunReport& run) = 0;
  /// Called when a failing case starts shrinking for `rule` (it can take a while).
  virtual void shrinking(const CaseEvent& event, std::string_view rule) {
    (void)event;
    (void)rule;
  }
};

/// live: redraw one progress line (only for a terminal); color: ANSI colours.
struct ConsoleStyle {
  bool live = false;
  bool color = false;
};

/// live when `fd` is a terminal; color when live and NO_COLOR is unset or empty
/// (https://no-color.org).
ConsoleStyle detect_console_style(int fd);

class ConsoleProgress final : public ProgressListener {
public:
  ConsoleProgress(std::ostream& out, ConsoleStyle style) : m_out(out), m_style(style) {}

  /// Terminal only: redraws the progress line.
  void case_started(const CaseEvent& event) override;
  /// Terminal only: counts the result; a failed or errored case gets a permanent line.
  void case_finished(const CaseEvent& event, Status status, std::size_t findings) override;
  /// Clears the progress line and prints the findings table and the verdict.
  void run_finished(const RunReport& run) override;
  /// A permanent line (terminal or not): shrinking can take a while, and a log should say why.
  void shrinking(const CaseEvent& event, std::string_view rule) override;

private:
  void draw(const CaseEvent& event);

  std::ostream& m_out;
  ConsoleStyle m_style;
  std::size_t m_failed = 0;
  std::size_t m_findings = 0;
};

/// Prints every finding as one table row (severity, rule, resource, scenario, path, message),
/// then the totals, the verdict and the replay commands. Cells are sanitised (control
/// characters from a provider cannot drive the terminal) and truncated to a column width.
void print_findings_table(const RunReport& run, std::ostream& out, bool color);

}  // namespace tfc::report
