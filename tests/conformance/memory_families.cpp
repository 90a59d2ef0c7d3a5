#include "tests/conformance/memory_families.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>

#include "conformance/core/value_io.hpp"
#include "oracle/identity_rules.hpp"
#include "proto/cty/json.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::conformance::testing {
namespace {

schema::Schema schema_of(const char* json) {
  schema::Schema out;
  out.block = *schema::block_from_json(nlohmann::json::parse(json));
  return out;
}

const schema::Schema& secret() {
  static const schema::Schema s = schema_of(R"({"attributes": {
      "name": {"type": "string", "required": true},
      "length": {"type": "number", "optional": true},
      "value": {"type": "string", "computed": true}}})");
  return s;
}

const schema::Schema& list_config() {
  static const schema::Schema s = schema_of(R"({"attributes": {"name_prefix": {"type": "string", "optional": true}}})");
  return s;
}

const schema::Schema& notify() {
  static const schema::Schema s = schema_of(R"({"attributes": {"message": {"type": "string", "required": true}}})");
  return s;
}

const schema::Block& thing_block() {
  static const schema::Schema s = MemoryProvider::thing_schema();
  return s.block;
}

const cty::Type& identity_type() {
  static const cty::Type t = schema::implied_type(oracle::identity_block(MemoryFamilyProvider::thing_identity()));
  return t;
}

cty::Value decoded(const schema::Block& block, const protocol::DynamicValue& v) {
  return *decode_value(block, v, "value").value;
}

cty::Value with(const cty::Value& object, const std::string& name, cty::Value value) {
  auto values = object.attribute_values();
  values[static_cast<std::size_t>(object.type().attribute_index(name))] = std::move(value);
  return cty::Value::object(object.type(), std::move(values));
}

bool known_string(const cty::Value* v) { return v != nullptr && v->is_known() && !v->is_null(); }

/// The identity of a stored object: { id }.
protocol::DynamicValue identity_of(const std::string& id) {
  return *encode_value(identity_type(), cty::Value::object({{"id", cty::Value::string(id)}}));
}

std::string id_of(const protocol::DynamicValue& state) {
  const cty::Value v = decoded(thing_block(), state);
  const cty::Value* id = v.is_null() ? nullptr : v.attribute("id");
  return known_string(id) ? id->as_string() : std::string();
}

protocol::Timestamp in(std::chrono::seconds from_now) {
  const auto at = std::chrono::system_clock::now() + from_now;
  return {std::chrono::duration_cast<std::chrono::seconds>(at.time_since_epoch()).count(), 0};
}

protocol::Diagnostic error(std::string summary, std::optional<cty::Path> at = std::nullopt) {
  return {protocol::Severity::Error, std::move(summary), "", std::move(at)};
}

/// terraform-plugin-framework-validators' OneOf diagnostic for a known string at `name` outside
/// `allowed`; nullopt when it is allowed (or null or unknown).
std::optional<protocol::Diagnostic> not_one_of(const cty::Value& config, const std::string& name,
                                               const std::vector<std::string>& allowed) {
  const cty::Value* v = config.attribute(name);
  if (v == nullptr || v->is_null() || !v->is_known()) return std::nullopt;
  const std::string text = v->type().kind() == cty::Kind::String ? v->as_string() : v->as_number().canonical();
  if (std::find(allowed.begin(), allowed.end(), text) != allowed.end()) return std::nullopt;
  std::string listed;
  for (const auto& a : allowed) listed += (listed.empty() ? "\"" : " \"") + a + "\"";
  protocol::Diagnostic d;
  d.severity = protocol::Severity::Error;
  d.summary = "Invalid Attribute Value Match";
  d.detail = "Attribute " + name + " value must be one of: [" + listed + "], got: \"" + text + "\"";
  d.attribute = cty::Path().attribute(name);
  return d;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

MemoryFamilyProvider::MemoryFamilyProvider(FamilyFault fault, bool picky) : m_fault(fault), m_picky(picky) {
  // Objects that were there before the suite came: what a list finds without --apply.
  for (const char* seed : {R"({"id": "seed-1", "name": "alpha", "size": null, "tags": null, "rule": []})",
                           R"({"id": "seed-2", "name": "beta", "size": 2, "tags": null, "rule": []})"}) {
    const auto v = *cty::json_decode(seed, schema::implied_type(thing_block()));
    objects()[v.attribute("id")->as_string()] = encode_value(thing_block(), v)->msgpack;
  }
}

nlohmann::json MemoryFamilyProvider::concat_signature() {
  return nlohmann::json::parse(R"({"return_type": "string", "parameters": [
      {"name": "left", "type": "string"},
      {"name": "right", "type": "string", "is_nullable": true, "allow_unknown_values": true}]})");
}

schema::Schema MemoryFamilyProvider::secret_schema() { return secret(); }
schema::Schema MemoryFamilyProvider::list_schema() { return list_config(); }
schema::Schema MemoryFamilyProvider::notify_schema() { return notify(); }

schema::IdentitySchema MemoryFamilyProvider::thing_identity() {
  schema::IdentitySchema s;
  s.attributes.push_back({"id", cty::Type::string(), true, false, ""});
  return s;
}

schema::ProviderSchema MemoryFamilyProvider::provider_schema() {
  schema::ProviderSchema s;
  s.resource_schemas["mem_thing"] = thing_schema();
  s.identity_schemas["mem_thing"] = thing_identity();
  s.functions["mem_concat"] = concat_signature();
  s.ephemeral_resource_schemas["mem_secret"] = secret();
  s.list_resource_schemas["mem_thing"] = list_config();
  s.action_schemas["mem_notify"] = notify();
  return s;
}

protocol::RpcResult<protocol::GetProviderSchemaResponse> MemoryFamilyProvider::get_provider_schema(
    const protocol::GetProviderSchemaRequest& req) {
  auto r = MemoryProvider::get_provider_schema(req);
  auto all = provider_schema();
  r->schema.functions = all.functions;
  r->schema.ephemeral_resource_schemas = all.ephemeral_resource_schemas;
  r->schema.list_resource_schemas = all.list_resource_schemas;
  r->schema.action_schemas = all.action_schemas;
  return r;
}

protocol::RpcResult<protocol::GetResourceIdentitySchemasResponse> MemoryFamilyProvider::get_resource_identity_schemas(
    const protocol::GetResourceIdentitySchemasRequest&) {
  note("GetResourceIdentitySchemas");
  protocol::GetResourceIdentitySchemasResponse r;
  r.identity_schemas["mem_thing"] = thing_identity();
  return r;
}

protocol::RpcResult<protocol::GetMetadataResponse> MemoryFamilyProvider::get_metadata(
    const protocol::GetMetadataRequest&) {
  note("GetMetadata");
  protocol::GetMetadataResponse r;
  r.resources = {"mem_thing"};
  r.functions = {"mem_concat"};
  r.ephemeral_resources = {"mem_secret"};
  r.list_resources = {"mem_thing"};
  if (m_fault != FamilyFault::MetadataOmitsTheAction) r.actions = {"mem_notify"};
  return r;
}

// --- mem_thing with its identity

protocol::RpcResult<protocol::ApplyResourceChangeResponse> MemoryFamilyProvider::apply_resource_change(
    const protocol::ApplyResourceChangeRequest& req) {
  auto r = MemoryProvider::apply_resource_change(req);
  if (r && !protocol::has_error(r->diagnostics)) {
    if (const auto id = id_of(r->new_state); !id.empty()) r->new_identity = identity_of(id);
  }
  return r;
}

protocol::RpcResult<protocol::ReadResourceResponse> MemoryFamilyProvider::read_resource(
    const protocol::ReadResourceRequest& req) {
  auto r = MemoryProvider::read_resource(req);
  if (r) {
    if (const auto id = id_of(r->new_state); !id.empty()) r->new_identity = identity_of(id);
  }
  return r;
}

protocol::RpcResult<protocol::ImportResourceStateResponse> MemoryFamilyProvider::import_resource_state(
    const protocol::ImportResourceStateRequest& req) {
  protocol::ImportResourceStateRequest by_id = req;
  if (req.identity) {
    const auto identity = decode_value(identity_type(), *req.identity, "identity");
    if (identity.value && known_string(identity.value->attribute("id")))
      by_id.id = identity.value->attribute("id")->as_string();
  }
  auto r = MemoryProvider::import_resource_state(by_id);
  if (r) {
    for (auto& imported : r->imported_resources) imported.identity = identity_of(id_of(imported.state));
  }
  return r;
}

protocol::RpcResult<protocol::UpgradeResourceIdentityResponse> MemoryFamilyProvider::upgrade_resource_identity(
    const protocol::UpgradeResourceIdentityRequest& req) {
  note("UpgradeResourceIdentity");
  protocol::UpgradeResourceIdentityResponse r;
  auto identity = cty::json_decode(req.raw_identity.json, identity_type());
  if (!identity) {
    r.diagnostics.push_back(error("unreadable identity: " + identity.error().message));
    return r;
  }
  r.upgraded_identity = *encode_value(identity_type(), *identity);
  return r;
}

// --- functions

protocol::RpcResult<protocol::GetFunctionsResponse> MemoryFamilyProvider::get_functions(
    const protocol::GetFunctionsRequest&) {
  note("GetFunctions");
  protocol::GetFunctionsResponse r;
  r.functions["mem_concat"] = concat_signature();
  if (m_fault == FamilyFault::FunctionSignaturesDisagree) r.functions["mem_concat"]["return_type"] = "number";
  return r;
}

protocol::RpcResult<protocol::CallFunctionResponse> MemoryFamilyProvider::call_function(
    const protocol::CallFunctionRequest& req) {
  note("CallFunction");
  ++m_function_calls;
  protocol::CallFunctionResponse r;
  if (req.name != "mem_concat" || req.arguments.size() != 2) {
    r.error = protocol::FunctionError{"mem_concat takes two arguments", std::nullopt};
    return r;
  }
  const auto left = decode_value(cty::Type::string(), req.arguments[0], "left").value;
  const auto right = decode_value(cty::Type::string(), req.arguments[1], "right").value;
  if (!left || !right || left->is_null()) {
    r.error = protocol::FunctionError{"unreadable arguments", 0};
    return r;
  }
  if (m_fault == FamilyFault::FunctionReturnsNothing) return r;
  if (m_fault == FamilyFault::FunctionBlamesMissingArgument) {
    r.error = protocol::FunctionError{"the third argument is wrong", 2};
    return r;
  }
  cty::Value result = cty::Value::unknown(cty::Type::string());
  if (!right->is_known()) {
    if (m_fault == FamilyFault::FunctionContradictsUnknownResult) result = cty::Value::string("contradiction");
  } else if (m_fault != FamilyFault::FunctionUnknownForKnown) {
    std::string s = left->as_string() + (right->is_null() ? "" : right->as_string());
    if (m_fault == FamilyFault::FunctionCountsCalls) s += "#" + std::to_string(m_function_calls);
    result = cty::Value::string(s);
  }
  r.result = *encode_value(cty::Type::string(), result);
  return r;
}

// --- ephemeral resources

protocol::RpcResult<protocol::ValidateEphemeralResourceConfigResponse>
MemoryFamilyProvider::validate_ephemeral_resource_config(const protocol::ValidateEphemeralResourceConfigRequest& req) {
  note("ValidateEphemeralResourceConfig");
  protocol::ValidateEphemeralResourceConfigResponse r;
  const cty::Value config = decoded(secret().block, req.config);
  if (m_fault == FamilyFault::ValidateRefusesUnknownLength && !config.attribute("length")->is_known())
    r.diagnostics.push_back(error("length must be known", cty::Path().attribute("length")));
  if (auto refused = m_picky ? not_one_of(config, "name", {"alpha", "beta"}) : std::nullopt)
    r.diagnostics.push_back(*refused);
  return r;
}

protocol::RpcResult<protocol::OpenEphemeralResourceResponse> MemoryFamilyProvider::open_ephemeral_resource(
    const protocol::OpenEphemeralResourceRequest& req) {
  note("OpenEphemeralResource");
  protocol::OpenEphemeralResourceResponse r;
  const cty::Value config = decoded(secret().block, req.config);
  if (auto refused = m_picky ? not_one_of(config, "length", {"8", "16", "32"}) : std::nullopt) {
    r.diagnostics.push_back(*refused);
    r.result = *encode_value(secret().block, cty::Value::null(config.type()));
    return r;
  }
  if (m_fault == FamilyFault::OpenDefers) {
    r.deferred = protocol::Deferred{protocol::DeferredReason::AbsentPrereq};
    r.result = *encode_value(secret().block, cty::Value::null(config.type()));
    return r;
  }
  cty::Value result = with(config, "value", cty::Value::string("secret-of-" + config.attribute("name")->as_string()));
  if (m_fault == FamilyFault::OpenReturnsNull) result = cty::Value::null(config.type());
  if (m_fault == FamilyFault::OpenChangesName)
    result = with(result, "name", cty::Value::string(upper(config.attribute("name")->as_string()) + "!"));
  if (m_fault == FamilyFault::OpenLeavesValueUnknown)
    result = with(result, "value", cty::Value::unknown(cty::Type::string()));
  r.result = *encode_value(secret().block, result);
  r.private_data = "lease-" + std::to_string(++m_leases);
  r.renew_at = in(m_fault == FamilyFault::OpenRenewsInThePast ? std::chrono::seconds(-60) : std::chrono::hours(1));
  ++m_open_leases;
  return r;
}

protocol::RpcResult<protocol::RenewEphemeralResourceResponse> MemoryFamilyProvider::renew_ephemeral_resource(
    const protocol::RenewEphemeralResourceRequest& req) {
  note("RenewEphemeralResource");
  protocol::RenewEphemeralResourceResponse r;
  const std::string latest = "lease-" + std::to_string(m_leases);
  if (m_fault == FamilyFault::RenewRejectsItsLease || req.private_data != latest) {
    r.diagnostics.push_back(error("no such lease"));
    return r;
  }
  r.private_data = latest;
  return r;
}

protocol::RpcResult<protocol::CloseEphemeralResourceResponse> MemoryFamilyProvider::close_ephemeral_resource(
    const protocol::CloseEphemeralResourceRequest& req) {
  note("CloseEphemeralResource");
  protocol::CloseEphemeralResourceResponse r;
  // A lease closes once; closing it again is refused (Core never does, the play tries).
  if (!req.private_data || req.private_data->rfind("lease-", 0) != 0 || m_open_leases == 0) {
    r.diagnostics.push_back(error("no open lease"));
    return r;
  }
  --m_open_leases;
  return r;
}

// --- list resources

protocol::RpcResult<protocol::ValidateListResourceConfigResponse> MemoryFamilyProvider::validate_list_resource_config(
    const protocol::ValidateListResourceConfigRequest& req) {
  note("ValidateListResourceConfig");
  protocol::ValidateListResourceConfigResponse r;
  if (auto refused =
          m_picky ? not_one_of(decoded(list_config().block, req.config), "name_prefix", {"al"}) : std::nullopt)
    r.diagnostics.push_back(*refused);
  return r;
}

protocol::RpcResult<protocol::ListResourceResponse> MemoryFamilyProvider::list_resource(
    const protocol::ListResourceRequest& req) {
  note("ListResource");
  protocol::ListResourceResponse r;
  const cty::Value config = decoded(list_config().block, req.config);
  const cty::Value* prefix = config.attribute("name_prefix");
  for (const auto& [id, msgpack] : objects()) {  // sorted by id: a stable order
    if (m_fault != FamilyFault::ListIgnoresLimit && req.limit > 0 &&
        static_cast<std::int64_t>(r.events.size()) >= req.limit)
      break;
    if (m_fault == FamilyFault::ListHidesNewObjects && id.rfind("seed-", 0) != 0) continue;
    cty::Value object = decoded(thing_block(), {msgpack, ""});
    const std::string name = object.attribute("name")->as_string();
    if (known_string(prefix) && name.rfind(prefix->as_string(), 0) != 0) continue;
    if (m_fault == FamilyFault::ListUppercasesObjectNames)
      object = with(object, "name", cty::Value::string(upper(name)));
    protocol::ListResourceEvent e;
    e.display_name = name;
    if (m_fault == FamilyFault::ListNullIdentity)
      e.identity = *encode_value(identity_type(), cty::Value::object({{"id", cty::Value::null(cty::Type::string())}}));
    else if (m_fault != FamilyFault::ListWithoutIdentity)
      e.identity = identity_of(id);
    if (req.include_resource_object && m_fault != FamilyFault::ListOmitsObjects)
      e.resource_object = *encode_value(thing_block(), object);
    r.events.push_back(e);
    if (m_fault == FamilyFault::ListRepeatsEachObject) r.events.push_back(e);
  }
  return r;
}

// --- actions

protocol::RpcResult<protocol::ValidateActionConfigResponse> MemoryFamilyProvider::validate_action_config(
    const protocol::ValidateActionConfigRequest&) {
  note("ValidateActionConfig");
  return protocol::ValidateActionConfigResponse{};
}

protocol::RpcResult<protocol::PlanActionResponse> MemoryFamilyProvider::plan_action(
    const protocol::PlanActionRequest& req) {
  note("PlanAction");
  protocol::PlanActionResponse r;
  if (auto refused = m_picky ? not_one_of(decoded(notify().block, req.config), "message", {"hello"}) : std::nullopt) {
    r.diagnostics.push_back(*refused);
    return r;
  }
  if (m_fault == FamilyFault::PlanActionDefers)
    r.deferred = protocol::Deferred{protocol::DeferredReason::ProviderConfigUnknown};
  if (m_fault == FamilyFault::PlanActionDefersForAbsentPrereq && req.client_capabilities.deferral_allowed)
    r.deferred = protocol::Deferred{protocol::DeferredReason::AbsentPrereq};
  return r;
}

protocol::RpcResult<protocol::InvokeActionResponse> MemoryFamilyProvider::invoke_action(
    const protocol::InvokeActionRequest& req) {
  note("InvokeAction");
  ++m_invocations;
  protocol::InvokeActionResponse r;
  const cty::Value config = decoded(notify().block, req.config);
  r.events.push_back(
      {protocol::InvokeEventKind::Progress, "notifying " + config.attribute("message")->as_string(), {}});
  if (m_fault == FamilyFault::InvokeSendsEmptyEvent) r.events.push_back({});
  if (m_fault != FamilyFault::InvokeNeverCompletes) r.events.push_back({protocol::InvokeEventKind::Completed, "", {}});
  return r;
}

}  // namespace tfc::conformance::testing
