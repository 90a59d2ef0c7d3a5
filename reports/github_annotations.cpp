#include "reports/github_annotations.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "reports/finding_text.hpp"
#include "reports/markdown_summary_reporter.hpp"

namespace tfc::report {

namespace {

std::string escaped(std::string_view text, bool property) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      case ':': out += property ? "%3A" : ":"; break;
      case ',': out += property ? "%2C" : ","; break;
      default: out += c;
    }
  }
  return out;
}

// The annotation's text: the headline, then how to replay it (shown when the annotation opens).
std::string annotation_message(const Finding& f, const Suite& suite) {
  std::string message = suite_label(suite) + ": " + finding_headline(f);
  if (!f.replay_command_line.empty()) message += "\nReplay: " + f.replay_command_line;
  if (f.occurrences > 1) message += "\nMet in " + std::to_string(f.occurrences) + " cases.";
  return message;
}

}  // namespace

std::string escape_workflow_data(std::string_view text) { return escaped(text, false); }

std::string escape_workflow_property(std::string_view text) { return escaped(text, true); }

std::size_t write_github_annotations(const RunReport& run, const AnnotationOptions& o, std::ostream& out) {
  const std::string provider_name = provider_short_name(run.provider.address);
  std::size_t printed = 0;
  std::size_t left_errors = 0;
  std::size_t left_warnings = 0;
  for (const Severity severity : {Severity::error, Severity::warning}) {
    const bool errors = severity == Severity::error;
    const std::size_t limit = errors ? o.limits.errors : o.limits.warnings;
    std::size_t shown = 0;
    for (const FindingRef& ref : all_findings(run)) {
      const Finding& f = *ref.finding;
      if (f.severity != severity || f.baseline == BaselineState::known) continue;
      if (shown == limit) {
        ++(errors ? left_errors : left_warnings);
        continue;
      }
      const SarifLocation where =
          example_location(*ref.suite, o.examples_dir)
              .value_or(SarifLocation{expand_location(o.location_template, *ref.suite, provider_name), 1});
      out << (errors ? "::error " : "::warning ") << "file=" << escape_workflow_property(where.uri)
          << ",line=" << where.line << ",title=" << escape_workflow_property("tfconform " + f.rule_id)
          << "::" << escape_workflow_data(annotation_message(f, *ref.suite)) << '\n';
      ++shown;
      ++printed;
    }
  }
  if (left_errors + left_warnings > 0) {
    std::string text = plural(left_errors, "more error") + " and " + plural(left_warnings, "more warning") +
                       " not annotated (GitHub shows " + std::to_string(o.limits.errors) + " errors and " +
                       std::to_string(o.limits.warnings) + " warnings per step); all are in " +
                       (o.full_list.empty() ? std::string("this step's log") : o.full_list);
    out << "::notice title=" << escape_workflow_property("tfconform: more findings")
        << "::" << escape_workflow_data(text) << '\n';
  }
  return printed;
}

std::string cut_at_line(std::string_view text, std::size_t max_bytes, std::string_view last_line) {
  if (text.size() <= max_bytes) return std::string(text);
  const std::size_t tail = last_line.size() + 1;
  if (tail > max_bytes) return {};
  // The prefix keeps whole lines: it ends just after a '\n' at or before max_bytes - tail.
  const std::size_t room = max_bytes - tail;
  std::size_t end = 0;
  if (room > 0) {
    const std::size_t newline = text.rfind('\n', room - 1);
    end = newline == std::string_view::npos ? 0 : newline + 1;
  }
  return std::string(text.substr(0, end)) + std::string(last_line) + '\n';
}

Expected<void> append_step_summary(const RunReport& run, const std::string& path, std::string_view full_list,
                                   std::size_t limit) {
  std::ostringstream markdown;
  MarkdownSummaryReporter().write(run, markdown);
  std::error_code ec;
  const auto existing = std::filesystem::file_size(path, ec);
  const std::size_t used = ec ? 0 : static_cast<std::size_t>(existing);
  const std::size_t room = used >= limit ? 0 : limit - used;
  const std::string last_line = "\n*The summary was cut to stay under GitHub's 1 MiB per step; the full report is " +
                                (full_list.empty() ? std::string("in this step's log") : std::string(full_list)) + ".*";
  const std::string text = cut_at_line(markdown.str(), room, last_line);
  std::ofstream out(path, std::ios::binary | std::ios::app);
  out << text;
  out.close();
  if (!out) return Error{"GITHUB_STEP_SUMMARY " + path + ": cannot be written"};
  return {};
}

}  // namespace tfc::report
