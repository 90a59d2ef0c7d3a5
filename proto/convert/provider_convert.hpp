#pragma once
// Templates shared by the tfplugin5 and tfplugin6 conversions of the provider-level RPCs
// (GetProviderSchema/GetSchema, GetResourceIdentitySchemas, GetMetadata,
// ValidateProviderConfig/PrepareProviderConfig, ConfigureProvider/Configure, StopProvider/Stop).
// `to_wire(model, pb*)` fills a message; `from_wire(pb, model&)` fills a struct and fails only on
// input that does not fit the protocol. Internal to proto/convert.

#include <string>

#include "proto/convert/common_convert.hpp"
#include "proto/convert/function_convert.hpp"
#include "proto/convert/schema_convert.hpp"
#include "proto/protocol/provider.hpp"

namespace tfc::wire::detail {

// --- GetProviderSchema -------------------------------------------------------------------

template <class Pb>
void to_wire(const protocol::GetProviderSchemaRequest&, Pb*) {}
template <class Pb>
Expected<void> from_wire(const Pb&, protocol::GetProviderSchemaRequest&) {
  return {};
}

template <class PbMap>
void schema_map_to(const std::map<std::string, schema::Schema>& in, PbMap* out) {
  for (const auto& [name, s] : in) schema_to(s, &(*out)[name]);
}

template <class PbMap>
Expected<void> schema_map_from(const PbMap& in, std::map<std::string, schema::Schema>& out, const std::string& field) {
  for (const auto& [name, s] : in) {
    schema::Schema& slot = out[name] = schema::Schema{};
    auto converted = schema_from(s, slot);
    if (!converted) return nest(field + "." + name, converted.error());
  }
  return {};
}

template <class Pb>
void to_wire(const protocol::GetProviderSchemaResponse& in, Pb* out) {
  const schema::ProviderSchema& s = in.schema;
  schema_to(s.provider, out->mutable_provider());
  if (s.provider_meta) schema_to(*s.provider_meta, out->mutable_provider_meta());
  schema_map_to(s.resource_schemas, out->mutable_resource_schemas());
  schema_map_to(s.data_source_schemas, out->mutable_data_source_schemas());
  schema_map_to(s.ephemeral_resource_schemas, out->mutable_ephemeral_resource_schemas());
  schema_map_to(s.list_resource_schemas, out->mutable_list_resource_schemas());
  for (const auto& [name, action] : s.action_schemas) {
    schema_to(action, (*out->mutable_action_schemas())[name].mutable_schema());
  }
  for (const auto& [name, function] : s.functions) function_from_json(function, &(*out->mutable_functions())[name]);
  server_capabilities_to(s.capabilities, out->mutable_server_capabilities());
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}

/// Errors name the schema ("resource_schemas.aws_instance.block.attributes.ami.type: ...").
/// State-store schemas (v6, experimental) are not carried.
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::GetProviderSchemaResponse& out) {
  schema::ProviderSchema& s = out.schema;
  if (in.has_provider()) {
    auto provider = schema_from(in.provider());
    if (!provider) return nest("provider", provider.error());
    s.provider = std::move(provider).value();
  }
  if (in.has_provider_meta()) {
    auto meta = schema_from(in.provider_meta());
    if (!meta) return nest("provider_meta", meta.error());
    s.provider_meta = std::move(meta).value();
  }
  for (auto [field, from, to] : {
           std::tuple{"resource_schemas", &in.resource_schemas(), &s.resource_schemas},
           std::tuple{"data_source_schemas", &in.data_source_schemas(), &s.data_source_schemas},
           std::tuple{"ephemeral_resource_schemas", &in.ephemeral_resource_schemas(), &s.ephemeral_resource_schemas},
           std::tuple{"list_resource_schemas", &in.list_resource_schemas(), &s.list_resource_schemas},
       }) {
    auto converted = schema_map_from(*from, *to, field);
    if (!converted) return converted.error();
  }
  for (const auto& [name, action] : in.action_schemas()) {
    auto converted = schema_from(action.schema());
    if (!converted) return nest("action_schemas." + name + ".schema", converted.error());
    s.action_schemas.insert_or_assign(name, std::move(converted).value());
  }
  for (const auto& [name, function] : in.functions()) {
    auto converted = function_to_json(function);
    if (!converted) return nest("functions." + name, converted.error());
    s.functions.insert_or_assign(name, std::move(converted).value());
  }
  s.capabilities = server_capabilities_from(in.server_capabilities());
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

// --- GetResourceIdentitySchemas ----------------------------------------------------------

template <class Pb>
void to_wire(const protocol::GetResourceIdentitySchemasRequest&, Pb*) {}
template <class Pb>
Expected<void> from_wire(const Pb&, protocol::GetResourceIdentitySchemasRequest&) {
  return {};
}

template <class Pb>
void to_wire(const protocol::GetResourceIdentitySchemasResponse& in, Pb* out) {
  for (const auto& [name, identity] : in.identity_schemas) {
    identity_schema_to(identity, &(*out->mutable_identity_schemas())[name]);
  }
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}

template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::GetResourceIdentitySchemasResponse& out) {
  for (const auto& [name, identity] : in.identity_schemas()) {
    auto converted = identity_schema_from(identity);
    if (!converted) return nest("identity_schemas." + name, converted.error());
    out.identity_schemas.insert_or_assign(name, std::move(converted).value());
  }
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

// --- GetMetadata -------------------------------------------------------------------------

template <class Pb>
void to_wire(const protocol::GetMetadataRequest&, Pb*) {}
template <class Pb>
Expected<void> from_wire(const Pb&, protocol::GetMetadataRequest&) {
  return {};
}

template <class PbRepeated>
void type_names_to(const std::vector<std::string>& in, PbRepeated* out) {
  for (const std::string& name : in) out->Add()->set_type_name(name);
}
template <class PbRepeated>
std::vector<std::string> type_names_from(const PbRepeated& in) {
  std::vector<std::string> out;
  for (const auto& item : in) out.push_back(item.type_name());
  return out;
}

template <class Pb>
void to_wire(const protocol::GetMetadataResponse& in, Pb* out) {
  server_capabilities_to(in.server_capabilities, out->mutable_server_capabilities());
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
  type_names_to(in.data_sources, out->mutable_data_sources());
  type_names_to(in.resources, out->mutable_resources());
  for (const std::string& name : in.functions) out->add_functions()->set_name(name);
  type_names_to(in.ephemeral_resources, out->mutable_ephemeral_resources());
  type_names_to(in.list_resources, out->mutable_list_resources());
  if constexpr (requires { out->mutable_state_stores(); }) type_names_to(in.state_stores, out->mutable_state_stores());
  type_names_to(in.actions, out->mutable_actions());
}

template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::GetMetadataResponse& out) {
  out.server_capabilities = server_capabilities_from(in.server_capabilities());
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  out.data_sources = type_names_from(in.data_sources());
  out.resources = type_names_from(in.resources());
  for (const auto& f : in.functions()) out.functions.push_back(f.name());
  out.ephemeral_resources = type_names_from(in.ephemeral_resources());
  out.list_resources = type_names_from(in.list_resources());
  if constexpr (requires { in.state_stores(); }) out.state_stores = type_names_from(in.state_stores());
  out.actions = type_names_from(in.actions());
  return {};
}

// --- ValidateProviderConfig / ConfigureProvider / StopProvider ---------------------------

template <class Pb>
void to_wire(const protocol::ValidateProviderConfigRequest& in, Pb* out) {
  put_dynamic(in.config, [&] { return out->mutable_config(); });
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateProviderConfigRequest& out) {
  out.config = dynamic_value_from(in.config());
  return {};
}

template <class Pb>
void to_wire(const protocol::ValidateProviderConfigResponse& in, Pb* out) {
  if constexpr (requires { out->mutable_prepared_config(); }) {
    if (in.prepared_config) dynamic_value_to(*in.prepared_config, out->mutable_prepared_config());
  }
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateProviderConfigResponse& out) {
  if constexpr (requires { in.has_prepared_config(); }) {
    if (in.has_prepared_config()) out.prepared_config = dynamic_value_from(in.prepared_config());
  }
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

template <class Pb>
void to_wire(const protocol::ConfigureProviderRequest& in, Pb* out) {
  out->set_terraform_version(in.terraform_version);
  put_dynamic(in.config, [&] { return out->mutable_config(); });
  client_capabilities_to(in.client_capabilities, out->mutable_client_capabilities());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ConfigureProviderRequest& out) {
  out.terraform_version = in.terraform_version();
  out.config = dynamic_value_from(in.config());
  out.client_capabilities = client_capabilities_from(in.client_capabilities());
  return {};
}

template <class Pb>
void to_wire(const protocol::ConfigureProviderResponse& in, Pb* out) {
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ConfigureProviderResponse& out) {
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

template <class Pb>
void to_wire(const protocol::StopProviderRequest&, Pb*) {}
template <class Pb>
Expected<void> from_wire(const Pb&, protocol::StopProviderRequest&) {
  return {};
}

template <class Pb>
void to_wire(const protocol::StopProviderResponse& in, Pb* out) {
  out->set_error(in.error);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::StopProviderResponse& out) {
  out.error = in.error();
  return {};
}

}  // namespace tfc::wire::detail
