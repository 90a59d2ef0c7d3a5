#include "reports/multi_reporter.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "reports/html_reporter.hpp"
#include "reports/json_reporter.hpp"
#include "reports/junit_reporter.hpp"
#include "reports/markdown_summary_reporter.hpp"
#include "reports/sarif_reporter.hpp"

namespace tfc::report {

namespace {

struct KindName {
  std::string_view name;
  ReportKind kind;
};

constexpr KindName kKinds[] = {{"junit", ReportKind::junit}, {"json", ReportKind::json},
                               {"html", ReportKind::html},   {"summary", ReportKind::summary},
                               {"sarif", ReportKind::sarif}, {"markdown", ReportKind::summary}};

std::string_view kind_name(ReportKind kind) {
  for (const KindName& k : kKinds) {
    if (k.kind == kind) return k.name;
  }
  return "report";
}

}  // namespace

Expected<ReportDestination> parse_report_spec(std::string_view spec) {
  const std::string quoted = "--report '" + std::string(spec) + "'";
  const std::size_t eq = spec.find('=');
  if (eq == std::string_view::npos) {
    return Error{quoted + ": expected KIND=PATH, e.g. junit=out.xml"};
  }
  const std::string_view kind = spec.substr(0, eq);
  const std::string_view path = spec.substr(eq + 1);
  for (const KindName& k : kKinds) {
    if (k.name != kind) continue;
    if (path.empty()) return Error{quoted + ": the path after '=' is empty"};
    return ReportDestination{k.kind, std::string(path)};
  }
  return Error{quoted + ": unknown report kind '" + std::string(kind) +
               "' (known: junit, json, html, sarif, summary, markdown)"};
}

std::unique_ptr<Reporter> make_reporter(ReportKind kind, Clock clock, const SarifOptions& sarif,
                                        const JunitOptions& junit) {
  switch (kind) {
    case ReportKind::junit: return std::make_unique<JunitReporter>(junit, std::move(clock));
    case ReportKind::json: return std::make_unique<JsonReporter>(std::move(clock));
    case ReportKind::html: return std::make_unique<HtmlReporter>(std::move(clock));
    case ReportKind::summary: return std::make_unique<MarkdownSummaryReporter>(std::move(clock));
    case ReportKind::sarif: return std::make_unique<SarifReporter>(sarif, std::move(clock));
  }
  return std::make_unique<JsonReporter>(std::move(clock));
}

Expected<MultiReporter> MultiReporter::create(const std::vector<std::string>& specs, Clock clock,
                                              const SarifOptions& sarif, const JunitOptions& junit) {
  MultiReporter multi;
  for (const std::string& spec : specs) {
    TFC_TRY(destination, parse_report_spec(spec));
    for (const ReportDestination& seen : multi.m_destinations) {
      if (seen.path == destination.path) {
        return Error{"--report '" + spec + "': '" + destination.path + "' is already the destination of the " +
                     std::string(kind_name(seen.kind)) + " report"};
      }
    }
    multi.m_reporters.push_back(make_reporter(destination.kind, clock, sarif, junit));
    multi.m_destinations.push_back(std::move(destination));
  }
  return multi;
}

Expected<void> MultiReporter::write(const RunReport& run, std::ostream& stdout_stream) const {
  std::string errors;
  for (std::size_t i = 0; i < m_destinations.size(); ++i) {
    const ReportDestination& dest = m_destinations[i];
    if (dest.path == "-") {
      m_reporters[i]->write(run, stdout_stream);
      stdout_stream.flush();
      if (!stdout_stream)
        errors += "; cannot write the " + std::string(kind_name(dest.kind)) + " report to standard output";
      continue;
    }
    errno = 0;
    std::ofstream file(dest.path, std::ios::binary | std::ios::trunc);
    if (file) {
      m_reporters[i]->write(run, file);
      file.close();
    }
    if (!file) {
      errors += "; cannot write the " + std::string(kind_name(dest.kind)) + " report to '" + dest.path + "'" +
                (errno != 0 ? std::string(": ") + std::strerror(errno) : "");
    }
  }
  if (!errors.empty()) return Error{errors.substr(2)};
  return {};
}

}  // namespace tfc::report
