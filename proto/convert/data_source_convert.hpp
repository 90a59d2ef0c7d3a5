#pragma once
// Templates shared by the tfplugin5 and tfplugin6 conversions of the data-source RPCs
// (ValidateDataResourceConfig/ValidateDataSourceConfig, ReadDataSource). Internal to proto/convert.

#include "proto/convert/common_convert.hpp"
#include "proto/protocol/data_source.hpp"

namespace tfc::wire::detail {

template <class Pb>
void to_wire(const protocol::ValidateDataResourceConfigRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.config, [&] { return out->mutable_config(); });
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateDataResourceConfigRequest& out) {
  out.type_name = in.type_name();
  out.config = dynamic_value_from(in.config());
  return {};
}
template <class Pb>
void to_wire(const protocol::ValidateDataResourceConfigResponse& in, Pb* out) {
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateDataResourceConfigResponse& out) {
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

template <class Pb>
void to_wire(const protocol::ReadDataSourceRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.config, [&] { return out->mutable_config(); });
  put_dynamic(in.provider_meta, [&] { return out->mutable_provider_meta(); });
  client_capabilities_to(in.client_capabilities, out->mutable_client_capabilities());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ReadDataSourceRequest& out) {
  out.type_name = in.type_name();
  out.config = dynamic_value_from(in.config());
  out.provider_meta = dynamic_value_from(in.provider_meta());
  out.client_capabilities = client_capabilities_from(in.client_capabilities());
  return {};
}
template <class Pb>
void to_wire(const protocol::ReadDataSourceResponse& in, Pb* out) {
  put_dynamic(in.state, [&] { return out->mutable_state(); });
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
  if (in.deferred) deferred_to(*in.deferred, out->mutable_deferred());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ReadDataSourceResponse& out) {
  out.state = dynamic_value_from(in.state());
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  if (in.has_deferred()) out.deferred = deferred_from(in.deferred());
  return {};
}

}  // namespace tfc::wire::detail
