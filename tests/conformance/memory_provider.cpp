#include "tests/conformance/memory_provider.hpp"

#include <algorithm>
#include <cctype>

#include "conformance/core/value_io.hpp"
#include "proto/cty/json.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::conformance::testing {
namespace {

const schema::Schema& schema_ref() {
  static const schema::Schema s = [] {
    schema::Schema out;
    out.version = 0;
    out.block = *schema::block_from_json(nlohmann::json::parse(R"({
      "attributes": {
        "id": {"type": "string", "computed": true},
        "name": {"type": "string", "required": true},
        "size": {"type": "number", "optional": true},
        "tags": {"type": ["map", "string"], "optional": true}
      },
      "block_types": {
        "rule": {"nesting_mode": "list", "block": {"attributes": {"port": {"type": "number", "required": true}}}}
      }
    })"));
    return out;
  }();
  return s;
}

const schema::Block& block() { return schema_ref().block; }

cty::Value decode(const protocol::DynamicValue& v) { return *decode_value(block(), v, "value").value; }
protocol::DynamicValue encode(const cty::Value& v) { return *encode_value(block(), v); }

/// `object` with attribute `name` replaced by `value`.
cty::Value with(const cty::Value& object, const std::string& name, cty::Value value) {
  auto values = object.attribute_values();
  values[static_cast<std::size_t>(object.type().attribute_index(name))] = std::move(value);
  return cty::Value::object(object.type(), std::move(values));
}

}  // namespace

MemoryProvider::MemoryProvider(MemoryFault fault, bool validates, std::vector<std::string> types)
    : m_fault(fault), m_validates(validates), m_types(std::move(types)) {}

void MemoryProvider::note(const char* rpc) {
  ++m_calls;
  m_log.push_back(std::string("[INFO] memory provider: ") + rpc);
}

schema::Schema MemoryProvider::thing_schema() { return schema_ref(); }

protocol::RpcResult<protocol::GetProviderSchemaResponse> MemoryProvider::get_provider_schema(
    const protocol::GetProviderSchemaRequest&) {
  note("GetProviderSchema");
  protocol::GetProviderSchemaResponse r;
  for (const auto& type : m_types) r.schema.resource_schemas[type] = schema_ref();
  return r;
}

protocol::RpcResult<protocol::ValidateProviderConfigResponse> MemoryProvider::validate_provider_config(
    const protocol::ValidateProviderConfigRequest&) {
  note("ValidateProviderConfig");
  return protocol::ValidateProviderConfigResponse{};
}

protocol::RpcResult<protocol::ConfigureProviderResponse> MemoryProvider::configure_provider(
    const protocol::ConfigureProviderRequest&) {
  note("ConfigureProvider");
  return protocol::ConfigureProviderResponse{};
}

namespace {

protocol::Diagnostic error_at(cty::Path path, std::string summary, std::string detail = "") {
  protocol::Diagnostic d;
  d.severity = protocol::Severity::Error;
  d.summary = std::move(summary);
  d.detail = std::move(detail);
  d.attribute = std::move(path);
  return d;
}

bool known_set(const cty::Value* v) { return v != nullptr && v->is_known() && !v->is_null(); }

// The checks of a validating MemoryProvider, in terraform-plugin-sdk's and the framework's words.
protocol::Diagnostics validation_errors(const cty::Value& config) {
  protocol::Diagnostics out;
  const cty::Value* name = config.attribute("name");
  if (known_set(name)) {
    const std::string& s = name->as_string();
    const bool ok =
        s.size() >= 3 && s.size() <= 8 && std::all_of(s.begin(), s.end(), [](char c) { return c >= 'a' && c <= 'z'; });
    if (!ok)
      out.push_back(error_at(cty::Path().attribute("name"),
                             "expected value of name to match regular expression \"^[a-z]{3,8}$\", got " + s));
  }
  const cty::Value* size = config.attribute("size");
  if (known_set(size)) {
    const double d = size->as_number().to_double_approx();
    if (!(d >= 1 && d <= 10) || d != static_cast<double>(static_cast<long long>(d)))
      out.push_back(error_at(cty::Path().attribute("size"),
                             "expected size to be in the range (1 - 10), got " + size->as_number().canonical()));
  }
  const cty::Value* tags = config.attribute("tags");
  if (known_set(tags) && known_set(size)) {
    out.push_back(error_at(cty::Path().attribute("tags"), "Conflicting configuration arguments",
                           "\"tags\": conflicts with size"));
  }
  const cty::Value* rules = config.attribute("rule");
  if (rules != nullptr && rules->is_known() && !rules->is_null()) {
    for (std::size_t i = 0; i < rules->length(); ++i) {
      const cty::Value* port = rules->elements()[i].attribute("port");
      if (!known_set(port)) continue;
      const double d = port->as_number().to_double_approx();
      if (!(d >= 1 && d <= 65535))
        out.push_back(error_at(cty::Path().attribute("rule").index(static_cast<std::int64_t>(i)).attribute("port"),
                               "Invalid Attribute Value",
                               "Attribute rule[" + std::to_string(i) +
                                   "].port value must be between 1 and 65535, got: " + port->as_number().canonical()));
    }
  }
  return out;
}

}  // namespace

protocol::RpcResult<protocol::ValidateResourceConfigResponse> MemoryProvider::validate_resource_config(
    const protocol::ValidateResourceConfigRequest& req) {
  note("ValidateResourceConfig");
  protocol::ValidateResourceConfigResponse r;
  if (m_validates) r.diagnostics = validation_errors(decode(req.config));
  return r;
}

protocol::RpcResult<protocol::PlanResourceChangeResponse> MemoryProvider::plan_resource_change(
    const protocol::PlanResourceChangeRequest& req) {
  note("PlanResourceChange");
  const cty::Value prior = decode(req.prior_state);
  cty::Value planned = decode(req.proposed_new_state);
  protocol::PlanResourceChangeResponse r;
  if (m_fault == MemoryFault::PlanRefusesCreate && prior.is_null()) {
    r.diagnostics.push_back({protocol::Severity::Error, "cannot create", "", std::nullopt});
    return r;
  }
  const bool defer = m_fault == MemoryFault::PlanDefersAlways ||
                     (m_fault == MemoryFault::DeferredPlanHasAnotherType && req.client_capabilities.deferral_allowed);
  if (defer) {
    r.deferred = protocol::Deferred{protocol::DeferredReason::AbsentPrereq};
    if (m_fault == MemoryFault::DeferredPlanHasAnotherType) {
      const auto wrong = cty::Value::object({{"id", cty::Value::number(cty::Number(1))}});
      r.planned_state = *conformance::encode_value(wrong.type(), wrong);
      return r;
    }
  }
  if (m_fault == MemoryFault::SecondUpdateStale && !prior.is_null() && !planned.is_null()) {
    for (const char* name : {"name", "tags"}) {
      if (!raw_equals(*prior.attribute(name), *planned.attribute(name)))
        r.requires_replace.push_back(cty::Path().attribute(name));
    }
  }
  if (!planned.is_null()) {
    const bool fresh = prior.is_null() || !r.requires_replace.empty();
    planned = with(planned, "id", fresh ? cty::Value::unknown(cty::Type::string()) : *prior.attribute("id"));
    if (m_fault == MemoryFault::PlanDropsRuleBlocks)
      planned =
          with(planned, "rule", cty::Value::list(schema::implied_type(*block().find_block_type("rule")->block), {}));
  }
  r.planned_state = encode(planned);
  return r;
}

protocol::RpcResult<protocol::ApplyResourceChangeResponse> MemoryProvider::apply_resource_change(
    const protocol::ApplyResourceChangeRequest& req) {
  note("ApplyResourceChange");
  const cty::Value prior = decode(req.prior_state);
  cty::Value planned = decode(req.planned_state);
  protocol::ApplyResourceChangeResponse r;
  auto name_of = [](const cty::Value& v) {
    const cty::Value* n = v.is_null() ? nullptr : v.attribute("name");
    return n != nullptr && n->is_known() && !n->is_null() ? n->as_string() : std::string();
  };
  if (m_remote && !planned.is_null() &&
      (prior.is_null() || (m_remote->mode() == MemoryCollision::UniqueNames && name_of(prior) != name_of(planned)))) {
    // A new object, or one taking another name: the name (a singleton: the type) must be free.
    if (auto held = m_remote->claim(this, req.type_name, name_of(planned))) {
      r.diagnostics.push_back({protocol::Severity::Error, "Error creating " + req.type_name, *held, std::nullopt});
      r.new_state = req.prior_state;
      return r;
    }
    if (!prior.is_null()) m_remote->release(req.type_name, name_of(prior));
  }
  if (planned.is_null()) {
    if (m_remote) m_remote->release(req.type_name, name_of(prior));
    m_objects.erase(prior.attribute("id")->as_string());
    r.new_state = encode(planned);
    return r;
  }
  if (!planned.attribute("id")->is_known())
    planned = with(planned, "id", cty::Value::string("m-" + std::to_string(m_next++)));
  if (m_fault == MemoryFault::SecondUpdateStale && !prior.is_null()) {
    auto& [updates, first] = m_updates[prior.attribute("id")->as_string()];
    if (updates == 0) first = encode(prior).msgpack;
    const cty::Value before = updates == 1 ? decode(protocol::DynamicValue{first, {}}) : prior;
    const cty::Value* stale = updates == 1 ? before.attribute("size") : nullptr;
    if (stale && !stale->is_null() && !planned.attribute("size")->is_null() &&
        !raw_equals(*stale, *planned.attribute("size")))
      planned = with(planned, "size", *stale);
    ++updates;
  }
  if (m_fault == MemoryFault::ApplyAddsOneToSize && !planned.attribute("size")->is_null()) {
    const auto n = planned.attribute("size")->as_number().to_int64().value_or(0);
    planned = with(planned, "size", cty::Value::number(cty::Number(n + 1)));
  }
  r.new_state = encode(planned);
  m_objects[planned.attribute("id")->as_string()] = r.new_state.msgpack;
  return r;
}

protocol::RpcResult<protocol::ReadResourceResponse> MemoryProvider::read_resource(
    const protocol::ReadResourceRequest& req) {
  note("ReadResource");
  const cty::Value current = decode(req.current_state);
  protocol::ReadResourceResponse r;
  auto it = m_objects.find(current.attribute("id")->as_string());
  if (it == m_objects.end()) {
    r.new_state = encode(cty::Value::null(schema::implied_type(block())));
    return r;
  }
  r.new_state.msgpack = it->second;
  if (const cty::Value* tags = current.attribute("tags");
      m_fault == MemoryFault::ImportEmptiesTags && tags->is_known() && !tags->is_null())
    r.new_state = encode(with(decode(r.new_state), "tags", *tags));
  if (m_fault == MemoryFault::ReadUppercasesName) {
    std::string name = decode(r.new_state).attribute("name")->as_string();
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    r.new_state = encode(with(decode(r.new_state), "name", cty::Value::string(name)));
  }
  return r;
}

protocol::RpcResult<protocol::UpgradeResourceStateResponse> MemoryProvider::upgrade_resource_state(
    const protocol::UpgradeResourceStateRequest& req) {
  note("UpgradeResourceState");
  m_last_upgraded = req.raw_state.json;
  if (m_fault == MemoryFault::UpgradeCrashes) {
    m_crashed = true;
    return protocol::RpcFailure{protocol::FailureKind::Crashed, 14, "plugin exited"};
  }
  protocol::UpgradeResourceStateResponse r;
  cty::Value state = *cty::json_decode(req.raw_state.json, schema::implied_type(block()));
  if (m_fault == MemoryFault::UpgradeUppercasesName) state = with(state, "name", cty::Value::string("UPGRADED"));
  r.upgraded_state = encode(state);
  return r;
}

protocol::RpcResult<protocol::ImportResourceStateResponse> MemoryProvider::import_resource_state(
    const protocol::ImportResourceStateRequest& req) {
  note("ImportResourceState");
  protocol::ImportResourceStateResponse r;
  auto it = m_objects.find(req.id);
  if (it == m_objects.end()) {
    r.diagnostics.push_back({protocol::Severity::Error, "not found", req.id, std::nullopt});
    return r;
  }
  protocol::DynamicValue state{it->second, ""};
  // Tags that apply stored as null come back as {} or, when the object's name has an odd length
  // (the case's own value, so a replay meets the same), as one invented tag: two kinds of one
  // broken promise.
  if (const cty::Value stored = decode(state); m_fault == MemoryFault::ImportEmptiesTags &&
                                               stored.attribute("tags") != nullptr &&
                                               stored.attribute("tags")->is_null()) {
    std::vector<std::pair<std::string, cty::Value>> invented;
    const cty::Value* name = stored.attribute("name");
    if (name != nullptr && name->is_known() && !name->is_null() && name->as_string().size() % 2 == 1)
      invented.emplace_back("imported", cty::Value::string("yes"));
    state = encode(with(stored, "tags", cty::Value::map(cty::Type::string(), std::move(invented))));
  }
  r.imported_resources.push_back({req.type_name, state, "", std::nullopt});
  return r;
}

}  // namespace tfc::conformance::testing
