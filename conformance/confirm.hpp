#pragma once
// Confirmation: each contract (and robustness) finding's reproduction played by a real Core (Terraform or
// OpenTofu), and the verdict recorded on the finding: confirmed (quoting Core's error), not
// reproduced (quoting the CLI), or not expressible in configuration (and why).

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

/// The verdict from the output and exit code of the checked step, for a finding of `rule`
/// (exposed for tests).
report::Confirmation judge_checked_step(const report::ReproStep& step, const std::string& rule,
                                        const std::string& cli_name, int exit_code, const std::string& output);

/// Confirms every contract and robustness finding of `run` with every CLI, replacing earlier verdicts of the
/// same CLI. Scratch folders go under `scratch_root` (when empty: a scratch directory of
/// tfconform's, also the CLIs' TMPDIR, removed afterwards, or by the next run if this one is
/// killed). Progress lines go to `log` when given. Returns how many verdicts it recorded.
std::size_t confirm_run(report::RunReport& run, const std::vector<CliUnderTest>& clis,
                        const std::filesystem::path& scratch_root, std::ostream* log);

}  // namespace tfc::conformance
