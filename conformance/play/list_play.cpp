// List resources as Terraform's query plays them (tfplugin6.proto ListResource; Terraform's
// plugin6/grpc_provider.go): ValidateListResourceConfig with include_resource_object and limit
// as values, then the ListResource stream, read up to the first event with error diagnostics.
// With --apply an object of the managed resource of the same name is created, must show up in
// an unfiltered list, and reads back through that resource as it was listed.
#include "conformance/core/diagnostics_text.hpp"
#include "conformance/play/family_play.hpp"

#include "conformance/play/family_driver.hpp"
#include "conformance/play/resource_driver.hpp"
#include "oracle/identity_rules.hpp"
#include "oracle/list_rules.hpp"
#include "oracle/rule_id.hpp"

namespace tfc::conformance {

using protocol::Rpc;
using protocol::rpc_name;
namespace {

constexpr std::int64_t kUnfilteredLimit = 1000;  // the list that must hold the created object

/// The managed resource behind a list resource, when the provider has it.
struct Managed {
  const schema::Schema* schema = nullptr;
  const schema::IdentitySchema* identity = nullptr;
};

Managed managed_of(const PlayOptions& options, const std::string& type) {
  Managed m;
  if (options.provider == nullptr) return m;
  if (auto it = options.provider->resource_schemas.find(type); it != options.provider->resource_schemas.end())
    m.schema = &it->second;
  if (auto it = options.provider->identity_schemas.find(type); it != options.provider->identity_schemas.end())
    m.identity = &it->second;
  return m;
}

/// One listed result the suite can go on with.
struct Listed {
  cty::Value identity;
  std::optional<cty::Value> object;
};

class ListDriver {
public:
  ListDriver(FamilyDriver& d, const Managed& managed)
      : m_d(d),
        m_managed(managed),
        m_identity_block(managed.identity ? oracle::identity_block(*managed.identity) : schema::Block{}),
        m_identity_type(schema::implied_type(m_identity_block)),
        m_object_type(managed.schema ? schema::implied_type(managed.schema->block) : cty::Type::dynamic()) {}

  bool validate(const cty::Value& config, bool include, std::int64_t limit, StepName step) {
    auto include_dv = encode_value(cty::Type::boolean(), cty::Value::boolean(include));
    auto limit_dv = encode_value(cty::Type::number(), cty::Value::number(cty::Number(limit)));
    if (!include_dv || !limit_dv) return false;
    return m_d.validate(config, step, Rpc::ValidateListResourceConfig, [&](const protocol::DynamicValue& dv) {
      return m_d.client().validate_list_resource_config({m_d.type(), dv, *include_dv, *limit_dv});
    });
  }

  /// ListResource, judged; the results with a usable identity (nullopt: the call failed).
  std::optional<std::vector<Listed>> list(const cty::Value& config, bool include, std::int64_t limit, StepName step) {
    auto& rec = m_d.recorder();
    auto encoded = m_d.encode(config, "configuration");
    if (!encoded || m_d.lost()) return std::nullopt;
    const nlohmann::json request = {{"type_name", m_d.type()},
                                    {"config", m_d.show(config)},
                                    {"include_resource_object", include},
                                    {"limit", limit}};
    auto res = m_d.client().list_resource({m_d.type(), *encoded, include, limit});
    if (!res) {
      rec.rpc_failed(step, Rpc::ListResource, res.failure(), request);
      return std::nullopt;
    }
    oracle::Violations v;
    std::vector<oracle::ListedEvent> judged;
    std::vector<Listed> out;
    nlohmann::json shown = nlohmann::json::array();
    for (const auto& e : res->events) {
      if (protocol::has_error(e.diagnostics)) {
        // Terraform stops reading at an error; results before it still count.
        rec.reject(Rpc::ListResource, e.diagnostics);
        rec.refused(config, e.diagnostics);
        break;
      }
      const bool has_identity = e.identity && !e.identity->empty();
      if (!has_identity && !e.diagnostics.empty() && !e.resource_object) continue;  // a warning-only event
      oracle::ListedEvent event;
      event.has_object = e.resource_object.has_value();
      if (has_identity && m_managed.identity) {
        auto decoded = decode_value(m_identity_type, *e.identity, "listed identity");
        for (auto x : decoded.violations) {
          if (x.rule == oracle::rule_text("value.type_mismatch")) x.rule = oracle::rule_text("identity.type_mismatch");
          v.push_back(std::move(x));
        }
        event.identity = decoded.value;
      } else if (has_identity) {
        event.identity = cty::Value::object({});  // no schema to read it with: present, unjudged
      }
      if (e.resource_object && m_managed.schema) {
        auto decoded = decode_value(m_object_type, *e.resource_object, "listed resource object");
        for (auto x : decoded.violations) {
          if (x.rule == oracle::rule_text("value.type_mismatch"))
            x.rule = oracle::rule_text("list.resource_object_invalid");
          v.push_back(std::move(x));
        }
        event.object = decoded.value;
      }
      nlohmann::json entry = {{"display_name", e.display_name}};
      if (event.identity && m_managed.identity) entry["identity"] = display_json(m_identity_block, *event.identity);
      if (event.object && m_managed.schema)
        entry["resource_object"] = display_json(m_managed.schema->block, *event.object);
      shown.push_back(std::move(entry));
      if (event.identity && m_managed.identity && event.identity->is_wholly_known())
        out.push_back({*event.identity, event.object});
      judged.push_back(std::move(event));
    }
    auto checked = oracle::check_list_events(judged, include, limit);
    v.insert(v.end(), checked.begin(), checked.end());
    rec.judge_lazily(step, Rpc::ListResource, v, [&] { return StepValues{request, {{"events", shown}}}; });
    if (oracle::has_errors(v)) return std::nullopt;
    return out;
  }

  const Managed& managed() const { return m_managed; }

private:
  FamilyDriver& m_d;
  Managed m_managed;
  schema::Block m_identity_block;
  cty::Type m_identity_type;
  cty::Type m_object_type;
};

/// ReadResource of the listed object with identity `only` (with that identity) gives it back.
/// Only an object the case created itself: others may change meanwhile (another suite's, a
/// real system's).
void read_back(ResourceDriver& rd, const std::vector<Listed>& listed, const cty::Value& only) {
  for (const Listed& l : listed) {
    if (rd.lost() || rd.recorder().outcome().has_error_finding()) return;
    if (!raw_equals(l.identity, only) || !l.object || l.object->is_null() || !l.object->is_wholly_known()) continue;
    LiveObject object{*l.object, "", false, l.identity};
    auto read = rd.read(object, "read listed object");
    if (!read) continue;
    StepValues values;
    values.request = {{"listed_object", display_json(rd.block(), *l.object)}};
    values.response = {{"read_state", display_json(rd.block(), read->state)}};
    values.expected = &*l.object;
    values.actual = &read->state;
    rd.recorder().judge("read listed object", Rpc::ReadResource,
                        oracle::check_listed_object_read(rd.block(), *l.object, read->state), values);
    return;
  }
}

/// The list configuration with every attribute null and no blocks: no filter at all, when the
/// schema allows it (no required attribute, no block with min_items).
std::optional<cty::Value> unfiltered(const schema::Block& block) {
  if (!block.block_types.empty()) return std::nullopt;
  std::vector<std::pair<std::string, cty::Value>> attributes;
  for (const auto& a : block.attributes) {
    if (a.required) return std::nullopt;
    attributes.push_back({a.name, cty::Value::null(schema::implied_type(a))});
  }
  return cty::Value::object(std::move(attributes));
}

/// Creates an object of the managed resource, lists without filter (objects included) and
/// reads the listed objects back, destroys it.
void list_created(ListDriver& ld, ResourceDriver& rd, const ConfigPair& create, const cty::Value& unfiltered_config) {
  if (!rd.validate(create.known, "validate object to create")) return;
  const cty::Value& none = rd.null_object();
  auto planned = rd.plan(none, "", create.known, "plan object to create");
  if (!planned || rd.recorder().outcome().has_error_finding()) return;
  auto applied = rd.apply(none, *planned, create.known, "create object");
  if (!applied || applied->apply_failed || applied->state.is_null() || !applied->state.is_wholly_known()) return;
  if (applied->identity && applied->identity->is_wholly_known() && !rd.recorder().outcome().has_error_finding()) {
    if (auto listed = ld.list(unfiltered_config, true, kUnfilteredLimit, "list after create");
        listed && static_cast<std::int64_t>(listed->size()) < kUnfilteredLimit) {
      std::vector<cty::Value> identities;
      for (const auto& l : *listed) identities.push_back(l.identity);
      rd.recorder().judge(
          "list after create", Rpc::ListResource, oracle::check_created_listed(*applied->identity, identities),
          {{{"created_identity", display_json(oracle::identity_block(*ld.managed().identity), *applied->identity)}},
           {{"listed", identities.size()}}});
      rd.recorder().scenario("read listed");
      read_back(rd, *listed, *applied->identity);
      rd.recorder().scenario("list created");
    }
  }
  // Destroy it again, judged like any destroy.
  auto destroy_plan = rd.plan(applied->state, applied->private_data, none, "plan destroy", applied->identity);
  if (rd.lost()) return;
  Planned to_null;
  to_null.state = none;
  to_null.action = oracle::Action::Delete;
  to_null.identity = applied->identity;
  if (destroy_plan) to_null.planned_private = destroy_plan->planned_private;
  rd.apply(applied->state, to_null, none, "destroy object");
}

}  // namespace

CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const ListCase& c, const PlayOptions& options) {
  CaseOutcome out;
  CaseRecorder rec(type, schema.block, out);
  record_as(rec, options);
  FamilyDriver d(client, type, schema.block, rec);
  ListDriver ld(d, managed_of(options, type));
  rec.scenario("validate");
  // The suite learns from the refusals of validation and of the list (case_kinds.inc).
  rec.set_learning(true);
  const bool unknowns = !c.config.with_unknowns.injected.empty();
  if ((!unknowns ||
       ld.validate(c.config.with_unknowns.value, c.include_resource_object, c.limit, "validate (unknowns)")) &&
      ld.validate(c.config.known, c.include_resource_object, c.limit, "validate")) {
    out.planned = true;
    rec.scenario("list");
    if (ld.list(c.config.known, c.include_resource_object, c.limit, "list")) rec.reached(CoverageStep::Listed);
    rec.set_learning(false);
    const auto no_filter = unfiltered(schema.block);
    // A replay's earlier cases only teach: nothing is created.
    if (options.apply && !options.learn_only && c.create && ld.managed().schema && ld.managed().identity && no_filter &&
        !out.has_error_finding() && !d.lost()) {
      rec.scenario("list created");
      ResourceDriver rd(client, type, *ld.managed().schema, rec, options.check, ld.managed().identity);
      list_created(ld, rd, *c.create, *no_filter);
      out.applied = true;
    }
  }
  rec.set_learning(false);
  rec.finish();
  return out;
}

}  // namespace tfc::conformance
