#pragma once
// The finished-run model every writer reads (Catch2's TestRunStats shape: plain structs with
// public fields). It holds rendered text only: paths, values and counterexamples arrive already
// printed by the oracle and generators, so reports/ needs neither protobuf, gRPC nor RapidCheck.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfc::report {

/// error for MUST rules, warning for SHOULD rules and legacy-SDK tolerance
/// (../shared/spec/contract-rules.md, introduction).
enum class Severity { error, warning };

enum class Status { passed, failed, skipped, error };

enum class SuiteKind { provider, resource, data_source };

/// A value the provider was expected to return next to the one it returned, and the paths
/// (rendered like `.rule[0].port`) where they differ.
struct ValueComparison {
  std::string expected;
  std::string actual;
  std::vector<std::string> differing_paths;
};

/// The shrunk configuration that still reproduces a finding.
struct Counterexample {
  std::string configuration;
  std::size_t attribute_count = 0;
};

/// One contract violation found by the oracle (../shared/spec/contract-rules.md: "Every finding
/// carries ...").
struct Finding {
  std::string rule_id;        // e.g. plan.config_value_changed
  Severity severity = Severity::error;
  std::string rpc;            // e.g. PlanResourceChange
  std::string step;           // e.g. "create: plan"
  std::string resource_type;  // e.g. tfc_widget
  std::string path;           // rendered, e.g. .rule[0].port
  std::string message;        // lowercase "seen against expected"
  std::string cores;          // terraform | opentofu | both | none
  std::string request;        // rendered request values (text or JSON)
  std::string response;       // rendered response values
  ValueComparison values;
  std::optional<Counterexample> counterexample;
  std::uint64_t seed = 0;
  std::string replay_token;
  bool sensitive = false;  // values are shown as kRedacted
  /// Which generated case of its suite first found the rule (1-based; 0 when not recorded), and
  /// how many shrink attempts led to the counterexample.
  std::size_t found_at_case = 0;
  std::size_t shrink_attempts = 0;
};

/// One lifecycle scenario of a suite ("create", "update", "import", "destroy", ...).
struct Scenario {
  std::string name;
  Status status = Status::passed;
  std::string reason;  // why it was skipped or errored (empty when passed)
  std::chrono::milliseconds duration{0};
  std::vector<std::string> log_lines;  // the provider's log for this scenario
  std::vector<Finding> findings;
};

/// How many generated cases reached each stage.
struct Coverage {
  std::size_t cases_generated = 0;
  std::size_t rejected_by_validation = 0;
  std::size_t planned = 0;
  std::size_t applied = 0;
};

/// What a suite learned from the provider's refusals about one attribute path (or a group of
/// attributes): the rule its later cases were generated with, and where it came from.
struct LearnedRule {
  std::string attribute;  // e.g. `rule.port`, or `a, b` for a group
  std::string source;     // diagnostic, description, dictionary, accepted value, ...
  std::string rule;       // e.g. `one of "a", "b"`, `left unset (null)`
  std::string evidence;   // the diagnostic that taught it (shortened); may be empty
  std::size_t case_number = 0;  // the 1-based case whose answer taught it; 0 when not one case
};

/// The scenarios run against one resource type, data source, or the provider itself.
struct Suite {
  SuiteKind kind = SuiteKind::resource;
  std::string name;
  Coverage coverage;
  std::vector<Scenario> scenarios;
  std::vector<LearnedRule> learned;
};

struct ProviderInfo {
  std::string address;      // e.g. registry.terraform.io/hashicorp/random
  std::string binary_path;
  int protocol_version = 6;
  std::vector<std::string> sdk_hints;  // e.g. "terraform-plugin-framework", "legacy type system"
};

struct RunOptions {
  bool apply = false;
  std::size_t cases = 0;
};

/// A finished run: everything a writer needs, nothing live.
struct RunReport {
  std::string tool_version;
  std::string hostname;  // where the run happened; "localhost" when unknown
  ProviderInfo provider;
  std::uint64_t seed = 0;
  std::chrono::system_clock::time_point started_at;
  std::chrono::milliseconds duration{0};
  RunOptions options;
  std::vector<Suite> suites;
};

/// Counts over scenarios and findings.
struct Totals {
  std::size_t scenarios = 0, passed = 0, failed = 0, skipped = 0, errored = 0;
  std::size_t error_findings = 0, warning_findings = 0;
  std::chrono::milliseconds duration{0};  // sum of scenario durations
};

/// A finding with the suite and scenario it belongs to.
struct FindingRef {
  const Suite* suite;
  const Scenario* scenario;
  const Finding* finding;
};

/// How often one rule was violated (and its worst severity).
struct RuleCount {
  std::string rule_id;
  Severity severity = Severity::warning;
  std::size_t count = 0;
};

/// What every writer prints in place of a sensitive value.
inline constexpr std::string_view kRedacted = "(sensitive value)";

/// Counts the scenarios and findings of one suite.
Totals totals_of(const Suite& suite);
/// Counts the scenarios and findings of the whole run.
Totals totals_of(const RunReport& run);
/// True when the run has a failed or errored scenario or an error finding (the exit status).
bool run_failed(const RunReport& run);

/// Every finding of the run in report order (suite, scenario, finding).
std::vector<FindingRef> all_findings(const RunReport& run);
/// Findings counted per rule id, sorted by rule id (deterministic summaries).
std::vector<RuleCount> findings_by_rule(const RunReport& run);

/// Stable lowercase names used in every output: "error"/"warning", "passed"/"failed"/...,
/// "provider"/"resource"/"data_source".
std::string_view to_string(Severity severity);
std::string_view to_string(Status status);
std::string_view to_string(SuiteKind kind);

/// The suite's display name: `<kind>.<name>`, e.g. `resource.tfc_widget`.
std::string suite_label(const Suite& suite);

/// `value` itself, or kRedacted when the finding is sensitive. Every writer shows the
/// request/response/expected/actual values only through this (contract-rules.md: sensitive
/// values are redacted).
std::string_view shown_value(const Finding& finding, const std::string& value);

/// `tfconform run --replay TOKEN` (token shell-quoted when needed); empty when the finding has
/// no replay token.
std::string replay_command(const Finding& finding);

/// `1 warning`, `2 warnings`, `0 errors`: the count and the noun, plural unless it is 1.
std::string plural(std::size_t n, std::string_view noun);

/// The one-line verdict every human-readable writer shows, e.g.
/// `2 errors, 1 warning; 9 scenarios: 5 passed, 2 failed, 1 skipped, 1 errored`.
std::string totals_sentence(const Totals& totals);

/// `2026-01-02T03:04:05` in UTC, no zone (the JUnit XSD timestamp pattern); `with_zone` appends
/// `Z` (JSON, HTML).
std::string format_timestamp(std::chrono::system_clock::time_point t, bool with_zone);

/// Seconds with exactly three decimals, e.g. `1.250`.
std::string format_seconds(std::chrono::milliseconds d);

}  // namespace tfc::report
