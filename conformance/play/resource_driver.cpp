// One RPC at a time, as Core makes it, judged by the oracle: validation, plans, applies and
// reads (the state RPCs are in resource_driver_state.cpp, imports in resource_driver_import.cpp).
#include "conformance/play/resource_driver.hpp"
#include "conformance/core/diagnostics_text.hpp"

#include "conformance/core/client_capabilities.hpp"
#include "conformance/core/value_io.hpp"
#include "conformance/play/decoded_answer.hpp"
#include "oracle/apply_compatible.hpp"
#include "oracle/deferral_rules.hpp"
#include "oracle/identity_rules.hpp"
#include "oracle/plan_valid.hpp"
#include "oracle/proposed_new.hpp"
#include "oracle/rule_id.hpp"
#include "oracle/state_checks.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::conformance {

using driver::raw_bytes;
using driver::with_decoding;
using protocol::Rpc;
using protocol::rpc_name;

namespace {

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

/// A deferred plan: Core skips every plan check of a deferred answer but its type.
oracle::Violations deferred_plan_checked(const cty::Type& implied, const protocol::PlanResourceChangeResponse& res,
                                         bool allow_deferral) {
  oracle::Violations v = oracle::check_deferral(allow_deferral, true);
  if (!allow_deferral) return v;
  auto reason = oracle::check_deferred(rpc_name(Rpc::PlanResourceChange), true, static_cast<int>(res.deferred->reason));
  v.insert(v.end(), reason.begin(), reason.end());
  if (!res.planned_state.empty()) {
    auto decoded = decode_value(implied, res.planned_state, "deferred planned state");
    v.insert(v.end(), decoded.violations.begin(), decoded.violations.end());
  }
  return v;
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
bool ResourceDriver::validate_with(const cty::Value& config, StepName step, protocol::Rpc rpc, Call call) {
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
  if constexpr (requires { req.client_capabilities; }) req.client_capabilities = m_rec.client_capabilities();
  auto res = call(req);
  if (!res) {
    m_rec.rpc_failed(step, rpc, res.failure(), request());
    return false;
  }
  const bool accepted = !protocol::has_error(res->diagnostics);
  m_validated.push_back({rpc, config, accepted});
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

bool ResourceDriver::validate(const cty::Value& config, StepName step) {
  return validate_with<protocol::ValidateResourceConfigRequest>(
      config, step, Rpc::ValidateResourceConfig,
      [&](const auto& req) { return m_client.validate_resource_config(req); });
}

bool ResourceDriver::validate_data(const cty::Value& config, StepName step) {
  return validate_with<protocol::ValidateDataResourceConfigRequest>(
      config, step, Rpc::ValidateDataResourceConfig,
      [&](const auto& req) { return m_client.validate_data_resource_config(req); });
}

std::optional<Planned> ResourceDriver::plan(const cty::Value& prior, const std::string& prior_private,
                                            const cty::Value& config, StepName step,
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
  req.client_capabilities = m_rec.client_capabilities(allow_deferral);
  allow_deferral = req.client_capabilities.deferral_allowed;
  req.prior_identity = encode_identity(prior_identity);
  req.planned_private = planned_private;
  auto res = m_client.plan_resource_change(req);
  if (!res) {
    m_rec.rpc_failed(step, Rpc::PlanResourceChange, res.failure(), request());
    return std::nullopt;
  }
  if (res->deferred) {
    // Judged ahead of the diagnostics (terraform-plugin-go adds an error to a disallowed
    // deferral).
    m_rec.judge(step, Rpc::PlanResourceChange, deferred_plan_checked(m_implied, res.value(), allow_deferral),
                {request(),
                 {{"deferred", static_cast<int>(res->deferred->reason)},
                  {"diagnostics", describe_diagnostics(res->diagnostics)}}});
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject(Rpc::PlanResourceChange, res->diagnostics);
    m_rec.refused(config, res->diagnostics);
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->planned_state, "planned state");
  if (!decoded.value) {
    m_rec.judge(step, Rpc::PlanResourceChange, decoded.violations, {request(), raw_bytes(res->planned_state)});
    return std::nullopt;
  }
  Planned out{std::move(*decoded.value), res->requires_replace, res->planned_private, res->legacy_type_system};
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
  m_rec.judge_lazily(step, Rpc::PlanResourceChange, violations, [&] {
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
                                                const cty::Value& config, StepName step) {
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
    m_rec.rpc_failed(step, Rpc::ApplyResourceChange, res.failure(), request());
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->new_state, "new state");
  if (protocol::has_error(res->diagnostics)) {
    // Core keeps a partial object after a failed apply; the case must still clean it up.
    m_rec.reject(Rpc::ApplyResourceChange, res->diagnostics);
    if (decoded.value && !decoded.value->is_null() && decoded.value->is_wholly_known())
      return LiveObject{*decoded.value, res->private_data, true};
    return std::nullopt;
  }
  if (!decoded.value) {
    m_rec.judge(step, Rpc::ApplyResourceChange, decoded.violations, {request(), raw_bytes(res->new_state)});
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
  m_rec.judge_lazily(step, Rpc::ApplyResourceChange, violations, [&] {
    nlohmann::json response = {{"new_state", show(*decoded.value)}, {"legacy_type_system", res->legacy_type_system}};
    if (identity) response["new_identity"] = show_identity(identity);
    return StepValues{request(), response, &planned.state, &*decoded.value};
  });
  return LiveObject{*decoded.value, res->private_data, false, identity};
}

std::optional<LiveObject> ResourceDriver::read(const LiveObject& object, StepName step) {
  if (lost()) return std::nullopt;
  auto state_dv = encode(object.state, "current state");
  if (!state_dv) return std::nullopt;
  auto request = [&] { return nlohmann::json{{"type_name", m_type}, {"current_state", show(object.state)}}; };
  protocol::ReadResourceRequest req;
  req.type_name = m_type;
  req.current_state = std::move(*state_dv);
  req.private_data = object.private_data;
  req.current_identity = encode_identity(object.identity);
  req.client_capabilities = m_rec.client_capabilities();
  auto res = m_client.read_resource(req);
  if (!res) {
    m_rec.rpc_failed(step, Rpc::ReadResource, res.failure(), request());
    return std::nullopt;
  }
  if (res->deferred) {
    // Ahead of the diagnostics: terraform-plugin-go adds an error to a disallowed deferral.
    m_rec.judge(step, Rpc::ReadResource,
                oracle::check_deferred(rpc_name(Rpc::ReadResource), req.client_capabilities.deferral_allowed,
                                       static_cast<int>(res->deferred->reason)),
                {request(), {{"diagnostics", describe_diagnostics(res->diagnostics)}}});
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject(Rpc::ReadResource, res->diagnostics);
    return std::nullopt;
  }
  auto decoded = decode_value(m_implied, res->new_state, "refreshed state");
  if (!decoded.value) {
    m_rec.judge(step, Rpc::ReadResource, decoded.violations, {request(), raw_bytes(res->new_state)});
    return std::nullopt;
  }
  auto violations = with_decoding(decoded, oracle::check_read(block(), *decoded.value));
  std::optional<cty::Value> identity;
  if (!oracle::has_errors(violations) && !decoded.value->is_null()) {
    auto judged = judge_identity(res->new_identity, identity, true, false, object.identity, "the refreshed state");
    violations.insert(violations.end(), judged.begin(), judged.end());
  }
  m_rec.judge_lazily(step, Rpc::ReadResource, violations, [&] {
    nlohmann::json response = {{"new_state", show(*decoded.value)}};
    if (identity) response["new_identity"] = show_identity(identity);
    return StepValues{request(), response, &object.state, &*decoded.value};
  });
  m_rec.reached(CoverageStep::Read);
  return LiveObject{*decoded.value, res->private_data, false, identity ? identity : object.identity};
}

}  // namespace tfc::conformance
