#pragma once
// Runs the real `tfconform` binary (as a user or CI does) in a fresh scratch directory and reads
// back its JSON report; checks that nothing the run started is left behind.

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/conformance/confirming_cli.hpp"

namespace tfc::conformance::testing {

struct CliRun {
  int exit_code = -1;
  nlohmann::json report;  // the --json report (null when none was written)
  std::string output;     // stdout and stderr
  std::filesystem::path dir;
};

/// $TFC_BINARY_DIR/providers/terraform-provider-<name>.
std::filesystem::path provider_binary(const std::string& name);
/// $TFC_SOURCE_DIR/<relative>.
std::filesystem::path source_path(const std::string& relative);
/// tests/conformance/hints/<name>.json.
std::string hints(const std::string& name);
/// The whole text of `file`; empty when it cannot be read.
std::string read_text(const std::filesystem::path& file);

/// Skips the test when the provider binary is not built.
#define REQUIRE_PROVIDER(name)                         \
  if (!std::filesystem::exists(provider_binary(name))) \
  GTEST_SKIP() << provider_binary(name) << " is not built (make providers)"

/// A scratch directory removed by the destructor.
class Scratch {
public:
  Scratch();
  ~Scratch();
  const std::filesystem::path& path() const { return m_path; }

private:
  std::filesystem::path m_path;
};

/// `tfconform run ARGS --json <dir>/report.json` with the working directory `dir`, without the
/// GitHub Actions variables of the test's own environment (a CI job's step summary is not the
/// test's) and with `environment` (NAME=VALUE) added.
CliRun run_tfconform(const std::filesystem::path& dir, const std::vector<std::string>& args,
                     const std::vector<std::string>& environment = {});

/// A short --apply run of tfcfault_thing (10 cases, seed 7) with fault `mode` planted, its objects
/// kept under `dir`, played by `binary` (the built tfcfault unless given): the run several
/// end-to-end tests of findings, baselines and reproductions share.
std::vector<std::string> tfcfault_thing_run(const std::filesystem::path& dir, const std::string& mode,
                                            const std::filesystem::path& binary = provider_binary("tfcfault"));

/// `tfconform ARGS` as given (any subcommand) with the working directory `dir`; `report` stays null.
CliRun run_tfconform_command(const std::filesystem::path& dir, const std::vector<std::string>& args);
/// $TFC_BINARY_DIR/cli/<name> (OpenTofu: `make providers` builds cli/tofu).
std::filesystem::path cli_binary(const std::string& name);

/// Rule ids of the report's findings of `severity` ("error"/"warning").
std::set<std::string> rules_of(const nlohmann::json& report, const std::string& severity);
/// Every finding, flattened, each with "suite" added.
std::vector<nlohmann::json> findings_of(const nlohmann::json& report);

/// True when xmllint validates `junit_xml` against tests/reports/JUnit.xsd.
bool validates_as_junit(const std::filesystem::path& junit_xml);

/// What a person sees: headless Chromium runs `html` and serialises its DOM (profile in
/// `scratch`); nullopt when chromium is not installed. Text the page shows as text comes back
/// escaped (`&lt;`), so raw `<tag` in the result means markup became an element.
std::optional<std::string> dump_dom(const Scratch& scratch, const std::filesystem::path& html);

/// Live processes whose command line or environment contains `needle` (other than this test).
/// Every run_tfconform() gives its provider TFC_TEST_SCRATCH=<dir>, so a run's own leftovers are
/// found by its directory even while other tests run the same provider binaries.
std::vector<int> processes_matching(const std::string& needle);

}  // namespace tfc::conformance::testing
