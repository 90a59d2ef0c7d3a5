// `tfconform confirm REPORT.json --cli PATH...`: plays the reproduction of every contract (and robustness) finding
// of a finished run with each CLI and records the verdicts in the report (and in any other
// report asked for). Exit status as `run`: 0 no new error finding, 1 some, 2 usage or harness.
#include <iostream>

#include "conformance/cli/command.hpp"
#include "conformance/suite/run_finish.hpp"
#include "reports/json_reader.hpp"

namespace tfc::cli {
namespace {

struct ConfirmArgs {
  std::string report;
  std::vector<std::string> clis;
  std::string json, html, junit, summary, repro_dir, baseline;
  bool quiet = false;
};

int confirm_command(const ConfirmArgs& a) {
  auto run = report::read_json_report(a.report);
  if (!run) {
    std::cerr << "tfconform confirm: " << run.error().message << "\n";
    return 2;
  }
  std::vector<std::string> specs{"json=" + (a.json.empty() ? a.report : a.json)};
  if (!a.html.empty()) specs.push_back("html=" + a.html);
  if (!a.junit.empty()) specs.push_back("junit=" + a.junit);
  if (!a.summary.empty()) specs.push_back("summary=" + a.summary);
  // A report read back has no whole logs left to store: they were stored by the run.
  conformance::FinishOptions finish{specs, {}, a.repro_dir, a.clis, a.baseline, {}};
  auto status = conformance::finish_run(*run, finish, std::cerr, a.quiet);
  if (!status) {
    std::cerr << "tfconform confirm: " << status.error().message << "\n";
    return 2;
  }
  return *status;
}

}  // namespace

void add_confirm_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<ConfirmArgs>();
  auto* cmd = app.add_subcommand(
      "confirm", "Play each contract (and robustness) finding's reproduction with real CLIs and record the verdicts");
  cmd->add_option("report", a->report, "JSON report of a run (rewritten in place unless --json is given)")->required();
  cmd->add_option("--cli", a->clis, "Terraform or OpenTofu binary (repeatable)")->required();
  cmd->add_option("--json", a->json, "Write the updated JSON report here instead");
  cmd->add_option("--html", a->html, "Also write the HTML report here");
  cmd->add_option("--junit", a->junit, "Also write JUnit XML here");
  cmd->add_option("--summary", a->summary, "Also write a Markdown summary here");
  cmd->add_option("--repro-dir", a->repro_dir, "Keep the reproductions and the CLIs' working folders here");
  cmd->add_option("--baseline", a->baseline, "Judge the findings against this baseline");
  cmd->add_flag("--quiet", a->quiet, "No progress lines");
  cmd->callback([a, &exit_code] { exit_code = confirm_command(*a); });
}

}  // namespace tfc::cli
