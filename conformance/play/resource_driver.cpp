// One RPC at a time, as Core makes it, judged by the oracle.
#include "conformance/play/resource_driver.hpp"
#include "conformance/core/diagnostics_text.hpp"

#include <functional>

#include "conformance/core/client_capabilities.hpp"
#include "conformance/core/value_io.hpp"
#include "oracle/apply_compatible.hpp"
#include "oracle/deferral_rules.hpp"
#include "oracle/identity_rules.hpp"
#include "oracle/plan_valid.hpp"
#include "oracle/proposed_new.hpp"
#include "oracle/rule_id.hpp"
#include "oracle/state_checks.hpp"
#include "proto/cty/json.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::conformance {
namespace {

/// The first bytes of an undecodable value, in hex, for the finding.
nlohmann::json raw_bytes(const protocol::DynamicValue& v) { return undecodable_bytes(v); }

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
                               CaseRecorder& recorder, oracle::CheckOptions options,
                               const schema::IdentitySchema* identity)
    : m_client(client),
      m_type(std::move(type_name)),
      m_schema(schema),
      m_rec(recorder),
      m_options(options),
      m_implied(schema::implied_type(schema.block)),
      m_null(cty::Value::null(m_implied)),
      m_identity_schema(identity),
      m_identity_block(identity != nullptr ? oracle::identity_block(*identity) : schema::Block{}),
      m_identity_type(schema::implied_type(m_identity_block)) {}

std::optional<protocol::DynamicValue> ResourceDriver::encode_identity(const std::optional<cty::Value>& identity) {
  if (!has_identity() || !identity || identity->is_null()) return std::nullopt;
  auto encoded = encode_value(m_identity_type, *identity);
  if (!encoded) {
    m_rec.outcome().harness_error = "encoding an identity: " + encoded.error().message;
    return std::nullopt;
  }
  return std::move(*encoded);
}

std::optional<cty::Value> ResourceDriver::decode_identity(const std::optional<protocol::DynamicValue>& wire,
                                                          oracle::Violations& out) {
  if (!wire || wire->empty()) return std::nullopt;
  auto decoded = decode_value(m_identity_type, *wire, "identity");
  for (auto v : decoded.violations) {
    if (v.rule == oracle::rule_text("value.type_mismatch")) v.rule = oracle::rule_text("identity.type_mismatch");
    out.push_back(std::move(v));
  }
  return decoded.value;
}

oracle::Violations ResourceDriver::judge_identity(const std::optional<protocol::DynamicValue>& wire,
                                                  std::optional<cty::Value>& decoded, bool required,
                                                  bool unknown_allowed, const std::optional<cty::Value>& before,
                                                  std::string_view what) {
  oracle::Violations out;
  if (!has_identity()) return out;
  decoded = decode_identity(wire, out);
  if (!decoded) {
    if (out.empty() && required) out = oracle::check_identity_present(false, "identity.missing", what);
    return out;
  }
  auto value =
      oracle::check_identity_value(m_identity_block, *decoded, unknown_allowed, std::string(what) + "'s identity");
  out.insert(out.end(), value.begin(), value.end());
  if (!oracle::has_errors(out) && before) {
    auto kept = oracle::check_identity_kept(m_identity_block, *before, *decoded, what);
    out.insert(out.end(), kept.begin(), kept.end());
  }
  return out;
}

nlohmann::json ResourceDriver::show_identity(const std::optional<cty::Value>& identity) const {
  return identity ? display_json(m_identity_block, *identity) : nlohmann::json();
}

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
  if constexpr (requires { req.client_capabilities; }) req.client_capabilities = core_capabilities();
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
                                            const cty::Value& config, std::string_view step,
                                            const std::optional<cty::Value>& prior_identity, bool allow_deferral,
                                            const std::string& planned_private) {
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
  req.client_capabilities = core_capabilities(allow_deferral);
  req.prior_identity = encode_identity(prior_identity);
  req.planned_private = planned_private;
  auto res = m_client.plan_resource_change(req);
  if (!res) {
    m_rec.rpc_failed(step, "PlanResourceChange", res.failure(), request());
    return std::nullopt;
  }
  if (res->deferred) {
    // Judged ahead of the diagnostics (terraform-plugin-go adds an error to a disallowed
    // deferral). Core skips every plan check of a deferred answer but its type.
    oracle::Violations v = oracle::check_deferral(allow_deferral, true);
    auto reason = oracle::check_deferred("PlanResourceChange", allow_deferral, static_cast<int>(res->deferred->reason));
    if (allow_deferral) v.insert(v.end(), reason.begin(), reason.end());
    if (allow_deferral && !res->planned_state.empty()) {
      auto decoded = decode_value(m_implied, res->planned_state, "deferred planned state");
      v.insert(v.end(), decoded.violations.begin(), decoded.violations.end());
    }
    m_rec.judge(step, "PlanResourceChange", v,
                {request(),
                 {{"deferred", static_cast<int>(res->deferred->reason)},
                  {"diagnostics", describe_diagnostics(res->diagnostics)}}});
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
  if (!oracle::has_errors(violations) && !config.is_null()) {
    // Unknown only in a create or replace plan, or where the prior has no identity yet (a
    // state from before identities: the read that Core makes first would fill it in).
    const bool fresh =
        prior.is_null() || out.action == oracle::Action::Replace || !prior_identity || prior_identity->is_null();
    const bool same_object = out.action == oracle::Action::NoOp || out.action == oracle::Action::Update;
    auto identity = judge_identity(res->planned_identity, out.identity, false, fresh,
                                   same_object ? prior_identity : std::nullopt, "the planned state");
    violations.insert(violations.end(), identity.begin(), identity.end());
  }
  m_rec.judge_lazily(step, "PlanResourceChange", violations, [&] {
    nlohmann::json response = {{"planned_state", show(out.state)},
                               {"requires_replace", paths_json(out.requires_replace)},
                               {"legacy_type_system", out.legacy_type_system}};
    if (out.identity) response["planned_identity"] = show_identity(out.identity);
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
  req.planned_identity = encode_identity(planned.identity);
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
  auto violations = with_decoding(decoded, oracle::check_apply(block(), planned.state, *decoded.value, options));
  std::optional<cty::Value> identity;
  if (!oracle::has_errors(violations) && !decoded.value->is_null()) {
    auto judged = judge_identity(res->new_identity, identity, true, false, planned.identity, "the new state");
    violations.insert(violations.end(), judged.begin(), judged.end());
  }
  m_rec.judge_lazily(step, "ApplyResourceChange", violations, [&] {
    nlohmann::json response = {{"new_state", show(*decoded.value)}, {"legacy_type_system", res->legacy_type_system}};
    if (identity) response["new_identity"] = show_identity(identity);
    return StepValues{request(), response, &planned.state, &*decoded.value};
  });
  return LiveObject{*decoded.value, res->private_data, false, identity};
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
  req.current_identity = encode_identity(object.identity);
  req.client_capabilities = core_capabilities();
  auto res = m_client.read_resource(req);
  if (!res) {
    m_rec.rpc_failed(step, "ReadResource", res.failure(), request());
    return std::nullopt;
  }
  if (res->deferred) {
    // Ahead of the diagnostics: terraform-plugin-go adds an error to a disallowed deferral.
    m_rec.judge(step, "ReadResource",
                oracle::check_deferred("ReadResource", false, static_cast<int>(res->deferred->reason)),
                {request(), {{"diagnostics", describe_diagnostics(res->diagnostics)}}});
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
  auto violations = with_decoding(decoded, oracle::check_read(block(), *decoded.value));
  std::optional<cty::Value> identity;
  if (!oracle::has_errors(violations) && !decoded.value->is_null()) {
    auto judged = judge_identity(res->new_identity, identity, true, false, object.identity, "the refreshed state");
    violations.insert(violations.end(), judged.begin(), judged.end());
  }
  m_rec.judge_lazily(step, "ReadResource", violations, [&] {
    nlohmann::json response = {{"new_state", show(*decoded.value)}};
    if (identity) response["new_identity"] = show_identity(identity);
    return StepValues{request(), response, &object.state, &*decoded.value};
  });
  m_rec.reached(CoverageStep::Read);
  return LiveObject{*decoded.value, res->private_data, false, identity ? identity : object.identity};
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
    auto write_only =
        oracle::check_write_only_null(block(), *decoded.value, "upgrade.write_only_not_null", "the upgraded state");
    violations.insert(violations.end(), write_only.begin(), write_only.end());
  }
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
  protocol::ImportResourceStateRequest req;
  req.type_name = m_type;
  req.id = id;
  req.client_capabilities = core_capabilities();
  return import_with(req, {{"type_name", m_type}, {"id", id}}, step, {});
}

std::optional<LiveObject> ResourceDriver::import_identity(const cty::Value& identity, std::string_view step) {
  protocol::ImportResourceStateRequest req;
  req.type_name = m_type;
  req.client_capabilities = core_capabilities();
  req.identity = encode_identity(identity);
  if (!req.identity) return std::nullopt;
  const nlohmann::json request = {{"type_name", m_type}, {"identity", show_identity(identity)}};
  // Judged with the import answer: the object must come back with this very identity.
  auto judge_identity_of = [&](const LiveObject& object) {
    auto v =
        oracle::check_identity_present(object.identity.has_value(), "import.identity_missing", "the imported object");
    if (object.identity && v.empty()) v = oracle::check_import_identity(m_identity_block, identity, *object.identity);
    return v;
  };
  auto imported = import_with(req, request, step, judge_identity_of);
  if (!imported || imported->size() != 1) return std::nullopt;
  return imported->front();
}

std::optional<std::vector<LiveObject>> ResourceDriver::import_with(
    const protocol::ImportResourceStateRequest& req, const nlohmann::json& request, std::string_view step,
    const std::function<oracle::Violations(const LiveObject&)>& also) {
  if (lost()) return std::nullopt;
  m_import_refusal.clear();
  auto res = m_client.import_resource_state(req);
  if (!res) {
    m_rec.rpc_failed(step, "ImportResourceState", res.failure(), request);
    return std::nullopt;
  }
  if (res->deferred) {
    // Ahead of the diagnostics: terraform-plugin-go adds an error to a disallowed deferral.
    m_rec.judge(step, "ImportResourceState",
                oracle::check_deferred("ImportResourceState", false, static_cast<int>(res->deferred->reason)),
                {request, {{"diagnostics", describe_diagnostics(res->diagnostics)}}});
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
    LiveObject object{*decoded.value, imported.private_data};
    if (has_identity()) {
      object.identity = decode_identity(imported.identity, decoding);
      if (object.identity) {
        auto v = oracle::check_identity_value(m_identity_block, *object.identity, false, "the imported identity");
        decoding.insert(decoding.end(), v.begin(), v.end());
      }
    }
    auto write_only =
        oracle::check_write_only_null(block(), object.state, "import.write_only_not_null", "the imported state");
    decoding.insert(decoding.end(), write_only.begin(), write_only.end());
    out.push_back(std::move(object));
  }
  // A non-null, typed object is what the suite goes on with; check_import judges the rest.
  auto checked = oracle::check_import(judged, false);
  decoding.insert(decoding.end(), std::make_move_iterator(checked.begin()), std::make_move_iterator(checked.end()));
  if (also && out.size() == 1 && !oracle::has_errors(decoding)) {
    auto more = also(out.front());
    decoding.insert(decoding.end(), more.begin(), more.end());
  }
  m_rec.judge_lazily(step, "ImportResourceState", decoding, [&] {
    nlohmann::json shown = nlohmann::json::array();
    for (std::size_t i = 0; i < judged.size(); ++i) {
      const auto& j = judged[i];
      nlohmann::json entry = {{"type_name", j.type_name}};
      if (j.type_name == m_type || j.type_name.empty()) entry["state"] = show(j.state);
      shown.push_back(std::move(entry));
    }
    for (std::size_t i = 0; i < out.size() && i < shown.size(); ++i) {
      if (out[i].identity) shown[i]["identity"] = show_identity(out[i].identity);
    }
    return StepValues{request, {{"imported_resources", shown}}};
  });
  return out;
}

std::optional<LiveObject> ResourceDriver::move(const LiveObject& source, const std::string& source_address,
                                               std::string_view step) {
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
    m_rec.rpc_failed(step, "MoveResourceState", res.failure(), request());
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("MoveResourceState: " + describe_diagnostics(res->diagnostics));
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->target_state, "moved state");
  if (!decoded.value) {
    m_rec.judge(step, "MoveResourceState", decoded.violations, {request(), raw_bytes(res->target_state)});
    return std::nullopt;
  }
  auto violations = with_decoding(decoded, oracle::check_move(block(), *decoded.value));
  std::optional<cty::Value> identity;
  if (!oracle::has_errors(violations)) {
    auto judged = judge_identity(res->target_identity, identity, source.identity.has_value(), false, source.identity,
                                 "the moved state");
    violations.insert(violations.end(), judged.begin(), judged.end());
  }
  m_rec.judge_lazily(step, "MoveResourceState", violations, [&] {
    nlohmann::json response = {{"target_state", show(*decoded.value)}};
    if (identity) response["target_identity"] = show_identity(identity);
    return StepValues{request(), response, &source.state, &*decoded.value};
  });
  if (oracle::has_errors(violations) || decoded.value->is_null()) return std::nullopt;
  return LiveObject{*decoded.value, res->target_private, false, identity ? identity : source.identity};
}

void ResourceDriver::generate_config(const cty::Value& state, std::string_view step) {
  if (lost()) return;
  auto encoded = encode(state, "state");
  if (!encoded) return;
  auto request = [&] { return nlohmann::json{{"type_name", m_type}, {"state", show(state)}}; };
  auto res = m_client.generate_resource_config({m_type, std::move(*encoded)});
  if (!res) {
    m_rec.rpc_failed(step, "GenerateResourceConfig", res.failure(), request());
    return;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("GenerateResourceConfig: " + describe_diagnostics(res->diagnostics));
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
  m_rec.judge_lazily(step, "GenerateResourceConfig", v, [&] {
    nlohmann::json response = decoded.value ? nlohmann::json{{"config", show(*decoded.value)}} : raw_bytes(res->config);
    return StepValues{request(), response, nullptr, decoded.value ? &*decoded.value : nullptr};
  });
}

void ResourceDriver::upgrade_identity(const cty::Value& identity, std::string_view step) {
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
    m_rec.rpc_failed(step, "UpgradeResourceIdentity", res.failure(), request);
    return;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject("UpgradeResourceIdentity: " + describe_diagnostics(res->diagnostics));
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
  m_rec.judge_lazily(step, "UpgradeResourceIdentity", v, [&] {
    return StepValues{request, {{"upgraded_identity", show_identity(upgraded)}}};
  });
}

std::optional<cty::Value> ResourceDriver::read_data(const cty::Value& config, std::string_view step) {
  if (lost()) return std::nullopt;
  auto encoded = encode(config, "configuration");
  if (!encoded) return std::nullopt;
  auto request = [&] { return nlohmann::json{{"type_name", m_type}, {"config", show(config)}}; };
  protocol::ReadDataSourceRequest req;
  req.type_name = m_type;
  req.client_capabilities = core_capabilities();
  req.config = std::move(*encoded);
  auto res = m_client.read_data_source(req);
  if (!res) {
    m_rec.rpc_failed(step, "ReadDataSource", res.failure(), request());
    return std::nullopt;
  }
  if (res->deferred) {
    m_rec.judge(step, "ReadDataSource",
                oracle::check_deferred("ReadDataSource", false, static_cast<int>(res->deferred->reason)),
                {request(), {{"diagnostics", describe_diagnostics(res->diagnostics)}}});
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
  m_rec.judge_lazily(step, "ReadDataSource",
                     with_decoding(decoded, oracle::check_data_read(block(), config, *decoded.value)), [&] {
                       return StepValues{request(), {{"state", show(*decoded.value)}}, &config, &*decoded.value};
                     });
  m_rec.reached(CoverageStep::Read);
  return *decoded.value;
}

}  // namespace tfc::conformance
