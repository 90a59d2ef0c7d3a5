// tfplugin5 conversions of the list resource RPCs: field-for-field, through the
// templates in list_resource_convert.hpp shared with tfplugin6.
#include "proto/convert/convert_v5.hpp"

#include "proto/convert/list_resource_convert.hpp"

namespace tfc::wire::v5 {

pb::ListResource::Request to_proto(const protocol::ListResourceRequest& in) {
  pb::ListResource::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ListResourceRequest> from_proto(const pb::ListResource::Request& in) {
  protocol::ListResourceRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ListResource::Event to_proto(const protocol::ListResourceEvent& in) {
  pb::ListResource::Event out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ListResourceEvent> from_proto(const pb::ListResource::Event& in) {
  protocol::ListResourceEvent out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ValidateListResourceConfig::Request to_proto(const protocol::ValidateListResourceConfigRequest& in) {
  pb::ValidateListResourceConfig::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ValidateListResourceConfigRequest> from_proto(const pb::ValidateListResourceConfig::Request& in) {
  protocol::ValidateListResourceConfigRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ValidateListResourceConfig::Response to_proto(const protocol::ValidateListResourceConfigResponse& in) {
  pb::ValidateListResourceConfig::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ValidateListResourceConfigResponse> from_proto(const pb::ValidateListResourceConfig::Response& in) {
  protocol::ValidateListResourceConfigResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

}  // namespace tfc::wire::v5
