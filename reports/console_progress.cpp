#include "reports/console_progress.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string>

#include "reports/terminal_colours.hpp"
#include "reports/xml_writer.hpp"

namespace tfc::report {

namespace {

constexpr std::string_view kClearLine = "\r\x1b[2K";

// The progress line is redrawn in place, so it must never contain a line break or escape.
std::string one_line(std::string_view text) {
  std::string out = sanitize_text(text);
  for (char& c : out) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  return out;
}

}  // namespace

ProgressListener::~ProgressListener() = default;

ConsoleStyle detect_console_style(int fd) {
  ConsoleStyle style;
  style.live = ::isatty(fd) == 1;
  const char* no_color = std::getenv("NO_COLOR");
  style.color = style.live && (no_color == nullptr || *no_color == '\0');
  return style;
}

void ConsoleProgress::draw(const CaseEvent& event) {
  m_out << kClearLine << '[' << event.index << '/' << event.total << "] " << one_line(event.suite) << ' '
        << one_line(event.scenario);
  if (m_failed > 0) {
    m_out << "  " << (m_style.color ? kRed : "") << m_failed << " failed" << (m_style.color ? kReset : "");
  }
  if (m_findings > 0) m_out << ", " << plural(m_findings, "finding");
  m_out.flush();
}

void ConsoleProgress::case_started(const CaseEvent& event) {
  if (m_style.live) draw(event);
}

void ConsoleProgress::case_finished(const CaseEvent& event, Status status, std::size_t findings) {
  m_findings += findings;
  const bool bad = status == Status::failed || status == Status::error;
  if (bad) ++m_failed;
  if (!m_style.live) return;
  if (bad) {
    m_out << kClearLine << (m_style.color ? kRed : "") << (status == Status::error ? "ERROR" : "FAIL")
          << (m_style.color ? kReset : "") << ' ' << one_line(event.suite) << ' ' << one_line(event.scenario) << " ("
          << plural(findings, "finding") << ")\n";
  }
  draw(event);
}

void ConsoleProgress::shrinking(const CaseEvent& event, std::string_view rule) {
  if (m_style.live) m_out << kClearLine;
  m_out << "shrinking " << one_line(rule) << " found by " << one_line(event.suite) << " case " << event.index << "\n";
  m_out.flush();
}

void ConsoleProgress::run_finished(const RunReport& run) {
  if (m_style.live) m_out << kClearLine;
  print_findings_table(run, m_out, m_style.color);
  // Scheduling notes: a type whose applies could not run beside each other (--jobs).
  for (const Suite& suite : run.suites) {
    if (!suite.applied_one_at_a_time.empty())
      m_out << one_line(suite_label(suite)) << ": applied one at a time: " << one_line(suite.applied_one_at_a_time)
            << "\n";
  }
  m_out.flush();
}

}  // namespace tfc::report
