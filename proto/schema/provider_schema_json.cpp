// The provider entry of `providers schema -json` (schema_json.hpp): the maps of schemas by
// kind, identity schemas and functions around the block form of schema_json.cpp.
#include <utility>

#include "proto/cty/msgpack.hpp"
#include "proto/cty/type_json.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/schema_json_fields.hpp"

namespace tfc::schema {

using detail::join_path;
using detail::json_error;

namespace {

// The maps of `{"version", "block"}` schemas, by JSON key. Terraform writes action schemas as
// `{"block": ...}` with no version (other keys, such as the older linked/unlinked forms, are
// ignored on reading), so their version is written only when it is not 0.
struct SchemaMap {
  const char* key;
  std::map<std::string, Schema> ProviderSchema::*member;
  bool version_optional;
};
constexpr SchemaMap kSchemaMaps[] = {
    {"resource_schemas", &ProviderSchema::resource_schemas, false},
    {"data_source_schemas", &ProviderSchema::data_source_schemas, false},
    {"ephemeral_resource_schemas", &ProviderSchema::ephemeral_resource_schemas, false},
    {"list_resource_schemas", &ProviderSchema::list_resource_schemas, false},
    {"action_schemas", &ProviderSchema::action_schemas, true},
};
constexpr const char* kIdentityKey = "resource_identity_schemas";

// Functions are kept as their JSON, copied (recursively) into the model and compared and
// written back from there: refuse documents deeper than any real signature can be. The
// deepest part of a signature is a parameter's or the return's type JSON, at most two JSON
// levels per type level (["object",{...}]) within a few levels of wrapping.
constexpr int kMaxFunctionJsonDepth = 2 * cty::kMaxDepth + 8;

Expected<IdentityAttribute> read_identity_attribute(const std::string& name, const nlohmann::json& doc,
                                                    const std::string& path) {
  if (!doc.is_object()) return json_error(path, std::string("expected an attribute object, found ") + doc.type_name());
  IdentityAttribute a;
  a.name = name;
  const nlohmann::json* type = detail::field(doc, "type");
  if (!type) return json_error(join_path(path, "type"), "missing type");
  auto parsed = cty::type_from_json(*type);
  if (!parsed) return json_error(join_path(path, "type"), parsed.error().message);
  a.type = std::move(parsed).value();
  TFC_SCHEMA_TRY_VOID(detail::read_string(doc, "description", path, a.description));
  TFC_SCHEMA_TRY_VOID(detail::read_bool(doc, "required_for_import", path, a.required_for_import));
  TFC_SCHEMA_TRY_VOID(detail::read_bool(doc, "optional_for_import", path, a.optional_for_import));
  return a;
}

Expected<IdentitySchema> read_identity_schema(const nlohmann::json& doc, const std::string& path) {
  if (!doc.is_object())
    return json_error(path, std::string("expected an identity schema object, found ") + doc.type_name());
  IdentitySchema schema;
  TFC_SCHEMA_TRY_VOID(detail::read_int(doc, "version", path, schema.version));
  TFC_TRY(attributes, detail::read_object(doc, "attributes", path));
  if (attributes) {
    const std::string base = join_path(path, "attributes");
    for (const auto& [name, sub] : attributes->items()) {
      TFC_TRY(a, read_identity_attribute(name, sub, join_path(base, name)));
      schema.attributes.push_back(std::move(a));
    }
  }
  return schema;
}

nlohmann::json identity_schema_to_json(const IdentitySchema& schema) {
  nlohmann::json out = nlohmann::json::object();
  out["version"] = schema.version;
  if (!schema.attributes.empty()) {
    nlohmann::json attributes = nlohmann::json::object();
    for (const IdentityAttribute& a : schema.attributes) {
      nlohmann::json j = nlohmann::json::object();
      j["type"] = cty::type_to_json_value(a.type);
      if (!a.description.empty()) j["description"] = a.description;
      if (a.required_for_import) j["required_for_import"] = true;
      if (a.optional_for_import) j["optional_for_import"] = true;
      attributes[a.name] = std::move(j);
    }
    out["attributes"] = std::move(attributes);
  }
  return out;
}

}  // namespace

Expected<ProviderSchema> provider_schema_from_json(const nlohmann::json& doc) {
  return provider_schema_from_json_at(doc, "");
}

Expected<ProviderSchema> provider_schema_from_json_at(const nlohmann::json& doc, const std::string& path) {
  if (!doc.is_object())
    return json_error(path, std::string("expected a provider schema object, found ") + doc.type_name());
  ProviderSchema out;
  if (const nlohmann::json* provider = detail::field(doc, "provider")) {
    TFC_TRY(schema, schema_from_json_at(*provider, join_path(path, "provider")));
    out.provider = std::move(schema);
  }
  if (const nlohmann::json* meta = detail::field(doc, "provider_meta")) {
    TFC_TRY(schema, schema_from_json_at(*meta, join_path(path, "provider_meta")));
    out.provider_meta = std::move(schema);
  }
  for (const SchemaMap& m : kSchemaMaps) {
    TFC_TRY(entries, detail::read_object(doc, m.key, path));
    if (!entries) continue;
    const std::string base = join_path(path, m.key);
    for (const auto& [name, sub] : entries->items()) {
      TFC_TRY(schema, schema_from_json_at(sub, join_path(base, name)));
      (out.*m.member).emplace(name, std::move(schema));
    }
  }
  TFC_TRY(identities, detail::read_object(doc, kIdentityKey, path));
  if (identities) {
    const std::string base = join_path(path, kIdentityKey);
    for (const auto& [name, sub] : identities->items()) {
      TFC_TRY(schema, read_identity_schema(sub, join_path(base, name)));
      out.identity_schemas.emplace(name, std::move(schema));
    }
  }
  TFC_TRY(functions, detail::read_object(doc, "functions", path));
  if (functions) {
    const std::string base = join_path(path, "functions");
    for (const auto& [name, sub] : functions->items()) {
      if (detail::nested_deeper_than(sub, kMaxFunctionJsonDepth)) {
        return json_error(join_path(base, name),
                          "function JSON nested deeper than " + std::to_string(kMaxFunctionJsonDepth) + " levels");
      }
      out.functions.emplace(name, sub);
    }
  }
  return out;
}

nlohmann::json provider_schema_to_json(const ProviderSchema& schema) {
  nlohmann::json out = nlohmann::json::object();
  out["provider"] = schema_to_json(schema.provider);
  // Not in Terraform's output (it has no provider_meta key); written only when present so the
  // model survives a round trip.
  if (schema.provider_meta) out["provider_meta"] = schema_to_json(*schema.provider_meta);
  for (const SchemaMap& m : kSchemaMaps) {
    const auto& entries = schema.*m.member;
    if (entries.empty()) continue;
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [name, s] : entries) {
      j[name] = schema_to_json(s);
      if (m.version_optional && s.version == 0) j[name].erase("version");
    }
    out[m.key] = std::move(j);
  }
  if (!schema.identity_schemas.empty()) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [name, s] : schema.identity_schemas) j[name] = identity_schema_to_json(s);
    out[kIdentityKey] = std::move(j);
  }
  if (!schema.functions.empty()) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [name, f] : schema.functions) j[name] = f;
    out["functions"] = std::move(j);
  }
  return out;
}

nlohmann::json providers_schema_document(const std::string& provider_address, const ProviderSchema& schema) {
  nlohmann::json out = nlohmann::json::object();
  out["format_version"] = "1.0";
  out["provider_schemas"] = nlohmann::json::object();
  out["provider_schemas"][provider_address] = provider_schema_to_json(schema);
  return out;
}

Expected<std::map<std::string, ProviderSchema>> providers_schema_document_from_json(const nlohmann::json& doc) {
  if (!doc.is_object()) return json_error("", std::string("expected a document object, found ") + doc.type_name());
  std::map<std::string, ProviderSchema> out;
  TFC_TRY(providers, detail::read_object(doc, "provider_schemas", ""));
  if (!providers) return out;
  for (const auto& [address, sub] : providers->items()) {
    TFC_TRY(schema, provider_schema_from_json_at(sub, join_path("provider_schemas", address)));
    out.emplace(address, std::move(schema));
  }
  return out;
}

}  // namespace tfc::schema
