#include "conformance/core/case_outcome.hpp"
#include "conformance/core/diagnostics_text.hpp"

#include <algorithm>
#include <set>

#include "conformance/core/finding_class.hpp"
#include "conformance/core/value_io.hpp"
#include "oracle/rpc_failure_rule.hpp"
#include "oracle/rule_id.hpp"
#include "oracle/rules.hpp"
#include "reports/fingerprint.hpp"

namespace tfc::conformance {

bool CaseOutcome::has_error_finding() const { return first_error_rule().has_value(); }

std::optional<std::string> CaseOutcome::first_error_rule() const {
  for (const auto& f : findings) {
    if (f.finding.severity == report::Severity::error) return f.finding.rule_id;
  }
  return std::nullopt;
}

bool CaseOutcome::has_error_rule(std::string_view rule) const {
  for (const auto& f : findings) {
    if (f.finding.severity == report::Severity::error && f.finding.rule_id == rule) return true;
  }
  return false;
}

void CaseRecorder::scenario(ScenarioName name) {
  finish();
  m_scenario = std::string(name.str());
}

void CaseRecorder::finish() {
  const auto now = std::chrono::steady_clock::now();
  m_outcome.scenario_time[m_scenario] += now - m_since;
  m_since = now;
}

void CaseRecorder::mark_run() {
  m_outcome.scenarios_run.insert(m_scenario);
  if (m_log_mark) m_outcome.log_marks.push_back(m_log_mark());
}

// One finding per rule of an answer, listing every path where the rule broke: one broken
// promise is one finding, not one per attribute it touched.
void CaseRecorder::judge(StepName step, protocol::Rpc rpc, const oracle::Violations& violations,
                         const StepValues& values) {
  mark_run();
  if (violations.empty()) return;
  const std::size_t answer = m_outcome.log_marks.empty() ? 0 : m_outcome.log_marks.size() - 1;
  std::vector<std::string> paths;
  for (const auto& v : violations) paths.push_back(v.path.render());
  std::vector<std::string> rules;
  for (const auto& v : violations) {
    if (std::find(rules.begin(), rules.end(), v.rule) == rules.end()) rules.push_back(v.rule);
  }
  for (const auto& rule_id : rules) {
    report::Finding f;
    std::set<std::string> patterns;
    bool first = true;
    for (const auto& v : violations) {
      if (v.rule != rule_id) continue;
      const std::string path = v.path.render();
      f.violations.push_back({path, v.message});
      patterns.insert(v.path.pattern());
      f.sensitive = f.sensitive || path_is_sensitive(m_block, v.path);
      if (!first) continue;
      first = false;
      f.rule_id = v.rule;
      f.severity = v.severity;
      f.path = path;
      f.message = v.message;
    }
    f.severity = severity_under(f.rule_id, f.severity, m_profile);
    f.finding_class = class_of(f.rule_id, f.severity);
    f.rpc = std::string(protocol::rpc_name(rpc));
    f.step = step_label_of(m_scenario, step);
    f.step_key = step_key_of(m_scenario, step);
    f.resource_type = m_type;
    if (const auto* rule = oracle::find_rule(f.rule_id)) f.cores = std::string(oracle::to_string(rule->cores));
    // The patterns come from the paths themselves, never from their rendered text.
    f.path_patterns.assign(patterns.begin(), patterns.end());
    f.fingerprint = report::finding_fingerprint(f);
    f.request = values.request;
    f.response = values.response;
    if (values.expected) f.values.expected = display_json(m_block, *values.expected);
    if (values.actual) f.values.actual = display_json(m_block, *values.actual);
    f.values.differing_paths = paths;
    f.invented_prior = m_prior_invented;
    m_outcome.findings.push_back({m_scenario, std::move(f), answer, m_phase});
  }
}

bool CaseRecorder::rpc_failed(StepName step, protocol::Rpc rpc, const protocol::RpcFailure& failure,
                              const nlohmann::json& request) {
  const std::string_view name = protocol::rpc_name(rpc);
  oracle::Violation v;
  if (const auto rule = oracle::rule_of_failure(failure.kind)) v.rule = *rule;
  bool lost = false;
  switch (failure.kind) {
    case protocol::FailureKind::Crashed:
    case protocol::FailureKind::Transport:
      v.message =
          "the provider process died or the connection broke during " + std::string(name) + ": " + failure.message;
      lost = true;
      break;
    case protocol::FailureKind::Timeout:
      v.message = failure.message;  // names the RPC and the deadline, and why it was that long
      lost = true;
      break;
    case protocol::FailureKind::OutOfMemory:
      v.message = "the provider ran out of memory answering " + std::string(name) + ": " + failure.message;
      lost = true;
      break;
    case protocol::FailureKind::Cancelled:
      // tfconform itself was stopped: the answer says nothing about the provider.
      m_outcome.interrupted = true;
      m_outcome.provider_lost = true;
      return true;
    case protocol::FailureKind::TooLarge:
      v.message = std::string(name) + " answered with a message tfconform cannot read: " + failure.message;
      break;
    case protocol::FailureKind::Malformed:
      v.message = std::string(name) + " answered with a message that does not fit the protocol: " + failure.message;
      break;
    case protocol::FailureKind::NotImplemented:
    case protocol::FailureKind::Status:
      v.message = std::string(name) + " returned gRPC status " + std::to_string(failure.grpc_code) + " (" +
                  failure.message + ") instead of error diagnostics";
      break;
  }
  if (m_prior_invented &&
      (v.rule == oracle::rule_text("rpc.crashed") || v.rule == oracle::rule_text("rpc.out_of_memory") ||
       v.rule == oracle::rule_text("rpc.error_status") || v.rule == oracle::rule_text("rpc.timeout"))) {
    // The prior state was partly invented: a real state might not have led here. That holds for
    // a timeout too: an invented prior of a deeply nested schema can be far larger than any
    // state the provider writes (terraform-provider-aws 5.100.0 took 50 s to plan one for
    // aws_quicksight_analysis). The suite still stops there (SuiteTally::timed_out).
    v.severity = oracle::Severity::warning;
    v.message += " (on a prior state with invented values, so not judged a contract error)";
  }
  StepValues values;
  values.request = request;
  values.response = {
      {"grpc_status", failure.grpc_code}, {"failure", protocol::to_string(failure.kind)}, {"message", failure.message}};
  judge(step, rpc, {v}, values);
  if (lost) m_outcome.provider_lost = true;
  return lost;
}

void CaseRecorder::reject(std::string why) { m_outcome.rejection = m_scenario + ": " + why; }

void CaseRecorder::reject_plainly(protocol::Rpc rpc, const protocol::Diagnostics& diagnostics) {
  reject(std::string(protocol::rpc_name(rpc)) + ": " + describe_diagnostics(diagnostics));
}

void CaseRecorder::refused(const cty::Value& config, const protocol::Diagnostics& diagnostics) {
  if (m_learning) m_outcome.refusals.push_back({config, diagnostics});
}

void CaseRecorder::reject(protocol::Rpc rpc, const protocol::Diagnostics& diagnostics) {
  reject_plainly(rpc, diagnostics);
  m_outcome.refusal_reasons.clear();
  for (const auto& d : diagnostics) {
    if (d.severity != protocol::Severity::Error) continue;
    std::string reason = std::string(protocol::rpc_name(rpc)) + ": " + d.summary;
    if (d.attribute && !d.attribute->empty()) reason += " (at " + d.attribute->render() + ")";
    m_outcome.refusal_reasons.insert(std::move(reason));
  }
}

std::string_view to_string(CoverageStep step) noexcept {
  switch (step) {
    case CoverageStep::Validated: return "validated";
    case CoverageStep::Planned: return "planned";
    case CoverageStep::Applied: return "applied";
    case CoverageStep::UpdatePlanned: return "update planned";
    case CoverageStep::Updated: return "updated";
    case CoverageStep::Replaced: return "replaced";
    case CoverageStep::Read: return "read";
    case CoverageStep::Imported: return "imported";
    case CoverageStep::Upgraded: return "upgraded";
    case CoverageStep::Destroyed: return "destroyed";
    case CoverageStep::Called: return "called";
    case CoverageStep::Opened: return "opened";
    case CoverageStep::Listed: return "listed";
    case CoverageStep::Invoked: return "invoked";
  }
  return "?";
}

}  // namespace tfc::conformance
