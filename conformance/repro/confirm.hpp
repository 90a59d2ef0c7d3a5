#pragma once
// Confirmation: each contract (and robustness) finding's reproduction played by a real Core (Terraform or
// OpenTofu), and the verdict recorded on the finding:
// - confirmed: Core rejected the provider at the checked step, or one step early with the
//   rule's own error (quoting Core); for a "no changes" check, the plan was not empty;
// - not reproduced: the checked step ran and Core accepted it (for a "no changes" check: the
//   plan was empty). Only that: it is a verdict on the provider;
// - could not run: the reproduction stopped before Core could judge the checked step: the
//   reproduction could not be written, the CLI could not set it up (lock file, provider
//   installation, CLI configuration), a configuration it cannot read, the CLI timing out, the
//   import id missing from the state, or a step failing with an error that is not Core
//   rejecting the provider for this finding, including an earlier step where the provider
//   itself returned an error (quoting the CLI's or the provider's words). It says nothing
//   either way about the provider;
// - not expressible: no configuration can replay the finding (and why).

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "proto/util/expected.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

struct CliUnderTest {
  std::string path;  // as given: a path or a name on PATH
  std::string name;  // the first line of `CLI version`, e.g. "Terraform v1.11.4"
};

/// Runs `PATH version`; an error when it does not run or is neither Terraform nor OpenTofu.
Expected<CliUnderTest> identify_cli(const std::string& path);

/// Plays `finding`'s reproduction with `cli` in `scratch` (created, left for inspection) and
/// says what Core made of it. `cli_tmpdir`, when given, is the CLI's TMPDIR, where it and the
/// plugins it starts put their sockets and temporary files (a killed CLI leaves them there).
report::Confirmation confirm_finding(const report::Finding& finding, const CliUnderTest& cli,
                                     const std::filesystem::path& scratch,
                                     const std::filesystem::path& cli_tmpdir = {});

/// The verdict from the output and exit code of the checked step, for a finding of `rule`:
/// confirmed, not reproduced (exit 0, or an empty plan for expect_changes) or could not run
/// (any other failure) (exposed for tests).
report::Confirmation judge_checked_step(const report::ReproStep& step, const std::string& rule,
                                        const std::string& cli_name, int exit_code, const std::string& output);

/// Confirms every contract and robustness finding of `run` with every CLI, replacing earlier verdicts of the
/// same CLI. Scratch folders go under `scratch_root` (when empty: a scratch directory of
/// tfconform's, also the CLIs' TMPDIR, removed afterwards, or by the next run if this one is
/// killed). Progress lines go to `log` when given. Returns how many verdicts it recorded.
std::size_t confirm_run(report::RunReport& run, const std::vector<CliUnderTest>& clis,
                        const std::filesystem::path& scratch_root, std::ostream* log);

}  // namespace tfc::conformance
