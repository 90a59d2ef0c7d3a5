#include "conformance/case_outcome.hpp"

#include "conformance/value_io.hpp"
#include "oracle/rules.hpp"

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

void CaseRecorder::scenario(std::string name) {
  finish();
  m_scenario = std::move(name);
}

void CaseRecorder::finish() {
  const auto now = std::chrono::steady_clock::now();
  m_outcome.scenario_time[m_scenario] += now - m_since;
  m_since = now;
}

void CaseRecorder::judge(std::string_view step, std::string_view rpc, const oracle::Violations& violations,
                         const StepValues& values) {
  mark_run();
  if (violations.empty()) return;
  std::vector<std::string> paths;
  for (const auto& v : violations) paths.push_back(v.path.render());
  for (const auto& v : violations) {
    report::Finding f;
    f.rule_id = v.rule;
    f.severity = v.severity == oracle::Severity::Error ? report::Severity::error : report::Severity::warning;
    f.rpc = std::string(rpc);
    f.step = m_scenario + ": " + std::string(step);
    f.resource_type = m_type;
    f.path = v.path.render();
    f.message = v.message;
    if (const auto* rule = oracle::find_rule(v.rule)) f.cores = std::string(oracle::to_string(rule->cores));
    f.request = display_text(values.request);
    f.response = display_text(values.response);
    if (values.expected) f.values.expected = display_text(display_json(m_block, *values.expected));
    if (values.actual) f.values.actual = display_text(display_json(m_block, *values.actual));
    f.values.differing_paths = paths;
    f.sensitive = path_is_sensitive(m_block, v.path);
    m_outcome.findings.push_back({m_scenario, std::move(f)});
  }
}

bool CaseRecorder::rpc_failed(std::string_view step, std::string_view rpc, const protocol::RpcFailure& failure,
                              const nlohmann::json& request) {
  oracle::Violation v;
  bool lost = false;
  switch (failure.kind) {
    case protocol::FailureKind::Crashed:
    case protocol::FailureKind::Transport:
      v.rule = "rpc.crashed";
      v.message = "the provider process died or the connection broke during " + std::string(rpc) + ": " + failure.message;
      lost = true;
      break;
    case protocol::FailureKind::Timeout:
      v.rule = "rpc.timeout";
      v.message = std::string(rpc) + " did not answer within the deadline";
      lost = true;
      break;
    case protocol::FailureKind::TooLarge:
      v.rule = "rpc.message_too_large";
      v.message = std::string(rpc) + " answered with a message tfconform cannot read: " + failure.message;
      break;
    case protocol::FailureKind::Malformed:
      v.rule = "value.undecodable";
      v.message = std::string(rpc) + " answered with a message that does not fit the protocol: " + failure.message;
      break;
    case protocol::FailureKind::NotImplemented:
    case protocol::FailureKind::Status:
      v.rule = "rpc.error_status";
      v.message = std::string(rpc) + " returned gRPC status " + std::to_string(failure.grpc_code) + " (" +
                  failure.message + ") instead of error diagnostics";
      break;
  }
  StepValues values;
  values.request = request;
  values.response = {{"grpc_status", failure.grpc_code}, {"failure", protocol::to_string(failure.kind)},
                     {"message", failure.message}};
  judge(step, rpc, {v}, values);
  if (lost) m_outcome.provider_lost = true;
  return lost;
}

void CaseRecorder::reject(std::string why) {
  m_outcome.rejection = m_scenario + ": " + why;
}

void CaseRecorder::refused(const cty::Value& config, const protocol::Diagnostics& diagnostics) {
  if (m_learning) m_outcome.refusals.push_back({config, diagnostics});
}

}  // namespace tfc::conformance
