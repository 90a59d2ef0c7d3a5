#include "oracle/schema_rules.hpp"

#include <map>
#include <set>
#include <string>

#include "oracle/findings.hpp"
#include "proto/schema/schema_checks.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::oracle {
namespace {

// Schemas compared through their `providers schema -json` form, which holds every field.
void compare(const std::string& kind, const std::map<std::string, schema::Schema>& a,
             const std::map<std::string, schema::Schema>& b, Findings& out) {
  for (const auto& [name, s] : a) {
    auto it = b.find(name);
    if (it == b.end()) {
      out.add("schema.unstable", cty::Path{}, kind + " " + name + " was in the first answer, but not in the second");
    } else if (schema::schema_to_json(s) != schema::schema_to_json(it->second)) {
      out.add("schema.unstable", cty::Path{}, kind + " " + name + " differs between two answers");
    }
  }
  for (const auto& [name, s] : b) {
    if (a.count(name) == 0)
      out.add("schema.unstable", cty::Path{}, kind + " " + name + " was in the second answer, but not in the first");
  }
}

template <class Map>
void compare_names(const std::string& kind, const Map& in_schema, const std::vector<std::string>& listed,
                   Findings& out) {
  std::set<std::string> seen(listed.begin(), listed.end());
  for (const auto& [name, unused] : in_schema) {
    if (!seen.contains(name))
      out.add("metadata.schema_mismatch", cty::Path{},
              kind + " " + name + " is in GetProviderSchema but not in GetMetadata");
  }
  for (const auto& name : seen) {
    if (!in_schema.contains(name))
      out.add("metadata.schema_mismatch", cty::Path{},
              kind + " " + name + " is in GetMetadata but not in GetProviderSchema");
  }
}

}  // namespace

Violations check_metadata_agrees(const schema::ProviderSchema& schema, const MetadataNames& metadata) {
  Findings out;
  compare_names("resource", schema.resource_schemas, metadata.resources, out);
  compare_names("data source", schema.data_source_schemas, metadata.data_sources, out);
  compare_names("function", schema.functions, metadata.functions, out);
  compare_names("ephemeral resource", schema.ephemeral_resource_schemas, metadata.ephemeral_resources, out);
  compare_names("list resource", schema.list_resource_schemas, metadata.list_resources, out);
  compare_names("action", schema.action_schemas, metadata.actions, out);
  return out.take();
}

Violations check_schema(const schema::ProviderSchema& provider_schema) {
  Findings out;
  for (const schema::SchemaProblem& p : schema::check_provider_schema(provider_schema)) {
    std::string message = p.where.empty() ? p.message : p.where + ": " + p.message;
    // The schema layer names its rules as text (it sits below the oracle); tests/oracle checks
    // that each is catalogued, and one that is not stays an error under its own name.
    if (auto rule = RuleId::find(p.rule))
      out.add(*rule, cty::Path{}, std::move(message));
    else
      out.append({Violation{p.rule, Severity::error, cty::Path{}, std::move(message)}});
  }
  return out.take();
}

Violations check_schema_stable(const schema::ProviderSchema& first, const schema::ProviderSchema& second) {
  Findings out;
  if (schema::schema_to_json(first.provider) != schema::schema_to_json(second.provider))
    out.add("schema.unstable", cty::Path{}, "the provider configuration schema differs between two answers");
  compare("resource", first.resource_schemas, second.resource_schemas, out);
  compare("data source", first.data_source_schemas, second.data_source_schemas, out);
  compare("ephemeral resource", first.ephemeral_resource_schemas, second.ephemeral_resource_schemas, out);
  return out.take();
}

}  // namespace tfc::oracle
