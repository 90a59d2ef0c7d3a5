#include "conformance/suite/run_finish.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "conformance/repro/confirm.hpp"
#include "conformance/repro/repro_writer.hpp"
#include "oracle/rules.hpp"
#include "reports/baseline.hpp"
#include "reports/github_annotations.hpp"
#include "reports/multi_reporter.hpp"

namespace tfc::conformance {

std::string default_log_dir(const std::vector<std::string>& report_specs) {
  for (const auto& spec : report_specs) {
    auto dest = report::parse_report_spec(spec);
    if (!dest || dest->path == "-") continue;
    return (std::filesystem::absolute(dest->path).parent_path() / "tfconform-logs").string();
  }
  return {};
}

Expected<std::size_t> write_log_files(report::RunReport& run, const std::string& dir) {
  std::size_t written = 0;
  for (auto& suite : run.suites) {
    for (auto& scenario : suite.scenarios) {
      for (auto& f : scenario.findings) {
        if (f.full_log.empty()) continue;
        if (written == 0) {
          std::error_code ec;
          std::filesystem::create_directories(dir, ec);
          if (ec) return Error{"--log-dir " + dir + ": " + ec.message()};
        }
        const auto path = std::filesystem::path(dir) / (report::suite_label(suite) + "." + f.fingerprint.substr(0, 8) +
                                                        ".case" + std::to_string(f.found_at_case) + ".log");
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        for (const auto& line : f.full_log) out << line << '\n';
        if (!out) return Error{"cannot write " + path.string()};
        f.log_file = path.string();
        ++written;
      }
    }
  }
  return written;
}

report::SarifOptions sarif_options(const std::string& location_template, const std::string& examples_dir) {
  report::SarifOptions o;
  if (!location_template.empty()) o.location_template = location_template;
  o.examples_dir = examples_dir;
  o.rules = [](std::string_view id) -> std::optional<report::SarifRuleText> {
    const oracle::RuleInfo* rule = oracle::find_rule(id);
    if (rule == nullptr) return std::nullopt;
    return report::SarifRuleText{std::string(rule->summary), std::string(rule->seed),
                                 std::string(oracle::to_string(rule->cores))};
  };
  return o;
}

std::string full_report_of(const std::vector<std::string>& report_specs) {
  // The JSON report holds everything; else the first report written to a file.
  std::string first;
  for (const auto& spec : report_specs) {
    auto dest = report::parse_report_spec(spec);
    if (!dest || dest->path == "-") continue;
    if (dest->kind == report::ReportKind::json) return "the JSON report " + dest->path;
    if (first.empty() && dest->kind != report::ReportKind::summary) first = "the report " + dest->path;
  }
  return first;
}

void write_github_output(const report::RunReport& run, const FinishOptions& o, std::ostream& console, bool quiet) {
  const std::string full_list = full_report_of(o.report_specs);
  bool to_stdout = false;
  std::vector<std::string> paths;
  for (const auto& spec : o.report_specs) {
    auto dest = report::parse_report_spec(spec);
    if (!dest) continue;
    to_stdout = to_stdout || dest->path == "-";
    paths.push_back(dest->path);
  }
  const char* actions = std::getenv("GITHUB_ACTIONS");
  // A report on standard output would be broken by workflow commands between its lines.
  if (actions != nullptr && std::string_view(actions) == "true" && !to_stdout) {
    report::AnnotationOptions a;
    if (!o.sarif_location.empty()) a.location_template = o.sarif_location;
    a.examples_dir = o.examples_dir;
    a.full_list = full_list;
    report::write_github_annotations(run, a, std::cout);
    std::cout.flush();
  }
  const char* summary = std::getenv("GITHUB_STEP_SUMMARY");
  if (summary == nullptr || *summary == '\0') return;
  // `--summary "$GITHUB_STEP_SUMMARY"` already wrote it: not twice.
  std::error_code ec;
  for (const std::string& path : paths) {
    if (path == summary || std::filesystem::equivalent(path, summary, ec)) return;
  }
  if (auto appended = report::append_step_summary(run, summary, full_list); !appended && !quiet)
    console << "tfconform: " << appended.error().message << "\n";
}

report::JunitOptions junit_options(const FinishOptions& o) {
  report::JunitOptions j;
  j.flavour = o.junit_flavour;
  for (const auto& spec : o.report_specs) {
    auto dest = report::parse_report_spec(spec);
    if (dest && dest->kind == report::ReportKind::html && dest->path != "-") j.html_report = dest->path;
  }
  if (!o.repro_dir.empty()) {
    const std::filesystem::path root = o.repro_dir;
    j.repro_folder = [root](const report::Finding& f) -> std::string {
      if (!f.reproduction || f.reproduction->steps.empty()) return {};
      return (root / repro_folder_name(f)).string();
    };
  }
  return j;
}

int exit_status(const report::RunReport& run) {
  const auto totals = report::totals_of(run);
  if (totals.error_findings > 0) return 1;
  return totals.errored > 0 ? 2 : 0;
}

Expected<int> finish_run(report::RunReport& run, const FinishOptions& o, std::ostream& console, bool quiet) {
  if (!o.sarif_location.empty()) {
    if (auto checked = report::check_location_template(o.sarif_location); !checked) return checked.error();
  }
  auto reporters = report::MultiReporter::create(o.report_specs, report::system_clock(),
                                                 sarif_options(o.sarif_location, o.examples_dir), junit_options(o));
  if (!reporters) return reporters.error();
  std::vector<CliUnderTest> clis;
  for (const auto& path : o.confirm_with) {
    TFC_TRY(cli, identify_cli(path));
    clis.push_back(std::move(cli));
  }
  std::vector<report::BaselineEntry> baseline;
  if (!o.baseline.empty()) {
    TFC_TRY(entries, report::read_baseline(o.baseline));
    baseline = std::move(entries);
  }
  const std::string log_dir = o.log_dir.empty() ? default_log_dir(o.report_specs) : o.log_dir;
  if (!log_dir.empty()) {
    TFC_TRY(logs, write_log_files(run, log_dir));
    (void)logs;
  }
  if (!o.repro_dir.empty()) {
    TFC_TRY(written, write_reproductions(run, o.repro_dir));
    if (!quiet) console << "tfconform: " << written << " reproduction(s) in " << o.repro_dir << "\n";
  }
  if (!clis.empty()) {
    const std::filesystem::path scratch =
        o.repro_dir.empty() ? std::filesystem::path() : std::filesystem::path(o.repro_dir);
    confirm_run(run, clis, scratch, quiet ? nullptr : &console);
  }
  if (!o.write_baseline.empty()) {
    std::ofstream out(o.write_baseline, std::ios::trunc);
    report::write_baseline(run, out);
    out.close();
    if (!out) return Error{"--write-baseline " + o.write_baseline + ": cannot be written"};
  }
  if (!o.baseline.empty()) report::apply_baseline(run, baseline, o.baseline);
  if (auto written = reporters->write(run, std::cout); !written) return written.error();
  write_github_output(run, o, console, quiet);
  return exit_status(run);
}

}  // namespace tfc::conformance
