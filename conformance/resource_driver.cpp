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

/// The findings of decoding a value (invalid UTF-8 in it) ahead of the oracle's own.
oracle::Violations with_decoding(const Decoded& decoded, oracle::Violations checked) {
  if (decoded.violations.empty()) return checked;
  oracle::Violations out = decoded.violations;
  out.insert(out.end(), std::make_move_iterator(checked.begin()), std::make_move_iterator(checked.end()));
  return out;
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

ResourceDriver::ResourceDriver(protocol::ProviderClient& client, std::string type_name, const schema::Schema& schema,
                               CaseRecorder& recorder, oracle::CheckOptions options)
    : m_client(client),
      m_type(std::move(type_name)),
      m_schema(schema),
      m_rec(recorder),
      m_options(options),
      m_implied(schema::implied_type(schema.block)),
      m_null(cty::Value::null(m_implied)) {}

nlohmann::json ResourceDriver::show(const cty::Value& v) const { return display_json(m_schema.block, v); }

std::optional<protocol::DynamicValue> ResourceDriver::encode(const cty::Value& v, const char* what) {
  auto encoded = encode_value(m_implied, v);
  if (!encoded) {
    m_rec.outcome().harness_error = std::string("encoding the ") + what + ": " + encoded.error().message;
    return std::nullopt;
  }
  return std::move(*encoded);
}

template <class Request, class Call>
bool ResourceDriver::validate_with(const cty::Value& config, std::string_view step, std::string_view rpc, Call call) {
  if (lost()) return false;
  for (const Validated& seen : m_validated) {
    if (seen.rpc == rpc && raw_equals(seen.config, config)) return seen.accepted;
  }
  auto encoded = encode(config, "configuration");
  if (!encoded) return false;
  auto request = [&] { return nlohmann::json{{"type_name", m_type}, {"config", show(config)}}; };
  Request req;
  req.type_name = m_type;
  req.config = std::move(*encoded);
  if constexpr (requires { req.client_capabilities.write_only_attributes_allowed; })
    req.client_capabilities.write_only_attributes_allowed = true;
  auto res = call(req);
  if (!res) {
    m_rec.rpc_failed(step, rpc, res.failure(), request());
    return false;
  }
  const bool accepted = !protocol::has_error(res->diagnostics);
  m_validated.push_back({std::string(rpc), config, accepted});
  if (accepted) {
    m_rec.mark_run();
    if (config.is_wholly_known()) m_rec.reached(CoverageStep::Validated);
    return true;
  }
  const std::string diagnostics = describe_diagnostics(res->diagnostics);
  m_rec.judge(step, rpc, oracle::check_validate_diagnostics(config, error_paths(res->diagnostics)),
              {request(), {{"diagnostics", diagnostics}}, &config, nullptr});
  m_rec.reject(rpc, res->diagnostics);
  m_rec.refused(config, res->diagnostics);
  return false;
}

bool ResourceDriver::validate(const cty::Value& config, std::string_view step) {
  return validate_with<protocol::ValidateResourceConfigRequest>(
      config, step, "ValidateResourceConfig", [&](const auto& req) { return m_client.validate_resource_config(req); });
}

bool ResourceDriver::validate_data(const cty::Value& config, std::string_view step) {
  return validate_with<protocol::ValidateDataResourceConfigRequest>(
      config, step, "ValidateDataResourceConfig",
      [&](const auto& req) { return m_client.validate_data_resource_config(req); });
}

std::optional<Planned> ResourceDriver::plan(const cty::Value& prior, const std::string& prior_private,
                                            const cty::Value& config, std::string_view step) {
  if (lost()) return std::nullopt;
  const cty::Value proposed = oracle::proposed_new(block(), prior, config);
  auto prior_dv = encode(prior, "prior state");
  auto proposed_dv = encode(proposed, "proposed new state");
  auto config_dv = encode(config, "configuration");
  if (!prior_dv || !proposed_dv || !config_dv) return std::nullopt;
  auto request = [&] {
    return nlohmann::json{{"type_name", m_type},
                          {"prior_state", show(prior)},
                          {"proposed_new_state", show(proposed)},
                          {"config", show(config)}};
  };
  protocol::PlanResourceChangeRequest req;
  req.type_name = m_type;
  req.prior_state = std::move(*prior_dv);
  req.proposed_new_state = std::move(*proposed_dv);
  req.config = std::move(*config_dv);
  req.prior_private = prior_private;
  req.client_capabilities.write_only_attributes_allowed = true;
  auto res = m_client.plan_resource_change(req);
  if (!res) {
    m_rec.rpc_failed(step, "PlanResourceChange", res.failure(), request());
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("PlanResourceChange", res->diagnostics);
    m_rec.refused(config, res->diagnostics);
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->planned_state, "planned state");
  if (!decoded.value) {
    m_rec.judge(step, "PlanResourceChange", decoded.violations, {request(), raw_bytes(res->planned_state)});
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
  auto violations = with_decoding(decoded, oracle::check_plan(block(), prior, config, out.state, options));
  auto replace = oracle::check_requires_replace(prior, out.state, out.requires_replace);
  violations.insert(violations.end(), replace.begin(), replace.end());
  auto deferral = oracle::check_deferral(false, res->deferred.has_value());
  violations.insert(violations.end(), deferral.begin(), deferral.end());
  m_rec.judge_lazily(step, "PlanResourceChange", violations, [&] {
    nlohmann::json response = {{"planned_state", show(out.state)},
                               {"requires_replace", paths_json(out.requires_replace)},
                               {"legacy_type_system", out.legacy_type_system}};
    if (!res->diagnostics.empty()) response["diagnostics"] = describe_diagnostics(res->diagnostics);
    return StepValues{request(), response, &proposed, &out.state};
  });
  return out;
}

std::optional<LiveObject> ResourceDriver::apply(const cty::Value& prior, const Planned& planned,
                                                const cty::Value& config, std::string_view step) {
  if (lost()) return std::nullopt;
  auto prior_dv = encode(prior, "prior state");
  auto planned_dv = encode(planned.state, "planned state");
  auto config_dv = encode(config, "configuration");
  if (!prior_dv || !planned_dv || !config_dv) return std::nullopt;
  auto request = [&] {
    return nlohmann::json{{"type_name", m_type},
                          {"prior_state", show(prior)},
                          {"planned_state", show(planned.state)},
                          {"config", show(config)}};
  };
  protocol::ApplyResourceChangeRequest req;
  req.type_name = m_type;
  req.prior_state = std::move(*prior_dv);
  req.planned_state = std::move(*planned_dv);
  req.config = std::move(*config_dv);
  req.planned_private = planned.planned_private;
  auto res = m_client.apply_resource_change(req);
  if (!res) {
    m_rec.rpc_failed(step, "ApplyResourceChange", res.failure(), request());
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->new_state, "new state");
  if (protocol::has_error(res->diagnostics)) {
    // Core keeps a partial object after a failed apply; the case must still clean it up.
    m_rec.reject("ApplyResourceChange", res->diagnostics);
    if (decoded.value && !decoded.value->is_null() && decoded.value->is_wholly_known())
      return LiveObject{*decoded.value, res->private_data, true};
    return std::nullopt;
  }
  if (!decoded.value) {
    m_rec.judge(step, "ApplyResourceChange", decoded.violations, {request(), raw_bytes(res->new_state)});
    return std::nullopt;
  }
  oracle::CheckOptions options = m_options;
  options.legacy_type_system = res->legacy_type_system;
  const auto violations = with_decoding(decoded, oracle::check_apply(block(), planned.state, *decoded.value, options));
  m_rec.judge_lazily(step, "ApplyResourceChange", violations, [&] {
    nlohmann::json response = {{"new_state", show(*decoded.value)}, {"legacy_type_system", res->legacy_type_system}};
    return StepValues{request(), response, &planned.state, &*decoded.value};
  });
  return LiveObject{*decoded.value, res->private_data};
}

std::optional<LiveObject> ResourceDriver::read(const LiveObject& object, std::string_view step) {
  if (lost()) return std::nullopt;
  auto state_dv = encode(object.state, "current state");
  if (!state_dv) return std::nullopt;
  auto request = [&] { return nlohmann::json{{"type_name", m_type}, {"current_state", show(object.state)}}; };
  protocol::ReadResourceRequest req;
  req.type_name = m_type;
  req.current_state = std::move(*state_dv);
  req.private_data = object.private_data;
  auto res = m_client.read_resource(req);
  if (!res) {
    m_rec.rpc_failed(step, "ReadResource", res.failure(), request());
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("ReadResource", res->diagnostics);
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->new_state, "refreshed state");
  if (!decoded.value) {
    m_rec.judge(step, "ReadResource", decoded.violations, {request(), raw_bytes(res->new_state)});
    return std::nullopt;
  }
  m_rec.judge_lazily(step, "ReadResource", with_decoding(decoded, oracle::check_read(block(), *decoded.value)), [&] {
    return StepValues{request(), {{"new_state", show(*decoded.value)}}, &object.state, &*decoded.value};
  });
  m_rec.reached(CoverageStep::Read);
  return LiveObject{*decoded.value, res->private_data};
}

std::optional<cty::Value> ResourceDriver::upgrade(const cty::Value& state, std::string_view step) {
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
    m_rec.rpc_failed(step, "UpgradeResourceState", res.failure(), request());
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("UpgradeResourceState", res->diagnostics);
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->upgraded_state, "upgraded state");
  if (!decoded.value) {
    m_rec.judge(step, "UpgradeResourceState", decoded.violations, {request(), raw_bytes(res->upgraded_state)});
    return std::nullopt;
  }
  auto violations = with_decoding(decoded, oracle::check_upgrade(block(), *decoded.value));
  if (!oracle::has_errors(violations)) {
    auto same = oracle::check_upgrade_same_version(block(), state, *decoded.value);
    violations.insert(violations.end(), same.begin(), same.end());
  }
  m_rec.judge_lazily(step, "UpgradeResourceState", violations, [&] {
    return StepValues{request(), {{"upgraded_state", show(*decoded.value)}}, &state, &*decoded.value};
  });
  m_rec.reached(CoverageStep::Upgraded);
  return *decoded.value;
}

std::optional<std::vector<LiveObject>> ResourceDriver::import(const std::string& id, std::string_view step) {
  if (lost()) return std::nullopt;
  const nlohmann::json request = {{"type_name", m_type}, {"id", id}};
  protocol::ImportResourceStateRequest req;
  req.type_name = m_type;
  req.id = id;
  m_import_refusal.clear();
  auto res = m_client.import_resource_state(req);
  if (!res) {
    m_rec.rpc_failed(step, "ImportResourceState", res.failure(), request);
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("ImportResourceState", res->diagnostics);
    for (const auto& d : res->diagnostics)
      if (d.severity == protocol::Severity::Error) m_import_refusal += d.summary + "\n" + d.detail + "\n";
    return std::nullopt;
  }
  std::vector<oracle::ImportedObject> judged;
  std::vector<LiveObject> out;
  oracle::Violations decoding;
  for (const auto& imported : res->imported_resources) {
    // Another type's object is decoded with its own schema; the suite only follows its own.
    if (imported.type_name != m_type && !imported.type_name.empty()) {
      judged.push_back({imported.type_name, cty::Value::null(cty::Type::dynamic())});
      continue;
    }
    auto decoded = decode_value(m_implied, imported.state, "imported state");
    if (!decoded.value) {
      m_rec.judge(step, "ImportResourceState", decoded.violations, {request, raw_bytes(imported.state)});
      return std::nullopt;
    }
    decoding.insert(decoding.end(), decoded.violations.begin(), decoded.violations.end());
    judged.push_back({imported.type_name, *decoded.value});
    out.push_back({*decoded.value, imported.private_data});
  }
  // A non-null, typed object is what the suite goes on with; check_import judges the rest.
  auto checked = oracle::check_import(judged, res->deferred.has_value());
  decoding.insert(decoding.end(), std::make_move_iterator(checked.begin()), std::make_move_iterator(checked.end()));
  m_rec.judge_lazily(step, "ImportResourceState", decoding, [&] {
    nlohmann::json shown = nlohmann::json::array();
    for (const auto& j : judged) {
      nlohmann::json entry = {{"type_name", j.type_name}};
      if (j.type_name == m_type || j.type_name.empty()) entry["state"] = show(j.state);
      shown.push_back(std::move(entry));
    }
    return StepValues{request, {{"imported_resources", shown}}};
  });
  return out;
}

std::optional<cty::Value> ResourceDriver::read_data(const cty::Value& config, std::string_view step) {
  if (lost()) return std::nullopt;
  auto encoded = encode(config, "configuration");
  if (!encoded) return std::nullopt;
  auto request = [&] { return nlohmann::json{{"type_name", m_type}, {"config", show(config)}}; };
  protocol::ReadDataSourceRequest req;
  req.type_name = m_type;
  req.config = std::move(*encoded);
  auto res = m_client.read_data_source(req);
  if (!res) {
    m_rec.rpc_failed(step, "ReadDataSource", res.failure(), request());
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("ReadDataSource", res->diagnostics);
    m_rec.refused(config, res->diagnostics);
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->state, "data source result");
  if (!decoded.value) {
    m_rec.judge(step, "ReadDataSource", decoded.violations, {request(), raw_bytes(res->state)});
    return std::nullopt;
  }
  m_rec.judge_lazily(step, "ReadDataSource", with_decoding(decoded, oracle::check_data_read(block(), config, *decoded.value)), [&] {
    return StepValues{request(), {{"state", show(*decoded.value)}}, &config, &*decoded.value};
  });
  m_rec.reached(CoverageStep::Read);
  return *decoded.value;
}

}  // namespace tfc::conformance
