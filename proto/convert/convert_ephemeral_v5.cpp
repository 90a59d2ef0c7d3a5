// tfplugin5 conversions of the ephemeral RPCs: field-for-field, through the
// templates in ephemeral_convert.hpp shared with tfplugin6.
#include "proto/convert/convert_v5.hpp"

#include "proto/convert/ephemeral_convert.hpp"

namespace tfc::wire::v5 {

pb::ValidateEphemeralResourceConfig::Request to_proto(const protocol::ValidateEphemeralResourceConfigRequest& in) {
  pb::ValidateEphemeralResourceConfig::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ValidateEphemeralResourceConfigRequest> from_proto(const pb::ValidateEphemeralResourceConfig::Request& in) {
  protocol::ValidateEphemeralResourceConfigRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ValidateEphemeralResourceConfig::Response to_proto(const protocol::ValidateEphemeralResourceConfigResponse& in) {
  pb::ValidateEphemeralResourceConfig::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ValidateEphemeralResourceConfigResponse> from_proto(const pb::ValidateEphemeralResourceConfig::Response& in) {
  protocol::ValidateEphemeralResourceConfigResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::OpenEphemeralResource::Request to_proto(const protocol::OpenEphemeralResourceRequest& in) {
  pb::OpenEphemeralResource::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::OpenEphemeralResourceRequest> from_proto(const pb::OpenEphemeralResource::Request& in) {
  protocol::OpenEphemeralResourceRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::OpenEphemeralResource::Response to_proto(const protocol::OpenEphemeralResourceResponse& in) {
  pb::OpenEphemeralResource::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::OpenEphemeralResourceResponse> from_proto(const pb::OpenEphemeralResource::Response& in) {
  protocol::OpenEphemeralResourceResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::RenewEphemeralResource::Request to_proto(const protocol::RenewEphemeralResourceRequest& in) {
  pb::RenewEphemeralResource::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::RenewEphemeralResourceRequest> from_proto(const pb::RenewEphemeralResource::Request& in) {
  protocol::RenewEphemeralResourceRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::RenewEphemeralResource::Response to_proto(const protocol::RenewEphemeralResourceResponse& in) {
  pb::RenewEphemeralResource::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::RenewEphemeralResourceResponse> from_proto(const pb::RenewEphemeralResource::Response& in) {
  protocol::RenewEphemeralResourceResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::CloseEphemeralResource::Request to_proto(const protocol::CloseEphemeralResourceRequest& in) {
  pb::CloseEphemeralResource::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::CloseEphemeralResourceRequest> from_proto(const pb::CloseEphemeralResource::Request& in) {
  protocol::CloseEphemeralResourceRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::CloseEphemeralResource::Response to_proto(const protocol::CloseEphemeralResourceResponse& in) {
  pb::CloseEphemeralResource::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::CloseEphemeralResourceResponse> from_proto(const pb::CloseEphemeralResource::Response& in) {
  protocol::CloseEphemeralResourceResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

}  // namespace tfc::wire::v5
