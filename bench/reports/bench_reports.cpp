// Prints how long each report writer takes on a large synthetic run (no assertions: figures
// only, `make bench`).
#include <chrono>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>

#include "reports/console_progress.hpp"
#include "reports/line_diff.hpp"
#include "reports/multi_reporter.hpp"
#include "reports/xml_writer.hpp"

namespace {

using namespace tfc::report;
using Clock = std::chrono::steady_clock;

// A JSON-ish value of `lines` lines; `variant` changes every 10th line.
std::string value_text(std::size_t lines, int variant) {
  std::string out = "{\n";
  for (std::size_t i = 0; i < lines; ++i) {
    out += "  \"attr_" + std::to_string(i) + "\": \"" + (i % 10 == 0 ? std::to_string(variant) : "same <&> value") +
           "\",\n";
  }
  return out + "}";
}

RunReport large_run(std::size_t suites, std::size_t scenarios, std::size_t findings, std::size_t value_lines) {
  RunReport run;
  run.tool_version = "bench";
  run.hostname = "bench";
  run.provider.address = "registry.terraform.io/bench/bench";
  const std::string expected = value_text(value_lines, 1);
  const std::string actual = value_text(value_lines, 2);
  for (std::size_t s = 0; s < suites; ++s) {
    Suite suite{SuiteKind::resource, "bench_res_" + std::to_string(s), {100, 5, 95, 90}, {}};
    for (std::size_t c = 0; c < scenarios; ++c) {
      Scenario scenario{"scenario_" + std::to_string(c), Status::failed, "", std::chrono::milliseconds(12), {}, {}};
      for (int l = 0; l < 20; ++l) scenario.log_lines.push_back("[DEBUG] log line <x> & \x1b[0m");
      for (std::size_t f = 0; f < findings; ++f) {
        Finding finding;
        finding.rule_id = "plan.config_value_changed";
        finding.path = ".attr_" + std::to_string(f);
        finding.message = "planned value does not match config value";
        finding.values = {expected, actual, {finding.path}};
        finding.counterexample = Counterexample{"resource \"x\" \"y\" {}", 3};
        finding.replay_token = "v1.1." + std::to_string(f);
        scenario.findings.push_back(std::move(finding));
      }
      suite.scenarios.push_back(std::move(scenario));
    }
    run.suites.push_back(std::move(suite));
  }
  return run;
}

template <class F>
void measure(const char* name, F&& write) {
  const auto start = Clock::now();
  const std::size_t bytes = write();
  const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  std::printf("  %-26s %9.1f ms  %8.2f MB  %7.1f MB/s\n", name, ms, bytes / 1e6, ms > 0 ? bytes / 1e3 / ms : 0.0);
}

}  // namespace

int main() {
  const RunReport run = large_run(20, 10, 10, 100);  // 2000 findings, 100-line values
  const auto pinned = fixed_clock(std::chrono::system_clock::time_point{});
  std::printf(
      "bench_reports: 20 suites x 10 scenarios x 10 findings (2000 findings, 100-line "
      "values)\n");
  for (ReportKind kind : {ReportKind::junit, ReportKind::json, ReportKind::html, ReportKind::summary}) {
    static const char* const kNames[] = {"JunitReporter", "JsonReporter", "HtmlReporter", "MarkdownSummaryReporter"};
    const auto reporter = make_reporter(kind, pinned);
    measure(kNames[static_cast<int>(kind)], [&] {
      std::ostringstream out;
      reporter->write(run, out);
      return out.str().size();
    });
  }
  measure("print_findings_table", [&] {
    std::ostringstream out;
    print_findings_table(run, out, false);
    return out.str().size();
  });
  const std::string hostile = value_text(20000, 3) + "\xff\x1b";
  measure("sanitize_text (1 MB-ish)", [&] { return sanitize_text(hostile).size(); });
  const std::string left = value_text(1500, 1);
  const std::string right = value_text(1500, 2);
  measure("diff_lines 1500x1500 LCS", [&] {
    const auto marks = diff_lines(split_lines(left), split_lines(right));
    // Reads the result so the diff cannot be optimised away.
    return left.size() + right.size() + (marks.left_changed.empty() ? 1 : 0);
  });
  return 0;
}
