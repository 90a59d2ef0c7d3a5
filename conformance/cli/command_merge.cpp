// `tfconform merge REPORT.json...`: one run from the JSON reports of its shards (`--shard K/N`
// on a CI matrix) or of repeated runs, written in every report format asked for. Exit status as
// `run`: 0 no new error finding, 1 some, 2 usage, reports that are not one run, or a shard
// missing (the reports are written, incomplete).
#include <iostream>

#include "conformance/cli/command.hpp"
#include "conformance/suite/run_finish.hpp"
#include "conformance/suite/selection.hpp"
#include "reports/json_reader.hpp"
#include "reports/run_merge.hpp"
#include "reports/sarif_location.hpp"

namespace tfc::cli {
namespace {

struct MergeArgs {
  std::vector<std::string> reports;
  std::vector<std::string> specs;
  std::string json, html, junit, summary, sarif, baseline, write_baseline, examples;
  std::string sarif_location = std::string(report::kDefaultSarifLocation);
  std::string junit_flavour = "ant";
  bool quiet = false;
};

int merge_command(const MergeArgs& a) {
  if (auto checked = report::check_location_template(a.sarif_location); !checked) {
    std::cerr << "tfconform merge: " << checked.error().message << "\n";
    return 2;
  }
  std::vector<report::NamedRun> runs;
  for (const auto& path : a.reports) {
    auto run = report::read_json_report(path);
    if (!run) {
      std::cerr << "tfconform merge: " << run.error().message << "\n";
      return 2;
    }
    runs.push_back({path, std::move(*run)});
  }
  auto merged = report::merge_runs(std::move(runs), conformance::suite_order_key);
  if (!merged) {
    std::cerr << merged.error().message << "\n";
    return 2;
  }
  for (const auto& w : merged->warnings) std::cerr << "tfconform merge: warning: " << w << "\n";
  std::vector<std::string> specs = a.specs;
  if (!a.json.empty()) specs.push_back("json=" + a.json);
  if (!a.html.empty()) specs.push_back("html=" + a.html);
  if (!a.junit.empty()) specs.push_back("junit=" + a.junit);
  if (!a.summary.empty()) specs.push_back("summary=" + a.summary);
  if (!a.sarif.empty()) specs.push_back("sarif=" + a.sarif);
  // The shards stored their logs and reproductions; the merge only writes reports.
  conformance::FinishOptions finish{specs, {}, {}, {}, a.baseline, a.write_baseline};
  finish.sarif_location = a.sarif_location;
  finish.examples_dir = a.examples;
  if (auto flavour = report::parse_junit_flavour(a.junit_flavour)) finish.junit_flavour = *flavour;
  auto status = conformance::finish_run(merged->run, finish, std::cerr, a.quiet);
  if (!status) {
    std::cerr << "tfconform merge: " << status.error().message << "\n";
    return 2;
  }
  // A CI gate must not pass on part of the run: the reports say what is missing, the status too.
  return merged->shards_missing ? 2 : *status;
}

}  // namespace

void add_merge_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<MergeArgs>();
  auto* cmd = app.add_subcommand(
      "merge", "Merge the JSON reports of one run's shards (--shard K/N) or repeated runs into one run and report it");
  cmd->add_option("reports", a->reports, "JSON reports of the same provider, seed and options")->required();
  cmd->add_option("--report", a->specs,
                  "KIND=PATH, KIND one of junit, json, html, sarif, summary (repeatable; - is stdout)");
  cmd->add_option("--json", a->json, "Write the merged JSON report here");
  cmd->add_option("--html", a->html, "Write the merged HTML report here");
  cmd->add_option("--junit", a->junit, "Write merged JUnit XML here");
  cmd->add_option("--summary", a->summary, "Write a merged Markdown summary here");
  cmd->add_option("--sarif", a->sarif, "Write a merged SARIF 2.1.0 log here (docs/reports.md)");
  cmd->add_option("--junit-flavour", a->junit_flavour,
                  "ant (default): the strict Ant JUnit schema; gitlab: output and [[ATTACHMENT|...]] lines per test "
                  "case, the headline first (docs/reports.md)")
      ->check(CLI::IsMember({"ant", "gitlab"}));
  cmd->add_option("--sarif-location", a->sarif_location,
                  "Where a SARIF result points when the type has no example (as `run --sarif-location`)");
  cmd->add_option("--examples", a->examples,
                  "The --examples folder the shards ran with: a type's example is then its SARIF location");
  cmd->add_option("--baseline", a->baseline, "Judge the merged findings against this baseline");
  cmd->add_option("--write-baseline", a->write_baseline, "Write the fingerprints of the merged findings here");
  cmd->add_flag("--quiet", a->quiet, "No findings table");
  cmd->callback([a, &exit_code] { exit_code = merge_command(*a); });
}

}  // namespace tfc::cli
