// The provider's own suite (see provider_play.hpp).
#include "conformance/play/provider_play.hpp"

#include <chrono>

#include "conformance/core/case_outcome.hpp"
#include "conformance/core/finding_class.hpp"
#include "oracle/function_rules.hpp"
#include "oracle/rpc_failure_rule.hpp"
#include "oracle/rule_id.hpp"
#include "oracle/rules.hpp"
#include "oracle/schema_rules.hpp"
#include "proto/protocol/rpc_names.hpp"
#include "reports/fingerprint.hpp"

namespace tfc::conformance {

using protocol::Rpc;
using protocol::rpc_name;

namespace {

report::Scenario scenario_from(const std::string& name, CaseOutcome& outcome, std::chrono::nanoseconds took) {
  report::Scenario sc;
  sc.name = name;
  sc.duration = std::chrono::duration_cast<std::chrono::milliseconds>(took);
  for (auto& f : outcome.findings) sc.findings.push_back(std::move(f.finding));
  bool failed = false;
  for (const auto& f : sc.findings) failed = failed || f.severity == report::Severity::error;
  sc.status = failed ? report::Status::failed : report::Status::passed;
  return sc;
}

/// The function signatures of the schema, and GetFunctions against them (Terraform reads the
/// schema's, OpenTofu falls back to GetFunctions: both must say the same).
void judge_functions(ProviderSession& host, CaseRecorder& rec) {
  const auto& functions = host.schema().functions;
  oracle::Violations signatures;
  for (const auto& [name, function] : functions) {
    auto v = oracle::check_function_signature(name, function);
    signatures.insert(signatures.end(), v.begin(), v.end());
  }
  rec.judge("GetProviderSchema functions", Rpc::GetProviderSchema, signatures, {});
  auto listed = host.client().get_functions({});
  if (protocol::is_not_implemented(listed)) return;  // a provider from before functions (6.5)
  if (!listed) {
    rec.rpc_failed("GetFunctions", Rpc::GetFunctions, listed.failure(), nlohmann::json::object());
    return;
  }
  if (protocol::has_error(listed->diagnostics)) return;
  rec.judge("GetFunctions", Rpc::GetFunctions, oracle::check_functions_agree(functions, listed->functions), {});
}

/// GetMetadata (never called by Terraform; OpenTofu neither) against the schema.
void judge_metadata(ProviderSession& host, CaseRecorder& rec) {
  auto metadata = host.client().get_metadata({});
  if (protocol::is_not_implemented(metadata)) return;  // optional (6.4+): clients fall back to the schema
  if (!metadata) {
    rec.rpc_failed("GetMetadata", Rpc::GetMetadata, metadata.failure(), nlohmann::json::object());
    return;
  }
  if (protocol::has_error(metadata->diagnostics)) return;
  oracle::MetadataNames names{metadata->resources,           metadata->data_sources,   metadata->functions,
                              metadata->ephemeral_resources, metadata->list_resources, metadata->actions};
  rec.judge("GetMetadata", Rpc::GetMetadata, oracle::check_metadata_agrees(host.schema(), names), {});
}

}  // namespace

report::Scenario stop_scenario(ProviderSession& host, const std::string& name) {
  const schema::Block no_block;
  CaseOutcome outcome;
  CaseRecorder rec(name, no_block, outcome);
  rec.scenario("stop");
  const auto start = std::chrono::steady_clock::now();
  auto stopped = host.client().stop_provider({});
  if (!stopped && !protocol::is_not_implemented(stopped.failure()))
    rec.rpc_failed("StopProvider", Rpc::StopProvider, stopped.failure(), nlohmann::json::object());
  report::Scenario sc = scenario_from("stop", outcome, std::chrono::steady_clock::now() - start);
  if (stopped && !stopped->error.empty())
    sc.log_lines.push_back(std::string(rpc_name(Rpc::StopProvider)) + " answered: " + stopped->error);
  return sc;
}

report::Suite provider_suite(ProviderSession& host, const std::string& name) {
  report::Suite suite;
  suite.kind = report::SuiteKind::provider;
  suite.name = name;
  const schema::Block no_block;
  {
    const auto start = std::chrono::steady_clock::now();
    CaseOutcome outcome;
    CaseRecorder rec(name, no_block, outcome);
    rec.scenario("schema");
    rec.judge("GetProviderSchema", Rpc::GetProviderSchema, oracle::check_schema(host.schema()), {});
    judge_functions(host, rec);
    judge_metadata(host, rec);
    auto again = host.client().get_provider_schema({});
    if (!again) {
      rec.rpc_failed("GetProviderSchema (again)", Rpc::GetProviderSchema, again.failure(), nlohmann::json::object());
    } else {
      rec.judge("GetProviderSchema (again)", Rpc::GetProviderSchema,
                oracle::check_schema_stable(host.schema(), again->schema), {});
    }
    suite.scenarios.push_back(scenario_from("schema", outcome, std::chrono::steady_clock::now() - start));
    suite.scenarios.back().log_lines = host.take_new_logs();
  }
  report::Scenario configure;
  configure.name = "configure";
  configure.status = report::Status::passed;
  for (const auto& d : host.configure_warnings()) configure.log_lines.push_back("provider warning: " + d.summary);
  suite.scenarios.push_back(std::move(configure));
  return suite;
}

namespace {

// The rule of a provider that did not start: a lying or failed handshake (TLS included) is
// rpc.handshake; a failed GetProviderSchema, ValidateProviderConfig or ConfigureProvider is
// judged like any failed call.
std::string start_failure_rule(const StartFailure& failure) {
  if (failure.stage == StartStage::Launch) return std::string(oracle::rule_text("rpc.handshake"));
  return oracle::rule_of_failure(failure.failed_rpc_kind.value_or(protocol::FailureKind::Status))
      .value_or(oracle::RuleId("rpc.error_status"));
}

}  // namespace

report::Suite start_failure_suite(const std::string& name, const StartFailure& failure, const std::string& message) {
  const bool launch = failure.stage == StartStage::Launch;
  report::Suite suite;
  suite.kind = report::SuiteKind::provider;
  suite.name = name;
  report::Finding f;
  f.rule_id = start_failure_rule(failure);
  f.severity = report::Severity::error;
  const std::string schema_rpc(rpc_name(Rpc::GetProviderSchema));
  f.rpc = launch ? "handshake" : failure.failed_rpc.empty() ? schema_rpc : failure.failed_rpc;
  f.step = "start: " + f.rpc;
  f.step_key = f.step;
  f.resource_type = name;
  f.message = launch                ? "the provider did not complete the go-plugin handshake: " + message
              : f.rpc == schema_rpc ? "the provider did not return its schema: " + message
                                    : "the provider did not answer " + f.rpc + " while starting: " + message;
  if (const auto* rule = oracle::find_rule(f.rule_id)) f.cores = std::string(oracle::to_string(rule->cores));
  f.finding_class = class_of(f.rule_id, f.severity);
  f.fingerprint = report::finding_fingerprint(f);
  report::Scenario sc;
  sc.name = "start";
  sc.status = report::Status::failed;
  sc.findings.push_back(std::move(f));
  suite.scenarios.push_back(std::move(sc));
  return suite;
}

}  // namespace tfc::conformance
