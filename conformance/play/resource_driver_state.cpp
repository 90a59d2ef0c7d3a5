// ResourceDriver's RPCs on a stored state: UpgradeResourceState, UpgradeResourceIdentity,
// MoveResourceState and GenerateResourceConfig; and a data source's ReadDataSource.
#include "conformance/core/diagnostics_text.hpp"
#include "conformance/play/resource_driver.hpp"

#include "conformance/core/client_capabilities.hpp"
#include "conformance/core/value_io.hpp"
#include "conformance/play/decoded_answer.hpp"
#include "oracle/deferral_rules.hpp"
#include "oracle/identity_rules.hpp"
#include "oracle/rule_id.hpp"
#include "oracle/state_checks.hpp"
#include "proto/cty/json.hpp"

namespace tfc::conformance {

using driver::raw_bytes;
using driver::with_decoding;
using protocol::Rpc;
using protocol::rpc_name;

std::optional<cty::Value> ResourceDriver::upgrade(const cty::Value& state, StepName step) {
  if (lost()) return std::nullopt;
  auto json = cty::json_encode(state, m_implied);
  if (!json) {
    m_rec.outcome().harness_error = "encoding a state as JSON failed: " + json.error().message;
    return std::nullopt;
  }
  auto request = [&] {
    return nlohmann::json{{"type_name", m_type}, {"version", m_schema.version}, {"raw_state", show(state)}};
  };
  protocol::UpgradeResourceStateRequest req;
  req.type_name = m_type;
  req.version = m_schema.version;
  req.raw_state.json = std::move(*json);
  auto res = m_client.upgrade_resource_state(req);
  if (!res) {
    m_rec.rpc_failed(step, Rpc::UpgradeResourceState, res.failure(), request());
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject(Rpc::UpgradeResourceState, res->diagnostics);
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->upgraded_state, "upgraded state");
  if (!decoded.value) {
    m_rec.judge(step, Rpc::UpgradeResourceState, decoded.violations, {request(), raw_bytes(res->upgraded_state)});
    return std::nullopt;
  }
  auto violations = with_decoding(decoded, oracle::check_upgrade(block(), *decoded.value));
  if (!oracle::has_errors(violations)) {
    auto write_only =
        oracle::check_write_only_null(block(), *decoded.value, "upgrade.write_only_not_null", "the upgraded state");
    violations.insert(violations.end(), write_only.begin(), write_only.end());
  }
  if (!oracle::has_errors(violations)) {
    auto same = oracle::check_upgrade_same_version(block(), state, *decoded.value);
    violations.insert(violations.end(), same.begin(), same.end());
  }
  m_rec.judge_lazily(step, Rpc::UpgradeResourceState, violations, [&] {
    return StepValues{request(), {{"upgraded_state", show(*decoded.value)}}, &state, &*decoded.value};
  });
  m_rec.reached(CoverageStep::Upgraded);
  return *decoded.value;
}
std::optional<cty::Value> ResourceDriver::upgrade_stored(const std::string& json, std::int64_t version,
                                                         const nlohmann::json& shown, StepName step) {
  if (lost()) return std::nullopt;
  const nlohmann::json request = {{"type_name", m_type}, {"version", version}, {"raw_state", shown}};
  protocol::UpgradeResourceStateRequest req;
  req.type_name = m_type;
  req.version = version;
  req.raw_state.json = json;
  auto res = m_client.upgrade_resource_state(req);
  if (!res) {
    m_rec.rpc_failed(step, Rpc::UpgradeResourceState, res.failure(), request);
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.judge(step, Rpc::UpgradeResourceState,
                {{std::string(oracle::rule_text("release.upgrade_failed")),
                  Severity::error,
                  {},
                  "the new release refused the state the previous release stored at schema version " +
                      std::to_string(version) + ": " + describe_diagnostics(res->diagnostics)}},
                {request, {{"diagnostics", describe_diagnostics(res->diagnostics)}}});
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->upgraded_state, "upgraded state");
  if (!decoded.value) {
    m_rec.judge(step, Rpc::UpgradeResourceState, decoded.violations, {request, raw_bytes(res->upgraded_state)});
    return std::nullopt;
  }
  auto violations = with_decoding(decoded, oracle::check_upgrade(block(), *decoded.value));
  if (!oracle::has_errors(violations)) {
    auto write_only =
        oracle::check_write_only_null(block(), *decoded.value, "upgrade.write_only_not_null", "the upgraded state");
    violations.insert(violations.end(), write_only.begin(), write_only.end());
  }
  m_rec.judge_lazily(step, Rpc::UpgradeResourceState, violations, [&] {
    return StepValues{request, {{"upgraded_state", show(*decoded.value)}}, nullptr, &*decoded.value};
  });
  m_rec.reached(CoverageStep::Upgraded);
  return *decoded.value;
}

std::optional<LiveObject> ResourceDriver::move(const LiveObject& source, const std::string& source_address,
                                               StepName step) {
  if (lost()) return std::nullopt;
  auto json = cty::json_encode(source.state, m_implied);
  if (!json) {
    m_rec.outcome().harness_error = "encoding a state as JSON failed: " + json.error().message;
    return std::nullopt;
  }
  protocol::MoveResourceStateRequest req;
  req.source_provider_address = source_address;
  req.source_type_name = m_type;
  req.source_schema_version = m_schema.version;
  req.source_state.json = std::move(*json);
  req.target_type_name = m_type;
  req.source_private = source.private_data;
  if (has_identity() && source.identity && !source.identity->is_null()) {
    auto identity = cty::json_encode(*source.identity, m_identity_type);
    if (identity) {
      req.source_identity = protocol::RawState{*identity, {}};
      req.source_identity_schema_version = m_identity_schema->version;
    }
  }
  auto request = [&] {
    return nlohmann::json{{"source_provider_address", source_address},         {"source_type_name", m_type},
                          {"source_schema_version", m_schema.version},         {"source_state", show(source.state)},
                          {"source_identity", show_identity(source.identity)}, {"target_type_name", m_type}};
  };
  auto res = m_client.move_resource_state(req);
  if (!res) {
    m_rec.rpc_failed(step, Rpc::MoveResourceState, res.failure(), request());
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject_plainly(Rpc::MoveResourceState, res->diagnostics);
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->target_state, "moved state");
  if (!decoded.value) {
    m_rec.judge(step, Rpc::MoveResourceState, decoded.violations, {request(), raw_bytes(res->target_state)});
    return std::nullopt;
  }
  auto violations = with_decoding(decoded, oracle::check_move(block(), *decoded.value));
  std::optional<cty::Value> identity;
  if (!oracle::has_errors(violations)) {
    auto judged = judge_identity(res->target_identity, identity, source.identity.has_value(), false, source.identity,
                                 "the moved state");
    violations.insert(violations.end(), judged.begin(), judged.end());
  }
  m_rec.judge_lazily(step, Rpc::MoveResourceState, violations, [&] {
    nlohmann::json response = {{"target_state", show(*decoded.value)}};
    if (identity) response["target_identity"] = show_identity(identity);
    return StepValues{request(), response, &source.state, &*decoded.value};
  });
  if (oracle::has_errors(violations) || decoded.value->is_null()) return std::nullopt;
  return LiveObject{*decoded.value, res->target_private, false, identity ? identity : source.identity};
}

void ResourceDriver::generate_config(const cty::Value& state, StepName step) {
  if (lost()) return;
  auto encoded = encode(state, "state");
  if (!encoded) return;
  auto request = [&] { return nlohmann::json{{"type_name", m_type}, {"state", show(state)}}; };
  auto res = m_client.generate_resource_config({m_type, std::move(*encoded)});
  if (!res) {
    m_rec.rpc_failed(step, Rpc::GenerateResourceConfig, res.failure(), request());
    return;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject_plainly(Rpc::GenerateResourceConfig, res->diagnostics);
    return;
  }
  auto decoded = decode_value(m_implied, res->config, "generated configuration");
  oracle::Violations v;
  for (auto x : decoded.violations) {
    if (x.rule == oracle::rule_text("value.type_mismatch")) x.rule = oracle::rule_text("generate.config_invalid");
    v.push_back(std::move(x));
  }
  if (decoded.value) {
    auto checked = oracle::check_generated_config(block(), *decoded.value);
    v.insert(v.end(), checked.begin(), checked.end());
  }
  m_rec.judge_lazily(step, Rpc::GenerateResourceConfig, v, [&] {
    nlohmann::json response = decoded.value ? nlohmann::json{{"config", show(*decoded.value)}} : raw_bytes(res->config);
    return StepValues{request(), response, nullptr, decoded.value ? &*decoded.value : nullptr};
  });
}

void ResourceDriver::upgrade_identity(const cty::Value& identity, StepName step) {
  if (lost() || !has_identity()) return;
  auto json = cty::json_encode(identity, m_identity_type);
  if (!json) {
    m_rec.outcome().harness_error = "encoding an identity as JSON failed: " + json.error().message;
    return;
  }
  protocol::UpgradeResourceIdentityRequest req;
  req.type_name = m_type;
  req.version = m_identity_schema->version;
  req.raw_identity.json = std::move(*json);
  const nlohmann::json request = {
      {"type_name", m_type}, {"version", req.version}, {"raw_identity", show_identity(identity)}};
  auto res = m_client.upgrade_resource_identity(req);
  if (!res) {
    m_rec.rpc_failed(step, Rpc::UpgradeResourceIdentity, res.failure(), request);
    return;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject_plainly(Rpc::UpgradeResourceIdentity, res->diagnostics);
    return;
  }
  oracle::Violations v;
  auto upgraded = decode_identity(res->upgraded_identity, v);
  if (upgraded) {
    auto value = oracle::check_identity_value(m_identity_block, *upgraded, false, "the upgraded identity");
    v.insert(v.end(), value.begin(), value.end());
  }
  if (!oracle::has_errors(v)) {
    auto same = oracle::check_identity_upgrade(m_identity_block, identity, upgraded);
    v.insert(v.end(), same.begin(), same.end());
  }
  m_rec.judge_lazily(step, Rpc::UpgradeResourceIdentity, v, [&] {
    return StepValues{request, {{"upgraded_identity", show_identity(upgraded)}}};
  });
}

std::optional<cty::Value> ResourceDriver::upgrade_stored_identity(const std::string& json, std::int64_t version,
                                                                  const nlohmann::json& shown, StepName step) {
  if (lost() || !has_identity()) return std::nullopt;
  protocol::UpgradeResourceIdentityRequest req;
  req.type_name = m_type;
  req.version = version;
  req.raw_identity.json = json;
  const nlohmann::json request = {{"type_name", m_type}, {"version", version}, {"raw_identity", shown}};
  auto res = m_client.upgrade_resource_identity(req);
  if (!res) {
    m_rec.rpc_failed(step, Rpc::UpgradeResourceIdentity, res.failure(), request);
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject_plainly(Rpc::UpgradeResourceIdentity, res->diagnostics);
    return std::nullopt;
  }
  oracle::Violations v;
  auto upgraded = decode_identity(res->upgraded_identity, v);
  if (upgraded) {
    auto value = oracle::check_identity_value(m_identity_block, *upgraded, false, "the upgraded identity");
    v.insert(v.end(), value.begin(), value.end());
  }
  m_rec.judge_lazily(step, Rpc::UpgradeResourceIdentity, v, [&] {
    return StepValues{request, {{"upgraded_identity", show_identity(upgraded)}}};
  });
  if (oracle::has_errors(v)) return std::nullopt;
  return upgraded;
}

std::optional<cty::Value> ResourceDriver::read_data(const cty::Value& config, StepName step) {
  if (lost()) return std::nullopt;
  auto encoded = encode(config, "configuration");
  if (!encoded) return std::nullopt;
  auto request = [&] { return nlohmann::json{{"type_name", m_type}, {"config", show(config)}}; };
  protocol::ReadDataSourceRequest req;
  req.type_name = m_type;
  req.client_capabilities = m_rec.client_capabilities();
  req.config = std::move(*encoded);
  auto res = m_client.read_data_source(req);
  if (!res) {
    m_rec.rpc_failed(step, Rpc::ReadDataSource, res.failure(), request());
    return std::nullopt;
  }
  if (res->deferred) {
    m_rec.judge(step, Rpc::ReadDataSource,
                oracle::check_deferred(rpc_name(Rpc::ReadDataSource), req.client_capabilities.deferral_allowed,
                                       static_cast<int>(res->deferred->reason)),
                {request(), {{"diagnostics", describe_diagnostics(res->diagnostics)}}});
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject(Rpc::ReadDataSource, res->diagnostics);
    m_rec.refused(config, res->diagnostics);
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->state, "data source result");
  if (!decoded.value) {
    m_rec.judge(step, Rpc::ReadDataSource, decoded.violations, {request(), raw_bytes(res->state)});
    return std::nullopt;
  }
  m_rec.judge_lazily(step, Rpc::ReadDataSource,
                     with_decoding(decoded, oracle::check_data_read(block(), config, *decoded.value)), [&] {
                       return StepValues{request(), {{"state", show(*decoded.value)}}, &config, &*decoded.value};
                     });
  m_rec.reached(CoverageStep::Read);
  return *decoded.value;
}

}  // namespace tfc::conformance
