#pragma once
// Templates shared by the tfplugin5 and tfplugin6 conversions of the ephemeral-resource RPCs
// (Validate/Open/Renew/CloseEphemeralResource). `private` and `renew_at` keep their presence.
// Internal to proto/convert.

#include "proto/convert/common_convert.hpp"
#include "proto/protocol/ephemeral.hpp"

namespace tfc::wire::detail {

template <class Pb>
void to_wire(const protocol::ValidateEphemeralResourceConfigRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.config, [&] { return out->mutable_config(); });
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateEphemeralResourceConfigRequest& out) {
  out.type_name = in.type_name();
  out.config = dynamic_value_from(in.config());
  return {};
}
template <class Pb>
void to_wire(const protocol::ValidateEphemeralResourceConfigResponse& in, Pb* out) {
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateEphemeralResourceConfigResponse& out) {
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

template <class Pb>
void to_wire(const protocol::OpenEphemeralResourceRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.config, [&] { return out->mutable_config(); });
  client_capabilities_to(in.client_capabilities, out->mutable_client_capabilities());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::OpenEphemeralResourceRequest& out) {
  out.type_name = in.type_name();
  out.config = dynamic_value_from(in.config());
  out.client_capabilities = client_capabilities_from(in.client_capabilities());
  return {};
}
template <class Pb>
void to_wire(const protocol::OpenEphemeralResourceResponse& in, Pb* out) {
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
  if (in.renew_at) timestamp_to(*in.renew_at, out->mutable_renew_at());
  put_dynamic(in.result, [&] { return out->mutable_result(); });
  if (in.private_data) out->set_private_(*in.private_data);
  if (in.deferred) deferred_to(*in.deferred, out->mutable_deferred());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::OpenEphemeralResourceResponse& out) {
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  if (in.has_renew_at()) out.renew_at = timestamp_from(in.renew_at());
  out.result = dynamic_value_from(in.result());
  if (in.has_private_()) out.private_data = in.private_();
  if (in.has_deferred()) out.deferred = deferred_from(in.deferred());
  return {};
}

template <class Pb>
void to_wire(const protocol::RenewEphemeralResourceRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  if (in.private_data) out->set_private_(*in.private_data);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::RenewEphemeralResourceRequest& out) {
  out.type_name = in.type_name();
  if (in.has_private_()) out.private_data = in.private_();
  return {};
}
template <class Pb>
void to_wire(const protocol::RenewEphemeralResourceResponse& in, Pb* out) {
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
  if (in.renew_at) timestamp_to(*in.renew_at, out->mutable_renew_at());
  if (in.private_data) out->set_private_(*in.private_data);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::RenewEphemeralResourceResponse& out) {
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  if (in.has_renew_at()) out.renew_at = timestamp_from(in.renew_at());
  if (in.has_private_()) out.private_data = in.private_();
  return {};
}

template <class Pb>
void to_wire(const protocol::CloseEphemeralResourceRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  if (in.private_data) out->set_private_(*in.private_data);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::CloseEphemeralResourceRequest& out) {
  out.type_name = in.type_name();
  if (in.has_private_()) out.private_data = in.private_();
  return {};
}
template <class Pb>
void to_wire(const protocol::CloseEphemeralResourceResponse& in, Pb* out) {
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::CloseEphemeralResourceResponse& out) {
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

}  // namespace tfc::wire::detail
