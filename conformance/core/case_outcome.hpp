#pragma once
// What one generated case did against the provider: the findings of every step (each with its
// scenario), how far the case got (for the coverage figures), and whether the provider process
// was lost on the way.

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/core/client_capabilities.hpp"
#include "conformance/core/scenario_names.hpp"
#include "conformance/core/step_names.hpp"
#include "oracle/violation.hpp"
#include "proto/cty/value.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/rpc_names.hpp"
#include "proto/protocol/rpc_result.hpp"
#include "proto/schema/block.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

/// The lifecycle steps the coverage figures count: a case reached a step once the provider
/// answered it without error (seed 000's operations, in the order Core takes them).
/// The other families: a function called, an ephemeral resource opened, a list read, an action
/// invoked.
enum class CoverageStep {
  Validated,
  Planned,
  Applied,
  UpdatePlanned,
  Updated,
  Replaced,
  Read,
  Imported,
  Upgraded,
  Destroyed,
  Called,
  Opened,
  Listed,
  Invoked
};
inline constexpr std::size_t kStepCount = 14;
/// "validated", "planned", "applied", "update planned", "updated", "replaced", "read", "imported",
/// "upgraded", "destroyed", "called", "opened", "listed", "invoked".
std::string_view to_string(CoverageStep step) noexcept;

struct CaseFinding {
  std::string scenario;  // create, update, replace, refresh, upgrade, import, destroy, ...
  report::Finding finding;
  std::size_t answer = 0;  // which judged answer of the case it came from (index into log_marks)
  /// Where in a lifecycle case: 0 the create, i the case's step i (1-based), steps + 1 the destroy.
  std::size_t phase = 0;
};

/// A configuration the provider refused with error diagnostics, kept whole for learning
/// (generators/learning/refusal_learner.hpp).
struct Refusal {
  cty::Value config;
  protocol::Diagnostics diagnostics;
};

/// What a resource created first (an upstream resource, cases/wiring.hpp) taught: the
/// configurations of its type the provider refused or accepted. The block is the session
/// schema's, which outlives the suite.
struct UpstreamLesson {
  std::string type;
  const schema::Block* block = nullptr;
  cty::Value config;
  std::optional<protocol::Diagnostics> refused;  // absent: accepted (created)
};

/// An object of another type a case could not destroy (its process was lost).
struct Leftover {
  std::string type;
  cty::Value state;
  std::string private_data;
};

struct CaseOutcome {
  std::vector<CaseFinding> findings;
  /// Refusals while the case's first configuration was validated and planned (or, for a data
  /// source, validated and read): what the suite learns from.
  std::vector<Refusal> refusals;
  std::set<std::string> scenarios_run;  // scenarios that reached at least one check
  std::string rejection;                // the last error diagnostics that stopped a step
  /// The provider's refusal of the case's MoveResourceState (as `rejection` words it), when it
  /// refused: what tells the suite the type refuses every move alike (move_refusals.hpp).
  std::string move_refusal;
  /// When the import by id took an ID the provider's refusal asked for (import_id_format.hpp):
  /// the state attributes that filled its fields, in order, and their separator. A reproduction
  /// builds its import ID from them the same way.
  std::vector<std::string> import_id_attributes;
  char import_id_separator = ',';
  /// The steps (indices into the case's steps) whose update the provider refused: its error
  /// diagnostics stopped the plan, so the object stayed as it was. Core stops at the same
  /// error, so a reproduction leaves them out.
  std::vector<std::size_t> refused_updates;
  /// The error diagnostics of that refusal, each as "RPC: summary (at path)": what the coverage
  /// figures count as reasons (without the detail, which often quotes the refused value). A set:
  /// providers report several errors in no fixed order.
  std::set<std::string> refusal_reasons;
  std::set<CoverageStep> reached;
  /// What the case's update plans (from the object's state to a new configuration) said of its
  /// top-level attributes and blocks: those a plan asked to replace the object for
  /// (requires_replace), and those a plan changed without a replacement. What the suite learns
  /// of which changes keep the object (generators/learning/refusal_learner.hpp, update_planned).
  std::set<std::string> replaced_for;
  std::set<std::string> updated_in_place;
  bool planned = false;
  bool applied = false;
  bool provider_lost = false;  // crashed, hung or broke the connection: restart it
  bool interrupted = false;    // tfconform was stopped (a signal) during the case
  std::optional<std::string> harness_error;
  /// A remote object the case could not destroy (the process was lost): the suite destroys it
  /// with the next process.
  std::optional<cty::Value> leftover_state;
  std::string leftover_private;
  /// Upstream resources the case could not destroy, in the order to destroy them.
  std::vector<Leftover> upstream_leftovers;
  /// What the case's upstream resources taught about their own types, in order.
  std::vector<UpstreamLesson> upstream_lessons;
  /// Wall time spent in each scenario.
  std::map<std::string, std::chrono::nanoseconds> scenario_time;
  /// The provider's log length when each answer was judged (with a log mark; see
  /// CaseRecorder::set_log_mark): the failing step's log lies between two marks.
  std::vector<std::size_t> log_marks;

  bool has_error_finding() const;
  /// The rule of the first error finding, if any.
  std::optional<std::string> first_error_rule() const;
  bool has_error_rule(std::string_view rule) const;
};

/// Values shown with a finding: the request and response of the RPC (display JSON), and the
/// value the provider had to return next to the one it returned.
struct StepValues {
  nlohmann::json request = nlohmann::json::object();
  nlohmann::json response = nlohmann::json::object();
  const cty::Value* expected = nullptr;
  const cty::Value* actual = nullptr;
};

/// Turns oracle violations and RPC failures of one case into findings (docs/lifecycle-contract.md,
/// "Findings": rule id, severity, the RPC and step, the resource type, a path, a message, and
/// which cores enforce it).
class CaseRecorder {
public:
  CaseRecorder(std::string resource_type, const schema::Block& block, CaseOutcome& outcome)
      : m_type(std::move(resource_type)), m_block(block), m_outcome(outcome) {}

  /// The scenario later findings belong to (and the time that follows).
  void scenario(ScenarioName name);
  /// Books the time of the current scenario; call once the case ends.
  void finish();
  /// The current scenario got an answer to judge (it counts as run).
  void mark_run();
  /// `mark()` gives the provider's log length so far; called once per judged answer.
  void set_log_mark(std::function<std::size_t()> mark) { m_log_mark = std::move(mark); }
  /// The part of a lifecycle case later findings belong to (CaseFinding::phase).
  void set_phase(std::size_t phase) { m_phase = phase; }
  /// Errors of rules only the other Core enforces become warnings (--profile).
  void set_profile(oracle::CoreProfile profile) { m_profile = profile; }
  /// The Core version the case stands in for (--core): the client capabilities it sends.
  void set_core(const CoreVersion& core) { m_core = core; }
  const CoreVersion& core() const { return m_core; }
  protocol::ClientCapabilities client_capabilities(bool deferral_allowed = false) const {
    return core_capabilities(m_core, deferral_allowed);
  }
  const std::string& current_scenario() const { return m_scenario; }

  /// Records every violation of one answer.
  void judge(StepName step, protocol::Rpc rpc, const oracle::Violations& violations, const StepValues& values);
  /// The same, building the shown values only when there is a violation (most answers have
  /// none, and rendering requests is most of the harness's own work).
  template <class MakeValues>
  void judge_lazily(StepName step, protocol::Rpc rpc, const oracle::Violations& violations, MakeValues make_values) {
    if (violations.empty()) {
      mark_run();
      return;
    }
    judge(step, rpc, violations, make_values());
  }
  /// An RPC that did not answer: rpc.crashed / rpc.timeout / rpc.error_status (a failure of
  /// kind Malformed is value.undecodable). Returns true when the process is lost.
  bool rpc_failed(StepName step, protocol::Rpc rpc, const protocol::RpcFailure& failure, const nlohmann::json& request);
  /// The provider refused a step with error diagnostics (not a finding; the case stops there).
  void reject(std::string why);
  /// Keeps a refusal for learning, while learning() is on.
  void refused(const cty::Value& config, const protocol::Diagnostics& diagnostics);
  /// Whether refusals are kept: on while the case's first configuration is checked.
  void set_learning(bool on) { m_learning = on; }
  bool learning() const { return m_learning; }
  /// The same, from the refusing RPC's diagnostics (the coverage figures' reason too).
  void reject(protocol::Rpc rpc, const protocol::Diagnostics& diagnostics);
  /// The same, for an RPC whose refusals the coverage figures do not count as reasons.
  void reject_plainly(protocol::Rpc rpc, const protocol::Diagnostics& diagnostics);
  /// The case got through `step`.
  void reached(CoverageStep step) { m_outcome.reached.insert(step); }
  /// Whether the requests that follow carry a prior state holding invented values (plan-only
  /// cases). Their findings say so, and a crash (out of memory included) or gRPC error status
  /// during them is a warning, not a contract error: the provider may never have written such
  /// a state.
  void prior_invented(bool invented) { m_prior_invented = invented; }
  CaseOutcome& outcome() { return m_outcome; }
  const schema::Block& block() const { return m_block; }
  const std::string& resource_type() const { return m_type; }

private:
  std::string m_type;
  const schema::Block& m_block;
  CaseOutcome& m_outcome;
  std::string m_scenario = "create";
  bool m_learning = false;
  std::function<std::size_t()> m_log_mark;
  oracle::CoreProfile m_profile = oracle::CoreProfile::Both;
  CoreVersion m_core = default_core();
  std::size_t m_phase = 0;
  bool m_prior_invented = false;
  std::chrono::steady_clock::time_point m_since = std::chrono::steady_clock::now();
};

}  // namespace tfc::conformance
