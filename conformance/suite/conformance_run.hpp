#pragma once
// A whole conformance run: open the provider as Core does, judge its schema, pick the types
// (globs, shard), play every suite on one or more provider processes (--jobs) and gather the
// finished RunReport every writer reads. Suites come back in selection order whatever the
// number of jobs, and each suite's cases depend only on the seed, so output is deterministic.

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "conformance/session/provider_factory.hpp"
#include "conformance/suite/replay_token.hpp"
#include "conformance/suite/selection.hpp"
#include "conformance/suite/suite_runner.hpp"
#include "generators/hints.hpp"
#include "proto/util/expected.hpp"
#include "reports/console_progress.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

/// When the provider's own log is wanted (--provider-log, docs/provider-logs.md): only for the
/// cases that fail (launched processes search with their logging off, and each finding's case is
/// played again with it on), or always (every process logs as the provider does by default).
enum class ProviderLog { failures, always };

/// The lifecycle step every selected type must reach for a CI gate (--require-coverage).
enum class RequiredCoverage { None, Plan, Apply };

struct RunSettings {
  ProviderTarget target;
  /// Opens the provider's sessions; when null, a process factory over `target`.
  std::shared_ptr<const ProviderFactory> factory;
  std::string address;  // e.g. registry.terraform.io/hashicorp/random; default local/NAME
  /// --upgrade-from: the previous release's binary. Then the suites play across the two releases:
  /// the previous release's resource types (cases/release_case.hpp) and data sources (read by
  /// both, release_play.hpp), and nothing else.
  std::optional<std::filesystem::path> upgrade_from;
  bool apply = false;  // real changes (create, update, destroy); else validate, plan, upgrade, data
  ProviderLog provider_log = ProviderLog::always;
  std::vector<std::string> resource_globs;
  bool data_sources = true;
  Shard shard;
  std::size_t jobs = 1;
  SuiteSettings suite;
  std::optional<gen::HintsFile> hints;
  /// --examples: the provider's repository, or any folder of .tf and markdown files.
  std::optional<std::filesystem::path> examples;
  std::optional<ReplayToken> replay;
  /// The whole run's time: when it is up no new case starts, and the reports say what was not
  /// run (--time-budget).
  std::optional<std::chrono::seconds> time_budget;
  /// A selected type that never reached this step is an error finding coverage.type_not_exercised.
  RequiredCoverage require_coverage = RequiredCoverage::None;
};

/// Where the time went: the figure behind the harness-overhead goal (bench).
/// Calls of one RPC method (or provider launches) and the wall time spent in them.
struct CallTime {
  std::string what;  // the ProviderClient method, or "launch"
  std::int64_t calls = 0;
  std::chrono::nanoseconds in_calls{0};
};

struct RunStats {
  std::chrono::nanoseconds wall{0};
  std::chrono::nanoseconds in_rpcs{0};
  std::int64_t rpc_calls = 0;
  /// Each RPC method called (in the RPC table's order) and the provider launches: where the
  /// time inside the provider went (benchmarks print it).
  std::vector<CallTime> by_method;
  CallTime launches{"launch"};
  std::size_t cases = 0;
  /// Cases played on a spare provider process (--jobs) beside their suite's own.
  std::size_t lent_cases = 0;
};

struct RunResult {
  report::RunReport report;
  RunStats stats;
  /// The hints every suite ended with (given and learned), for --write-hints.
  gen::HintsFile hints;
  /// What the user should know that is no finding: --examples' malformed files and blocks.
  std::vector<std::string> warnings;
};

/// Runs everything. Harness problems (the provider will not start or configure, hints that do
/// not fit the schema, a replay token for an unknown type) are errors; whatever the provider
/// does during the run is in the report.
Expected<RunResult> run_conformance(const RunSettings& given, report::ProgressListener* progress);

}  // namespace tfc::conformance
