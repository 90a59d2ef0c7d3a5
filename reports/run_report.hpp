#pragma once
// The finished-run model every writer reads (Catch2's TestRunStats shape: plain structs with
// public fields). Paths and counterexamples arrive already printed by the oracle and generators;
// request, response, expected and actual values arrive as JSON, so the JSON report can carry them
// as values. reports/ needs neither protobuf, gRPC nor RapidCheck.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "proto/util/severity.hpp"

namespace tfc::report {

using tfc::Severity;  // proto/util/severity.hpp: the oracle's and the reports' one severity
using tfc::to_string;

enum class Status { passed, failed, skipped, error };

enum class SuiteKind { provider, resource, data_source, function, ephemeral_resource, list_resource, action };

/// A value the provider was expected to return next to the one it returned, and the paths
/// (rendered like `.rule[0].port`) where they differ. Absent (nullopt) when the finding compares
/// no values; a JSON null is the value null (a null planned state, say).
struct ValueComparison {
  std::optional<nlohmann::json> expected;
  std::optional<nlohmann::json> actual;
  std::vector<std::string> differing_paths;
};

/// What kind of problem a finding is, for people and for the exit status: contract (Core
/// rejects the answer), tolerated (Core only logs it, for the legacy SDK), robustness (a crash,
/// a timeout, memory, an oversized answer), hygiene (the SHOULD rules), coverage (what the run
/// could not exercise).
enum class FindingClass { contract, tolerated, robustness, hygiene, coverage };

/// Where a finding stands against a baseline (`--baseline`): untracked when no baseline was
/// given, known when its fingerprint is in the baseline (it does not fail the run), new else.
enum class BaselineState { untracked, known, fresh };

/// One path of a finding and what the oracle said about it.
struct PathMessage {
  std::string path;
  std::string message;
};

/// One step of a reproduction: a folder with a Terraform configuration and the CLI command that
/// plays it in the shared working directory (state carries over from step to step).
struct ReproStep {
  std::string folder;             // step1, step2, ...
  std::string purpose;            // what Core does here, e.g. "update with .offset_days unknown"
  std::vector<std::string> args;  // CLI arguments, e.g. {"apply", "-auto-approve"}
  std::string configuration;      // main.tf
  bool checked = false;           // the step where Core should reject the provider's answer
  bool expect_changes = false;    // checked by `plan -detailed-exitcode` (exit 2 = changes)
  bool needs_import_id = false;   // takes the object's id from the previous step's output
  bool previous_release = false;  // played with Reproduction::previous_binary (--upgrade-from)
};

/// Terraform/OpenTofu configurations that replay a finding's shrunk case through a real Core.
/// With `previous_binary`, two releases of one provider: the steps marked previous_release run
/// with that binary, the others with `provider_binary`, on the same state, as after a provider
/// upgrade (the state the previous release wrote is planned by the new one).
struct Reproduction {
  std::string provider_source;             // the required_providers source, e.g. registry.terraform.io/tfconform/time
  std::string provider_name;               // local name, e.g. time
  std::string provider_binary;             // the binary dev_overrides points at (its folder)
  std::vector<std::string> provider_args;  // --provider-arg: the binary is started with these (a wrapper script)
  std::string previous_binary;             // --upgrade-from: the previous release, for steps marked so
  std::vector<std::string> environment;    // NAME=VALUE the provider ran with
  std::string provider_config;             // provider block body in .tf.json form (JSON text), may be empty
  std::vector<ReproStep> steps;
  std::string not_expressible;  // why no configuration can replay it (then steps is empty)
  /// NAME=VALUE the previous release runs with on top of `environment` (a name in both: this value).
  std::vector<std::string> previous_environment;
};

/// What a CLI made of a reproduction (conformance/repro/confirm.hpp): Core rejected the provider
/// (confirmed); Core accepted the checked step (not reproduced, and only then); a step failed
/// for another reason, the CLI's or an earlier error of the provider's, so the checked step
/// was never judged (could not run); no configuration can replay it (not expressible).
enum class ConfirmVerdict { confirmed, not_reproduced, could_not_run, not_expressible };

/// What one CLI made of a finding's reproduction.
struct Confirmation {
  std::string cli;  // e.g. "Terraform v1.11.4", "OpenTofu v1.12.6-dev"
  ConfirmVerdict verdict = ConfirmVerdict::not_reproduced;
  std::string quote;  // Core's error, the CLI's output, or why it is not expressible
};

/// The shrunk configuration that still reproduces a finding.
struct Counterexample {
  std::string configuration;
  std::size_t attribute_count = 0;
};

/// Another way a later case broke a finding's promise: the kind of violation (its message with
/// every value reduced to its shape, violation_kind.hpp) and that case's own example.
struct DistinctViolation {
  std::string kind;               // e.g. `was {}, but now null`
  std::string path;               // rendered, e.g. .keepers
  std::string message;            // as the oracle wrote it for that case
  std::size_t found_at_case = 0;  // 1-based case of the suite that met it
  std::string replay_token;       // replays that case (unshrunk)
  std::optional<Counterexample> counterexample;
};

/// One contract violation found by the oracle (docs/lifecycle-contract.md, "Findings").
struct Finding {
  std::string rule_id;  // e.g. plan.config_value_changed
  Severity severity = Severity::error;
  std::string rpc;   // e.g. PlanResourceChange
  std::string step;  // e.g. "create: plan", "upgrade" (shown; may read better in a later version)
  /// The step as first released, "scenario: step" (`upgrade: upgrade` where `step` reads
  /// `upgrade`): what the fingerprint and baselines hold, so it never changes. Empty in findings
  /// made by hand or read from a report written before it existed: then `step` is the key.
  std::string step_key;
  std::string resource_type;  // e.g. tfc_widget
  std::string path;           // rendered, e.g. .rule[0].port
  std::string message;        // lowercase "seen against expected"
  std::string cores;          // terraform | opentofu | both | none
  nlohmann::json request;     // the request's values (null: absent)
  nlohmann::json response;    // the response's values (null: absent)
  ValueComparison values;
  std::optional<Counterexample> counterexample;
  std::uint64_t seed = 0;
  std::string replay_token;
  /// The whole shell command that replays it on the run's machine: this tfconform, the run's
  /// provider, and every option the token does not hold that changes what the case does. Empty
  /// when the run cannot give one; then `replay_not_runnable` says why and what to run instead.
  std::string replay_command_line;
  std::string replay_not_runnable;
  bool sensitive = false;  // values are shown as kRedacted
  /// Which generated case of its suite first found the rule (1-based; 0 when not recorded), and
  /// how many shrink attempts led to the counterexample.
  std::size_t found_at_case = 0;
  std::size_t shrink_attempts = 0;

  // One finding per broken promise: every path of the rule at this step, an identity that
  // survives seeds and versions, and how many cases met it.
  std::vector<PathMessage> violations;
  /// The path pattern of every path of the finding (`.rule[*].port`), sorted, unique, computed
  /// by the suite from the paths as data (cty::Path::pattern). Empty in a finding read back from
  /// a JSON report or made by hand: path_patterns_of then parses the rendered paths.
  std::vector<std::string> path_patterns;
  std::string fingerprint;
  std::size_t occurrences = 1;
  /// Kinds of violation later cases met under this finding that its own violations do not
  /// show, each with its own example, in the order met (at most kMaxDistinctViolations).
  std::vector<DistinctViolation> distinct_violations;
  FindingClass finding_class = FindingClass::contract;
  BaselineState baseline = BaselineState::untracked;
  /// The provider's log of the failing case, cut to the failing step (only on the first finding
  /// of a case), its full length, and the side file holding all of it.
  std::vector<std::string> log_excerpt;
  /// A crashed provider's own report of its crash, as Terraform prints it ("Stack trace from the
  /// terraform-provider-NAME plugin:", the panic and the stack of the goroutine that panicked);
  /// every writer shows it first. Empty for other findings and crashes that said nothing.
  std::vector<std::string> crash_output;
  std::size_t log_total_lines = 0;
  std::string log_file;
  std::vector<std::string> full_log;  // the writers never print it; the CLI stores it in log_file
  std::optional<Reproduction> reproduction;
  std::vector<Confirmation> confirmations;
  /// Caveats on the evidence, shown by every writer (finding_caveats): the case had extreme
  /// values (`--values all|extreme`; the realistic cases before it did not find this), or a
  /// request's prior state held values tfconform invented (plan-only runs).
  bool extreme_values = false;
  bool invented_prior = false;
  /// --provider-log failures (docs/provider-logs.md): the search ran the provider with its
  /// logging off, so the case was played again with it on; log_replayed: that play gave this
  /// finding again and the log is its log; log_not_reproduced: it did not (or could not start),
  /// and the log is the quiet play's.
  bool log_replayed = false;
  bool log_not_reproduced = false;
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
  std::size_t planned = 0;  // data sources: validated
  std::size_t applied = 0;  // data sources: read
  /// Cases that got through each lifecycle step the suite's kind has, in Core's order
  /// ("validated", "planned", "applied", "update planned", "updated", "replaced", "read",
  /// "imported", "upgraded", "destroyed"); a step no case reached is listed with 0.
  std::vector<std::pair<std::string, std::size_t>> steps;
  /// The refusal that stopped the most cases ("RPC: summary (at path)") and how many it stopped.
  std::string top_refusal;
  std::size_t top_refusal_cases = 0;
};

/// What a suite learned from the provider's refusals about one attribute path (or a group of
/// attributes): the rule its later cases were generated with, and where it came from.
struct LearnedRule {
  std::string attribute;        // e.g. `rule.port`, or `a, b` for a group
  std::string source;           // diagnostic, description, dictionary, accepted value, ...
  std::string rule;             // e.g. `one of "a", "b"`, `left unset (null)`
  std::string evidence;         // the diagnostic that taught it (shortened); may be empty
  std::size_t case_number = 0;  // the 1-based case whose answer taught it; 0 when not one case
};

/// The scenarios run against one resource type, data source, or the provider itself.
/// What became of the provider author's examples of a type (`--examples`): how many were found,
/// and whether the first case, played from the first of them, was accepted.
struct ExampleUse {
  std::size_t found = 0;
  std::string source;   // file:line of the example the first case was played from
  std::string outcome;  // "accepted", "refused" or "not played" (the run ended first)
  std::string refusal;  // when refused: the provider's error diagnostics, "RPC: summary (at path)"
};

struct Suite {
  SuiteKind kind = SuiteKind::resource;
  std::string name;
  Coverage coverage;
  std::vector<Scenario> scenarios;
  std::vector<LearnedRule> learned;
  std::optional<ExampleUse> example;  // with --examples, for a type that has any
  /// Why the suite's applies ran one case at a time although --jobs had processes to spare
  /// ("concurrent create conflicted: <diagnostic>"); empty when they did not have to. How the
  /// cases were scheduled, not what they found: the findings are those of a serial run.
  std::string applied_one_at_a_time;
};

struct ProviderInfo {
  std::string address;  // e.g. registry.terraform.io/hashicorp/random
  std::string binary_path;
  int protocol_version = 6;
  std::vector<std::string> sdk_hints;  // e.g. "terraform-plugin-framework", "legacy type system"
  /// --upgrade-from: the previous release's binary (the run played upgrades from it).
  std::string upgraded_from;
  /// --provider-arg: what binary_path was started with (a test binary re-run as the provider).
  std::vector<std::string> binary_args;
};

struct RunOptions {
  bool apply = false;
  std::size_t cases = 0;
  /// --shard K/N of a run that played a share of the types ("" for all of them).
  std::string shard;
};

/// A baseline entry: a fingerprint and what it stood for when it was written, with the path
/// patterns of every path of the finding (see baseline.hpp for how they match).
struct BaselineEntry {
  std::string fingerprint;
  std::string rule_id;
  std::string resource_type;
  std::string step;  // the finding's step key (Finding::step_key): baselines match on it
  std::string path;
  std::vector<std::string> path_patterns;
};

/// A selected type the run never exercised: a resource never planned (or, with --apply, never
/// applied), a data source never read, an action never planned (or invoked), ...
struct Unexercised {
  const Suite* suite = nullptr;
  /// "never " and the first step of the suite's kind no case reached: "never validated",
  /// "never planned", "never applied", "never read", "never invoked", ...
  std::string missed;
  bool at_apply = false;  // the step missed is one only --apply reaches
};

/// A run that ended early (SIGINT, SIGTERM, --time-budget): why, and what it did not do. Every
/// writer says so at the top; suites never started are in the report as skipped.
struct Interruption {
  std::string reason;                  // e.g. "interrupted by SIGINT"
  std::vector<std::string> not_run;    // suite labels of the types never started
  std::vector<std::string> cut_short;  // suite labels of the types stopped part-way
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
  /// Which Cores' rules are errors (terraform, opentofu or both; see --profile).
  std::string profile = "both";
  /// The Core version whose requests were sent (--core, e.g. terraform@1.16; empty: not recorded).
  std::string core;
  /// The baseline the run was judged against (empty: none), and its entries not met again.
  std::string baseline_file;
  std::vector<BaselineEntry> possibly_fixed;
  std::optional<Interruption> interruption;
};

/// "interrupted by SIGINT: 3 types not run (resource.a, resource.b, ...), 1 cut short (...)".
std::string interruption_sentence(const Interruption& interruption);

/// Counts over scenarios and findings.
struct Totals {
  std::size_t scenarios = 0, passed = 0, failed = 0, skipped = 0, errored = 0;
  std::size_t error_findings = 0, warning_findings = 0;
  std::size_t known_findings = 0;         // in the baseline: counted here, not as errors or warnings
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

/// The selected types the run did not exercise (types it never started are the interruption's).
std::vector<Unexercised> unexercised(const RunReport& run);
/// "never planned in 25 cases; most frequent refusal (25 cases): ValidateResourceConfig: ...".
std::string unexercised_sentence(const Unexercised& u);

/// The run's one-word outcome. `incomplete`: nothing failed, but the run did not do what it
/// was asked (it stopped early, or a selected type was never exercised) — never shown as passed.
enum class Verdict { passed, failed, incomplete };
Verdict verdict_of(const RunReport& run);
/// Why a run without failures is incomplete, one sentence each (empty when it is not).
std::vector<std::string> incompleteness(const RunReport& run);

/// Every finding of the run in report order (suite, scenario, finding).
std::vector<FindingRef> all_findings(const RunReport& run);
/// Findings counted per rule id, sorted by rule id (deterministic summaries).
std::vector<RuleCount> findings_by_rule(const RunReport& run);

/// Stable lowercase names used in every output: "error"/"warning", "passed"/"failed"/...,
/// "provider"/"resource"/"data_source"/"function"/"ephemeral_resource"/"list_resource"/"action".
/// "passed", "failed", "incomplete".
std::string_view to_string(Verdict verdict);
std::string_view to_string(Status status);
std::string_view to_string(SuiteKind kind);
/// "contract", "tolerated", "robustness", "hygiene", "coverage".
std::string_view to_string(FindingClass finding_class);
/// "untracked", "known", "new".
std::string_view to_string(BaselineState state);
/// "confirmed", "not reproduced", "could not run", "not expressible".
std::string_view to_string(ConfirmVerdict verdict);

/// The suite's display name: `<kind>.<name>`, e.g. `resource.tfc_widget`.
std::string suite_label(const Suite& suite);

/// A request/response/expected/actual value as indented JSON text ("" when it is absent).
std::string value_text(const nlohmann::json& value);

/// `value` as text (value_text), or kRedacted when the finding is sensitive. Every human-facing
/// writer shows the request/response/expected/actual values only through this, the JSON writer
/// through shown_json (docs/lifecycle-contract.md, "Findings": sensitive values are never shown).
std::string shown_value(const Finding& finding, const nlohmann::json& value);
/// An expected or actual value as text: empty when absent, `null` when it is the value null.
std::string shown_compared(const Finding& finding, const std::optional<nlohmann::json>& value);
/// `value` itself, or kRedacted as a JSON string when the finding is sensitive (null stays null).
nlohmann::json shown_json(const Finding& finding, const nlohmann::json& value);

/// One sentence per caveat of the finding (empty when there is none), e.g. "found only with
/// extreme values (--values): no realistic case showed it".
std::vector<std::string> finding_caveats(const Finding& finding);
/// The caveats as short tags for one-line rows: `[extreme values] [invented prior]`, or "".
std::string caveat_tags(const Finding& finding);

/// `word` as one word of a POSIX shell command: as it is when every character is safe, else in
/// single quotes.
std::string shell_quoted(std::string_view word);
/// The words shell-quoted and joined with spaces.
std::string shell_command(const std::vector<std::string>& words);

/// The whole command that replays the finding on the machine of its run; empty when the finding
/// has no replay token or the run gave no runnable command (then replay_not_runnable says why).
std::string replay_command(const Finding& finding);
/// What a person is shown to replay the finding: the command, else why there is none and what
/// to run instead; empty without a replay token.
std::string replay_text(const Finding& finding);

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
