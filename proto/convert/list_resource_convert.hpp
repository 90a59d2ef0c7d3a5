#pragma once
// Templates shared by the tfplugin5 and tfplugin6 conversions of ListResource (one stream event
// at a time) and ValidateListResourceConfig. Internal to proto/convert.

#include "proto/convert/common_convert.hpp"
#include "proto/protocol/list_resource.hpp"

namespace tfc::wire::detail {

template <class Pb>
void to_wire(const protocol::ListResourceRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.config, [&] { return out->mutable_config(); });
  out->set_include_resource_object(in.include_resource_object);
  out->set_limit(in.limit);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ListResourceRequest& out) {
  out.type_name = in.type_name();
  out.config = dynamic_value_from(in.config());
  out.include_resource_object = in.include_resource_object();
  out.limit = in.limit();
  return {};
}

template <class Pb>
void to_wire(const protocol::ListResourceEvent& in, Pb* out) {
  if (in.identity) identity_to(*in.identity, out->mutable_identity());
  out->set_display_name(in.display_name);
  if (in.resource_object) dynamic_value_to(*in.resource_object, out->mutable_resource_object());
  diagnostics_to(in.diagnostics, out->mutable_diagnostic());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ListResourceEvent& out) {
  if (in.has_identity()) out.identity = identity_from(in.identity());
  out.display_name = in.display_name();
  if (in.has_resource_object()) out.resource_object = dynamic_value_from(in.resource_object());
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostic(), "diagnostic"));
  out.diagnostics = std::move(diagnostics);
  return {};
}

template <class Pb>
void to_wire(const protocol::ValidateListResourceConfigRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.config, [&] { return out->mutable_config(); });
  put_dynamic(in.include_resource_object, [&] { return out->mutable_include_resource_object(); });
  put_dynamic(in.limit, [&] { return out->mutable_limit(); });
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateListResourceConfigRequest& out) {
  out.type_name = in.type_name();
  out.config = dynamic_value_from(in.config());
  out.include_resource_object = dynamic_value_from(in.include_resource_object());
  out.limit = dynamic_value_from(in.limit());
  return {};
}
template <class Pb>
void to_wire(const protocol::ValidateListResourceConfigResponse& in, Pb* out) {
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateListResourceConfigResponse& out) {
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

}  // namespace tfc::wire::detail
