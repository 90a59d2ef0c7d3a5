// One RPC at a time, as Core makes it, judged by the oracle.
#include "conformance/resource_driver.hpp"

#include "conformance/provider_host.hpp"
#include "conformance/value_io.hpp"
#include "oracle/apply_compatible.hpp"
#include "oracle/plan_valid.hpp"
#include "oracle/proposed_new.hpp"
#include "oracle/state_checks.hpp"
#include "proto/cty/json.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::conformance {
namespace {

constexpr std::size_t kShownBytes = 64;

/// The first bytes of an undecodable value, in hex, for the finding.
nlohmann::json raw_bytes(const protocol::DynamicValue& v) {
  const std::string& bytes = v.msgpack.empty() ? v.json : v.msgpack;
  static const char* digits = "0123456789abcdef";
  std::string hex;
  for (std::size_t i = 0; i < bytes.size() && i < kShownBytes; ++i) {
    const auto b = static_cast<unsigned char>(bytes[i]);
    hex += digits[b >> 4];
    hex += digits[b & 15];
  }
  if (bytes.size() > kShownBytes) hex += "...";
  return {{v.msgpack.empty() ? "json_hex" : "msgpack_hex", hex}, {"bytes", bytes.size()}};
}

std::vector<cty::Path> error_paths(const protocol::Diagnostics& diagnostics) {
  std::vector<cty::Path> out;
  for (const auto& d : diagnostics) {
    if (d.severity == protocol::Severity::Error && d.attribute) out.push_back(*d.attribute);
  }
  return out;
}

nlohmann::json paths_json(const std::vector<cty::Path>& paths) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : paths) out.push_back(p.render());
  return out;
}

}  // namespace

nlohmann::json ResourceDriver::show(const cty::Value& v) const { return display_json(m_schema.block, v); }

bool ResourceDriver::validate(const cty::Value& config, std::string_view step) {
  if (lost()) return false;
  auto encoded = encode_value(block(), config);
  if (!encoded) {
    m_rec.outcome().harness_error = "encoding the configuration: " + encoded.error().message;
    return false;
  }
  const nlohmann::json request = {{"type_name", m_type}, {"config", show(config)}};
  protocol::ValidateResourceConfigRequest req;
  req.type_name = m_type;
  req.config = *encoded;
  req.client_capabilities.write_only_attributes_allowed = true;
  auto res = m_client.validate_resource_config(req);
  if (!res) {
    m_rec.rpc_failed(step, "ValidateResourceConfig", res.failure(), request);
    return false;
  }
  if (!protocol::has_error(res->diagnostics)) {
    m_rec.mark_run();
    return true;
  }
  StepValues values{request, {{"diagnostics", describe_diagnostics(res->diagnostics)}}, &config, nullptr};
  m_rec.judge(step, "ValidateResourceConfig", oracle::check_validate_diagnostics(config, error_paths(res->diagnostics)),
              values);
  m_rec.reject("ValidateResourceConfig: " + describe_diagnostics(res->diagnostics));
  return false;
}

std::optional<Planned> ResourceDriver::plan(const cty::Value& prior, const std::string& prior_private,
                                            const cty::Value& config, std::string_view step) {
  if (lost()) return std::nullopt;
  const cty::Value proposed = oracle::proposed_new(block(), prior, config);
  auto prior_dv = encode_value(block(), prior);
  auto proposed_dv = encode_value(block(), proposed);
  auto config_dv = encode_value(block(), config);
  if (!prior_dv || !proposed_dv || !config_dv) {
    m_rec.outcome().harness_error = "encoding a plan request failed";
    return std::nullopt;
  }
  const nlohmann::json request = {{"type_name", m_type},
                                  {"prior_state", show(prior)},
                                  {"proposed_new_state", show(proposed)},
                                  {"config", show(config)}};
  protocol::PlanResourceChangeRequest req;
  req.type_name = m_type;
  req.prior_state = *prior_dv;
  req.proposed_new_state = *proposed_dv;
  req.config = *config_dv;
  req.prior_private = prior_private;
  req.client_capabilities.write_only_attributes_allowed = true;
  auto res = m_client.plan_resource_change(req);
  if (!res) {
    m_rec.rpc_failed(step, "PlanResourceChange", res.failure(), request);
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("PlanResourceChange: " + describe_diagnostics(res->diagnostics));
    return std::nullopt;
  }
  auto decoded = decode_value(block(), res->planned_state, "planned state");
  if (!decoded.value) {
    m_rec.judge(step, "PlanResourceChange", decoded.violations, {request, raw_bytes(res->planned_state)});
    return std::nullopt;
  }
  Planned out;
  out.state = std::move(*decoded.value);
  out.requires_replace = res->requires_replace;
  out.planned_private = res->planned_private;
  out.legacy_type_system = res->legacy_type_system;
  out.action = oracle::implied_action(prior, out.state, out.requires_replace);
  oracle::CheckOptions options = m_options;
  options.legacy_type_system = res->legacy_type_system;
  auto violations = oracle::check_plan(block(), prior, config, out.state, options);
  auto replace = oracle::check_requires_replace(prior, out.state, out.requires_replace);
  violations.insert(violations.end(), replace.begin(), replace.end());
  auto deferral = oracle::check_deferral(false, res->deferred.has_value());
  violations.insert(violations.end(), deferral.begin(), deferral.end());
  nlohmann::json response = {{"planned_state", show(out.state)},
                             {"requires_replace", paths_json(out.requires_replace)},
                             {"legacy_type_system", out.legacy_type_system}};
  if (!res->diagnostics.empty()) response["diagnostics"] = describe_diagnostics(res->diagnostics);
  m_rec.judge(step, "PlanResourceChange", violations, {request, response, &proposed, &out.state});
  return out;
}

std::optional<LiveObject> ResourceDriver::apply(const cty::Value& prior, const Planned& planned,
                                                const cty::Value& config, std::string_view step) {
  if (lost()) return std::nullopt;
  auto prior_dv = encode_value(block(), prior);
  auto planned_dv = encode_value(block(), planned.state);
  auto config_dv = encode_value(block(), config);
  if (!prior_dv || !planned_dv || !config_dv) {
    m_rec.outcome().harness_error = "encoding an apply request failed";
    return std::nullopt;
  }
  const nlohmann::json request = {{"type_name", m_type},
                                  {"prior_state", show(prior)},
                                  {"planned_state", show(planned.state)},
                                  {"config", show(config)}};
  protocol::ApplyResourceChangeRequest req;
  req.type_name = m_type;
  req.prior_state = *prior_dv;
  req.planned_state = *planned_dv;
  req.config = *config_dv;
  req.planned_private = planned.planned_private;
  auto res = m_client.apply_resource_change(req);
  if (!res) {
    m_rec.rpc_failed(step, "ApplyResourceChange", res.failure(), request);
    return std::nullopt;
  }
  auto decoded = decode_value(block(), res->new_state, "new state");
  if (protocol::has_error(res->diagnostics)) {
    // Core keeps a partial object after a failed apply; the case must still clean it up.
    m_rec.reject("ApplyResourceChange: " + describe_diagnostics(res->diagnostics));
    if (decoded.value && !decoded.value->is_null() && decoded.value->is_wholly_known())
      return LiveObject{*decoded.value, res->private_data, true};
    return std::nullopt;
  }
  if (!decoded.value) {
    m_rec.judge(step, "ApplyResourceChange", decoded.violations, {request, raw_bytes(res->new_state)});
    return std::nullopt;
  }
  oracle::CheckOptions options = m_options;
  options.legacy_type_system = res->legacy_type_system;
  const auto violations = oracle::check_apply(block(), planned.state, *decoded.value, options);
  nlohmann::json response = {{"new_state", show(*decoded.value)}, {"legacy_type_system", res->legacy_type_system}};
  m_rec.judge(step, "ApplyResourceChange", violations, {request, response, &planned.state, &*decoded.value});
  return LiveObject{*decoded.value, res->private_data};
}

std::optional<LiveObject> ResourceDriver::read(const LiveObject& object, std::string_view step) {
  if (lost()) return std::nullopt;
  auto state_dv = encode_value(block(), object.state);
  if (!state_dv) {
    m_rec.outcome().harness_error = "encoding a read request failed";
    return std::nullopt;
  }
  const nlohmann::json request = {{"type_name", m_type}, {"current_state", show(object.state)}};
  protocol::ReadResourceRequest req;
  req.type_name = m_type;
  req.current_state = *state_dv;
  req.private_data = object.private_data;
  auto res = m_client.read_resource(req);
  if (!res) {
    m_rec.rpc_failed(step, "ReadResource", res.failure(), request);
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("ReadResource: " + describe_diagnostics(res->diagnostics));
    return std::nullopt;
  }
  auto decoded = decode_value(block(), res->new_state, "refreshed state");
  if (!decoded.value) {
    m_rec.judge(step, "ReadResource", decoded.violations, {request, raw_bytes(res->new_state)});
    return std::nullopt;
  }
  const nlohmann::json response = {{"new_state", show(*decoded.value)}};
  m_rec.judge(step, "ReadResource", oracle::check_read(block(), *decoded.value),
              {request, response, &object.state, &*decoded.value});
  return LiveObject{*decoded.value, res->private_data};
}

std::optional<cty::Value> ResourceDriver::upgrade(const cty::Value& state, std::string_view step) {
  if (lost()) return std::nullopt;
  auto json = cty::json_encode(state, schema::implied_type(block()));
  if (!json) {
    m_rec.outcome().harness_error = "encoding a state as JSON failed: " + json.error().message;
    return std::nullopt;
  }
  const nlohmann::json request = {{"type_name", m_type}, {"version", m_schema.version}, {"raw_state", show(state)}};
  protocol::UpgradeResourceStateRequest req;
  req.type_name = m_type;
  req.version = m_schema.version;
  req.raw_state.json = *json;
  auto res = m_client.upgrade_resource_state(req);
  if (!res) {
    m_rec.rpc_failed(step, "UpgradeResourceState", res.failure(), request);
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("UpgradeResourceState: " + describe_diagnostics(res->diagnostics));
    return std::nullopt;
  }
  auto decoded = decode_value(block(), res->upgraded_state, "upgraded state");
  if (!decoded.value) {
    m_rec.judge(step, "UpgradeResourceState", decoded.violations, {request, raw_bytes(res->upgraded_state)});
    return std::nullopt;
  }
  auto violations = oracle::check_upgrade(block(), *decoded.value);
  if (!oracle::has_errors(violations)) {
    auto same = oracle::check_upgrade_same_version(block(), state, *decoded.value);
    violations.insert(violations.end(), same.begin(), same.end());
  }
  const nlohmann::json response = {{"upgraded_state", show(*decoded.value)}};
  m_rec.judge(step, "UpgradeResourceState", violations, {request, response, &state, &*decoded.value});
  return *decoded.value;
}

std::optional<std::vector<LiveObject>> ResourceDriver::import(const std::string& id, std::string_view step) {
  if (lost()) return std::nullopt;
  const nlohmann::json request = {{"type_name", m_type}, {"id", id}};
  protocol::ImportResourceStateRequest req;
  req.type_name = m_type;
  req.id = id;
  auto res = m_client.import_resource_state(req);
  if (!res) {
    m_rec.rpc_failed(step, "ImportResourceState", res.failure(), request);
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("ImportResourceState: " + describe_diagnostics(res->diagnostics));
    return std::nullopt;
  }
  std::vector<oracle::ImportedObject> judged;
  std::vector<LiveObject> out;
  nlohmann::json shown = nlohmann::json::array();
  for (const auto& imported : res->imported_resources) {
    // Another type's object is decoded with its own schema; the suite only follows its own.
    if (imported.type_name != m_type && !imported.type_name.empty()) {
      judged.push_back({imported.type_name, cty::Value::null(cty::Type::dynamic())});
      shown.push_back({{"type_name", imported.type_name}});
      continue;
    }
    auto decoded = decode_value(block(), imported.state, "imported state");
    if (!decoded.value) {
      m_rec.judge(step, "ImportResourceState", decoded.violations, {request, raw_bytes(imported.state)});
      return std::nullopt;
    }
    judged.push_back({imported.type_name, *decoded.value});
    shown.push_back({{"type_name", imported.type_name}, {"state", show(*decoded.value)}});
    out.push_back({*decoded.value, imported.private_data});
  }
  // A non-null, typed object is what the suite goes on with; check_import judges the rest.
  const nlohmann::json response = {{"imported_resources", shown}};
  m_rec.judge(step, "ImportResourceState", oracle::check_import(judged, res->deferred.has_value()), {request, response});
  return out;
}

bool ResourceDriver::validate_data(const cty::Value& config, std::string_view step) {
  if (lost()) return false;
  auto encoded = encode_value(block(), config);
  if (!encoded) {
    m_rec.outcome().harness_error = "encoding the configuration: " + encoded.error().message;
    return false;
  }
  const nlohmann::json request = {{"type_name", m_type}, {"config", show(config)}};
  protocol::ValidateDataResourceConfigRequest req;
  req.type_name = m_type;
  req.config = *encoded;
  auto res = m_client.validate_data_resource_config(req);
  if (!res) {
    m_rec.rpc_failed(step, "ValidateDataResourceConfig", res.failure(), request);
    return false;
  }
  if (!protocol::has_error(res->diagnostics)) {
    m_rec.mark_run();
    return true;
  }
  StepValues values{request, {{"diagnostics", describe_diagnostics(res->diagnostics)}}, &config, nullptr};
  m_rec.judge(step, "ValidateDataResourceConfig",
              oracle::check_validate_diagnostics(config, error_paths(res->diagnostics)), values);
  m_rec.reject("ValidateDataResourceConfig: " + describe_diagnostics(res->diagnostics));
  return false;
}

std::optional<cty::Value> ResourceDriver::read_data(const cty::Value& config, std::string_view step) {
  if (lost()) return std::nullopt;
  auto encoded = encode_value(block(), config);
  if (!encoded) {
    m_rec.outcome().harness_error = "encoding the configuration: " + encoded.error().message;
    return std::nullopt;
  }
  const nlohmann::json request = {{"type_name", m_type}, {"config", show(config)}};
  protocol::ReadDataSourceRequest req;
  req.type_name = m_type;
  req.config = *encoded;
  auto res = m_client.read_data_source(req);
  if (!res) {
    m_rec.rpc_failed(step, "ReadDataSource", res.failure(), request);
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("ReadDataSource: " + describe_diagnostics(res->diagnostics));
    return std::nullopt;
  }
  auto decoded = decode_value(block(), res->state, "data source result");
  if (!decoded.value) {
    m_rec.judge(step, "ReadDataSource", decoded.violations, {request, raw_bytes(res->state)});
    return std::nullopt;
  }
  const nlohmann::json response = {{"state", show(*decoded.value)}};
  m_rec.judge(step, "ReadDataSource", oracle::check_data_read(block(), config, *decoded.value),
              {request, response, &config, &*decoded.value});
  return *decoded.value;
}

}  // namespace tfc::conformance
