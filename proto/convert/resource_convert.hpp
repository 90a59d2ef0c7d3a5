#pragma once
// Templates shared by the tfplugin5 and tfplugin6 conversions of the managed-resource RPCs
// (ValidateResourceConfig/ValidateResourceTypeConfig, UpgradeResourceState,
// UpgradeResourceIdentity, ReadResource, PlanResourceChange, ApplyResourceChange,
// ImportResourceState, MoveResourceState, GenerateResourceConfig). Field for field, no logic.
// Internal to proto/convert.

#include "proto/convert/common_convert.hpp"
#include "proto/protocol/resource.hpp"

namespace tfc::wire::detail {

// Optional ResourceIdentityData fields: unset for std::nullopt.
#define TFC_WIRE_IDENTITY_TO(in_field, out, field) \
  if (in_field) identity_to(*(in_field), (out)->mutable_##field())
#define TFC_WIRE_IDENTITY_FROM(in, field, out_field) \
  if ((in).has_##field()) (out_field) = identity_from((in).field())

template <class Pb>
void to_wire(const protocol::ValidateResourceConfigRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.config, [&] { return out->mutable_config(); });
  client_capabilities_to(in.client_capabilities, out->mutable_client_capabilities());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateResourceConfigRequest& out) {
  out.type_name = in.type_name();
  out.config = dynamic_value_from(in.config());
  out.client_capabilities = client_capabilities_from(in.client_capabilities());
  return {};
}
template <class Pb>
void to_wire(const protocol::ValidateResourceConfigResponse& in, Pb* out) {
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateResourceConfigResponse& out) {
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

template <class Pb>
void to_wire(const protocol::UpgradeResourceStateRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  out->set_version(in.version);
  raw_state_to(in.raw_state, out->mutable_raw_state());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::UpgradeResourceStateRequest& out) {
  out.type_name = in.type_name();
  out.version = in.version();
  out.raw_state = raw_state_from(in.raw_state());
  return {};
}
template <class Pb>
void to_wire(const protocol::UpgradeResourceStateResponse& in, Pb* out) {
  put_dynamic(in.upgraded_state, [&] { return out->mutable_upgraded_state(); });
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::UpgradeResourceStateResponse& out) {
  out.upgraded_state = dynamic_value_from(in.upgraded_state());
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

template <class Pb>
void to_wire(const protocol::UpgradeResourceIdentityRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  out->set_version(in.version);
  raw_state_to(in.raw_identity, out->mutable_raw_identity());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::UpgradeResourceIdentityRequest& out) {
  out.type_name = in.type_name();
  out.version = in.version();
  out.raw_identity = raw_state_from(in.raw_identity());
  return {};
}
template <class Pb>
void to_wire(const protocol::UpgradeResourceIdentityResponse& in, Pb* out) {
  TFC_WIRE_IDENTITY_TO(in.upgraded_identity, out, upgraded_identity);
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::UpgradeResourceIdentityResponse& out) {
  TFC_WIRE_IDENTITY_FROM(in, upgraded_identity, out.upgraded_identity);
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

template <class Pb>
void to_wire(const protocol::ReadResourceRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.current_state, [&] { return out->mutable_current_state(); });
  out->set_private_(in.private_data);
  put_dynamic(in.provider_meta, [&] { return out->mutable_provider_meta(); });
  client_capabilities_to(in.client_capabilities, out->mutable_client_capabilities());
  TFC_WIRE_IDENTITY_TO(in.current_identity, out, current_identity);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ReadResourceRequest& out) {
  out.type_name = in.type_name();
  out.current_state = dynamic_value_from(in.current_state());
  out.private_data = in.private_();
  out.provider_meta = dynamic_value_from(in.provider_meta());
  out.client_capabilities = client_capabilities_from(in.client_capabilities());
  TFC_WIRE_IDENTITY_FROM(in, current_identity, out.current_identity);
  return {};
}
template <class Pb>
void to_wire(const protocol::ReadResourceResponse& in, Pb* out) {
  put_dynamic(in.new_state, [&] { return out->mutable_new_state(); });
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
  out->set_private_(in.private_data);
  if (in.deferred) deferred_to(*in.deferred, out->mutable_deferred());
  TFC_WIRE_IDENTITY_TO(in.new_identity, out, new_identity);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ReadResourceResponse& out) {
  out.new_state = dynamic_value_from(in.new_state());
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  out.private_data = in.private_();
  if (in.has_deferred()) out.deferred = deferred_from(in.deferred());
  TFC_WIRE_IDENTITY_FROM(in, new_identity, out.new_identity);
  return {};
}

template <class Pb>
void to_wire(const protocol::PlanResourceChangeRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.prior_state, [&] { return out->mutable_prior_state(); });
  put_dynamic(in.proposed_new_state, [&] { return out->mutable_proposed_new_state(); });
  put_dynamic(in.config, [&] { return out->mutable_config(); });
  out->set_prior_private(in.prior_private);
  put_dynamic(in.provider_meta, [&] { return out->mutable_provider_meta(); });
  client_capabilities_to(in.client_capabilities, out->mutable_client_capabilities());
  TFC_WIRE_IDENTITY_TO(in.prior_identity, out, prior_identity);
  if constexpr (requires { out->set_planned_private(in.planned_private); })
    out->set_planned_private(in.planned_private);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::PlanResourceChangeRequest& out) {
  out.type_name = in.type_name();
  out.prior_state = dynamic_value_from(in.prior_state());
  out.proposed_new_state = dynamic_value_from(in.proposed_new_state());
  out.config = dynamic_value_from(in.config());
  out.prior_private = in.prior_private();
  out.provider_meta = dynamic_value_from(in.provider_meta());
  out.client_capabilities = client_capabilities_from(in.client_capabilities());
  TFC_WIRE_IDENTITY_FROM(in, prior_identity, out.prior_identity);
  if constexpr (requires { in.planned_private(); }) out.planned_private = in.planned_private();
  return {};
}
template <class Pb>
void to_wire(const protocol::PlanResourceChangeResponse& in, Pb* out) {
  put_dynamic(in.planned_state, [&] { return out->mutable_planned_state(); });
  for (const cty::Path& path : in.requires_replace) attribute_path_to(path, out->add_requires_replace());
  out->set_planned_private(in.planned_private);
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
  out->set_legacy_type_system(in.legacy_type_system);
  if (in.deferred) deferred_to(*in.deferred, out->mutable_deferred());
  TFC_WIRE_IDENTITY_TO(in.planned_identity, out, planned_identity);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::PlanResourceChangeResponse& out) {
  out.planned_state = dynamic_value_from(in.planned_state());
  for (int i = 0; i < in.requires_replace_size(); ++i) {
    auto path = attribute_path_from(in.requires_replace(i));
    if (!path) return nest("requires_replace[" + std::to_string(i) + "]", path.error());
    out.requires_replace.push_back(std::move(path).value());
  }
  out.planned_private = in.planned_private();
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  out.legacy_type_system = in.legacy_type_system();
  if (in.has_deferred()) out.deferred = deferred_from(in.deferred());
  TFC_WIRE_IDENTITY_FROM(in, planned_identity, out.planned_identity);
  return {};
}

template <class Pb>
void to_wire(const protocol::ApplyResourceChangeRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.prior_state, [&] { return out->mutable_prior_state(); });
  put_dynamic(in.planned_state, [&] { return out->mutable_planned_state(); });
  put_dynamic(in.config, [&] { return out->mutable_config(); });
  out->set_planned_private(in.planned_private);
  put_dynamic(in.provider_meta, [&] { return out->mutable_provider_meta(); });
  TFC_WIRE_IDENTITY_TO(in.planned_identity, out, planned_identity);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ApplyResourceChangeRequest& out) {
  out.type_name = in.type_name();
  out.prior_state = dynamic_value_from(in.prior_state());
  out.planned_state = dynamic_value_from(in.planned_state());
  out.config = dynamic_value_from(in.config());
  out.planned_private = in.planned_private();
  out.provider_meta = dynamic_value_from(in.provider_meta());
  TFC_WIRE_IDENTITY_FROM(in, planned_identity, out.planned_identity);
  return {};
}
template <class Pb>
void to_wire(const protocol::ApplyResourceChangeResponse& in, Pb* out) {
  put_dynamic(in.new_state, [&] { return out->mutable_new_state(); });
  out->set_private_(in.private_data);
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
  out->set_legacy_type_system(in.legacy_type_system);
  TFC_WIRE_IDENTITY_TO(in.new_identity, out, new_identity);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ApplyResourceChangeResponse& out) {
  out.new_state = dynamic_value_from(in.new_state());
  out.private_data = in.private_();
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  out.legacy_type_system = in.legacy_type_system();
  TFC_WIRE_IDENTITY_FROM(in, new_identity, out.new_identity);
  return {};
}

template <class Pb>
void to_wire(const protocol::ImportResourceStateRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  out->set_id(in.id);
  client_capabilities_to(in.client_capabilities, out->mutable_client_capabilities());
  TFC_WIRE_IDENTITY_TO(in.identity, out, identity);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ImportResourceStateRequest& out) {
  out.type_name = in.type_name();
  out.id = in.id();
  out.client_capabilities = client_capabilities_from(in.client_capabilities());
  TFC_WIRE_IDENTITY_FROM(in, identity, out.identity);
  return {};
}
template <class Pb>
void to_wire(const protocol::ImportResourceStateResponse& in, Pb* out) {
  for (const protocol::ImportedResource& r : in.imported_resources) {
    auto* imported = out->add_imported_resources();
    imported->set_type_name(r.type_name);
    put_dynamic(r.state, [&] { return imported->mutable_state(); });
    imported->set_private_(r.private_data);
    TFC_WIRE_IDENTITY_TO(r.identity, imported, identity);
  }
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
  if (in.deferred) deferred_to(*in.deferred, out->mutable_deferred());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ImportResourceStateResponse& out) {
  for (const auto& imported : in.imported_resources()) {
    protocol::ImportedResource r;
    r.type_name = imported.type_name();
    r.state = dynamic_value_from(imported.state());
    r.private_data = imported.private_();
    TFC_WIRE_IDENTITY_FROM(imported, identity, r.identity);
    out.imported_resources.push_back(std::move(r));
  }
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  if (in.has_deferred()) out.deferred = deferred_from(in.deferred());
  return {};
}

template <class Pb>
void to_wire(const protocol::MoveResourceStateRequest& in, Pb* out) {
  out->set_source_provider_address(in.source_provider_address);
  out->set_source_type_name(in.source_type_name);
  out->set_source_schema_version(in.source_schema_version);
  raw_state_to(in.source_state, out->mutable_source_state());
  out->set_target_type_name(in.target_type_name);
  out->set_source_private(in.source_private);
  if (in.source_identity) raw_state_to(*in.source_identity, out->mutable_source_identity());
  out->set_source_identity_schema_version(in.source_identity_schema_version);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::MoveResourceStateRequest& out) {
  out.source_provider_address = in.source_provider_address();
  out.source_type_name = in.source_type_name();
  out.source_schema_version = in.source_schema_version();
  out.source_state = raw_state_from(in.source_state());
  out.target_type_name = in.target_type_name();
  out.source_private = in.source_private();
  if (in.has_source_identity()) out.source_identity = raw_state_from(in.source_identity());
  out.source_identity_schema_version = in.source_identity_schema_version();
  return {};
}
template <class Pb>
void to_wire(const protocol::MoveResourceStateResponse& in, Pb* out) {
  put_dynamic(in.target_state, [&] { return out->mutable_target_state(); });
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
  out->set_target_private(in.target_private);
  TFC_WIRE_IDENTITY_TO(in.target_identity, out, target_identity);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::MoveResourceStateResponse& out) {
  out.target_state = dynamic_value_from(in.target_state());
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  out.target_private = in.target_private();
  TFC_WIRE_IDENTITY_FROM(in, target_identity, out.target_identity);
  return {};
}

template <class Pb>
void to_wire(const protocol::GenerateResourceConfigRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.state, [&] { return out->mutable_state(); });
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::GenerateResourceConfigRequest& out) {
  out.type_name = in.type_name();
  out.state = dynamic_value_from(in.state());
  return {};
}
template <class Pb>
void to_wire(const protocol::GenerateResourceConfigResponse& in, Pb* out) {
  put_dynamic(in.config, [&] { return out->mutable_config(); });
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::GenerateResourceConfigResponse& out) {
  out.config = dynamic_value_from(in.config());
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

#undef TFC_WIRE_IDENTITY_TO
#undef TFC_WIRE_IDENTITY_FROM

}  // namespace tfc::wire::detail
